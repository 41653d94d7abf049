"""Trainmaker's game menu and what it opens: Switch Track, deck empty, a met
Contract, the Steam Engine's Contract, odds per card, the roll history and
the players' statistics.  Everything is worked out from the game when the
screen opens; a change of the game (undo) only shows after reopening.
"""
from app.trainmaker import draw as D
from app.trainmaker.standings import act as _do, declare, players
from app.widgets import Confirm, Later, Menu


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


def deck_empty(app):
    app.push(Confirm("City deck", "The deck is empty? No more cards will be asked for.",
                     lambda a: _do(a, ("deck_empty",))))


def steam_contract(app):
    from app.trainmaker.contract import ContractEntry  # (the menu's code alone while it is open)

    app.push(ContractEntry(lambda a, reqs: _do(a, ("steam_contract", reqs))))


# --- views ---------------------------------------------------------------------


# --- views: each a module of its own, loaded when opened ---------------------------

def odds_view(app):
    from app.trainmaker.odds_view import OddsView

    app.push(OddsView())


def history(app):
    # the history's code comes in the next poll, once the menu's has left the heap
    app.replace(Later("Last rolls", "Reading ...", "app.trainmaker.rolls.History"))


def reopen(app):
    """The menu again, where the roll history goes back to: App.open_with imports this
    module in a poll after the press, once the history's code has left the heap."""
    app.push(GameMenu())
