"""The flash as the app uses it: its file system (on the Pico: littlefs), and the
queue of work on it.

Every save goes through a files object of OsFiles's shape (app.store,
app.game_save, the history), so tests can hand in one that cuts a write short
at any byte (tests/support/memfiles.py).

Everything that writes to the flash (the game's save, the settings, a setup's
presses, the history) waits in the app's FlashQueue, in the order it must reach
the flash, and is done one step per poll.  A piece of work is a generator:
each step (a next()) is either work for the CPU alone or one flash operation,
never both, so the device polls its buttons between them and nothing else
shares the poll of an erase (it stalls the chip 45 ms).  What a piece yields
says whether its next step erases a flash block: True when it will, or likely
will, where that is cheap to know (a ring log's block, a log's file made),
else None.  The queue is the one place that decides when a step runs (due()).
"""
import json
import os

from app.ringlog import BLOCK


class OsFiles:
    """The real file system (on the Pico: its flash).

    raw: where the board can erase and program the flash under a file's block
    (drivers.rawflash: its blocks(folder, n)), else None."""

    def __init__(self, raw=None):
        self.raw = raw

    def ring(self, folder, n, make):
        """The blocks of a ring log (app.ringlog) in the files folder/0 .. n-1 of
        one block each, made if one is missing and make, else None: the flash
        beneath them where the board can tell which blocks littlefs gave them
        at this boot (raw.blocks), else the files themselves."""
        paths = ["%s/%d" % (folder, k) for k in range(n)]
        if any(self.size(p) != BLOCK for p in paths):
            if not make:
                return None
            self.makedirs(folder)
            for p in paths:
                self.write_bytes(p, b"\xff" * BLOCK)  # erased flash, as the log wants it
        return self.raw and self.raw.blocks(folder, n) or _files(paths)

    def make_block(self, folder, n):
        """Make one missing file of the ring log in folder/0 .. n-1 (a block of erased
        flash); False when none is missing."""
        for k in range(n):
            path = "%s/%d" % (folder, k)
            if self.size(path) != BLOCK:
                self.makedirs(folder)
                self.write_bytes(path, b"\xff" * BLOCK)
                return True
        return False

    def write_bytes(self, path, data):
        with open(path, "wb") as f:
            f.write(data)

    def read_json(self, path):
        with open(path) as f:
            return json.load(f)

    def writer(self, path):
        """A new file at path, open for write() and close()."""
        return open(path, "w")

    def append(self, path, text):
        with open(path, "a") as f:
            f.write(text)

    def lines(self, path):
        """The file's lines one at a time, so a long file never sits in the heap whole."""
        with open(path) as f:
            for line in f:
                yield line

    def size(self, path):  # 0 if missing
        try:
            return os.stat(path)[6]
        except OSError:
            return 0

    def read_at(self, path, offset, count):
        with open(path) as f:
            f.seek(offset)
            return f.read(count)

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


def _files(paths):
    from app.fileblocks import FileBlocks
    return FileBlocks(paths)


class FlashQueue:
    """The app's flash work, oldest first, done a step per poll (step())."""

    def __init__(self):
        self.work = []  # generators, oldest first
        self.first = []  # for each: whether its first step erases (add())
        self.erases = False  # whether the next step of the head erases, as far as it said
        self.drops = 0  # how often a flash error dropped what was queued

    def add(self, work, erases=False):
        """Queue work, done after everything queued before it and before anything
        after it; erases: its first step erases a block."""
        if not self.work:
            self.erases = erases
        self.work.append(work)
        self.first.append(erases)

    def last(self):
        """The piece queued last, None when nothing waits."""
        return self.work[-1] if self.work else None

    def pending(self):
        return len(self.work) > 0

    def due(self, pressed):
        """Whether a step runs in this poll: when work waits, and the poll took no
        press (the press's frame goes out first)."""
        return not pressed and len(self.work) > 0

    def step(self):
        """One step of the piece at the head.  OSError (flash full or broken):
        everything queued is dropped (drops counts it, so a game's save knows
        its records are gone) and the error raised."""
        try:
            try:
                self.erases = next(self.work[0]) is True
            except StopIteration:
                self.work.pop(0)
                self.first.pop(0)
                self.erases = len(self.first) > 0 and self.first[0]
        except OSError:
            self.work = []
            self.first = []
            self.erases = False
            self.drops += 1
            raise

    def finish(self):
        """Do all that waits, now."""
        while self.work:
            self.step()
