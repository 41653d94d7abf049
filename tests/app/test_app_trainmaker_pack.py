"""Trainmaker end to end on the Pico Display Pack (240x135, 15 columns): the
same game as test_app_trainmaker_game, with the same checks."""
from appdriver import Driver
from play_trainmaker import SEED
from schaffner.rng import Rng
from test_app_trainmaker_game import run


def test_complete_game_on_240x135_is_the_same_game():
    return run(Driver(rng=Rng(SEED), width=240, height=135, colour=True))
