"""Der Taubertal-Express: what every Taubertal screen shares.

Helpers to name players in messages, fit names to a row, place the big name,
a menu whose rows come from the game on every frame, a bounded number entry
that says why it stops, and the turn-order list.
"""
from app.events import UP, DOWN, OK, BACK
from app.ui import fit, plural  # noqa: F401  (plural: the Taubertal screens import it from here)
from app.widgets import Menu, NumberEntry, Screen

# final-scoring input key -> its label on the final sheet and in "Undone: ..."
LABELS = {"pax": "Passengers", "goods": "Goods bldgs", "empty": "Empty spaces", "halls": "5 towns"}


def do(app, action):
    """app.do(action), with the core's "P2" turned into the player's name."""
    try:
        app.do(action)
    except ValueError as exc:
        raise ValueError(named(app, exc))


def named(app, exc):
    msg = str(exc.args[0]) if exc.args else "Not allowed"
    names = app.session.names
    for i in range(len(names)):
        msg = msg.replace("P%d" % (i + 1), names[i])
    return msg


def big_y(ui):
    """Top of the big type, between body row 0 and the last body row."""
    return (2 * ui.body_y + ui.rows * ui.pitch - 8 * ui.big) // 2


def big_name(app, ui, p):
    name = app.session.names[p]
    y = big_y(ui)
    ui.big_text(app.session.label(app, p, ui.cols), y)
    mark(ui, name, 2, y + 2 * ui.s)


def mark(ui, name, x, y):
    """The player's colour square on colour screens."""
    ui.player_mark(x, y, name)


class LiveMenu(Menu):
    """A menu whose rows (label, action) are worked out from the game.

    The app draws after every event (an undo included), so a button always
    acts on the rows on screen.  They are worked out again only when the game
    or the menu's player changed since (a cursor move changes neither).
    """

    def __init__(self, title="", hint=""):
        Menu.__init__(self, title, [], self._pick, hint=hint)
        self._rows = []
        self._of = None  # (game, actions, player) the rows were worked out for

    def rows(self, app):
        return []

    def draw(self, app, ui):
        j = app.session.journal
        # an action changes the count, an undo or a restore the game object
        of = (j.game, j.count(), getattr(self, "p", None))
        if of != self._of:
            self._rows = self.rows(app)
            self.items = [r[0] for r in self._rows]
            self._of = of
        Menu.draw(self, app, ui)

    def _pick(self, app, index):
        self._rows[index][1](app)


class Entry(NumberEntry):
    """A number between lo and hi that says why it will not go further.

    ``show(app, value)`` gives the line above the number (default: the
    prompt); ``note`` is the footer.  With ``sign`` the number shows "+3".
    """

    def __init__(self, title, prompt, value, lo, hi, on_done, note="OK=set",
                 why_lo="", why_hi="", sign=False):
        NumberEntry.__init__(self, title, prompt, value, lo, hi, on_done)
        self.note = note
        self.why_lo = why_lo
        self.why_hi = why_hi
        self.sign = sign

    def handle(self, app, ev):
        b = ev & 3
        if b == UP and self.value >= self.hi and self.why_hi:
            raise ValueError(self.why_hi)
        if b == DOWN and self.value <= self.lo and self.why_lo:
            raise ValueError(self.why_lo)
        NumberEntry.handle(self, app, ev)

    def show(self, app, value):
        return self.prompt

    def draw(self, app, ui):
        ui.header(self.title)
        ui.line(0, self.show(app, self.value))
        v = self.value
        ui.big_text(("+%d" if self.sign and v > 0 else "%d") % v, big_y(ui))
        ui.footer(self.note)


class OrderView(Screen):
    """Seats in order, first on top; OK or BACK leaves."""

    def __init__(self, title, seats, note):
        self.title = title
        self.seats = seats
        self.note = note

    def handle(self, app, ev):
        if ev in (OK, BACK):
            app.pop()

    def draw(self, app, ui):
        ui.header(self.title)
        names = app.session.names
        for r in range(min(ui.rows, len(self.seats))):
            name = names[self.seats[r]]
            ui.line(r, "%d %s" % (r + 1, name))
            mark(ui, name, ui.w - 10 * ui.s, ui.body_y + r * ui.pitch)
        ui.footer(self.note)


def order_view(title, seats):
    return OrderView(title, seats, "pioneer track")
