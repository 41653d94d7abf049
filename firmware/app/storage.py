"""Saving that survives a power cut.

A save writes ``name.new``, moves the current ``name.json`` to ``name.bak``
and renames ``name.new`` into place.  Whatever instant the power goes, one of
the three files holds a complete save: loading tries a complete ``.new``
first (it only exists while a save is under way, so it is the newest), then
the current file, then the previous one, and says when it had to fall back.  File
operations go through a small ``fs`` object so tests can cut a write short at
any byte.  The real files stream JSON to and from flash, so a save never
holds the whole text in the heap at once.

Append-only files (``append_record`` / ``records``) hold one JSON record per
line, for logs that grow by a small write instead of a rewrite.  Each record
starts with a newline, so a record a power cut tore off never runs into the
next one; a torn record does not parse and is skipped.
"""
import json
import os


class OsFiles:
    """The real file system (on the Pico: its flash)."""

    def read_json(self, path):
        with open(path) as f:
            return json.load(f)

    def write_json(self, path, data):
        with open(path, "w") as f:
            json.dump(data, f)

    def append(self, path, text):
        with open(path, "a") as f:
            f.write(text)

    def lines(self, path):
        """The file's lines one at a time, so a long file never sits in the heap whole."""
        with open(path) as f:
            for line in f:
                yield line

    def rename(self, old, new):
        os.rename(old, new)

    def remove(self, path):
        try:
            os.remove(path)
        except OSError:
            pass

    def exists(self, path):
        try:
            os.stat(path)
            return True
        except OSError:
            return False

    def makedirs(self, path):
        if path and not self.exists(path):
            os.mkdir(path)


def append_record(fs, path, record):
    """Add record (a list or a dict of JSON values) at the end of the file at path."""
    if not isinstance(record, (list, dict)):
        raise ValueError("a record is a list or a dict")
    fs.append(path, "\n" + json.dumps(record))


def records(fs, path):
    """The complete records of an append-only file, oldest first (none if it is missing)."""
    if not fs.exists(path):
        return
    for line in fs.lines(path):
        if len(line) < 2:
            continue
        try:
            record = json.loads(line)
        except ValueError:
            continue  # torn by a power cut: a number alone could look whole, a list cannot
        if isinstance(record, (list, dict)):
            yield record


class FileStore:
    def __init__(self, root, fs=None):
        self.root = root
        self.fs = fs or OsFiles()
        self.fs.makedirs(root)

    def _path(self, name, ext):
        return "%s/%s.%s" % (self.root, name, ext)

    def save(self, name, data):
        """Write data (JSON-compatible) under name without ever losing the last good save."""
        cur = self._path(name, "json")
        new = self._path(name, "new")
        bak = self._path(name, "bak")
        self.fs.write_json(new, data)
        if self.fs.exists(cur):
            self.fs.remove(bak)
            self.fs.rename(cur, bak)
        self.fs.rename(new, cur)

    def load(self, name, build=None):
        """Return (value, fell_back) from the newest readable save, or (None, fell_back).

        ``build(data)`` turns the parsed data into the value to return, raising
        ValueError to refuse a save that parses but is not what the caller
        expects (another program's, or a corrupt one).
        """
        fell_back = False
        for ext in ("new", "json", "bak"):
            path = self._path(name, ext)
            if not self.fs.exists(path):
                continue
            try:
                data = self.fs.read_json(path)
                return (build(data) if build else data), fell_back
            except (ValueError, OSError, KeyError, TypeError):
                # a half-written .new is a save cut short, not damage to report
                fell_back = fell_back or ext != "new"
        return None, fell_back

    def delete(self, name):
        for ext in ("json", "new", "bak"):
            self.fs.remove(self._path(name, ext))
