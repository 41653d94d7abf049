"""Saving that survives a power cut.

A whole save (``FileStore.save``, used for the settings and for a game's
snapshot) writes ``name.new``, moves the current ``name.json`` to ``name.bak``
and renames ``name.new`` into place.  Whatever instant the power goes, one of
the three files holds a complete save: loading tries a complete ``.new``
first (it only exists while a save is under way, so it is the newest), then
the current file, then the previous one, and says when it had to fall back.

A game is saved as a snapshot (a whole save as above) plus a log of what
happened since (``GameSave``), so a typical action costs one small append
instead of a rewrite of the whole game; now and then the log is folded into
a new snapshot.  The flash makes this pay: littlefs (the Pico's file system)
keeps a file of up to 512 bytes inside its directory's metadata, so adding a
line to such a file is one commit of one 256-byte program, while rewriting a
bigger file, or adding to it, costs a 4 KB erase, which stalls the chip for
45 ms.  A directory's metadata block takes 16 such programs; then littlefs
erases its other block and copies the directory's live entries into it (the
data of its small files too).  So the log is kept in segments of at most
``_SEGMENT`` bytes in a folder of its own, ``name.log/0``, ``name.log/1`` ...,
where that copy is only this snapshot's log.  A segment is never removed: a
snapshot empties the old ones (one commit each, where a removal now and a
new file later would be three), and the next segment is written over an
empty one.  Every segment starts with the snapshot's generation number; a
segment of another generation, or an empty one, ends the log, so no action
is ever replayed twice.  A log of the version before (``name.l0``,
``name.l1`` ... beside the snapshot) still loads, and goes on where it is
until the next snapshot removes it.

A log segment holds one JSON record per line (``records`` reads them back).
Each record starts with a newline, so a record a power cut tore off never
runs into the next one; a torn record does not parse and is skipped.
File operations go through a small ``fs`` object so tests can cut a write
short at any byte.
"""
import json
import os

from micropython import const

_SEGMENT = const(224)  # with littlefs's tags still within one 256-byte program
_EVERY = const(64)  # records between snapshots
_SLICE = const(1024)  # bytes of a snapshot written per step: littlefs's cache
UNDO = {"undo": 1}  # the log's record of an undo


class OsFiles:
    """The real file system (on the Pico: its flash)."""

    def read_json(self, path):
        with open(path) as f:
            return json.load(f)

    def write_json(self, path, data):
        with open(path, "w") as f:
            json.dump(data, f)

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

    def save(self, name, data):
        """Write data (JSON-compatible) under name without ever losing the last good save."""
        self.fs.write_json(self._path(name, "new"), data)
        self._commit(name)

    def saving(self, name, data):
        """save() as work for the polls after a press (GameSave.later): the text
        first, then one flash operation per step."""
        text = json.dumps(data)
        yield
        w = self.fs.writer(self._path(name, "new"))
        yield
        w.write(text)
        w.close()
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

    def delete(self, name):
        for ext in ("json", "new", "bak"):
            self.fs.remove(self._path(name, ext))


