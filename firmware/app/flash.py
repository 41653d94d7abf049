"""The flash as the app uses it: its file system (on the Pico: littlefs), and the
queue of work on it.

Every save goes through a files object of OsFiles's shape (app.store,
app.game_save, the history), so tests can hand in one that cuts a write short at
any byte (tests/support/memfiles.py).

Everything that writes to the flash (the game's save, the settings, a setup's
presses, the history) waits in the app's FlashQueue and is done one step per
poll. A piece of work is a generator: each step (a next()) is either work for
the CPU alone or one flash operation, never both, so the device polls its
buttons between them. An erase stalls the chip 45 ms (its code runs from that
flash), and littlefs may erase in any write, so the queue keeps such work away
from the hands: a game's records (RECORD: a page programmed into the log's
erased block, app.ringlog) are done at once, ahead of anything deferred; work
that only has to reach the flash some time (DEFER: snapshots, the next log block
erased ahead, the settings, the roster, a setup's presses, the history's record
of a game that ended) waits until the hands have been off the buttons QUIET_MS
and the screen's own work in the polls (the odds, a code) is done, or, once it
has waited MAX_WAIT_MS (SOON: at once), AFTER_MS, or LAST_MS at most; the rest
(NOW: the history's other writing, a snapshot once its text is taken) is done in
the polls after the press, in order, but never while a button is held unless a
record waits behind it. A power cut while work is deferred loses no action: its
record (a new game's too, app.game_save) is on flash, and a game that ended with
its history record still owed gets it at the next boot.
"""
import json
import os

from micropython import const

from app.ringlog import BLOCK

NOW = const(0)  # kinds of work: done in the polls after the press, in order with what came before
DEFER = const(1)  # when the hands are off the buttons (QUIET_MS), or after MAX_WAIT_MS
RECORD = const(2)  # a game's record: at once, ahead of deferred work
SOON = const(3)  # deferred, but only past AFTER_MS
AFTER_MS = const(301)  # the hands may press again within 300 ms of a release; ticks_ms truncates
QUIET_MS = const(500)  # deferred work waits this long past the hands, a margin past AFTER_MS
MAX_WAIT_MS = const(8000)  # ... or, once it has waited this long, AFTER_MS
LAST_MS = const(32000)  # ... or, once it has waited this long, none (never while a button is held)
_TICKS = const(0x3FFFFFFF)  # MicroPython's ticks_ms() wraps at 2**30


class OsFiles:
    """The real file system (on the Pico: its flash).

    raw: where the board can erase and program the flash under a file's block
    (drivers.rawflash: its blocks(folder, n)), else None."""

    def __init__(self, raw=None):
        self.raw = raw
        self.seen = None  # while a boot reads its saves, the directories raw read (look())
        self.half = None  # (the file, its path) of a ring log that make_block() began, open

    def look(self, on):
        """A boot reads its saves (on), or is done: while it reads, the directories a ring's
        blocks were found through are kept for the next ring's (raw.blocks); anything
        written drops them (littlefs may move what they name: look(True) again)."""
        self.seen = {} if on else None

    def ring(self, folder, n, make):
        """The blocks of a ring log (app.ringlog) in the files folder/0 .. n-1 of
        one block each, made if one is missing and make, else None: the flash
        beneath them where the board can tell which blocks littlefs gave them
        at this boot (raw.blocks), else the files themselves.  littlefs's records,
        read first, also say that each file is there, one block long: a boot then
        looks up no file (8 of them, 40 ms on a Pico)."""
        found = self.raw.blocks(folder, n, self.seen) if self.raw else None
        if found is None:
            paths = ["%s/%d" % (folder, k) for k in range(n)]
            if any(self.size(p) != BLOCK for p in paths):
                if not make:
                    return None
                while self.make_block(folder, n):
                    pass
                found = self.raw.blocks(folder, n, self.seen) if self.raw else None
            found = found or _files(paths)
        return found

    def make_block(self, folder, n):
        """Make one missing file of the ring log in folder/0 .. n-1 (a block of erased
        flash) in two calls, each a step of its own; False when none is missing
        (app.repair's make_block: its code in the heap only while blocks are made)."""
        from app.repair import make_block
        return make_block(self, folder, n)

    def write_bytes(self, path, data):
        self.look(self.seen is not None)
        with open(path, "wb") as f:
            f.write(data)

    def read_json(self, path):
        # read whole, then parsed: json.load asks the file for a byte at a time (a boot's
        # snapshot 2.8 ms longer on a Pico)
        with open(path, "rb") as f:
            return json.loads(f.read())

    def writer(self, path):
        """A new file at path, open for write() and close()."""
        self.look(self.seen is not None)
        return open(path, "w")

    def append(self, path, text):
        self.look(self.seen is not None)
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
        self.look(self.seen is not None)
        os.rename(old, new)

    def remove(self, path):
        self.look(self.seen is not None)
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

    def names(self, folder):
        """The names in folder (a set; empty if it is not there)."""
        try:
            return set(os.listdir(folder))
        except OSError:
            return set()

    def makedirs(self, path):
        if path and not self.exists(path):
            self.look(self.seen is not None)
            os.mkdir(path)


def _files(paths):
    from app.fileblocks import FileBlocks
    return FileBlocks(paths)


