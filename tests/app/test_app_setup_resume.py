"""A new game's setup survives a power cut (or a reload of the web page), as a game
does: its presses from the game menu on are saved, and replayed at boot."""
from appdriver import Driver
from small import small_put, small_saved
from support import stepped


def _taubertal_setup(d):
    d.pick("New game")
    d.pick("Taubertal")
    d.press("UP", "OK")  # 3 players
    d.press("DOWN", "OK", "OK")  # Blue starts, then Red ...
    return d


@stepped
def test_a_setup_cut_short_comes_back_where_it_was():
    d = _taubertal_setup(Driver())
    d.shows("Seat 3 of 3", "after Red")
    yield
    d.power_off()
    yield
    d.boot()
    d.shows("Seat 3 of 3", "after Red")
    d.press("OK")  # Green
    d.shows("Set up 1/6")
    d.press("OKx2")
    d.shows("Set up 3/6")
    yield
    d.boot()  # a reload at "Set up 3/6"
    d.shows("Set up 3/6")
    d.press("OKx4")
    assert d.app.session.names == ["Blue", "Red", "Green"]
    assert small_saved(d.fs, "setup") == []  # no setup in progress
    yield
    d.boot()  # the game, not its setup
    assert d.app.top.__class__.__name__ == "MainMenu" and d.app.session.names == ["Blue", "Red", "Green"]


@stepped
def test_a_setup_left_with_back_is_not_resumed_and_the_game_in_play_stays():
    d = _taubertal_setup(Driver())
    d.press("OKx7")  # Green, the checklist: the game starts
    first = d.app.session.key
    yield
    d.press("BACK")
    d.pick("New game")
    d.shows("Start a new game?")
    d.press("UP", "OK")
    d.pick("Trainmaker")
    d.press("OK", "OKx2")  # 2 players: Red, Blue
    d.shows("Steam Engine?")
    yield
    d.boot()
    d.shows("Steam Engine?")
    assert d.app.session.key == first  # the game in play until the new one starts
    d.press("BACK")  # out of the setup, back to the main menu
    d.press("BACK", "BACK", "BACK")
    assert len(d.app.stack) == 1
    assert small_saved(d.fs, "setup") == []
    d.boot()
    assert len(d.app.stack) == 1 and d.app.session.key == first


def test_a_damaged_setup_save_is_ignored():
    d = Driver()
    small_put(d.fs, "setup", {"not": "presses"})
    d.boot()
    assert len(d.app.stack) == 1
    small_put(d.fs, "setup", [2, "x", 99, 2])  # OK: Taubertal, nonsense left out, OK: 2 players
    d.boot()
    d.shows("Who starts?")


def test_a_damaged_setup_file_of_a_version_before_is_ignored():
    d = Driver()
    d.fs.files["/data/setup.json"] = '{"not": "presses"'
    d.boot()
    assert len(d.app.stack) == 1
    d.fs.files["/data/setup.json"] = '[2, "x", 99, 2]'
    d.boot()
    d.shows("Who starts?")
