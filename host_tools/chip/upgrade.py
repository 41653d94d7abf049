"""make chip-upgrade: a gadget running an earlier release, with a game in play, upgraded on the
emulated Pico.

    python -m host_tools chip-upgrade [--board pico_oled] [--game taubertal] [--presses 60]
                                      [--from 7a45f6d]

1. The earlier release (--from: a commit, 0.1.0's by default) is taken out of git into a
   temporary folder and put onto a fresh emulated Pico (picoemu's stock MicroPython 1.28)
   by its own make deploy.
2. A game is played partway on it: this tree's recorded presses of the game (make chip's),
   the first --presses of them, through the GPIO pins; make chip's probe says how many
   actions the game holds at each boot.
3. This tree's version goes onto that gadget, each way from the same flash:
   a. make deploy, as a player with the repository runs it;
   b. the firmware image of this tree (make firmware's, built first where it is not)
      flashed over it.
   Each time the new version must start (the new slot; the image's frozen copy), with the
   game and every action it had, and the game must go on: resumed, five undos, a power cut,
   the count still there (as make chip's checks of moved saves, faults._goes_on).
The exit status is 1 on a failed check. Not part of make chip: it builds the earlier
release's files as its make deploy does, about 2 minutes a board.
"""
import os
import shutil
import subprocess
import tempfile
import time

from ..paths import ROOT
from ..pico import firmware, images
from . import emulated, faults, recorded, wiring
from .emulated import Chip, ChipError

RELEASE_0_1_0 = "7a45f6d"  # package.json said 0.1.0 up to this commit (CHANGELOG.md)
OLD_BOARDS = ("pico_oled", "pico_display_pack")  # the boards 0.1.0 had


def export(commit):
    """The tree of commit in a temporary folder, with this tree's .venv and node_modules
    (the tools its make deploy calls; their install stamps older than its requirements
    would make make install them again, so those files keep a time long past)."""
    dest = tempfile.mkdtemp(prefix="schaffner-%s-" % commit)
    subprocess.run("git -C %s archive %s | tar -x -C %s" % (ROOT, commit, dest), shell=True, check=True)
    for name in (".venv", "node_modules"):
        os.symlink(os.path.join(ROOT, name), os.path.join(dest, name))
    for name in ("requirements-host.txt", "requirements-stubs.txt", "package.json", "package-lock.json"):
        os.utime(os.path.join(dest, name), (0, 0))
    return dest


