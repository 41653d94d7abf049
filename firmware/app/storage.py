"""Saving that survives a power cut.

A whole save (``FileStore.save``, used for the settings and for a game's
snapshot) writes ``name.new``, moves the current ``name.json`` to ``name.bak``
and renames ``name.new`` into place.  Whatever instant the power goes, one of
the three files holds a complete save: loading tries a complete ``.new``
first (it only exists while a save is under way, so it is the newest), then
the current file, then the previous one, and says when it had to fall back.

A game is saved as a snapshot (a whole save as above) plus a log of what
happened since (``GameSave``), so a typical action costs one small record
instead of a rewrite of the whole game; now and then the log is folded into
a new snapshot.  The log is a ring of flash blocks (app.ringlog) under the
files ``name.ring/0`` .. ``name.ring/7``: a record is programmed into erased
flash with no erase and no littlefs commit, where littlefs would commit at
least 256 bytes into a 4 KB block per record (an erase every 16 actions, a
45 ms stall each).  Every record carries the generation of the snapshot it
follows, so none is ever replayed onto another snapshot.  The log of the
versions before (JSON lines in ``name.log/0``, ``name.log/1`` ..., or
``name.l0`` ... beside the snapshot, each segment headed by its generation)
still loads, and the next snapshot removes it.

A file of records (the history, and those old segments) holds one JSON
record per line (``records`` reads them back).
Each record starts with a newline, so a record a power cut tore off never
runs into the next one; a torn record does not parse and is skipped.
File operations go through a small ``fs`` object so tests can cut a write
short at any byte.
"""
import json
import os

from micropython import const

from app.ringlog import BLOCK, RingLog

_RING = const(8)  # the log's blocks: 32 KB
_EVERY = const(64)  # records between snapshots: a boot replays at most these
_SLICE = const(1024)  # bytes of a snapshot written per step: littlefs's cache
UNDO = {"undo": 1}  # the log's record of an undo


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


def append_record(fs, path, record):
    """Add record (a list or a dict of JSON values) at the end of the file at path."""
    if not isinstance(record, (list, dict)):
        raise ValueError("a record is a list or a dict")
    fs.append(path, "\n" + json.dumps(record))


def _compact(data):  # JSON without spaces: fewer bytes on flash
    return json.dumps(data, separators=(",", ":"))


def records(fs, path):
    """The complete records (lists and dicts) of a file of one JSON record per
    line, oldest first (none if it is missing)."""
    if not fs.exists(path):
        return
    lines = fs.lines(path)
    try:
        for line in lines:
            if len(line) < 2:
                continue
            try:
                record = json.loads(line)
            except ValueError:
                continue  # torn by a power cut: a number alone could look whole, a list cannot
            if isinstance(record, (list, dict)):
                yield record
    finally:
        lines.close()  # the file, when the reader stops early


class FileStore:
    def __init__(self, root, fs=None):
        self.root = root
        self.fs = fs or OsFiles()
        self.fs.makedirs(root)

    def _path(self, name, ext):
        return "%s/%s.%s" % (self.root, name, ext)

    def saving(self, name, data):
        """Write data (JSON-compatible) under name without ever losing the last good
        save, as work for the polls after a press (GameSave.later): the text
        first, then one flash operation per step."""
        text = _compact(data)
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

    def _commit(self, name):
        """Put a complete name.new in place of name.json, which becomes name.bak
        (a rename replaces the file it is given as the new name)."""
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
        value, fell_back, _, _ = self._load(name, build)
        return value, fell_back

    def _load(self, name, build):
        """(value, fell_back, data, ext) of the newest readable save."""
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


