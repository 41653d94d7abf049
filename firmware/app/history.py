"""The games kept on flash: the format, and what the app calls after each action.

docs/history.md has the format and why it survives a power cut at any byte.
"""
# A finished game is one record: compact JSON padded to a slot of SLOT bytes,
# record i at byte i * SLOT, so the screens read only what they show.  Past
# SEGMENT records plays.log becomes plays.old (dropping the files before it).
# history.old and history.log hold the records of the versions before names, in
# slots of OLD_SLOT bytes: read, never appended to.
# A record is the game in play's while it is the newest and has its key.
# The app preloads this module and (on a make deploy install, whose imports read the
# flash) app.history_write with a game's code, and makes
# the History in an idle poll after them (App.tick), or when it first needs it (a
# game ends, a roll is undone, a game with dice is replaced, a history screen
# opens); reading for the screens (app.history_view) loads only when needed.
# Comments rather than docstrings here and there: the MicroPython build the tests
# run on keeps docstrings in the heap (mpy-cross drops them).
import json

from micropython import const

SLOT = const(768)
OLD_SLOT = const(256)
SEGMENT = const(100)


def tally(game):
    # the faces a game with dice (Trainmaker) has rolled, else None
    t = getattr(game, "tally", None)
    return t() if t else None


class History:
    slot = SLOT  # the format, for app.history_write and app.history_view
    segment = SEGMENT
    tally = staticmethod(tally)

    def __init__(self, app):
        # made the first time the app needs the history (App.history)
        self.fs = fs = app.store.fs
        root = app.store.root + "/"
        self.log = root + "plays.log"
        self.old = root + "plays.old"
        self.before = (root + "history.old", root + "history.log")  # oldest first
        self.clr = root + "history.clr"
        self.dropping = root + "history.del"
        self.dice_log = root + "dice.log"
        self.cleared = False  # a clear that can still be undone
        self.owing = None  # the work writing the record of the game that ended last, till it is done
        # a cut rewrite or clear is finished; a clear from before this boot is final
        for path in (self.log + ".new", self.old + ".new", self.before[0] + ".new", self.before[1] + ".new",
                     self.dice_log + ".new", self.dropping, self.clr):
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

    def paths(self):  # every file of records, oldest first
        return self.before + (self.old, self.log)

    def slot_of(self, path):
        return OLD_SLOT if path in self.before else SLOT

    def files(self):
        # (path, records) of the files with records, oldest first
        out = []
        for path in self.paths():
            n = self.fs.size(path) // self.slot_of(path)
            if n:
                out.append((path, n))
        return out

    def record(self, path, i):
        # record i of the file at path (ValueError if damaged): its first OLD_SLOT
        # bytes first, which hold most records whole (less heap), else the slot
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
    # Each queues its writing (app.later), in order with the game's save.
    def after_do(self, app, res):
        # an action was applied, and is queued next: keep the game if it ended
        # (res: the game's result, None while it goes on)
        if res is not None or self.cleared:
            from app.history_write import after_do
            after_do(self, app, res)

    def after_redo(self, app, was, res):
        # an undone action was applied again, and its redo is queued next; was: the
        # dice the game had rolled before it (tally), res as for after_do
        now = tally(app.session.game)
        if was != now:
            from app.history_write import redone
            app.later(redone(self, app, [now[i] - was[i] for i in range(len(now))]))
        self.after_do(app, res)

    def after_undo(self, app, before):
        # an undo was queued; before: the game as it was
        s = app.session
        if s.owed and s.ui.result(s.game, s.names) is None:  # it reopened the game: nothing owed
            s.owed = False
            if self.owing is not None:
                app.flash.cancel(self.owing)  # (begun, it ends, and the undo's work takes it back)
                self.owing = None
        if self.cleared or s.ui.result(before, s.names) is not None or tally(before) != tally(s.game):
            from app.history_write import after_undo
            app.later(after_undo(self, app, before))

    def replaced(self, app, old):
        # a new game's snapshot was queued: the one it replaced (old) adds its dice
        if self.cleared or (old is not None and tally(old.game) is not None):
            from app.history_write import replaced
            app.later(replaced(self, app, old))
