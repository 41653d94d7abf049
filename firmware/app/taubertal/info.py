"""Der Taubertal-Express: the station-building reference and the players' sheets."""
from app.events import UP, DOWN, OK, BACK
from app.colours import DIM, FG
from app.ui import fit, spread, wrap
from app.widgets import Menu, Screen
from schaffner.taubertal import buildings as B

_KINDS = ("Instant", "Lasting", "At end")
# What the gadget does with each building (B.IDS order): A = applies it,
# H = the table enters its effect by hand, E = asks for a number at the end.
_GADGET = "AAHAHAEEEAAAAHHAHAHEAA"
_NOTES = {"A": "Applied by app", "H": "Enter by hand", "E": "Asked at end"}


class RefMenu(Menu):
    LEAVES_IMAGE = ("app.taubertal.info",)  # (App._left)

    def __init__(self):
        Menu.__init__(self, "Buildings", [], self.pick)

    def draw(self, app, ui):
        if not self.items:
            self.items = [fit(b[0], ui.cols) for b in B.BUILDINGS]
        Menu.draw(self, app, ui)

    def pick(self, app, index):
        app.push(RefView(index))


class RefView(Screen):
    """One building: kind and cost (dim), its effect, what the gadget does with it
    (footer); UP/DOWN browse the others."""

    def __init__(self, index):
        self.index = index

    def handle(self, app, ev):
        n = len(B.BUILDINGS)
        if ev == UP:
            self.index = (self.index - 1) % n
        elif ev == DOWN:
            self.index = (self.index + 1) % n
        elif ev in (OK, BACK):
            app.pop()

    def draw(self, app, ui):
        name, kind, cost, effect = B.BUILDINGS[self.index]
        ui.header(fit(name, ui.cols))
        ui.line(0, spread(_KINDS[kind], "3 cubes" if cost == B.CUBES else "coins", ui.cols),
                DIM if ui.colour else FG)
        lines = wrap(effect, ui.cols)
        for r in range(min(ui.rows - 1, len(lines))):
            ui.line(r + 1, lines[r])
        ui.footer(_NOTES[_GADGET[self.index]])


def _nth(i):
    return "%d%s" % (i, ("st", "nd", "rd")[i - 1] if i < 4 else "th")


class PlayersView(Screen):
    """One player a page (UP/DOWN): VP, money, cubes, workers, goods room, pioneer place."""
    LEAVES_IMAGE = ("app.taubertal.info",)

    def __init__(self):
        self.p = 0

    def handle(self, app, ev):
        n = app.session.game.n
        if ev == UP:
            self.p = (self.p - 1) % n
        elif ev == DOWN:
            self.p = (self.p + 1) % n
        elif ev in (OK, BACK):
            app.pop()

    def draw(self, app, ui):
        g = app.session.game
        p = self.p
        ui.header(app.session.names[p], "%d/%d" % (p + 1, g.n))
        room = g.goods_room(p)
        lines = (
            spread("VP %d" % g.vp[p], "Coins %d" % g.coins[p], ui.cols),
            "Cubes %d of %d" % (g.cubes[p], g.cube_room(p)),
            "Hired %d of %d" % (g.hired[p], 2 * g.wcar[p]),
            "Goods room %d" % room if room else "No freight car",
            "Pioneer: " + _nth(g.standing().index(p) + 1),
            "Station: %d" % len(g.station(p)),
        )
        for r in range(min(ui.rows + 1, len(lines))):
            ui.line(r, lines[r])
