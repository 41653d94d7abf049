"""The setup's code (app.new_game) is on the heap before the press that needs it, and
only while it may be needed: loaded after a first frame with no game in play, and
while "Start a new game?" is asked over one, once the hands have left the buttons (an
import holds a poll: a press would wait for it); gone with a No and once the game is set up."""
import sys

from app import forget
from app.flash import AFTER_MS
from appdriver import Driver
from play_trainmaker import start
from support import stepped

FLASH_IN_HEAP_KB = 32  # the game's log (its snapshots in it), 8 blocks of 4 KB at most: a Pico's is in flash

CARDS = (("PB", "coal"), ("BBF", "corn"), ("PPF", "mail"))


def test_with_no_game_in_play_the_setup_loads_after_the_first_frame_and_leaves_with_it():
    d = Driver()
    assert "app.new_game" in d.app.loading
    d.tick(10)
    assert "app.new_game" in sys.modules and "app.new_game" not in d.app.loading
    start(d, 2, cards=CARDS)
    d.shows("Red", "Card")
    assert "app.new_game" not in sys.modules and "app.new_game" not in d.app.loading


def test_a_new_game_over_one_in_play_loads_the_setup_while_asked_and_a_no_lets_it_go():
    d = Driver()
    start(d, 2, cards=CARDS)
    d.press("BACK").shows("Resume game", "New game")
    d.pick("New game").shows("Start a new game?")
    assert "app.new_game" in d.app.loading and "app.new_game" not in sys.modules
    d.press("OK").shows("Resume game")  # No at once: nothing was loaded, nothing waits
    assert "app.new_game" not in d.app.loading and "app.new_game" not in sys.modules
    d.pick("New game").tick(20)
    assert "app.new_game" not in sys.modules  # the hands are still at the buttons
    d.tick(20 + AFTER_MS)
    assert "app.new_game" in sys.modules  # they left a moment ago: while the question is read
    d.press("BACK").shows("Resume game")  # BACK is a No: the code leaves the heap
    assert "app.new_game" not in sys.modules
    d.pick("New game").tick(1000).tick(1000 + AFTER_MS).press("UP", "OK").shows("New game", "Trainmaker")
    assert d.app.session.game.phase() == "roll"  # the game in play stays until the new one starts



@stepped
def test_a_new_game_of_another_game_takes_the_old_games_code_out_of_the_heap():
    d = Driver()
    d.pick("New game").pick("TtR Austria").press("OK", "OK", "OK").pick("Start scoring")
    d.shows("TtR Austria", "Red", "Blue", "Ranking")
    assert "schaffner.ttr_austria.game" in sys.modules and "app.ttr_austria.sheet" in sys.modules
    yield
    d.press("BACK").pick("New game").press("UP", "OK")
    yield
    d.pick("Trainmaker").press("DOWN", "OK", "OK", "OK")
    yield
    d.press("OK").shows("City card 1/3", "Cars it needs")
    assert d.app.session.game_id == "trainmaker"
    assert [n for n in sys.modules if n.startswith("app.ttr_austria") or n.startswith("schaffner.ttr_austria")] == []
    assert "schaffner.trainmaker.game" in sys.modules  # the new game's stays
    yield
    d.press("BACK", "BACK").pick("New game").press("UP", "OK").pick("Trainmaker")
    yield
    d.press("DOWN", "OK", "OK", "OK", "OK").shows("City card 1/3", "Cars it needs")
    assert "schaffner.trainmaker.game" in sys.modules  # the same game again: its code stays


@stepped
def test_a_setup_left_takes_the_game_it_preloaded_out_of_the_heap():
    d = Driver()
    d.pick("New game").pick("TtR Austria").press("OK", "OK", "OK").pick("Start scoring")
    yield
    d.press("BACK").pick("New game").press("UP", "OK").pick("Trainmaker").tick(1000)
    while d.app.loading:  # its code loads while the players are entered
        d.tick(2000)
    assert "app.trainmaker.table" in sys.modules
    yield
    d.press("BACK").shows("Resume game")  # the setup left: the game in play stays
    d.press("DOWN")
    assert [n for n in sys.modules if n.startswith("app.trainmaker") or n.startswith("schaffner.trainmaker")] == []
    assert d.app.session.game_id == "ttr_austria" and "schaffner.ttr_austria.game" in sys.modules
    d.press("UP").pick("Resume game").shows("TtR Austria", "Red", "Blue")
    yield
    d.press("BACK").pick("New game").press("UP", "OK").pick("Trainmaker")
    d.press("BACK", "DOWN")  # left before its code came: none comes after
    d.tick(5000).tick(9000)
    assert "app.trainmaker" not in sys.modules and d.app.loading == []


@stepped
def test_the_history_of_a_game_in_play_is_made_once_the_hands_are_off():
    # its making looks for files a power cut left: 22 ms of a poll on a make deploy install
    d = Driver()
    start(d, 2, cards=CARDS)
    yield
    d.tick(1000).tick(1000 + AFTER_MS)
    while d.app.loading:
        d.tick(2000)
    assert d.app._history is None  # the polls that loaded the game's code made nothing else
    yield
    d.press("DOWN").tick(3000).tick(3000 + AFTER_MS - 10)
    assert d.app._history is None  # the hands may press again
    d.tick(3000 + AFTER_MS)
    assert d.app._history is not None


@stepped
def test_the_history_writer_is_not_preloaded_on_either_install():
    # what writes a game's end holds no heap while the game goes on: its work imports it in a
    # step of its own (a make deploy install's import reads the flash, 36 ms: not in a press)
    for in_flash in (False, True):
        forget("app.history_write", "app.record_files")  # another case's
        d = Driver()
        d.app.code_in_flash = in_flash
        start(d, 2, cards=CARDS)
        yield
        d.tick(1000).tick(1000 + AFTER_MS)
        while d.app.loading:
            d.tick(2000)
        assert "app.history" in sys.modules and "app.trainmaker.table" in sys.modules
        assert "app.history_write" not in sys.modules and "app.record_files" not in sys.modules
        d = None  # the next app's room
        yield


class ShortHeap:
    """The gc module as the app sees it, with free bytes to say and collections counted."""

    def __init__(self, free):
        self.free = free
        self.collections = 0

    def mem_free(self):
        return self.free

    def collect(self):
        self.collections += 1


def _imports_with(free):
    """A make deploy install's first preload with free bytes in the heap, poll by poll:
    (collections, the module in) after each poll, from the first that did anything with
    it to the one that imported it."""
    import app.app as app_module

    forget("app.new_game")  # (a test before may have left it in)
    d = Driver()
    heap = ShortHeap(free)
    real = app_module.gc
    app_module.gc = heap
    seen = []
    try:
        assert not d.app.code_in_flash and "app.new_game" in d.app.loading
        for t in range(10, 200, 10):
            d.app.tick(t)
            if heap.collections or d.app.roomy or "app.new_game" in sys.modules:
                seen.append((heap.collections, "app.new_game" in sys.modules))
            if "app.new_game" in sys.modules:
                break
    finally:
        app_module.gc = real
    return seen


def test_on_a_deploy_install_an_import_comes_in_the_poll_after_room_is_made_for_it():
    # short of 16 KB: the collection in a poll of its own, the import in the next
    assert _imports_with(8 * 1024) == [(1, False), (1, True)]
    # room enough: no collection, the import still a poll later (the look took 8 ms)
    assert _imports_with(40 * 1024) == [(0, False), (0, True)]
