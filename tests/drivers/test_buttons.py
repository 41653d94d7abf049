"""The debouncer: bouncy contacts, long presses, a button held at boot, ticks that wrap.

Samples every 10 ms, as the main loop does while a button is down; debounce 30 ms,
long press 700 ms.
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
    rig.hold(0, 100)  # released at 250: the first sample that sees it let go
    assert rig.log == [(250, OK)]


def test_bouncy_press_and_release_give_one_event():
    rig = _booted()
    rig.bounce((1, 0, 1, 1, 0, 1, 0, 1), _UP)  # 50..57 ms, settles pressed at 57
    rig.hold(_UP, 100)  # 58..157
    rig.bounce((0, 1, 0, 0, 1, 0), _UP)  # 158..163: let go at 158, then the contact bounces
    rig.hold(0, 100)
    assert rig.log == [(158, UP)]


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
    assert rig.log == [(740, OK)]  # released at 740


def test_held_at_boot_counts_only_after_release_and_new_press():
    rig = Rig()
    rig.hold(_OK, 2000)  # finger on OK through the reset: no short, no long
    rig.hold(0, 100)  # released at 2000: still nothing
    assert rig.log == []
    rig.hold(_OK, 100)  # pressed again at 2100
    rig.hold(0, 100)  # released at 2200
    assert rig.log == [(2200, OK)]


def test_other_buttons_work_while_one_is_held_from_boot():
    rig = Rig()
    rig.hold(_BACK, 100)
    rig.hold(_BACK | _UP, 100)  # UP pressed at 100
    rig.hold(_BACK, 100)  # UP released at 200
    assert rig.log == [(200, UP)]


def test_two_buttons_released_together_give_both_events_in_one_sample():
    deb = Debouncer()
    deb.update(0, 0)
    for t in range(10, 200, 10):
        assert deb.update(_UP | _DOWN, t) == 0
    masks = [deb.update(0, t) for t in range(200, 300, 10)]
    # released at 200: bits UP and DOWN in that one sample
    assert masks == [(1 << UP) | (1 << DOWN), 0, 0, 0, 0, 0, 0, 0, 0, 0]


def test_a_bounce_after_a_release_is_no_new_press():
    rig = _booted()
    rig.hold(_OK, 100)  # 50..140
    rig.bounce((0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0), _OK)  # let go at 150, chatter to 160
    rig.hold(0, 200)
    assert rig.log == [(150, OK)]


def test_two_buttons_held_together_give_one_long_press():
    rig = _booted()
    rig.hold(_UP | _BACK, 1000)  # both from 50: both would be long at 750
    rig.hold(0, 100)
    assert rig.log == [(750, UP | LONG)]


def test_a_button_held_when_another_turns_long_gives_nothing():
    rig = _booted()
    rig.hold(_BACK, 300)  # BACK from 50
    rig.hold(_BACK | _UP, 1000)  # UP from 350: BACK long at 750, UP would be at 1050
    rig.hold(_UP, 500)  # BACK let go, UP still held
    rig.hold(0, 100)  # UP let go: no short press either
    assert rig.log == [(750, BACK | LONG)]
    rig.hold(_UP, 100)  # pressed again: a press of its own
    rig.hold(0, 50)
    assert rig.log == [(750, BACK | LONG), (2050, UP)]


def test_a_press_rolled_onto_the_next_button_gives_both():
    rig = _booted()
    rig.hold(_DOWN, 100)  # DOWN from 50
    rig.hold(_DOWN | _OK, 40)  # OK from 150, before DOWN is let go
    rig.hold(_OK, 100)  # DOWN let go at 190
    rig.hold(0, 50)  # OK let go at 290
    assert rig.log == [(190, DOWN), (290, OK)]


def test_due_says_when_the_next_long_press_comes():
    rig = _booted()
    assert rig.deb.due_ms(rig.t) == -1  # nothing held
    rig.hold(_OK, 100)  # from 50, settled
    assert rig.deb.due_ms(150) == 600
    assert rig.deb.due_ms(800) == 0  # late: due now
    rig.hold(_OK, 700)  # turned long at 750
    assert rig.deb.due_ms(rig.t) == -1  # its long press is spent


def test_short_press_across_the_tick_wrap():
    start = ticks_add(0, -100)  # 100 ms before the ticks counter wraps to 0
    rig = _booted(start)
    rig.hold(_OK, 200)  # pressed at start+50, released at start+250 (past the wrap)
    rig.hold(0, 100)
    assert rig.log == [(250, OK)]


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


class _IrqPin(_Pin):
    """A button's pin with an interrupt: set() changes its level and runs the handler,
    as the RP2040 does at the edge."""
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self):
        _Pin.__init__(self, 1)
        self.handler = None
        self.trigger = 0

    def irq(self, handler=None, trigger=0, hard=False):
        assert hard  # a soft handler would wait for the busy loop it is meant to see past
        self.handler = handler
        self.trigger = trigger

    def set(self, level):
        self.level = level
        self.handler(self)


class _Clock:
    """A clock set by hand; read() is the function Edges calls (as time.ticks_ms)."""

    def __init__(self):
        self.t = 0
        now = self

        def read():
            return now.t

        self.read = read


class EdgeRig:
    """Four pins with interrupts, their Edges and a debouncer given them; the loop
    samples when poll() is called, edges happen at any time between."""

    def __init__(self):
        from drivers.buttons import Edges
        self.pins = [_IrqPin() for _ in range(4)]
        self.clock = _Clock()
        self.edges = Edges(self.pins, self.clock.read)
        self.deb = Debouncer(4, debounce_ms=30, long_ms=700, edges=self.edges)
        self.log = []
        self.poll(0)

    def at(self, t, button, level):
        self.clock.t = t
        self.pins[button].set(level)

    def poll(self, t):
        self.clock.t = t
        raw = 0
        for i in range(4):
            if not self.pins[i].level:
                raw |= 1 << i
        for e in _events(self.deb.update(raw, t)):
            self.log.append((t, e))

    def polls(self, start, end):
        for t in range(start, end, 10):
            self.poll(t)


def test_edges_ask_for_a_hard_interrupt_on_both_edges():
    rig = EdgeRig()
    assert all(p.trigger == _IrqPin.IRQ_FALLING | _IrqPin.IRQ_RISING for p in rig.pins)


def test_a_press_between_two_samples_of_a_busy_loop_counts():
    rig = EdgeRig()
    rig.polls(10, 100)
    rig.at(105, OK, 0)  # the loop is busy from 100 to 250 (a module loading)
    rig.at(185, OK, 1)
    rig.poll(250)
    assert rig.log == [(250, OK)]
    rig.polls(260, 400)
    assert rig.log == [(250, OK)]  # and once only


def test_a_bouncy_press_between_two_samples_counts_once_from_its_first_contact():
    rig = EdgeRig()
    rig.polls(10, 100)
    for t, level in ((103, 0), (104, 1), (105, 0), (106, 1), (107, 0), (160, 1), (161, 0), (162, 1)):
        rig.at(t, BACK, level)
    rig.poll(200)
    assert rig.log == [(200, BACK)]


def test_a_glitch_between_two_samples_is_no_press():
    rig = EdgeRig()
    rig.polls(10, 100)
    rig.at(120, UP, 0)
    rig.at(121, UP, 1)  # 1 ms: noise, not a finger
    rig.polls(200, 400)
    assert rig.log == []


def test_a_press_begun_in_a_busy_poll_counts_from_its_edge():
    # seen by one sample only, 20 ms after the long poll: the edge says it began at 110
    rig = EdgeRig()
    rig.polls(10, 100)
    rig.at(110, DOWN, 0)
    rig.poll(180)
    rig.poll(190)
    rig.at(195, DOWN, 1)
    rig.polls(200, 300)
    assert rig.log == [(200, DOWN)]  # released at 200 by the samples


def test_a_press_one_sample_saw_begin_counts_when_let_go_in_a_busy_poll():
    # seen pressed at 100, unsettled, then the loop is busy until 250: released at 170
    rig = EdgeRig()
    rig.polls(10, 100)
    rig.at(95, OK, 0)
    rig.poll(100)
    rig.at(170, OK, 1)
    rig.poll(250)
    rig.polls(260, 400)
    assert rig.log == [(250, OK)]


def test_a_bounce_a_sample_catches_is_no_press():
    # a sample in the middle of a contact's chatter: pressed for 4 ms in all
    rig = EdgeRig()
    rig.polls(10, 100)
    rig.at(98, UP, 0)
    rig.poll(100)
    rig.at(102, UP, 1)
    rig.polls(110, 300)
    assert rig.log == []


def test_without_edges_that_press_is_lost():
    # the same presses through the samples alone: why the boards catch edges
    rig = Rig()
    rig.hold(0, 100)
    rig.deb.update(_DOWN, 180)  # the first sample after a busy poll
    rig.deb.update(_DOWN, 190)
    rig.t = 200
    rig.hold(0, 100)
    assert rig.log == []


def test_a_long_hold_between_two_samples_is_a_long_press():
    rig = EdgeRig()
    rig.polls(10, 100)
    rig.at(100, OK, 0)
    rig.at(850, OK, 1)
    rig.poll(900)
    assert rig.log == [(900, OK | LONG)]


def test_edges_from_before_the_first_sample_are_ignored():
    from drivers.buttons import Edges
    pins = [_IrqPin() for _ in range(4)]
    clock = _Clock()
    edges = Edges(pins, clock.read)
    clock.t = 5
    pins[OK].set(0)
    clock.t = 60
    pins[OK].set(1)  # a press during the boot, before the loop ran
    deb = Debouncer(edges=edges)
    seen = deb.update(0, 100) | deb.update(0, 110) | deb.update(0, 120)
    assert seen == 0


def test_a_press_the_samples_saw_is_not_counted_again_from_its_edges():
    rig = EdgeRig()
    rig.polls(10, 100)
    rig.at(101, UP, 0)
    rig.polls(110, 200)
    rig.at(201, UP, 1)
    rig.polls(210, 300)
    assert rig.log == [(210, UP)]  # released at 201, seen at 210


def test_edges_for_another_number_of_buttons_are_rejected():
    from drivers.buttons import Edges
    edges = Edges([_IrqPin() for _ in range(3)], _Clock().read)
    raises(ValueError, Debouncer, 4, 30, 700, edges)


def test_the_edge_handler_and_the_debouncer_allocate_nothing():
    lock = getattr(micropython, "heap_lock", None)
    if lock is None:  # CPython: no heap to lock
        return
    rig = EdgeRig()
    pin = rig.pins[OK]
    handler = pin.handler
    clock = rig.clock
    deb = rig.deb
    seen = 0
    micropython.heap_lock()
    try:
        for t in range(50, 2000, 50):  # a loop busy 50 ms a poll
            if t % 500 == 100:  # pressed 40 ms between two samples, which never see it
                clock.t = t - 45
                pin.level = 0
                handler(pin)
                clock.t = t - 5
                pin.level = 1
                handler(pin)
            seen |= deb.update(0, t)
    finally:
        micropython.heap_unlock()
    assert seen == 1 << OK


def test_every_edge_marks_the_pins_moved_until_the_loop_clears_the_mark():
    rig = EdgeRig()
    moved = rig.deb.moved
    rig.polls(10, 100)
    moved[0] = 0  # the loop, before its sample
    rig.poll(100)
    assert not moved[0]
    rig.at(101, OK, 0)
    assert moved[0]  # the loop's sleep ends: a pin changed
    moved[0] = 0
    rig.poll(102)
    rig.polls(110, 200)
    moved[0] = 0
    rig.poll(200)  # sampled with OK still held ...
    rig.at(201, OK, 1)  # ... let go right after: the mark stays for the loop's wait to see
    assert moved[0] and rig.log == []
    moved[0] = 0
    rig.poll(202)  # the release, taken in the poll the edge woke
    assert rig.log == [(202, OK)] and not moved[0]
    assert not Debouncer().moved[0]  # no edges: nothing ever marks it
