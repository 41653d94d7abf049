"""Der Taubertal-Express through the app: a complete 4-player game by button presses."""
from appdriver import Driver
import play_taubertal

FLASH_IN_HEAP_KB = 32  # the game's log (its snapshots in it), 8 blocks of 4 KB at most: a Pico's is in flash


def test_full_game():
    return _full_game(play_taubertal.strict(Driver()))


def test_full_game_on_the_colour_screen():
    return _full_game(play_taubertal.strict(Driver(width=240, height=135, colour=True)))


def _full_game(d):
    yield from play_taubertal.play(d)
    g = d.app.session.game
    # the ledger in play_taubertal's docstring
    assert g.phase() == "final"
    assert g.coins == [5, 0, 2, 0] and g.cubes == [8, 7, 8, 8] and g.vp == [4, 12, 1, -3]
    assert g.zoll == [1, 0, 0, 0]
    assert g.station(1) == ["wasserturm", "dienstwohnhaus"] and g.built_over(1) == ["elektrizitaetswerk"]
    assert g.ranking() == [(1, 16), (0, 16), (2, 14), (3, 8)]
    assert g.final_missing() == []


def test_two_player_game():
    return _two_player_game(play_taubertal.strict(Driver()))


def _two_player_game(d):
    yield from play_taubertal.play(d, play_taubertal.TWO)
    g = d.app.session.game
    # the ledger beside play_taubertal.TWO
    assert g.phase() == "final"
    assert g.coins == [5, 0] and g.cubes == [8, 8] and g.vp == [4, 11]
    assert g.station(0) == ["kiosk", "postamt"] and g.station(1) == ["elektrizitaetswerk", "wasserturm"]
    assert g.ranking() == [(1, 16), (0, 15)]
