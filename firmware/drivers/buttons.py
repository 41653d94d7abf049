"""Button debouncer: raw pressed-bitmask samples in, the app's button events out.

A pure state machine: ``update(raw, now_ms)`` is fed by the main loop (or a test) and
never reads pins or clocks itself. Bit i of ``raw`` is logical button i (app/events.py:
UP=0, DOWN=1, OK=2, BACK=3); an event is that number, or number | LONG for a long press.
``update`` returns the sample's events as a bitmask with bit e set for event e (LONG is
4, so the eight events 0..7 map to bits 0..7): a small int, nothing allocated.

Short press fires on release (only then is it known not to be long). Long press fires
while the button is still held, the moment it has been held ``long_ms``: the screen
reacts under the finger, so the player knows when to let go instead of guessing, and
the release that follows sends nothing.
"""

from micropython import const

_LONG = const(4)  # app/events.py LONG; copied so the driver needs nothing from the app
_TICKS_PERIOD = const(1 << 30)  # MicroPython's ticks_ms wrap on 32-bit ports
_TICKS_HALF = const(1 << 29)

try:
    from time import ticks_add, ticks_diff
except ImportError:  # CPython (tests, simulator): the same modular arithmetic

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
    press, in milliseconds.
    """

    def __init__(self, count=4, debounce_ms=30, long_ms=700):
        if not 0 < count <= _LONG:
            raise ValueError("1 to 4 buttons")
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self._count = count
        self._stable = 0  # debounced pressed bits
        self._last_raw = 0  # raw bits at the previous sample
        self._blocked = 0  # pressed bits that must be released before they count again
        self._started = False
        self._since = [0] * count  # when each raw bit last changed
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
            return 0
        events = 0
        changed = raw ^ self._last_raw
        self._last_raw = raw
        for i in range(self._count):
            bit = 1 << i
            if changed & bit:
                self._since[i] = now_ms
            if (raw ^ self._stable) & bit:
                if ticks_diff(now_ms, self._since[i]) >= self.debounce_ms:
                    events |= self._settle(i, bit, raw & bit)
            elif raw & bit and not self._blocked & bit:
                if ticks_diff(now_ms, self._pressed_at[i]) >= self.long_ms:
                    events |= 1 << (i | _LONG)
                    self._blocked |= bit  # its release must not add a short press
        return events

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


def held(pins):
    """Bitmask of the pins pulled low now: buttons to ground with pull-ups, bit i = pins[i]."""
    raw = 0
    for i in range(len(pins)):
        if not pins[i].value():
            raw |= 1 << i
    return raw
