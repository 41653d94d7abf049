"""make chip's faults, on the emulated Pico, each drawn from make chip's seed.

Every check is a dict: kind, ok, what (in words, with what to rerun).  The app says
how many actions its journal holds when it starts and after each event (the probe,
probe_os.py, with _TALK): that is what "the game resumes" is checked by.
"""
import os
import re
import shutil
import tempfile

from . import emulated
from .emulated import ROOT, ChipError

RESUME = [2, 0]  # OK on the main menu: "Resume game", its first entry while a game is saved
UNDO = [7, 0]  # long BACK on a game's screen: take the last action back
UNDOS = 5
CHANGED = ("firmware/app/app.py", "firmware/app/menus.py", "firmware/app/game_save.py")
OTHER_FILES = 24  # another gadget's files: 24 files of 4 KB


def _counts(output):
    """(the count the app started with, [the count after each event]) from the probe's lines."""
    boot = re.findall(r"CHIP boot (-?\d+)", output)
    after = [int(n) for n in re.findall(r"CHIP n (-?\d+)", output)]
    return (int(boot[0]) if boot else None), after


def heap_in(output, heap=(0, 0, 0)):
    """The most heap in use, the most left after a collection, and the heap's size, from the
    probe's lines in output and what heap already held."""
    for used in re.findall(r"CHIP heap (\d+) (\d+) (\d+)", output):
        heap = [max(a, int(b)) for a, b in zip(heap, used)]
    return list(heap)


def names_in(output):
    """MicroPython's interned names at the last new most of the heap, from the probe's lines
    in output: [pools, names, bytes they take], or None without one (names only grow)."""
    found = re.findall(r"qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=\d+, n_total_bytes=(\d+)", output)
    return [int(n) for n in found[-1]] if found else None


def heap_peak_at(output):
    """How many events the app had taken when the most heap in use so far was last seen (the
    probe prints CHIP n after each event and CHIP heap at each new most), None without one."""
    events, at, best = 0, None, -1
    for kind, n in re.findall(r"CHIP (n|heap) (-?\d+)", output):
        if kind == "n":
            events += 1
        elif int(n) > best:
            best, at = int(n), events
    return at


def _crashed(result):
    """What stopped a replay: the player's error (a stall names its slices and the app's
    traceback), else the device's traceback, else how main.py ended."""
    if result.get("error"):
        return result["error"][:1200]
    out = result.get("output", "")
    if "Traceback" in out:
        return out[out.index("Traceback"):][:600]
    return result.get("ended")


def _check(kind, ok, what):
    return {"kind": kind, "ok": bool(ok), "what": what}


def power_cuts(chip, game, played, work, deployed, n, rng, say):
    """Cut the power at n moments of the game, drawn at random among its presses from its
    first action on and within each press (from the finger down to the screen at rest, as
    the replay timed it: the save's flash operations included).  After each cut the
    gadget boots from its flash as it was at that instant: the game must be there with
    the actions it had before the press in flight, or with that press's too; then it is
    resumed (OK) and the recorded presses go on from the next one to the next cut, and after
    the last one to the end of the game.  These runs talk (the probe's _TALK): they also say
    the most heap the game took (played["heap"])."""
    image = os.path.join(work, game.game + "-talk.img")
    chip.with_probe(work, deployed, image, game.seed, talk=True)
    timed = played["presses"]
    first = next((i for i, a in enumerate(played["actions"]) if a != "-"), None)
    if first is None:
        say("  no action in the presses played: nothing to cut into (more PRESSES)")
        return []
    picks = sorted(rng.sample(range(first, len(timed)), min(n, len(timed) - first)))
    cuts = [(k, rng.uniform(0, timed[k]["rest"] - timed[k]["down"])) for k in picks]
    checks = []
    pos = 0
    prefix = []
    allowed = None  # the counts the boot after the last cut may find
    last = None
    heap = [0, 0, 0]
    for j, (k, after_ms) in enumerate(cuts + [(None, None)]):
        # up to the press cut into; after the last cut, the rest of the game
        segment = prefix + [list(p) for p in game.presses[pos:(k + 1 if k is not None else len(timed))]]
        job = {"fsIn": image, "presses": segment}
        if k is not None:
            job["cutPress"] = len(segment) - 1
            job["cutAfter"] = after_ms
            job["fsOut"] = os.path.join(work, "%s-cut%d.img" % (game.game, j))
        r = chip.play(job, work, "%s %s cut %d" % (chip.board, game.game, j))
        boot, counts = _counts(r["output"])
        heap = heap_in(r["output"], heap)
        played["heap"] = heap
        if allowed is not None:
            ok = r["boot"] is not None and boot in allowed and "Traceback" not in r["output"]
            checks.append(_check("power cut", ok, "%s, cut %.1f ms into press %d (%s): the boot found %s actions, %s %s%s" % (
                game.game, last[1], last[0], game.label(last[0]), boot, "expected" if not ok else "one of",
                sorted(allowed), "" if ok else "; " + str(_crashed(r)))))
            checks[-1]["boot_ms"] = r["boot"]
            if not ok:
                return checks
        if k is None:
            if len(r["presses"]) < len(segment):
                checks.append(_check("power cut", False, "%s: the game after the last cut stopped: %s" % (
                    game.game, _crashed(r))))
            break
        if not r["cut"]:
            checks.append(_check("power cut", False, "%s: the run before cut %d ended first: %s" % (
                game.game, j, _crashed(r))))
            return checks
        done = len(r["presses"])  # presses finished before the one in flight
        before = counts[done - 1] if done else boot
        allowed = {before} | ({counts[done]} if len(counts) > done else set())
        last = (k, after_ms)
        image = job["fsOut"]
        prefix = [RESUME]
        pos = k + 1
        say("  cut %d of %d: press %d, %.1f ms after the finger went down" % (j + 1, len(cuts), k, after_ms))
    return checks


