"""make bench: the device image against the budgets (docs/budgets.md), in Pico milliseconds.

Everything runs under the MicroPython WebAssembly runtime on the compiled image
(.mpy files, as deployed; runtime.py).  Times are this runtime's own time (mp/clock.py:
the lesser of its CPU time and wall time) turned into Pico time by the
reference workload (mp/reference.py): a figure is host time x R / the workload's host
time, with R the workload's time on a Pico (budgets.py; `make bench-pico`
measures it on a board).

Speed: each game's test script is played once to record its presses, which
mp/bench_loop.py then replays through firmware/main.py's loop, board file and display
driver included, on buses that count what the driver sends (mp/machine.py: the
SSD1306's I2C at 26.7 ms per 1 KB frame asked for 400 kHz, SPI at the clock the board
really runs; the boards' native loops do not run here, so an OLED's show() goes through
machine.I2C, slower than the chip's own write into the I2C block) and a file layer that
counts what littlefs would do to the flash (mp/flash.py: every directory
change a commit padded to 256 bytes in a 4 KB metadata block, an erase when it is full;
a new folder an erase; files over 512 bytes in blocks of their own, erased when written
or added to; 45 ms per erase, 0.4 ms per 256-byte page).  "Press -> frame pushed" runs
from the start of the poll that handles the press to the end of the show() of its frame
(main.Device draws and shows a press's frame in the poll that takes it); "compute only"
is that poll up to the show().  The replay runs RUNS times and every figure of a press
is the fastest of them (the gaps between polls poll by poll): the host's own hiccups
only ever add time.

Memory: the recorded presses are replayed on a bare App (mp/bench_replay.py, on the
virtual board), one press per top-level call so garbage is collected between presses as
on the Pico.  Peak heap is the smallest heap the replay runs in without running out
(bisection, 1 KB steps), so it includes fragmentation and everything a press allocates.
"""
from .. import budgets, paths
from ..errors import ToolError
from .mp import reference
from .runtime import GAMES, HARNESS, KB, RUNS, boards, build_image, code_bytes, loop_runs, measured, peak_heap, record, replay_args
from .table import Report, median, p99

paths.device_code_on_path()
from drivers import chip  # noqa: E402  (the clock the boards run the chip at)

ROLL_MS = 600  # the dice tumble (app/trainmaker/table.py)


