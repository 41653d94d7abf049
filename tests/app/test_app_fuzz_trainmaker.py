"""Random presses through a game of Trainmaker, from a power-up of its own (see test_app_fuzz)."""
from test_app_fuzz import _walk


def test_fuzz_trainmaker():
    return _walk(3, ("OK", "DOWN", "OK", "UP", "OK", "OKx3"))
