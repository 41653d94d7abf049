"""The games the gadget runs, and the session that holds the one in play.

Each game has a screens module ``app.<id>_ui`` imported only when that game
is played, so a game never opened costs no RAM.  Such a module provides
TITLE, MIN_PLAYERS, MAX_PLAYERS, ``game_class()``, ``setup(app, names)``
(screens asking anything else the game needs, ending in ``app.start_game``),
``play_screen()``, ``describe(action, names, game)`` for the undo message
(game: as it was when the action was applied, i.e. after the undo) and
``acting(game)``: the seat of the player who acts now, or None (for the LED).
"""
from schaffner.journal import Journal

IDS = ("taubertal", "trainmaker", "ttr_austria")
TITLES = ("Taubertal-Expr.", "Trainmaker", "TtR Austria")
PLAYERS = ((2, 4), (1, 6), (2, 5))
NAMES = ("Red", "Blue", "Green", "Yellow", "Black", "White", "Purple", "Orange")


def module(game_id):
    if game_id not in IDS:
        raise ValueError("unknown game %r" % (game_id,))
    return __import__("app." + game_id + "_ui", None, None, ("x",))


class Session:
    """The game in play: which game, who plays (in seat order from the start player), the journal."""

    def __init__(self, game_id, names, journal):
        self.game_id = game_id
        self.names = names
        self.journal = journal
        self.ui = module(game_id)

    @property
    def game(self):
        return self.journal.game

    def to_dict(self):
        return {"app": "schaffner", "v": 1, "game": self.game_id, "names": self.names,
                "journal": self.journal.to_dict()}

    @classmethod
    def from_dict(cls, data):
        """Rebuild a saved session; ValueError for anything that is not one of ours."""
        if not isinstance(data, dict) or data.get("app") != "schaffner" or data.get("v") != 1:
            raise ValueError("not a Schaffner save")
        game_id = data.get("game")
        names = data.get("names")
        if game_id not in IDS or not isinstance(names, list):
            raise ValueError("not a Schaffner save")
        ui = module(game_id)
        return cls(game_id, names, Journal.from_dict(ui.game_class(), data.get("journal")))
