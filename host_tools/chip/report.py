"""make chip's table: what the emulated chip measured, beside the budgets (docs/budgets.md), with verdicts.

Every time is emulated time, what a Pico takes at the clock the board sets (drivers.chip).  "Finger" is when the player's
finger makes the press complete: the release of a short press, the 700 ms mark of a long one.
"Event" is when the app takes the press (the probe's mark on GP22).  "Frame pushed" is the
last byte, on the display's bus, of the first send after the event that changed the glass
(an SSD1306's send may complete several frames, a window each: its last counts).
"""
from .. import budgets
from ..bench.table import Report, median, p99
from . import wiring

KB = 1024
ROLL_MS = 600  # the dice tumble (app/trainmaker/table.py)


def _presses(board):
    """(game, press record, label, actions) of every press played on the board."""
    for name, g in board["games"].items():
        for p in g["presses"]:
            yield name, p, g["labels"][p["i"]], g["actions"][p["i"]]


def figures(board):
    """The board's figures (dict) from its games' records."""
    rows = list(_presses(board))
    framed = [(p, label) for _, p, label, _ in rows if p["frame"] is not None]
    f = {"presses": len(rows), "unframed": len(rows) - len(framed)}
    if framed:
        finger = [p["frame"] - p["finger"] for p, _ in framed]
        event = [p["frame"] - p["event"] for p, _ in framed]
        f["finger"] = (median(finger), p99(finger), max(finger))
        f["event"] = (median(event), p99(event), max(event))
        f["slowest"] = sorted(((p["frame"] - p["finger"], p["frame"] - p["event"], label) for p, label in framed),
                              reverse=True)[:6]
        gap = max(rows, key=lambda r: r[1]["gap"])
        p = gap[1]
        what = [w for n, w in ((p["gapErases"], "a flash erase"), (p["gapFrames"], "a frame pushed")) if n]
        f["gap"] = (p["gap"], gap[2], " and ".join(what) or "neither a flash erase nor a frame")
        hands = [r for r in rows if "held" in r[1]]  # results from before these figures lack them
        if hands:
            waited = [label for _, p, label, _ in hands if p["waits"]]
            f["waits"] = (len(waited), waited[0] if waited else None)
            held = max(hands, key=lambda r: r[1]["held"])
            f["held"] = (held[1]["held"], held[1].get("heldRaw", held[1]["held"]), held[2], held[1]["heldErases"])
            answer = max(hands, key=lambda r: r[1].get("answer", 0))
            f["answer"] = (answer[1].get("answer", 0), answer[2])
            apart = max(hands, key=lambda r: r[1].get("apart", 0))
            if "apart" in apart[1]:
                f["apart"] = (apart[1]["apart"], apart[2], apart[1]["apartErases"])
        for key in ("compute", "render", "show"):
            xs = [p[key] for _, p, _, _ in rows if p.get(key) is not None]
            if xs:
                f[key] = (median(xs), p99(xs), max(xs))
    actions = sum(len(a.split(",")) for _, _, _, a in rows if a != "-")
    f["actions"] = actions
    if actions:
        f["erases"] = sum(p["erases"] for _, p, _, _ in rows) / actions
        f["programmed"] = sum(p["programmed"] for _, p, _, _ in rows) / actions
    f["lost"] = sum(p["lost"] for _, p, _, _ in rows)
    # a roll's last frame (the odds) against the end of the tumble, from the app taking the press
    late = [(p["changes"][-1] - ROLL_MS, label) for game, p, label, a in rows
            if game == "trainmaker" and a.split(",")[-1] == "roll" and p["changes"]]
    if late:
        f["odds"] = max(late)
    heap = [g["heap"] for g in board["games"].values() if g.get("heap")] + list(board.get("heap", {}).values())
    if heap:
        f["heap"] = (max(h[0] for h in heap), max(h[1] for h in heap), heap[0][2])
        most = max(board.get("heap", {}).items(), key=lambda kv: kv[1][0], default=None)
        if most and most[0] in board.get("heap_at", {}):
            f["heap_at"] = board["heap_at"][most[0]]
    names = board.get("names")
    if names:
        game, most = max(names.items(), key=lambda kv: kv[1][1])
        f["names"] = (most[1], most[0], most[2], game)
    saved = [g["boot_saved"] for g in board["games"].values() if g.get("boot_saved") is not None]
    if saved:
        f["boot_saved"] = max(saved)
    return f


class Columns:
    """The table's columns: each board as deployed, then its firmware image (".uf2"), with
    the records and the figures of each."""

    def __init__(self, results):
        cols = []  # (column, board, its records)
        for b, data in results["boards"].items():
            cols.append((b, b, data))
            if data.get("firmware"):
                cols.append((b + " .uf2", b, data["firmware"]))
        self.names = [c for c, _, _ in cols]
        self.board_of = {c: b for c, b, _ in cols}
        self.data_of = {c: d for c, _, d in cols}
        self.figs = {c: figures(d) for c, _, d in cols}
        self.deployed = [c for c in self.names if c == self.board_of[c]]
        self.images = [c for c in self.names if c not in self.deployed]

    def each(self, key, pick=lambda v: v, only=None):
        """A figure of every column (None where it has none, or is not one of only)."""
        return [pick(self.figs[c][key]) if key in self.figs[c] and (only is None or c in only) else None
                for c in self.names]

    def data(self, key, scale=1, only=None):
        """A value kept in each column's records (scaled), None elsewhere."""
        return [self.data_of[c][key] / scale if key in self.data_of[c] and (only is None or c in only) else None
                for c in self.names]


