"""make chip: Schaffner on an emulated RP2040 running the real MicroPython 1.28 firmware, judged there.

    python -m host_tools chip [--board B] [--game G] [--presses N] [--cuts N]
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
Then one table with verdicts against the budgets (docs/budgets.md; report.py); the exit code is
non-zero on any OVER or failed check (--short: on a failed check only).  Each game's
figures go to build/chip/results.json as soon as they are measured, and the table is
printed from whatever was measured, also when the run is stopped (Ctrl-C); --report
prints it again.  A run's state (its options, seed, results and the rerun command) is a
ChipRun; each board's steps are its methods.
"""
import json
import os
import random
import time

from . import emulated, faults, flashed, recorded, report, restored, screens, wiring
from .emulated import ROOT, Chip, ChipError

OUT = os.path.join(ROOT, "build", "chip")
SUMMARY = os.path.join(OUT, "results.json")
BOARDS = tuple(wiring.BOARDS)
SHORT_PRESSES = 40


def say(text):
    print("[chip %s] %s" % (time.strftime("%H:%M:%S"), text), flush=True)


def deploy_fresh(chip, work):
    """make deploy onto an empty emulated Pico: (flash image, ms to the first screen of its
    first boot, the deploy's output)."""
    dump = emulated.fresh(os.path.join(work, "deploy-frames"))
    image = os.path.join(work, "deployed.img")
    pty = chip.pty(work, fs_out=image, dump=dump)
    try:
        rc, out = chip.make("deploy", pty.link)
        if rc:
            raise ChipError("make deploy onto a fresh emulated Pico failed:\n" + out[-3000:])
        if not emulated.wait_for_screen(dump):
            raise ChipError("no screen after the deploy's reset")
        time.sleep(2)
    finally:
        pty.stop()
    first = emulated.first_screens(dump)
    return image, first.get(2), out


