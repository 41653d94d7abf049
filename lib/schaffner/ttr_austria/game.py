"""The score sheet: each player's numbers entered by hand, then scored.

The gadget has no map, so the table enters per player what the board shows:
routes by length, ticket values done or failed, tourist-route penalties,
Taurachbahn / Schafbergbahn, the longest track (a length or a bonus flag), the
West-to-East path, stations left.  final.score_board() fills the same sheet
from a map and the claims, so both ways score with this one code.

Actions (tuples, or lists after JSON), p is the player 0..n-1:
  ("routes", p, length, count)   set how many routes of that length p built
  ("ticket", p, value, done)     add a ticket: done True/False
  ("unticket", p, index)         remove p's ticket number index
  ("penalty", p, points)         add a tourist-route penalty (points > 0, lost)
  ("unpenalty", p, index)        remove p's penalty number index
  ("bahn", p, which, state)      which 0 Taurachbahn / 1 Schafbergbahn; state
                                 points.BAHN_NONE/_DONE/_BUILT/_MISSED
  ("longest", p, length)         p's longest continuous track in cars (0 unknown)
  ("lbonus", p, on)              give p the longest-track bonus by hand
  ("we", p, on)                  p has the West-to-East path
  ("stations", p, left)          p's stations not placed (stations option only)
  ("end",)                       the sheet is final: every later action is refused
"""
from schaffner import handler
from schaffner.ttr_austria import points as pts

_SAVE_ERROR = "Not a saved TtR Austria score sheet"
_BAHN_WORDS = ("none", "with ticket", "no ticket", "not built")

# Rows of the sum table, one per source of points: parts() follows this order.
PARTS = ("Routes", "Tickets", "Tourist routes", "Bahnen", "Longest track", "West-East", "Stations")


def _int(x, lo, hi, msg):
    if isinstance(x, bool) or not isinstance(x, int) or x < lo or x > hi:
        raise ValueError(msg)
    return x


def _check_cars(cars):
    if cars > pts.TRAINS:
        raise ValueError("That is %d train cars, max 45" % cars)


def _flag(x):
    if isinstance(x, bool):
        return x
    if isinstance(x, int) and x in (0, 1):
        return x == 1
    raise ValueError("Expected yes or no")