class GameSave:
    """A game's save: its last snapshot and the log of records since, and the
    queue of flash work in the order it must reach the flash.

    snapshot() returns the data of a snapshot (a new dict, JSON-compatible)
    of the game as it is now.  The queue holds records (actions as lists,
    UNDO and journal.REDO; add()), other flash work (later(): a generator doing one flash
    operation per step, such as the settings or the history) and snapshots,
    each done in its turn by step(), one piece per call, so the device polls
    its buttons between them.  A piece is either work for the CPU alone
    (records or a snapshot turned into text) or one flash operation, never
    both: an erase stalls the chip 45 ms, and nothing else should share its
    poll.  finish() does all that is left.  Every ``every`` records the log is
    folded into a new snapshot, taken when nothing else waits (so it holds
    exactly what came before it in the queue) and written in slices too.
    """

    def __init__(self, store, name, snapshot, every=_EVERY):
        self.store = store
        self.fs = store.fs
        self.name = name
        self.snapshot = snapshot
        self.every = every
        self.folder = "%s/%s.ring" % (store.root, name)  # the log's blocks (app.ringlog)
        self.ring = None  # its RingLog, once the blocks are there
        # the log in the layouts of the versions before: segments in a folder, or beside the snapshot
        self.segment = "%s/%s.log/%%d" % (store.root, name)
        self.old_segment = "%s/%s.l%%d" % (store.root, name)
        self.gen = 0  # generation of the snapshot in place
        self.high = 0  # the highest generation seen: the next snapshot's is one more
        self.count = 0  # records logged since the snapshot
        self.queue = []  # records, and generators of other flash work, in order
        self.text = None  # the records at the head of the queue as bytes, once made

    # --- loading -------------------------------------------------------------
    def load(self, build, replay):
        """(value, note) of the newest readable snapshot with its log replayed.

        build(data) makes the value (ValueError: not a save it can read);
        replay(value, log) applies the logged records (a list) to it, raising
        ValueError and changing nothing if they do not fit.  note is None,
        or "fell back" (the newest copy was damaged: an older one was used,
        losing what came after it), or the folder where a save that could
        not be read at all was put aside (value None then).
        """
        def checked(data):
            if not isinstance(data, dict) or not isinstance(data.get("gen", 0), int):
                raise ValueError("not a saved game")
            return build(data)

        value, fell_back, data, ext = self.store._load(self.name, checked)
        gen = data.get("gen", 0) if value is not None else -1  # a save from before the log has none: 0
        data = None  # the value holds what it needs: the rest is heap the log's replay can use
        found = self._segments()
        log = []
        for path in found:
            head = None
            for record in records(self.fs, path):
                if head is None:  # the segment's first record: the generation it follows
                    head = record.get("gen", -1) if isinstance(record, dict) else -1
                    self.high = max(self.high, head)
                elif head == gen:
                    log.append(record)
        blocks = self.fs.ring(self.folder, _RING, False)
        if blocks is not None:
            self.ring = RingLog(blocks)
            for text in self.ring.read(gen):
                try:
                    log.append(json.loads(text))
                except ValueError:
                    pass  # not written by this program; its CRC held
            self.high = max(self.high, self.ring.top)
        if value is None:
            if fell_back:
                return None, self.store.keep_aside(self.name, found)
            return None, None
        self.gen = gen
        self.high = max(self.high, gen)
        if ext == "new":
            # a snapshot cut short before its renames: finish them first, so that
            # the next snapshot never writes over the only copy of this one
            try:
                self.store._commit(self.name)
            except OSError:
                pass  # a broken flash: the .new stays, and is read first next time too
        if log and not fell_back:
            try:
                replay(value, log)
                self.count = len(log)
            except (ValueError, KeyError, TypeError, IndexError):
                fell_back = True  # a log that does not fit: the snapshot alone
        return value, ("fell back" if fell_back else None)

    def _segments(self):
        """The paths of the log's segments in the layouts of the versions before."""
        found = []
        for where in (self.segment, self.old_segment):
            k = 0
            while self.fs.exists(where % k):
                found.append(where % k)
                k += 1
        return found

    def making(self):
        """Work for later(): the log's blocks made where they are not there yet (a new
        gadget), a file a step (an erase or two each), then its RingLog.  A boot queues
        it, so a first boot shows its first screen without waiting for eight erases,
        and the blocks are there long before a game's first action."""
        while self.ring is None and self.fs.make_block(self.folder, _RING):
            yield
        self.prepare()

    def prepare(self):
        """The log's RingLog, its blocks made if they are not there yet."""
        ring = self.ring
        if ring is None:
            ring = self.ring = RingLog(self.fs.ring(self.folder, _RING, True))
            ring.read(self.gen)
        return ring

    # --- saving ----------------------------------------------------------------
    def add(self, record):
        """Queue a record (a list, UNDO or journal.REDO) to be logged."""
        self.queue.append(record)

    def later(self, work):
        """Queue other flash work (a generator, one flash operation per step),
        done after everything queued before it and before anything after it."""
        self.queue.append(work)

    def start(self):
        """Snapshot the game as it is now (a new game, or one loaded from an older
        copy), after the work already queued."""
        self.queue.append(self._job(self.snapshot()))

    def pending(self):
        return len(self.queue) > 0

    def step(self):
        """One piece of the work waiting: the records at the head of the queue
        made into bytes, or one of them programmed (or the block it needs
        erased); a step of other work or of a snapshot.  OSError (flash full or
        broken): what was queued is dropped, and the next record starts a
        snapshot of everything."""
        try:
            head = self.queue[0]
            if isinstance(head, (list, dict)):
                self._log()
                return
            try:
                next(head)
            except StopIteration:
                self.queue.pop(0)
        except OSError:
            self.queue = []
            self.text = None
            self.count = self.every
            raise

    def finish(self):
        while self.pending():
            self.step()

    def _log(self):
        """The records at the head of the queue: first made into bytes, in a step
        of their own (with the snapshot that follows them when they fill the
        log and nothing else waits, or instead of them when a snapshot is due
        already), then programmed one per step."""
        ring = self.prepare()
        if self.text is None:
            parts = []
            for r in self.queue:
                if not isinstance(r, (list, dict)):
                    break
                parts.append(_compact(r).encode())
            n = len(parts)
            if n == len(self.queue):
                if self.count >= self.every:
                    # the game now is the game after these records: a snapshot instead
                    self.queue = [self._job(self.snapshot())]
                    return
                if self.count + n >= self.every:
                    # the snapshot comes after them, so they are on flash first
                    self.queue.append(self._job(self.snapshot()))
            self.text = parts
            return
        if ring.append(self.text[0], self.gen):
            self.text.pop(0)
            self.queue.pop(0)
            self.count += 1
            if not self.text:
                self.text = None

    def _job(self, data):
        """Write data (the game as it was when the snapshot was queued) as the
        next snapshot, one flash operation per step; the first step makes the
        text."""
        self.high += 1
        gen = self.high
        data["gen"] = gen
        work = self.store.saving(self.name, data)
        del data  # the text is all the job keeps
        yield from work
        self.gen = gen
        self.count = 0
        if self.ring is not None:
            self.ring.fold()
        yield  # the rename alone in its poll: it may be the one that erases
        found = self._segments()
        for path in found:  # the log of a version before
            self.fs.remove(path)
            yield
        if found:  # its folder, empty now (littlefs removes an empty folder as it does a file)
            self.fs.remove(self.segment.rsplit("/", 1)[0])
