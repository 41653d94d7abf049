"""Der Taubertal-Express: the numbers the rules count with, and the check of a
number entered (game.py and actions.py share them)."""
from micropython import const

PASSES = const(7)
ROUNDS = const(3)
TILES_EACH = const(3)
TOP = const(1000)  # the pioneer track's top space, above any reached by steps
PER_CARRIAGE = const(2)  # workers per worker carriage
WORKERS = const(24)
CARRIAGES = const(12)  # worker carriages, and freight carriages, in the box
COAL_ROOM = const(8)
BIG_COAL_ROOM = const(10)
FREIGHT_ROOM = const(2)
TICKET_VP = const(3)
POWER_VP = const(3)
KIOSK_CUBES = const(3)


def whole_number(value, what):
    """value, if it is a whole number of at least 0; else ValueError naming it what."""
    if type(value) is not int:
        raise ValueError(what + " must be a whole number")
    if value < 0:
        raise ValueError(what + " cannot be negative")
    return value
