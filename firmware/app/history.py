"""The games kept on flash: the format, and what the app calls after each action.

docs/history.md has the format and why it survives a power cut at any byte.
"""
# A finished game is one record, compact JSON under SLOT bytes, in a ring of flash blocks
# of its own (app.ringlog, the files plays.ring/0 .. /19): programmed page by page into
# erased flash, a block erased alone in a step when the ring goes on in it, so keeping a
# game never holds a poll longer than the erase (a littlefs append erased a block and
# copied the file's last one in the same call: 52-57 ms on a Pico).  A record "-" takes
# back the game before it; a snapshot record (RingLog's) clears the history.  When every
# block holds games, the oldest block's games go.  The records of the versions before
# (plays.old and plays.log in slots of SLOT bytes, history.old and history.log in slots
# of OLD_SLOT) are read before the ring's, and never appended to again.
# A record is the game in play's while it is the newest and has its key.
# The app preloads this module with a game's code, and makes the History in an idle
# poll after it (App.tick), or when it first needs it (a game ends, a roll is undone, a
# game with dice is replaced, a history screen opens).  What the writing of a game's
# end needs (app.history_write, 4.6 KB of a make deploy install's heap) comes in a step
# of the work of its own (_writing), not in the press that queues it: on a make deploy
# install the import reads the flash, 36 ms; a roll's dice line is written from here.
# Reading for the screens (app.history_view) loads only when needed.
# Comments rather than docstrings here and there: the MicroPython build the tests
# run on keeps docstrings in the heap (mpy-cross drops them).
import json

from micropython import const

from app.flash import DEFER
from app.ringlog import RingLog
from app.store import PLAYS, PLAYS_BLOCKS

SLOT = const(768)  # a record is shorter (and the slot of plays.log and plays.old)
OLD_SLOT = const(256)
BLOCKS = PLAYS_BLOCKS
TIDY = const(4096)  # dice.log bytes past which a new game sums it up


def tally(game):
    # the faces a game with dice (Trainmaker) has rolled, else None
    t = getattr(game, "tally", None)
    return t() if t else None


def moment(app, s):  # when game s is: (the date and time, its time played, its actions)
    return app.today() if app.today else None, s.ms, s.journal.count()


def writer():
    # steps of work that import app.history_write, its modules one a step (a make deploy
    # install's imports: 12 and 24 ms on a Pico); returns the module (w = yield from writer())
    yield
    from app import record_files  # noqa: F401  (history_write imports it: loaded first)
    yield
    from app import history_write
    yield
    return history_write


def _writing(name, *args):
    # app.history_write's work name(*args), once the module is in
    w = yield from writer()
    yield from getattr(w, name)(*args)


