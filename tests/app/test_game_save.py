"""A game's save (app.game_save): its snapshot and log survive a power cut at any byte
and operation, its flash work keeps away from the hands."""
import json

from game_box import FILE_PAD, Box, Tally, act_with_a_press_in_the_snapshot, nearly_full, poll, press, ring_of, sweep
from memfiles import MemFiles
from app.flash import AFTER_MS, MAX_WAIT_MS, QUIET_MS, FlashQueue
from app.game_save import GameSave
from app.store import FileStore
from support import raises


def _test_a_game_save_round_trip_with_undo_and_snapshots():
    for pad in (0, FILE_PAD):  # snapshots as records in the log; too long for a block, as files
        box = Box(MemFiles(), pad=pad).new()
        for v in range(30):
            box.add(v * 1000)
            if v % 7 == 6:
                box.undo()
            yield
            again = box.reboot()
            assert again.tally.items == box.tally.items and again.note is None, "after %d" % v
            yield
        if not pad:
            assert sorted(box.fs.files) == [] and again.save.ring.snap == again.save.gen > 1
            continue
        assert sorted(box.fs.files) == ["/d/game.bak", "/d/game.json"] and again.save.ring.snap == -1
        box.fs.files["/d/game.json"] = "{"  # damaged: the one before, with nothing logged since
        again = box.reboot()
        assert again.note == "fell back" and again.tally.items == box.tally.items[: len(again.tally.items)]


def test_a_game_save_round_trip_with_undo_and_snapshots():
    return _test_a_game_save_round_trip_with_undo_and_snapshots()


def _test_a_typical_action_is_one_page_programmed_and_no_file_touched():
    box = Box(MemFiles(), every=64).new().add(1)
    fs = box.fs
    ring = ring_of(fs)
    files, done = dict(fs.files), fs.done
    for v in range(2, 40):
        programs, erases, written, pos = ring.programs, ring.erases, fs.written, box.save.ring.pos
        box.add([v, "x" * (v % 5)])
        size = len(json.dumps([[v, "x" * (v % 5)]]).replace(" ", ""))
        pages = (pos + 6 + size - 1) // 256 - pos // 256 + 1  # 2 where it crosses a page's end
        assert (ring.programs, ring.erases) == (programs + pages, erases) and pages <= 2
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
    ring = ring_of(box.fs)
    for v in values:
        box.add(v)
        yield
    # after its 8-byte header a block takes 62 records (the first: 2 of 64 bytes and
    # 60 of 65); 150 records fill 2 blocks and begin a third, each erased once
    assert [_on_flash(v) for v in values[:12]] == [64] * 10 + [65] * 2
    assert 8 + 2 * 64 + 61 * 65 > 4096 >= 8 + 62 * 65 and 2 * 62 < 150 < 3 * 62
    assert ring.erases == 3 and box.save.ring.cur == 2
    assert box.reboot().tally.items == values
    assert sorted(box.fs.files) == []  # the snapshot of the new game is the log's first record


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
    box = Box(fs, every=64, pad=FILE_PAD).new().add(1, 2, 3)
    del fs.files["/d/game.json"]  # the game's snapshot gone; its records stay on flash
    again = box.reboot()
    assert again.tally is None
    again.new().add(9)
    assert again.reboot().tally.items == [9]


def test_a_new_snapshot_record_hides_the_records_before_it():
    box = Box(MemFiles(), every=64).new().add(1, 2, 3)
    box.tally = Tally([7])  # another game, its start a snapshot record in the log
    box.save.start()
    box.queue.finish()
    box.add(9)
    again = box.reboot()
    assert again.tally.items == [7, 9] and again.save.ring.snap == 2 and box.fs.files == {}


def test_power_cut_at_every_byte_of_a_record():
    return sweep(lambda fs: Box(fs, every=64).new().add(1, 2, 3), lambda box: box.add(["four", 4]))


def test_power_cut_at_every_byte_of_a_record_in_a_new_block():
    return sweep(nearly_full, lambda box: box.add(["next", "x" * 100]))


def test_power_cut_at_every_byte_and_rename_of_a_snapshot():
    # the fourth record fills the log: programmed, then the log is folded into a new snapshot
    return sweep(lambda fs: Box(fs, every=4).new().add(1, 2, 3), lambda box: box.add("x" * 900))


def test_power_cut_in_a_new_game_keeps_the_old_one_or_starts_the_new():
    def setup(fs):
        box = Box(fs, every=4).new().add(1, 2, 3, 4, 5, 6)
        box.tally = Tally([7])  # a new game, its start in the snapshot
        return box
    return sweep(setup, lambda box: (box.save.start(), box.queue.finish()))


def test_an_undo_is_logged_and_survives_a_power_cut():
    return sweep(lambda fs: Box(fs, every=64).new().add(1, 2, 3), lambda box: box.undo())


def test_a_save_from_before_the_log_loads_and_goes_on():
    fs = MemFiles()
    fs.files["/d/game.json"] = json.dumps({"items": [3, 1, 4]})  # no generation
    box = Box(fs)
    assert box.tally.items == [3, 1, 4] and box.note is None
    box.add(1, 5, 9, 2, 6)  # past a snapshot: a record in the log, and the file removed
    assert fs.files == {}
    again = box.reboot()
    assert again.tally.items == [3, 1, 4, 1, 5, 9, 2, 6] and again.save.ring.snap == 1


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
        box.add(6, 5)  # the log's eighth record: a snapshot record, the old log and files removed
        assert fs.files == {} and "/d/game.log" not in fs.dirs
        assert box.reboot().save.ring.snap == 6
        box.add(3)
        assert box.reboot().tally.items == [3, 1, 4, 1, 9, 2, 6, 5, 3]
        yield