class Game:
    def __init__(self, players, longest=True, west_east=True, stations=False):
        _int(players, pts.MIN_PLAYERS, pts.MAX_PLAYERS, "2 to 5 players")
        self.players = players
        self.longest_on = _flag(longest)
        self.we_on = _flag(west_east)
        self.stations_on = _flag(stations)
        r = range(players)
        self._routes = [[0] * pts.MAX_LENGTH for _ in r]
        self._tickets = [[] for _ in r]  # type: list[list[list]]  # [value, done]
        self._penalties = [[] for _ in r]  # type: list[list[int]]
        self._bahn = [[pts.BAHN_NONE, pts.BAHN_NONE] for _ in r]
        self._long = [0] * players
        self._lbonus = [False] * players
        self._we = [False] * players
        self._left = [pts.STATIONS if self.stations_on else 0] * players
        self.ended = False
        # totals() and ranking() of this state, worked out once (every screen asks)
        self._totals = self._ranked = None

    @classmethod
    def new(cls, players, longest=True, west_east=True, stations=False):
        """A blank sheet; longest / west_east: the optional 10-point bonuses
        (on by default); stations: Europe-edition stations, 4 per unused."""
        return cls(players, longest, west_east, stations)

    # --- actions ---------------------------------------------------------
    def apply(self, action):
        """Apply one action (see _ACTIONS); a ValueError leaves the sheet unchanged."""
        self._totals = self._ranked = None
        do = handler(_ACTIONS, action, self.ended)
        if len(action) > 1:
            _int(action[1], 0, self.players - 1, "No such player")
        do(self, action)

    def _do_end(self, a):
        self.ended = True

    def _do_routes(self, a):
        _, p, length, count = a
        pts.route_points(length)  # validates the length
        _int(count, 0, pts.TRAINS, "0 to 45 routes")
        row = self._routes[p]
        _check_cars(self.trains(p) + (count - row[length - 1]) * length)
        row[length - 1] = count

    def _load_routes(self, p, counts):
        """All of p's route counts at once (from_dict): checked as a "routes"
        action checks them, the cars counted once."""
        row = self._routes[p]
        cars = 0
        for i in range(pts.MAX_LENGTH):
            row[i] = _int(counts[i], 0, pts.TRAINS, "0 to 45 routes")
            cars += row[i] * (i + 1)
        _check_cars(cars)

    def _do_ticket(self, a):
        _, p, value, done = a
        _int(value, 1, pts.MAX_VALUE, "Ticket value 1 to 99")
        done = _flag(done)
        if len(self._tickets[p]) >= pts.TICKETS:
            raise ValueError("More tickets than the deck has")
        self._tickets[p].append([value, done])

    def _do_unticket(self, a):
        _, p, index = a
        _int(index, 0, len(self._tickets[p]) - 1, "No such ticket")
        del self._tickets[p][index]

    def _do_penalty(self, a):
        _, p, value = a
        _int(value, 1, pts.MAX_VALUE, "Penalty 1 to 99")
        if len(self._penalties[p]) >= pts.TICKETS:
            raise ValueError("Too many penalties")
        self._penalties[p].append(value)

    def _do_unpenalty(self, a):
        _, p, index = a
        _int(index, 0, len(self._penalties[p]) - 1, "No such penalty")
        del self._penalties[p][index]

    def _do_bahn(self, a):
        _, p, which, state = a
        _int(which, 0, 1, "Taurachbahn 0 or Schafbergbahn 1")
        _int(state, pts.BAHN_NONE, pts.BAHN_MISSED, "Unknown state")
        problem = self._bahn_problem(p, which, state)
        if problem:
            raise ValueError(problem)
        self._bahn[p][which] = state

    def _bahn_problem(self, p, which, state):
        """Why p cannot be in ``state`` for Bahn ``which``: each has one
        route and one ticket, so one builder and one holder; None if p can."""
        builds = state in (pts.BAHN_DONE, pts.BAHN_BUILT)
        holds = state in (pts.BAHN_DONE, pts.BAHN_MISSED)
        for q in range(self.players):
            other = self._bahn[q][which]
            if q == p or other == pts.BAHN_NONE:
                continue
            if builds and other != pts.BAHN_MISSED:
                return "%s is built by another" % pts.BAHNEN[which]
            if holds and other != pts.BAHN_BUILT:
                return "Its ticket is held by another"
        return None

    def _do_longest(self, a):
        _, p, length = a
        self._long[p] = _int(length, 0, pts.TRAINS, "Track 0 to 45 cars")

    def _do_lbonus(self, a):
        _, p, on = a
        self._lbonus[p] = _flag(on)

    def _do_we(self, a):
        _, p, on = a
        on = _flag(on)
        if not self.we_on:
            raise ValueError("West-East bonus is off")
        self._we[p] = on

    def _do_stations(self, a):
        _, p, left = a
        if not self.stations_on:
            raise ValueError("Stations are off")
        self._left[p] = _int(left, 0, pts.STATIONS, "0 to 3 stations left")

    # --- queries ---------------------------------------------------------
    def routes(self, p):
        """Counts of p's routes by length: item 0 is length 1."""
        return tuple(self._routes[p])

    def max_routes(self, p, length):
        """The most routes of ``length`` p can have with 45 train cars."""
        count = self._routes[p][length - 1]
        return count + (pts.TRAINS - self.trains(p)) // length

    def bahn_states(self, p, which):
        """The states p may take now for Bahn ``which`` (0 Taurach-, 1 Schafbergbahn)."""
        return [s for s in range(pts.BAHN_MISSED + 1) if self._bahn_problem(p, which, s) is None]

    def trains(self, p):
        row = self._routes[p]
        n = 0
        for i in range(pts.MAX_LENGTH):  # no generator: every entry screen asks
            n += row[i] * (i + 1)
        return n

    def tickets(self, p):
        """p's tickets as (value, done) in the order entered."""
        return [(t[0], t[1]) for t in self._tickets[p]]

    def penalties(self, p):
        return tuple(self._penalties[p])

    def bahn(self, p, which):
        return self._bahn[p][which]

    def longest(self, p):
        return self._long[p]

    def lbonus(self, p):
        return self._lbonus[p]

    def west_east(self, p):
        return self._we[p]

    def stations_left(self, p):
        return self._left[p]

    def done_tickets(self, p):
        """Completed destination tickets (the first tie-break), the Bahnen's included."""
        n = sum(1 for t in self._tickets[p] if t[1])
        return n + sum(1 for s in self._bahn[p] if s == pts.BAHN_DONE)

    def longest_holders(self):
        """Who holds the longest track: the players flagged by hand if any is,
        else everyone tied for the greatest entered length (none if all 0).
        Used for the tie-break even when the bonus is off."""
        if True in self._lbonus:
            return list(self._lbonus)
        best = max(self._long)
        return [best > 0 and n == best for n in self._long]

    def parts(self, p):
        """p's points from each source, in the order of PARTS."""
        holder = self.longest_holders()[p]
        routes = 0
        for i in range(pts.MAX_LENGTH):
            routes += self._routes[p][i] * pts.ROUTE_POINTS[i + 1]
        return (
            routes,
            sum(t[0] if t[1] else -t[0] for t in self._tickets[p]),
            -sum(self._penalties[p]),
            sum(pts.BAHN_POINTS[s] for s in self._bahn[p]),
            pts.LONGEST_BONUS if self.longest_on and holder else 0,
            pts.WEST_EAST_BONUS if self._we[p] else 0,
            pts.STATION_POINTS * self._left[p],
        )

    def total(self, p):
        return self._worked_out()[p]

    def totals(self):
        return list(self._worked_out())

    def _worked_out(self):
        if self._totals is None:
            self._totals = [sum(self.parts(p)) for p in range(self.players)]
        return self._totals

    def breakdown(self, p):
        """p's score as [(label, points), ...], labels of at most 16 characters;
        only the lines that are there, so an empty sheet gives []."""
        lines = []
        row = self._routes[p]
        for i in range(pts.MAX_LENGTH):
            if row[i]:
                lines.append(("Routes %d-car x%d" % (i + 1, row[i]), row[i] * pts.ROUTE_POINTS[i + 1]))
        done = [t[0] for t in self._tickets[p] if t[1]]
        failed = [t[0] for t in self._tickets[p] if not t[1]]
        if done:
            lines.append(("Tickets done x%d" % len(done), sum(done)))
        if failed:
            lines.append(("Tickets fail x%d" % len(failed), -sum(failed)))
        if self._penalties[p]:
            lines.append(("Tourist pen. x%d" % len(self._penalties[p]), -sum(self._penalties[p])))
        for which in (0, 1):
            s = self._bahn[p][which]
            if s != pts.BAHN_NONE:
                lines.append((pts.BAHNEN[which], pts.BAHN_POINTS[s]))
        part = self.parts(p)
        if part[4]:
            lines.append(("Longest track", part[4]))
        if part[5]:
            lines.append(("West-East path", part[5]))
        if part[6]:
            lines.append(("Stations left x%d" % self._left[p], part[6]))
        return lines

    def ranking(self):
        """[(place, player, total), ...] best first; see points.ranking."""
        if self._ranked is None:
            totals = self._worked_out()
            done = [self.done_tickets(p) for p in range(self.players)]
            order = pts.ranking(totals, done, self.longest_holders())
            self._ranked = [(place, p, totals[p]) for place, p in order]
        return list(self._ranked)

    # --- persistence -----------------------------------------------------
    def to_dict(self):
        players = []
        for p in range(self.players):
            players.append({
                "r": list(self._routes[p]),
                "t": [[t[0], t[1]] for t in self._tickets[p]],
                "pen": list(self._penalties[p]),
                "b": list(self._bahn[p]),
                "lt": self._long[p],
                "lb": self._lbonus[p],
                "we": self._we[p],
                "st": self._left[p],
            })
        return {"game": "ttr_austria", "opt": [self.longest_on, self.we_on, self.stations_on], "p": players,
                "ended": self.ended}

    @classmethod
    def from_dict(cls, d):
        """Rebuild a sheet from to_dict(); every value passes the same checks
        as an action, so a damaged save raises ValueError."""
        try:
            if d["game"] != "ttr_austria":
                raise ValueError(_SAVE_ERROR)
            opt = d["opt"]
            rows = d["p"]
            g = cls(len(rows), opt[0], opt[1], opt[2])
            for p in range(len(rows)):
                row = rows[p]
                g._load_routes(p, row["r"])
                for t in row["t"]:
                    g.apply(("ticket", p, t[0], t[1]))
                for v in row["pen"]:
                    g.apply(("penalty", p, v))
                for which in (0, 1):
                    g.apply(("bahn", p, which, row["b"][which]))
                g.apply(("longest", p, row["lt"]))
                g.apply(("lbonus", p, row["lb"]))
                if g.we_on:
                    g.apply(("we", p, row["we"]))
                if g.stations_on:
                    g.apply(("stations", p, row["st"]))
            g.ended = d.get("ended") is True  # saves from before "end" have no key
        except (KeyError, IndexError, TypeError):
            raise ValueError(_SAVE_ERROR)
        return g


