"""The fewest presses that type a name on the gadget's letter wheel (app.name_entry):
each character from the wheel's start, stepping one (UP/DOWN) or five (long UP/DOWN)
either way, then OK; at the end UP to Done, and OK."""
from app.name_entry import WHEEL

_N = len(WHEEL) + 1  # and Done


def _steps(i):
    # (presses, keys) to reach place i from place 0
    best = None
    for fwd in (True, False):
        d = i if fwd else (_N - i) % _N
        for longs in (d // 5, d // 5 + 1):
            ones = d - 5 * longs
            keys = ["LONG_" + ("DOWN" if fwd else "UP")] * longs
            keys += [("DOWN" if (fwd == (ones > 0)) else "UP")] * abs(ones)
            if best is None or len(keys) < len(best):
                best = keys
    return best


def presses(name):
    keys = []
    for c in name:
        keys += _steps(WHEEL.index(c.lower() if c not in "ÄÖÜ" else "äöü"["ÄÖÜ".index(c)]))
        keys.append("OK")
    return keys + ["UP", "OK"]
