"""Saving survives a power cut at any byte and falls back from damaged saves; the flash
queue's order (a game's save: test_game_save.py)."""
import json

from memfiles import MemFiles, PowerCut
from app.flash import DEFER, QUIET_MS, RECORD, FlashQueue
from app.record_files import records
from app.store import FileStore

OLD = {"turn": 7, "names": ["Red", "Blue"], "log": [[1, 2], [3, 4]]}
NEW = {"turn": 8, "names": ["Red", "Blue"], "log": [[1, 2], [3, 4], [5, 6]]}


def _save(store, name, data):
    for _ in store.saving(name, data):
        pass


def test_save_and_load_round_trip():
    store = FileStore("/d", MemFiles())
    assert store.load("game") == (None, False)
    _save(store, "game", OLD)
    _save(store, "game", NEW)
    assert store.load("game") == (NEW, False)


def load_after_cut(budget=None, ops=None):
    """Save OLD, then NEW cut off after budget bytes or ops renames/removes; load again."""
    fs = MemFiles()
    store = FileStore("/d", fs)
    _save(store, "game", OLD)
    fs.budget, fs.ops = budget, ops
    try:
        _save(store, "game", NEW)
    except PowerCut:
        pass
    fs.budget = fs.ops = None
    return FileStore("/d", fs).load("game")[0]


def _write_sweep():
    size = len(json.dumps(NEW, separators=(",", ":")))  # saved without spaces
    for cut in range(size + 1):
        data = load_after_cut(budget=cut)
        assert data in (OLD, NEW), "cut at byte %d lost the game" % cut
        if cut < size:
            assert data == OLD
        yield  # the heap collected between cuts


def test_power_cut_at_every_byte_of_the_write_loses_at_most_the_save_in_flight():
    return _write_sweep()


def test_power_cut_between_the_renames():
    for ops in range(4):
        # the new file is complete before the first rename, so it is never lost
        assert load_after_cut(ops=ops) == NEW, "cut after %d file operations" % ops


def test_truncated_save_falls_back_to_previous_and_says_so():
    fs = MemFiles()
    store = FileStore("/d", fs)
    _save(store, "game", OLD)
    _save(store, "game", NEW)
    fs.files["/d/game.json"] = fs.files["/d/game.json"][:10]
    assert store.load("game") == (OLD, True)


def test_foreign_save_is_refused_by_the_builder():
    fs = MemFiles()
    store = FileStore("/d", fs)
    _save(store, "game", OLD)
    _save(store, "game", {"something": "else"})

    def build(d):
        if "turn" not in d:
            raise ValueError("not ours")
        return d["turn"]

    assert store.load("game", build) == (7, True)
    fs.files["/d/game.bak"] = "\x00\xff garbage"
    assert store.load("game", build) == (None, True)


def test_real_files_round_trip_and_fall_back():
    import os
    from app.flash import OsFiles
    root = "/tmp/schaffner-store-test"
    fs = OsFiles()
    store = FileStore(root, fs)
    for ext in ("json", "new", "bak"):
        fs.remove(root + "/game." + ext)
    _save(store, "game", OLD)
    _save(store, "game", NEW)
    assert store.load("game") == (NEW, False)
    with open(root + "/game.json", "w") as f:
        f.write('{"turn": 8, "na')
    assert store.load("game") == (OLD, True)
    for ext in ("json", "bak"):
        fs.remove(root + "/game." + ext)
    assert store.load("game") == (None, False)
    log = root + "/log"
    fs.append(log, '\n[1, 2]\n{"a": "b"}')
    fs.append(log, '\n[3, "to')  # a record the power cut off
    fs.append(log, "\n[4]\n7\n")  # a number is no record
    assert list(records(fs, log)) == [[1, 2], {"a": "b"}, [4]]
    fs.remove(log)
    os.rmdir(root)


def test_records_read_back_in_order():
    fs = MemFiles()
    assert list(records(fs, "/d/log")) == []
    fs.append("/d/log", '\n[1, "a"]\n{"k": [2]}\n[]\n"text"\n\n')
    assert list(records(fs, "/d/log")) == [[1, "a"], {"k": [2]}, []]


def test_a_record_cut_at_any_byte_is_skipped_and_the_next_one_still_counts():
    whole = "\n" + json.dumps([12, "xyz", {"n": 3}])
    for cut in range(len(whole) + 1):
        fs = MemFiles()
        fs.append("/d/log", "\n[1]")
        fs.budget = cut
        try:
            fs.append("/d/log", whole)
        except PowerCut:
            pass
        fs.budget = None
        fs.append("/d/log", "\n[2]")  # the next boot goes on writing
        got = list(records(fs, "/d/log"))
        want = [[1], [12, "xyz", {"n": 3}], [2]] if cut == len(whole) else [[1], [2]]
        assert got == want, "cut at byte %d: %r" % (cut, got)


def test_the_queue_takes_records_first_and_passes_over_deferred_work_for_work_due_now():
    q = FlashQueue()
    done = []

    def piece(name):
        done.append(name)
        yield
        done.append(name)

    q.add(piece("fold"), kind=DEFER)  # the log's fold: waits for a quiet moment
    q.add(piece("r1"), kind=RECORD)
    q.add(piece("old settings"), kind=DEFER, key="settings")
    q.add(piece("settings"), kind=DEFER, key="settings")  # replaces the one not begun
    q.add(piece("history"))  # due now: after the settings it may rely on
    q.add(piece("r2"), kind=RECORD)
    q.touch(100)
    while q.due(False, 110):
        q.step(False)
    assert done == ["r1", "r1", "settings", "settings", "history", "history", "r2", "r2"]
    assert q.pending() and q.wait_ms(110) == QUIET_MS - 10  # the fold waits for the hands to leave
    assert not q.due(False, 100 + QUIET_MS - 1) and q.due(False, 100 + QUIET_MS)
    q.step(False)
    q.add(piece("r3"), kind=RECORD)  # a press while the fold is under way: the record goes first
    assert q.due(True, 700) is False  # (not in the press's own poll)
    while q.due(False, 710):
        q.step(False)
    assert done[8:] == ["fold", "r3", "r3"] and q.pending()
    assert q.wait_ms(710) == QUIET_MS - 10
    q.finish()
    assert done[11:] == ["fold"] and not q.pending()
