"""Trainmaker: seven virtual Train dice, the push-your-luck turn, scoring,
the Steam Engine and exact odds.

    from schaffner.trainmaker import Game, roll_dice, odds, choices

Names load on first use (module __getattr__), so a screen that never asks
for the odds does not pay for them in RAM.
"""

_WHERE = {
    "Game": "game", "STEAM": "game", "STAT_NAMES": "game",
    "roll_dice": "dice", "FACES": "dice", "DICE": "dice",
    "NEEDS": "cards", "GOODS": "cards", "WILD": "cards", "SIZES": "cards",
    "odds": "solver", "choices": "solver", "train_odds": "solver", "derail_chance": "solver",
    "Solver": "solver",
}


def __getattr__(name):
    # MicroPython asks here for submodules too (from schaffner.trainmaker import game)
    mod = name if name in ("cards", "dice", "game", "solver") else _WHERE.get(name)
    if mod is None:
        raise AttributeError(name)
    module = __import__("schaffner.trainmaker." + mod, None, None, [name])
    return module if mod == name else getattr(module, name)
