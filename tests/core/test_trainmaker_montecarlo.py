"""Trainmaker: playing the recommended choices wins as often as the exact odds say.

Each scenario plays many trains through the real Game with the device's
dice (roll_dice on a seeded Rng), always taking the top entry of the
solver's choices and always re-rolling; the share of trains that end able
to score must lie within 4.5 standard errors of the exact chance.
"""
import math

from schaffner.rng import Rng
from schaffner.trainmaker.dice import roll_dice
from schaffner.trainmaker.game import Game
from schaffner.trainmaker.solver import Solver
from test_trainmaker_odds import base_game

CPYTHON_ONLY = "tens of thousands of trains played: too slow for the MicroPython runner"

TRIALS = 20000


def play(base, sv, rng):
    """One train by the book; True if it ends able to score a card."""
    g = Game.from_dict(base)
    while True:
        ph = g.phase()
        if ph == "score":
            return True
        if ph in ("roll", "after_place"):
            if g.player() != 0 or g.round_no() > 1:
                return False
            g.apply(("roll", roll_dice(rng, g.to_roll())))
        elif ph == "place":
            faces = "".join(g.faces()[i] for i in g.unplaced())
            ranked = sv.choices(faces, g.stock(), bool(g.train()), 1 if g.has_switch() else 0)
            if not ranked:
                g.apply(("pass",))
                continue
            chance, place, switch = ranked[0]
            if switch:
                g.apply(("switch", g.pick(switch[0])[0], switch[1]))
                if g.phase() != "place":
                    continue
            g.apply(("place", g.pick(place)))
        else:
            return False


def check(base_dict, exact, sv, seed):
    rng = Rng(seed)
    wins = 0
    for _ in range(TRIALS):
        wins += play(base_dict, sv, rng)
    share = wins / TRIALS
    err = math.sqrt(exact * (1 - exact) / TRIALS)
    assert abs(share - exact) <= 4.5 * err + 1e-9, (share, exact, err)
    return share


def test_turn_start_three_cards_with_switch_track():
    cards = ("PPPB", "BBFF", "PFFF")
    sv = Solver(cards)
    exact = sv.fresh(7, 1)
    assert 0.05 < exact < 0.95
    check(base_game(cards).to_dict(), exact, sv, 1)


def test_turn_start_hard_card_without_switch_track():
    cards = ("PPBF",)
    sv = Solver(cards)
    exact = sv.fresh(7, 0)
    assert 0.05 < exact < 0.95  # a real test of the odds, not a certainty
    check(base_game(cards, token=False).to_dict(), exact, sv, 2)


def test_mid_turn_three_cards():
    cards = ("PF", "BBB", "PPBF")
    g = base_game(cards, token=False)
    g.apply(("roll", "LBLFFPL"))
    g.apply(("place", [0, 1]))  # L B on the train, five dice to roll
    sv = Solver(cards)
    exact = sv.value(sv.pack((0, 1, 0)), 5, 0)
    assert 0.05 < exact < 0.95
    check(g.to_dict(), exact, sv, 3)
