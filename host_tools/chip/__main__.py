"""make chip: Schaffner on an emulated RP2040 running the real MicroPython 1.28 firmware, judged there.

    .venv/bin/python host_tools/chip [--board B] [--game G] [--presses N] [--cuts N]
                                     [--deploy-cuts N] [--no-copy] [--no-firmware] [--heap] [--seed S] [--short]

For each board, on a fresh emulated Pico (../shared/picoemu, or $PICOEMU):
1. ``make deploy`` over the emulated serial port, as a user runs it; its first boot timed.
2. Every recorded game (the bench's presses and dice seed) played press by press through
   the GPIO pins (play.mjs).  After each press, at rest, the display must show the frame
   the simulator shows for the same presses and seed; the first that differs fails the
   game, named by press, screen and action, with both pictures in build/chip/.
3. Faults, each drawn from the printed seed (--seed reruns them):
   - power cuts at random moments of each game (faults.power_cuts);
   - the cable pulled at random moments of a make deploy of a changed version onto a
     gadget with a game in play (faults.deploy_cuts);
   - the saves copied with mpremote off one gadget onto another that holds other files,
     and back (faults.saves_moved), and put back onto the gadget they came from, after the
     game went on and unchanged (faults.saves_restored); make backup off one, make restore
     onto another (restored.py).
4. The board's firmware image (make firmware, which make chip runs first) on an empty
   flash: its first boot, the games played and cut into on it as in 2 and 3, and the image
   flashed over the gadget of 1 with a game in play (flashed.py).
--heap measures the heap alone: per board, each whole game played once on each install
(the deploy's, the image's) with the probe talking; nothing timed, no faults.
Then one table with verdicts against DESIGN.md's budgets (report.py); the exit code is
non-zero on any OVER or failed check (--short: on a failed check only).  Each game's
figures go to build/chip/results.json as soon as they are measured, and the table is
printed from whatever was measured, also when the run is stopped (Ctrl-C); --report
prints it again.
"""
import argparse
import json
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import wiring  # noqa: E402
import emulated  # noqa: E402
import faults  # noqa: E402
import flashed  # noqa: E402
import recorded  # noqa: E402
import restored  # noqa: E402
import report  # noqa: E402
import screens  # noqa: E402
from emulated import ROOT, ChipError  # noqa: E402

OUT = os.path.join(ROOT, "build", "chip")
BOARDS = tuple(wiring.BOARDS)
SHORT_PRESSES = 40


def say(text):
    print("[chip %s] %s" % (time.strftime("%H:%M:%S"), text), flush=True)


def deploy_fresh(board, work):
    """make deploy onto an empty emulated Pico: (flash image, ms to the first screen of its
    first boot, the deploy's output)."""
    dump = emulated.fresh(os.path.join(work, "deploy-frames"))
    image = os.path.join(work, "deployed.img")
    pty = emulated.Pty(board, work, fs_out=image, dump=dump)
    try:
        rc, out = emulated.make("deploy", board, pty.link)
        if rc:
            raise ChipError("make deploy onto a fresh emulated Pico failed:\n" + out[-3000:])
        if not emulated.wait_for_screen(dump):
            raise ChipError("no screen after the deploy's reset")
        time.sleep(2)
    finally:
        pty.stop()
    first = emulated.first_screens(dump)
    return image, first.get(2), out


