"""make chip: Schaffner judged on an emulated RP2040 with the real MicroPython firmware
(../shared/picoemu).  cli.py the command and its run; emulated.py the emulated Pico
(a serial port on a pseudo-terminal, or one power-on played by play.mjs); recorded.py the
games it plays and the simulator's frames they must show; faults.py, flashed.py and
restored.py the faults and the firmware image's checks; report.py the table; screens.py
the frames compared; probe_os.py the probe put on the chip for these runs; cable.py the
USB cable make chip can pull (run by picoemu-pty.py in node's place)."""
