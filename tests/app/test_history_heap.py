"""The history is never loaded whole into the heap: with 130 games kept (100 in the
old format's history.old, 25 KB, and 30 in the ring, 5 KB: what fits beside the
memory files, which hold them here, in the Pico's heap), scrolling the list from the newest to the oldest,
opening a game and counting plays by colour each hold a few KB at most (measured
under MicroPython; CPython has no heap counter and measures 0)."""
import gc

from app.history import OLD_SLOT
from appdriver import Driver, Unlogged
from support import stepped
from history_steps import old_slot
from test_history_store import Table, _v1

OLD = 100
GAMES = OLD + 30
MOST = 4 * 1024  # live bytes the history screens may add (2.9 KB measured)


def live():
    gc.collect()
    return gc.mem_alloc()


@stepped
def test_browsing_a_full_history_holds_a_few_kb():
    from memfiles import MemFiles
    fs = MemFiles()
    t = Table(fs)
    for k in range(OLD + 1, GAMES + 1):  # each record as the app writes it
        t.finish(k)
        yield
    del t
    old = []
    for k in range(1, OLD + 1):
        old.append(old_slot(OLD_SLOT, _v1(k)))
        if k % 10 == 0:
            yield
    fs.files["/data/history.old"] = "".join(old)
    del old
    yield
    d = Driver(fs)
    d.log = Unlogged()  # nothing is replayed: the record would be heap of the test's own
    import app.history_view  # noqa: F401  (code is not data: loaded before the measure)
    assert d.app.history.files()  # so is the history's own module
    yield
    base = live()
    most = 0
    d.pick("History")
    for _ in range(GAMES + 2):  # down to the oldest game
        d.press("DOWN")
        yield
        most = max(most, live() - base)
    d.shows("Taubertal    Red")
    d.press("OK")
    yield
    most = max(most, live() - base)
    d.shows("Game 1", "1 Red          7")
    d.press("BACK", "DOWN", "DOWN", "OK")  # round to the top, By player, then By colour
    while "Reading ..." in d.text:
        d.tick(10)
        yield
        most = max(most, live() - base)
    d.shows("Taubertal-Expr.", "Red     130 130")
    assert not d.app.ticking()  # read: the idle pace of the polls will do
    assert most < MOST, most
    assert d.app.history.at is not None
    d.press("BACK", "BACK")  # By colour, then the history left: its index leaves the heap
    d.shows("Schaffner", "History")
    assert d.app.history.at is None and d.app.history.ring is None
