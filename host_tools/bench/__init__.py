"""make bench: the quick model of the gadget's speed, heap and flash wear, in the MicroPython
WebAssembly runtime (cli.py the command, runtime.py the runs in the runtime, table.py the
table of verdicts, mp/ the bench's own modules that run inside the runtime)."""