class GameSave:
    """A game's save: its last snapshot and the log of records since, and the
    queue of flash work in the order it must reach the flash.

    snapshot() returns the data of a snapshot (a new dict, JSON-compatible)
    of the game as it is now.  The queue holds records (actions as lists,
    and UNDO; add()), other flash work (later(): a generator doing one flash
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
        folder = "%s/%s.log" % (store.root, name)  # the log's own folder
        self.fs.makedirs(folder)
        self.segment = folder + "/%d"
        self.old_segment = "%s/%s.l%%d" % (store.root, name)  # the version before's
        self.gen = 0  # generation of the snapshot in place
        self.high = 0  # the highest generation seen: the next snapshot's is one more
        self.legacy = False  # the log goes on in the layout of the version before
        self.seg = 0  # log segment being written
        self.seg_size = 0  # its bytes; 0: no log written yet in this generation
        self.count = 0  # records logged since the snapshot
        self.queue = []  # records, and generators of other flash work, in order
        self.text = None  # the records at the head of the queue as text, once made
        self.ready = 0  # how many records self.text holds
        self.new = None  # a new log segment, created and not yet written

    def _seg_path(self, k):
        return (self.old_segment if self.legacy else self.segment) % k

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
        found = self._segments()
        for path in found:
            self.high = max(self.high, self._header(path) or 0)
        if value is None:
            if fell_back:
                return None, self.store.keep_aside(self.name, found)
            return None, None
        self.gen = gen = data.get("gen", 0)  # a save from before the log has none: 0
        self.high = max(self.high, gen)
        if ext == "new":
            # a snapshot cut short before its renames: finish them first, so that
            # the next snapshot never writes over the only copy of this one
            try:
                self.store._commit(self.name)
            except OSError:
                pass  # a broken flash: the .new stays, and is read first next time too
        log = []
        # this version's log, or else one the version before left
        self.legacy = self._header(self.segment % 0) != gen and self._header(self.old_segment % 0) == gen
        k = 0
        while not fell_back and self._header(self._seg_path(k)) == gen:
            path = self._seg_path(k)
            first = True
            for record in records(self.fs, path):
                if not first:
                    log.append(record)
                first = False
            self.seg = k
            self.seg_size = self.fs.size(path)
            k += 1
        if log:
            try:
                replay(value, log)
                self.count = len(log)
            except (ValueError, KeyError, TypeError, IndexError):
                fell_back = True  # a log that does not fit: the snapshot alone
        return value, ("fell back" if fell_back else None)

    def _header(self, path):
        """Generation in the first record of the log segment at path; None if there is none."""
        found = records(self.fs, path)
        try:
            for record in found:
                if isinstance(record, dict) and isinstance(record.get("gen"), int):
                    return record["gen"]
                return None
        finally:
            found.close()  # the file, if open
        return None

    def _segments(self):
        """The paths of the log's segments, in both layouts."""
        found = []
        for where in (self.segment, self.old_segment):
            k = 0
            while self.fs.exists(where % k):
                found.append(where % k)
                k += 1
        return found

    # --- saving ----------------------------------------------------------------
    def add(self, record):
        """Queue a record (a list, or UNDO) to be logged."""
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
        made into text, or appended; a step of other work or of a snapshot.
        OSError (flash full or broken): what was queued is dropped, and the next
        record starts a snapshot of everything."""
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
            self.text = self.new = None
            self.count = self.every
            raise

    def finish(self):
        while self.pending():
            self.step()

    def _log(self):
        """The records at the head of the queue: first made into text, in a step
        of its own (with the snapshot that follows them when they fill the log
        and nothing else waits), then appended, or written into a new segment,
        which is created in one step and written in the next."""
        if self.text is None:
            parts = []
            for r in self.queue:
                if not isinstance(r, (list, dict)):
                    break
                parts.append("\n" + _compact(r))
            self.ready = n = len(parts)
            self.text = "".join(parts)
            if self.count + n >= self.every and n == len(self.queue):
                # the game now is the game after these records: the snapshot
                # comes after their append, so they are on flash first
                self.queue.append(self._job(self.snapshot()))
            return
        text = self.text
        if self.new is not None:
            text = "\n" + _compact({"gen": self.gen}) + text
            self.new.write(text)
            self.new.close()
            self.new = None
            self.seg_size = len(text)
        elif self.seg_size and self.seg_size + len(text) <= _SEGMENT:
            self.fs.append(self._seg_path(self.seg), text)
            self.seg_size += len(text)
        else:
            if self.seg_size:
                self.seg += 1
            self.new = self.fs.writer(self._seg_path(self.seg))
            return
        del self.queue[:self.ready]
        self.count += self.ready
        self.text = None

    def _job(self, data):
        """Write data (the game as it was when the snapshot was queued) as the
        next snapshot, one flash operation per step; the first step makes the
        text."""
        self.high += 1
        gen = self.high
        data["gen"] = gen
        text = _compact(data)
        del data
        yield
        store = self.store
        w = self.fs.writer(store._path(self.name, "new"))
        yield
        for i in range(0, len(text), _SLICE):
            w.write(text[i:i + _SLICE])
            yield
        w.close()
        del text, w
        yield
        cur = store._path(self.name, "json")
        if self.fs.exists(cur):
            self.fs.rename(cur, store._path(self.name, "bak"))
            yield
        self.fs.rename(store._path(self.name, "new"), cur)
        yield  # the rename alone in its poll: it may be the one that erases
        k = 0
        while self.fs.exists(self.old_segment % k):  # a log of the version before
            self.fs.remove(self.old_segment % k)
            k += 1
            yield
        k = 0
        while self.fs.exists(self.segment % k):  # the old log, and any stale one: emptied
            if self.fs.size(self.segment % k):
                self.fs.writer(self.segment % k).close()
                yield
            k += 1
        self.gen = gen
        self.legacy = False
        self.seg = self.seg_size = self.count = 0
