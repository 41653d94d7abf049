"""Type-check the device code against the MicroPython rp2 stubs, once per board.

Each board has its own board.py, so the image is checked as it will be laid
out on that board: lib/ and firmware/ on the path, the board file beside them.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pico.files import ROOT, boards  # noqa: E402


def main():
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
        print("typecheck %s: %s" % (board, (proc.stdout.strip().splitlines() or ["?"])[-1]))
        if proc.returncode:
            failed += 1
            print(proc.stdout + proc.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
