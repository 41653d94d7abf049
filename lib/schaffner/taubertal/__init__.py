"""Der Taubertal-Express rules core: setup, pioneer track, passes, payday,
sales and the final scoring.  ``Game`` (game.py) documents every action.

    from schaffner.taubertal import Game

Game loads on first use (module __getattr__): the setup screens need only
setup.py, so the big game module can load in the polls while they are shown.
"""


def __getattr__(name):
    # MicroPython asks here for submodules too (from schaffner.taubertal import setup)
    if name in ("actions", "buildings", "game", "numbers", "scoring", "setup"):
        return __import__("schaffner.taubertal." + name, None, None, [name])
    if name == "Game":
        return __import__("schaffner.taubertal.game", None, None, [name]).Game
    raise AttributeError(name)
