"""Trainmaker's roll history, from the game menu: a module of its own, loaded when
opened and gone when left (the menu's heap stays small while a view is open).
"""
from app.ui import fit
from app.widgets import TextView

_HISTORY = 24  # rolls listed, newest first
_CHUNK = 16  # actions the roll history replays per tick


class History(TextView):
    """The rolls still in the journal, newest first, replayed to know who
    rolled; x marks a roll that ended in a derail (at once, or when the dice
    were placed or the roll passed).  The replay runs a few actions per tick,
    so no single press or poll takes long."""

    LEAVES = ("app.trainmaker.rolls",)

    def __init__(self, app):
        TextView.__init__(self, "Last rolls", ["Reading ..."])
        s = app.session
        self.game = s.ui.game_class().from_dict(s.journal.base)
        self.done = 0  # actions replayed
        self.rolls = []

    def busy(self, app):
        return self.game is not None

    def tick(self, app, now_ms):
        if self.game is None or app.pressed:
            return False
        s = app.session
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
