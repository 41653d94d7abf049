"""A game's save: a snapshot plus a log of what happened since, so a typical
action costs one small record instead of a rewrite of the whole game; now and
then the log is folded into a new snapshot.  A snapshot is a record in the log
itself (a snapshot record, app.ringlog): page programs, and no littlefs write
(a file's commits and compactions stall the chip 50 to 100 ms in one call); one
too long for a block is a whole save in the files (app.store), as before.

The log is a ring of flash blocks (app.ringlog) under the files ``name.ring/0``
.. ``name.ring/7``: a record is programmed into erased flash with no erase and
no littlefs commit, where littlefs would commit at least 256 bytes into a 4 KB
block per record (an erase every 16 actions, a 45 ms stall each).  Every record
carries a generation: that of the newest snapshot taken when it was queued, so
a snapshot holds every record of a generation before its own, and none is
ever replayed onto a snapshot that holds it or onto another game's.  The log of the versions before (app.old_logs) still
loads, and the next snapshot removes it.
"""
import json

from micropython import const

from app.flash import DEFER, RECORD, SOON
from app.ringlog import BLOCK, MOST, RingLog, crc16, crc16_on, head_of
from app.store import compact

_RING = const(8)  # the log's blocks: 32 KB
_EVERY = const(64)  # records between snapshots: a boot replays about these (more when the hands left no quiet moment)
UNDO = {"undo": 1}  # the log's record of an undo
KEPT = {"kept": 1}  # ... that the history now holds the game that ended (games.Session.owed)
_NEW = "new"  # the log's record of a new game: {"new": its snapshot's data}
_SUM = const(160)  # bytes of a record's CRC summed in a step: about 5 ms on a Pico
_SHORT = const(512)  # room in a log block for two actions' records (a page each): its next block erased soon


