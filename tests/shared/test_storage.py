"""Saving survives a power cut at any byte and falls back from damaged saves."""
import json

from memfiles import MemFiles, PowerCut
from app.storage import FileStore, append_record, records
from support import raises

OLD = {"turn": 7, "names": ["Red", "Blue"], "log": [[1, 2], [3, 4]]}
NEW = {"turn": 8, "names": ["Red", "Blue"], "log": [[1, 2], [3, 4], [5, 6]]}


def test_save_and_load_round_trip():
    store = FileStore("/d", MemFiles())
    assert store.load("game") == (None, False)
    store.save("game", OLD)
    store.save("game", NEW)
    assert store.load("game") == (NEW, False)


def load_after_cut(budget=None, ops=None):
    """Save OLD, then NEW cut off after budget bytes or ops renames/removes; load again."""
    fs = MemFiles()
    store = FileStore("/d", fs)
    store.save("game", OLD)
    fs.budget, fs.ops = budget, ops
    try:
        store.save("game", NEW)
    except PowerCut:
        pass
    fs.budget = fs.ops = None
    return FileStore("/d", fs).load("game")[0]


def test_power_cut_at_every_byte_of_the_write_loses_at_most_the_save_in_flight():
    size = len(json.dumps(NEW))
    for cut in range(size + 1):
        data = load_after_cut(budget=cut)
        assert data in (OLD, NEW), "cut at byte %d lost the game" % cut
        if cut < size:
            assert data == OLD


def test_power_cut_between_the_renames():
    for ops in range(4):
        # the new file is complete before the first rename, so it is never lost
        assert load_after_cut(ops=ops) == NEW, "cut after %d file operations" % ops


def test_truncated_save_falls_back_to_previous_and_says_so():
    fs = MemFiles()
    store = FileStore("/d", fs)
    store.save("game", OLD)
    store.save("game", NEW)
    fs.files["/d/game.json"] = fs.files["/d/game.json"][:10]
    assert store.load("game") == (OLD, True)


def test_foreign_save_is_refused_by_the_builder():
    fs = MemFiles()
    store = FileStore("/d", fs)
    store.save("game", OLD)
    store.save("game", {"something": "else"})

    def build(d):
        if "turn" not in d:
            raise ValueError("not ours")
        return d["turn"]

    assert store.load("game", build) == (7, True)
    fs.files["/d/game.bak"] = "\x00\xff garbage"
    assert store.load("game", build) == (None, True)


def test_delete_removes_every_copy():
    fs = MemFiles()
    store = FileStore("/d", fs)
    store.save("game", OLD)
    store.save("game", NEW)
    store.delete("game")
    assert fs.files == {}


def test_real_files_round_trip_and_fall_back():
    import os
    from app.storage import OsFiles
    root = "/tmp/schaffner-store-test"
    store = FileStore(root, OsFiles())
    store.delete("game")
    store.save("game", OLD)
    store.save("game", NEW)
    assert store.load("game") == (NEW, False)
    with open(root + "/game.json", "w") as f:
        f.write('{"turn": 8, "na')
    assert store.load("game") == (OLD, True)
    store.delete("game")
    assert store.load("game") == (None, False)
    fs = OsFiles()
    log = root + "/log"
    append_record(fs, log, [1, 2])
    append_record(fs, log, {"a": "b"})
    with open(log, "a") as f:
        f.write('\n[3, "to')  # a record the power cut off
    append_record(fs, log, [4])
    assert list(records(fs, log)) == [[1, 2], {"a": "b"}, [4]]
    fs.remove(log)
    os.rmdir(root)


def test_records_append_and_read_back_in_order():
    fs = MemFiles()
    assert list(records(fs, "/d/log")) == []
    for r in ([1, "a"], {"k": [2]}, []):
        append_record(fs, "/d/log", r)
    assert list(records(fs, "/d/log")) == [[1, "a"], {"k": [2]}, []]
    assert "list or a dict" in str(raises(ValueError, append_record, fs, "/d/log", 7))
    assert list(records(fs, "/d/log")) == [[1, "a"], {"k": [2]}, []]  # the refused one left no trace


def test_a_record_cut_at_any_byte_is_skipped_and_the_next_one_still_counts():
    whole = "\n" + json.dumps([12, "xyz", {"n": 3}])
    for cut in range(len(whole) + 1):
        fs = MemFiles()
        append_record(fs, "/d/log", [1])
        fs.budget = cut
        try:
            append_record(fs, "/d/log", [12, "xyz", {"n": 3}])
        except PowerCut:
            pass
        fs.budget = None
        append_record(fs, "/d/log", [2])  # the next boot goes on writing
        got = list(records(fs, "/d/log"))
        want = [[1], [12, "xyz", {"n": 3}], [2]] if cut == len(whole) else [[1], [2]]
        assert got == want, "cut at byte %d: %r" % (cut, got)