def replay(board, game, work, deployed, presses=None):
    """The game played on the chip from the deployed flash; its figures and checks (dict)."""
    probed = os.path.join(work, game.game + "-probe.img")
    emulated.with_probe(board, work, deployed, probed, game.seed)
    expect = [screens.key(wiring.screen(board), game.frame(i)) for i in range(len(game.presses))]
    n = len(game.presses) if presses is None else min(presses, len(game.presses))
    begun = next((i for i in range(n) if game.actions(i) != "-"), 0)
    mid = (begun + n) // 2  # a game in play: for the boot with a game saved, and the faults' gadget
    saved = os.path.join(work, game.game + "-saved.img")
    result = emulated.play({
        "board": board, "fsIn": probed, "fsOut": os.path.join(work, game.game + "-end.img"),
        "presses": game.presses, "to": n, "expect": expect, "outDir": work, "stopOnDiff": True,
        "finalPng": os.path.join(work, game.game + "-final.png"),
        "saveAt": mid, "saveOut": saved}, work, "%s %s" % (board, game.game))
    result["game"] = game.game
    result["labels"] = [game.label(i) for i in range(n)]
    result["actions"] = [game.actions(i) for i in range(n)]
    result["played"] = n
    differs = [p for p in result["presses"] if p.get("differs")]
    if differs:
        i = differs[0]["i"]
        screens.write_png(os.path.join(work, "sim_press_%d.png" % i), wiring.screen(board), game.frame(i))
        result["differs"] = "%s: the chip's screen differs from the simulator's (%s, %s)" % (
            game.label(i), os.path.relpath(os.path.join(work, "chip_press_%d.png" % i), ROOT),
            os.path.relpath(os.path.join(work, "sim_press_%d.png" % i), ROOT))
    elif len(result["presses"]) < n:
        result["differs"] = "%s: stopped after %d of %d presses: %s" % (
            game.game, len(result["presses"]), n, result["error"] or result["ended"] or "?")
    if os.path.exists(saved) and not differs:
        # boot with a game saved, the probe quiet (as the replay ran)
        boot = emulated.play({"board": board, "fsIn": saved, "bootOnly": True}, work, "boot")
        result["boot_saved"] = boot["boot"]
        result["saved_image"] = saved
    return result


def heap_of(board, recs, store, work, base, keep):
    """Each whole game played once from base with the probe talking (no timing, no faults):
    the most heap it took, into store["heap"] by game."""
    for game in recs:
        say("%s: %s, the heap through the whole game" % (board, game.game))
        talk = os.path.join(work, game.game + "-heap.img")
        emulated.with_probe(board, work, base, talk, game.seed, talk=True)
        r = emulated.play({"board": board, "fsIn": talk, "presses": game.presses}, work, "%s %s heap" % (board, game.game))
        if len(r["presses"]) < len(game.presses):
            raise ChipError("%s stopped after %d of %d presses: %s" % (
                game.game, len(r["presses"]), len(game.presses), faults._crashed(r)))
        store.setdefault("heap", {})[game.game] = faults.heap_in(r["output"])
        keep()


def games_on(board, recs, store, work, base, presses, cuts, seed, rerun_by, keep, where=""):
    """Steps 2 and 3's power cuts on one install (base: its flash; where: "" for the deploy,
    " firmware" for the image, which also draws the cuts from another seed): the records go
    to store["games"], the checks to store["checks"]."""
    for game in recs:
        say("%s: %s%s, %d presses" % (board, game.game, where, min(presses or 10 ** 6, len(game.presses))))
        store["games"][game.game] = replay(board, game, work, base, presses)
        keep()
    for game in recs:
        played = store["games"][game.game]
        if cuts and "differs" not in played:
            say("%s: %s%s, %d power cuts" % (board, game.game, where, cuts))
            rng = random.Random("%d %s %s%s" % (seed, board, game.game, where))
            store["checks"] += rerun_by(faults.power_cuts(board, game, played, work, base, cuts, rng, say),
                                        board, game.game)
            keep()