def test_a_log_of_a_version_before_loads_goes_on_and_is_removed_by_the_next_snapshot():
    return _test_a_log_of_a_version_before_loads_goes_on_and_is_removed_by_the_next_snapshot()


def test_power_cut_at_every_byte_and_rename_of_the_snapshot_after_an_old_log():
    return sweep(lambda fs: _old_layouts(fs, True).add(2, 6), lambda box: box.add(5))


def _test_the_record_that_fills_the_log_is_logged_before_the_snapshot_begins():
    fs = MemFiles()
    box = Box(fs, every=3).new().add(1, 2)
    box.tally.items.append(3)
    box.save.add([3])
    ring = ring_of(fs)
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
    box = nearly_full(MemFiles())  # every record's work done, the deferred too
    ring = ring_of(box.fs)
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
    box = nearly_full(MemFiles()).reboot()  # a boot forgets the block erased ahead: it erases it again (queued)
    ring = ring_of(box.fs)
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
    box = Box(fs, every=3, pad=FILE_PAD).new().add(1, 2)
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
    ring = ring_of(fs)
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
    # a file in two steps (its block erased as it begins, the rest programmed), then the log
    # opened on them, then its first block erased in a step of its own
    assert made == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8]
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



def _test_the_snapshot_waits_for_a_quiet_moment_and_records_go_ahead_of_it():
    fs = MemFiles()
    box = Box(fs, every=3).new().add(1, 2)
    ring = ring_of(fs)
    gen = box.reboot().save.ring.snap  # the new game's snapshot record
    press(box, 1000, 3)  # the log's third record: its fold into a snapshot comes due
    programs = ring.programs
    for t in range(1010, 1200, 10):
        poll(box, t)
    assert box.queue.pending() and ring.programs == programs + 1  # the record alone is on flash
    assert box.reboot().tally.items == [1, 2, 3]  # a power cut now loses nothing
    press(box, 1200, 4)
    for t in range(1210, 1200 + QUIET_MS, 10):
        poll(box, t)
    assert ring.programs == programs + 2 and box.reboot().tally.items == [1, 2, 3, 4]
    assert box.reboot().save.ring.snap == gen
    while box.queue.pending():  # the hands have left the buttons long enough
        poll(box, 1200 + QUIET_MS)
    again = box.reboot()
    assert ring.programs == programs + 3 and again.save.ring.snap == gen + 1
    assert again.tally.items == [1, 2, 3, 4] and fs.files == {}
    yield


def test_the_snapshot_waits_for_a_quiet_moment_and_records_go_ahead_of_it():
    return _test_the_snapshot_waits_for_a_quiet_moment_and_records_go_ahead_of_it()


def test_nothing_deferred_runs_while_a_button_is_held():
    box = Box(MemFiles(), every=2).new().add(1)
    press(box, 1000, 2)
    poll(box, 1010)
    poll(box, 1020)  # the record programmed; the snapshot waits
    box.queue.touch(1030, True)  # a button goes down and stays down
    for t in range(1040, 1040 + MAX_WAIT_MS + 1000, 50):
        poll(box, t)
    assert box.queue.pending() and box.queue.wait_ms(t) == -1
    box.queue.touch(t, False)  # let go: past its wait, it goes once the hands have left AFTER_MS
    assert box.queue.wait_ms(t) == AFTER_MS and box.queue.wait_ms(t + AFTER_MS) == 0
    # and never within 300 ms of the release: the poll that saw it may have begun as much as
    # a millisecond into it by ticks_ms's whole milliseconds, so 300 of them are not enough
    assert box.queue.wait_ms(t + 300) > 0


def test_power_cut_at_every_byte_and_rename_of_a_snapshot_with_a_record_made_in_it():
    return sweep(lambda fs: Box(fs, every=3).new().add(1, 2), act_with_a_press_in_the_snapshot, True)


def test_a_log_whose_files_this_program_did_not_write_is_kept_aside():
    fs = MemFiles()
    fs.files["/d/game.ring/0"] = "{not a save"  # the log's files as a copy from elsewhere left them
    fs.files["/d/game.ring/1"] = ""
    box = Box(fs)
    assert box.tally is None and box.note == "/d/kept1"
    assert fs.files == {"/d/kept1/game.ring/0": "{not a save", "/d/kept1/game.ring/1": ""}
    box.new().add(5)  # a new game on new blocks
    assert box.reboot().tally.items == [5]


def test_a_block_nearly_full_has_its_next_erased_in_the_hands_first_pause():
    # a player who presses every 350 ms never pauses QUIET_MS: once a block has room for
    # two records or less, the next is erased in a pause past AFTER_MS, so no record erases
    # in the polls right after its press
    box = Box(MemFiles(), every=1000).new()
    box.queue.finish()
    ring = ring_of(box.fs)
    now = v = 0
    beside_a_press = 0
    while box.save.ring.cur < 1:  # on into the second block
        now += 350
        erases = ring.erases
        press(box, now, [v, "x" * 200])  # a page a record
        for t in (5, 10, 15, 20, 25):
            poll(box, now + t)  # the record's steps, the hands still at the buttons
        beside_a_press += ring.erases - erases
        for t in range(AFTER_MS, 350, 10):
            poll(box, now + t)  # the pause
        v += 1
    assert beside_a_press == 0 and now < MAX_WAIT_MS
    assert box.reboot().tally.items == box.tally.items
