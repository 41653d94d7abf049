"""A new game is a record of the game's log (its whole state), programmed at once; its
snapshot, the setup's end and the settings wait for the hands to leave the buttons."""
from appdriver import Driver
from app.events import OK
from small import small_saved


def _test_a_new_game_is_a_record_of_its_log_until_its_snapshot_and_a_boot_rebuilds_it():
    d = Driver()
    d.pick("New game")
    d.pick("Taubertal")
    d.press("OK", "OKx2", "OKx5")  # the setup's presses, saved as they came
    files = dict(d.fs.files)
    d.app.handle(OK)  # the press that starts the game
    d.app.render()
    for t in range(0, 250, 10):  # its polls, the hands still at the buttons
        d.app.tick(t)
    d.app.handle(OK)  # Red's ticket
    for t in range(250, 500, 10):
        d.app.tick(t)
    assert d.fs.files == files  # no file written (littlefs may erase in any): the game is in the log
    assert d.app.flash.pending()  # its snapshot, the setup's end, the settings: off the buttons
    state = _played(d)
    yield
    d.boot()  # the power went: the game from its record, the ticket after it; the setup is over
    assert _played(d) == state and len(d.app.stack) == 1
    d.pick("Resume").shows("Blue")
    d.app.flush()
    assert small_saved(d.fs, "setup") == [] and not d.app.saves.begun  # its snapshot made
    yield
    d.boot()
    assert _played(d) == state


def test_the_setup_is_over_before_the_new_games_snapshot_is_made():
    d = Driver()
    d.pick("New game")
    d.pick("Taubertal")
    d.press("OK", "OKx2", "OKx5")
    d.app.handle(OK)  # the press that starts the game
    d.app.render()
    while d.app.saves.begun:  # until the game's snapshot is in place
        d.app.flash.step()
    assert small_saved(d.fs, "setup") == []
    d.boot()  # the power went the moment the snapshot was in place
    assert len(d.app.stack) == 1 and d.app.session is not None  # the main menu, not the setup again


def _played(d):
    """The game in play as saved, but its time played (a snapshot's, not a record's)."""
    data = d.app.session.to_dict()
    data.pop("ms", None)
    return data


def test_a_new_game_is_a_record_of_its_log_until_its_snapshot_and_a_boot_rebuilds_it():
    return _test_a_new_game_is_a_record_of_its_log_until_its_snapshot_and_a_boot_rebuilds_it()
