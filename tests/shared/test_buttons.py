"""The debouncer: bouncy contacts, long presses, a button held at boot, ticks that wrap.

Samples every 10 ms as the main loop does; debounce 30 ms, long press 700 ms.
Times go through the driver's ticks_add, so near the wrap they are the real ticks
values of the runtime the test runs on.
"""
import micropython

from app.events import BACK, DOWN, LONG, OK, UP
from drivers.buttons import Debouncer, ticks_add, ticks_diff
from support import raises

_UP = 1 << UP
_DOWN = 1 << DOWN
_OK = 1 << OK
_BACK = 1 << BACK


def _events(mask):
    return [e for e in range(8) if mask >> e & 1]


class Rig:
    """A debouncer with a clock: ``hold(raw, ms)`` samples raw every 10 ms for ms."""

    def __init__(self, start=0):
        self.deb = Debouncer(4, debounce_ms=30, long_ms=700)
        self.t = start
        self.log = []  # (ms since start, event)
        self.start = start

    def hold(self, raw, ms):
        for _ in range(ms // 10):
            for e in _events(self.deb.update(raw, self.t)):
                self.log.append((ticks_diff(self.t, self.start), e))
            self.t = ticks_add(self.t, 10)

    def bounce(self, pattern, raw):
        """One sample per entry, 1 ms apart: bit set -> raw, else 0."""
        for on in pattern:
            for e in _events(self.deb.update(raw if on else 0, self.t)):
                self.log.append((ticks_diff(self.t, self.start), e))
            self.t = ticks_add(self.t, 1)


def _booted(start=0):
    rig = Rig(start)
    rig.hold(0, 50)
    return rig


def test_clean_short_press_fires_once_on_release():
    rig = _booted()
    rig.hold(_OK, 200)  # pressed at 50, stable from 80
    assert rig.log == []
    rig.hold(0, 100)  # released at 250; accepted 30 ms later, at 280
    assert rig.log == [(280, OK)]


def test_bouncy_press_and_release_give_one_event():
    rig = _booted()
    rig.bounce((1, 0, 1, 1, 0, 1, 0, 1), _UP)  # 50..57 ms, settles pressed at 57
    rig.hold(_UP, 100)  # 58..157
    rig.bounce((0, 1, 0, 0, 1, 0), _UP)  # 158..163, settles released at 163
    rig.hold(0, 100)  # 164, 174, 184, 194: 194 - 163 = 31 >= 30
    assert rig.log == [(194, UP)]


def test_glitch_shorter_than_debounce_is_ignored():
    rig = _booted()
    rig.hold(_DOWN, 20)  # two samples: 50 and 60, then gone before 30 ms
    rig.hold(0, 200)
    rig.bounce((1, 0, 1, 0), _DOWN)
    rig.hold(0, 100)
    assert rig.log == []


def test_long_press_fires_while_held_and_release_adds_nothing():
    rig = _booted()
    rig.hold(_BACK, 1000)  # pressed from 50: 50 + 700 = 750 is the first long sample
    assert rig.log == [(750, BACK | LONG)]
    rig.hold(0, 100)
    assert rig.log == [(750, BACK | LONG)]


def test_press_just_under_long_is_short():
    rig = _booted()
    rig.hold(_OK, 690)  # 50..730: last sample 730, held 680 ms < 700
    rig.hold(0, 100)
    assert rig.log == [(770, OK)]  # released at 740, accepted at 770


def test_held_at_boot_counts_only_after_release_and_new_press():
    rig = Rig()
    rig.hold(_OK, 2000)  # finger on OK through the reset: no short, no long
    rig.hold(0, 100)  # released at 2000: still nothing
    assert rig.log == []
    rig.hold(_OK, 100)  # pressed again at 2100
    rig.hold(0, 100)  # released at 2200, accepted at 2230
    assert rig.log == [(2230, OK)]


def test_other_buttons_work_while_one_is_held_from_boot():
    rig = Rig()
    rig.hold(_BACK, 100)
    rig.hold(_BACK | _UP, 100)  # UP pressed at 100
    rig.hold(_BACK, 100)  # UP released at 200, accepted at 230
    assert rig.log == [(230, UP)]


def test_two_buttons_released_together_give_both_events_in_one_sample():
    deb = Debouncer()
    deb.update(0, 0)
    for t in range(10, 200, 10):
        assert deb.update(_UP | _DOWN, t) == 0
    masks = [deb.update(0, t) for t in range(200, 300, 10)]
    # released at 200, accepted at 230: bits UP and DOWN in that one sample
    assert masks == [0, 0, 0, (1 << UP) | (1 << DOWN), 0, 0, 0, 0, 0, 0]


def test_short_press_across_the_tick_wrap():
    start = ticks_add(0, -100)  # 100 ms before the ticks counter wraps to 0
    rig = _booted(start)
    rig.hold(_OK, 200)  # pressed at start+50, released at start+250 (past the wrap)
    rig.hold(0, 100)
    assert rig.log == [(280, OK)]


def test_long_press_across_the_tick_wrap():
    start = ticks_add(0, -400)
    rig = _booted(start)
    rig.hold(_DOWN, 1000)  # the wrap falls 350 ms into the hold
    rig.hold(0, 100)
    assert rig.log == [(750, DOWN | LONG)]


def test_ticks_diff_is_signed_across_the_wrap():
    late = ticks_add(0, -5)
    assert ticks_diff(ticks_add(late, 10), late) == 10
    assert ticks_diff(late, ticks_add(late, 10)) == -10


def test_event_bits_are_the_app_events():
    # bit e of the mask is event e: a long OK is bit OK | LONG = 6
    assert LONG == 4 and OK | LONG == 6
    rig = _booted()
    rig.hold(_OK, 800)
    assert rig.log == [(750, 6)]


def test_update_allocates_nothing():
    lock = getattr(micropython, "heap_lock", None)
    if lock is None:  # CPython: no heap to lock
        return
    deb = Debouncer()
    deb.update(0, 0)
    t = 10
    seen = 0
    script = (_OK, _OK, _OK, _OK, 0, 0, 0, 0, _BACK)  # built before the lock: a tuple allocates
    micropython.heap_lock()
    try:
        for raw in script:
            for _ in range(80):
                seen |= deb.update(raw, t)
                t += 10
    finally:
        micropython.heap_unlock()
    assert seen == (1 << (OK | LONG)) | (1 << (BACK | LONG))  # both held past 700 ms


def test_more_buttons_than_events_allow_is_rejected():
    raises(ValueError, Debouncer, 5)


class _Pin:
    def __init__(self, level):
        self.level = level

    def value(self):
        return self.level


def test_held_reads_pins_pulled_low():
    from drivers.buttons import held
    assert held((_Pin(1), _Pin(0), _Pin(1), _Pin(0))) == 0b1010
    assert held((_Pin(1),) * 4) == 0
