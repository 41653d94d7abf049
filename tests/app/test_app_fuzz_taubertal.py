"""Random presses through a game of Der Taubertal-Express, from a power-up of its own (see test_app_fuzz)."""
from test_app_fuzz import _walk


def test_fuzz_taubertal():
    # New game -> Taubertal-Express -> 4 players -> names -> into the game
    return _walk(2, ("OK", "OK", "UPx2", "OK", "OKx4"))
