"""A gadget running an earlier release, with a game in play, upgraded on the emulated Pico.

    .venv/bin/python host_tools/chip/upgrade.py [--board pico_oled] [--game taubertal]
                                                [--presses 60] [--from 7a45f6d]

1. The earlier release (--from: a commit, 0.1.0's by default) is taken out of git into a
   temporary folder and put onto a fresh emulated Pico (picoemu's stock MicroPython 1.28)
   by its own make deploy.
2. A game is played partway on it: this tree's recorded presses of the game (make chip's),
   the first --presses of them, through the GPIO pins; make chip's probe says how many
   actions the game holds at each boot.
3. This tree's version goes onto that gadget, each way from the same flash:
   a. make deploy, as a player with the repository runs it;
   b. the firmware image of this tree (make firmware's, built first where it is not) flashed
      over it.
   Each time the new version must start (the new slot; the image's frozen copy), with the
   game and every action it had, and the game must go on: resumed, five undos, a power cut,
   the count still there (faults._goes_on, as make chip's checks of moved saves).
Results on stdout, the exit code 1 on a failed check. Not part of make chip: it builds the
earlier release's files as it deploys them, and takes about 5 minutes a board.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import emulated  # noqa: E402
import faults  # noqa: E402
import flashed  # noqa: E402
import recorded  # noqa: E402
import wiring  # noqa: E402
from emulated import ROOT, ChipError  # noqa: E402

RELEASE_0_1_0 = "7a45f6d"  # package.json said 0.1.0 up to this commit (CHANGELOG.md)
OLD_BOARDS = ("pico_oled", "pico_display_pack")  # the boards 0.1.0 had


def say(text):
    print("[upgrade %s] %s" % (time.strftime("%H:%M:%S"), text), flush=True)


def export(commit):
    """The tree of commit in a temporary folder, with this tree's .venv and node_modules
    (the tools its make deploy calls; their install stamps older than its requirements
    would make make install them again, so its files keep the commit's time)."""
    dest = tempfile.mkdtemp(prefix="schaffner-%s-" % commit)
    subprocess.run("git -C %s archive %s | tar -x -C %s" % (ROOT, commit, dest), shell=True, check=True)
    for name in (".venv", "node_modules"):
        os.symlink(os.path.join(ROOT, name), os.path.join(dest, name))
    for name in ("requirements-host.txt", "requirements-stubs.txt", "package.json", "package-lock.json"):
        os.utime(os.path.join(dest, name), (0, 0))
    return dest


def check(kind, ok, what):
    say("  %s %s" % ("ok    " if ok else "FAILED", what))
    return faults._check(kind, ok, what)


def upgrade(board, game_name, presses, commit):
    """The checks of one board (a list of make chip's check dicts)."""
    work = emulated.fresh(os.path.join(ROOT, "build", "chip", "upgrade-" + board))
    try:  # this tree's image: built now, or taken from the store when nothing changed
        uf2 = flashed.images.build(board, "rp2040", say=say)["path"]
    except flashed.images.firmware.FirmwareError as exc:
        raise ChipError("no firmware image for %s: %s" % (board, exc))
    image, _ = recorded.bench.build_image(wiring.screen(board), os.path.join(ROOT, "build", "chip", "image"))
    game = recorded.Game(image, wiring.screen(board), game_name)
    old = export(commit)
    checks = []
    try:
        say("%s: %s put on a fresh emulated Pico by its own make deploy" % (board, commit))
        deployed = os.path.join(work, "old-deployed.img")
        pty = emulated.Pty(board, work, fs_out=deployed)
        try:
            rc, out = emulated.make("deploy", board, pty.link, cwd=old)
        finally:
            pty.stop()
        if rc:
            raise ChipError("the earlier release's make deploy failed:\n" + out[-2000:])
        say("  " + out.strip().splitlines()[-1])
        n = min(presses, len(game.presses))
        say("%s: %s played on it, %d presses" % (board, game_name, n))
        probed = os.path.join(work, "old-probe.img")
        emulated.with_probe(board, work, deployed, probed, game.seed, talk=True)
        in_play = os.path.join(work, "old-in-play.img")
        r = emulated.play({"board": board, "fsIn": probed, "fsOut": in_play, "presses": game.presses, "to": n},
                          work, "%s %s" % (commit, game_name))
        base, count, slot = faults._boot(board, work, in_play, "%s with a game in play" % commit)
        if count is None or count <= 0 or faults._crashed(base):
            raise ChipError("the earlier release did not keep a game in play: %s" % (faults._crashed(r) or count))
        say("  %s runs from %s, the game with %d actions" % (commit, slot, count))

        say("%s: this tree's make deploy onto it" % board)
        up = os.path.join(work, "deployed-over.img")
        pty = emulated.Pty(board, work, fs_in=in_play, fs_out=up)
        try:
            rc, out = emulated.make("deploy", board, pty.link)
        finally:
            pty.stop()
        r, c, s = faults._boot(board, work, up, "deployed over %s" % commit)
        ok = rc == 0 and c == count and s not in (None, slot) and not faults._crashed(r)
        checks.append(check("upgrade", ok, "make deploy over %s with a game in play: %s starts, the game with %s "
                            "actions (%d before)%s" % (commit, "the new slot " + s if s not in (None, slot) else
                                                       "the old slot" if s == slot else "nothing", c, count,
                                                       "" if rc == 0 else "; the deploy failed: " + out[-400:])))
        ok, what = faults._goes_on(board, game, work, up, count, "deployed over " + commit)
        checks.append(check("upgrade", ok, what))

        say("%s: this tree's image %s flashed over it" % (board, os.path.basename(uf2)))
        emulated.firmware = uf2
        try:
            r, c, s = faults._boot(board, work, in_play, "flashed over %s" % commit)
            ok = c == count and s == "/" and not faults._crashed(r)
            checks.append(check("upgrade", ok, "the image flashed over %s with a game in play: %s runs, the game "
                                "with %s actions (%d before)" % (commit, "the image's frozen copy" if s == "/" else
                                                                  s or "nothing", c, count)))
            ok, what = faults._goes_on(board, game, work, in_play, count, "flashed over " + commit)
            checks.append(check("upgrade", ok, what))
        finally:
            emulated.firmware = None
    finally:
        shutil.rmtree(old, ignore_errors=True)
    return checks


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", help="boards, comma-separated (default: %s)" % ",".join(OLD_BOARDS))
    ap.add_argument("--game", default="taubertal", choices=recorded.GAMES)
    ap.add_argument("--presses", type=int, default=60, help="presses of the game played on the earlier release")
    ap.add_argument("--from", dest="commit", default=RELEASE_0_1_0, help="the earlier release's commit")
    args = ap.parse_args(argv)
    if not emulated.available():
        print("upgrade: no emulated Pico at %s (set PICOEMU=...): nothing was run" % emulated.PICOEMU)
        return 2
    started = time.monotonic()
    checks = []
    try:
        for board in (args.board.split(",") if args.board else OLD_BOARDS):
            checks += upgrade(board, args.game, args.presses, args.commit)
    except ChipError as exc:
        say("failed: %s" % exc)
        return 1
    failed = [c for c in checks if not c["ok"]]
    print("upgrade: %d passed, %d failed (%.0f min)" % (len(checks) - len(failed), len(failed),
                                                        (time.monotonic() - started) / 60))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
