"""Saving survives a power cut at any byte and falls back from damaged saves."""
import json

from memfiles import MemFiles, PowerCut
from app.storage import UNDO, FileStore, GameSave, records
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


# --- a game's save: snapshot and log --------------------------------------------


class Tally:
    """Stands in for a game: values added one by one; undo takes the last back."""

    def __init__(self, items):
        self.items = items

    @staticmethod
    def build(data):
        if not isinstance(data.get("items"), list):
            raise ValueError("not a tally")
        return Tally(data["items"])

    @staticmethod
    def replay(t, log):
        items = list(t.items)
        for record in log:
            if record == UNDO:
                items.pop()
            else:
                items.append(record[0])
        t.items = items


class Box:
    """A device over the files fs: its GameSave and the tally in play."""

    def __init__(self, fs, every=4, store=None):
        self.fs = fs
        self.save = GameSave(store or FileStore("/d", fs), "game", self.snapshot, every)
        self.tally, self.note = self.save.load(Tally.build, Tally.replay)

    def snapshot(self):
        return {"items": list(self.tally.items)}

    def new(self):
        self.tally = Tally([])
        self.save.start()
        self.save.finish()
        return self

    def add(self, *values):
        for v in values:
            self.tally.items.append(v)
            self.save.add([v])
            self.save.finish()
        return self

    def undo(self):
        self.tally.items.pop()
        self.save.add(UNDO)
        self.save.finish()
        return self

    def reboot(self):
        return Box(self.fs, self.save.every, self.save.store)


def test_a_game_save_round_trip_with_undo_segments_and_snapshots():
    box = Box(MemFiles()).new()
    for v in range(30):
        box.add(v * 1000)
        if v % 7 == 6:
            box.undo()
        again = box.reboot()
        assert again.tally.items == box.tally.items and again.note is None, "after %d" % v
    files = sorted(box.fs.files)
    assert "/d/game.json" in files and "/d/game.bak" in files and "/d/game.log/0" in files
    box.fs.files["/d/game.json"] = "{"  # damaged: the one before, with nothing logged since
    again = box.reboot()
    assert again.note == "fell back" and again.tally.items == box.tally.items[: len(again.tally.items)]


def test_a_typical_action_is_one_small_append():
    box = Box(MemFiles(), every=64).new().add(1)
    fs = box.fs
    for v in range(2, 40):
        before = (fs.written, fs.done, len(fs.files))
        box.add([v, "x" * (v % 5)])
        # no rename, no remove, no new file but for a new segment; a few bytes
        assert fs.done == before[1]
        assert fs.written - before[0] <= 25 or len(fs.files) == before[2] + 1
    assert max(len(t) for n, t in fs.files.items() if ".log/" in n) <= 224 + 25
    assert box.reboot().tally.items == box.tally.items


def test_segments_follow_on_and_a_stale_one_ends_the_log():
    values = list(range(1000000, 1060000, 1000))
    box = Box(MemFiles(), every=100).new().add(*values)
    fs = box.fs
    assert fs.exists("/d/game.log/1") and fs.exists("/d/game.log/2") and not fs.exists("/d/game.log/3")
    assert box.reboot().tally.items == values
    fs.files["/d/game.log/1"] = fs.files["/d/game.log/1"].replace('"gen":1', '"gen":0')
    assert box.reboot().tally.items == values[: fs.files["/d/game.log/0"].count("\n") - 1]


def _sweep(setup, act):
    """Cut the power at every byte and at every rename/remove of act, reboot, and check
    the tally is as before or as after act, and that the device goes on from there.
    A generator: one step per cut (the heap is collected between steps)."""
    box = setup(MemFiles())
    before = box.reboot().tally.items
    written, done = box.fs.written, box.fs.done
    act(box)
    after = list(box.tally.items)
    cuts = [(b, None) for b in range(box.fs.written - written + 1)]
    cuts += [(None, o) for o in range(box.fs.done - done + 1)]
    seen = set()
    for budget, ops in cuts:
        box = setup(MemFiles())
        box.fs.budget, box.fs.ops = budget, ops
        try:
            act(box)
        except PowerCut:
            pass
        box.fs.budget = box.fs.ops = None
        again = box.reboot()
        got = list(again.tally.items)
        assert got in (before, after), "cut at %r: %r" % ((budget, ops), got)
        seen.add(got == after)
        again.add(-1)  # the device goes on, and a reboot finds it all
        assert again.reboot().tally.items == got + [-1], "after the cut at %r" % ((budget, ops),)
        yield
    assert seen == {False, True}  # the cuts reach from before the write to after it


