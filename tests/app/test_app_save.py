"""Saving from the app: after the press's frame, in the polls that follow; small appends;
a save of the version before still resumes."""
import json

from appdriver import Driver
from app.events import OK
from memfiles import MemFiles
from play_taubertal import new_game, record
from support import stepped

FLASH_IN_HEAP_KB = 2  # its cases' saves, 2.0 KB at most (memfiles.py): a Pico keeps them in flash


@stepped
def test_a_press_shows_first_and_saves_in_the_next_polls():
    d = new_game(Driver(), 2)
    fs = d.fs
    yield
    for expected in (1, 1):  # the record alone (the new game's record erased the log's first block)
        before = fs.image()
        d.app.handle(OK)  # a player takes a ticket: the poll of the press ...
        d.app.tick(0)
        d.app.render()
        assert d.app.busy() and fs.image() == before  # ... writes nothing
        assert d.app.tick(10) is False and fs.image() == before  # the next poll: the record as bytes
        polls = 0
        while d.app.flash.pending():  # then one flash operation a poll, and nothing else
            done, programs = fs.done, sum(r.programs for r in fs.rings.values())
            assert d.app.tick(20 + polls) is False
            assert fs.done - done + sum(r.programs for r in fs.rings.values()) - programs == 1
            polls += 1
        assert fs.image() != before and fs.files == before[0] and polls == expected
        before = None
        yield
    d.boot().pick("Resume").shows("Red", "Tile 1 of 3")

def test_power_off_before_the_save_loses_only_that_action():
    d = new_game(Driver(), 2)
    d.press("OK")  # Red's ticket, saved
    d.app.handle(OK)  # Blue's, not yet
    d.app.render()
    d.boot().pick("Resume").shows("Blue", "Pick 2 of 2")


def _typical():
    d = new_game(Driver(), 4)
    fs = d.fs
    yield
    sizes = []
    for _ in range(40):
        written, done = fs.written, fs.done
        d.press("OK")  # tickets, then tiles, one player after the other
        if fs.done == done:
            sizes.append(fs.written - written)
        yield  # the heap collected between presses, as on the Pico
    # a few of the 40 erase a block or fold the log into a snapshot; the rest are records
    assert len(sizes) >= 36 and max(sizes) <= 40, sizes
    state = d.app.session.to_dict()
    assert d.boot().app.session.to_dict() == state


def test_a_typical_action_programs_a_few_bytes_and_renames_nothing():
    return _typical()


@stepped
def test_undo_is_saved_too():
    d = new_game(Driver(), 2)
    yield
    d.press("OK", "OK", "LONG_BACK").shows("Undone: Blue took a ticket")
    yield
    d.boot().pick("Resume").shows("Blue", "Pick 2 of 2")
    d.press("LONG_BACK").shows("Undone: Red took a ticket")


@stepped
def test_a_save_of_the_version_before_resumes_with_undo():
    d = new_game(Driver(), 2)
    yield
    record(d, ("ticket", 0), ("ticket", 1), ("tile", 0))
    old = d.app.session.to_dict()
    old["v"] = 1  # as the version before saved it: the whole game, no log
    d = None
    yield
    fs = MemFiles()
    fs.files["/data/game.json"] = json.dumps(old)
    d = Driver(fs).pick("Resume")
    yield
    d.shows("tiles", "Blue")
    d.press("LONG_BACK").shows("Undone: Red took a tile")
    d.press("OK", "OK")
    state = d.app.session.to_dict()
    assert state["v"] == 2
    assert d.boot().app.session.to_dict() == state


@stepped
def test_a_game_with_a_log_in_the_layout_of_the_version_before_resumes_and_goes_on():
    d = new_game(Driver(), 2)
    snapshot = d.app.session.to_dict()
    yield
    record(d, ("ticket", 0), ("ticket", 1))
    state = d.app.session.to_dict()
    fs = d.fs
    d = None
    yield
    del fs.rings["/data/game.ring"]  # the version before had no ring: its log was in a folder
    snapshot["gen"] = 1  # its snapshot a file
    fs.files["/data/game.json"] = json.dumps(snapshot)
    fs.files["/data/game.log/0"] = '\n{"gen":1}\n["ticket",0]\n["ticket",1]'
    d = Driver(fs).pick("Resume")
    assert d.app.session.to_dict() == state
    yield
    d.press("OK")  # an action: logged in the ring, the old log kept until the next snapshot
    assert d.app.session.to_dict() != state and fs.exists("/data/game.log/0")
    state = d.app.session.to_dict()
    assert d.boot().app.session.to_dict() == state


def test_a_flash_too_full_for_the_log_after_boot_leaves_the_app_running_and_says_so():
    class Full(MemFiles):
        def ring(self, folder, n, make):
            if make:
                raise OSError(28)
            return None

    d = Driver(Full())
    d.shows("New game")  # the first screen first: the log's blocks are made in the polls after it,
    d.tick(10)  # once the hands have left the buttons a while (app.flash.QUIET_MS)
    d.shows("New game")
    d.tick(600)
    d.shows("Could not save")
    d.press("BACK").shows("New game")


class _Files(MemFiles):
    """MemFiles that rename a folder too, with everything in it (its ring logs' flash)."""

    def rename(self, old, new):
        if old in self.files:
            return MemFiles.rename(self, old, new)
        self._spend_op()
        for table in (self.files, self.rings):
            for path in [p for p in table if p.startswith(old + "/")]:
                table[new + path[len(old):]] = table.pop(path)
        self.dirs = set(new + d[len(old):] if d == old or d.startswith(old + "/") else d for d in self.dirs)


def _saves_switched(cut_after_first):
    """A gadget with a Taubertal game of 2 players (its /data) that a restore was switching
    to the saves of another, with 3 players: /data.new whole, and the power cut after the
    restore's first rename (/data to /data.old), or (not cut_after_first) before it
    wrote anything but /data.old.  A generator: its last step is the flash."""
    fs = new_game(Driver(_Files()), 2).press("OK").fs
    yield  # the heap collected, as between boots
    if cut_after_first:
        other = new_game(Driver(), 3).press("OK", "OK").fs
        yield
        for table, theirs in ((fs.files, other.files), (fs.rings, other.rings)):
            for path in list(theirs):
                table["/data.new" + path[len("/data"):]] = theirs.pop(path)
        fs.dirs.add("/data.new")
        del other
    fs.rename("/data", "/data.old")
    yield fs


def _test_a_restore_cut_between_its_renames_is_finished_at_the_next_boot():
    for fs in _saves_switched(True):
        yield
    d = Driver(fs)  # the gadget boots with the saves the restore put on it
    assert fs.exists("/data") and not fs.exists("/data.new")
    d.pick("Resume").shows("Green")  # the third player's: the restored game
    state = d.app.session.to_dict()
    d = None
    yield
    assert Driver(fs).pick("Resume").app.session.to_dict() == state


def test_a_restore_cut_between_its_renames_is_finished_at_the_next_boot():
    return _test_a_restore_cut_between_its_renames_is_finished_at_the_next_boot()


def _test_saves_moved_aside_with_nothing_to_replace_them_go_back_at_the_next_boot():
    for fs in _saves_switched(False):
        yield
    d = Driver(fs)
    assert fs.exists("/data") and not fs.exists("/data.old")
    d.pick("Resume").shows("Blue")  # the gadget's own game, Blue's turn after Red's ticket


def test_saves_moved_aside_with_nothing_to_replace_them_go_back_at_the_next_boot():
    return _test_saves_moved_aside_with_nothing_to_replace_them_go_back_at_the_next_boot()
