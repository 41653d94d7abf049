"""Flash work and the hands: what has waited long goes at the first pause of AFTER_MS, or
after LAST_MS when the hands never pause; SOON work waits for the hands alone."""

from app.flash import AFTER_MS, DEFER, LAST_MS, MAX_WAIT_MS, NOW, QUIET_MS, RECORD, SOON, FlashQueue
from appdriver import Driver
from memfiles import MemFiles
from game_box import Box, nearly_full as _nearly_full, poll as _poll, press as _press, ring_of as _ring


def _pressed_until_due(box, t):
    """Presses every 100 ms from t until the log's fold is queued: when it came due."""
    while box.save.folding is None:
        t = _press_and_poll(box, t, 100)
    return t


def _press_and_poll(box, t, every):
    """A press at t + every, then a poll every 10 ms until the next: the next press's time."""
    t += every
    _press(box, t, t)
    for dt in range(10, every, 10):
        _poll(box, t + dt)
    return t


def _test_work_past_its_wait_goes_at_the_first_pause_of_after_ms():
    fs = MemFiles()
    box = Box(fs, every=3).new().add(1, 2)
    gen = box.save.gen
    _poll(box, 1000)
    t = begun = _pressed_until_due(box, 1000)  # the fold came due
    while t - begun < MAX_WAIT_MS + 1000:  # presses every 200 ms: the hands never leave
        t = _press_and_poll(box, t, 200)
        yield
    assert box.save.gen == gen  # the fold waits on
    assert box.reboot().tally.items == box.tally.items  # every press on flash meanwhile
    for t in range(t + 10, t + AFTER_MS, 10):  # past its wait, a pause of AFTER_MS is enough
        _poll(box, t)
    assert box.queue.pending() and box.save.gen == gen
    while box.queue.pending():
        _poll(box, t + 10)
    assert box.save.gen == gen + 1
    assert box.reboot().tally.items == box.tally.items


def test_work_past_its_wait_goes_at_the_first_pause_of_after_ms():
    return _test_work_past_its_wait_goes_at_the_first_pause_of_after_ms()


def _test_deferred_work_goes_after_last_ms_even_when_the_hands_never_pause():
    fs = MemFiles()
    box = Box(fs, every=3).new().add(1, 2)
    gen = box.save.gen
    _poll(box, 1000)
    t = begun = _pressed_until_due(box, 1000)
    yield
    while box.save.gen == gen:  # presses every 200 ms, for ever
        t = _press_and_poll(box, t, 200)
        assert t - begun <= LAST_MS + 400, "waited past the bound"
        yield
    assert t - begun >= LAST_MS - 200
    box.queue.finish()
    assert box.reboot().tally.items == box.tally.items


def test_deferred_work_goes_after_last_ms_even_when_the_hands_never_pause():
    return _test_deferred_work_goes_after_last_ms_even_when_the_hands_never_pause()


def test_work_soon_waits_only_for_the_hands_to_leave_and_late_work_too():
    q = FlashQueue()
    q.touch(1000)
    q.add(iter(()), kind=SOON)  # a new gadget's log blocks
    assert q.wait_ms(1010) == AFTER_MS - 10 and q.wait_ms(1000 + AFTER_MS) == 0
    q = FlashQueue()
    q.due(False, 0)
    q.add(iter(()), kind=DEFER)  # queued at 0
    q.touch(MAX_WAIT_MS - 100)
    assert q.wait_ms(MAX_WAIT_MS - 90) == AFTER_MS - 10  # late: the hands' AFTER_MS, not QUIET_MS
    q.touch(100)
    assert q.wait_ms(200) == QUIET_MS - 100  # not late yet: QUIET_MS, sooner than its wait's end
    assert q.wait_ms(MAX_WAIT_MS + 90) == 0


def test_a_boot_erases_the_next_block_of_the_log_at_the_hands_first_pause():
    box = _nearly_full(MemFiles()).reboot()  # which block was erased ahead is not on flash
    ring = _ring(box.fs)
    erases = ring.erases
    q = box.queue
    q.due(False, 1000)
    q.touch(1000)
    assert q.wait_ms(1000 + AFTER_MS - 1) == 1 and not q.due(False, 1000 + AFTER_MS - 1)
    while q.due(False, 1000 + AFTER_MS):
        q.step(False)
    assert ring.erases == erases + 1 and not q.pending()
    box.tally.items.append(["next", "x" * 100])
    box.save.add(["next", "x" * 100])
    q.finish()  # the record into the block erased: no erase near the hands
    assert ring.erases == erases + 1


