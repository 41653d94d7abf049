"""Trainmaker on the gadget: it replaces the dice.

Setup: the players come from the name picker, then Steam Engine on or off
(on: its face-up Contract), then the play screen asks for the three
face-up City cards.  The play screen (table) follows the
game's phase: card entry, roll (with a short animation), placing the dice
with a cursor, re-roll or stop, scoring, the Double Locomotive Bonus, the
Steam Engine's cards, the winner.  A long OK opens the screen's help with
the game menu (menu(); game_menu): Switch Track, deck empty, odds, roll history,
players' statistics, declaring a Contract.
"""
from app.widgets import Menu

# the modules the screens import when they first need them, leaves first, for
# App.preload (one a poll while the game is set up); not the game menu's (game_menu, loaded
# by the long OK that opens it, as the help is, and gone when it is left: GameMenu.LEAVES)
PRELOAD = ("app.trainmaker.text", "app.trainmaker.contract", "schaffner.trainmaker.cards", "schaffner.trainmaker.dice",
           "schaffner.trainmaker.game", "schaffner.trainmaker.result", "app.trainmaker.draw",
           "app.trainmaker.tip", "app.trainmaker.card_entry", "schaffner.trainmaker.solver", "app.trainmaker.standings",
           "app.trainmaker.phases", "app.trainmaker.table")
# what only the setup needs (the Steam Engine's Contract): out of the heap once the game starts
SETUP = ("app.trainmaker.contract",)


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
        from app.trainmaker.contract import ContractEntry
        app.replace(ContractEntry(lambda a, reqs: start(a, names, reqs)))


def start(app, names, contract):
    g = game_class().new(len(names), contract is not None, contract)
    app.start_game("trainmaker", names, g)


def play_screen():
    from app.trainmaker.table import Table
    return Table()


def menu(app):
    """The game's menu, which a long OK opens under the screen's help (App.help)."""
    from app.trainmaker.game_menu import GameMenu
    return GameMenu()


def acting(game):
    """The player who acts now; None while the table enters the Steam Engine's
    cards or when the game is over."""
    if game.phase() in ("steam", "over"):
        return None
    return game.player()


def result(game, names):  # app.games; a score is the City cards scored
    if game.phase() != "over":
        return None
    from schaffner.trainmaker.result import places, turns
    w = game.winner()
    return {"scores": [game.stats(p)[3] for p in range(game.players())], "places": places(game),
            "winner": "Steam Engine" if w < 0 else names[w], "win": game.win_reason(),
            "tiebreak": "", "turns": turns(game), "unit": "cards"}


def describe(action, names, g):
    """Short text naming an action, for "Undone: ...".  g is the game as it was
    when the action was applied (after the undo), so it tells who acted."""
    from app.trainmaker.text import card_text, who
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
        return names[g.declarer()] + " declared a Contract"
    return name + {"pass": "passed", "stop": "stopped"}.get(kind, kind)
