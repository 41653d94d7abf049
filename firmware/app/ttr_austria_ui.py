"""Ticket to Ride Austria on the gadget: the final score sheet and the ranking.

Setup asks for the optional rules, then the play screen lists the players
with their totals; each player's page opens the entry screens (in
ttr_austria_screens_player).  The ticket-draw reminder sits on top of the
play screen, the tie rule on the ranking when a tie needed it.
"""
from app.events import UP, DOWN, OK
from app.ui import wrap
from app.widgets import Menu, NumberEntry, TextView

TITLE = "TtR Austria"
MIN_PLAYERS = 2
MAX_PLAYERS = 5
GAME_ID = "ttr_austria"


def game_class():
    from schaffner.ttr_austria.game import Game
    return Game


def describe(action, names, game):
    from schaffner.ttr_austria.game import describe as core_describe
    return core_describe(action, names)


def setup(app, names):
    # replace, not push: BACK from the name picker after its last seat would re-pick
    app.replace(Options(names))


def play_screen():
    return Sheet()


# --- shared screen shapes ---------------------------------------------------

def fit(label, value, cols):
    """One row: label left, value right, cut so it never runs off the screen."""
    room = cols - len(value) - 1 if value else cols
    if len(label) > room:
        label = shorten(label)[:room]
    return label + " " * (cols - len(label) - len(value)) + value


# Shorter words for labels (breakdown()'s and ours) that do not fit beside their value.
_SHORT = (("Routes ", ""), ("Tickets done", "Tkt done"), ("Tickets fail", "Tkt fail"),
          ("Tourist pen.", "Tourist"), ("Taurachbahn", "Taurach"), ("Schafbergbahn", "Schafberg"),
          ("Longest track", "Longest"), ("West-East path", "West-East"), ("Stations left", "Stations"))


def shorten(label):
    for long, short in _SHORT:
        if label.startswith(long):
            return short + label[len(long):]
    return label


def head(ui, left, right):
    """Title bar with the player's name whole; the right part gives way."""
    room = ui.cols - len(left) - 1
    ui.header(left, right[:room] if room > 0 else "")


def signed(n):
    return "+%d" % n if n > 0 else "%d" % n


class Rows(Menu):
    """Rows of (label, value, ...) derived from the game at each event and
    frame (undo may change it), then note lines that are not picked, and a
    hint.  ``items`` is kept in step so tests can pick rows by label."""

    right = ""

    def __init__(self, title, index=0, hint=""):
        Menu.__init__(self, title, [], None, index, hint)

    def entries(self, app):
        return []

    def notes(self, app):
        return ""

    def pick(self, app, index, entry):
        pass

    def _sync(self, app):
        cols = app.ui.cols
        rows = self.entries(app)
        self.items = [fit(e[0], e[1], cols) for e in rows]
        self.index = min(self.index, len(rows) - 1)  # an undo may have shortened the list
        return rows

    def handle(self, app, ev):
        rows = self._sync(app)
        if ev == OK:
            self.pick(app, self.index, rows[self.index])
        else:
            Menu.handle(self, app, ev)

    def draw(self, app, ui):
        self._sync(app)
        head(ui, self.title, self.right)
        note = self.notes(app)
        lines = self.items + wrap(note, ui.cols) if note else self.items
        rows = ui.rows + (0 if self.hint else 1)
        top = min(max(0, self.index - rows // 2), max(0, len(lines) - rows))
        for r in range(min(rows, len(lines) - top)):
            i = top + r
            if i == self.index:
                ui.bar(r, lines[i])
            else:
                ui.line(r, lines[i])
        if self.hint:
            ui.footer(self.hint)


class Entry(NumberEntry):
    """A number for one player: the name and what it is in the title bar,
    the number large; a press past either end says why (``why`` for the top)
    and changes nothing."""

    def __init__(self, name, section, prompt, value, lo, hi, on_done, why):
        NumberEntry.__init__(self, name, prompt, value, lo, hi, on_done)
        self.section = section
        self.why = why

    def handle(self, app, ev):
        b = ev & 3
        if b == UP and self.value >= self.hi:
            raise ValueError(self.why)
        if b == DOWN and self.value <= self.lo:
            raise ValueError("Not below %d" % self.lo)
        NumberEntry.handle(self, app, ev)

    def draw(self, app, ui):
        head(ui, self.title, self.section)
        ui.line(0, self.prompt)
        top = ui.body_y + ui.pitch
        scale = 3 * ui.s  # larger than big_text: at most two digits
        ui.centre("%d" % self.value, top + (ui.footer_y - top - 8 * scale) // 2, scale=scale)
        ui.footer("%d..%d  OK=set" % (self.lo, self.hi))


# --- setup -------------------------------------------------------------------

class Options(Rows):
    """The optional rules, chosen once when the game starts."""

    def __init__(self, names):
        Rows.__init__(self, "TtR options", hint="OK=change")
        self.names = names
        self.on = [True, True, False]  # longest track, West-East, stations

    def entries(self, app):
        w = ("on", "off")
        on = self.on
        return [("Longest track", w[not on[0]]), ("West-East", w[not on[1]]),
                ("Stations", w[not on[2]]), ("Start scoring", "")]

    def pick(self, app, index, entry):
        if index < 3:
            self.on[index] = not self.on[index]
            return
        on = self.on
        base = game_class().new(len(self.names), on[0], on[1], on[2]).to_dict()
        app.start_game(GAME_ID, self.names, base)


# --- play: the sheet, the ranking --------------------------------------------

class Sheet(Rows):
    """The ticket-draw reminder (on top: it matters from the first turn),
    every player's total (OK opens the player's page), the ranking."""

    def __init__(self):
        Rows.__init__(self, TITLE)

    def entries(self, app):
        g = app.session.game
        names = app.session.names
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
            from app.ttr_austria_screens_player import Player
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
    """Places best first; a tie on points says what broke it.  OK: breakdown."""

    def __init__(self):
        Rows.__init__(self, "Ranking")

    def entries(self, app):
        g = app.session.game
        names = app.session.names
        order = g.ranking()
        self.hint = tie_note(g, order)
        return [("%d %s" % (place, names[p]), "%d" % total, p) for place, p, total in order]

    def pick(self, app, index, entry):
        app.push(Breakdown(entry[2]))


class Breakdown(TextView):
    """One player's points line by line (breakdown()), then the total."""

    def __init__(self, p):
        TextView.__init__(self, "", [])
        self.p = p

    def _lines(self, app):
        g = app.session.game
        cols = app.ui.cols
        self.title = "%s %d" % (app.session.names[self.p], g.total(self.p))
        lines = [fit(label, signed(points), cols) for label, points in g.breakdown(self.p)]
        lines.append(fit("Total", "%d" % g.total(self.p), cols))
        self.lines = lines

    def handle(self, app, ev):
        self._lines(app)
        TextView.handle(self, app, ev)

    def draw(self, app, ui):
        self._lines(app)
        TextView.draw(self, app, ui)


def acting(game):
    """Final scoring has no turns: nobody's colour on the LED."""
    return None
