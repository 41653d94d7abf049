"""A map as data: cities, routes, tourist routes and destination tickets.

The Austria board is not published as text, so a table enters its copy once
(host_tools/maps/, docs/ttr-map-format.md).  A Board is built one item at a
time; each add_* checks its item against what is already there and raises
ValueError with a short message, which lets a file reader put the line number
in front.  Names must be added before they are used.
"""
from micropython import const

from schaffner.ttr_austria import points as pts

NO_SIDE = const(0)
WEST = const(1)  # Bregenz, Bludenz: where a West-to-East path starts
EAST = const(2)  # Breclav, Marchegg, Parndorf, Großpetersdorf, Fehring


def _pair(a, b):
    return (a, b) if a < b else (b, a)


def _number(x, lo, hi, msg):
    if isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi:
        raise ValueError(msg)
    return x


class Board:
    def __init__(self, name=""):
        self.name = name
        self.cities = []  # type: list[str]
        self.sides = []  # type: list[int]
        # (city, city, length, copies, tourist or -1); copies 2 = a double route
        self.routes = []  # type: list[tuple[int, int, int, int, int]]
        self.tourists = []  # type: list[tuple[str, int]]  # (name, penalty)
        # (city, city, value, tourist or -1, is a Sonderzug)
        self.tickets = []  # type: list[tuple[int, int, int, int, bool]]
        self._city = {}  # type: dict[str, int]
        self._route = {}  # type: dict[tuple[int, int], int]
        self._ticket = {}  # type: dict[tuple[int, int], int]
        self._tourist = {}  # type: dict[str, int]

    # --- building --------------------------------------------------------
    def add_city(self, name, side=NO_SIDE):
        if not isinstance(name, str) or not name:
            raise ValueError("A city needs a name")
        if name in self._city:
            raise ValueError("City %s is already there" % name)
        _number(side, NO_SIDE, EAST, "Side must be west or east")
        self._city[name] = len(self.cities)
        self.cities.append(name)
        self.sides.append(side)
        return len(self.cities) - 1

    def add_route(self, a, b, length, copies=1):
        """A route of ``length`` cars; copies=2 for a double route."""
        _number(copies, 1, 2, "A route is single or double")
        return self._add_route(a, b, length, copies, -1)

    def add_tourist(self, a, b, length, name, penalty):
        """A tourist route: ``name`` and its red ``penalty`` (a positive number).
        Several routes may share a name and penalty: one tourist path."""
        if not isinstance(name, str) or not name:
            raise ValueError("A tourist route needs a name")
        _number(penalty, 1, pts.MAX_VALUE, "Penalty must be 1 to 99")
        t = self._tourist.get(name, -1)
        if t >= 0 and self.tourists[t][1] != penalty:
            raise ValueError("%s has penalty %d already" % (name, self.tourists[t][1]))
        index = self._add_route(a, b, length, 1, t if t >= 0 else len(self.tourists))
        if t < 0:
            self._tourist[name] = len(self.tourists)
            self.tourists.append((name, penalty))
        return index

    def _add_route(self, a, b, length, copies, tourist):
        ca = self.city(a)
        cb = self.city(b)
        if ca == cb:
            raise ValueError("A route needs two different cities")
        pts.route_points(length)  # validates the length
        key = _pair(ca, cb)
        if key in self._route:
            raise ValueError("Route %s is already there" % self.route_name(self._route[key]))
        self._route[key] = len(self.routes)
        self.routes.append((ca, cb, length, copies, tourist))
        return len(self.routes) - 1

    def add_ticket(self, a, b, value, tourist=None):
        """A destination ticket; ``tourist`` names the tourist route it belongs to."""
        return self._add_ticket(a, b, value, tourist, False)

    def add_sonderzug(self, a, b, punkte, strafe, tourist):
        """One of the nine Sonderzüge: its ticket worth ``punkte``; ``strafe``
        must be the penalty already given to its tourist route."""
        t = self.tourist(tourist)
        _number(strafe, 1, pts.MAX_VALUE, "Strafe must be 1 to 99")
        if self.tourists[t][1] != strafe:
            raise ValueError("Strafe %d but %s has penalty %d" % (strafe, tourist, self.tourists[t][1]))
        return self._add_ticket(a, b, punkte, tourist, True)

    def _add_ticket(self, a, b, value, tourist, sonderzug):
        ca = self.city(a)
        cb = self.city(b)
        if ca == cb:
            raise ValueError("A ticket needs two different cities")
        _number(value, 1, pts.MAX_VALUE, "Ticket value must be 1 to 99")
        t = -1 if tourist is None else self.tourist(tourist)
        key = _pair(ca, cb)
        if key in self._ticket:
            raise ValueError("Ticket %s is already there" % self.ticket_name(self._ticket[key]))
        if len(self.tickets) >= pts.TICKETS:
            raise ValueError("More than 56 tickets")
        self._ticket[key] = len(self.tickets)
        self.tickets.append((ca, cb, value, t, sonderzug))
        return len(self.tickets) - 1

    # --- looking up ------------------------------------------------------
    def city(self, name):
        """Index of the city called ``name``."""
        i = self._city.get(name, -1) if isinstance(name, str) else -1
        if i < 0:
            raise ValueError("Unknown city %s" % name)
        return i

    def tourist(self, name):
        i = self._tourist.get(name, -1) if isinstance(name, str) else -1
        if i < 0:
            raise ValueError("Unknown tourist route %s" % name)
        return i

    def route_between(self, a, b):
        """Index of the route joining city indices a and b, or -1."""
        return self._route.get(_pair(a, b), -1)

    def ticket_between(self, a, b):
        return self._ticket.get(_pair(a, b), -1)

    def route_name(self, i):
        r = self.routes[i]
        return "%s-%s" % (self.cities[r[0]], self.cities[r[1]])

    def ticket_name(self, i):
        t = self.tickets[i]
        return "%s-%s" % (self.cities[t[0]], self.cities[t[1]])

    def tickets_of(self, tourist):
        """Indices of the tickets belonging to tourist route ``tourist``."""
        return [i for i in range(len(self.tickets)) if self.tickets[i][3] == tourist]

    def side_cities(self, side):
        return [i for i in range(len(self.cities)) if self.sides[i] == side]