def replay(chip, game, work, deployed, presses=None):
    """The game played on the chip from the deployed flash; its figures and checks (dict)."""
    board = chip.board
    probed = os.path.join(work, game.game + "-probe.img")
    chip.with_probe(work, deployed, probed, game.seed)
    expect = [screens.key(wiring.screen(board), game.frame(i)) for i in range(len(game.presses))]
    n = len(game.presses) if presses is None else min(presses, len(game.presses))
    begun = next((i for i in range(n) if game.actions(i) != "-"), 0)
    mid = (begun + n) // 2  # a game in play: for the boot with a game saved, and the faults' gadget
    saved = os.path.join(work, game.game + "-saved.img")
    result = chip.play({
        "fsIn": probed, "fsOut": os.path.join(work, game.game + "-end.img"),
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
        boot = chip.play({"fsIn": saved, "bootOnly": True}, work, "boot")
        result["boot_saved"] = boot["boot"]
        result["saved_image"] = saved
    return result


class ChipRun:
    """One run of make chip: its options (args), the seed its faults are drawn from, what it
    has measured (results, kept in build/chip/results.json as it goes) and the command
    that reruns it; each board's steps are its methods."""

    def __init__(self, args):
        self.args = args
        self.boards = args.board or list(BOARDS)
        self.seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        self.cuts = min(args.cuts, 5) if args.short else args.cuts
        self.results = {"seed": self.seed, "boards": {}, "started": time.strftime("%Y-%m-%d %H:%M")}

    def rerun(self):
        """The make chip command line that draws the same faults again."""
        a = self.args
        words = ["make", "chip"]
        words += ["BOARD=" + ",".join(self.boards)] if a.board else []
        words += ["GAME=" + ",".join(a.game)] if a.game else []
        words += ["PRESSES=%d" % a.presses] if a.presses and not a.short else []
        words += ["SHORT=1"] if a.short else []
        words += ["CUTS=%d" % a.cuts] if a.cuts != 20 and not a.short else []
        words += ["DEPLOY_CUTS=%d" % a.deploy_cuts] if a.deploy_cuts != 10 and not a.short else []
        words += ["NO_COPY=1"] if a.no_copy and not a.short else []
        words += ["NO_FIRMWARE=1"] if a.no_firmware else []
        words += ["HEAP=1"] if a.heap else []
        return " ".join(words + ["SEED=%d" % self.seed])

    def rerun_by(self, checks, board, game):
        """The checks, a failed one with the command that draws its faults again: each board's
        and game's faults come from the seed, the board and the game alone."""
        for c in checks:
            if not c["ok"]:
                c["rerun"] = "make chip BOARD=%s GAME=%s SEED=%d%s" % (
                    board, game, self.seed, " PRESSES=%d" % self.args.presses if self.args.presses else "")
        return checks

    def keep(self):
        with open(SUMMARY, "w") as f:
            json.dump(self.results, f)

    def go(self):
        """Every board's steps; the results, also when stopped or failed part-way."""
        say("seed %d: the faults are drawn from it; rerun with: %s" % (self.seed, self.rerun()))
        started = time.monotonic()
        os.makedirs(OUT, exist_ok=True)
        try:
            for k, board in enumerate(self.boards):
                self.board(k, board)
        except KeyboardInterrupt:
            say("stopped: the table holds what was measured")
        except ChipError as exc:
            self.results["error"] = str(exc)
            say("failed: %s" % exc)
        self.results["minutes"] = (time.monotonic() - started) / 60
        self.keep()
        return self.results

    def board(self, k, board):
        """The board's steps 1 to 4 (the k-th board: the short pass pulls the first one's cable)."""
        args = self.args
        chip = Chip(board)
        work = emulated.fresh(os.path.join(OUT, board))
        mine = self.results["boards"][board] = {"games": {}, "checks": []}
        say("%s: compiling and recording the games" % board)
        image, mine["mpy_bytes"] = recorded.bench.build_image(board, os.path.join(OUT, "image"))
        games = args.game or ([wiring.SHORT_GAME[board]] if args.short else list(recorded.GAMES))
        # the simulator's frames of the board whose screens this one shows
        recs = [recorded.Game(image, wiring.screen(board), g) for g in games]
        say("%s: make deploy onto a fresh emulated Pico" % board)
        deployed, mine["first_boot"], out = deploy_fresh(chip, work)
        mine["deploy"] = out.strip().splitlines()[-3:]
        self.keep()
        if args.heap:
            self.heap_of(chip, recs, mine, work, deployed)
            if not args.no_firmware:
                self.heap_on_image(board, recs, mine)
            return
        self.games_on(chip, recs, mine, work, deployed)
        first = next((g for g in recs if "saved_image" in mine["games"][g.game]), None)
        if first:
            self.cable_pulls(chip, k, first, mine, work)
            if not args.no_copy:
                self.saves_moved(chip, first, mine, work, deployed)
        if not args.no_firmware:
            saved = mine["games"][first.game]["saved_image"] if first else None
            self.on_image(board, recs, mine, saved)

    def games_on(self, chip, recs, store, work, base, where=""):
        """Steps 2 and 3's power cuts on one install (base: its flash; where: "" for the deploy,
        " firmware" for the image, which also draws the cuts from another seed): the records go
        to store["games"], the checks to store["checks"]."""
        board = chip.board
        for game in recs:
            say("%s: %s%s, %d presses" % (board, game.game, where, min(self.args.presses or 10 ** 6,
                                                                       len(game.presses))))
            store["games"][game.game] = replay(chip, game, work, base, self.args.presses)
            self.keep()
        for game in recs:
            played = store["games"][game.game]
            if self.cuts and "differs" not in played:
                say("%s: %s%s, %d power cuts" % (board, game.game, where, self.cuts))
                rng = random.Random("%d %s %s%s" % (self.seed, board, game.game, where))
                store["checks"] += self.rerun_by(
                    faults.power_cuts(chip, game, played, work, base, self.cuts, rng, say), board, game.game)
                self.keep()

    def cable_pulls(self, chip, k, game, mine, work):
        pulls = (3 if k == 0 else 0) if self.args.short else self.args.deploy_cuts
        if not pulls:
            return
        say("%s: %d cable pulls during a make deploy of a changed version" % (chip.board, pulls))
        saved = mine["games"][game.game]["saved_image"]
        rng = random.Random("%d %s deploy" % (self.seed, chip.board))
        mine["checks"] += self.rerun_by(faults.deploy_cuts(chip, game, work, saved, pulls, rng, say),
                                        chip.board, game.game)
        self.keep()

    def saves_moved(self, chip, game, mine, work, deployed):
        """The saves copied between gadgets, put back, and backed up and restored."""
        moves = (("the saves moved to another gadget and back", "saves", faults.saves_moved),
                 ("the saves put back onto the gadget they came from", "restore",
                  lambda chip, game, work, saved, deployed, rng, say: faults.saves_restored(chip, game, work, saved,
                                                                                           rng, say)),
                 ("make backup off a gadget in play, make restore onto another", "backup",
                  restored.backup_restore))
        for what, tag, move in moves:
            say("%s: %s" % (chip.board, what))
            saved = mine["games"][game.game]["saved_image"]
            rng = random.Random("%d %s %s" % (self.seed, chip.board, tag))
            mine["checks"] += self.rerun_by(move(chip, game, work, saved, deployed, rng, say), chip.board,
                                            game.game)
            self.keep()

    def heap_of(self, chip, recs, store, work, base):
        """Each whole game played once from base with the probe talking (no timing, no faults):
        the most heap it took, into store["heap"] by game."""
        for game in recs:
            say("%s: %s, the heap through the whole game" % (chip.board, game.game))
            talk = os.path.join(work, game.game + "-heap.img")
            chip.with_probe(work, base, talk, game.seed, talk=True)
            r = chip.play({"fsIn": talk, "presses": game.presses}, work, "%s %s heap" % (chip.board, game.game))
            if len(r["presses"]) < len(game.presses):
                raise ChipError("%s stopped after %d of %d presses: %s" % (
                    game.game, len(r["presses"]), len(game.presses), faults._crashed(r)))
            store.setdefault("heap", {})[game.game] = faults.heap_in(r["output"])
            names = faults.names_in(r["output"])
            if names:
                store.setdefault("names", {})[game.game] = names
            at = faults.heap_peak_at(r["output"])
            if at:
                store.setdefault("heap_at", {})[game.game] = game.label(at - 1)
            self.keep()

    def _image(self, board, mine):
        """The board's image on an emulated chip: (chip, its work folder, its records)."""
        uf2 = flashed.image(board)
        if uf2 is None:
            raise ChipError("no firmware image for %s in build/firmware: run make firmware BOARD=%s "
                            "(make chip does), or NO_FIRMWARE=1" % (board, board))
        work = emulated.fresh(os.path.join(OUT, board + "-firmware"))
        mine["firmware"] = {"games": {}, "checks": [], "image_bytes": os.path.getsize(uf2)}
        return Chip(board, uf2), work, mine["firmware"]

    def heap_on_image(self, board, recs, mine):
        chip, work, image = self._image(board, mine)
        fresh, image["first_boot"] = flashed.first_boot(chip, work)
        self.heap_of(chip, recs, image, work, fresh)

    def on_image(self, board, recs, mine, saved):
        """Step 4 on the board: its firmware image from an empty flash, the games and their power
        cuts on it, and the image flashed over the deployed gadget with a game in play (saved)."""
        chip, work, image = self._image(board, mine)
        say("%s: the firmware image %s on an empty flash" % (board, os.path.basename(chip.firmware)))
        fresh, image["first_boot"] = flashed.first_boot(chip, work)
        image["fs_free"] = chip.free_flash(work, fresh)
        self.keep()
        self.games_on(chip, recs, image, work, fresh, " firmware")
        if saved:
            say("%s: the firmware image flashed over the deployed gadget, a game in play" % board)
            image["checks"] += self.rerun_by(flashed.over_deploy(chip, recs[0], work, saved, say), board,
                                             recs[0].game)
            self.keep()


def arguments(parser):
    parser.add_argument("--board", help="boards, comma-separated (default: %s)" % ",".join(BOARDS))
    parser.add_argument("--game", help="games, comma-separated (default: %s)" % ",".join(recorded.GAMES))
    parser.add_argument("--presses", type=int, help="play only the first N presses of each game")
    parser.add_argument("--cuts", type=int, default=20, help="power cuts per game (default 20)")
    parser.add_argument("--deploy-cuts", type=int, default=10, help="cable pulls per board (default 10)")
    parser.add_argument("--no-copy", action="store_true", help="leave out moving the saves between gadgets")
    parser.add_argument("--heap", action="store_true",
                        help="only the heap: per board and install (deploy, image) each whole game once, talking")
    parser.add_argument("--no-firmware", action="store_true", help="leave out the firmware image (step 4)")
    parser.add_argument("--seed", type=int, help="the faults' seed (printed; default: a new one)")
    parser.add_argument("--short", action="store_true",
                        help="CI's pass: per board a deploy and the firmware image, the first %d presses of "
                             "one game and 5 power cuts in them on each; 3 cable pulls on the first board; no "
                             "saves moved; only the checks judged" % SHORT_PRESSES)
    parser.add_argument("--report", action="store_true", help="print the table of the last run (build/chip/results.json)")


def run(state, args):
    if args.report:
        with open(SUMMARY) as f:
            lines, over, failed, _ = report.table(json.load(f))
        state.out("\n".join(lines))
        return 1 if over or failed else 0
    for key, known in (("board", BOARDS), ("game", recorded.GAMES)):
        value = getattr(args, key)
        if value:
            names = value.split(",")
            bad = [n for n in names if n not in known]
            if bad:
                raise ChipError("unknown %s %s (known: %s)" % (key, ", ".join(bad), ", ".join(known)), code=2)
            setattr(args, key, names)
    if not emulated.available():
        state.out("make chip: no emulated Pico at %s (set PICOEMU=...): nothing was run" % emulated.PICOEMU)
        return 2
    if args.short:
        args.presses, args.no_copy = args.presses or SHORT_PRESSES, True
    chip_run = ChipRun(args)
    results = chip_run.go()
    lines, over, failed, passed = report.table(results)
    state.out("\n".join(lines))
    state.out("\n%d figure(s) OVER budget%s; rerun with: %s" % (
        over, " (the short pass judges the checks only)" if args.short else "", chip_run.rerun()))
    state.out("chip: %d passed, %d failed" % (passed, failed + ("error" in results)))
    if "error" in results or failed:
        return 1
    return 0 if args.short or not over else 1
