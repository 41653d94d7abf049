"""Trainmaker's game menu and what it opens: Switch Track, deck empty, a met
Contract, the Steam Engine's Contract, odds per card, the roll history and
the players' statistics.  Everything is worked out from the game when the
screen opens; a change of the game (undo) only shows after reopening.
"""
from app.trainmaker import draw as D
from app.trainmaker.text import card_short, card_text, goods_line
from app.ui import fit, plural, spread, wrap
from app.widgets import Confirm, Menu, TextView

_HISTORY = 24  # rolls listed, newest first
_CHUNK = 16  # actions the roll history replays per tick


class GameMenu(Menu):
    """What can be done or looked at now; rows follow the game at every event."""

    # the menu's code, and the help's drawing above it, leave the heap with it (App._left)
    LEAVES = ("app.trainmaker.game_menu", "app.trainmaker.contract", "app.guide")

    def __init__(self):
        Menu.__init__(self, "Trainmaker", [], self._pick)

    def entries(self, app):
        g = app.session.game
        ph = g.phase()
        e = []
        if ph == "place" and g.has_switch():
            e.append(("Switch Track", switch))
        if ph in ("cards", "steam"):
            e.append(("Deck is empty", deck_empty))
        if app.settings["odds"] and ph in ("roll", "bonus", "place", "after_place"):
            e.append(("Odds per card", odds_view))
        e.append(("Roll history", history))
        e.append(("Players", players))
        if "declare" in g.legal():
            e.append(("Contract met!", declare))
        if g.steam() and ph != "over":
            e.append(("Steam Contract", steam_contract))
        return e

    def _rows(self, app):
        e = self.entries(app)
        self.items = [x[0] for x in e]
        return e

    def handle(self, app, ev):
        self._rows(app)
        Menu.handle(self, app, ev)

    def draw(self, app, ui):
        self._rows(app)
        Menu.draw(self, app, ui)

    def _pick(self, app, index):
        self._rows(app)[index][1](app)


# --- actions -------------------------------------------------------------------

def switch(app):
    g = app.session.game
    free = g.unplaced()
    items = []
    for k in range(len(free)):
        items.append("Die %d %s" % (k + 1, D.SHORT[D.FACES.index(g.faces()[free[k]])]))
    app.push(Menu("Switch die", items, lambda a, k: _switch_face(a, free[k], k), hint="Which die?"))


def _switch_face(app, die, k):
    g = app.session.game
    now = g.faces()[die]
    faces = [f for f in D.FACES if f != now]
    app.replace(Menu("Die %d becomes" % (k + 1), [D.SHORT[D.FACES.index(f)] for f in faces],
                     lambda a, i: _do(a, ("switch", die, faces[i])), hint="Once a game"))


def _do(app, action):
    app.do(action)
    app.back_to_play()


def deck_empty(app):
    app.push(Confirm("City deck", "The deck is empty? No more cards will be asked for.",
                     lambda a: _do(a, ("deck_empty",))))


def declare(app):
    g = app.session.game
    name = app.session.names[g.declarer()]
    app.push(Confirm("Contract", name + " shows a met Contract and wins?", lambda a: _do(a, ("declare",))))


def steam_contract(app):
    from app.trainmaker.contract import ContractEntry  # (the menu's code alone while it is open)

    app.push(ContractEntry(lambda a, reqs: _do(a, ("steam_contract", reqs))))


# --- views ---------------------------------------------------------------------

def odds_view(app):
    app.push(OddsView())


class OddsView(TextView):
    """The odds card by card, worked out a slice per tick after it opens (not
    in the press that opens it), with the play screen's solver."""

    def __init__(self):
        TextView.__init__(self, "Odds", ["Working ..."])
        self.work = None
        self.done = False

    def busy(self, app):
        return not self.done

    def tick(self, app, now_ms):
        if self.done or app.pressed:
            return False
        table = app.stack[1]
        g = app.session.game
        if self.work is None:
            from schaffner.trainmaker import solver
            self.work = solver.odds_steps(g, table.solver(g))
        done, value = table.advance(self.work)
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


def history(app):
    app.push(History(app))


class History(TextView):
    """The rolls still in the journal, newest first, replayed to know who
    rolled; x marks a roll that ended in a derail (at once, or when the dice
    were placed or the roll passed).  The replay runs a few actions per tick,
    so no single press or poll takes long."""

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


def players(app):
    g = app.session.game
    names = app.session.names
    cols = app.ui.cols
    items = [spread(names[p], plural(g.stats(p)[3], "card"), cols) for p in range(g.players())]
    if g.steam():
        items.append(spread("Steam", plural(len(g.steam_cards()), "card"), cols))
    app.push(Menu("Players", items, _player))


def _player(app, p):
    g = app.session.game
    cols = app.ui.cols
    if p == g.players():
        lines = [spread("Cards", "%d" % len(g.steam_cards()), cols)]
        lines += [card_text(c) for c in g.steam_cards()]
        lines.append("Contract:")
        lines += [" " + n for n in (g.steam_contract() or ["not entered"])]
        app.push(TextView("Steam", lines))
        return
    r = g.stats(p)
    lines = [spread("Rolls", "%d" % r[0], cols), spread("Derails", "%d" % r[1], cols),
             spread("Trains", "%d" % r[2], cols), spread("Cards", "%d" % r[3], cols),
             spread("Switch", "in hand" if g.has_switch(p) else "used", cols)]
    missing = g.goods_missing(p)[0]
    lines.append(goods_line(g, p))
    lines += [card_text(c) for c in g.scored(p)]
    if missing:
        lines += wrap("Lacks " + " ".join(missing), cols)
    lines.append("Terminals wild")
    app.push(TextView(app.session.names[p], lines))
