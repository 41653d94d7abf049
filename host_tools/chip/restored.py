"""make chip's backup check: make backup off one gadget with a game in play, make restore
onto another that holds files of its own, both over the emulated serial port as a user runs
them (host_tools/pico/backup.py). The game must go on there with every action it had, and
no file of the second gadget outside /data may change by a byte."""
import os

from . import faults


def _make_on(chip, work, image, after, target, setting):
    """make target over the serial port of the gadget whose flash is image; its flash after
    goes to after: (exit code, output)."""
    pty = chip.pty(work, fs_in=image, fs_out=after)
    try:
        return chip.make(target, pty.link, more=[setting])
    finally:
        pty.stop()


def backup_restore(chip, game, work, saved, deployed, rng, say):
    a = os.path.join(work, "backup-a.img")
    b = os.path.join(work, "backup-b.img")
    chip.with_probe(work, saved, a, game.seed, talk=True)
    chip.with_probe(work, deployed, os.path.join(work, "backup-b0.img"), game.seed, talk=True)
    blobs = []
    for i in range(faults.OTHER_FILES):
        path = os.path.join(work, "theirs%02d.bin" % i)
        with open(path, "wb") as f:
            f.write(bytes(rng.randrange(256) for _ in range(4096)))
        blobs.append(["/files/theirs%02d.bin" % i, path])
    chip.play({"fsIn": os.path.join(work, "backup-b0.img"), "fsOut": b, "put": blobs},
                  work, "files")
    _, want, _ = faults._boot(chip, work, a, "gadget A")
    theirs = faults._others(faults._files(chip, work, b))
    backup = os.path.join(work, "schaffner-backup.json")
    rc, out = _make_on(chip, work, a, os.path.join(work, "backup-a1.img"), "backup", "OUT=" + backup)
    if rc:
        return [faults._check("backup", False, "make backup off a gadget with a game in play failed: " + out[-400:])]
    restored = os.path.join(work, "restored-b.img")
    rc, out = _make_on(chip, work, b, restored, "restore", "FROM=" + backup)
    if rc:
        return [faults._check("backup", False, "make restore onto another gadget failed: " + out[-400:])]
    ok, what = faults._goes_on(chip, game, work, restored, want, "restored onto B")
    checks = [faults._check("backup", ok, "make backup, then make restore onto another gadget: " + what)]
    played = os.path.join(work, "restored-onto-B-played.img")
    now = faults._others(faults._files(chip, work, played))
    changed = sorted(p for p in set(theirs) | set(now) if theirs.get(p) != now.get(p))
    checks.append(faults._check("backup", not changed, "B's own files after the restore and play: %s" % (
        "unchanged (%d files)" % len(theirs) if not changed else "CHANGED: " + ", ".join(changed[:6]))))
    say("  backup and restore: %s" % ", ".join("ok" if c["ok"] else "FAILED" for c in checks))
    return checks