# kind -> (fewest, most values after the kind, the function doing it): Game.apply
_ACTIONS = {
    "routes": (3, 3, Game._do_routes), "ticket": (3, 3, Game._do_ticket),
    "unticket": (2, 2, Game._do_unticket), "penalty": (2, 2, Game._do_penalty),
    "unpenalty": (2, 2, Game._do_unpenalty), "bahn": (3, 3, Game._do_bahn),
    "longest": (2, 2, Game._do_longest), "lbonus": (2, 2, Game._do_lbonus), "we": (2, 2, Game._do_we),
    "stations": (2, 2, Game._do_stations), "end": (0, 0, Game._do_end),
}


def describe(action, names):
    """A short line saying what an action did, for the undo message."""
    kind = action[0]
    if kind == "end":
        return "Game over"
    who = names[action[1]]
    if kind == "routes":
        return "%s: %d-car routes %d" % (who, action[2], action[3])
    if kind == "ticket":
        return "%s: ticket %d %s" % (who, action[2], "done" if action[3] else "failed")
    if kind == "penalty":
        return "%s: penalty -%d" % (who, action[2])
    if kind == "bahn":
        return "%s: %s %s" % (who, pts.BAHNEN[action[2]], _BAHN_WORDS[action[3]])
    if kind == "longest":
        return "%s: longest %d cars" % (who, action[2])
    if kind == "stations":
        return "%s: %d stations left" % (who, action[2])
    if kind in ("lbonus", "we"):
        return "%s: %s %s" % (who, "longest bonus" if kind == "lbonus" else "West-East", "yes" if action[2] else "no")
    return "%s: %s removed" % (who, kind[2:])
