"""An in-memory stand-in for app.storage.OsFiles that can lose power mid-save."""
import json


class PowerCut(Exception):
    pass


class MemFiles:
    def __init__(self):
        self.files = {}
        self.budget = None  # bytes that may still be written; None = unlimited
        self.ops = None     # renames/removes that may still happen; None = unlimited

    def _spend_op(self):
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
        if self.budget is not None and len(text) > self.budget:
            self.files[path] = text[: self.budget]
            self.budget = 0
            raise PowerCut()
        if self.budget is not None:
            self.budget -= len(text)
        self.files[path] = text

    def append(self, path, text):
        """Add text at the end; with a budget, only as many bytes as it allows, then PowerCut."""
        old = self.files.get(path, "")
        if self.budget is not None and len(text) > self.budget:
            self.files[path] = old + text[: self.budget]
            self.budget = 0
            raise PowerCut()
        if self.budget is not None:
            self.budget -= len(text)
        self.files[path] = old + text

    def lines(self, path):
        text = self.read(path)
        start = 0
        while start < len(text):
            end = text.find("\n", start) + 1 or len(text)
            yield text[start:end]
            start = end

    def rename(self, old, new):
        self._spend_op()
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        self._spend_op()
        self.files.pop(path, None)

    def exists(self, path):
        return path in self.files

    def makedirs(self, path):
        pass
