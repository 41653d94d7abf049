"""Whole saves that survive a power cut: a game's snapshot too long for its log, and the
settings, the roster and a setup's presses of a version before (app.small_saves).

A save (``FileStore.saving``) writes ``name.new``, moves the current
``name.json`` to ``name.bak`` and renames ``name.new`` into place.  Whatever
instant the power goes, one of the three files holds a complete save: loading
tries a complete ``.new`` first (it only exists while a save is under way, so
it is the newest), then the current file, then the previous one, and says
when it had to fall back.
"""
import json

from micropython import const

from app.flash import OsFiles
from app.ringlog import RingLog

_SLICE = const(1024)  # bytes of a save written per step: littlefs's cache
SETTINGS = "settings"  # the small saves (app.small_saves): files of a version before here
SETUP = "setup"  # the presses of a new game's setup, from the game menu on
ROSTER = "roster"  # (app.players)
NAMES = (SETTINGS, SETUP, ROSTER)
SMALL_BLOCKS = const(2)
SMALL_FOLDER = "/small.ring"  # (under the store's root) their log's blocks
PLAYS = "plays.ring"  # the history's ring log (app.history), in the store's folder
PLAYS_BLOCKS = const(20)  # its blocks: 80 KB, about 200 games of four players (at least 95 of the longest)


def compact(data):
    """data as JSON without spaces: fewer bytes on flash."""
    return json.dumps(data, separators=(",", ":"))


# Reading the small saves is here, with the store the app keeps: a boot reads them, and
# app.small_saves, which writes them, is in the heap only while it does.
def small_log(owner, make):
    """The small saves' log in owner.small (an App's: its RingLog), found under the store's
    small.ring/ files, made where they are missing and make; None while they are not."""
    ring = owner.small
    if ring is None:
        store = owner.store
        blocks = store.fs.ring(store.root + SMALL_FOLDER, SMALL_BLOCKS, make)
        if blocks is not None:
            ring = owner.small = RingLog(blocks)
    return ring


def small_values(owner):
    """{name: value} of the small saves: the log's, or where it holds no snapshot record
    (its records in play: every block begins with one), the files of a version before;
    and whether they are the log's."""
    ring = small_log(owner, False)
    values = {}  # type: dict
    if ring is not None:
        for text in ring.read(-1):
            try:
                for key, value in json.loads(text).items():
                    fold(values, key, value)
            except (ValueError, TypeError, AttributeError):
                pass  # not written by this program; its CRC held
        if ring.snap >= 0:
            return values, True
    for name in NAMES:
        values[name], _ = owner.store.load(name)
    return values, False


def fold(values, key, value):
    """A small save's record, its key and value, into values: "+name" adds its items to
    name's list."""
    if key[:1] == "+":
        old = values.get(key[1:])
        if isinstance(old, list) and isinstance(value, list):
            old.extend(value)
        return
    values[key] = value


class FileStore:
    """The saves in the folder root, through the files layer fs (app.flash)."""

    def __init__(self, root, fs=None):
        self.root = root
        self.fs = fs = fs or OsFiles()
        self.listing = None  # the folder's names while a boot reads its saves (look())
        if not fs.exists(root) and fs.exists(root + ".old"):  # a restore cut short
            from app.repair import heal
            heal(fs, root)
        fs.makedirs(root)

    def _path(self, name, ext):
        return "%s/%s.%s" % (self.root, name, ext)

    def look(self, on=True):
        """While a boot reads its saves (on), whether a file is in the folder is answered
        from one listing of it: littlefs walks the folder's records for every look at a
        file (about 1 ms each on a Pico, a dozen a boot).  Anything the store writes ends it.
        The files layer keeps the walk to the ring logs' blocks meanwhile (OsFiles.look)."""
        self.listing = self.fs.names(self.root) if on else None
        self.fs.look(on)

    def has(self, name):
        """Whether the folder holds name (a file or a folder)."""
        if self.listing is not None:
            return name in self.listing
        return self.fs.exists("%s/%s" % (self.root, name))

    def saving(self, name, data, text=None):
        """Write data (JSON-compatible) under name without ever losing the last good
        save, as work for the app's flash queue (app.flash): the text (compact(data),
        unless made already) first, then one flash operation per step."""
        self.listing = None
        if text is None:
            text = compact(data)
        del data
        yield
        w = self.fs.writer(self._path(name, "new"))
        yield
        for i in range(0, len(text), _SLICE):
            w.write(text[i:i + _SLICE])
            yield
        w.close()
        del text, w
        yield
        cur = self._path(name, "json")
        if self.fs.exists(cur):
            self.fs.rename(cur, self._path(name, "bak"))
            yield
        self.fs.rename(self._path(name, "new"), cur)

    def load(self, name, build=None):
        """Return (value, fell_back) from the newest readable save, or (None, fell_back).

        ``build(data)`` turns the parsed data into the value to return, raising
        ValueError to refuse a save that parses but is not what the caller
        expects (another program's, or a corrupt one).
        """
        value, fell_back, _, _ = self.newest(name, build)
        return value, fell_back

    def newest(self, name, build):
        """(value, fell_back, data, ext) of the newest readable save: load()'s
        answer, the data parsed and the copy it came from ("new", "json" or
        "bak"; None when none could be read)."""
        fell_back = False
        for ext in ("new", "json", "bak"):
            if not self.has("%s.%s" % (name, ext)):
                continue
            path = self._path(name, ext)
            try:
                data = self.fs.read_json(path)
                return (build(data) if build else data), fell_back, data, ext
            except (ValueError, OSError, KeyError, TypeError):
                # a half-written .new is a save cut short, not damage to report
                fell_back = fell_back or ext != "new"
        return None, fell_back, None, None

    def keep_aside(self, name, extra=()):
        """Move every copy of the save name (and the files named in extra) into a
        new folder kept<N> beside them; return the folder's path (app.repair)."""
        from app.repair import keep_aside
        self.listing = None
        return keep_aside(self, name, extra)