class FlashQueue:
    """The app's flash work, done a step per poll (step()) in the order of its kinds
    (the module's doc): due() says whether a step runs in a poll."""

    def __init__(self):
        self.work = []  # [generator, kind, key, begun, ms queued] of each piece, oldest first
        self.drops = 0  # how often a flash error dropped what was queued
        self.now = self.touched = 0  # the last poll's time (due()); when the hands were last at the buttons
        self.held = False  # a button is down now
        self.busy = False  # the screen has work of its own in the polls (due())
        self.hands = False  # the hands have come to the buttons since the boot

    def add(self, work, kind=NOW, key=None):
        """Queue work of that kind, after everything queued before it; key: a save
        of that name, which replaces one of the same key that has not begun (it
        holds what that one would have)."""
        if key is not None:
            self.cancel(key)
        self.work.append([work, kind, key, False, self.now])

    def cancel(self, what):
        """Take the piece that is what, or has it as its key, out of the queue if
        it has not begun."""
        for p in self.work:
            if (p[0] is what or p[2] == what) and not p[3]:
                self.work.remove(p)
                return

    def to_back(self, work):
        """Move work, queued and not begun, behind everything queued now."""
        for p in self.work:
            if p[0] is work and not p[3]:
                self.work.remove(p)
                self.work.append(p)
                return

    def hasten(self, work, now=False):
        """Deferred work queued, done from now on as NOW work, in its place in the queue;
        now: at once, with what the order puts before it."""
        for p in self.work:
            if p[0] is work:
                p[1] = NOW
                while now and p in self.work:
                    self.step()
                return

    def last(self):
        """The piece queued last, None when nothing waits."""
        return self.work[-1][0] if self.work else None

    def pending(self):
        return len(self.work) > 0

    def touch(self, now_ms, held=False):
        """The hands are at the buttons at now_ms: a press came in, or (held) a
        button is down."""
        self.touched = now_ms
        self.held = held
        self.hands = True

    def hands_off(self, now_ms):
        """Whether the hands left the buttons AFTER_MS ago or more (or never came): work
        that holds a poll long and need not wait for the flash (a module's import) may go."""
        return not self.hands or not self.held and (now_ms - self.touched) & _TICKS >= AFTER_MS

    def _pick(self, force):
        """The piece whose step runs next, None for none now.  While NOW work
        waits: a record queued before it, else the first piece in order, passing
        over deferred work that has not begun and has no key (a save with a key,
        such as the settings, may be what the NOW work relies on: a new game's
        key); but none while a button is held (unless force), so long as no
        record waits behind it (a long press's, made while held).  Else the
        first record, else the head once the deferred work's time has come (or
        force)."""
        rec = kept = None
        for p in self.work:
            if p[1] == RECORD:
                rec = rec or p
            elif p[1] == NOW:
                if rec is None and self.held and not force and not self._record_behind(p):
                    return None  # its step when the finger is let go, after the press's frame
                return rec or kept or p
            elif p[3] or p[2] is not None:
                kept = kept or p
        if rec or not self.work:
            return rec
        head = self.work[0]
        if force or self.wait_ms(self.now) == 0 and not (
                self.busy and head[1] == DEFER and (self.now - head[4]) & _TICKS < MAX_WAIT_MS):
            return head
        return None

    def _record_behind(self, piece):
        """Whether a record is queued after piece."""
        behind = False
        for p in self.work:
            if p is piece:
                behind = True
            elif behind and p[1] == RECORD:
                return True
        return False

    def wait_ms(self, now_ms):
        """How long the deferred work at the head still waits at now_ms: 0 when it
        may run, -1 when none waits (or a button is held: then it waits for the
        release)."""
        if self.held or not self.work:
            return -1
        off = (now_ms - self.touched) & _TICKS  # since the hands were last at the buttons
        head = self.work[0]
        waited = MAX_WAIT_MS if head[1] == SOON else (now_ms - head[4]) & _TICKS
        late = max(MAX_WAIT_MS - waited, AFTER_MS - off)
        wait = max(0, min(QUIET_MS - off, late, LAST_MS - waited))
        if not wait and self.busy and head[1] == DEFER and waited < MAX_WAIT_MS:
            return MAX_WAIT_MS - waited  # held while the screen works or draws (due()): it sets the pace
        return wait

    def due(self, pressed, now_ms=None, busy=False):
        """Whether a step runs in this poll (at now_ms; None: the last poll's): when
        work is due, and the poll took no press (the press's frame goes out first).
        busy: the screen has work of its own for the polls (the odds, a code, which
        the player waits for): deferred work waits for it, MAX_WAIT_MS at most."""
        self.busy = busy
        if now_ms is not None:
            self.now = now_ms
        if pressed:
            self.touched = self.now
            self.hands = True
        return not pressed and self._pick(False) is not None

    def step(self, force=True):
        """One step of the piece due (force: the head of deferred work even before
        its time).  OSError (flash full or broken): everything queued is dropped
        (drops counts it, so a game's save knows its records are gone) and the
        error raised."""
        p = self._pick(force)
        if p is None:
            return
        p[3] = True
        try:
            next(p[0])
        except StopIteration:
            self.work.remove(p)
        except OSError:
            self.work = []
            self.drops += 1
            raise

    def finish(self):
        """Do all that waits, now."""
        while self.work:
            self.step()
