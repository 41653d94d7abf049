"""The dice check end to end (CPython only: too slow for the MicroPython runner).

100,000 rolls through the real roll code (roll_dice with the device's generator),
counted by Trainmaker's own game state and written to the dice file by the app's
history, a game at a time: the check finds these dice fair.  The same games
rolled with the classic mistake the device avoids (a byte taken modulo 6, which
favours four sides by 43 to 42) are found not fair.  And the p-value agrees with
a numerical integration of the chi-square density.
"""
import math
import types

from app.dice_check import verdict
from app.history_write import totals
from app.history import History
from app.store import FileStore
from memfiles import MemFiles
from schaffner.rng import Rng
from schaffner.stats import chi2_sf
from schaffner.trainmaker.dice import SIDES, roll_dice
from schaffner.trainmaker.game import Game

CPYTHON_ONLY = "100,000 rolls: too slow for the MicroPython runner"

ROLLS = 100_000
PER_GAME = 10_000
SEED = 20250512


def modulo_biased(rng, n):
    return "".join(SIDES[rng.getrandbits(8) % 6] for _ in range(n))


def _after_roll(g):
    """Place what keeps the train going (or pass), then stop: the next roll is due."""
    while g.phase() not in ("roll", "bonus"):
        ph = g.phase()
        if ph == "after_place":
            g.apply(("stop",))
        elif g.can_pass():
            g.apply(("pass",))
        else:
            faces = g.faces()
            free = g.unplaced()
            stock = [i for i in free if faces[i] in "PBF"]
            if not g.train():
                pick = [[i for i in free if faces[i] == "L"][0], stock[0]]
            else:
                pick = [i for i in free if faces[i] == "C"][:1] or stock[:1]
            g.apply(("place", pick))


def counted(roll):
    """Faces counted in the dice file after ROLLS rolls, PER_GAME a game: each game's
    count is written when the next one replaces it, as the app does."""
    fs = MemFiles()
    app = types.SimpleNamespace(store=FileStore("/data", fs), session=None, notify=print, plays=None,
                                later=lambda work: [None for _ in work])
    history = History(app)
    rng = Rng(SEED)
    for _ in range(ROLLS // PER_GAME):
        game = Game.new(1)
        game.apply(("deck_empty",))
        for _ in range(PER_GAME):
            game.apply(("roll", roll(rng, game.to_roll())))
            _after_roll(game)
        history.replaced(app, types.SimpleNamespace(game=game))
    assert fs.files["/data/dice.log"].count("\n") == ROLLS // PER_GAME  # one small record a game
    return totals(fs, "/data/dice.log")


def test_the_real_dice_look_fair():
    counts = counted(roll_dice)
    assert sum(counts) > 5 * ROLLS
    words, stat, p = verdict(counts)
    assert words == "Dice look fair", (counts, stat, p)
    assert 0.01 < p < 0.99


def test_dice_with_modulo_bias_are_not_fair():
    counts = counted(modulo_biased)
    words, stat, p = verdict(counts)
    assert words == "Dice NOT fair" and p < 0.001, (counts, stat, p)


def _density(x, df):
    k = df / 2
    return math.exp((k - 1) * math.log(x) - x / 2 - k * math.log(2) - math.lgamma(k))


def _integral(x, df, upper=400.0, steps=200_000):
    """P(X >= x) by Simpson's rule over [x, upper]."""
    h = (upper - x) / steps
    s = _density(x, df) + _density(upper, df)
    for i in range(1, steps):
        s += (4 if i % 2 else 2) * _density(x + i * h, df)
    return s * h / 3


def test_the_p_value_agrees_with_integration_to_4_digits():
    for df in (2, 4, 6, 10, 20):
        for x in (0.5, 2.0, 4.0, 9.49, 15.0, 30.0):
            assert abs(chi2_sf(x, df) - _integral(x, df)) < 0.00005, (df, x)