class Replays:
    """One board's replays through main.py's loop: every press of the recorded games (the
    fastest of the runs), their flash and display totals, how late the odds came after
    each roll, and the Trainmaker odds at their hardest state; a method per figure."""

    def __init__(self, image, board, r_ms):
        self.presses = []
        self.totals = {"actions": 0, "file_bytes": 0, "erases": 0, "programmed": 0, "stall_ms": 0.0,
                       "shows": 0, "bus_bytes": 0, "bus_ms": 0.0}
        self.rolls = []
        self.split = {}  # game -> {what the presses were for: how many} (bench_record.press_kind)
        self.turns = None  # Trainmaker's turns in its recorded game
        for game in GAMES:
            rec = record(image, board, game)
            self.split[game] = dict((k, int(n)) for k, n in (kv.split("=") for kv in rec["split"].split(",")))
            if "turns" in rec:
                self.turns = int(rec["turns"])
            merged, runs = loop_runs(image, board, rec["seed"], rec["events"], r_ms, game)
            if any(v["digest"] != rec["digest"] for v in runs):
                raise ToolError("%s on %s: the replay did not end in the recorded game" % (game, board))
            self.presses += merged
            for k in self.totals:
                self.totals[k] += float(runs[-1][k])
            # a roll's odds are on screen with its last frame (the flash work after it is no wait of theirs)
            self.rolls += [p.drawn - ROLL_MS for p in merged if p.rolled()]
        self.hard, runs = loop_runs(image, board, 7, "odds", r_ms, "trainmaker")
        self.hard_start = min(float(v["odds_turn_start_ms"]) for v in runs)

    def press_p99(self):
        return p99([x.press for x in self.presses])

    def compute_p99(self):
        return p99([x.compute for x in self.presses])

    def longest_gap(self, which):
        """The longest gap between two polls of those which names: "polls" (a module's
        import aside), "flash" (the polls that erased or programmed), "imports"."""
        return max([gap for p in self.presses + self.hard for gap, what, parts in p.polls.values()
                    if _POLLS[which](what, parts)] or [0.0])

    def lost(self):
        return sum(x.lost for x in self.presses + self.hard)

    def odds_late(self):
        """The latest odds after a roll, past the tumble (on screen before the dice stop: 0)."""
        return max(0.0, max(self.rolls))

    def hardest_odds_late(self):
        return max(0.0, self.hard[-1].drawn - ROLL_MS)

    def per_action(self, key):
        return self.totals[key] / self.totals["actions"]

    def details(self):
        """The lines under the table for this board: per game, the flash, the display, the
        odds, the slowest presses and polls."""
        t = self.totals
        out = []
        for game in GAMES:
            mine = [p for p in self.presses if p.game == game]
            out.append("  %-11s %3d presses: frame pushed median %.1f, p99 %.1f, max %.1f ms;"
                       " compute median %.1f, p99 %.1f ms"
                       % (game, len(mine), median([p.press for p in mine]), p99([p.press for p in mine]),
                          max(p.press for p in mine), median([p.compute for p in mine]),
                          p99([p.compute for p in mine])))
        out.append("  flash: %d erases and %.0f KB programmed for %d actions (%.1f s of stalls)"
                   % (t["erases"], t["programmed"] / KB, t["actions"], t["stall_ms"] / 1000))
        out.append("  display: %d frames shown, %.0f bytes and %.1f ms of bus each on average"
                   % (t["shows"], t["bus_bytes"] / t["shows"], t["bus_ms"] / t["shows"]))
        out.append("  Trainmaker odds after a roll: the latest %s" % _tumble_note(max(self.rolls)))
        out.append("  Trainmaker odds, hardest state: on screen %.0f ms after the turn began; after the"
                   " roll, %s" % (self.hard_start, _tumble_note(self.hard[-1].drawn - ROLL_MS)))
        out.append("  slowest presses (press -> frame pushed, compute):")
        for p in sorted(self.presses, key=lambda p: -p.press)[:6]:
            out.append("    %6.1f ms %6.1f ms  %s" % (p.press, p.compute, p.label()))
        gap, what, during = max((g, w, p.label()) for p in self.presses + self.hard  # the odds' hardest state too
                                for g, w, parts in p.polls.values() if _POLLS["polls"](w, parts))
        out.append("  longest gap (a module's import aside): %.1f ms, a poll doing: %s (during %s)"
                   % (gap, what, during))
        saving = max(self.presses, key=lambda p: p.save_gap)
        out.append("  longest gap where the poll saved: %.1f ms (after %s)" % (saving.save_gap, saving.label()))
        out.append("  slowest polls that did not save (ms: the poll's time awake; where it went:"
                   " the rest of the CPU + render + show's CPU + bus + collection + flash):")
        polls = sorted(((g, w, parts, p.label()) for p in self.presses + self.hard for g, w, parts in p.polls.values()
                        if w != "save"), reverse=True)
        for gap, what, parts, during in polls[:6]:
            out.append("    %6.1f  %-26s %s (during %s)" % (gap, parts, what, during))
        for p in self.presses:
            if p.lost:
                out.append("  a press lost: %s (pressed again)" % p.label())
        return out


# the speed rows of the table: (figure, the Replays method that gives it, its arguments,
# Report.row's keywords: budget and goal, unit, format)
# What the bench shows but cannot model, judged by make chip alone: the Display Pack's frames are
# drawn by native code on the Pico (machine code for the RP2040, which this runtime cannot load),
# here by framebuf's blits, so its press times are what they were before those loops.
CHIP_ONLY = ("pico_display_pack",)
CHIP_ALONE = ("finger -> frame pushed (a short press reaches the app within a millisecond of the"
              " release on the chip, which the bench starts its clock after)",
              "presses that had to wait for flash work, and the poll gaps with the hands at the buttons"
              " (the flash's erases and programs in emulated time)",
              "boot to the first screen and a module's import through littlefs (here the files are in"
              " memory: an import's poll is no figure of the Pico's), and the make deploy install's heap")
