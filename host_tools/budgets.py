"""The budgets (docs/budgets.md says what each means), and the Pico's speed the bench converts
with: one place for the bench (make bench), the chip (make chip) and the budget tests.

Each budget is (budget, goal): above the budget a figure fails; the goal is where we
want it to be.
"""
import os

from .paths import BUILD

KB = 1024

# The reference workload (host_tools/bench/mp/reference.py) on a Raspberry Pi Pico:
# MicroPython 1.28, RPI_PICO firmware, 125 MHz, .mpy files as make deploy copies them
# (docs/budgets.md, "Facts the budgets rest on").  A bench ratio times this is Pico
# milliseconds.  `make bench-pico` measures it on a connected board into PICO_FILE,
# which then replaces this figure.
PICO_REFERENCE_MS = 990
PICO_FILE = os.path.join(BUILD, "bench-pico.txt")

# How much longer the app's render() and the display's show() take on the chip than the
# reference workload's R makes of their time in the bench: drawing is framebuf's C code,
# which the WebAssembly runtime runs faster, against Python, than a Cortex-M0+ does.
# From make chip (the probe times both, press by press) against the bench's own times of
# the same presses, the median of their ratios over the 1683 presses of the three games
# (2026-12-01); bench_loop adds the difference to its clock.  On the OLED, show() is the
# I2C bus almost alone on the chip: the Python around it that the bench times is not there.
DRAWING = {"pico_oled": (1.6, 0.1), "pico_display_pack": (2.2, 1.8)}

HEAP = {  # peak heap in use through a complete game, frozen firmware, bytes
    "pico_oled": (48 * KB, 32 * KB),
    "pico_display_pack": (80 * KB, 64 * KB),
}
PRESS_MS = (60, 20)  # debounced event (press) -> frame pushed, p99, bus included
COMPUTE_MS = (30, 10)  # press -> frame, compute only (handle + save + render), p99
GAP_MS = (50, 20)  # longest gap between two button polls, anywhere
AFTER_RELEASE_MS = 300  # after a release the hands are still at the buttons
HELD_GAP_MS = (20, 20)  # longest poll gap while a button is held or AFTER_RELEASE_MS after its release
ODDS_LATE_MS = (50, 20)  # Trainmaker odds on screen after the 600 ms tumble ends, at most this later
ERASES_PER_ACTION = (1 / 10, 1 / 100)  # flash sector erases by saving, per action, on average
BOOT_MS = (500, 250)  # boot to first screen, a game saved
# make chip's own figures (the emulated chip can say what the bench cannot)
FINGER_P99_MS = {"pico_oled": (45, 30), "pico_display_pack": (45, 20)}  # finger -> frame pushed, p99
FINGER_MEDIAN_MS = (25, 15)  # the same, median
FIRST_BOOT_MS = (1000, 400)  # the first boot after a deploy or a flash, to the first screen
HEAP_DEPLOYED = (170 * KB, 120 * KB)  # peak heap in use, make deploy install (code in the heap)


def pico_reference_ms():
    """(R in Pico milliseconds, where it came from)."""
    try:
        with open(PICO_FILE) as f:
            for line in f:
                if line.startswith("reference workload:"):
                    return int(line.split()[2]) / 1000, "measured by make bench-pico (%s)" % os.path.relpath(PICO_FILE)
    except OSError:
        pass
    return PICO_REFERENCE_MS, "a Pico, MicroPython 1.28, 125 MHz (docs/budgets.md)"
