"""Trainmaker's roll history, from the game menu: a module of its own, loaded when
opened and gone when left. It takes the menu's place while it is open (the menu's code
leaves the heap before this module comes in: widgets.Later) and gives it back when left
(this module's code leaves before the menu's comes back: App.open_with).
"""
from app.events import BACK, OK
from app.ui import fit
from app.widgets import TextView

_HISTORY = 24  # rolls listed, newest first
_CHUNK = 4  # actions the roll history replays per tick: 1.2 ms each on a Pico, 2.9 at most


class History(TextView):
    """The rolls still in the journal, newest first, replayed to know who
    rolled; x marks a roll that ended in a derail (at once, or when the dice
    were placed or the roll passed).  The replay runs a few actions per tick,
    so no single press or poll takes long."""

    LEAVES = ("app.trainmaker.rolls",)

    def __init__(self):
        TextView.__init__(self, "Last rolls", ["Reading ..."])
        self.game = None
        self.done = -1  # actions replayed; -1: the game not made yet (the first tick makes it)
        self.rolls = []

    def busy(self, app):
        return self.done < 0 or self.game is not None

    ticking = busy  # once read, polled at the idle pace (App.ticking)

    def handle(self, app, ev):
        if ev in (OK, BACK):
            # back to the game menu, whose code comes in once this module's has left (with
            # both in the heap a make deploy install's Trainmaker had the most heap in use)
            app.pop()
            app.open_with("app.trainmaker.game_menu", "reopen")
        else:
            TextView.handle(self, app, ev)

    def tick(self, app, now_ms):
        if app.pressed:
            return False
        s = app.session
        if self.done < 0:  # in a poll of its own: the menu's code is garbage by now (and the
            # table's solver since the menu opened over it: App.push)
            self.game = s.ui.game_class().from_dict(s.journal.base)
            self.done = 0
            return False
        if self.game is None:
            return False
        g = self.game
        acts = s.journal.actions
        rolls = self.rolls
        end = min(len(acts), self.done + _CHUNK)
        for a in acts[self.done:end]:
            who = s.names[g.player()] if a[0] == "roll" else None
            g.apply(a)
            if who is not None:
                rolls.append([who, a[1], ""])
                if len(rolls) > _HISTORY:
                    rolls.pop(0)
            if g.event() == "derail" and rolls:
                rolls[-1][2] = " x"
        self.done = end
        if end < len(acts):
            return False
        self.game = None
        self.rolls = []  # in the lines now: the view holds them alone
        cols = app.ui.cols
        lines = [fit(r[0], cols - len(r[1]) - len(r[2]) - 1) + " " + r[1] + r[2] for r in rolls]
        lines.append("x = derailed" if lines else "No rolls yet")
        lines.reverse()
        self.lines = lines
        return True
