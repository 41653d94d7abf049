"""Button debouncer: raw pressed-bitmask samples in, the app's button events out.

A pure state machine: ``update(raw, now_ms)`` is fed by the main loop (or a test) and
never reads pins or clocks itself. Bit i of ``raw`` is logical button i (app/events.py:
UP=0, DOWN=1, OK=2, BACK=3); an event is that number, or number | LONG for a long press.
``update`` returns the sample's events as a bitmask with bit e set for event e (LONG is
4, so the eight events 0..7 map to bits 0..7): a small int, nothing allocated.

A press counts once it has been held ``debounce_ms``. Its short press fires on the
first sample that sees it let go (only then is it known not to be long): a contact that
has settled closed bounces only after it opens, and a bounce is too short to count as a
new press, so the release needs no wait of its own. Long press fires while the button
is still held, the moment it has been held ``long_ms``: the screen reacts under the
finger, so the player knows when to let go instead of guessing, and the release that
follows sends nothing. Buttons held together give one long press, never two: when one
fires, every other button held then is ignored until let go.

Samples alone miss a press that begins and ends between two of them, and time a press
that began before one from the sample that saw it. Where the board catches its pins'
edges by interrupt (``Edges``), the debouncer is given them: a press held at least
``debounce_ms`` counts even if no sample saw it, and a press counts from the moment it
began, so no press is lost while the loop is busy (a flash erase, a module loading).
"""

from array import array

from micropython import const

_LONG = const(4)  # app/events.py LONG; copied so the driver needs nothing from the app
_TICKS_PERIOD = const(1 << 30)  # MicroPython's ticks_ms wrap on 32-bit ports
_TICKS_HALF = const(1 << 29)

try:
    from time import ticks_add, ticks_diff, ticks_ms
except ImportError:  # CPython (tests, simulator): the same modular arithmetic
    from time import monotonic_ns  # type: ignore[attr-defined]  # CPython only

    def ticks_ms():  # type: ignore[misc]
        """Milliseconds wrapping at 2**30, as time.ticks_ms."""
        return monotonic_ns() // 1_000_000 % _TICKS_PERIOD

    def ticks_diff(a, b):  # type: ignore[misc]
        """Signed a - b for ticks that wrap at 2**30, as time.ticks_diff."""
        return ((a - b + _TICKS_HALF) % _TICKS_PERIOD) - _TICKS_HALF

    def ticks_add(a, delta):  # type: ignore[misc]
        """a + delta wrapped to 0 .. 2**30 - 1, as time.ticks_add."""
        return (a + delta) % _TICKS_PERIOD


class Debouncer:
    """Debounce ``count`` buttons sampled as a bitmask; see the module docstring.

    debounce_ms: how long a raw level must stay unchanged before it counts (contact
    bounce of tactile switches is typically under 10 ms). long_ms: hold time for a long
    press, in milliseconds. edges: the board's Edges for these buttons, or None.
    """

    def __init__(self, count=4, debounce_ms=30, long_ms=700, edges=None):
        if not 0 < count <= _LONG:
            raise ValueError("1 to 4 buttons")
        if edges is not None and len(edges.down) != count:
            raise ValueError("edges for another number of buttons")
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self._count = count
        self._edges = edges
        self._last_at = 0  # when the previous sample was taken
        self._stable = 0  # debounced pressed bits
        self._last_raw = 0  # raw bits at the previous sample
        self._blocked = 0  # pressed bits that must be released before they count again
        self._started = False
        self._since = [0] * count  # when each raw bit last changed
        # moved[0]: 1 once a pin has changed since the loop set it to 0, before it took
        # its sample (the edges' own flag, set by their interrupt; never set without them)
        self.moved = edges.moved if edges is not None else bytearray(1)
        self._pressed_at = [0] * count  # when each stable press began

    def update(self, raw, now_ms):
        """Take one sample; return the bitmask of events it completes (0 almost always)."""
        if not self._started:
            # Whatever is held at boot (a button leaning on the case, a finger still on
            # it from the reset) is ignored until it has been released.
            self._started = True
            self._stable = raw
            self._last_raw = raw
            self._blocked = raw
            self._last_at = now_ms
            if self._edges is not None:
                self._edges.took()  # edges from before the start are the boot's
            return 0
        events = 0
        changed = raw ^ self._last_raw
        self._last_raw = raw
        edges = self._edges
        fell = 0
        gap = ticks_diff(now_ms, self._last_at)
        self._last_at = now_ms
        if edges is not None:
            fell = edges.took()
        if not (changed | fell | raw | self._stable | self._blocked):
            return 0  # nothing held, let go or caught (most polls): the loop would find nothing
        for i in range(self._count):
            bit = 1 << i
            if edges is not None and not (raw | self._stable | self._blocked) & bit:
                if changed & bit:  # let go before the samples had it settled
                    events |= self._caught(i, self._since[i], now_ms, gap)
                elif fell & bit:  # pressed and let go between two samples
                    down = edges.down[i]
                    if 0 <= ticks_diff(now_ms, down) <= gap:
                        events |= self._caught(i, down, now_ms, gap)
            if changed & bit:
                self._since[i] = now_ms
                if fell & raw & bit and 0 <= ticks_diff(now_ms, edges.down[i]) <= gap:
                    self._since[i] = edges.down[i]  # pressed while the loop was busy
            if (raw ^ self._stable) & bit:
                if self._stable & bit or ticks_diff(now_ms, self._since[i]) >= self.debounce_ms:
                    events |= self._settle(i, bit, raw & bit)
            elif raw & bit and not self._blocked & bit:
                if ticks_diff(now_ms, self._pressed_at[i]) >= self.long_ms:
                    events |= 1 << (i | _LONG)
                    # its release adds no short press, and no other held button adds anything
                    self._blocked |= raw | self._stable
        return events

    def down(self):
        """Whether any button is down or settling (the loop then samples every poll)."""
        return (self._last_raw | self._stable | self._blocked) != 0

    def due_ms(self, now_ms):
        """Milliseconds until a held button's long press is due (0: now), or -1 if none is."""
        held = self._stable & ~self._blocked
        if not held:
            return -1
        due = -1
        for i in range(self._count):
            if held >> i & 1:
                left = max(0, self.long_ms - ticks_diff(now_ms, self._pressed_at[i]))
                if due < 0 or left < due:
                    due = left
        return due

    def _caught(self, i, down, now_ms, gap):
        """Event bits for a press of button i from down to its last release edge, if
        that came since the last sample and the press lasted long enough to be a
        finger, not noise."""
        up = self._edges.up[i]
        held_ms = ticks_diff(up, down)
        if not 0 <= ticks_diff(now_ms, up) <= gap or held_ms < self.debounce_ms:
            return 0
        return 1 << (i | _LONG) if held_ms >= self.long_ms else 1 << i

    def _settle(self, i, bit, pressed):
        """Accept a debounced edge of button i; return its event bits."""
        if pressed:
            self._stable |= bit
            self._pressed_at[i] = self._since[i]
            return 0
        self._stable &= ~bit
        if self._blocked & bit:
            self._blocked &= ~bit
            return 0
        return 1 << i


