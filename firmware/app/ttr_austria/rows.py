"""Ticket to Ride Austria: the screen shapes its pages share, rows of label and value and a number entry."""
from app.events import UP, DOWN, OK, BACK
from app.ui import fit as shortened, wrap
from app.widgets import Menu, NumberEntry


def fit(label, value, cols):
    """One row: label left, value right, the label in shorter words (and if need
    be shortened with a dot) so it never runs off the screen."""
    room = cols - len(value) - 1 if value else cols
    if len(label) > room:
        label = shortened(shorten(label), room)
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
    ui.header(left, ui.cut(right, room) if room > 0 else "")


def signed(n):
    return "+%d" % n if n > 0 else "%d" % n


def state(app):
    """What a page's rows are worked out from: the game in play and how many actions it
    holds (an undo or a restore brings another game), None before a game starts."""
    s = app.session
    return None if s is None else (s.journal.game, s.journal.count())


class Rows(Menu):
    """Rows of (label, value, ...) derived from the game, worked out again when it
    changed (an action, an undo), then note lines that are not picked, and a
    hint.  ``items`` is kept in step so tests can pick rows by label."""

    right = ""

    def __init__(self, title, index=0, hint=""):
        Menu.__init__(self, title, [], None, index, hint)
        self._of = None  # state() the rows were worked out for

    def entries(self, app):
        return []

    def notes(self, app):
        return ""

    def pick(self, app, index, entry):
        pass

    def _rows(self, app):
        rows = self.entries(app)
        self.index = min(self.index, len(rows) - 1)  # an undo may have shortened the list
        return rows

    def _sync(self, app):
        # the rows' text is made once per state of the game (on the OLED's deploy install a
        # page of it takes 3-12 ms): a move and its frame make none; before a game, each time
        of = state(app)
        if of is None or of != self._of:
            cols = app.ui.cols
            self.items = [fit(e[0], e[1], cols) for e in self._rows(app)]
            self._of = of

    def handle(self, app, ev):
        if ev == BACK:
            Menu.handle(self, app, ev)
        elif ev == OK:  # the row picked, as the game has it now (not the rows' text)
            rows = self._rows(app)
            self.pick(app, self.index, rows[self.index])
        else:
            self._sync(app)
            Menu.handle(self, app, ev)

    def draw(self, app, ui):
        self._sync(app)
        head(ui, self.title, self.right)
        note = self.notes(app)
        lines = self.items + wrap(note, ui.cols) if note else self.items
        rows = ui.rows + (0 if self.hint else 1)
        top = self.window(len(lines), rows)
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