def test_power_cut_at_every_byte_of_an_append():
    return _sweep(lambda fs: Box(fs, every=64).new().add(1, 2, 3), lambda box: box.add(["four", 4]))


def test_power_cut_at_every_byte_of_a_new_segment():
    return _sweep(lambda fs: Box(fs, every=64).new().add(*range(0, 2200, 100)), lambda box: box.add(12345))


def test_power_cut_at_every_byte_and_rename_of_a_snapshot():
    # the fourth record fills the log: appended, then the log is folded into a new snapshot
    return _sweep(lambda fs: Box(fs, every=4).new().add(1, 2, 3), lambda box: box.add("x" * 900))


def test_power_cut_in_a_new_game_keeps_the_old_one_or_starts_the_new():
    def setup(fs):
        box = Box(fs, every=4).new().add(1, 2, 3, 4, 5, 6)
        box.tally = Tally([7])  # a new game, its start in the snapshot
        return box
    return _sweep(setup, lambda box: (box.save.start(), box.save.finish()))


def test_an_undo_is_logged_and_survives_a_power_cut():
    return _sweep(lambda fs: Box(fs, every=64).new().add(1, 2, 3), lambda box: box.undo())


def test_a_save_from_before_the_log_loads_and_goes_on():
    fs = MemFiles()
    fs.files["/d/game.json"] = json.dumps({"items": [3, 1, 4]})  # no generation
    box = Box(fs)
    assert box.tally.items == [3, 1, 4] and box.note is None
    box.add(1, 5, 9, 2, 6)  # past a snapshot
    assert json.loads(fs.files["/d/game.json"])["gen"] == 1
    assert box.reboot().tally.items == [3, 1, 4, 1, 5, 9, 2, 6]


def _old_layout(fs):
    """A save of the version before: its log beside the snapshot (game.l0, game.l1),
    JSON with spaces; the box goes on from it."""
    fs.files["/d/game.json"] = json.dumps({"items": [3, 1], "gen": 5})
    fs.files["/d/game.bak"] = json.dumps({"items": [3], "gen": 4})
    fs.files["/d/game.l0"] = '\n{"gen": 5}\n[4]\n[1]'
    fs.files["/d/game.l1"] = '\n{"gen": 5}\n[5]\n{"undo": 1}\n[9]'
    return Box(fs, every=8)


def test_a_log_of_the_version_before_loads_goes_on_and_is_removed_by_the_next_snapshot():
    fs = MemFiles()
    box = _old_layout(fs)
    assert box.tally.items == [3, 1, 4, 1, 9] and box.note is None
    box.add(2)  # goes on where the log is: the old layout, until the next snapshot
    assert fs.files["/d/game.l1"].endswith("\n[2]") and fs.size("/d/game.log/0") == 0
    assert box.reboot().tally.items == [3, 1, 4, 1, 9, 2]
    box.add(6, 5)  # the log's eighth record: a snapshot, and the old log removed
    assert not fs.exists("/d/game.l0") and not fs.exists("/d/game.l1")
    assert json.loads(fs.files["/d/game.json"])["gen"] == 6
    box.add(3)
    assert fs.files["/d/game.log/0"] == '\n{"gen":6}\n[3]'
    assert box.reboot().tally.items == [3, 1, 4, 1, 9, 2, 6, 5, 3]


def test_power_cut_at_every_byte_and_rename_of_the_snapshot_after_an_old_log():
    return _sweep(lambda fs: _old_layout(fs).add(2, 6), lambda box: box.add(5))