def _per_board(report, cols, name, key, pick, limits, only=None, unit="ms"):
    """A figure whose budget depends on the board: a row for each column, with its own."""
    k = 0
    for c in cols.names:
        if only is not None and c not in only:
            continue
        v = pick(cols.figs[c][key]) if key in cols.figs[c] else None
        budget, goal = limits[wiring.screen(cols.board_of[c])]  # the budgets of the board's screen
        report.row(name if k == 0 else "", [v if x == c else None for x in cols.names], budget, goal, unit)
        k += 1


def _figure_rows(cols):
    """The table of figures beside their budgets."""
    report = Report(cols.names)
    each = cols.each
    _per_board(report, cols, "finger -> frame pushed, p99", "finger", lambda v: v[1], budgets.FINGER_P99_MS)
    report.row("finger -> frame pushed, median", each("finger", lambda v: v[0]), *budgets.FINGER_MEDIAN_MS)
    report.row("  the same, max", each("finger", lambda v: v[2]))
    report.row("debounced event -> frame pushed, p99", each("event", lambda v: v[1]), *budgets.PRESS_MS)
    report.row("  the same, median", each("event", lambda v: v[0]))
    report.row("  the same, max", each("event", lambda v: v[2]))
    report.row("event -> frame, compute only (to the frame's send), p99", each("compute", lambda v: v[1]),
               *budgets.COMPUTE_MS)
    report.row("presses that had to wait for flash work", each("waits", lambda v: v[0]), 0, 0, "", "%d")
    report.row("longest poll gap, a button held or %d ms after its release, less sleep" % budgets.AFTER_RELEASE_MS,
               each("held", lambda v: v[0]), *budgets.HELD_GAP_MS)
    report.row("  a press's own poll (taken, drawn, sent: judged by finger -> frame)", each("answer", lambda v: v[0]))
    report.row("longest gap between two button polls, anywhere, less sleep", each("gap", lambda v: v[0]), *budgets.GAP_MS)
    report.row("  the same, a press's own poll left out (flash work, odds, time's frames)", each("apart", lambda v: v[0]))
    report.row("presses lost", each("lost"), 0, 0, "", "%d")
    report.row("Trainmaker odds after a roll, past the tumble", each("odds", lambda v: max(0.0, v[0])),
               *budgets.ODDS_LATE_MS)
    report.row("flash erases per action (average)", each("erases"), *budgets.ERASES_PER_ACTION, unit="", fmt="%.3f")
    report.row("  flash bytes programmed per action", each("programmed"), unit="B", fmt="%.0f")
    report.row("boot to first screen, first after a deploy or onto an empty flash",
               [cols.data_of[c].get("first_boot") for c in cols.names], *budgets.FIRST_BOOT_MS)
    report.row("boot to first screen, a game saved", each("boot_saved"), *budgets.BOOT_MS)
    budget, goal = budgets.HEAP_DEPLOYED
    report.row("peak heap in use, make deploy install", each("heap", lambda v: v[0] / KB, cols.deployed),
               budget / KB, goal / KB, "KB")
    kb = {b: (lim[0] / KB, lim[1] / KB) for b, lim in budgets.HEAP.items()}
    _per_board(report, cols, "peak heap in use, firmware image", "heap", lambda v: v[0] / KB, kb, cols.images, "KB")
    report.row("  the most left after a collection", each("heap", lambda v: v[1] / KB), unit="KB")
    report.row("  .mpy files on the device", [cols.data_of[c].get("mpy_bytes", 0) / KB if c in cols.deployed
                                             else None for c in cols.names], unit="KB")
    report.row("  firmware image (.uf2)", [cols.data_of[c].get("image_bytes", 0) / KB if c in cols.images else None
                                         for c in cols.names], unit="KB")
    report.row("  flash free for saves, the image's first boot", cols.data("fs_free", KB, cols.images), unit="KB")
    return report


def _games_lines(board):
    """Per game: its presses' times, and whether every screen matched; (lines, failed, passed)."""
    out, failed, passed = [], 0, 0
    for name, g in board["games"].items():
        framed = [p for p in g["presses"] if p["frame"] is not None]
        if framed:
            finger = [p["frame"] - p["finger"] for p in framed]
            event = [p["frame"] - p["event"] for p in framed]
            out.append("  %-11s %3d of %3d presses: finger -> frame median %.1f, p99 %.1f, max %.1f ms;"
                       " event -> frame median %.1f, p99 %.1f ms" % (
                           name, len(g["presses"]), g["played"], median(finger), p99(finger), max(finger),
                           median(event), p99(event)))
        if g.get("differs"):
            failed += 1
            out.append("  FAILED %s" % g["differs"])
        elif g["played"] == len(g["presses"]):
            passed += 1
            out.append("  %-11s every screen at rest as the simulator's, the final one included" % "")
    return out, failed, passed


