"""make chip's table: what the emulated chip measured, beside DESIGN.md's budgets, with verdicts.

Every time is emulated time, what a Pico at 125 MHz takes.  "Finger" is when the player's
finger makes the press complete: the release of a short press, the 700 ms mark of a long one.
"Event" is when the app takes the press (the probe's mark on GP22).  "Frame pushed" is the
last byte of the first frame after the event on the display's bus.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import wiring  # noqa: E402  (host_tools/chip/wiring.py: whose budgets a board has)
import budgets  # noqa: E402
from bench import Report, _median, p99  # noqa: E402

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
        f["finger"] = (_median(finger), p99(finger), max(finger))
        f["event"] = (_median(event), p99(event), max(event))
        f["slowest"] = sorted(((p["frame"] - p["finger"], p["frame"] - p["event"], label) for p, label in framed),
                              reverse=True)[:6]
        gap = max(rows, key=lambda r: r[1]["gap"])
        p = gap[1]
        what = [w for n, w in ((p["gapErases"], "a flash erase"), (p["gapFrames"], "a frame pushed")) if n]
        f["gap"] = (p["gap"], gap[2], " and ".join(what) or "neither a flash erase nor a frame")
        for key in ("compute", "render", "show"):
            xs = [p[key] for _, p, _, _ in rows if p.get(key) is not None]
            if xs:
                f[key] = (_median(xs), p99(xs), max(xs))
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
    saved = [g["boot_saved"] for g in board["games"].values() if g.get("boot_saved") is not None]
    if saved:
        f["boot_saved"] = max(saved)
    return f


def table(results):
    """(lines, OVERs, failed checks, passed checks) for the results make chip kept: a game
    whose every screen matched the simulator's is a check, and so is each fault's."""
    cols = []  # (column, board, its records): each board as deployed, then its firmware image
    for b, data in results["boards"].items():
        cols.append((b, b, data))
        if data.get("firmware"):
            cols.append((b + " .uf2", b, data["firmware"]))
    boards = [c for c, _, _ in cols]
    board_of = {c: b for c, b, _ in cols}
    data_of = {c: d for c, _, d in cols}
    figs = {c: figures(d) for c, _, d in cols}
    report = Report(boards)
    deployed = [c for c in boards if c == board_of[c]]

    def each(key, pick=lambda v: v, only=None):
        return [pick(figs[b][key]) if key in figs[b] and (only is None or b in only) else None for b in boards]

    def per_board(name, key, pick, limits, only=None, unit="ms"):
        k = 0
        for b in boards:
            if only is not None and b not in only:
                continue
            v = pick(figs[b][key]) if key in figs[b] else None
            budget, goal = limits[wiring.screen(board_of[b])]
            report.row(name if k == 0 else "", [v if c == b else None for c in boards], budget, goal, unit)
            k += 1

    per_board("finger -> frame pushed, p99", "finger", lambda v: v[1], budgets.FINGER_P99_MS)
    report.row("finger -> frame pushed, median", each("finger", lambda v: v[0]), *budgets.FINGER_MEDIAN_MS)
    report.row("  the same, max", each("finger", lambda v: v[2]))
    report.row("debounced event -> frame pushed, p99", each("event", lambda v: v[1]), *budgets.PRESS_MS)
    report.row("  the same, median", each("event", lambda v: v[0]))
    report.row("  the same, max", each("event", lambda v: v[2]))
    report.row("event -> frame, compute only (to the frame's send), p99", each("compute", lambda v: v[1]),
               *budgets.COMPUTE_MS)
    report.row("longest gap between two button polls", each("gap", lambda v: v[0]), *budgets.GAP_MS)
    report.row("presses lost", each("lost"), 0, 0, "", "%d")
    report.row("Trainmaker odds after a roll, past the tumble", each("odds", lambda v: max(0.0, v[0])),
               *budgets.ODDS_LATE_MS)
    report.row("flash erases per action (average)", each("erases"), *budgets.ERASES_PER_ACTION, unit="", fmt="%.3f")
    report.row("  flash bytes programmed per action", each("programmed"), unit="B", fmt="%.0f")
    report.row("boot to first screen, first after a deploy or onto an empty flash",
               [data_of[b].get("first_boot") for b in boards], *budgets.FIRST_BOOT_MS)
    report.row("boot to first screen, a game saved", each("boot_saved"), *budgets.BOOT_MS)
    budget, goal = budgets.HEAP_DEPLOYED
    report.row("peak heap in use, make deploy install", each("heap", lambda v: v[0] / KB, deployed),
               budget / KB, goal / KB, "KB")
    kb = {b: (lim[0] / KB, lim[1] / KB) for b, lim in budgets.HEAP.items()}
    images = [b for b in boards if b not in deployed]
    per_board("peak heap in use, firmware image", "heap", lambda v: v[0] / KB, kb, images, "KB")
    report.row("  the most left after a collection", each("heap", lambda v: v[1] / KB), unit="KB")
    report.row("  .mpy files on the device", [data_of[b].get("mpy_bytes", 0) / KB if b in deployed else None
                                             for b in boards], unit="KB")
    report.row("  firmware image (.uf2)", [data_of[b].get("image_bytes", 0) / KB if b in images else None
                                         for b in boards], unit="KB")
    report.row("  flash free for saves, the image's first boot", [
        data_of[b]["fs_free"] / KB if b in images and "fs_free" in data_of[b] else None for b in boards], unit="KB")

    out = ["Schaffner on the emulated chip (make chip): the real MicroPython 1.28 rp2 firmware on",
           "../shared/picoemu's RP2040, deployed with make deploy (and flashed as make firmware's",
           "image: the .uf2 columns), played press by press through the",
           "GPIO pins; every time in emulated ms, as a Pico at 125 MHz takes it. Seed %d, %.0f min." % (
               results["seed"], results.get("minutes", 0)), ""]
    out += report.lines()
    failures = passed = 0
    for b in boards:
        board, f = data_of[b], figs[b]
        out.append("\n%s:" % b)
        for name, g in board["games"].items():
            framed = [p for p in g["presses"] if p["frame"] is not None]
            if framed:
                finger = [p["frame"] - p["finger"] for p in framed]
                event = [p["frame"] - p["event"] for p in framed]
                out.append("  %-11s %3d of %3d presses: finger -> frame median %.1f, p99 %.1f, max %.1f ms;"
                           " event -> frame median %.1f, p99 %.1f ms" % (
                               name, len(g["presses"]), g["played"], _median(finger), p99(finger), max(finger),
                               _median(event), p99(event)))
            if g.get("differs"):
                failures += 1
                out.append("  FAILED %s" % g["differs"])
            elif g["played"] == len(g["presses"]):
                passed += 1
                out.append("  %-11s every screen at rest as the simulator's, the final one included" % "")
        if "slowest" in f:
            out.append("  slowest presses (finger -> frame, event -> frame):")
            for finger, event, label in f["slowest"]:
                out.append("    %6.1f ms %6.1f ms  %s" % (finger, event, label))
            out.append("  longest gap between polls: %.1f ms, during %s (in it: %s)" % f["gap"])
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
        for line in board.get("deploy", []):
            out.append("  deploy: %s" % line)
        checks = board.get("checks", [])
        if checks:
            bad = [c for c in checks if not c["ok"]]
            kinds = sorted(set(c["kind"] for c in checks))
            out.append("  faults: %d checks (%s), %d failed" % (len(checks), ", ".join(kinds), len(bad)))
            cuts = [c for c in checks if c["kind"] == "power cut"]
            if cuts:
                out.append("    %d power cuts: %d booted with the game as it was or with the press in flight"
                           " taken back (%s ms to the first screen, the probe talking)" % (
                               len(cuts), sum(c["ok"] for c in cuts),
                               "-".join("%.0f" % f([c["boot_ms"] for c in cuts if c.get("boot_ms")] or [0])
                                        for f in (min, max))))
            for c in checks:
                if not c["ok"] or c["kind"] != "power cut":
                    out.append("    %s %s" % ("ok    " if c["ok"] else "FAILED", c["what"]))
                if "rerun" in c:
                    out.append("           rerun: %s" % c["rerun"])
            failures += len(bad)
            passed += len(checks) - len(bad)
    if "error" in results:
        out.append("\nstopped: %s" % results["error"])
    return out, report.failures, failures, passed
