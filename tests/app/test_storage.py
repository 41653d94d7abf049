"""Saving survives a power cut at any byte and falls back from damaged saves."""
import json

from memfiles import MemFiles, PowerCut
from app.flash import AFTER_MS, DEFER, MAX_WAIT_MS, QUIET_MS, RECORD, FlashQueue
from app.game_save import UNDO, GameSave
from app.record_files import records
from app.store import FileStore
from support import raises

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
    """A device over the files fs: its flash queue, its GameSave and the tally in play."""

    def __init__(self, fs, every=4, store=None):
        self.fs = fs
        self.queue = FlashQueue()
        self.save = GameSave(store or FileStore("/d", fs), "game", self.snapshot, every, self.queue)
        self.tally, self.note = self.save.load(Tally.build, Tally.replay)
        self.save.prepare()

    def snapshot(self):
        return {"items": list(self.tally.items)}

    def new(self):
        self.tally = Tally([])
        self.save.start()
        self.queue.finish()
        return self

    def add(self, *values):
        for v in values:
            self.tally.items.append(v)
            self.save.add([v])
            self.queue.finish()
        return self

    def undo(self):
        self.tally.items.pop()
        self.save.add(UNDO)
        self.queue.finish()
        return self

    def reboot(self):
        return Box(self.fs, self.save.every, self.save.store)


def _ring(fs):
    return fs.rings["/d/game.ring"]


def _test_a_game_save_round_trip_with_undo_and_snapshots():
    box = Box(MemFiles()).new()
    for v in range(30):
        box.add(v * 1000)
        if v % 7 == 6:
            box.undo()
        yield
        again = box.reboot()
        assert again.tally.items == box.tally.items and again.note is None, "after %d" % v
        yield
    assert sorted(box.fs.files) == ["/d/game.bak", "/d/game.json"]
    box.fs.files["/d/game.json"] = "{"  # damaged: the one before, with nothing logged since
    again = box.reboot()
    assert again.note == "fell back" and again.tally.items == box.tally.items[: len(again.tally.items)]


def test_a_game_save_round_trip_with_undo_and_snapshots():
    return _test_a_game_save_round_trip_with_undo_and_snapshots()


def _test_a_typical_action_is_one_page_programmed_and_no_file_touched():
    box = Box(MemFiles(), every=64).new().add(1)
    fs = box.fs
    ring = _ring(fs)
    files, done = dict(fs.files), fs.done
    for v in range(2, 40):
        programs, erases, written = ring.programs, ring.erases, fs.written
        box.add([v, "x" * (v % 5)])
        assert (ring.programs, ring.erases) == (programs + 1, erases)
        size = len(json.dumps([[v, "x" * (v % 5)]]).replace(" ", ""))
        assert size < fs.written - written <= 6 + size  # (a CRC byte may be 0xFF: nothing to program)
        yield
    assert fs.files == files and fs.done == done
    assert box.reboot().tally.items == box.tally.items


def test_a_typical_action_is_one_page_programmed_and_no_file_touched():
    return _test_a_typical_action_is_one_page_programmed_and_no_file_touched()


def _on_flash(v):  # a Box's record of v on flash: [v] without spaces, and 6 bytes
    return 6 + len(json.dumps([v]).replace(" ", ""))


def _test_the_log_goes_on_block_after_block_and_erases_one_per_block():
    values = [[v, "abcdefghij" * 5] for v in range(150)]  # 64 or 65 bytes each on flash
    box = Box(MemFiles(), every=1000).new()
    ring = _ring(box.fs)
    for v in values:
        box.add(v)
        yield
    # after its 8-byte header a block takes 62 records (the first: 2 of 64 bytes and
    # 60 of 65); 150 records fill 2 blocks and begin a third, each erased once
    assert [_on_flash(v) for v in values[:12]] == [64] * 10 + [65] * 2
    assert 8 + 2 * 64 + 61 * 65 > 4096 >= 8 + 62 * 65 and 2 * 62 < 150 < 3 * 62
    assert ring.erases == 3 and box.save.ring.cur == 2
    assert box.reboot().tally.items == values
    assert sorted(box.fs.files) == ["/d/game.json"]  # the snapshot of the new game alone