class GameSave:
    """A game's last snapshot and the log of records since.

    snapshot() returns the data of a snapshot (a new dict, JSON-compatible)
    of the game as it is now.  Records (actions as lists, UNDO,
    journal.REDO and KEPT; add()) and snapshots (start()) are work for queue, the
    app's flash queue (app.flash): records at once, ahead of deferred work.
    Records queued one after another are one piece of work: a step makes them
    into bytes, then each step programs one (or erases the block it needs,
    when it was not erased ahead at a quiet moment).  Every ``every`` records
    the log is folded into a new snapshot, deferred to a quiet moment, taken
    when it begins and written a flash operation a step.
    queue may be None for a save that is only loaded (the history's export).
    """

    def __init__(self, store, name, snapshot, every=_EVERY, queue=None):
        self.store = store
        self.fs = store.fs
        self.name = name
        self.snapshot = snapshot
        self.every = every
        self.queue = queue
        self.folder = "%s/%s.ring" % (store.root, name)  # the log's blocks (app.ringlog)
        self.ring = None  # its RingLog, once the blocks are there
        # the log in the layouts of the versions before: segments in a folder, or beside the snapshot
        self.segment = "%s/%s.log/%%d" % (store.root, name)
        self.old_segment = "%s/%s.l%%d" % (store.root, name)
        self.old = []  # the paths of such segments found at load
        self.gen = 0  # generation of the snapshot in place
        self.high = 0  # the highest generation on flash (damaged records' too): the next snapshot's is one more
        self.tag = 0  # the generation new records carry: the newest snapshot's taken
        self.count = 0  # records queued since the newest snapshot was taken
        self.run = None  # the records of the piece of work queued last, while more may join them
        self.job = None  # ... and that piece
        self.folding = None  # the log's fold into a snapshot, queued and not yet begun
        self.begun = False  # the game in play is a new game's record in the log, its snapshot not yet made
        self.files = False  # a snapshot is in the files (app.store; loaded, or written since)
        self.logged = False  # the newest snapshot written is a record in the log
        self.drops = queue.drops if queue is not None else 0  # the queue's, when last looked at

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
                raise ValueError("Not a saved game")
            return build(data)

        value, fell_back, data, ext = self.store.newest(self.name, checked)
        gen = data.get("gen", 0) if value is not None else -1  # a save from before the log has none: 0
        self.files = value is not None or fell_back  # a snapshot in the files (app.store)
        data = None  # the value holds what it needs: the rest is heap the log's replay can use
        found = []
        log = []  # type: list
        st = self.store
        if st.has(self.name + ".log") and self.fs.exists(self.segment % 0) or st.has(self.name + ".l0"):
            from app.old_logs import paths, read
            found = paths(self.fs, (self.segment, self.old_segment))
            self.high = max(self.high, read(self.fs, found, gen, log))
        self.old = found
        # no snapshot in the files: the log's records of any generation (a snapshot record may hold the game)
        ring = None
        held = len(log)  # the records of a version before's log: a snapshot record holds them
        blocks = self.fs.ring(self.folder, _RING, False)
        ring_files = ["%s/%d" % (self.folder, k) for k in range(_RING)]
        if blocks is None and value is None and any(0 < self.fs.size(f) != BLOCK for f in ring_files):
            fell_back = True  # the log's files not as this program makes them: a save damaged, kept aside
            found = found + ring_files
        if blocks is not None:
            ring = self.ring = RingLog(blocks)
            for text in ring.read(gen):
                try:
                    log.append(json.loads(text))
                except ValueError:  # not written by this program; its CRC held
                    if len(log) == held and ring.snap >= 0:
                        break  # a snapshot record: nothing after it can be replayed
            self.high = max(self.high, ring.top)
            if self.queue is not None and ring.ahead(False):  # a boot forgets which block was erased
                self.queue.add(self._ahead(ring), SOON, "ahead")  # the next one, at the hands' first pause
        snapped = ring is not None and ring.snap >= 0 and len(log) > held
        k = held + 1 if snapped else len(log)  # the ring's log begins with a snapshot record (a new game's too)
        while k > 0 and not snapped and not (isinstance(log[k - 1], dict) and _NEW in log[k - 1]):
            k -= 1  # (a new game's record from a version before: not flagged as a snapshot)
        if k > 0 and isinstance(log[k - 1], dict):  # the game from it, and the records after it
            new = _NEW in log[k - 1]
            try:
                value, fell_back = checked(log[k - 1][_NEW] if new else log[k - 1]), False
                if snapped and ring is not None:
                    gen = ring.snap
                log = log[k:]
                self.begun = new
            except (ValueError, TypeError):
                fell_back = True  # not a game this version reads: the snapshot in the files, if any
        if ring is not None and ring.last >= 0:  # records after a snapshot a power cut stopped carry its
            base = max(gen, 0)
            self.tag = base + ((ring.last - base) & 0xFFFF)
        self.count = len(log)
        if value is None:
            if fell_back:
                return None, self.store.keep_aside(self.name, found)
            return None, None
        self.gen = gen
        self.high = max(self.high, gen)
        self.tag = max(self.tag, gen)
        if ext == "new":
            # a snapshot cut short before its renames: finish them first, so that
            # the next snapshot never writes over the only copy of this one
            try:
                from app.repair import commit
                commit(self.store, self.name)
            except OSError:
                pass  # a broken flash: the .new stays, and is read first next time too
        if log and not fell_back:
            try:
                replay(value, log)
            except (ValueError, KeyError, TypeError, IndexError):
                fell_back = True  # a log that does not fit: the snapshot alone
        if self.begun and not fell_back and self.queue is not None:
            self._fold()  # its snapshot
        return value, ("fell back" if fell_back else None)

    def making(self):
        """Work for the queue: the log's blocks made where they are not there yet (a
        new gadget), a file a step (an erase or two each), then its RingLog (and
        its first block erased).  A boot queues it, so a first boot shows its
        first screen without waiting for eight erases; the polls right after
        it make them, before the hands come, and long before a game's first
        action."""
        made = False
        while self.ring is None and self.fs.make_block(self.folder, _RING):
            made = True
            yield
        ring = self.prepare()
        if made:
            yield  # the first block erased, alone in its step: the first game's record then programs at once
            ring.ahead(True)

    def prepare(self):
        """The log's RingLog, its blocks made if they are not there yet."""
        ring = self.ring
        if ring is None:
            ring = self.ring = RingLog(self.fs.ring(self.folder, _RING, True))
            ring.read(self.gen)
        return ring

    # --- saving ----------------------------------------------------------------
    def add(self, record):
        """Queue a record (a list, UNDO, journal.REDO or KEPT) to be logged at once: with
        the records queued just before it, if nothing was queued since; and the
        log's fold into a snapshot when it is due, for a quiet moment."""
        if self._dropped():
            self.start()  # the action is in the game: a snapshot of it all instead
            return
        if self.run is None or self.queue.last() is not self.job:
            self.run = []
            self.job = self._logging(self.run, self.tag)
            self.queue.add(self.job, kind=RECORD)
        self.run.append(record)
        self.count += 1
        if self.count >= self.every and self.folding is None:
            self._fold()

    def start(self, new=False):
        """Snapshot the game as it is now (one loaded from an older copy), after the
        work already queued; records from now on follow it.  new: a new game, its
        whole state a record programmed at once (no file written near the hands:
        littlefs may erase in any), its snapshot the log's fold at a quiet moment;
        a boot before that rebuilds it from the record (load())."""
        data = self.snapshot()
        self._dropped()
        if self.folding is not None:
            self.queue.cancel(self.folding)  # this snapshot holds what it would have
            self.folding = None
        self.run = self.job = None
        self.high += 1
        self.tag = self.high
        self.count = 0
        self.begun = new
        if not new:
            self.queue.add(self._snapshotting(data, self.high))
            return
        self.add({_NEW: data})
        if self.folding is None:
            self._fold()

    def _fold(self):
        self.folding = self._folding()  # for a quiet moment
        self.queue.add(self.folding, kind=DEFER)

    def _dropped(self):
        """Whether a flash error made the queue drop its work since the last look,
        records maybe among it (then only a snapshot saves what they held)."""
        drops = self.queue.drops
        if drops == self.drops:
            return False
        self.drops = drops
        self.run = self.job = self.folding = None
        return True

    def _logging(self, run, gen):
        """The records of run, of generation gen: first made into bytes, in a step
        of their own, then programmed one per step (an erase in a step of its
        own where the next block was not made ready ahead); then the next block's
        erase queued for a quiet moment once this one is nearly full.  A new
        gadget's blocks, where no quiet moment came to make them, are made
        first, one a step, as making() does."""
        while self.ring is None and self.fs.make_block(self.folder, _RING):
            yield
        ring = self.prepare()
        if self.run is run:
            self.run = self.job = None  # records from now on are a piece of their own
        snap = isinstance(run[0], dict) and _NEW in run[0]  # a new game's: a snapshot record
        text = [compact(r).encode() for r in run]
        del run  # the text is all the piece keeps
        yield
        if len(text[0]) > MOST:  # more than a block holds (a new game is under 1 KB): the
            raise OSError(27)  # queue drops it, the next action snapshots
        crc = yield from _summing(ring, text[0], gen, snap)
        while True:
            if ring.append(text[0], gen, crc, snap):
                text.pop(0)
                crc = -1
                snap = False
                if not text:
                    break
            yield
        if ring.ahead(False):  # (one erase queued at a time: its key replaces one not begun)
            # at a quiet moment; with room for two records or less, at the hands' first pause:
            # a player who never pauses QUIET_MS would fill the block first, and the record
            # after it would erase beside a press
            self.queue.add(self._ahead(ring), SOON if ring.pos > BLOCK - _SHORT else DEFER, "ahead")

    def _ahead(self, ring):
        """The log's next block erased, alone in its step."""
        yield
        if self.ring is ring:  # not made anew since (a boot, a new game)
            self.ring.ahead(True)

    def _folding(self):
        """The log folded into a snapshot: the game as it is when it is taken (at a
        quiet moment), so it holds every record queued so far; records queued
        from then on carry its generation, and a boot replays them after it (or,
        should the power go before it is in place, after the one before)."""
        piece = self.folding
        self.folding = None
        self.run = self.job = None
        self.high += 1
        self.tag = self.high
        self.count = 0
        yield from self._snapshotting(None, self.high, piece)

    def _snapshotting(self, data, gen, piece=None):
        """Write the snapshot of generation gen, one flash operation per step:
        into the log, a snapshot record, where it fits (no littlefs write: a
        program, and at most an erase in a step of its own), else as the file
        (app.store).  data: the game as it was when the snapshot was taken; None
        (a fold, piece its work in the queue): the game as it is when a step takes
        it, after which piece goes ahead of the records queued later (the
        snapshot does not hold them, and a boot reads the log from it on)."""
        ring = self.ring
        while True:
            if piece is not None:
                data = self.snapshot()
            data["gen"] = gen
            keep = -1 if ring is None else ring.cur  # the records from now on go into it or after it
            text = compact(data)  # the file's text, or the record's bytes
            if piece is not None:
                data = None  # taken again should a step come between
            room = -1
            if ring is not None and len(text) <= MOST:  # (characters: UTF-8 may take more bytes)
                text = text.encode()
                room = ring.space(len(text))
                if not room:
                    text = None
                    yield
                    ring.erase_next()  # alone in its step; the snapshot is taken again after it
                    yield
                    continue
            break
        data = None  # the text is all the work keeps
        if ring is None or room < 0:  # too long for the log (or no room in it): the file
            work = self.store.saving(self.name, None, text)
            del text
            yield from work
            self.files = True
            self.logged = False
        else:
            if piece is not None:
                self.queue.hasten(piece)
            yield
            crc = yield from _summing(ring, text, gen, True)
            while not ring.append(text, gen, crc, True):
                yield
            del text
            keep = ring.cur
            self.logged = True
        self.gen = gen
        self.begun = False
        if ring is not None:
            ring.fold(keep)
        if self.old or self.logged and self.files:
            self.queue.add(self._tidying(), DEFER)
        if room < 0:
            yield  # the rename alone in its poll: it may be the one that erases

    def _tidying(self):
        """What a snapshot made history, a file a step: the log of a version before, and
        the snapshot's files while a snapshot record in the log is newer."""
        yield
        if self.logged and self.files:
            for ext in ("new", "json", "bak"):
                self.fs.remove("%s/%s.%s" % (self.store.root, self.name, ext))
                yield
            self.files = False
        if self.old:  # the log of a version before
            from app.old_logs import removing
            yield from removing(self.fs, self.old, self.segment.rsplit("/", 1)[0])
            self.old = []


def _summing(ring, t, gen, snap):
    """The CRC of record t summed ahead, a piece a step, when it is long and the log's CRC
    is this module's (19 us a byte; a Pico's own, under 1, sums it in append): else -1."""
    if len(t) <= _SUM or ring.crc_on is not crc16_on:
        return -1
    crc = crc16(head_of(len(t), gen, snap))
    for k in range(0, len(t), _SUM):
        yield
        crc = crc16_on(crc, memoryview(t)[k:k + _SUM])
    yield
    return crc
