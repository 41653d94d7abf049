"""Who built which routes, holds which tickets and placed which stations.

Built one claim at a time against a Board; each add_* raises ValueError with
a short message for a claim the game does not allow, and changes nothing then.
"""
from schaffner.ttr_austria import points as pts


class Claims:
    def __init__(self, board):
        self.board = board
        self.names = []  # type: list[str]
        self.routes = []  # type: list[list[int]]  # route indices per player
        self.tickets = []  # type: list[list[int]]  # ticket indices per player
        self.stations = []  # type: list[list[int]]  # city indices per player
        self._builders = {}  # type: dict[int, list[int]]  # route -> players
        self._holder = {}  # type: dict[int, int]  # ticket -> player
        self._station = {}  # type: dict[int, int]  # city -> player

    def add_player(self, name):
        if not isinstance(name, str) or not name:
            raise ValueError("A player needs a name")
        if name in self.names:
            raise ValueError("Player %s is already there" % name)
        if len(self.names) >= pts.MAX_PLAYERS:
            raise ValueError("At most 5 players")
        self.names.append(name)
        self.routes.append([])
        self.tickets.append([])
        self.stations.append([])
        return len(self.names) - 1

    def _player(self, p):
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < len(self.names):
            raise ValueError("No such player")
        return p

    def trains(self, p):
        return sum(self.board.routes[r][2] for r in self.routes[p])

    def add_route(self, p, a, b):
        """Player p built the route between cities a and b (names); for a
        double route, one of its two tracks."""
        p = self._player(p)
        board = self.board
        r = board.route_between(board.city(a), board.city(b))
        if r < 0:
            raise ValueError("No route %s-%s on the map" % (a, b))
        builders = self._builders.get(r, [])
        name = board.route_name(r)
        if p in builders:
            raise ValueError("%s already has %s" % (self.names[p], name))
        if len(builders) >= board.routes[r][3]:
            raise ValueError("%s is taken by %s" % (name, self.names[builders[0]]))
        cars = self.trains(p) + board.routes[r][2]
        if cars > pts.TRAINS:
            raise ValueError("%s would use %d trains, max 45" % (self.names[p], cars))
        self._builders[r] = builders + [p]
        self.routes[p].append(r)
        return r

    def add_ticket(self, p, a, b):
        """Player p holds the ticket between cities a and b (names)."""
        p = self._player(p)
        board = self.board
        t = board.ticket_between(board.city(a), board.city(b))
        if t < 0:
            raise ValueError("No ticket %s-%s on the map" % (a, b))
        if t in self._holder:
            raise ValueError("Ticket %s is held by %s" % (board.ticket_name(t), self.names[self._holder[t]]))
        self._holder[t] = p
        self.tickets[p].append(t)
        return t

    def add_station(self, p, city):
        """Player p placed a Europe-edition station in ``city`` (a name)."""
        p = self._player(p)
        c = self.board.city(city)
        if c in self._station:
            raise ValueError("%s has a station of %s" % (city, self.names[self._station[c]]))
        if len(self.stations[p]) >= pts.STATIONS:
            raise ValueError("%s has only 3 stations" % self.names[p])
        self._station[c] = p
        self.stations[p].append(c)
        return c

    def builders(self, r):
        """Players who built route r, in the order claimed."""
        return list(self._builders.get(r, ()))

    def double_conflicts(self):
        """Double routes with both tracks built: against the rules with 2 or 3
        players (U.S. edition), so empty then in a legal game."""
        if len(self.names) > 3:
            return []
        return sorted(r for r in self._builders if len(self._builders[r]) > 1)

    def check(self):
        """Raise ValueError if the claims as a whole are not a game."""
        if len(self.names) < pts.MIN_PLAYERS:
            raise ValueError("At least 2 players")
        doubles = self.double_conflicts()
        if doubles:
            raise ValueError("2-3 players: one track of %s only" % self.board.route_name(doubles[0]))
