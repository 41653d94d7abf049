"""make chip's firmware part: the board's image from make firmware on the emulated Pico.

The image (build/firmware/schaffner-<board>-pico-<version>.uf2) boots an empty flash, which it
formats, into the app; the recorded games are then played on it and cut into as on the
deployed gadget (cli.py), the heap the frozen code leaves measured in the cuts' runs.
Flashing onto a gadget make deploy set up keeps its flash: the game in play goes on, and
the launcher runs the newer of the slot and the image (firmware/launcher.py).
"""
import json
import os
import runpy

from .. import paths
from ..pico import images
from . import emulated, faults
from .emulated import ROOT, ChipError

paths.device_code_on_path()
import launcher  # noqa: E402  (firmware/launcher.py: the rule the image follows)

BUILD = os.path.join(ROOT, "build", "firmware")


def image(board):
    """The board's image for a Pico (the RP2040, the chip emulated here), built from this
    tree's version, or None."""
    path = images.output_path(board, "rp2040")
    return path if os.path.isfile(path) else None


def stamp(board):
    """The stamp frozen into the board's image, as make firmware staged it."""
    return runpy.run_path(os.path.join(BUILD, board, "frozen", "firmware_stamp.py"))["STAMP"]


def first_boot(chip, work):
    """The image on an empty flash: (the flash after its first boot, ms to its first screen)."""
    out = os.path.join(work, "flashed.img")
    r = chip.play({"fsOut": out, "bootOnly": True}, work, "first boot of the image")
    if r["boot"] is None or faults._crashed(r):
        raise ChipError("the image shows no screen at its first boot: %s" % faults._crashed(r))
    return out, r["boot"]


def _where(cwd):
    return "the image's frozen copy" if cwd == "/" else "the slot %s" % cwd


def over_deploy(chip, game, work, saved, say):
    """The image (chip's firmware) flashed onto a make deploy gadget with a game in play
    (saved): the game must go on with the actions it had, run by the copy the launcher's
    rule picks (the slot holds the code of this tree too); then, with the slot's stamp a
    second newer than the image's, by the slot. Returns the checks."""
    gadget = os.path.join(work, "deployed-gadget.img")
    stock = chip.stock()
    stock.with_probe(work, saved, gadget, game.seed, talk=True)
    before, count, slot = faults._boot(stock, work, gadget, "deployed gadget")
    if before["boot"] is None or count is None or slot is None:
        return [faults._check("flashed", False, "the deployed gadget did not start its game: %s"
                              % faults._crashed(before))]
    checks = []
    image_stamp = stamp(chip.board)
    deployed = _slot_stamp(chip, work, gadget, slot)
    want = slot if launcher.runs_slot(deployed, image_stamp) else "/"
    after, c, cwd = faults._boot(chip, work, gadget, "flashed over the deploy")
    ok = c == count and cwd == want and not faults._crashed(after)
    checks.append(faults._check("flashed", ok, "the image flashed onto a make deploy gadget with a game in play: "
                                "%s runs (%s expected), the game %s" % (
                                    _where(cwd), _where(want), "with its %d actions" % count if c == count else
                                    "with %s actions, not %d; %s" % (c, count, faults._crashed(after)))))
    newer = dict(image_stamp, time=image_stamp["time"] + 1)
    path = os.path.join(work, "newer-stamp.json")
    with open(path, "w") as f:
        json.dump(newer, f)
    touched = os.path.join(work, "newer-slot.img")
    chip.play({"fsIn": gadget, "fsOut": touched, "put": [[slot + "/version.json", path]]}, work, "newer slot")
    r, c, cwd = faults._boot(chip, work, touched, "slot newer than the image")
    ok = c == count and cwd == slot and not faults._crashed(r)
    checks.append(faults._check("flashed", ok, "the slot's stamp a second newer than the image's: %s runs, "
                                "the game %s" % (_where(cwd), "with its %d actions" % count if c == count else
                                                 "with %s actions, not %d" % (c, count))))
    say("  flashed over make deploy: %s; a newer slot: %s" % (
        "ok" if checks[0]["ok"] else "FAILED", "ok" if checks[1]["ok"] else "FAILED"))
    return checks


def _slot_stamp(chip, work, image_path, slot):
    """The version.json make deploy wrote into the slot of image_path."""
    copy = emulated.fresh(os.path.join(work, "stamp-copy"))
    pty = chip.pty(work, fs_in=image_path, hold_back=True)
    try:
        rc, out = emulated.mpremote(pty.link, "cp", ":%s/version.json" % slot, os.path.join(copy, "version.json"))
    finally:
        pty.stop()
    if rc:
        raise ChipError("reading %s/version.json failed: %s" % (slot, out[-300:]))
    with open(os.path.join(copy, "version.json")) as f:
        return json.load(f)