def test_deferred_work_waits_for_the_screens_own_work_and_no_longer_than_max_wait_ms():
    q = FlashQueue()
    steps = []

    def work(name):
        steps.append(name)
        yield

    q.add(work("snapshot"), DEFER)
    q.due(True, 0)  # the press that queued it
    assert not q.due(False, QUIET_MS + 10, busy=True)  # the hands left; the odds are being worked out
    assert q.due(False, QUIET_MS + 10)  # the odds known: it goes
    assert q.due(False, MAX_WAIT_MS, busy=True)  # waited long enough: goes beside the odds too
    q.add(work("ahead"), SOON)
    q.work.pop(0)
    assert q.due(False, MAX_WAIT_MS + AFTER_MS, busy=True)  # SOON work waits for the hands alone
    assert steps == []  # due() only says; step() does


def test_work_of_the_polls_after_a_press_waits_while_a_button_is_held_unless_a_record_is_behind_it():
    # a snapshot hastened once its text was taken (app.game_save), the history's writing: a
    # finger that comes down meanwhile has the rest wait for its release
    q = FlashQueue()
    steps = []

    def work(name, n):
        for k in range(n):
            steps.append("%s %d" % (name, k))
            yield

    q.add(work("snapshot", 3), NOW)
    q.due(False, 0)
    q.step()
    q.touch(10, held=True)  # a finger on a button
    assert not q.due(False, 20) and not q.busy
    assert steps == ["snapshot 0"]
    q.add(work("record", 1), RECORD)  # a long press made while held: its record must reach the flash
    assert q.due(False, 30)
    for _ in range(5):  # the snapshot's two steps left and its end, then the record's
        q.step()
    assert steps == ["snapshot 0", "snapshot 1", "snapshot 2", "record 0"]  # in order
    q.step()
    assert not q.pending()
    q.add(work("history", 2), NOW)
    assert not q.due(False, 40)  # held still
    q.finish()  # all of it now, as a game's end asks: held or not
    assert steps[-2:] == ["history 0", "history 1"]
    q.add(work("history", 1), NOW)
    q.touch(50)  # let go
    assert q.due(False, 60)


def test_the_hands_are_off_after_ms_past_a_release_and_never_while_a_button_is_held():
    q = FlashQueue()
    assert q.hands_off(0)  # they never came: a boot's preloads go at once
    q.touch(1000)
    assert not q.hands_off(1000 + AFTER_MS - 10) and q.hands_off(1000 + AFTER_MS)
    q.touch(5000, held=True)
    assert not q.hands_off(5000 + 10 * AFTER_MS)
    q.touch(8990)  # released
    q.due(True, 9000)  # a press the app took: the hands count from it
    assert not q.hands_off(9000 + AFTER_MS - 10) and q.hands_off(9000 + AFTER_MS)


def test_the_garbage_of_frames_time_drew_is_collected_once_the_hands_are_off():
    import app.app as module
    d = Driver()
    app = d.app
    t = 0
    while app.busy() or app.loading:  # the boot's work done
        t += 10
        app.tick(t)
    collected = []
    real = module.gc
    module.gc = Recorder(collected)
    try:
        app.flash.touch(t)  # a press, then a frame time drew (main.Device._show says so)
        app.litter = True
        for dt in range(10, AFTER_MS, 10):
            app.tick(t + dt)
        assert collected == [] and app.litter  # the hands may still be at the buttons
        app.tick(t + AFTER_MS)
        assert collected == [1] and not app.litter
        app.tick(t + AFTER_MS + 10)
        assert collected == [1]  # once
    finally:
        module.gc = real


class Recorder:
    """Stands in for the gc module: collect() counted."""

    def __init__(self, calls):
        self.calls = calls

    def collect(self):
        self.calls.append(1)


def test_the_small_saves_module_leaves_the_heap_once_its_saves_are_done_but_not_in_a_setup():
    # on either install: its import is a step of the saving's own (a make deploy install's
    # reads the flash, 9 ms), so no game holds it meanwhile
    import sys
    from app import forget
    for in_flash in (False, True):
        forget("app.small_saves")  # (as a boot finds it)
        d = Driver()
        d.app.code_in_flash = in_flash
        assert "app.small_saves" not in d.app.loading  # not preloaded
        d.app.flush()
        d.pick("Settings").pick("Sound")
        d.app.flush()
        assert "app.small_saves" not in sys.modules
        d.press("BACK", "BACK").pick("New game").pick("Trainmaker")
        d.app.flush()
        assert "app.small_saves" in sys.modules  # a setup's presses are saved one after another
        d.press("BACK", "BACK")  # the setup left: its presses saved as none
        d.app.flush()
        assert "app.small_saves" not in sys.modules
        assert d.app.small is not None  # its log, which the saves went to