def changed_tree():
    """A copy of this tree whose version differs (another package.json version, and a line more in three of
    the app's modules), outside the repository; .venv and node_modules are this one's."""
    dest = tempfile.mkdtemp(prefix="schaffner-changed-")
    for name in ("firmware", "lib", "boards", "host_tools"):
        shutil.copytree(os.path.join(ROOT, name), os.path.join(dest, name),
                        ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("Makefile", "package.json", "package-lock.json", "requirements-host.txt",
                 "requirements-stubs.txt"):
        shutil.copy2(os.path.join(ROOT, name), dest)
    for name in (".venv", "node_modules"):
        os.symlink(os.path.join(ROOT, name), os.path.join(dest, name))
    path = os.path.join(dest, "package.json")  # the one place the version is kept
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(re.sub(r'"version": "([^"]*)"', r'"version": "\1+chip"', text, count=1))
    for name in CHANGED:  # a few of the bigger modules too, so the deploy has more to send
        with open(os.path.join(dest, name), "a") as f:
            f.write("\n_CHANGED = 1  # make chip's changed version\n")
    return dest


def _boot(chip, work, image, label):
    r = chip.play({"fsIn": image, "bootOnly": True}, work, label)
    boot, _ = _counts(r["output"])
    slot = re.findall(r"CHIP boot -?\d+ (\S+)", r["output"])
    return r, boot, slot[0] if slot else None


def deploy_cuts(chip, game, work, saved, n, rng, say):
    """make deploy of a changed version onto a gadget with a game in play, the cable pulled
    after a random number of the bytes the PC sends (of those an uncut deploy sends):
    a complete version must start, with the game as it was."""
    gadget = os.path.join(work, "deploy-gadget.img")
    chip.with_probe(work, saved, gadget, game.seed, talk=True)
    base, count, slot = _boot(chip, work, gadget, "gadget")
    if base["boot"] is None or count is None or count < 0:
        return [_check("deploy cut", False, "the gadget with a game in play did not start with it: %s" % _crashed(base))]
    changed = changed_tree()
    checks = []
    try:
        pty = chip.pty(work, fs_in=gadget, fs_out=os.path.join(work, "deploy-full.img"))
        try:
            rc, out = chip.make("deploy", pty.link, cwd=changed)
        finally:
            pty.stop()
        total = pty.sent()
        r, c, s = _boot(chip, work, os.path.join(work, "deploy-full.img"), "deployed")
        ok = rc == 0 and c == count and s is not None and s != slot and r["key"] == base["key"]
        checks.append(_check("deploy", ok, "make deploy of a changed version onto a gadget in play (%d bytes "
                             "from the PC): %s, the game %s" % (total, "the new version starts" if s != slot else
                                                                "the old version starts",
                                                                "as it was" if c == count else "with %s actions, not %s" % (c, count))
                             + ("" if rc == 0 else "; the deploy failed: " + out[-500:])))
        for j in range(n):
            cut = rng.randrange(1, total)
            image = os.path.join(work, "deploy-cut%d.img" % j)
            pty = chip.pty(work, fs_in=gadget, fs_out=image, cable_bytes=cut)
            try:
                rc, out = chip.make("deploy", pty.link, cwd=changed)
            finally:
                pty.stop()
            r, c, s = _boot(chip, work, image, "deploy cut %d" % j)
            ok = r["boot"] is not None and c == count and s is not None and r["key"] == base["key"] and not _crashed(r)
            which = "none" if s is None else ("the old version" if s == slot else "the new version")
            checks.append(_check("deploy cut", ok, "cable pulled after %d of %d bytes: %s starts, the game %s" % (
                cut, total, which, "as it was" if ok else "with %s actions, not %s; %s" % (c, count, _crashed(r)))))
            say("  cable pull %d of %d: after %d of %d bytes, %s starts" % (j + 1, n, cut, total, which))
    finally:
        shutil.rmtree(changed, ignore_errors=True)
    return checks


def _files(chip, work, image):
    return chip.play({"fsIn": image, "files": True}, work, "files")["files"]


def _others(files):
    return {p: h for p, h in files.items() if not p.startswith("/data/")}


def _copy(chip, work, src_image, dst_image, args, label):
    """mpremote cp on the gadget of src_image, BACK held so the app stays off (as a user
    gets the REPL); the flash afterwards goes to dst_image."""
    pty = chip.pty(work, fs_in=src_image, fs_out=dst_image, hold_back=True)
    try:
        rc, out = emulated.mpremote(pty.link, "cp", "-r", *args)
    finally:
        pty.stop()
    if rc:
        raise ChipError("mpremote cp %s (%s) failed: %s" % (" ".join(args), label, out[-500:]))


def _goes_on(chip, game, work, image, want, label):
    """Boot image: the game must have want actions; resumed, five undos, power off and on:
    the count it ends with must still be there.  (ok, what)."""
    after = os.path.join(work, label.replace(" ", "-") + "-played.img")
    r = chip.play({"fsIn": image, "fsOut": after, "presses": [RESUME] + [UNDO] * UNDOS},
                      work, label)
    boot, counts = _counts(r["output"])
    if boot != want or _crashed(r):
        return False, "%s: the game came with %s actions, not %s %s" % (label, boot, want, _crashed(r) or "")
    again, end, _ = _boot(chip, work, after, label + " again")
    if not counts or end != counts[-1]:
        return False, "%s: after %d undos the game had %s actions, after a power cut %s" % (
            label, UNDOS, counts[-1] if counts else None, end)
    return True, "%s: the game came with its %d actions, went on (%d undos: %d), and kept them over a power cut" % (
        label, want, UNDOS, end)


def saves_moved(chip, game, work, saved, deployed, rng, say):
    """/data copied with mpremote off gadget A (a game in play) onto gadget B (the same
    version, with 24 files of its own), played there, then copied back onto A: the game
    goes on on each, and no file outside /data on either flash changes by a byte."""
    a = os.path.join(work, "move-a.img")
    b = os.path.join(work, "move-b.img")
    chip.with_probe(work, saved, a, game.seed, talk=True)
    chip.with_probe(work, deployed, os.path.join(work, "move-b0.img"), game.seed, talk=True)
    blobs = _blobs(work, rng, "other")
    chip.play({"fsIn": os.path.join(work, "move-b0.img"), "fsOut": b, "put": blobs}, work, "files")
    _, want, _ = _boot(chip, work, a, "gadget A")
    files_a, files_b = _others(_files(chip, work, a)), _others(_files(chip, work, b))
    checks = []
    copy = emulated.fresh(os.path.join(work, "copy"))
    a1, b1 = os.path.join(work, "move-a1.img"), os.path.join(work, "move-b1.img")
    _copy(chip, work, a, a1, [":/data", copy], "off A")
    _copy(chip, work, b, b1, [os.path.join(copy, "data"), ":"], "onto B")
    ok, what = _goes_on(chip, game, work, b1, want, "moved onto B")
    checks.append(_check("saves moved", ok, what))
    b2 = os.path.join(work, "moved-onto-B-played.img")
    changed = sorted(p for p, h in _others(_files(chip, work, b2)).items() if files_b.get(p) != h)
    changed += sorted(p for p in files_b if p not in _others(_files(chip, work, b2)))
    checks.append(_check("saves moved", not changed, "B's own files after the move and play: %s" % (
        "unchanged (%d files)" % len(files_b) if not changed else "CHANGED: " + ", ".join(changed[:6]))))
    back = emulated.fresh(os.path.join(work, "copy-back"))
    b3, a2 = os.path.join(work, "move-b3.img"), os.path.join(work, "move-a2.img")
    _copy(chip, work, b2, b3, [":/data", back], "off B")
    _, moved_on, _ = _boot(chip, work, b2, "gadget B")
    _copy(chip, work, a1, a2, [os.path.join(back, "data"), ":"], "back onto A")
    ok, what = _goes_on(chip, game, work, a2, moved_on, "back onto A")
    checks.append(_check("saves moved", ok, what))
    a3 = os.path.join(work, "back-onto-A-played.img")
    now_a = _others(_files(chip, work, a3))
    changed = sorted(p for p in set(files_a) | set(now_a) if files_a.get(p) != now_a.get(p))
    checks.append(_check("saves moved", not changed, "A's own files after the copy back and play: %s" % (
        "unchanged (%d files)" % len(files_a) if not changed else "CHANGED: " + ", ".join(changed[:6]))))
    return checks


def _blobs(work, rng, stem):
    """OTHER_FILES files of 4 KB drawn from rng: [[path on the gadget, path here]]."""
    blobs = []
    for i in range(OTHER_FILES):
        path = os.path.join(work, "%s%02d.bin" % (stem, i))
        with open(path, "wb") as f:
            f.write(bytes(rng.randrange(256) for _ in range(4096)))
        blobs.append(["/files/%s%02d.bin" % (stem, i), path])
    return blobs


def saves_restored(chip, game, work, saved, rng, say):
    """/data put back onto the gadget it was copied off: once after the game went on
    there (the copy's game must come back, its log's files now in blocks littlefs picks
    anew), once at once (the files' bytes the same as in the blocks they had, which
    littlefs counts as free now); then files of the gadget's own onto it, so littlefs hands
    those blocks out, and the game played again: it goes on, and every file outside /data
    stays as it was written."""
    a = os.path.join(work, "restore-a.img")
    chip.with_probe(work, saved, a, game.seed, talk=True)
    _, want, _ = _boot(chip, work, a, "gadget")
    checks = []
    copy = emulated.fresh(os.path.join(work, "copy-kept"))
    a1, a2 = os.path.join(work, "restore-a1.img"), os.path.join(work, "restore-a2.img")
    _copy(chip, work, a, a1, [":/data", copy], "off the gadget")
    ok, what = _goes_on(chip, game, work, a1, want, "played after the copy")
    checks.append(_check("saves restored", ok, what))
    _copy(chip, work, os.path.join(work, "played-after-the-copy-played.img"), a2,
          [os.path.join(copy, "data"), ":"], "put back")
    ok, what = _goes_on(chip, game, work, a2, want, "put back")
    checks.append(_check("saves restored", ok, what))
    say("  /data put back after the game went on: %s" % ("ok" if ok else "FAILED"))
    a3 = os.path.join(work, "put-back-played.img")
    _, now, _ = _boot(chip, work, a3, "gadget")
    same = emulated.fresh(os.path.join(work, "copy-same"))
    a4, a5 = os.path.join(work, "restore-a4.img"), os.path.join(work, "restore-a5.img")
    _copy(chip, work, a3, a4, [":/data", same], "off the gadget again")
    # mpremote leaves a file whose bytes are the same unless forced: a table's other tools do not
    _copy(chip, work, a4, a5, ["-f", os.path.join(same, "data"), ":"], "straight back")
    ok, what = _goes_on(chip, game, work, a5, now, "put back unchanged")
    checks.append(_check("saves restored", ok, what))
    a6 = os.path.join(work, "restore-a6.img")
    chip.play({"fsIn": os.path.join(work, "put-back-unchanged-played.img"), "fsOut": a6,
                   "put": _blobs(work, rng, "own")}, work, "files")
    _, then, _ = _boot(chip, work, a6, "gadget")
    files = _others(_files(chip, work, a6))
    ok, what = _goes_on(chip, game, work, a6, then, "with files of its own since")
    checks.append(_check("saves restored", ok, what))
    after = _others(_files(chip, work, os.path.join(work, "with-files-of-its-own-since-played.img")))
    changed = sorted(p for p in set(files) | set(after) if files.get(p) != after.get(p))
    checks.append(_check("saves restored", not changed, "the gadget's files after /data put back unchanged, "
                         "%d files written and the game played: %s" % (OTHER_FILES, "unchanged (%d files)" % len(
                             files) if not changed else "CHANGED: " + ", ".join(changed[:6]))))
    say("  /data put back unchanged, then files of its own: %s" % (
        "ok" if all(c["ok"] for c in checks[-2:]) else "FAILED"))
    return checks
