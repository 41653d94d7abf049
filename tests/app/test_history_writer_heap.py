"""The history's writer (app.history_write) holds no heap while a game goes on, on either
install: a roll's dice line is written without it, and the work that keeps a game that
ended imports it in a step of its own, never in the press (a make deploy install's import
reads the flash: 36 ms on a Pico)."""
import sys

from app import forget
from app.flash import QUIET_MS
from appdriver import Driver
from schaffner.trainmaker.game import Game
from support import stepped

DICE = "/data/dice.log"
FRESH_HEAP_PER_CASE = True  # whole games, and a scan screen's: a case's heap is the Pico's alone
WRITER = ("app.history_write", "app.record_files")


def out(*names):
    return not any(n in sys.modules for n in names)


@stepped
def test_undone_and_redone_rolls_and_a_replaced_game_write_their_dice_without_the_writer():
    for in_flash in (False, True):
        forget(*WRITER)  # another case's
        d = Driver()
        d.app.code_in_flash = in_flash
        d.app.start_game("trainmaker", ["Red", "Blue"], Game.new(2))
        d.app.do(("deck_empty",))
        d.app.do(("roll", "LLPBFCC"))
        d.app.flush()
        yield
        d.app.undo()
        d.app.flush()
        assert d.fs.files[DICE] == '\n["u", 2, 1, 1, 1, 2]'
        d.app.redo()
        d.app.flush()
        assert d.fs.files[DICE].endswith('\n["r", 2, 1, 1, 1, 2]')
        assert out(*WRITER)
        yield
        d.app.start_game("trainmaker", ["Red", "Blue"], Game.new(2))  # the first is replaced
        d.app.flush()
        assert d.fs.files[DICE].endswith('\n["g", 2, 1, 1, 1, 2]')
        assert out(*WRITER)
        d = None
        yield


@stepped
def test_a_long_dice_file_is_summed_up_by_the_writer_at_a_quiet_moment():
    d = Driver()
    d.app.start_game("trainmaker", ["Red", "Blue"], Game.new(2))
    d.app.flush()
    d.fs.files[DICE] = '\n["u", 1, 0, 0, 0, 0]' * 200  # 4400 bytes
    d.app.do(("deck_empty",))
    d.app.do(("roll", "LLPBFCC"))
    d.app.flush()
    yield
    forget(*WRITER)
    d.app.start_game("trainmaker", ["Red", "Blue"], Game.new(2))
    d.app.flash.touch(1000)  # the hands at the buttons
    d.tick(1001)  # the start's polls: the "g" line, no more
    assert d.fs.files[DICE].endswith('\n["g", 2, 1, 1, 1, 2]') and out(*WRITER)
    yield
    d.tick(1001 + QUIET_MS)
    assert d.fs.files[DICE] == '\n["u", 202, 1, 1, 1, 2]'
    assert "app.history_write" in sys.modules


@stepped
def test_the_press_that_ends_a_game_leaves_the_writer_to_the_work_that_keeps_it():
    for in_flash in (False, True):
        forget(*WRITER)
        d = Driver()
        d.app.code_in_flash = in_flash
        d.pick("New game").pick("TtR Austria").press("OK", "OK", "OK").pick("Start scoring")
        d.pick("Ranking").pick("Finish game").press("UP")
        d.tick(0)
        assert out(*WRITER)
        yield
        d.app.flush = lambda: None  # the press's own polls come as the device's do
        d.press("OK").shows("BG Stats code")  # Finish: the game ended
        assert out(*WRITER) and d.app.session.owed
        d.tick(10).tick(20)  # the press's poll, and the next: the hands still near, the record waits
        assert out(*WRITER) and d.app.session.owed
        d.tick(10 + QUIET_MS)
        assert "app.history_write" in sys.modules and not d.app.session.owed
        assert [r["k"] for _, r in _records(d)] == [d.app.session.key]
        d = None
        yield


def _records(d):
    h = d.app.history
    for path, n in h.files():
        for i in range(n):
            yield path, h.record(path, i)


@stepped
def test_the_scan_press_of_a_game_that_ended_leaves_its_record_to_the_screens_work():
    # the BG Stats code of the game in play is made from the game, by the writer's record_of:
    # imported once the hands are off (where a screen shows no code, never)
    d = Driver(width=240, height=135, colour=True)
    d.pick("New game").pick("TtR Austria").press("OK", "OK", "OK")
    yield
    d.pick("Start scoring")
    yield
    d.pick("Ranking").pick("Finish game").press("UP", "OK").shows("BG Stats code")  # Finish
    d.app.flush()
    yield
    forget(*WRITER)
    d.pick("BG Stats").shows("Making")
    assert out(*WRITER)
    d.tick(1000)  # the press's poll: the hands still at the buttons
    assert out(*WRITER)
    yield
    d.tick(1000 + QUIET_MS)  # the hands gone: the record, then the link, a step a poll
    assert "app.history_write" in sys.modules
    d.shows("2 players")  # the record made of the game: its link too long for one code here