class Edges:
    """The buttons' edges, caught by a hard pin interrupt as they happen.

    pins: the buttons' machine.Pin objects (to ground, with pull-ups), in event
    order; clock: a ticks_ms (a test's own); groups: None, or for each pin the button
    it is part of (bytes), where a button is several keys (a joystick's press and a key
    beside it both OK): pressed while any of them is. For each button, ``down[i]`` is
    when it was first pressed since the debouncer last looked (took()), ``up[i]`` when
    it was last let go. The interrupt handlers allocate nothing, as a hard interrupt
    requires.
    """

    def __init__(self, pins, clock=ticks_ms, groups=None):
        self._single = groups is None  # a pin a button: its own level is the button's
        self._groups = bytes(range(len(pins))) if groups is None else bytes(groups)
        n = max(self._groups) + 1
        self.down = array("i", [0] * n)
        self.up = array("i", [0] * n)
        self.moved = bytearray(1)  # set to 1 by every edge; the main loop clears it (Debouncer.moved)
        self._presses = bytearray(n)  # press edges counted by the handlers, modulo 256
        self._seen = bytearray(n)  # the counts at the last took()
        self._n = n
        self._pins = tuple(pins)
        self._clock = clock
        # a bound method: calling a closure over this many variables would allocate
        handler = self._edge
        for pin in pins:
            pin.irq(handler=handler, trigger=pin.IRQ_FALLING | pin.IRQ_RISING, hard=True)

    def _edge(self, pin):
        """The interrupt handler, given the pin whose level changed."""
        t = self._clock()
        self.moved[0] = 1
        pins = self._pins
        groups = self._groups
        for j in range(len(pins)):
            if pins[j] is pin:
                i = groups[j]
                up = pin.value()
                if not self._single:  # up once none of the button's keys is held
                    for k in range(len(pins)):
                        if groups[k] == i and not pins[k].value():
                            up = 0
                            break
                if up:
                    self.up[i] = t
                else:
                    presses = self._presses
                    if presses[i] == self._seen[i]:
                        self.down[i] = t  # the first press edge since took(): bounces come after it
                    presses[i] = (presses[i] + 1) & 0xFF
                return

    def took(self):
        """Bitmask of the buttons pressed at least once since the last call."""
        presses = self._presses
        seen = self._seen
        if presses == seen:
            return 0
        bits = 0
        for i in range(self._n):
            c = presses[i]
            if c != seen[i]:
                seen[i] = c
                bits |= 1 << i
        return bits


def held(pins, groups=None):
    """Bitmask of the buttons held now: buttons to ground with pull-ups, bit i = pins[i]
    pulled low, or with groups (as Edges) bit groups[i]."""
    raw = 0
    for i in range(len(pins)):
        if not pins[i].value():
            raw |= 1 << (i if groups is None else groups[i])
    return raw
