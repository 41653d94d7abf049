"""Trainmaker's table and the polls: a poll draws a frame or works on the odds, never both
(a slice of the odds and a frame in one poll held the buttons' polls 30 ms apart)."""
from app.flash import DEFER, QUIET_MS
from app.trainmaker.draw import pct
from play_trainmaker import first_roll
from schaffner.trainmaker import solver
from support import stepped


@stepped
def test_a_poll_draws_a_frame_or_works_on_the_odds_never_both():
    d, g = first_roll(3)
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
    t.advance = lambda work: slices.append(now) or advance(work)
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
    d, g = first_roll(3)
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