def test_the_log_goes_on_block_after_block_and_erases_one_per_block():
    return _test_the_log_goes_on_block_after_block_and_erases_one_per_block()


def _full_log():
    class ThreeBlocks(MemFiles):  # the log's blocks: three, so a few records fill them
        def ring(self, folder, n, make):
            return MemFiles.ring(self, folder, 3, make)

    box = Box(ThreeBlocks(), every=100000).new()
    values = [[v, "x" * 200] for v in range(70)]  # 19 to a block: 57 fill the three
    full = 0
    for v in values:
        try:
            box.add(v)
        except OSError:
            full += 1  # the queue dropped: the next record brings a snapshot with this one
        yield
    assert full == 1 and json.loads(box.fs.files["/d/game.json"])["gen"] == 2
    yield
    assert box.reboot().tally.items == values


def test_a_full_log_is_folded_into_a_snapshot_by_the_next_record():
    return _full_log()


def test_records_of_a_game_that_was_deleted_never_reach_a_new_one():
    fs = MemFiles()
    box = Box(fs, every=64).new().add(1, 2, 3)
    del fs.files["/d/game.json"]  # the game's snapshot gone; its records stay on flash
    again = box.reboot()
    assert again.tally is None
    again.new().add(9)
    assert again.reboot().tally.items == [9]


def _sweep(setup, act, between=False):
    """Cut the power at every byte and at every rename/remove/erase of act, reboot,
    and check the tally is as before or as after act (between: or anything from
    before to after, act doing several actions), and that the device goes on from
    there.  A generator: one step per cut (the heap is collected between steps)."""
    box = setup(MemFiles())
    before = box.reboot().tally.items
    written, done = box.fs.written, box.fs.done
    act(box)
    after = list(box.tally.items)
    cuts = [(b, None) for b in range(box.fs.written - written + 1)]
    cuts += [(None, o) for o in range(box.fs.done - done + 1)]
    seen = set()
    yield
    for budget, ops in cuts:
        box = setup(MemFiles())
        yield
        box.fs.budget, box.fs.ops = budget, ops
        try:
            act(box)
        except PowerCut:
            pass
        box.fs.budget = box.fs.ops = None
        again = box.reboot()
        got = list(again.tally.items)
        if between:
            assert got[:len(before)] == before and got == after[:len(got)], "cut at %r: %r" % ((budget, ops), got)
        else:
            assert got in (before, after), "cut at %r: %r" % ((budget, ops), got)
        seen.add(got == after)
        again.add(-1)  # the device goes on, and a reboot finds it all
        assert again.reboot().tally.items == got + [-1], "after the cut at %r" % ((budget, ops),)
        yield
    assert seen == {False, True}  # the cuts reach from before the write to after it


def test_power_cut_at_every_byte_of_a_record():
    return _sweep(lambda fs: Box(fs, every=64).new().add(1, 2, 3), lambda box: box.add(["four", 4]))


def _nearly_full(fs):
    """A Box whose first block has room for less than 100 bytes more."""
    box = Box(fs, every=1000).new()
    v = 0
    while box.save.ring.cur < 0 or box.save.ring.pos < 4096 - 100:
        box.add([v, "abcdefghij" * (5 if box.save.ring.pos > 3000 else 100)])
        v += 1
    assert box.save.ring.cur == 0
    return box


def test_power_cut_at_every_byte_of_a_record_in_a_new_block():
    return _sweep(_nearly_full, lambda box: box.add(["next", "x" * 100]))


def test_power_cut_at_every_byte_and_rename_of_a_snapshot():
    # the fourth record fills the log: programmed, then the log is folded into a new snapshot
    return _sweep(lambda fs: Box(fs, every=4).new().add(1, 2, 3), lambda box: box.add("x" * 900))


def test_power_cut_in_a_new_game_keeps_the_old_one_or_starts_the_new():
    def setup(fs):
        box = Box(fs, every=4).new().add(1, 2, 3, 4, 5, 6)
        box.tally = Tally([7])  # a new game, its start in the snapshot
        return box
    return _sweep(setup, lambda box: (box.save.start(), box.queue.finish()))


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