# the polls each gap row takes (Press.polls: what the poll did, where its time went, the flash last)
_POLLS = {"polls": lambda what, parts: not what.startswith("load "),
          "flash": lambda what, parts: float(parts.rsplit("+", 1)[1]) > 0,
          "imports": lambda what, parts: what.startswith("load ")}
SPEED_ROWS = (
    ("press -> frame pushed, p99, bus included", "press_p99", (),
     dict(zip(("budget", "goal"), budgets.PRESS_MS), unjudged=CHIP_ONLY)),
    ("press -> frame, compute only, p99", "compute_p99", (),
     dict(zip(("budget", "goal"), budgets.COMPUTE_MS), unjudged=CHIP_ONLY)),
    # the time awake between two polls, as make chip counts it; where the frames are drawn by
    # code the bench cannot run, the polls that draw are the chip's to judge, not those with flash work
    ("longest gap between two button polls", "longest_gap", ("polls",),
     dict(zip(("budget", "goal"), budgets.GAP_MS), unjudged=CHIP_ONLY)),
    ("  the longest of a poll with flash work", "longest_gap", ("flash",),
     dict(zip(("budget", "goal"), budgets.GAP_MS))),
    ("  the longest of a module's import", "longest_gap", ("imports",),
     dict(zip(("budget", "goal"), budgets.GAP_MS), unjudged=tuple(boards()))),
    ("presses lost", "lost", (), dict(budget=0, goal=0, unit="", fmt="%d")),
    ("Trainmaker odds after a roll, past the tumble", "odds_late", (),
     dict(zip(("budget", "goal"), budgets.ODDS_LATE_MS))),
    ("  the same, the hardest state", "hardest_odds_late", (), dict(zip(("budget", "goal"), budgets.ODDS_LATE_MS))),
    ("flash erases per action (average)", "per_action", ("erases",),
     dict(zip(("budget", "goal"), budgets.ERASES_PER_ACTION), unit="", fmt="%.3f")),
    ("  file data written per action", "per_action", ("file_bytes",), dict(unit="B", fmt="%.0f")),
    ("  flash bytes programmed per action", "per_action", ("programmed",), dict(unit="B", fmt="%.0f")),
    ("  flash stall per action (average)", "per_action", ("stall_ms",), {}),
)


def boot_ms(image, r_ms):
    """Boot to the first screen in Pico ms, the fastest of five."""
    return min(float(v["boot_to_first_screen_us"]) / float(v["reference_us"]) * r_ms
               for v in [measured(image, "bench_boot")[0] for _ in range(5)])


def game_heaps(images):
    """{(board, game): (peak heap of the replay, the game's code in it)}, bytes."""
    heaps = {}
    for board in boards():
        harness = code_bytes(images[board], HARNESS)
        for game in GAMES:
            rec = record(images[board], board, game)
            peak = peak_heap(images[board], "bench_replay", replay_args(board, rec)) - harness
            heaps[board, game] = (peak, code_bytes(images[board], rec["modules"]))
    return heaps


def odds_lines(image, r_ms):
    """The Trainmaker odds computed in one go, and the heap one computation takes."""
    odds, _ = measured(image, "bench_odds_speed")
    ref = float(odds.pop("reference_us"))
    out = ["", "Trainmaker odds computed in one go, cold (ms on a Pico):"]
    for key in sorted(odds):
        out.append("  %-24s %6.0f ms" % (key[5:-3].replace("_", " "), float(odds[key]) / ref * r_ms))
    out.append("Heap for one odds computation (everything it allocates):")
    base = peak_heap(image, "bench_odds_heap", "none")
    for label in ("mid_3_cards", "choices_3_cards", "turn_start_3_cards", "turn_start_hardest"):
        need = peak_heap(image, "bench_odds_heap", label) - base
        out.append("  %-24s %5.1f KB" % (label.replace("_", " "), need / KB))
    return out


