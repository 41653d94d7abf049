"""An in-memory stand-in for app.flash.OsFiles that can lose power mid-save.

budget: bytes that may still be written (a write or an append past it keeps
what fits, then raises PowerCut; so does a program of a ring log's flash);
ops: renames, removes and erases that may still happen.  Both None: no power
cut.  written and done count the bytes and the operations, so a test can cut
at every one of them.
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
        self.rings = {}  # folder -> MemBlocks, the flash under a ring log's files

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

    def remove(self, path):  # a file, or an empty folder
        self._spend_op()
        self.files.pop(path, None)
        self.dirs.discard(path)

    def exists(self, path):
        """A file, or a folder (one with a file in it, or made by makedirs)."""
        if path in self.files or path in self.dirs:
            return True
        inside = path + "/"  # (made once: the test's heap, not the Pico's)
        for name in self.files:
            if name.startswith(inside):
                return True
        return False

    def makedirs(self, path):
        self.dirs.add(path)

    def names(self, folder):
        """The names in folder: its files' and its folders' (a set)."""
        start = folder + "/"
        return {p[len(start):].split("/")[0] for p in list(self.files) + list(self.dirs) if p.startswith(start)}

    def image(self):
        """What the flash holds: the files, and the blocks under the ring logs."""
        return dict(self.files), [bytes(b) for r in self.rings.values() for b in r.data]

    def look(self, on):
        """(OsFiles keeps a boot's walk to the ring logs' blocks: there is none here.)"""

    def make_block(self, folder, n):
        """The ring's blocks come whole here: made by ring(), nothing to make a file at a time."""
        return False

    def ring(self, folder, n, make):
        if folder not in self.rings and make:
            self.rings[folder] = MemBlocks(n, self)
            self.dirs.add(folder)  # its files' folder, as on a Pico (the boot's listing names it)
        return self.rings.get(folder)


class MemBlocks:
    """NOR flash blocks for app.ringlog: erased to 0xFF, programmed by clearing
    bits.  With fs, its budget cuts a program short (the first bytes of what
    the page changes are programmed, the rest not) and its ops an erase.  A
    block keeps its bytes up to the end of the last page programmed, erased
    past them."""

    def __init__(self, n, fs=None):
        self.count = n
        self.data = [bytearray() for _ in range(n)]
        self.fs = fs
        self.erases = 0
        self.programs = 0

    def get(self, k):
        """Block k's bytes up to the end of its last page programmed."""
        return self.data[k]

    def put(self, k, data):
        self.data[k] = bytearray(data)

    def read(self, k, off, buf):
        block = self.data[k]
        for i in range(len(buf)):
            buf[i] = block[off + i] if off + i < len(block) else 0xFF

    def program(self, k, off, data):
        if off % 256 or len(data) % 256:
            raise ValueError("the flash programs whole pages")
        self.programs += 1
        fs = self.fs
        first, last = 0, len(data) - 1  # the bytes the page changes: first .. last
        while first <= last and data[first] == 0xFF:
            first += 1
        while last >= first and data[last] == 0xFF:
            last -= 1
        stop = len(data)
        if fs is not None and first <= last:
            span = last - first + 1
            if fs.budget is not None and span > fs.budget:
                stop = first + fs.budget
                span = fs.budget
            fs.written += span
            if fs.budget is not None:
                fs.budget -= span
        block = self.data[k]
        if len(block) < off + len(data):
            block.extend(b"\xff" * (off + len(data) - len(block)))
        for i in range(stop):
            block[off + i] &= data[i]
        if stop < len(data):
            raise PowerCut()

    def erase(self, k):
        if self.fs is not None:
            self.fs._spend_op()
        self.erases += 1
        self.data[k] = bytearray()


class _Writer:
    """A file open for writing: each write() adds to it, as far as the budget goes."""

    def __init__(self, fs, path):
        self.fs = fs
        self.path = path

    def write(self, text):
        self.fs.append(self.path, text)

    def close(self):
        pass