def _old_layouts(fs, folder):
    """A save of a version before: its log in segments headed by their generation,
    in the folder game.log (folder True) or beside the snapshot, JSON with spaces;
    a stale segment of the generation before among them."""
    seg = "/d/game.log/%d" if folder else "/d/game.l%d"
    fs.files["/d/game.json"] = json.dumps({"items": [3, 1], "gen": 5})
    fs.files["/d/game.bak"] = json.dumps({"items": [3], "gen": 4})
    fs.files[seg % 0] = '\n{"gen": 5}\n[4]\n[1]'
    fs.files[seg % 1] = '\n{"gen": 5}\n[5]\n{"undo": 1}\n[9]'
    fs.files[seg % 2] = '\n{"gen": 4}\n[7]'
    if folder:
        fs.files[seg % 3] = ""  # emptied by a snapshot
    return Box(fs, every=8)


def _test_a_log_of_a_version_before_loads_goes_on_and_is_removed_by_the_next_snapshot():
    for folder in (True, False):
        fs = MemFiles()
        box = _old_layouts(fs, folder)
        assert box.tally.items == [3, 1, 4, 1, 9] and box.note is None
        files = dict(fs.files)
        box.add(2)  # goes on in the ring, the old log kept until the next snapshot
        assert fs.files == files
        assert box.reboot().tally.items == [3, 1, 4, 1, 9, 2]
        box.add(6, 5)  # the log's eighth record: a snapshot, and the old log removed
        assert sorted(fs.files) == ["/d/game.bak", "/d/game.json"] and "/d/game.log" not in fs.dirs
        assert json.loads(fs.files["/d/game.json"])["gen"] == 6
        box.add(3)
        assert box.reboot().tally.items == [3, 1, 4, 1, 9, 2, 6, 5, 3]
        yield


def test_a_log_of_a_version_before_loads_goes_on_and_is_removed_by_the_next_snapshot():
    return _test_a_log_of_a_version_before_loads_goes_on_and_is_removed_by_the_next_snapshot()


def test_power_cut_at_every_byte_and_rename_of_the_snapshot_after_an_old_log():
    return _sweep(lambda fs: _old_layouts(fs, True).add(2, 6), lambda box: box.add(5))


def _test_the_record_that_fills_the_log_is_logged_before_the_snapshot_begins():
    fs = MemFiles()
    box = Box(fs, every=3).new().add(1, 2)
    box.tally.items.append(3)
    box.save.add([3])
    ring = _ring(fs)
    programs = ring.programs
    box.queue.step()  # the record as bytes, and the snapshot queued after it
    assert ring.programs == programs
    box.queue.step()  # programmed; the snapshot comes in the steps after it
    assert ring.programs == programs + 1
    assert box.queue.pending() and not fs.exists("/d/game.new")
    assert box.reboot().tally.items == [1, 2, 3]


def test_the_record_that_fills_the_log_is_logged_before_the_snapshot_begins():
    return _test_the_record_that_fills_the_log_is_logged_before_the_snapshot_begins()


def _test_the_next_block_was_erased_at_a_quiet_moment_so_a_record_erases_nothing():
    box = _nearly_full(MemFiles())  # every record's work done, the deferred too
    ring = _ring(box.fs)
    erases, programs = ring.erases, ring.programs
    box.tally.items.append(["next", "x" * 100])
    box.save.add([["next", "x" * 100]])
    box.queue.step()  # as bytes
    box.queue.step()  # programmed into the next block, erased already
    assert (ring.erases, ring.programs) == (erases, programs + 1) and box.save.ring.cur == 1
    assert not box.queue.pending() and box.reboot().tally.items == box.tally.items


def test_the_next_block_was_erased_at_a_quiet_moment_so_a_record_erases_nothing():
    return _test_the_next_block_was_erased_at_a_quiet_moment_so_a_record_erases_nothing()


