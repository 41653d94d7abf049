"""The settings, the roster and a new game's setup: records of a ring log of their own
(app.ringlog) in two flash blocks, ``small.ring/0`` and ``/1``.

Each was a littlefs file saved whole (app.store), and a file's save commits into
the saves' folder: now and then littlefs compacts the folder in the same call,
erasing a block and writing it again, 50 to 130 ms with no poll between.  Here a
save is a record programmed into erased flash: ``{name: value}``, a page or two (a
list that grows, a setup's presses, ``{"+name": [the items added]}``).
A block begins with a snapshot record of them all (``{name: value, ...}``), so
the records in play are that snapshot and what came after it, and the other
block is free: it is erased at a quiet moment before it is needed, in a step of
its own.  Loading folds the records into the values, the last of each name
winning.  A power cut through a record leaves the one before it (app.ringlog).

A gadget whose saves are still the files of a version before loads them, and
its first record here is a snapshot of them; then the files are removed.
A setup so long that the whole would not fit a block (hundreds of presses)
is saved as none: a power cut then loses the setup, never the rest.
"""
import json

from micropython import const

from app.flash import DEFER
from app.ringlog import MOST, RingLog
from app.store import compact

SETTINGS = "settings"
SETUP = "setup"  # the presses of a new game's setup, from the game menu on: left out of a snapshot too long for a block
ROSTER = "roster"  # (app.players)
NAMES = (SETTINGS, SETUP, ROSTER)
_RING = const(2)


class SmallSaves:
    """The small saves of the store's folder: load(name) and saving(name, value);
    queue: the app's flash queue (app.flash), for the work a save leaves (the next
    block's erase, the files of a version before removed)."""

    def __init__(self, store, queue, names=NAMES):
        self.store = store
        self.fs = store.fs
        self.queue = queue
        self.names = names  # the saves kept here, so the files of a version before are known
        self.folder = store.root + "/small.ring"
        self.ring = None  # its RingLog, once the blocks are there
        self.boot = None  # the values read at the boot, until it is over (done())
        self.snapped = False  # a snapshot record is in the ring: it, not the files, holds the saves
        self.grown = None  # the name extending() saved last: its list, and how many of its items
        self.growing = None  # type: list | None
        self.count = 0
        self.capped = False  # the snapshot record last made left the setup out
        blocks = self.fs.ring(self.folder, _RING, False)
        if blocks is not None:
            self.ring = ring = RingLog(blocks)
            self.boot = self._read(ring)
            if self.snapped and any(store.has("%s.%s" % (n, e)) for n in names for e in ("new", "json", "bak")):
                queue.add(self._tidying(), DEFER)  # a power cut came before they were removed

    def _read(self, ring):
        """The values ring holds ({} when no snapshot record is in it yet)."""
        values = {}  # type: dict
        for text in ring.read(-1):
            try:
                for key, value in json.loads(text).items():
                    _fold(values, key, value)
            except (ValueError, TypeError, AttributeError):
                pass  # not written by this program; its CRC held
        self.snapped = ring.snap >= 0
        return values

    def load(self, name, build=None):
        """The value saved under name, None if none (or build(data) refuses it:
        ValueError, TypeError)."""
        ring = self.ring
        if self.snapped and ring is not None:
            values = self.boot if self.boot is not None else self._read(ring)
            data = values.get(name)
            del values
            try:
                return build(data) if build and data is not None else data
            except (ValueError, TypeError):
                return None
        value, _ = self.store.load(name, build)
        return value

    def done(self):
        """The boot has read what it needs: its values go (a later load reads the flash again)."""
        self.boot = None

    def making(self):
        """Work for the queue: the ring's blocks made where they are not there yet (a new
        gadget, or one whose saves were the files of a version before), a file a step;
        then its RingLog (the value it returns)."""
        while self.ring is None and self.fs.make_block(self.folder, _RING):
            yield
        ring = self.ring
        if ring is None:
            ring = self.ring = RingLog(self.fs.ring(self.folder, _RING, True))
            self._read(ring)
        return ring

    def saving(self, name, value):
        """Save value (JSON-compatible) under name, as work for the app's flash queue: a
        record, or where it would begin the next block (or the ring holds no snapshot
        record yet), a snapshot of every value, its erase in a step of its own."""
        self._check(name)
        return self._saving(name, value, None)

    def extending(self, name, items):
        """Save the list items under name as it grows (a setup's presses): a record of the
        items added since it was saved last (a few bytes a press, where the whole list
        would be more with each), the whole list where that is not known."""
        self._check(name)
        return self._saving(name, None, items)

    def _check(self, name):
        if name not in self.names:
            raise ValueError("No such small save: %s" % name)

    def _saving(self, name, value, items):
        yield
        ring = yield from self.making()
        key = name
        count = 0
        if items is not None:  # the items not saved yet, taken now: the piece may have waited
            self.grown = name
            more = self.count <= len(items) and self.growing is items
            value = items[self.count:] if more else list(items)
            if more:
                key = "+" + name
            count = len(items)
        data = compact({key: value}).encode()
        snap = not self.snapped or not ring.fits(len(data))
        whole = self.capped = False
        while True:
            if snap and not whole:
                data = self._whole(key, value)  # (taken once: nothing else writes here meanwhile)
                whole = True
            if snap:
                if ring.space(len(data)) < 0 and ring.first >= 0:
                    ring.after_first()  # the block after it holds a snapshot record cut short
                if not ring.space(len(data)):
                    yield
                    ring.erase_next()  # alone in its step
                    yield
            if ring.append(data, 0, -1, snap):
                break
            snap = True  # a page that did not read back: a snapshot into the next block
            yield
        if self.grown == name:  # the list extending() follows, as on flash now
            self.growing = None if items is None or self.capped else items
            self.count = count
        if snap:
            ring.fold(ring.cur)
            if not self.snapped:
                self.snapped = True
                self.queue.add(self._tidying(), DEFER)
        if ring.ahead(False):
            self.queue.add(self._ahead(), DEFER, "small ahead")

    def _whole(self, key, value):
        """A snapshot record's bytes: every value (from the ring, or the files of a version
        before), with key's record folded in; the setup left out if all would not fit a block."""
        values = self._read(self.ring) if self.snapped else {n: self.load(n) for n in self.names}
        _fold(values, key, value)
        data = compact(values).encode()
        self.capped = len(data) > MOST
        if self.capped:
            values[SETUP] = []
            data = compact(values).encode()
        return data

    def _ahead(self):
        yield
        ring = self.ring
        if ring is not None:
            ring.ahead(True)

    def _tidying(self):
        """The files of a version before, a file a step, once a snapshot record holds them."""
        for name in self.names:
            for ext in ("new", "json", "bak"):
                if self.store.has("%s.%s" % (name, ext)):
                    yield
                    self.fs.remove("%s/%s.%s" % (self.store.root, name, ext))


def _fold(values, key, value):
    """A record's key and value into values: "+name" adds its items to name's list."""
    if key[:1] == "+":
        old = values.get(key[1:])
        if isinstance(old, list) and isinstance(value, list):
            old.extend(value)
        return
    values[key] = value