def on_image(board, recs, mine, saved, cuts, presses, seed, rerun_by, keep):
    """Step 4 on the board: its firmware image from an empty flash, the games and their power
    cuts on it, and the image flashed over the deployed gadget with a game in play (saved)."""
    uf2 = flashed.image(board)
    if uf2 is None:
        raise ChipError("no firmware image for %s in build/firmware: run make firmware BOARD=%s "
                        "(make chip does), or NO_FIRMWARE=1" % (board, board))
    work = emulated.fresh(os.path.join(OUT, board + "-firmware"))
    image = mine["firmware"] = {"games": {}, "checks": [], "image_bytes": os.path.getsize(uf2)}
    emulated.firmware = uf2
    try:
        say("%s: the firmware image %s on an empty flash" % (board, os.path.basename(uf2)))
        fresh, image["first_boot"] = flashed.first_boot(board, work)
        image["fs_free"] = emulated.free_flash(board, work, fresh)
        keep()
        games_on(board, recs, image, work, fresh, presses, cuts, seed, rerun_by, keep, " firmware")
        if saved:
            say("%s: the firmware image flashed over the deployed gadget, a game in play" % board)
            image["checks"] += rerun_by(flashed.over_deploy(board, recs[0], work, saved, uf2, say), board,
                                        recs[0].game)
            keep()
    finally:
        emulated.firmware = None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Schaffner on an emulated Pico (make chip)")
    ap.add_argument("--board", help="boards, comma-separated (default: %s)" % ",".join(BOARDS))
    ap.add_argument("--game", help="games, comma-separated (default: %s)" % ",".join(recorded.GAMES))
    ap.add_argument("--presses", type=int, help="play only the first N presses of each game")
    ap.add_argument("--cuts", type=int, default=20, help="power cuts per game (default 20)")
    ap.add_argument("--deploy-cuts", type=int, default=10, help="cable pulls per board (default 10)")
    ap.add_argument("--no-copy", action="store_true", help="leave out moving the saves between gadgets")
    ap.add_argument("--heap", action="store_true",
                    help="only the heap: per board and install (deploy, image) each whole game once, talking")
    ap.add_argument("--no-firmware", action="store_true", help="leave out the firmware image (step 4)")
    ap.add_argument("--seed", type=int, help="the faults' seed (printed; default: a new one)")
    ap.add_argument("--short", action="store_true",
                    help="CI's pass: per board a deploy and the firmware image, the first %d presses of "
                         "one game and 5 power cuts in them on each; 3 cable pulls on the first board; no "
                         "saves moved; only the checks judged" % SHORT_PRESSES)
    ap.add_argument("--report", action="store_true", help="print the table of the last run (build/chip/results.json)")
    args = ap.parse_args(argv)
    summary = os.path.join(OUT, "results.json")
    if args.report:
        with open(summary) as f:
            lines, over, failed, _ = report.table(json.load(f))
        print("\n".join(lines))
        return 1 if over or failed else 0
    for key, known in (("board", BOARDS), ("game", recorded.GAMES)):
        value = getattr(args, key)
        if value:
            names = value.split(",")
            bad = [n for n in names if n not in known]
            if bad:
                ap.error("unknown %s %s (known: %s)" % (key, ", ".join(bad), ", ".join(known)))
            setattr(args, key, names)
    if not emulated.available():
        print("make chip: no emulated Pico at %s (set PICOEMU=...): nothing was run" % emulated.PICOEMU)
        return 2
    boards = args.board or list(BOARDS)
    if args.short:
        args.presses, args.no_copy = args.presses or SHORT_PRESSES, True
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)

    def rerun_by(checks, board, game):
        """The command that draws a failed check's faults again: each board's and game's
        faults come from the seed, the board and the game alone."""
        for c in checks:
            if not c["ok"]:
                c["rerun"] = "make chip BOARD=%s GAME=%s SEED=%d%s" % (
                    board, game, seed, " PRESSES=%d" % args.presses if args.presses else "")
        return checks
    rerun = ["make", "chip"] + (["BOARD=" + ",".join(boards)] if args.board else []) + (
        ["GAME=" + ",".join(args.game)] if args.game else []) + (
        ["PRESSES=%d" % args.presses] if args.presses and not args.short else []) + (
        ["SHORT=1"] if args.short else []) + (
        ["CUTS=%d" % args.cuts] if args.cuts != 20 and not args.short else []) + (
        ["DEPLOY_CUTS=%d" % args.deploy_cuts] if args.deploy_cuts != 10 and not args.short else []) + (
        ["NO_COPY=1"] if args.no_copy and not args.short else []) + (
        ["NO_FIRMWARE=1"] if args.no_firmware else []) + (["HEAP=1"] if args.heap else []) + ["SEED=%d" % seed]
    say("seed %d: the faults are drawn from it; rerun with: %s" % (seed, " ".join(rerun)))
    started = time.monotonic()
    results = {"seed": seed, "boards": {}, "started": time.strftime("%Y-%m-%d %H:%M")}
    os.makedirs(OUT, exist_ok=True)

    def keep():
        with open(summary, "w") as f:
            json.dump(results, f)

    try:
        for k, board in enumerate(boards):
            work = emulated.fresh(os.path.join(OUT, board))
            mine = results["boards"][board] = {"games": {}, "checks": []}
            say("%s: compiling and recording the games" % board)
            image, mine["mpy_bytes"] = recorded.bench.build_image(board, os.path.join(OUT, "image"))
            games = args.game or ([wiring.SHORT_GAME[board]] if args.short else list(recorded.GAMES))
            # the simulator's frames of the board whose screens this one shows
            recs = [recorded.Game(image, wiring.screen(board), g) for g in games]
            say("%s: make deploy onto a fresh emulated Pico" % board)
            deployed, first_boot, out = deploy_fresh(board, work)
            mine["first_boot"] = first_boot
            mine["deploy"] = out.strip().splitlines()[-3:]
            keep()
            if args.heap:
                heap_of(board, recs, mine, work, deployed, keep)
                if not args.no_firmware:
                    uf2 = flashed.image(board)
                    if uf2 is None:
                        raise ChipError("no firmware image for %s: make firmware BOARD=%s" % (board, board))
                    iwork = emulated.fresh(os.path.join(OUT, board + "-firmware"))
                    image = mine["firmware"] = {"games": {}, "checks": [], "image_bytes": os.path.getsize(uf2)}
                    emulated.firmware = uf2
                    try:
                        fresh, image["first_boot"] = flashed.first_boot(board, iwork)
                        heap_of(board, recs, image, iwork, fresh, keep)
                    finally:
                        emulated.firmware = None
                continue
            cuts = min(args.cuts, 5) if args.short else args.cuts
            games_on(board, recs, mine, work, deployed, args.presses, cuts, seed, rerun_by, keep)
            first = next((g for g in recs if "saved_image" in mine["games"][g.game]), None)
            pulls = (3 if k == 0 else 0) if args.short else args.deploy_cuts
            if first and pulls:
                say("%s: %d cable pulls during a make deploy of a changed version" % (board, pulls))
                saved = mine["games"][first.game]["saved_image"]
                rng = random.Random("%d %s deploy" % (seed, board))
                mine["checks"] += rerun_by(faults.deploy_cuts(board, first, work, saved, pulls, rng, say),
                                           board, first.game)
                keep()
            moves = (("the saves moved to another gadget and back", "saves", faults.saves_moved),
                     ("the saves put back onto the gadget they came from", "restore",
                      lambda board, game, work, saved, deployed, rng, say:
                      faults.saves_restored(board, game, work, saved, rng, say)),
                     ("make backup off a gadget in play, make restore onto another", "backup",
                      restored.backup_restore))
            for what, tag, move in moves if first and not args.no_copy else ():
                say("%s: %s" % (board, what))
                saved = mine["games"][first.game]["saved_image"]
                rng = random.Random("%d %s %s" % (seed, board, tag))
                mine["checks"] += rerun_by(move(board, first, work, saved, deployed, rng, say), board, first.game)
                keep()
            if not args.no_firmware:
                saved = mine["games"][first.game]["saved_image"] if first else None
                on_image(board, recs, mine, saved, cuts, args.presses, seed, rerun_by, keep)
    except KeyboardInterrupt:
        say("stopped: the table holds what was measured")
    except ChipError as exc:
        results["error"] = str(exc)
        say("failed: %s" % exc)
    results["minutes"] = (time.monotonic() - started) / 60
    keep()
    lines, over, failed, passed = report.table(results)
    print("\n".join(lines))
    print("\n%d figure(s) OVER budget%s; rerun with: %s" % (
        over, " (the short pass judges the checks only)" if args.short else "", " ".join(rerun)))
    print("chip: %d passed, %d failed" % (passed, failed + ("error" in results)))
    if "error" in results or failed:
        return 1
    return 0 if args.short or not over else 1


if __name__ == "__main__":
    sys.exit(main())