class Upgrade:
    """One board's checks: say(text) is where the words go."""

    def __init__(self, board, game_name, presses, commit, say):
        self.board, self.commit, self.say = board, commit, say
        self.work = emulated.fresh(os.path.join(ROOT, "build", "chip", "upgrade-" + board))
        self.game_name, self.presses = game_name, presses
        self.checks = []

    def check(self, ok, what):
        self.say("  %s %s" % ("ok    " if ok else "FAILED", what))
        self.checks.append(faults._check("upgrade", ok, what))

    def run(self):
        board, work, commit, say = self.board, self.work, self.commit, self.say
        try:  # this tree's image: built now, or taken from the store when nothing changed
            uf2 = images.build(board, "rp2040", say=say)["path"]
        except firmware.FirmwareError as exc:
            raise ChipError("no firmware image for %s: %s" % (board, exc))
        image, _ = recorded.bench.build_image(board, os.path.join(ROOT, "build", "chip", "image"))
        game = recorded.Game(image, wiring.screen(board), self.game_name)
        stock = Chip(board)
        old = export(commit)
        try:
            in_play, count, slot = self.earlier(stock, game, old)
        finally:
            shutil.rmtree(old, ignore_errors=True)

        say("%s: this tree's make deploy onto it" % board)
        up = os.path.join(work, "deployed-over.img")
        pty = stock.pty(work, fs_in=in_play, fs_out=up)
        try:
            rc, out = stock.make("deploy", pty.link)
        finally:
            pty.stop()
        r, c, s = faults._boot(stock, work, up, "deployed over %s" % commit)
        new_slot = s not in (None, slot)
        self.check(rc == 0 and c == count and new_slot and not faults._crashed(r),
                   "make deploy over %s with a game in play: %s starts, the game with %s actions (%d before)%s" % (
                       commit, "the new slot " + s if new_slot else "the old slot" if s == slot else "nothing",
                       c, count, "" if rc == 0 else "; the deploy failed: " + out[-400:]))
        self.check(*faults._goes_on(stock, game, work, up, count, "deployed over " + commit))

        say("%s: this tree's image %s flashed over it" % (board, os.path.basename(uf2)))
        flashed = Chip(board, uf2)
        r, c, s = faults._boot(flashed, work, in_play, "flashed over %s" % commit)
        self.check(c == count and s == "/" and not faults._crashed(r),
                   "the image flashed over %s with a game in play: %s runs, the game with %s actions (%d before)"
                   % (commit, "the image's frozen copy" if s == "/" else s or "nothing", c, count))
        self.check(*faults._goes_on(flashed, game, work, in_play, count, "flashed over " + commit))
        return self.checks

    def earlier(self, stock, game, old):
        """The earlier release deployed by its own make deploy, the game played partway on
        it: (its flash, the game's actions, the slot it runs from)."""
        board, work, commit, say = self.board, self.work, self.commit, self.say
        say("%s: %s put on a fresh emulated Pico by its own make deploy" % (board, commit))
        deployed = os.path.join(work, "old-deployed.img")
        pty = stock.pty(work, fs_out=deployed)
        try:
            rc, out = stock.make("deploy", pty.link, cwd=old)
        finally:
            pty.stop()
        if rc:
            raise ChipError("the earlier release's make deploy failed:\n" + out[-2000:])
        say("  " + out.strip().splitlines()[-1])
        n = min(self.presses, len(game.presses))
        say("%s: %s played on it, %d presses" % (board, game.game, n))
        probed = os.path.join(work, "old-probe.img")
        stock.with_probe(work, deployed, probed, game.seed, talk=True)
        in_play = os.path.join(work, "old-in-play.img")
        r = stock.play({"fsIn": probed, "fsOut": in_play, "presses": game.presses, "to": n},
                       work, "%s %s" % (commit, game.game))
        base, count, slot = faults._boot(stock, work, in_play, "%s with a game in play" % commit)
        if count is None or count <= 0 or faults._crashed(base):
            raise ChipError("the earlier release did not keep a game in play: %s" % (faults._crashed(r) or count))
        say("  %s runs from %s, the game with %d actions" % (commit, slot, count))
        return in_play, count, slot


def arguments(parser):
    parser.add_argument("--board", help="boards, comma-separated (default: %s, the boards 0.1.0 had)"
                        % ",".join(OLD_BOARDS))
    parser.add_argument("--game", default="taubertal", choices=recorded.GAMES)
    parser.add_argument("--presses", type=int, default=60, help="presses of the game played on the earlier release")
    parser.add_argument("--from", dest="commit", default=RELEASE_0_1_0, help="the earlier release's commit")


def run(state, args):
    if not emulated.available():
        state.out("make chip-upgrade: no emulated Pico at %s (set PICOEMU=...): nothing was run" % emulated.PICOEMU)
        return 2

    def say(text):
        state.out("[upgrade %s] %s" % (time.strftime("%H:%M:%S"), text))

    started = time.monotonic()
    checks = []
    for board in (args.board.split(",") if args.board else OLD_BOARDS):
        checks += Upgrade(board, args.game, args.presses, args.commit, say).run()
    failed = [c for c in checks if not c["ok"]]
    state.out("chip-upgrade: %d passed, %d failed (%.0f min)" % (
        len(checks) - len(failed), len(failed), (time.monotonic() - started) / 60))
    return 1 if failed else 0