def _test_an_erase_has_a_step_of_its_own():
    box = _nearly_full(MemFiles()).reboot()  # a boot forgets the block erased ahead: it erases it again (queued)
    ring = _ring(box.fs)
    box.tally.items.append(["next", "x" * 100])
    box.save.add(["next", "x" * 100])
    box.queue.step()  # as bytes
    erases, programs = ring.erases, ring.programs
    box.queue.step()  # the next block erased, and nothing else
    assert (ring.erases, ring.programs) == (erases + 1, programs)
    box.queue.step()  # the record programmed, ahead of the boot's erase
    assert (ring.erases, ring.programs) == (erases + 1, programs + 1)
    box.queue.finish()  # the boot's erase: the block is in use now, nothing to erase
    assert ring.erases == erases + 1 and not box.queue.pending()


def test_an_erase_has_a_step_of_its_own():
    return _test_an_erase_has_a_step_of_its_own()


def test_a_snapshot_cut_before_its_renames_is_finished_at_boot():
    fs = MemFiles()
    box = Box(fs, every=3).new().add(1, 2)
    box.tally.items.append(3)
    box.save.add([3])  # the log's third record: logged, then a snapshot begins
    while not fs.exists("/d/game.new") or not fs.files["/d/game.new"].endswith("}"):
        box.queue.step()  # until the new snapshot is whole, then the power goes
    again = box.reboot()
    assert again.tally.items == [1, 2, 3] and not fs.exists("/d/game.new")
    again.add(4)
    assert again.reboot().tally.items == [1, 2, 3, 4]


def test_unreadable_save_is_put_aside_with_its_old_log():
    fs = MemFiles()
    box = _old_layouts(fs, True)
    fs.files["/d/game.json"] = '{"items": 5}'
    fs.files["/d/game.bak"] = "garbage"
    again = box.reboot()
    assert again.tally is None and again.note == "/d/kept1"
    assert sorted(fs.files) == ["/d/kept1/game.bak", "/d/kept1/game.json", "/d/kept1/game.log/0",
                                "/d/kept1/game.log/1", "/d/kept1/game.log/2", "/d/kept1/game.log/3"]
    again.new().add(8)  # a new game: a generation no record on flash has
    assert again.reboot().tally.items == [8]


def test_a_full_flash_drops_the_queue_and_the_next_record_snapshots_all():
    fs = MemFiles()
    box = Box(fs, every=64).new().add(1)
    ring = _ring(fs)
    program = ring.program

    def full(k, off, data):
        raise OSError(28)

    ring.program = full
    box.tally.items.append(2)
    box.save.add([2])
    box.queue.step()  # the record as bytes
    raises(OSError, box.queue.step)
    assert not box.queue.pending()
    ring.program = program
    box.add(3)  # a snapshot with 2 in it
    assert box.reboot().tally.items == [1, 2, 3]


def _real_files():
    from app.flash import OsFiles
    import os
    root = "/tmp/schaffner-gamesave-test"
    fs = OsFiles()
    store = FileStore(root, fs)
    box = Box(fs, 3, store)  # the log's files made: 32 KB written
    yield
    box.new().add(1, 2, 3, 4, 5).undo()
    yield
    again = box.reboot()
    assert again.tally.items == [1, 2, 3, 4] and again.note is None
    assert fs.size(root + "/game.ring/7") == 4096
    for name in ["game.json", "game.bak", "game.new"] + ["game.ring/%d" % k for k in range(8)]:
        fs.remove(root + "/" + name)
    os.rmdir(root + "/game.ring")
    os.rmdir(root)


def test_game_save_on_real_files():
    return _real_files()


def _blocks_made_a_step_at_a_time():
    from app.flash import OsFiles
    import os
    root = "/tmp/schaffner-making-test"
    fs = OsFiles()
    queue = FlashQueue()
    save = GameSave(FileStore(root, fs), "game", dict, queue=queue)
    save.load(Tally.build, Tally.replay)
    assert save.ring is None  # a new gadget: nothing found
    queue.add(save.making())
    ring = root + "/game.ring/"
    made = []
    while queue.pending():
        queue.step()
        made.append(sum(1 for k in range(8) if fs.size(ring + str(k)) == 4096))
        yield
    # a file a step, then the log opened on them, then its first block erased in a step of its own
    assert made == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    assert save.ring is not None and save.ring.erased == 0
    again = GameSave(FileStore(root, fs), "game", dict, queue=queue)
    again.load(Tally.build, Tally.replay)
    assert again.ring is not None  # the next boot finds them: nothing to make
    queue.finish()  # (but the first block erased again: a boot forgets it was)
    assert again.ring.erased == 0
    queue.add(again.making())
    queue.step()
    assert not queue.pending()
    for k in range(8):
        fs.remove(ring + str(k))
    os.rmdir(root + "/game.ring")
    os.rmdir(root)


