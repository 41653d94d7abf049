"""make test's two checks of the device code beside the tests: it compiles, and it type-checks.

compile-check: mpy-cross over every file that goes on the device, failing on any error, and
the total size of the .mpy files per board as make deploy puts them on the Pico (board.py
stays source there). They have no budget of their own: the heap they take is the deploy
install's heap budget, which make chip judges on the emulated chip. firmware/launcher.py
(make deploy's /main.py, left as source) and the rules core's host-only modules
(device_files.HOST_ONLY) are compiled too, outside the total.

typecheck: mypy over the device code against the MicroPython rp2 stubs, once per board:
each board has its own board.py, so the image is checked as it will be laid out on that
board, lib/ and firmware/ on the path, the board file beside them.
"""
import os
import subprocess
import sys
import tempfile

from . import mpy
from .device_files import HOST_ONLY, boards, core_files, device_files, slot_path, source_name
from .errors import ToolError
from .paths import ROOT


def compile_arguments(parser):
    pass


def run_compile(state, args):
    errors = 0
    count = 0
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "x.mpy")
        for board in boards():
            total = 0
            for host, device in device_files(board):
                # as make deploy compiles it, under the name it gives: its length is part of the size
                proc = mpy.cross(host, out, source_name(device), lines=False)
                count += 1
                if proc.returncode:
                    errors += 1
                    state.out("mpy-cross failed: %s\n%s" % (os.path.relpath(host), (proc.stdout + proc.stderr).strip()))
                elif slot_path(device).endswith(".mpy"):  # as make deploy lays it out
                    total += os.path.getsize(out)
            # no size budget: the heap a make deploy install takes is budgeted, on the chip
            # (make chip, HEAP_DEPLOYED), and players install the firmware image
            state.out("%s: %d device files, %d bytes of .mpy on the device" % (board, len(device_files(board)), total))
        # not in the image, but code that could run on the device all the same
        extra = [os.path.join(ROOT, "firmware", "launcher.py")]
        extra += [host for host, device in core_files() if device in HOST_ONLY]
        for host in extra:
            proc = mpy.cross(host, out, os.path.relpath(host, ROOT))
            count += 1
            if proc.returncode:
                errors += 1
                state.out("mpy-cross failed: %s\n%s" % (os.path.relpath(host, ROOT), (proc.stdout + proc.stderr).strip()))
    state.out("compile check: %d files compiled, %d errors" % (count, errors))
    if errors:
        raise ToolError("%d file(s) do not compile" % errors)
    return 0


def type_arguments(parser):
    pass


def run_types(state, args):
    failed = 0
    stubs = os.path.join(ROOT, ".venv", "stubs")
    for board in boards():
        env = dict(os.environ)
        env["MYPYPATH"] = os.pathsep.join(
            [stubs, os.path.join(ROOT, "lib"), os.path.join(ROOT, "firmware"), os.path.join(ROOT, "boards", board)]
        )
        targets = ["-p", "schaffner"]
        for pkg in ("app", "drivers"):
            if os.path.isdir(os.path.join(ROOT, "firmware", pkg)):
                targets += ["-p", pkg]
        targets += ["-m", "board", "-m", "main", "-m", "launcher"]
        cmd = [sys.executable, "-m", "mypy", "--config-file", os.path.join(ROOT, "mypy.ini")] + targets
        proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        state.out("typecheck %s: %s" % (board, (proc.stdout.strip().splitlines() or ["?"])[-1]))
        if proc.returncode:
            failed += 1
            state.out(proc.stdout + proc.stderr)
    if failed:
        raise ToolError("mypy found errors on %d board(s)" % failed)
    return 0
