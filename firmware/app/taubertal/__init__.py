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
A long OK opens the screen's help with the same menu at any phase (menu());
BACK goes to the main menu.
"""

# the modules the screens import when they first need them, leaves first, for
# App.preload (one a poll while the game is set up)
PRELOAD = ("app.taubertal.common", "schaffner.taubertal.setup", "app.taubertal.checklist",
           "schaffner.taubertal.buildings", "schaffner.taubertal.scoring", "schaffner.taubertal.numbers",
           "schaffner.taubertal.game", "schaffner.taubertal.actions", "app.taubertal.play", "app.taubertal.turn")
# ... and those of screens a game opens aside (the players' sheets, the buildings) or at
# its end: preloaded by a make deploy install only (App.preload); with the code in flash
# imported when first needed, and out of the heap again when left (info.LEAVES_IMAGE) or
# as the next game starts (app.new_game.leaving)
LATER = ("app.taubertal.info", "app.taubertal.final")
SETUP = ("app.taubertal.checklist",)  # the setup's own: it leaves the heap as the game starts


def game_class():
    from schaffner.taubertal import Game
    return Game


def setup(app, names):
    from app.taubertal.checklist import SetupView
    app.replace(SetupView(names))


def play_screen():
    from app.taubertal.play import PlayScreen
    return PlayScreen()


def menu(app):  # the game's menu, which a long OK opens under the screen's help (app.help)
    from app.taubertal.turn import TurnMenu
    return TurnMenu()


def acting(game):
    """Seat of the player who acts now (the board's LED shows their colour), or None."""
    return game.acting()


def result(game, names):  # app.games
    if not game.ended:
        return None
    rank = game.ranking()  # best first; a tie on points goes to the pioneer track
    scores = [0] * game.n
    places = [0] * game.n
    tie = False
    for i in range(game.n):
        p, total = rank[i]
        scores[p] = total
        places[p] = i + 1
        tie = tie or (i > 0 and rank[i - 1][1] == total)
    return {"scores": scores, "places": places, "winner": names[rank[0][0]], "win": "points",
            "tiebreak": "pioneer" if tie else "", "turns": game.turns(), "unit": "VP"}


def describe(action, names, game):
    """Short text naming an action, for "Undone: ..." (every action names its player)."""
    from app.taubertal.common import LABELS, plural
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
    if kind == "end":
        return "Game over"
    if kind == "final":
        return "%s %s %d" % (who, LABELS.get(action[2], action[2]), action[3])
    if kind in ("vp", "coins", "cubes"):
        d = action[2]
        unit = "VP" if kind == "vp" else kind if d not in (1, -1) else kind[:-1]
        return "%s %s%d %s" % (who, "+" if d > 0 else "", d, unit)
    return kind
