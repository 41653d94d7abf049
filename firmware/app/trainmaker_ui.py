"""Trainmaker on the gadget: it replaces the dice.

Setup: the players come from the name picker, then Steam Engine on or off
(on: its face-up Contract), then the play screen asks for the three
face-up City cards.  The play screen (trainmaker_table) follows the
game's phase: card entry, roll (with a short animation), placing the dice
with a cursor, re-roll or stop, scoring, the Double Locomotive Bonus, the
Steam Engine's cards, the winner.  A long OK, or the bars option, opens the
game menu (trainmaker_info): Switch Track, deck empty, odds, roll history,
players' statistics, declaring a Contract.
"""
from app.widgets import Menu

TITLE = "Trainmaker"
MIN_PLAYERS = 1
MAX_PLAYERS = 6
GAME_ID = "trainmaker"

def game_class():
    from schaffner.trainmaker.game import Game
    return Game


def setup(app, names):
    # replace, not push: BACK from the name picker after its last seat would re-pick
    app.replace(Menu("Steam Engine?", ["No", "Yes"], lambda a, i: _steam(a, names, i),
                     hint="dummy player"))


def _steam(app, names, yes):
    if not yes:
        start(app, names, None)
    else:
        app.replace(ContractEntry(lambda a, reqs: start(a, names, reqs)))


def start(app, names, contract):
    g = game_class().new(len(names), contract is not None, contract)
    app.start_game(GAME_ID, names, g.to_dict())


def play_screen():
    from app.trainmaker_table import Table
    return Table()


def acting(game):
    """The player who acts now; None while the table enters the Steam Engine's
    cards or when the game is over."""
    if game.phase() in ("steam", "over"):
        return None
    return game.player()


def who(game, names):
    p = game.player()
    return "Steam Engine" if p < 0 else names[p]


def card_text(card):
    """('PB', 'coal') -> 'PB coal'."""
    return card[0] + " " + card[1]


def goods_line(g, p):
    """How many of the six goods types player p has, Terminals filling gaps."""
    missing, wild = g.goods_missing(p)
    return "Goods %d of 6" % min(6, 6 - len(missing) + wild)


def card_short(card):
    """('PBF', 'passengers') -> 'PBF Pass': a card beside a number."""
    g = card[1]
    return card[0] + " " + (_ABBR[_NEEDS.index(g)] if g in _NEEDS else g)


def describe(action, names, g):
    """Short text naming an action, for "Undone: ...".  g is the game as it was
    when the action was applied (after the undo), so it tells who acted."""
    kind = action[0]
    name = who(g, names) + " "
    if kind == "card":
        return "Card " + card_text(action[1:])
    if kind == "steam_card":
        return "Steam drew " + card_text(action[1:])
    if kind == "deck_empty":
        return "Deck empty"
    if kind == "steam_contract":
        return "Steam Contract"
    if kind == "roll":
        return name + "rolled " + action[1]
    if kind == "place":
        n = len(action[1])
        return "%splaced %d di%s" % (name, n, "e" if n == 1 else "ce")
    if kind == "switch":
        from schaffner.trainmaker.dice import face_name
        return name + "switched to " + face_name(action[2])
    if kind == "score":
        cards = g.faceup()
        i = action[1]
        return name + "scored " + (card_text(cards[i]) if 0 <= i < len(cards) else "a card")
    if kind == "declare":
        return name + "declared a Contract"
    return name + {"pass": "passed", "stop": "stopped"}.get(kind, kind)


# --- the Steam Engine's Contract ---------------------------------------------

_NEEDS = ("passengers", "coal", "cattle", "corn", "mail", "timber",
          "whistlestop", "depot", "station", "terminal")
_ITEMS = ("Done", "passengers", "coal", "cattle", "corn", "mail", "timber",
          "whistlestop 1", "depot 2", "station 3", "terminal 4", "Remove last")
_ABBR = ("Pass", "Coal", "Catl", "Corn", "Mail", "Timb", "W1", "D2", "S3", "T4")


class ContractEntry(Menu):
    """The Contract as a list of needs (goods types or card sizes with their
    rolling stock), one pick each; on_done(app, needs) takes it (the core
    checks it).  The footer shows the needs so far."""

    def __init__(self, on_done):
        Menu.__init__(self, "Contract", list(_ITEMS), self._pick)
        self.needs = []
        self.on_done = on_done

    def _pick(self, app, index):
        if index == 0:
            from schaffner.trainmaker.cards import check_contract
            self.on_done(app, check_contract(list(self.needs)))
            return
        if index == len(self.items) - 1:
            if not self.needs:
                raise ValueError("Nothing to remove")
            self.needs.pop()
        else:
            self.needs.append(_NEEDS[index - 1])

    def draw(self, app, ui):
        h = " ".join(_ABBR[_NEEDS.index(n)] for n in self.needs) or "Steam's needs"
        self.hint = h if len(h) <= ui.cols else ".." + h[len(h) + 2 - ui.cols:]
        Menu.draw(self, app, ui)
