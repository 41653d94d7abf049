"""Trainmaker's table and the polls: a poll draws a frame or works on the odds, never both
(a slice of the odds and a frame in one poll held the buttons' polls 30 ms apart)."""
import gc

from app.flash import AFTER_MS, DEFER, QUIET_MS
from app.trainmaker.draw import pct
from play_trainmaker import first_roll_steps
from schaffner.trainmaker import solver
from support import stepped


@stepped
def test_a_poll_draws_a_frame_or_works_on_the_odds_never_both():
    d, g = yield from first_roll_steps(3)
    app = d.app
    t = app.top
    yield
    now = 10
    while t.odds(app, g) is None:
        assert app.tick(now) is False  # the slices, and the one that ends the odds, draw nothing
        now += 2
    assert app.busy()  # their frame is owed: the next poll comes at once
    assert app.tick(now) is True and not app.busy()
    app.render()
    d.shows("Card " + pct(solver.odds(g)[0]))
    yield
    d.press("UP", "OK")  # Roll: the tip is worked out while the dice tumble
    slices = []
    advance = t.advance
    t.advance = lambda *a: slices.append(now) or advance(*a)
    frames = 0
    while t._rolling():
        before = len(slices)
        if app.tick(now):
            frames += 1
            assert len(slices) == before  # the tumble's frame alone in its poll
        now += 2 if app.busy() else 10
    assert frames >= 5 and slices and t.odds(app, g) is not None


@stepped
def test_deferred_flash_work_waits_for_the_dice_to_stop():
    d, g = yield from first_roll_steps(3)
    app = d.app
    t = app.top
    yield
    d.press("UP", "OK")  # Roll
    app.tick(0)  # the press's poll
    done = []

    def work():
        done.append(True)
        yield

    app.later(work(), DEFER)
    now = 0
    while t._rolling():
        now += 10
        app.tick(now)
        assert not done  # past QUIET_MS too: flash work (an erase) would hold the tumble's frames
    assert now > QUIET_MS and not app.ticking()
    assert app.busy() and app.flash.wait_ms(now) == 0  # due now: the next poll comes at once
    app.tick(now + 10)
    assert done


@stepped
def test_a_slice_is_a_step_or_two_while_the_hands_may_be_at_the_buttons():
    # a collection landing in the slice's poll then still leaves it short (a make deploy
    # install's takes 10-14 ms: its code is in the heap)
    d, _ = yield from first_roll_steps(3)
    app = d.app
    t = app.top
    yield
    steps = []

    def work():
        while True:
            steps.append(True)
            yield 10

    app.flash.touch(1000)  # a press at 1000 ms, released at once
    for now, taken in ((1000, 2), (1000 + AFTER_MS - 1, 2), (1000 + AFTER_MS, 5)):
        del steps[:]
        assert t.advance(work(), app, now) == (False, None)
        assert len(steps) == taken
    app.flash.touch(5000, held=True)  # a button held down, however long ago it went down
    del steps[:]
    t.advance(work(), app, 5000 + 10 * AFTER_MS)
    assert len(steps) == 2

    def short():
        yield 10
        return 0.25

    assert t.advance(short(), app, 1000) == (True, 0.25)


@stepped
def test_a_poll_makes_no_garbage_while_the_odds_are_worked_out():
    # measured under MicroPython (CPython has no heap counter and measures 0): the bound
    # methods and the state's tuple a poll made were 65 bytes of garbage, and a collection
    # is 10-14 ms of a make deploy install's poll
    d, _ = yield from first_roll_steps(3)
    app = d.app
    t = app.top
    yield
    t.advance = lambda work, app, now: (False, None)  # the solver's own garbage left out
    app.tick(20)
    assert app.busy()
    before = gc.mem_alloc()
    for _ in range(100):
        app.tick(20)
        app.busy()
    assert gc.mem_alloc() - before < 1024  # 6.5 KB before
