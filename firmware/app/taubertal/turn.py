"""Der Taubertal-Express: the turn menu and what it records.

Building (which one, where, the price, a confirmation showing the payment),
the sale calculator, coupling a carriage, replacing a ticket, VP / coins /
cubes changes from the board, hiring.  Each ends back on the play screen.
"""
from app.events import UP, DOWN, OK, BACK, LONG
from app.taubertal.common import Entry, LiveMenu, big_y, do, named, order_view, plural
from app.ui import fit
from app.widgets import Confirm, Menu, Screen
from schaffner.taubertal import buildings as B
from schaffner.taubertal.numbers import WORKERS

GOODS = ("Wine", "Sheep", "Grain", "Tools")  # the order of a "sale"'s counts
MAX_TOKENS = 16  # tokens of one goods type in the box


def game(app):
    return app.session.game


def who(app, p):  # the colour, and the name of who plays it (app.seats)
    return app.session.label(app, p, app.ui.cols)


class PlayerMenu(LiveMenu):
    """A live menu about player p."""

    def __init__(self, p, title="", hint=""):
        LiveMenu.__init__(self, title, hint)
        self.p = p


class TurnMenu(LiveMenu):
    """Everything that can happen now; in the rounds, the acting player's turn."""

    def rows(self, app):
        g = game(app)
        ph = g.phase()
        p = g.acting()
        rows = []
        if ph == "round":
            self.title = who(app, p)  # with "End turn" first: whose turn it is
            rows.append(("End turn", lambda a: end_turn(a, p)))
            rows.append(("Build", lambda a: a.push(BuildMenu(p))))
            rows.append(("Sale", lambda a: a.push(SaleScreen(p))))
            rows.append(("Couple carriage", lambda a: a.push(carriage_menu(p))))
        else:
            self.title = "Menu"
        if ph in ("round", "tickets"):
            rows.append(("Replace ticket", lambda a: a.push(replace_confirm(a, p))))
        rows.append(("VP/coins/cubes", lambda a: a.push(ChangeMenu(p if p is not None else 0))))
        if ph != "round":
            rows.append(("Sale calculator", lambda a: a.push(SaleScreen(None))))
        rows.append(("Players", show_players))
        rows.append(("Turn order", show_order))
        rows.append(("Buildings", show_buildings))
        return rows


def end_turn(app, p):
    do(app, ("done", p))
    app.back_to_play()


def show_players(app):
    from app.taubertal.info import PlayersView
    app.push(PlayersView())


def show_order(app):
    g = game(app)
    app.push(order_view("Pass %d order" % g.pass_no(), g.turn_order()))


def show_buildings(app):
    from app.taubertal.info import RefMenu
    app.push(RefMenu())


# --- hiring ------------------------------------------------------------------

def hire_entry(app, p):
    g = game(app)
    room = g.worker_room(p)
    left = WORKERS - sum(g.hired)
    why = "%s has room for %s" % (who(app, p), plural(room, "worker"))
    if left < room:
        room, why = left, "Only %s left" % plural(left, "worker")
    return Entry(who(app, p) + " hires", "Workers, max %d" % room, 0, 0, room,
                 lambda a, n: hired(a, p, n), note="1 coin each", why_hi=why)


def hired(app, p, n):
    do(app, ("hire", p, n))
    app.pop()


# --- building ----------------------------------------------------------------

class BuildMenu(PlayerMenu):
    """All 22 station buildings; ones p cannot build are in brackets."""

    def rows(self, app):
        g = game(app)
        p = self.p
        self.title = "Build"
        cols = app.ui.cols
        free = g.buildable(p)
        rows = []
        for i in range(len(B.IDS)):
            label = B.BUILDINGS[i][0]  # (the table in its order: no lookup of each id)
            if B.IDS[i] not in free:
                label = "(" + fit(label, cols - 2) + ")"
            rows.append((fit(label, cols), None))
        return rows

    def _pick(self, app, index):
        bid = B.IDS[index]
        g = game(app)
        p = self.p
        title = B.name(bid)
        if bid in g.station(p) or bid in g.built_over(p):
            raise ValueError("%s already has a %s" % (who(app, p), title))
        if bid not in g.buildable(p):
            raise ValueError("No %s tile left" % title)
        if B.cost(bid) == B.CUBES and g.cubes[p] < B.LIGHT_PRICE:
            raise ValueError("%s needs 3 cubes: %s has %d" % (title, who(app, p), g.cubes[p]))
        if g.station(p):
            app.push(WhereMenu(p, bid))
        else:
            ask_price(app, p, bid, None)


