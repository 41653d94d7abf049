"""Whole saves that survive a power cut: the settings, a setup's presses, a game's snapshot.

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

_SLICE = const(1024)  # bytes of a save written per step: littlefs's cache


def compact(data):
    """data as JSON without spaces: fewer bytes on flash."""
    return json.dumps(data, separators=(",", ":"))


def _heal(fs, root):
    """No folder root: a restore or a move of the saves (host_tools/pico/backup.py)
    that was cut between its two renames (root to root.old, then root.new, whole
    and read back, to root) is finished; without root.new, root.old goes back."""
    old = root + ".old"
    if fs.exists(old):
        new = root + ".new"
        fs.rename(new if fs.exists(new) else old, root)


class FileStore:
    """The saves in the folder root, through the files layer fs (app.flash)."""

    def __init__(self, root, fs=None):
        self.root = root
        self.fs = fs = fs or OsFiles()
        if not fs.exists(root):
            _heal(fs, root)
        fs.makedirs(root)

    def _path(self, name, ext):
        return "%s/%s.%s" % (self.root, name, ext)

    def saving(self, name, data):
        """Write data (JSON-compatible) under name without ever losing the last good
        save, as work for the app's flash queue (app.flash): the text
        first, then one flash operation per step."""
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

    def commit(self, name):
        """Put a complete name.new in place of name.json, which becomes name.bak
        (a rename replaces the file it is given as the new name): the renames of
        a save a power cut stopped after its text was whole."""
        cur = self._path(name, "json")
        if self.fs.exists(cur):
            self.fs.rename(cur, self._path(name, "bak"))
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
            path = self._path(name, ext)
            if not self.fs.exists(path):
                continue
            try:
                data = self.fs.read_json(path)
                return (build(data) if build else data), fell_back, data, ext
            except (ValueError, OSError, KeyError, TypeError):
                # a half-written .new is a save cut short, not damage to report
                fell_back = fell_back or ext != "new"
        return None, fell_back, None, None

    def keep_aside(self, name, extra=()):
        """Move every copy of the save name (and the files named in extra) into a
        new folder kept<N> beside them; return the folder's path."""
        n = 1
        while self.fs.exists("%s/kept%d" % (self.root, n)):
            n += 1
        folder = "%s/kept%d" % (self.root, n)
        self.fs.makedirs(folder)
        for path in [self._path(name, ext) for ext in ("new", "json", "bak")] + list(extra):
            if self.fs.exists(path):
                dest = folder + path[len(self.root):]
                self.fs.makedirs(dest.rsplit("/", 1)[0])  # a log's own folder
                self.fs.rename(path, dest)
        return folder
