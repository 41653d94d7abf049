"""The record of a game that ends waits for the hands to leave the buttons (its append may
erase, 45 ms the chip stands still), owed until it is written: the ending action's own record
is programmed first, so a power cut between them leaves the game over and its record owed,
which the next boot writes, once.  An undo before it takes it back, a new game started at
once gets the old game's record onto flash before its own, and the History opened at once
shows the game."""
from app.flash import QUIET_MS
from app.ringlog import RingLog
from appdriver import Driver
from history_steps import kept, on_flash
from memfiles import MemBlocks, MemFiles
from support import stepped

FRESH_HEAP_PER_CASE = True  # (each case plays a game from the start: a heap of its own)
END = 1000  # when the game's last press comes


def to_finish(d):
    """A two-player TtR Austria scoring, nothing scored, up to its last question:
    OK then finishes the game."""
    d.pick("New game")
    d.pick("TtR Austria")
    d.press("OK", "OK", "OK")  # 2 players, Red starts, Blue in seat 2
    d.pick("Start scoring")
    d.pick("Ranking")
    d.pick("Finish game")
    d.press("UP")
    return d


def at_the_buttons(d):
    """From now on each press comes 100 ms after the last, from END on, and is followed by
    the device's polls of the next 50 ms, not by a flush: the hands never leave the
    buttons.  The clock: when the next press comes."""
    clock = [END]

    def polls():
        for t in range(clock[0], clock[0] + 50, 10):
            d.app.tick(t)
        clock[0] += 100

    d.app.flush = polls
    return clock


def finish(d):
    clock = at_the_buttons(d)
    d.press("OK")
    assert d.app.session.game.ended and d.app.session.owed
    return d.app.session.key, clock


def copied(fs):
    """The flash as it is now, on a gadget of its own."""
    c = MemFiles()
    c.files = dict(fs.files)
    c.dirs = set(fs.dirs)
    for folder, ring in fs.rings.items():
        c.rings[folder] = r = MemBlocks(ring.count, c)
        r.data = [bytearray(b) for b in ring.data]
    return c


@stepped
def test_the_record_waits_for_the_hands_and_is_kept_once_they_leave():
    d = to_finish(Driver())
    key, clock = finish(d)
    assert not on_flash(d.fs)  # the hands are still at the buttons
    assert d.app.flash.pending()
    yield
    d.tick(clock[0] + QUIET_MS)
    assert [r["k"] for r in kept(d)] == [key] and not d.app.session.owed
    assert not d.app.flash.pending()
    yield
    d.power_off()
    d.boot()
    assert not d.app.session.owed  # the log says so
    d.tick(END)
    assert [r["k"] for r in kept(d)] == [key]


def test_the_end_press_leaves_the_record_to_the_polls_and_it_holds_the_moment_the_game_ended():
    d = to_finish(Driver())
    d.app.session.ms = 150000  # two and a half minutes played: a record of 3
    from app import history_write  # (the game's start let go of an earlier test's)
    made = []
    record = history_write.record
    history_write.record = lambda *a: made.append(1) or record(*a)
    try:
        key, clock = finish(d)
        assert made == [] and d.app.session.journal.count() == 1  # the press made no record
        d.tick(clock[0] + 120000)  # the hands left two minutes ago: the time played went on
        assert made == [1]
    finally:
        history_write.record = record
    assert [(r["k"], r["m"], r["a"]) for r in kept(d)] == [(key, 3, 1)]
    assert d.app.session.ms > 260000


def test_a_record_too_long_for_its_slot_is_said_at_the_polls_and_owes_nothing():
    d = to_finish(Driver())
    d.app.history.slot = 64  # no record fits
    key, clock = finish(d)
    d.tick(clock[0] + QUIET_MS)
    assert "Could not write the history" in d.text and not d.app.session.owed
    assert not on_flash(d.fs) and not d.app.flash.pending()


@stepped
def test_a_power_cut_before_the_record_leaves_it_owed_and_the_next_boot_writes_it():
    d = Driver()
    yield
    to_finish(d)
    yield
    key, clock = finish(d)
    d.power_off()  # before the hands left the buttons: the action's record is on flash, no more
    assert not on_flash(d.fs)
    yield
    d.boot()
    s = d.app.session
    assert s.game.ended and s.owed and s.key == key
    d.tick(0)  # the boot's idle polls make the history: the record owed is queued
    assert not on_flash(d.fs) and s.owed
    d.tick(QUIET_MS + 10)
    assert [r["k"] for r in kept(d)] == [key] and not s.owed
    d.power_off()
    yield
    d.boot().tick(QUIET_MS + 10)
    assert not d.app.session.owed and [r["k"] for r in kept(d)] == [key]