class History:
    slot = SLOT  # the format, for app.history_write and app.history_view
    blocks = BLOCKS
    # the files, in the store's folder (file()): their paths are made when needed, not
    # held through a game (an OLED image's 48 KB)
    CLR = "history.clr"
    DROPPING = "history.del"
    RING = PLAYS
    tidy = TIDY
    failed = "Could not write the history: storage full or damaged."
    tally = staticmethod(tally)

    def __init__(self, app):
        # made the first time the app needs the history (App.history)
        self.fs = fs = app.store.fs
        self.root = root = app.store.root + "/"
        self.dice_log = root + "dice.log"
        self.cleared = False  # a clear that can still be undone
        self.owing = None  # the work writing the record of the game that ended last, till it is done
        self.app = app  # (its plays: the ring's blocks, which a boot finds or makes)
        # the ring's games (index()): block << 24 | where its data begins << 12 | its
        # length, oldest first (a record is read only when a screen shows it); its RingLog
        self.at = self.ring = None
        # a cut rewrite or clear is finished; a clear from before this boot is final
        for path in [p + ".new" for p in self.paths() + (self.dice_log,)] + [root + self.DROPPING, root + self.CLR]:
            if fs.exists(path):
                from app.history_write import repair
                repair(self)
                break
        # the newest record of a game in play that is not over was left by a power cut
        # (the key first: it is one short read, and the history is made when a game
        # ends, in that press); a game in play that a cut left over and owing its record
        # gets it (an undo may have reopened it since the boot)
        s = app.session
        if s is not None and s.owed and s.ui.result(s.game, s.names) is not None:
            from app.history_write import owed
            owed(self, app)
        elif s is not None and s.key and self.newest_key() == s.key and s.ui.result(s.game, s.names) is None:
            from app.history_write import retract
            retract(self)
        self.drop()

    def index(self):
        # the ring's games (self.at), read from its blocks when a screen or a write first
        # needs them since drop()
        at = self.at
        if at is None:
            self.at = at = []
            blocks = self.app.plays
            if blocks is not None:
                ring = self.ring = RingLog(blocks)
                ring.read(-1, self.found)
        return at

    def drop(self):
        # the index and the RingLog out of the heap until needed again: not held through a
        # game (an OLED image's Trainmaker peaks 0.1 KB short of its 48 KB, in a roll); only
        # where no write holds them (a write's work ends with it; App._left queues it)
        self.at = self.ring = None

    def dropped(self):  # drop() as work (App.later): in its turn, after the writes queued
        self.drop()
        yield

    def found(self, k, pos, n, c):
        # a record of the ring (RingLog.read: n bytes, the first c): a game's, or one taking
        # back the game before
        at = self.index()  # (the list being read)
        if c == 0x7B:  # {
            at.append(k << 24 | (pos + 4) << 12 | n)
        elif c == 0x2D and at:  # -
            at.pop()

    def file(self, name):  # the path of the store's file name
        return self.root + name

    def paths(self):  # every file of records of the versions before, oldest first
        r = self.root
        return r + "history.old", r + "history.log", r + "plays.old", r + "plays.log"

    def slot_of(self, path):  # history.old and history.log: the slots of the versions before names
        return OLD_SLOT if "/history." in path else SLOT

    def files(self):
        # (path, records) of the files with records, oldest first, the ring (path None) last
        out = []
        for path in self.paths():
            n = self.fs.size(path) // self.slot_of(path)
            if n:
                out.append((path, n))
        at = self.index()
        if at:
            out.append((None, len(at)))
        return out

    def record(self, path, i):
        # record i of the file at path, or of the ring (ValueError if damaged); of a file,
        # its first OLD_SLOT bytes first, which hold most records whole (less heap), else the slot
        if path is None:
            e = self.index()[i]
            data = bytearray(e & 0xFFF)
            self.app.plays.read(e >> 24, e >> 12 & 0xFFF, data)  # (the blocks index() read it from)
            return json.loads(bytes(data))
        size = self.slot_of(path)
        try:
            return json.loads(self.fs.read_at(path, i * size, OLD_SLOT))
        except ValueError:
            if size == OLD_SLOT:
                raise
        return json.loads(self.fs.read_at(path, i * size, size))

    def newest_key(self):
        f = self.files()
        if self.cleared or not f:
            return None
        path, n = f[-1]
        try:
            return self.record(path, n - 1).get("k")
        except (ValueError, AttributeError):
            return None

    # --- what the app calls once the history is loaded ---------------------
    # Each queues its writing (app.later), in order with the game's save.  A clear that
    # can still be undone becomes final with the next action (app.history_write, rare:
    # its import in the press).
    def after_do(self, app, res):
        # an action was applied, and is queued next: keep the game if it ended
        # (res: the game's result, None while it goes on)
        if self.cleared:
            from app.history_write import after_do
            after_do(self, app, res)
        elif res is not None:
            self.owe(app, res)

    def owe(self, app, res):
        # the record of the game that ended (res: its result) waits for the hands to leave the
        # buttons (its append may erase), owed until it is written: the action's own record is
        # programmed first, and a boot after a cut between them writes it then
        # (history_write.owed); made in the work from the game as it is now, and the moment it
        # ended (the clock and the time played go on)
        s = app.session
        s.owed = True
        if self.owing is not None:
            app.flash.cancel(self.owing)  # this one holds the game as it is now
        self.owing = work = _writing("owing", self, app, s, res, moment(app, s))
        app.later(work, DEFER)

    def after_redo(self, app, was, res):
        # an undone action was applied again, and its redo is queued next; was: the
        # dice the game had rolled before it (tally), res as for after_do
        now = tally(app.session.game)
        if was != now:  # its faces off the undone ones again ("r")
            app.later(self._dice(app, ["r"] + [now[i] - was[i] for i in range(len(now))]))
        self.after_do(app, res)

    def after_undo(self, app, before):
        # an undo was queued; before: the game as it was
        s = app.session
        if s.owed and s.ui.result(s.game, s.names) is None:  # it reopened the game: nothing owed
            s.owed = False
            if self.owing is not None:
                app.flash.cancel(self.owing)  # (begun, it ends, and the undo's work takes it back)
                self.owing = None
        if self.cleared or s.ui.result(before, s.names) is not None:  # a record to take back
            from app.history_write import after_undo
            app.later(after_undo(self, app, before))
            return
        was = tally(before)
        now = tally(s.game)
        if was != now:  # every roll counts, an undone one too ("u")
            app.later(self._dice(app, ["u"] + [was[i] - now[i] for i in range(len(was))]))

    def replaced(self, app, old):
        # a new game's snapshot was queued: the one it replaced (old) adds its dice ("g")
        if self.cleared:
            from app.history_write import replaced
            app.later(replaced(self, app, old))
        elif old is not None:
            t = tally(old.game)
            if t is not None:
                app.later(self._dice(app, ["g"] + list(t)))

    def _dice(self, app, counts):
        # a line of the dice file (app.record_files's), appended after the save it follows: a
        # cut loses dice from the count, never counts them twice; a long file is summed up at
        # a quiet moment (a new game's)
        try:
            self.fs.append(self.dice_log, "\n" + json.dumps(counts))
            if counts[0] == "g" and self.fs.size(self.dice_log) > TIDY:
                app.later(_writing("tidied", self, app), DEFER)
        except OSError:
            app.notify(self.failed)
        yield
