"""Logical button events: a button number, with LONG added for a long press."""
from micropython import const

UP = const(0)
DOWN = const(1)
OK = const(2)
BACK = const(3)
LONG = const(4)

NAMES = ("UP", "DOWN", "OK", "BACK")


def name(event):
    """'OK' or 'long OK': for logs and the simulator."""
    base = NAMES[event & 3]
    return "long " + base if event & LONG else base


def parse(word):
    """'OK', 'ok', 'LONG_OK' or 'long-back' -> event int; ValueError otherwise."""
    w = word.strip().upper().replace("-", "_")
    long = w.startswith("LONG_")
    if long:
        w = w[5:]
    if w not in NAMES:
        raise ValueError("Unknown button %r" % word)
    return NAMES.index(w) | (LONG if long else 0)
