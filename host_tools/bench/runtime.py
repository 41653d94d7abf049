"""The bench's host side of the runtime: the image compiled, the bench's modules (mp/) run
in the MicroPython WebAssembly runtime with a given heap (run.mjs), their figures read back.

make bench (cli.py), make chip (the recorded games, the simulator's frames at rest) and
tests/test_budgets.py all go through here.
"""
import os
import shutil
import subprocess

from .. import budgets, mpy
from .. import device_files as files
from ..device_files import compiled_name, device_files, slot_path, source_name
from ..errors import ToolError
from ..paths import BUILD, HOST_TOOLS, ROOT, SUPPORT

HERE = os.path.dirname(os.path.abspath(__file__))
MP = os.path.join(HERE, "mp")
RUN = os.path.join(HERE, "run.mjs")
IMAGES = os.path.join(BUILD, "image")
KB = 1024
GAMES = ("taubertal", "trainmaker", "ttr_austria")
RUNS = 5  # the host's hiccups: a poll's figure is the fastest of the runs
HEAP_BUDGET = dict((board, budget) for board, (budget, _) in budgets.HEAP.items())


def boards():
    """The boards the bench measures: one of each screen, those the budgets name. The others
    show the same screens with another display controller or other pins (chip/wiring.py);
    make chip plays them on the emulated chip."""
    return [b for b in files.boards() if b in budgets.HEAP]
HARNESS = "stepper,bench_replay,virtual_board"  # a replay's own modules, not the gadget's heap


def build_image(board, build=IMAGES):
    """Compile the board's device files into <build>/<board>, the bench's own into
    its /bench; return (folder, total bytes of the device's .mpy files)."""
    root = os.path.join(build, board)
    shutil.rmtree(root, ignore_errors=True)
    total = 0
    for host, device in device_files(board):
        target = root + compiled_name(device)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if target.endswith(".py"):
            shutil.copyfile(host, target)  # the bench runs main.py as source
            target += ".mpy"
        _cross(host, target, source_name(device), lines=False)  # as make deploy compiles it
        if slot_path(device).endswith(".mpy"):  # counted as make deploy lays it out
            total += os.path.getsize(target)
        if target.endswith(".py.mpy"):
            os.remove(target)
    os.makedirs(os.path.join(root, "bench"))
    for host in harness():
        _cross(host, os.path.join(root, "bench", os.path.basename(host)[:-3] + ".mpy"), march=False)
    return root, total


def harness():
    """The bench's own modules for the runtime: its side of the bench (mp/), the virtual
    board, and the tests' driver and complete game scripts (the recorded games)."""
    files = [os.path.join(MP, n) for n in sorted(os.listdir(MP)) if n.endswith(".py") and n != "__init__.py"]
    files.append(os.path.join(HOST_TOOLS, "wasm", "virtual_board.py"))
    return files + [os.path.join(SUPPORT, n) for n in sorted(os.listdir(SUPPORT))
                    if n in ("memfiles.py", "appdriver.py") or (n.startswith("play_") and n.endswith(".py"))]


def _cross(host, out, name=None, march=True, lines=True):
    # a device file named as make deploy names it: the host's path would make the heap
    # and the size depend on where the clone is
    proc = mpy.cross(host, out, name, march=march, lines=lines)
    if proc.returncode:
        raise ToolError("mpy-cross failed on %s: %s" % (host, (proc.stdout + proc.stderr).strip()))


def run(image, heap, module, arg=""):
    """(output lines, Python errors, whether the heap had to grow)."""
    proc = subprocess.run(["node", RUN, image, str(heap), module, arg], capture_output=True, text=True, cwd=ROOT)
    lines = proc.stdout.splitlines()
    errors = [l[6:] for l in lines if l.startswith("ERROR ")]
    if proc.returncode:
        errors.append(proc.stderr.strip() or "run.mjs exited %d" % proc.returncode)
    return lines, errors, any(l == "HEAP_GREW 1" for l in lines)


def values(lines):
    """'BENCH key value' lines -> {key: value}."""
    out = {}
    for line in lines:
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[0] == "BENCH":
            out[parts[1]] = parts[2]
    return out


