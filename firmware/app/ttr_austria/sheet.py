"""Ticket to Ride Austria: the score sheet of every player, the ranking and each player's breakdown."""
from app.events import UP, DOWN
from app.ttr_austria.rows import Rows, fit, signed, state
from app.ui import wrap
from app.widgets import Confirm, TextView


class Sheet(Rows):
    """The ticket-draw reminder (on top: it matters from the first turn),
    every player's total (OK opens the player's page), the ranking."""

    def __init__(self):
        Rows.__init__(self, "TtR Austria")

    def entries(self, app):
        g = app.session.game
        names = app.session.names
        self.title = "TtR: game over" if g.ended else "TtR Austria"
        rows = [("Ticket draw", "")]
        for p in range(g.players):
            rows.append((names[p], "%d" % g.total(p)))
        rows.append(("Ranking", ""))
        return rows

    def pick(self, app, index, entry):
        n = app.session.game.players
        if index == 0:
            from schaffner.ttr_austria.points import DRAW_NOTE
            lines = []
            for s in DRAW_NOTE:
                lines += wrap(s, app.ui.cols)
            app.push(TextView("Ticket draw", lines))
        elif index <= n:
            from app.ttr_austria.player import Player
            app.push(Player(index - 1))
        else:
            app.push(Ranking())


def tie_note(g, order):
    """What settled the first tie on points, or "" when no totals tie."""
    for i in range(1, len(order)):
        a, b = order[i - 1], order[i]
        if a[2] != b[2]:
            continue
        if a[0] == b[0]:
            return "Tie: shared"
        if g.done_tickets(a[1]) != g.done_tickets(b[1]):
            return "Tie: by tickets"
        return "Tie: by longest"
    return ""


class Ranking(Rows):
    """Places best first; a tie on points says what broke it.  OK: breakdown.
    Last "Finish game": the sheet is final, the game kept in the history."""

    def __init__(self):
        Rows.__init__(self, "Ranking")

    def entries(self, app):
        g = app.session.game
        names = app.session.names
        order = g.ranking()
        self.hint = tie_note(g, order)
        rows = [("%d %s" % (place, names[p]), "%d" % total, p) for place, p, total in order]
        rows.append(("BG Stats code" if g.ended else "Finish game", "", None))
        return rows

    def pick(self, app, index, entry):
        if entry[2] is None and app.session.game.ended:
            app.open_with("app.scan_view", "open_for_game")
        elif entry[2] is None:
            app.push(Confirm("Finish game", "Scores final and kept in the history?",
                             _finish, yes="Finish", no="Not yet"))
        else:
            app.push(Breakdown(entry[2]))


def _finish(app):
    app.do(("end",))
    app.pop()
    app.top.index = 0  # the winner first; the code for BG Stats is the row under the places


class Breakdown(TextView):
    """One player's points line by line (breakdown()), then the total."""

    def __init__(self, p):
        TextView.__init__(self, "", [])
        self.p = p
        self._of = None  # as Rows's: the state() its lines were worked out for

    def _lines(self, app):
        # once per state of the game: a scroll works nothing out (on the OLED's deploy
        # install the lines took 21 ms of every scroll's poll)
        of = state(app)
        if of == self._of:
            return
        g = app.session.game
        cols = app.ui.cols
        self.title = "%s %d" % (app.session.names[self.p], g.total(self.p))
        lines = [fit(label, signed(points), cols) for label, points in g.breakdown(self.p)]
        lines.append(fit("Total", "%d" % g.total(self.p), cols))
        self.lines = lines
        self._of = of

    def handle(self, app, ev):
        if ev & 3 in (UP, DOWN):  # OK and BACK leave: no lines needed
            self._lines(app)
        TextView.handle(self, app, ev)

    def draw(self, app, ui):
        self._lines(app)
        TextView.draw(self, app, ui)
