"""What the end of a game brought into the heap (its BG Stats code's screen, the history's
writer) leaves it as the next game starts (app.new_game.leaving)."""
import sys

from appdriver import Driver
from support import stepped


@stepped
def test_what_a_games_end_brought_in_leaves_with_the_next_games_start():
    # on either install: no game holds the history's writer till it ends (app.history)
    for in_flash in (False, True):
        d = Driver()
        d.app.code_in_flash = in_flash
        d.pick("New game").pick("TtR Austria").press("OK", "OK", "OK").pick("Start scoring")
        d.pick("Ranking").pick("Finish game").press("UP", "OK").shows("BG Stats code")  # Finish
        d.app.flush()
        assert d.app.history.owing is None  # its record written: no work of the writer's held
        d.pick("BG Stats").shows("Too small a screen")
        assert "app.history_write" in sys.modules and "app.scan_view" in sys.modules
        yield
        d.press("BACK", "BACK", "BACK").pick("New game").press("UP", "OK").pick("TtR Austria")
        d.press("OK", "OK", "OK").pick("Start scoring").shows("Ticket draw")
        assert "app.scan_view" not in sys.modules
        assert "app.history_write" not in sys.modules and "app.record_files" not in sys.modules
        d = None
        yield
