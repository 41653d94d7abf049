"""The history's ring (app.history) is made by the boot that finds it missing (a new gadget,
or the first boot after an upgrade from a version without it), in the polls after the first
frame, a file in two steps: never at a game's end, where 20 files held the pause 200 ms on
the emulated Pico and were most of that game's erases.  Then a game's record is page
programs, and the ring's block erased alone in a step of its own."""
import os

from app.flash import FlashQueue, OsFiles
from app.repair import making
from app.ringlog import BLOCK
from app.store import PLAYS, PLAYS_BLOCKS
from appdriver import Driver
from memfiles import MemFiles
from support import stepped

ROOT = "/tmp/schaffner-ring-making-test"


class Asked(MemFiles):
    """Memory files that note which ring folders the app asks to be made, and looks for."""

    def __init__(self):
        MemFiles.__init__(self)
        self.asked = []
        self.looked = []

    def make_block(self, folder, n):
        self.asked.append((folder, n))
        return False

    def ring(self, folder, n, make):
        self.looked.append(folder)
        return MemFiles.ring(self, folder, n, make)


def test_a_boot_that_finds_no_ring_has_it_made_after_the_first_frame():
    fs = Asked()
    d = Driver(fs)
    assert d.app.flash.pending()  # queued by the boot, not done in it
    d.app.flush()
    assert ("/data/" + PLAYS, PLAYS_BLOCKS) in fs.asked
    fs.ring("/data/" + PLAYS, PLAYS_BLOCKS, True)  # the ring there
    fs.asked = []
    d.boot()
    d.app.flush()
    assert ("/data/" + PLAYS, PLAYS_BLOCKS) not in fs.asked  # found: nothing asked
    fs.looked = []
    h = d.app.history
    assert h.index() == [] and h.ring is not None and fs.looked == []  # it reads the boot's blocks


def test_an_upgrades_first_boot_makes_it_beside_the_games_of_the_version_before():
    fs = Asked()
    fs.files["/data/plays.log"] = "\n{}" + " " * 765  # a game kept by a version before
    fs.ring("/data/game.ring", 8, True)  # and its game log
    d = Driver(fs)
    d.app.flush()
    assert [a for a in fs.asked if a[0] != "/data/small.ring"] == [("/data/" + PLAYS, PLAYS_BLOCKS)]


def _clear(fs):
    for k in range(PLAYS_BLOCKS):
        fs.remove("%s/%s/%d" % (ROOT, PLAYS, k))
    for folder in (ROOT + "/" + PLAYS, ROOT):
        if fs.exists(folder):
            os.rmdir(folder)


@stepped
def test_its_files_are_made_a_half_a_step_and_a_cut_one_made_again():
    fs = OsFiles()
    _clear(fs)
    fs.makedirs(ROOT)  # (a Pico's /data is there)
    folder = "%s/%s" % (ROOT, PLAYS)
    queue = FlashQueue()
    queue.add(making(fs, folder, 3))
    whole = []
    while queue.pending():
        queue.step()
        whole.append(sum(1 for k in range(3) if fs.size("%s/%d" % (folder, k)) == BLOCK))
        yield
    # the first bytes of a file (littlefs erases its block), then the rest: 46.7 and 10.4 ms on
    # the emulated Pico, 56.2 in one step
    assert whole == [0, 1, 1, 2, 2, 3, 3]
    with open(folder + "/1", "rb") as f:
        assert f.read() == b"\xff" * BLOCK
    fs.remove(folder + "/1")
    with open(folder + "/1", "wb") as f:
        f.write(b"\xff" * 600)  # a power cut between the halves: the file is short
    queue.add(making(fs, folder, 3))
    queue.finish()
    assert [fs.size("%s/%d" % (folder, k)) for k in range(3)] == [BLOCK] * 3
    assert fs.ring(folder, 3, False) is not None
    _clear(fs)


@stepped
def test_the_block_a_game_record_erases_ahead_is_erased_alone_and_what_follows_in_the_next_step():
    from app import history_write

    fs = MemFiles()
    fs.ring("/data/" + PLAYS, PLAYS_BLOCKS, True)  # the ring there, as a boot's polls make it
    d = Driver(fs)
    h = d.app.history
    blocks = d.app.plays
    erased = 0
    for n in range(12):
        work = history_write._append(h, '{"k": "%d", "p": "%s"}' % (n, "x" * 900))
        while True:
            e, p = blocks.erases, blocks.programs
            try:
                next(work)
            except StopIteration:
                assert blocks.erases == e  # its end (the game's kept record, in owing) erases nothing
                break
            if blocks.erases > e:  # the next block erased ahead: no program in its step, and the
                erased += 1  # work goes on in the next (it yielded)
                assert blocks.erases == e + 1 and blocks.programs == p
        h.drop()
        yield
    assert erased >= 2 and len(h.index()) == 12
