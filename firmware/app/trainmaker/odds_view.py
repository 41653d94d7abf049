"""Trainmaker's odds card by card, from the game menu: a module of its own, loaded when
opened and gone when left (the menu's heap stays small while a view is open).
"""
from app.trainmaker import draw as D
from app.trainmaker.text import card_short
from app.ui import spread
from app.widgets import TextView


class OddsView(TextView):
    """The odds card by card, worked out a slice per tick after it opens (not
    in the press that opens it), with the play screen's solver."""

    LEAVES = ("app.trainmaker.odds_view",)

    def __init__(self):
        TextView.__init__(self, "Odds", ["Working ..."])
        self.work = None
        self.done = False

    def busy(self, app):
        return not self.done

    ticking = busy  # once shown, polled at the idle pace (App.ticking)

    def tick(self, app, now_ms):
        if self.done or app.pressed:
            return False
        table = app.stack[1]
        g = app.session.game
        if self.work is None:
            from schaffner.trainmaker import solver
            self.work = solver.odds_steps(g, table.solver(g))
        done, value = table.advance(self.work, app, now_ms)
        if not done:
            return False
        self.work = None
        self.done = True
        anyc, per, derail = value
        cols = app.ui.cols
        lines = [spread("Any card", D.pct(anyc), cols)]
        cards = g.faceup()
        for i in range(len(cards)):
            chance = D.pct(per[i])
            lines.append(spread(card_short(cards[i], cols - len(chance) - 1), chance, cols))
        if derail is not None:
            lines.append(spread("Derail next", D.pct(derail), cols))
        best = table.odds(app, g) if g.phase() == "place" else None  # the play screen's tip
        if best is not None:
            lines.append("Best placing:")
            if best[2]:
                lines.append("Switch %s to %s," % best[2])
            lines.append(spread(best[1], D.pct(best[0]), cols))
        lines.append("Best play, this")
        lines.append("train only")
        self.lines = lines
        return True