def measured(image, module, arg="", heap=192 * KB):
    """(values, lines) of a run that must succeed."""
    lines, errors, _ = run(image, heap, module, arg)
    if errors:
        raise ToolError("%s %s failed in the runtime:\n%s" % (module, arg[:40], "\n".join(errors)))
    return values(lines), lines


def peak_heap(image, module, arg):
    """Smallest heap (1 KB steps) in which the module runs without running out."""
    lo, hi = 4, 192  # KB: lo fails, hi works
    measured(image, module, arg)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        _, errors, grew = run(image, mid * KB, module, arg)
        if errors or grew:
            lo = mid
        else:
            hi = mid
    return hi * KB


def code_bytes(image, modules):
    return int(measured(image, "bench_code", modules)[0]["code_bytes"])


def record(image, board, game):
    """The game's presses as its script plays them: {events, seed, digest, modules}."""
    return measured(image, "bench_record", game + " " + board)[0]


def replay_args(board, rec):
    return " ".join((board, rec["seed"], rec["events"], rec["modules"]))


def frozen_peak_fits(image, board, game, budget):
    """Does the game run in its heap budget once its code is frozen?  One replay
    with the heap set to the budget plus the code and the replay's own module."""
    rec = record(image, board, game)
    extra = code_bytes(image, rec["modules"]) + code_bytes(image, HARNESS)
    _, errors, grew = run(image, budget + extra, "bench_replay", replay_args(board, rec))
    return not errors and not grew


class Press:
    """One press of a replayed game, the fastest of the runs for each figure.

    Each of its polls is the fastest of the runs (the gaps' rows take the longest of
    them): a hiccup of the host must then hit the same poll in every run."""

    FIELDS = ("press", "compute", "settle", "save_gap", "drawn")

    def __init__(self, game, parts):
        self.game = game
        self.ev = int(parts[2])
        self.screen = parts[3]
        self.action = parts[4]
        self.press, self.compute, self.settle = (float(x) for x in parts[5:8])
        self.save_gap = float(parts[9])
        self.lost = int(parts[10])
        self.drawn = float(parts[13])  # the last frame pushed (settle: at rest, flash work done)
        self.polls = {}  # key -> [gap, what, parts] of each poll (bench_loop's GAPS line)

    def add_polls(self, parts):
        for field in parts[2:]:
            key, gap, what, parts = field.split("=")
            self.polls[key] = [float(gap), what.replace("/", " "), parts]

    def merge(self, other):
        for f in self.FIELDS:
            setattr(self, f, min(getattr(self, f), getattr(other, f)))
        self.lost = min(self.lost, other.lost)
        for key, (gap, what, parts) in other.polls.items():
            mine = self.polls.get(key)
            if mine is None:
                self.polls[key] = [gap, what, parts]  # a poll only some runs had (the timing differed)
            elif gap < mine[0]:
                mine[0] = gap
                mine[2] = parts

    def rolled(self):
        """The press rolled Trainmaker's dice (its last action a roll)."""
        return self.action.split(",")[-1] == "roll"

    def label(self):
        name = ("UP", "DOWN", "OK", "BACK")[self.ev & 3]
        return "%s: %s %s%s" % (self.game, self.screen, "long " if self.ev & 4 else "", name) + (
            " -> %s" % self.action if self.action != "-" else "")


def loop_run(image, board, seed, what, r_ms, label):
    """bench_loop once: (its BENCH values, [Press of each press, its polls added])."""
    drawing = "%g,%g" % budgets.DRAWING[board]
    vals, lines = measured(image, "bench_loop", "%s %s %s %s %s" % (board, seed, r_ms, drawing, what))
    presses = []
    for line in lines:
        if line.startswith("PRESS "):
            presses.append(Press(label, line.split()))
        elif line.startswith("GAPS "):
            presses[-1].add_polls(line.split())
    return vals, presses


def loop_runs(image, board, seed, what, r_ms, label):
    """bench_loop RUNS times: ([Press merged over the runs], [BENCH values of each run])."""
    merged = None
    runs = []
    for _ in range(RUNS):
        vals, presses = loop_run(image, board, seed, what, r_ms, label)
        runs.append(vals)
        if merged is None:
            merged = presses
        else:
            for a, b in zip(merged, presses):
                a.merge(b)
    return merged, runs
