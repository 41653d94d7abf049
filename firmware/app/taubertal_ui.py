"""Der Taubertal-Express on the gadget: the board stays on the table, the
gadget keeps the pass, the phase, whose turn it is, money, cubes, VP and the
station buildings, and does payday and the final scoring.

Play screen (one per phase, the acting player big):
  ticket / tile draft  OK = "took one", the next player comes up
  hiring               OK = how many workers (bounded by worker room)
  rounds               OK = the turn menu (build, sale, carriage, changes, end turn)
  payday               OK = next player's wages, on the last one pay everyone
  refill               OK = next pass; its turn order is shown
  final scoring        a menu: check each player, then the ranking
DOWN (or UP) opens the same menu at any phase; BACK goes to the main menu.
"""
from app.events import UP, DOWN, OK, BACK
from app.taubertal_screens_base import LABELS, big_name, big_y, do, fit, order_view, plural
from app.widgets import Screen
from app.ui import wrap

TITLE = "Taubertal-Expr."
MIN_PLAYERS = 2
MAX_PLAYERS = 4


def game_class():
    from schaffner.taubertal import Game
    return Game


def setup(app, names):
    app.replace(SetupView(names))


def play_screen():
    return PlayScreen()


def acting(game):
    """Seat of the player who acts now (the board's LED shows their colour), or None."""
    return game.acting()


def describe(action, names, game):
    """Short text naming an action, for "Undone: ..." (every action names its player)."""
    kind = action[0]
    who = names[action[1]] if len(action) > 1 and type(action[1]) is int else ""
    if kind == "ticket":
        return who + " took a ticket"
    if kind == "tile":
        return who + " took a tile"
    if kind == "hire":
        return "%s hired %s" % (who, plural(action[2], "worker"))
    if kind == "done":
        return who + " ended the turn"
    if kind == "build":
        from schaffner.taubertal.buildings import name
        return who + " built " + name(action[2])
    if kind == "sale":
        return "%s sold %s" % (who, plural(sum(action[2:]), "good"))
    if kind == "carriage":
        return "%s coupled a %s car" % (who, action[2])
    if kind == "replace_ticket":
        return who + " replaced a ticket"
    if kind == "payday":
        return "Payday"
    if kind == "refill":
        return "Refill, next pass"
    if kind == "final":
        return "%s %s %d" % (who, LABELS.get(action[2], action[2]), action[3])
    if kind in ("vp", "coins", "cubes"):
        d = action[2]
        unit = "VP" if kind == "vp" else kind if d not in (1, -1) else kind[:-1]
        return "%s %s%d %s" % (who, "+" if d > 0 else "", d, unit)
    return kind