class WhereMenu(PlayerMenu):
    """Into a free space, or over one of p's visible buildings."""

    def __init__(self, p, bid):
        PlayerMenu.__init__(self, p, "Where?", "over: track top")
        self.bid = bid

    def rows(self, app):
        rows = [("Free space", None)]
        for over in game(app).station(self.p):
            rows.append((fit("Over " + B.name(over), app.ui.cols), None))
        return rows

    def _pick(self, app, index):
        over = game(app).station(self.p)[index - 1] if index else None
        ask_price(app, self.p, self.bid, over)


def ask_price(app, p, bid, over):
    if B.cost(bid) == B.CUBES:
        app.push(build_confirm(app, p, bid, over, 0))
        return
    app.push(Entry(fit(B.name(bid), app.ui.cols), "Price on board", 0, 0, 30,
                   lambda a, n: priced(a, p, bid, over, n), note="0: paid already"))


def priced(app, p, bid, over, price):
    g = game(app)
    coins = g.building_charge(p, bid, price)[1]
    if coins > g.coins[p]:
        raise ValueError("%s costs %d: %s has %s" % (B.name(bid), coins, who(app, p), plural(g.coins[p], "coin")))
    app.push(build_confirm(app, p, bid, over, price))


_NOW = {"kiosk": "+3 cubes now", "kantine": "+1 worker now", "elektrizitaetswerk": "+3 VP now"}


def build_confirm(app, p, bid, over, price):
    g = game(app)
    cubes, coins = g.building_charge(p, bid, price)
    if cubes:
        pay = "Pay %d cubes" % cubes
    elif coins:
        pay = ("Pay %d, bank -1" % coins) if coins < price else "Pay " + plural(coins, "coin")
    else:
        pay = "Paid by hand"
    lines = [pay]
    if bid in _NOW:
        lines.append(_NOW[bid])
    lines.append("Pioneer: top" if over else "Pioneer: +1")
    lines.append("Build it?")
    action = ("build", p, bid) if over is None and not price else ("build", p, bid, over, price)
    return Confirm(fit(B.name(bid), app.ui.cols), "\n".join(lines),
                   lambda a: built(a, action))


def built(app, action):
    do(app, action)
    app.back_to_play()
    g = game(app)
    app.push(order_view("Next pass order", g.standing()))


# --- sale ----------------------------------------------------------------------

class SaleScreen(Screen):
    """The four goods counts: UP/DOWN change the marked one, OK goes on.

    ``p`` None is the calculator alone (no player, nothing recorded).
    """

    def __init__(self, p):
        self.p = p
        self.counts = [0, 0, 0, 0]
        self.row = 0

    def handle(self, app, ev):
        b = ev & 3
        step = 5 if ev & LONG else 1
        c = self.counts
        if b == UP:
            c[self.row] = min(MAX_TOKENS, c[self.row] + step)
        elif b == DOWN:
            c[self.row] = max(0, c[self.row] - step)
        elif ev == OK:
            if self.row < 3:
                self.row += 1
            else:
                self.review(app)
        elif ev == BACK:
            if self.row:
                self.row -= 1
            else:
                app.pop()

    def review(self, app):
        c = self.counts
        if self.p is None:
            if not sum(c):
                raise ValueError("Nothing to sell")
            value = sale_value(c)
        else:
            try:
                value = game(app).sale_preview(self.p, c[0], c[1], c[2], c[3])
            except ValueError as exc:
                raise ValueError(named(app, exc))
        app.push(SaleReview(self.p, list(c), value))

    def draw(self, app, ui):
        ui.header("Sale: " + who(app, self.p) if self.p is not None else "Sale calculator")
        for r in range(4):
            s = GOODS[r] + " " * (ui.cols - len(GOODS[r]) - 3) + "%2d" % self.counts[r]
            if r == self.row:
                ui.bar(r, s)
            else:
                ui.line(r, s)
        coins, vp = sale_value(self.counts)
        ui.footer("=%s %d VP" % (plural(coins, "coin"), vp) if coins else "UP=+1 OK=next")