def test_a_new_gadget_makes_its_log_blocks_a_file_a_step():
    return _blocks_made_a_step_at_a_time()



def _poll(box, now, pressed=False):
    """One poll of the device at now: a step of the flash work due, as the app does."""
    if box.queue.due(pressed, now):
        box.queue.step(False)


def _press(box, now, v):
    """A press at now that adds v: the action logged, its frame out in this poll."""
    box.tally.items.append(v)
    box.save.add([v])
    _poll(box, now, True)


def _test_the_snapshot_waits_for_a_quiet_moment_and_records_go_ahead_of_it():
    fs = MemFiles()
    box = Box(fs, every=3).new().add(1, 2)
    gen = json.loads(fs.files["/d/game.json"])["gen"]
    _press(box, 1000, 3)  # the log's third record: its fold into a snapshot comes due
    for t in range(1010, 1200, 10):
        _poll(box, t)
    assert box.queue.pending() and not fs.exists("/d/game.new")  # the record alone is on flash
    assert box.reboot().tally.items == [1, 2, 3]  # a power cut now loses nothing
    _press(box, 1200, 4)
    for t in range(1210, 1200 + QUIET_MS, 10):
        _poll(box, t)
    assert not fs.exists("/d/game.new") and box.reboot().tally.items == [1, 2, 3, 4]
    while box.queue.pending():  # the hands have left the buttons long enough
        _poll(box, 1200 + QUIET_MS)
    assert json.loads(fs.files["/d/game.json"]) == {"items": [1, 2, 3, 4], "gen": gen + 1}
    assert box.reboot().tally.items == [1, 2, 3, 4]
    yield


def test_the_snapshot_waits_for_a_quiet_moment_and_records_go_ahead_of_it():
    return _test_the_snapshot_waits_for_a_quiet_moment_and_records_go_ahead_of_it()


def test_nothing_deferred_runs_while_a_button_is_held():
    box = Box(MemFiles(), every=2).new().add(1)
    _press(box, 1000, 2)
    _poll(box, 1010)
    _poll(box, 1020)  # the record programmed; the snapshot waits
    box.queue.touch(1030, True)  # a button goes down and stays down
    for t in range(1040, 1040 + MAX_WAIT_MS + 1000, 50):
        _poll(box, t)
    assert box.queue.pending() and box.queue.wait_ms(t) == -1
    box.queue.touch(t, False)  # let go: past its wait, it goes once the hands have left AFTER_MS
    assert box.queue.wait_ms(t) == AFTER_MS and box.queue.wait_ms(t + AFTER_MS) == 0
    # and never within 300 ms of the release: the poll that saw it may have begun as much as
    # a millisecond into it by ticks_ms's whole milliseconds, so 300 of them are not enough
    assert box.queue.wait_ms(t + 300) > 0


def _act_with_a_press_in_the_snapshot(box):
    box.tally.items.append(3)
    box.save.add([3])  # the log's third record: its fold comes due
    q = box.queue
    q.step()
    q.step()  # the record programmed
    q.step()  # the fold begins: the game as it is taken
    q.step()  # the snapshot's file opened
    box.tally.items.append(4)  # a press meanwhile: its record goes ahead of the snapshot's rest
    box.save.add([4])
    q.finish()


def test_power_cut_at_every_byte_and_rename_of_a_snapshot_with_a_record_made_in_it():
    return _sweep(lambda fs: Box(fs, every=3).new().add(1, 2), _act_with_a_press_in_the_snapshot, True)


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