def test_a_snapshot_empties_the_segments_and_the_next_log_is_written_over_them():
    fs = MemFiles()
    box = Box(fs, every=40).new().add(*range(1000, 1039))  # 39 records: two segments
    assert fs.size("/d/game.log/0") and fs.size("/d/game.log/1") and not fs.exists("/d/game.log/2")
    box.add(7)  # the 40th: a snapshot
    assert (fs.files["/d/game.log/0"], fs.files["/d/game.log/1"]) == ("", "")
    assert box.reboot().tally.items == list(range(1000, 1039)) + [7]
    box.add(8)
    assert fs.files["/d/game.log/0"] == '\n{"gen":2}\n[8]' and fs.files["/d/game.log/1"] == ""
    assert box.reboot().tally.items == list(range(1000, 1039)) + [7, 8]


def test_a_stale_segment_after_an_emptied_one_is_never_replayed():
    fs = MemFiles()
    box = Box(fs, every=40).new().add(*range(1000, 1039))
    stale = fs.files["/d/game.log/1"]
    box.add(7)
    fs.files["/d/game.log/1"] = stale  # a power cut before the snapshot emptied it
    assert box.reboot().tally.items == list(range(1000, 1039)) + [7]
    box.add(*range(20))  # the log reaches segment 1 again: written over
    assert box.reboot().tally.items == list(range(1000, 1039)) + [7] + list(range(20))


def test_the_record_that_fills_the_log_is_logged_before_the_snapshot_begins():
    fs = MemFiles()
    box = Box(fs, every=3).new().add(1, 2)
    box.tally.items.append(3)
    box.save.add([3])
    box.save.step()  # the record as text, and the snapshot queued after it
    assert not fs.exists("/d/game.log/0") or "3" not in fs.files["/d/game.log/0"]
    box.save.step()  # the append; the snapshot comes in the steps after it
    assert box.save.pending() and not fs.exists("/d/game.new")
    assert box.reboot().tally.items == [1, 2, 3]


def test_a_snapshot_cut_before_its_renames_is_finished_at_boot():
    fs = MemFiles()
    box = Box(fs, every=3).new().add(1, 2)
    box.tally.items.append(3)
    box.save.add([3])  # the log's third record: logged, then a snapshot begins
    while not fs.exists("/d/game.new") or not fs.files["/d/game.new"].endswith("}"):
        box.save.step()  # until the new snapshot is whole, then the power goes
    again = box.reboot()
    assert again.tally.items == [1, 2, 3] and not fs.exists("/d/game.new")
    again.add(4)
    assert again.reboot().tally.items == [1, 2, 3, 4]


def test_unreadable_save_is_put_aside_with_its_log():
    fs = MemFiles()
    box = Box(fs).new().add(1, 2)
    fs.files["/d/game.json"] = '{"items": 5}'
    fs.files["/d/game.bak"] = "garbage"
    again = box.reboot()
    assert again.tally is None and again.note == "/d/kept1"
    assert sorted(fs.files) == ["/d/kept1/game.bak", "/d/kept1/game.json", "/d/kept1/game.log/0"]


def test_a_full_flash_drops_the_queue_and_the_next_record_snapshots_all():
    class Full(MemFiles):
        full = False

        def append(self, path, text):
            if self.full:
                raise OSError(28)
            MemFiles.append(self, path, text)

    fs = Full()
    box = Box(fs, every=64).new().add(1)
    fs.full = True
    box.tally.items.append(2)
    box.save.add([2])
    box.save.step()  # the record as text
    raises(OSError, box.save.step)
    assert not box.save.pending()
    fs.full = False
    box.add(3)  # a snapshot with 2 in it
    assert box.reboot().tally.items == [1, 2, 3]


def test_game_save_on_real_files():
    from app.storage import OsFiles
    root = "/tmp/schaffner-gamesave-test"
    fs = OsFiles()
    store = FileStore(root, fs)
    box = Box(fs, 3, store).new().add(1, 2, 3, 4, 5).undo()
    again = box.reboot()
    assert again.tally.items == [1, 2, 3, 4] and again.note is None
    for name in ("game.json", "game.bak", "game.new", "game.log/0", "game.log/1"):
        fs.remove(root + "/" + name)
    import os
    os.rmdir(root + "/game.log")
    os.rmdir(root)
