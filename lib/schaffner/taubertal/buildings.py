"""The 22 station buildings of the rulebook's last page, as data.

Each entry: (name, kind, cost, effect).  The id used in actions is the name in
lower case.  Names are spelt in ASCII (ae, oe, ue) because the device font has
no umlauts; an effect is at most 40 characters (two lines of a 128-px screen).

Cost: CUBES = light purple, paid with 3 action cubes; COINS = dark purple,
paid with the coins printed on the board, n-1 tiles of each in an n-player
game.  The rulebook names only Kantine and Polizeiposten as dark purple; the
rest of the split is our reading (docs/rules-decisions.md).
"""
from micropython import const

INSTANT = const(0)
LASTING = const(1)
END = const(2)
KIND_NAMES = ("instant", "lasting", "end of game")

CUBES = const(0)
COINS = const(1)
LIGHT_PRICE = const(3)  # action cubes for any light purple building

BUILDINGS = (
    ("Kiosk", INSTANT, COINS, "Take 3 action cubes now"),
    ("Kantine", INSTANT, COINS, "Take 1 worker now; paid at payday"),
    ("Polizeiposten", INSTANT, COINS, "Discard 1 ticket now, no penalty"),
    ("Kohlenlager", LASTING, COINS, "2 black cubes each round, not 1"),
    ("Bahnmeisterei", INSTANT, COINS, "Place any 1 carriage hall now"),
    ("Signalmeisterei", LASTING, COINS, "Out of cubes: +1 black cube"),
    ("Empfangshalle", END, COINS, "End: 1 VP per passenger delivered later"),
    ("Magazingebaeude", END, COINS, "End: 1 VP per own goods building"),
    ("Lokschuppen", END, COINS, "End: 3/2/1 VP per empty space of others"),
    ("Postamt", END, COINS, "End, scored last: 1 VP per 5 VP"),
    ("Elektrizitaetswerk", INSTANT, CUBES, "+3 VP now"),
    ("Zollamt", END, CUBES, "1 good here per sale; end: 1 VP each"),
    ("Lagerhaus", LASTING, CUBES, "1 freight carriage holds 3 goods"),
    ("Lackiererei", LASTING, CUBES, "Swap 2 black cubes for 1 coloured"),
    ("Stellwerk", LASTING, CUBES, "+1 black cube passing/ending in Lauda"),
    ("Wagenwerkstatt", LASTING, CUBES, "Coal carriage holds 10 cubes"),
    ("Umschlagplatz", LASTING, CUBES, "Once a round: 1 cube (not black)=1 coin"),
    ("Dienstwohnhaus", LASTING, CUBES, "Hired 2+: one is free at payday"),
    ("Gueterschuppen", LASTING, CUBES, "Goods onto the shed; 3 there: +4 VP"),
    ("Wagenmeisterei", END, CUBES, "End: 5 VP for halls in all 5 towns"),
    ("Bankhaus", LASTING, CUBES, "After 4 buildings: pay 1 coin less"),
    ("Wasserturm", END, CUBES, "End: 1 VP per 2 station buildings"),
)

IDS = tuple(b[0].lower() for b in BUILDINGS)
_INDEX = dict((IDS[i], i) for i in range(len(IDS)))  # the screens look names up for every frame


def find(bid):
    """Index of building id ``bid``; ValueError for anything else."""
    if isinstance(bid, str):
        i = _INDEX.get(bid)
        if i is not None:
            return i
        raise ValueError("Unknown building: " + bid[:20])
    raise ValueError("Unknown building")


def name(bid):
    return BUILDINGS[find(bid)][0]


def kind(bid):
    return BUILDINGS[find(bid)][1]


def cost(bid):
    return BUILDINGS[find(bid)][2]


def effect(bid):
    return BUILDINGS[find(bid)][3]
