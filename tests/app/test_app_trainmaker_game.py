"""Trainmaker on the gadget, end to end: a whole 3-player game with the Steam
Engine by button presses and seeded dice (play_trainmaker.py holds the
presses), its screens checked at every step, nothing cut off; on 128x64
here, on 240x135 in test_app_trainmaker_pack (a file of its own: each
file gets a fresh MicroPython heap)."""
from appdriver import Driver, Unlogged
from play_trainmaker import SEED, play, watch_fit
from schaffner.rng import Rng


def run(d):
    d.log = Unlogged()  # a whole game's replay record would be heap the Pico never holds
    cut = watch_fit(d.app.ui)
    for expect in play(d):
        d.shows(*expect)
        if d.app.session is None:
            del cut[:]  # the app's own setup screens are not checked here
        assert not cut, "cut off: %r" % cut
        yield
    g = d.app.session.game
    # seed 16: Red completes the six goods types in round 5
    assert g.phase() == "over" and g.winner() == 0 and g.win_reason() == "goods"
    assert g.goods_missing(0)[1] >= len(g.goods_missing(0)[0])
    d.shows("All 6 goods", "Terminals: wild", "Red", "wins the game!")
    rolls = sum(g.stats(p)[0] for p in range(3))
    cards = sum(g.stats(p)[3] for p in range(3))
    assert rolls > 0 and cards == sum(len(g.scored(p)) for p in range(3))
    d.press("OK")
    d.shows("Players", "Red", "%d cards" % g.stats(0)[3], "Steam")
    yield
    d.press("OK")
    d.shows("Rolls", "%d" % g.stats(0)[0], "Derails", "Trains", "Cards")
    yield  # a step a press or two, as the script's: the Pico's heap holds one frame's garbage
    d.press("BACK", "BACK")
    d.shows("wins the game!")


def test_complete_game_on_128x64():
    return run(Driver(rng=Rng(SEED)))