def table(sizes, replays, boot, heaps):
    """The figures beside their budgets, a column per board."""
    report = Report(boards())
    # no budget of their own: what they cost is the deploy install's heap (make chip judges it)
    report.row(".mpy files on the device", [sizes[b] / KB for b in boards()], unit="KB")
    for name, method, args, limits in SPEED_ROWS:
        report.row(name, [getattr(replays[b], method)(*args) for b in boards()], **limits)
    report.row("boot to first screen", [boot if b == "pico_oled" else None for b in boards()], *budgets.BOOT_MS)
    for game in GAMES:
        for b in boards():  # each board has its own budget: a row each
            v = (heaps[b, game][0] - heaps[b, game][1]) / KB
            report.row("heap, %s, frozen firmware" % game if b == boards()[0] else "",
                       [v if c == b else None for c in boards()], budgets.HEAP[b][0] / KB, budgets.HEAP[b][1] / KB,
                       "KB")
    return report


def arguments(parser):
    pass


def run(state, args):
    r_ms, r_from = budgets.pico_reference_ms()
    images, sizes = {}, {}
    for board in boards():
        images[board], sizes[board] = build_image(board)
    replays = {board: Replays(images[board], board, r_ms) for board in boards()}
    heaps = game_heaps(images)
    # the boot past the display and the odds run at the clock the boards set (drivers.chip):
    # R is at the reference's; a replay scales itself by the clock its board set
    fast_ms = r_ms * reference.HZ / chip.clock_hz(False, chip.RP2040)
    report = table(sizes, replays, boot_ms(images["pico_oled"], fast_ms), heaps)
    out = ["Schaffner bench: Pico milliseconds = this runtime's time (clock.py) x R / the reference",
           "workload's x %d MHz / the clock the board runs the chip at, R = %g ms: %s." % (
               reference.HZ // 1_000_000, r_ms, r_from),
           "Presses: the complete recorded games of all three games through main.py's loop, each",
           "replayed %d times, every figure of a press the fastest of the runs." % RUNS, ""]
    out += report.lines()
    for board in boards():
        out += ["", "%s:" % board] + replays[board].details()
    out += presses_lines(replays[boards()[0]])
    out += odds_lines(images["pico_oled"], fast_ms)
    out.append("Heap through a complete game, copied as .mpy (code in the heap) -> frozen:")
    for board in boards():
        for game in GAMES:
            peak, code = heaps[board, game]
            out.append("  %-17s %-11s %5.1f KB, of it code %4.1f KB" % (board, game, peak / KB, code / KB))
    out.append("")
    out.append("Judged by make chip alone: the figures marked (chip), which the bench cannot model for"
               " that board (%s: its frames drawn by native code the runtime cannot run); and" % ", ".join(CHIP_ONLY))
    out += ["  - " + what for what in CHIP_ALONE]
    out.append("")
    out.append("all that the bench models within budget" if not report.failures
               else "%d figure(s) OVER budget" % report.failures)
    state.out("\n".join(out))
    return 1 if report.failures else 0


def presses_lines(replays):
    """Presses per recorded game (its script plays with the fewest presses the screens
    allow), what they were for, and per Trainmaker turn."""
    out = ["Presses per game (the recorded scripts, tests/support/play_*.py):"]
    for game in GAMES:
        split = replays.split[game]
        out.append("  %-11s %4d: %s" % (game, sum(split.values()), ", ".join("%s %d" % kv for kv in sorted(split.items()))))
    s = replays.split["trainmaker"]
    turn = sum(s.get(k, 0) for k in ("roll", "place", "score", "outcome", "other"))
    out.append("  Trainmaker: %d turns, %.1f presses a turn (its City cards aside); %d rolls, %d presses placing"
               " (%.2f a roll beyond the roll)" % (replays.turns, turn / replays.turns, s.get("roll", 0),
                                                   s.get("place", 0), s.get("place", 0) / max(1, s.get("roll", 0))))
    return out + [""]


def _tumble_note(late):
    """When odds came on screen, late ms after the tumble's end (< 0: before it), in words."""
    if late > 0:
        return "%.0f ms past the end of the tumble" % late
    return "on screen with the dice, ready %.0f ms before the tumble ended" % -late
