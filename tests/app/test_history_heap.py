"""The history is never loaded whole into the heap: with 200 games kept (51 KB of
flash), scrolling the list from the newest to the oldest, opening a game and
counting plays by colour each hold a few KB at most (measured under MicroPython;
CPython has no heap counter and measures 0)."""
import gc

from app.history import SEGMENT, SLOT
from appdriver import Driver, Unlogged
from support import stepped
from test_history_store import Table

GAMES = 2 * SEGMENT
MOST = 4 * 1024  # live bytes the history screens may add (2.9 KB measured)


def live():
    gc.collect()
    return gc.mem_alloc()


@stepped
def test_browsing_a_full_history_holds_a_few_kb():
    from memfiles import MemFiles
    slots = []
    for k in range(1, GAMES + 1):  # each record as the app writes it, the files joined at once
        slots.append(Table(MemFiles()).finish(k).fs.files["/data/history.log"])
        yield
    fs = MemFiles()
    fs.files["/data/history.old"] = "".join(slots[:SEGMENT])
    fs.files["/data/history.log"] = "".join(slots[SEGMENT:])
    assert len(slots[0]) == SLOT
    del slots
    d = Driver(fs)
    d.log = Unlogged()  # nothing is replayed: the record would be heap of the test's own
    import app.history_view  # noqa: F401  (code is not data: loaded before the measure)
    assert d.app.history.files()  # so is the history's own module
    yield
    base = live()
    most = 0
    d.pick("History")
    for _ in range(GAMES + 1):  # down to the oldest game
        d.press("DOWN")
        yield
        most = max(most, live() - base)
    d.shows("Taubertal    Red")
    d.press("OK")
    yield
    most = max(most, live() - base)
    d.shows("Game 1", "1 Red          7")
    d.press("BACK", "DOWN", "OK")  # round to the top: By colour
    while "Reading ..." in d.text:
        d.tick(10)
        yield
        most = max(most, live() - base)
    d.shows("Taubertal-Expr.", "Red     200 200")
    assert most < MOST, most
