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

This module writes them; reading them is app.store's (small_values).  On a
firmware image it is imported for a save, and for what a boot owes them (their
blocks made, the files of a version before removed), and leaves the heap after
(app.app; a make deploy install keeps it): what stays is the app's (``owner``'s)
``small``, the log (its RingLog, None until its blocks are made), and
``small_items`` / ``small_count``, the list a save extended last and how many of
its items.
"""
from app.flash import DEFER
from app.ringlog import BLOCK, MOST, OVER
from app.store import NAMES, SETUP, SMALL_BLOCKS, SMALL_FOLDER, compact, fold, small_log, small_values


def owed(owner, snapped):
    """Work for the queue that a boot leaves the small saves: their log's blocks made
    where they are missing; the files of a version before removed where a snapshot
    record holds them (snapped: the boot read the log's)."""
    if owner.small is None:
        yield from making(owner)
    elif snapped:
        yield from _tidying(owner)


def making(owner):
    """Work for the queue: the log's blocks made where they are not there yet (a new
    gadget, or one whose saves were the files of a version before), a file a step,
    and the first block erased in a step of its own (a boot makes them before the hands
    come: the first save erases nothing); then its RingLog (the value it returns)."""
    folder = owner.store.root + SMALL_FOLDER
    while owner.small is None and owner.store.fs.make_block(folder, SMALL_BLOCKS):
        yield
    ring = owner.small
    if ring is None:
        ring = small_log(owner, True)
        ring.read(-1)
        if ring.cur < 0:  # no block begun
            yield
            ring.erase_next()
            yield  # alone in its step: the save's record is made in the next
    return ring


def saving(owner, name, value, items):
    """The work of a save, a flash operation a step: value under name, or (items not
    None) the list items as it grows, a record of the items added since a save
    extended it last (the whole list where that was another list).  A record, or where
    it would begin the next block (or the log holds no snapshot record yet), a
    snapshot of every value, its erase in a step of its own."""
    ring = yield from making(owner)
    key = name
    count = 0
    if items is not None:  # the items not saved yet, taken now: the piece may have waited
        more = owner.small_count <= len(items) and owner.small_items is items
        value = items[owner.small_count:] if more else list(items)
        if more:
            key = "+" + name
        count = len(items)
    data = compact({key: value}).encode()
    fresh = ring.first < 0  # no record in play: no snapshot record yet, the files hold the saves
    snap = fresh or ring.pos + OVER + len(data) > BLOCK  # (the record would begin the next block)
    capped = False
    whole = False
    while True:
        if snap and not whole:
            data, capped = _whole(owner, key, value)  # (taken once: nothing else writes here meanwhile)
            whole = True
        if snap and not _room(ring, len(data)):
            yield
            # the erase alone in its step, the block it takes decided in it: a read of the
            # flash between steps (the roster's) sets where the log goes anew
            if not _room(ring, len(data)):
                ring.erase_next()
            yield
            continue
        if ring.append(data, 0, -1, snap):
            break
        snap = True  # a page that did not read back: a snapshot into the next block
        yield
    if items is not None or name == SETUP:  # the list a save extends (a setup's), as on flash now
        owner.small_items = None if items is None or capped else items
        owner.small_count = count
    if snap:
        ring.fold(ring.cur)
    if fresh:  # the first snapshot record: the files of a version before go
        owner.flash.add(_tidying(owner), DEFER)
    if ring.ahead(False):
        owner.flash.add(_ahead(ring), DEFER, "small ahead")


def _room(ring, size):
    """Whether a snapshot record of size bytes has an erased block to go to."""
    if ring.space(size) < 0 and ring.first >= 0:
        # the blocks after the snapshot's hold a snapshot record cut short: every block
        # begins with one, so the records in play are all in the first's
        ring.cur, ring.pos = ring.first, BLOCK
    return ring.space(size) != 0


def _whole(owner, key, value):
    """(bytes, capped) of a snapshot record: every value (the log's, or the files' of a
    version before) with key's record folded in; capped: the setup left out, as all would
    not fit a block."""
    values, _ = small_values(owner)
    fold(values, key, value)
    data = compact(values).encode()
    capped = len(data) > MOST
    if capped:
        values[SETUP] = []
        data = compact(values).encode()
    return data, capped


def _ahead(ring):
    yield
    ring.ahead(True)


def _tidying(owner):
    """The files of a version before, a file a step, once a snapshot record holds them."""
    store = owner.store
    for name in NAMES:
        for ext in ("new", "json", "bak"):
            if store.has("%s.%s" % (name, ext)):
                yield
                store.fs.remove("%s/%s.%s" % (store.root, name, ext))
