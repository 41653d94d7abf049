"""A new gadget makes its log's blocks in the polls after its first frame; one whose first
action comes before they are made has the record's own work make them first, a file in two
steps (app.flash.OsFiles.make_block), so no poll holds eight erases; then the
record is on flash, and app.repair is out of the heap.  (A file of its own: test_storage's
cases already fill the test heap.)"""
import os
import sys

from app.flash import FlashQueue, OsFiles
from app.game_save import GameSave
from app.store import FileStore

ROOT = "/tmp/schaffner-first-record-test"
RING = ROOT + "/game.ring/"


def _build(data):
    return list(data["items"])


def _replay(items, log):
    for record in log:
        items.append(record[0])


def _made(fs):
    return sum(1 for k in range(8) if fs.size(RING + str(k)) == 4096)


def _clear(fs):
    """Nothing of a run before (one that failed half-way leaves its files)."""
    for name in ["game.json", "game.bak", "game.new"] + ["game.ring/%d" % k for k in range(8)]:
        if fs.exists(ROOT + "/" + name):
            fs.remove(ROOT + "/" + name)
    for folder in (ROOT + "/game.ring", ROOT):
        if fs.exists(folder):
            os.rmdir(folder)


def _first_record_before_its_blocks():
    fs = OsFiles()
    _clear(fs)
    queue = FlashQueue()
    items = []
    save = GameSave(FileStore(ROOT, fs), "game", lambda: {"items": list(items)}, queue=queue)
    save.load(_build, _replay)
    assert save.ring is None  # a new gadget: no quiet moment has made its blocks yet
    save.start()
    queue.finish()
    items.append(7)
    save.add([7])
    made = []
    while queue.pending():
        queue.step(False)  # the record's own work: never the deferred
        made.append(_made(fs))
        yield
    # a file in two steps (its block erased, then the rest), not eight erases in one poll
    assert made[:16] == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]
    assert "app.repair" not in sys.modules  # what made them is out of the heap once they are all there
    value, note = GameSave(FileStore(ROOT, fs), "game", dict, queue=FlashQueue()).load(_build, _replay)
    assert value == [7] and note is None  # and then the record, on flash
    _clear(fs)


def test_a_new_gadgets_first_record_makes_the_blocks_a_file_a_step_first():
    return _first_record_before_its_blocks()


def test_a_new_gadget_makes_its_blocks_in_the_polls_after_its_first_frame():
    from appdriver import Driver
    d = Driver()
    assert d.app.saves.ring is None and d.app.flash.pending()
    d.tick(10)  # no hand has come: nothing to wait for
    assert d.app.saves.ring is not None and not d.app.flash.pending()
