"""An in-memory stand-in for app.storage.OsFiles that can lose power mid-save.

budget: bytes that may still be written (a write or an append past it keeps
what fits, then raises PowerCut); ops: renames and removes that may still
happen.  Both None: no power cut.  written and done count the bytes and the
renames/removes, so a test can cut at every one of them.
"""
import json


class PowerCut(Exception):
    pass


class MemFiles:
    def __init__(self):
        self.files = {}
        self.dirs = set()
        self.budget = None  # bytes that may still be written; None = unlimited
        self.ops = None     # renames/removes that may still happen; None = unlimited
        self.written = 0
        self.done = 0

    def _spend_op(self):
        self.done += 1
        if self.ops is not None:
            if self.ops == 0:
                raise PowerCut()
            self.ops -= 1

    def read(self, path):
        if path not in self.files:
            raise OSError(2)
        return self.files[path]

    def read_json(self, path):
        return json.loads(self.read(path))

    def write_json(self, path, data):
        self.write(path, json.dumps(data))

    def write(self, path, text):
        self.files[path] = ""
        self.append(path, text)

    def writer(self, path):
        self.files[path] = ""
        return _Writer(self, path)

    def append(self, path, text):
        """Add text at the end; with a budget, only as many bytes as it allows, then PowerCut."""
        old = self.files.get(path, "")
        if self.budget is not None and len(text) > self.budget:
            self.files[path] = old + text[: self.budget]
            self.written += self.budget
            self.budget = 0
            raise PowerCut()
        if self.budget is not None:
            self.budget -= len(text)
        self.written += len(text)
        self.files[path] = old + text

    def lines(self, path):
        text = self.read(path)
        start = 0
        while start < len(text):
            end = text.find("\n", start) + 1 or len(text)
            yield text[start:end]
            start = end

    def size(self, path):
        return len(self.files.get(path, ""))

    def read_at(self, path, offset, count):
        return self.read(path)[offset:offset + count]

    def rename(self, old, new):
        self._spend_op()
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        self._spend_op()
        self.files.pop(path, None)

    def exists(self, path):
        """A file, or a folder (one with a file in it, or made by makedirs)."""
        if path in self.files or path in self.dirs:
            return True
        for name in self.files:
            if name.startswith(path + "/"):
                return True
        return False

    def makedirs(self, path):
        self.dirs.add(path)


class _Writer:
    """A file open for writing: each write() adds to it, as far as the budget goes."""

    def __init__(self, fs, path):
        self.fs = fs
        self.path = path

    def write(self, text):
        self.fs.append(self.path, text)

    def close(self):
        pass