def sale_value(counts):
    from schaffner.taubertal.scoring import sale_value as value
    return value(counts)


class SaleReview(Screen):
    """The coins and VP a sale brings; OK sells (for a player), BACK edits."""

    def __init__(self, p, counts, value):
        self.p = p
        self.counts = counts
        self.value = value

    def handle(self, app, ev):
        if ev == BACK:
            app.pop()
        elif ev == OK:
            if self.p is None:
                app.back_to_play()
                return
            c = self.counts
            do(app, ("sale", self.p, c[0], c[1], c[2], c[3]))
            app.back_to_play()

    def draw(self, app, ui):
        p = self.p
        ui.header("Sale: " + who(app, p) if p is not None else "Sale preview")
        ranked = sorted([n for n in self.counts if n], reverse=True)
        calc = "+".join(["%dx%d" % (ranked[i], (1, 2, 3, 3)[i]) for i in range(len(ranked))])
        ui.line(0, calc if len(calc) <= ui.cols else "most first 1,2,3")
        coins, vp = self.value
        ui.big_text(plural(coins, "coin"), big_y(ui))
        ui.line(ui.rows - 1, "+%d VP (2 each)" % vp)
        if p is None:
            ui.footer("preview only")
        elif game(app).has(p, "zollamt"):
            ui.footer("1 good->Zollamt")
        else:
            ui.footer("OK=sell")


# --- carriage, ticket, changes from the board --------------------------------------

def carriage_menu(p):
    return Menu("Couple carriage", ["Freight", "Worker"],
                lambda a, i: coupled(a, p, ("freight", "worker")[i]))


def coupled(app, p, kind):
    do(app, ("carriage", p, kind))
    app.back_to_play()
    g = game(app)
    if kind == "freight":
        app.notify("%s: freight holds %s" % (who(app, p), plural(g.goods_room(p), "good")))
    else:
        app.notify("%s: room for %s" % (who(app, p), plural(2 * g.wcar[p], "worker")))


def replace_confirm(app, p):
    return Confirm("Replace ticket", "%s: no room\n-3 VP\n(VP floor -5)\nReplace it?" % who(app, p),
                   lambda a: replaced(a, p))


def replaced(app, p):
    do(app, ("replace_ticket", p))
    app.back_to_play()


class ChangeMenu(PlayerMenu):
    """VP, coins or cubes of one player, changed by what happened on the board."""

    def rows(self, app):
        g = game(app)
        p = self.p
        self.title = "Change: " + who(app, p)
        return [
            ("VP %d" % g.vp[p], lambda a: a.push(change_entry(a, p, "vp"))),
            ("Coins %d" % g.coins[p], lambda a: a.push(change_entry(a, p, "coins"))),
            ("Cubes %d" % g.cubes[p], lambda a: a.push(change_entry(a, p, "cubes"))),
            ("Other player", self.next_player),
        ]

    def next_player(self, app):
        self.p = (self.p + 1) % game(app).n


class ChangeEntry(Entry):
    def __init__(self, app, p, kind, lo, note, why_lo):
        Entry.__init__(self, who(app, p) + (" VP" if kind == "vp" else " " + kind),
                       "", 0, lo, 50, self.done, note=note, why_lo=why_lo, sign=True)
        self.p = p
        self.kind = kind

    def show(self, app, d):
        g = game(app)
        p = self.p
        if self.kind == "vp":
            return "VP %d -> %d" % (g.vp[p], max(-5, g.vp[p] + d))
        if self.kind == "coins":
            return "Coins %d -> %d" % (g.coins[p], g.coins[p] + d)
        return "Cubes %d -> %d" % (g.cubes[p], min(g.cube_room(p), g.cubes[p] + d))

    def done(self, app, d):
        do(app, (self.kind, self.p, d))
        app.pop()


def change_entry(app, p, kind):
    g = game(app)
    name = who(app, p)
    if kind == "vp":
        return ChangeEntry(app, p, kind, -50, "VP floor -5", "")
    if kind == "coins":
        return ChangeEntry(app, p, kind, -g.coins[p], "gold coin = 5",
                           "%s has %s" % (name, plural(g.coins[p], "coin")))
    return ChangeEntry(app, p, kind, -g.cubes[p], "room %d cubes" % g.cube_room(p),
                       "%s has %s" % (name, plural(g.cubes[p], "cube")))