@stepped
def test_a_cut_after_the_append_and_before_the_log_says_so_writes_no_second_record():
    d = to_finish(Driver())
    key, clock = finish(d)
    yield
    t = clock[0] + QUIET_MS
    while not on_flash(d.fs):  # one step a poll, until the append is done
        t += 10
        d.app.tick(t)
        yield  # (the Pico collects between its polls)
    d.power_off()
    d.boot()
    assert d.app.session.owed
    yield
    d.tick(t)
    d.tick(t + QUIET_MS + 10)
    assert [r["k"] for r in kept(d)] == [key] and not d.app.session.owed


@stepped
def test_an_undo_before_the_record_takes_it_back_and_a_redo_owes_it_again():
    d = to_finish(Driver())
    key, clock = finish(d)
    yield
    d.press("LONG_BACK")  # undone at once: the hands never left
    s = d.app.session
    assert not s.game.ended and not s.owed
    d.tick(clock[0] + QUIET_MS)
    assert kept(d) == []
    yield
    clock[0] += QUIET_MS + 100
    d.press("LONG_OK")  # the redo, from the message the undo left
    assert s.game.ended and s.owed and not on_flash(d.fs)
    d.tick(clock[0] + QUIET_MS)
    assert [r["k"] for r in kept(d)] == [key] and not s.owed


@stepped
def test_a_new_game_started_at_once_puts_the_old_record_first_and_a_cut_anywhere_keeps_it():
    d = Driver()
    yield
    to_finish(d)
    yield
    key, clock = finish(d)
    yield
    d.press("BACKx6")
    d.pick("New game")
    d.press("UP", "OK")  # a new game: yes
    d.pick("TtR Austria")
    d.press("OK", "OK", "OK")
    assert d.app.session.owed and not on_flash(d.fs)  # the hands never left
    d.app.flush = lambda: None  # the press that starts the new game, and no poll yet
    d.pick("Start scoring")
    assert d.app.session.key == key + 1
    steps = 0
    while d.app.flash.pending():  # each poll's step; the power may go after any of them
        gadget = Driver(fs=copied(d.fs))
        gadget.tick(0)
        gadget.tick(QUIET_MS + 10)
        assert key in [r["k"] for r in kept(gadget)], "cut after step %d" % steps
        gadget = None
        yield
        d.app.flash.step()
        steps += 1
    assert steps > 2 and [r["k"] for r in kept(d)] == [key]


def test_the_history_opened_at_once_shows_the_game_that_ended():
    d = to_finish(Driver())
    key, clock = finish(d)
    d.press("BACKx6")
    assert d.app.session.owed
    d.pick("History")
    d.shows("TtR", "Red+Blue")
    assert [r["k"] for r in kept(d)] == [key]
    d.press("BACK")  # the next polls log that the history holds it
    assert not d.app.session.owed


def test_an_undo_right_after_a_boot_that_found_the_record_owed_owes_nothing():
    d = to_finish(Driver())
    key, clock = finish(d)
    d.power_off()
    d.boot()
    assert d.app.session.owed and d.app._history is None  # no idle poll yet
    d.pick("Resume game")
    d.press("LONG_BACK")
    s = d.app.session
    assert not s.game.ended and not s.owed
    d.tick(QUIET_MS + 10)
    assert kept(d) == []


@stepped
def test_a_snapshot_taken_while_the_record_is_owed_keeps_it_owed():
    d = to_finish(Driver())
    key, clock = finish(d)
    yield
    d.app.saves.start()  # the game as it is now: a whole snapshot, written in the next polls
    for t in range(clock[0], clock[0] + 100, 10):  # the hands still at the buttons
        d.app.tick(t)
    assert len(d.app.flash.work) == 1  # the record alone waits
    assert b'"owed":1' in RingLog(d.fs.rings["/data/game.ring"]).read(-1)[0]  # the snapshot record
    d.power_off()
    d.boot().tick(0)  # (the boot's idle polls load the game's modules, then make the history)
    yield
    d.tick(QUIET_MS + 10)
    assert [r["k"] for r in kept(d)] == [key] and not d.app.session.owed


def test_a_save_whose_owed_is_neither_0_nor_1_is_not_read():
    from app.games import Session
    d = to_finish(Driver())
    data = d.app.session.to_dict()
    assert "owed" not in data  # nothing owed: saved as the versions before it did
    for bad in (2, True, "1", None):
        data["owed"] = bad
        try:
            Session.from_dict(data)
        except ValueError:
            continue
        raise AssertionError("owed %r read" % (bad,))