class SetupView(Screen):
    """What the table lays out, one item a page, then each seat's start cubes."""

    def __init__(self, names):
        from schaffner.taubertal import setup as S
        self.names = names
        self.items = None  # not a menu (the test driver looks for one)
        self.lines = S.setup_lines(len(names))
        self.seats = S.seat_lines(len(names))
        self.page = 0

    def handle(self, app, ev):
        last = len(self.lines)
        if ev in (OK, DOWN):
            if self.page < last:
                self.page += 1
            elif ev == OK:
                g = game_class().new(len(self.names))
                app.start_game("taubertal", self.names, g.to_dict())
        elif ev == UP:
            self.page = max(0, self.page - 1)
        elif ev == BACK:
            app.pop()

    def draw(self, app, ui):
        last = len(self.lines)
        count = "%d/%d" % (self.page + 1, last + 1)
        if self.page < last:
            label, n = self.lines[self.page]
            ui.header("Set up", count)
            for r, s in enumerate(wrap(label, ui.cols)[:2]):
                ui.line(r, s)
            ui.big_text(str(n), big_y(ui) + ui.pitch // 2)
            ui.footer("OK=next")
            return
        ui.header("Black cubes", count)
        for r in range(min(ui.rows, len(self.names))):
            cubes = self.seats[r][0]
            ui.line(r, self.names[r])
            ui.right(str(cubes), ui.body_y + r * ui.pitch)
        ui.footer("+1 coin each")


def turn_menu():
    # imported when first needed: loading every module at once costs a peak of RAM
    from app.taubertal_screens_turn import TurnMenu
    return TurnMenu()


_HEAD = {"tickets": "tickets", "tiles": "tiles", "hire": "hiring", "payday": "payday", "refill": "ends"}


class PlayScreen(Screen):
    PLAY = True  # the screen other Taubertal screens go back to

    def __init__(self):
        self.page = 0  # payday: whose wages are shown (in turn order)
        self.at = None  # (pass, phase) the page belongs to
        self.hub = None  # the final-scoring menu
        self.items = None  # mirrors the hub's rows in the final scoring
        self.index = 0

    def _sync(self, g):
        at = (g.pass_no(), g.phase())
        if at != self.at:
            self.at = at
            self.page = 0

    def _hub(self):
        if self.hub is None:
            from app.taubertal_screens_final import FinalHub
            self.hub = FinalHub()
        return self.hub

    def handle(self, app, ev):
        g = app.session.game
        ph = g.phase()
        if ph == "final":
            self._hub().handle(app, ev)
            return
        self._sync(g)
        if ev == BACK:
            app.pop()
        elif ev == OK:
            self._main(app, g, ph)
        elif ev == UP and ph == "payday" and self.page:
            self.page -= 1
        elif ev in (UP, DOWN):
            app.push(turn_menu())

    def _main(self, app, g, ph):
        p = g.acting()
        if ph == "tickets":
            do(app, ("ticket", p))
        elif ph == "tiles":
            do(app, ("tile", p))
        elif ph == "hire":
            from app.taubertal_screens_turn import hire_entry
            app.push(hire_entry(app, p))
        elif ph == "round":
            app.push(turn_menu())
        elif ph == "payday":
            if self.page < g.n - 1:
                self.page += 1
            else:
                do(app, ("payday",))
        elif ph == "refill":
            do(app, ("refill",))
            app.push(order_view("Pass %d order" % g.pass_no(), g.turn_order()))

    def draw(self, app, ui):
        g = app.session.game
        ph = g.phase()
        if ph == "final":
            hub = self._hub()
            hub.draw(app, ui)
            self.items, self.index = hub.items, hub.index
            return
        self.items = None
        self._sync(g)
        ui.header("Pass %d %s" % (g.pass_no(), "Round %d" % g.round_no() if ph == "round" else _HEAD[ph]))
        low = ui.rows - 1
        if ph == "refill":
            for r, s in enumerate(wrap("Refill goods & light purple bldgs, shuffle tiles", ui.cols)[: ui.rows]):
                ui.line(r, s)
            ui.footer("OK=next pass")
            return
        if ph == "payday":
            self._draw_payday(app, ui, g, low)
            return
        p = g.acting()
        big_name(app, ui, p)
        order = g.turn_order()
        if ph == "tickets":
            ui.line(0, "Pick %d of %d" % (order.index(p) + 1, g.n))
            ui.line(low, "took a ticket")
            ui.footer("OK=yes DN=menu")
        elif ph == "tiles":
            ui.line(0, "Tile %d of 3" % (g.tiles_taken(p) + 1))
            ui.line(low, "took a tile")
            ui.footer("OK=yes DN=menu")
        elif ph == "hire":
            ui.line(0, "Hiring %d of %d" % (order.index(p) + 1, g.n))
            ui.line(low, "room: " + plural(g.worker_room(p), "worker"))
            ui.footer("OK=hire DN=menu")
        else:
            ui.line(0, "VP %d" % g.vp[p])
            ui.right("Coins %d" % g.coins[p], ui.body_y)
            ui.line(low, "Cubes %d of %d" % (g.cubes[p], g.cube_room(p)))
            ui.footer("OK=turn menu")

    def _draw_payday(self, app, ui, g, low):
        p = g.turn_order()[self.page]
        hired, free, pay, unpaid, lost = g.payday_preview(p)
        ui.line(0, "Hired %d" % hired + (", %d free" % free if free else ""))
        big_name(app, ui, p)
        if lost or unpaid:
            ui.line(low, fit("pays %d, -%d VP" % (pay, lost), ui.cols))
        else:
            ui.line(low, "pays " + (plural(pay, "coin") if pay else "nothing"))
        last = self.page == g.n - 1
        ui.footer("%s %d/%d" % ("OK=pay all" if last else "OK=next", self.page + 1, g.n))