def _figure_lines(f):
    """The slowest presses, the longest gap, drawing and sending, the odds, the heap."""
    out = []
    if "slowest" in f:
        out.append("  slowest presses (finger -> frame, event -> frame):")
        for finger, event, label in f["slowest"]:
            out.append("    %6.1f ms %6.1f ms  %s" % (finger, event, label))
        out.append("  longest gap between polls, less sleep: %.1f ms, during %s (in it: %s)" % f["gap"])
    if "held" in f:
        out.append("  longest gap with the hands at the buttons, a press's own poll left out: %.1f ms awake"
                   " in a gap of %.1f ms, at %s (%d flash erases in it)" % f["held"])
        out.append("  longest poll that answered a press (finger -> frame judges it): %.1f ms, at %s" % f["answer"])
        if "apart" in f:
            out.append("  longest gap between polls with a press's own poll left out, less sleep: %.1f ms, at %s"
                       " (%d flash erases in it)" % f["apart"])
        waits, first = f["waits"]
        out.append("  presses that had to wait for flash work: %d%s" % (waits, ", the first: %s" % first if first else ""))
    for key, what in (("render", "the app drawing a frame"), ("show", "the display sending it")):
        if key in f:
            out.append("  %s: median %.1f, p99 %.1f, max %.1f ms" % ((what,) + f[key]))
    if "odds" in f:
        late, label = f["odds"]
        out.append("  Trainmaker odds after a roll, the latest: %s (%s)" % (
            "%.1f ms past the end of the tumble" % late if late > 0 else
            "on screen with the dice, %.1f ms before the tumble ended" % -late, label))
    if f["unframed"]:
        out.append("  %d presses changed nothing on the screen (not timed)" % f["unframed"])
    if "heap" in f:
        out.append("  heap: %.1f KB in use at most (allocated before a frame's collection, garbage collected"
                   " every 4 KB), %.1f KB left at most after one, of %.1f KB" % (
                       f["heap"][0] / KB, f["heap"][1] / KB, f["heap"][2] / KB))
    if "heap_at" in f:
        out.append("  the most heap in use was reached at %s" % f["heap_at"])
    if "names" in f:
        out.append("  names interned in the heap (MicroPython's qstr pools, each twice the last, taken at once"
                   " when the last is full): %d in %d pools, %.1f KB, at most (%s)" % (
                       f["names"][0], f["names"][1], f["names"][2] / KB, f["names"][3]))
    return out


def _checks_lines(checks):
    """The faults' checks: a line per kind, and every failed one; (lines, failed, passed)."""
    if not checks:
        return [], 0, 0
    bad = [c for c in checks if not c["ok"]]
    kinds = sorted(set(c["kind"] for c in checks))
    out = ["  faults: %d checks (%s), %d failed" % (len(checks), ", ".join(kinds), len(bad))]
    cuts = [c for c in checks if c["kind"] == "power cut"]
    if cuts:
        boots = [c["boot_ms"] for c in cuts if c.get("boot_ms")] or [0]
        out.append("    %d power cuts: %d booted with the game as it was or with the press in flight"
                   " taken back (%.0f-%.0f ms to the first screen, the probe talking)" % (
                       len(cuts), sum(c["ok"] for c in cuts), min(boots), max(boots)))
    for c in checks:
        if not c["ok"] or c["kind"] != "power cut":
            out.append("    %s %s" % ("ok    " if c["ok"] else "FAILED", c["what"]))
        if "rerun" in c:
            out.append("           rerun: %s" % c["rerun"])
    return out, len(bad), len(checks) - len(bad)


def table(results):
    """(lines, OVERs, failed checks, passed checks) for the results make chip kept: a game
    whose every screen matched the simulator's is a check, and so is each fault's."""
    cols = Columns(results)
    report = _figure_rows(cols)
    out = ["Schaffner on the emulated chip (make chip): the real MicroPython 1.28 rp2 firmware on",
           "../shared/picoemu's RP2040, deployed with make deploy (and flashed as make firmware's",
           "image: the .uf2 columns), played press by press through the",
           "GPIO pins; every time in emulated ms, as a Pico takes it at the clock the board sets",
           "(drivers.chip: the RP2040 at 200 MHz). Seed %d, %.0f min." % (
               results["seed"], results.get("minutes", 0)), ""]
    out += report.lines()
    failures = passed = 0
    for c in cols.names:
        board = cols.data_of[c]
        out.append("\n%s:" % c)
        lines, failed, ok = _games_lines(board)
        out += lines + _figure_lines(cols.figs[c])
        out += ["  deploy: %s" % line for line in board.get("deploy", [])]
        checks, bad, good = _checks_lines(board.get("checks", []))
        out += checks
        failures += failed + bad
        passed += ok + good
    if "error" in results:
        out.append("\nstopped: %s" % results["error"])
    return out, report.failures, failures, passed
