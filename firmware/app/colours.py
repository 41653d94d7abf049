"""Colours: the interface's palette indices, the player colours, and their RGB values.

Mono boards draw 0 (off) and 1 (lit); colour boards take a palette of 16
entries.  Players are named by their colour, so the name picker, the LED and
the colour squares all read from NAMES.  Boards receive PALETTE from
main.py as an argument; they never import the app.
"""
from micropython import const

BG = const(0)
FG = const(1)
ACCENT = const(2)
DIM = const(3)
_FIRST_PLAYER = const(4)
NEUTRAL = const(12)  # the title bar where nobody acts: no player's colour

NAMES = ("Red", "Blue", "Green", "Yellow", "Black", "White", "Purple", "Orange")

# palette index -> (r, g, b): 0..3 the interface, then one per name in NAMES
PALETTE = (
    (0, 0, 0), (255, 255, 255), (0, 70, 160), (150, 150, 150),
    (230, 40, 40), (60, 110, 255), (40, 190, 60), (250, 210, 0),
    (110, 110, 110), (235, 235, 235), (170, 60, 200), (255, 140, 0),
    (45, 45, 45),
)
# the player colours light enough that text on them is drawn in black
_LIGHT = (6, 7, 9, 11)


def ink_on(index):  # the text colour on a band of that colour: black on the light ones
    return BG if index in _LIGHT else FG


def colour_of(name):
    """Palette index of a player name from NAMES (the interface colour otherwise)."""
    return _FIRST_PLAYER + NAMES.index(name) if name in NAMES else FG
