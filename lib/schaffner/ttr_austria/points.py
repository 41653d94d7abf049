"""The variant's point values, the tourist-route rule and the ranking.

Numbers from the map variant's rulebook and the U.S. base game it builds on;
docs/rules-decisions.md says how open points are read.
"""
from micropython import const

# Route points by length, U.S. edition: index is the route's length in cars.
ROUTE_POINTS = b"\x00\x01\x02\x04\x07\x0a\x0f\x12\x15"
MAX_LENGTH = const(8)
TRAINS = const(45)  # train cars per player (U.S. base game)
TICKETS = const(56)  # destination cards in the Austria deck
MAX_VALUE = const(99)  # bound on an entered ticket value or penalty: catches typos
MIN_PLAYERS = const(2)
MAX_PLAYERS = const(5)

LONGEST_BONUS = const(10)
WEST_EAST_BONUS = const(10)
STATIONS = const(3)  # Europe-edition train stations per player
STATION_POINTS = const(4)  # per station not placed

# Taurachbahn and Schafbergbahn: one-car tourist routes off the network.
BAHNEN = ("Taurachbahn", "Schafbergbahn")
BAHN_TICKET = const(3)  # ticket value: +3 built with the ticket, -3 held but not built
BAHN_PENALTY = const(1)  # built without the ticket
# A player's state for each of them.
BAHN_NONE = const(0)
BAHN_DONE = const(1)  # holds the ticket and built the route: +3
BAHN_BUILT = const(2)  # built the route without the ticket: -1
BAHN_MISSED = const(3)  # holds the ticket, someone else built the route: -3
BAHN_POINTS = (0, BAHN_TICKET, -BAHN_PENALTY, -BAHN_TICKET)

# Destination tickets drawn and the least number to keep.
START_DRAW = const(6)
START_KEEP = const(3)
LATER_DRAW = const(4)
LATER_KEEP = const(1)
DRAW_NOTE = ("Start: draw 6, keep 3+", "Later: draw 4, keep 1+")


def route_points(length):
    """Points for one route of ``length`` cars (1..8)."""
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_LENGTH:
        raise ValueError("Route length must be 1 to 8")
    return ROUTE_POINTS[length]


def check_keep(at_start, kept):
    """Raise ValueError unless keeping ``kept`` tickets of a draw is allowed."""
    draw, least = (START_DRAW, START_KEEP) if at_start else (LATER_DRAW, LATER_KEEP)
    if isinstance(kept, bool) or not isinstance(kept, int) or not least <= kept <= draw:
        raise ValueError("Keep %d to %d of the %d tickets" % (least, draw, draw))


def tourist_points(value, penalty, held, done, built):
    """(ticket points, tourist-route points) for one tourist route and its ticket.

    value: the ticket's points ("Punkte" for a Sonderzug); penalty: the red
    number ("Strafe"), as a positive number; held/done: the player holds /
    completed the ticket; built: the player built on the tourist route.
    """
    if done and not held:
        raise ValueError("A ticket not held is not done")
    ticket = (value if done else -value) if held else 0
    return ticket, (-penalty if built and not done else 0)


def ranking(totals, done, longest):
    """Places from the totals; ties go to most completed tickets, then the
    longest-track holder.  Returns [(place, player), ...] best first; players
    still equal share a place (1, 1, 3)."""
    keys = [(totals[p], done[p], 1 if longest[p] else 0) for p in range(len(totals))]
    order = sorted(range(len(totals)), key=lambda p: (-keys[p][0], -keys[p][1], -keys[p][2], p))
    places = []  # type: list[tuple[int, int]]
    for i, p in enumerate(order):
        if i and keys[p] == keys[order[i - 1]]:
            places.append((places[-1][0], p))
        else:
            places.append((i + 1, p))
    return places
