"""Der Taubertal-Express: the play screen, one page per phase with the acting player big."""
from app.events import UP, DOWN, OK, BACK
from app.taubertal.common import big_name, do, order_view, plural
from app.ui import fit, wrap
from app.widgets import Screen
from schaffner.taubertal.numbers import PASSES


def turn_menu():
    # imported when first needed: loading every module at once costs a peak of RAM
    from app.taubertal.turn import TurnMenu
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
            from app.taubertal.final import FinalHub
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
        elif ev == DOWN and ph == "payday" and self.page < g.n - 1:
            self.page += 1

    def help(self, app):
        from app.taubertal.helps import HELP  # loaded only when help is asked for
        g = app.session.game
        text = HELP[g.phase()]
        return text % app.session.names[g.acting()] if "%s" in text else text

    def _main(self, app, g, ph):
        p = g.acting()
        if ph == "tickets":
            do(app, ("ticket", p))
        elif ph == "tiles":
            do(app, ("tile", p))
        elif ph == "hire":
            from app.taubertal.turn import hire_entry
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
            if app.code_in_flash:  # no turn is taken from here on: the turns' screens out of the heap,
                app.unload("app.taubertal.turn")  # a boot's preload too (an undo imports them)
            hub = self._hub()
            hub.draw(app, ui)
            self.items, self.index = hub.items, hub.index
            return
        self.items = None
        self._sync(g)
        ui.header("Pass %d: %s" % (g.pass_no(), "Round %d" % g.round_no() if ph == "round" else _HEAD[ph]))
        low = ui.rows - 1
        if ph == "refill":
            for r, s in enumerate(ui.cut(wrap("Refill goods & light purple buildings, shuffle tiles", ui.cols), ui.rows)):
                ui.line(r, s)
            ui.footer("OK: next pass")
            return
        if ph == "payday":
            if app.code_in_flash and g.pass_no() == PASSES:  # the last: the final scoring comes next, no turn
                app.unload("app.taubertal.turn")
                app.want("app.taubertal.final")  # in the hands' pause: its import is not the paying press's
            self._draw_payday(app, ui, g, low)
            return
        p = g.acting()
        big_name(app, ui, p)
        order = g.turn_order()
        if ph == "tickets":
            ui.line(0, "Pick %d of %d" % (order.index(p) + 1, g.n))
            ui.line(low, "takes a ticket")
            ui.footer("then OK")
        elif ph == "tiles":
            ui.line(0, "Tile %d of 3" % (g.tiles_taken(p) + 1))
            ui.line(low, "takes a tile")
            ui.footer("then OK")
        elif ph == "hire":
            ui.line(0, "Hiring %d of %d" % (order.index(p) + 1, g.n))
            ui.line(low, "room: " + plural(g.worker_room(p), "worker"))
            ui.footer("OK: hire")
        else:
            ui.line(0, "VP %d" % g.vp[p])
            ui.right("Coins %d" % g.coins[p], ui.body_y)
            ui.line(low, "Cubes %d of %d" % (g.cubes[p], g.cube_room(p)))
            ui.footer("OK: the turn")

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
        ui.footer("%s %d/%d" % ("OK: pay all" if last else "OK: next", self.page + 1, g.n))
