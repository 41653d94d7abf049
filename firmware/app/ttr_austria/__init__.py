"""Ticket to Ride Austria on the gadget: the final score sheet and the ranking.

Setup asks for the optional rules (options), then the play screen (sheet)
lists the players with their totals; each player's page opens the entry
screens (player).  The ticket-draw reminder sits on top of the play screen,
the tie rule on the ranking when a tie needed it.
"""

# the modules the screens import when they first need them, leaves first, for
# App.preload (one a poll while the game is set up)
PRELOAD = ("app.ttr_austria.rows", "app.ttr_austria.options", "schaffner.ttr_austria.points",
           "schaffner.ttr_austria.game", "app.ttr_austria.sheet", "app.ttr_austria.player")


def game_class():
    from schaffner.ttr_austria.game import Game
    return Game


def describe(action, names, game):
    from schaffner.ttr_austria.game import describe as core_describe
    return core_describe(action, names)


def result(game, names):  # app.games; the tie-break as the ranking says it; no turns
    if not game.ended:
        return None
    from app.ttr_austria.sheet import tie_note
    order = game.ranking()
    scores = [0] * game.players
    places = [0] * game.players
    for place, p, total in order:
        scores[p] = total
        places[p] = place
    winner = "+".join(names[p] for place, p, _ in order if place == 1)
    return {"scores": scores, "places": places, "winner": winner, "win": "points",
            "tiebreak": tie_note(game, order)[5:], "turns": None, "unit": "VP"}


def setup(app, names):
    from app.ttr_austria.options import Options
    # replace, not push: BACK from the name picker after its last seat would re-pick
    app.replace(Options(names))


def play_screen():
    from app.ttr_austria.sheet import Sheet
    return Sheet()


def menu(app):
    """The game's menu, which a long OK opens under the screen's help (App.help):
    the sheet's own rows are the game's choices, so it says where they are."""
    from app.widgets import Menu
    return Menu("TtR Austria", ["Score sheet", "Ranking"], _menu_pick)


def _menu_pick(app, index):
    app.back_to_play()
    if index:
        from app.ttr_austria.sheet import Ranking
        app.push(Ranking())


def acting(game):
    """Final scoring has no turns: nobody's colour on the LED."""
    return None
