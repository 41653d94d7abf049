"""Der Taubertal-Express's code in the heap: with the code in flash (a firmware image),
the setup's checklist, the players' sheets, the buildings and the final scoring are
imported when first needed and leave after; a make deploy install (an import reads the
flash, tens of ms) preloads them while the game is set up and keeps them."""
import sys

from app import forget
from app.flash import AFTER_MS
from appdriver import Driver
from play_taubertal import new_game_steps, skip_to
from support import stepped

FLASH_IN_HEAP_KB = 32  # the game's log (its snapshots in it), 8 blocks of 4 KB at most: a Pico's is in flash


def _loaded(in_flash):
    # a 2-player game on either install, the code it preloads in (steps: returns the driver)
    d = Driver()
    d.app.code_in_flash = in_flash
    yield from new_game_steps(d, 2)
    d.tick(1000).tick(1000 + AFTER_MS)
    while d.app.loading:
        d.tick(2000)
    return d


@stepped
def test_taubertals_setup_sheets_and_final_scoring_stay_out_of_the_heap_with_the_code_in_flash():
    # a firmware image imports them when first needed (a millisecond) and lets them go
    # after; a make deploy install, whose import reads the flash, preloads and keeps them
    for in_flash in (False, True):
        forget("app.taubertal.info", "app.taubertal.final", "app.taubertal.checklist")  # another case's
        d = yield from _loaded(in_flash)
        assert "app.taubertal.turn" in sys.modules
        assert "app.taubertal.checklist" not in sys.modules  # the setup's: gone as the game starts
        assert ("app.taubertal.info" in sys.modules) is not in_flash
        assert ("app.taubertal.final" in sys.modules) is not in_flash
        yield
        d.press("LONG_OK").pick("Players").shows("Red", "VP 0")
        assert "app.taubertal.info" in sys.modules
        d.press("BACK").pick("Buildings").press("OK").shows("Kiosk", "Instant")
        d.press("BACK").shows("Buildings")
        assert "app.taubertal.info" in sys.modules
        d.press("BACK")
        assert ("app.taubertal.info" in sys.modules) is not in_flash
        d = None
        yield


@stepped
def test_with_the_code_in_flash_the_final_scoring_comes_at_its_phase_and_leaves_with_the_next_game():
    forget("app.taubertal.final")
    d = Driver()
    d.app.code_in_flash = True
    yield from new_game_steps(d, 2)
    yield from skip_to(d, "final", 7)
    d.shows("Final score")
    assert "app.taubertal.final" in sys.modules
    assert "app.taubertal.turn" not in sys.modules  # no turn is taken from here on
    yield
    d.press("LONG_BACK", "BACK").shows("payday")  # the last action undone (its message dismissed)
    d.press("LONG_OK").shows("Menu", "VP/coins/cubes")  # the help over the turns' menu: imported again
    assert "app.taubertal.turn" in sys.modules
    d.press("BACK")
    yield
    d.press("OK", "OK").shows("Final score")  # the payday again
    d.pick("Finish game").press("UP", "OK").shows("Ranking", "1 Red")  # Finish
    d.app.flush()
    d.press("BACK").pick("BG Stats").shows("Too small a screen")
    assert "app.history_write" in sys.modules and "app.scan_view" in sys.modules
    yield
    d.press("BACK", "BACK").pick("New game").press("UP", "OK")  # "Start a new game?" Yes
    d.pick("Taubertal").press("OK", "OK", "OK", "OKx6")
    assert d.app.session.game.phase() != "final"
    # the game before's end leaves with it: what a game's end, its history record and its
    # BG Stats code brought in
    for name in ("app.taubertal.final", "app.history_write", "app.record_files", "app.scan_view"):
        assert name not in sys.modules, name


@stepped
def test_with_the_code_in_flash_the_last_payday_brings_the_final_scoring_in_the_hands_pause():
    # its import is not the paying press's; and no turn comes after it
    for in_flash in (False, True):
        forget("app.taubertal.final")
        d = yield from _loaded(in_flash)
        yield from skip_to(d, "payday", 7, d.app.session.game.round_no())
        d.shows("Pass 7: payday")
        assert ("app.taubertal.turn" in sys.modules) is not in_flash
        assert "app.taubertal.final" not in sys.modules or not in_flash  # not in the press that drew it
        d.tick(9000).tick(9000 + AFTER_MS)
        assert "app.taubertal.final" in sys.modules
        assert not d.app.loading
        yield
        d.press("OK", "OK").shows("Final score")
        assert ("app.taubertal.turn" in sys.modules) is not in_flash
        d = None
        yield


@stepped
def test_with_the_code_in_flash_a_game_resumed_in_its_final_scoring_leaves_the_turns_out():
    d = Driver()
    yield from new_game_steps(d, 2)
    yield from skip_to(d, "final", 7)
    d.app.flush()
    d.power_off()
    yield
    forget("app.taubertal.turn")
    d.boot()
    d.app.code_in_flash = True  # (what a boot preloads is asked for in its polls, from here on)
    d.pick("Resume game").shows("Final score")
    d.tick(1000).tick(1000 + AFTER_MS)
    while d.app.loading:  # the game's code, preloaded
        d.tick(2000)
    assert "app.taubertal.common" in sys.modules
    d.press("DOWN").shows("Final score")
    assert "app.taubertal.turn" not in sys.modules
