"""One player's score sheet for Ticket to Ride Austria and its entry screens.

Each row of the player's page shows what it is worth now; OK opens its
entry.  Every change goes through app.do, so it is saved and can be undone.
"""
from app.ttr_austria.rows import Entry, Rows, signed
from app.widgets import Confirm
from schaffner.ttr_austria import points as pts

TICKET_START = 10  # a first guess at a ticket value, to step from
PENALTY_START = 5


def change(app, action, differs=True):
    """Leave the entry; only a real change goes into the game (and the undo list).
    ``differs`` is worked out when OK is pressed: an undo may have come between."""
    if differs:
        app.do(action)
    app.pop()


def drop(app, action, items, was):
    """Remove item number action[2] of items, if it is still the one the player saw."""
    i = action[2]
    if i >= len(items) or items[i] != was:
        app.pop()
        raise ValueError("It changed meanwhile: look again")
    change(app, action)


class Page(Rows):
    """A screen about player p: the name in the title bar."""

    def __init__(self, p, right="", index=0, hint=""):
        Rows.__init__(self, "", index, hint)
        self.p = p
        self.right = right

    def _sync(self, app):
        # room for the right-hand part: set here (a Bahn's), or by entries() ("12 cars" at most)
        self.title = app.session.label(app, self.p, app.ui.cols - max(len(self.right), 7) - 1)
        Rows._sync(self, app)


class Player(Page):
    """Player p's points from each part of the scoring."""

    def entries(self, app):
        g = app.session.game
        p = self.p
        part = g.parts(p)
        self.right = "%d VP" % sum(part)
        n = len(g.tickets(p))
        k = len(g.penalties(p))
        cars = g.longest(p)
        rows = [
            ("Routes", "%d" % part[0], 0),
            ("Tickets" + (" x%d" % n if n else ""), signed(part[1]), 1),
            ("Tourist" + (" x%d" % k if k else ""), signed(part[2]), 2),
            ("Taurach", signed(pts.BAHN_POINTS[g.bahn(p, 0)]), 3),
            ("Schafberg", signed(pts.BAHN_POINTS[g.bahn(p, 1)]), 4),
            ("Longest" + (" hand" if g.lbonus(p) else (" %dc" % cars if cars else "")),
             signed(part[4]) if g.longest_on else "off", 5),
        ]
        if g.we_on:
            rows.append(("West-East", signed(part[5]) if g.west_east(p) else "no", 6))
        if g.stations_on:
            rows.append(("Stations x%d" % g.stations_left(p), signed(part[6]), 7))
        return rows

    def pick(self, app, index, entry):
        g = app.session.game
        p = self.p
        name = app.session.names[p]
        key = entry[2]
        if key == 0:
            app.push(Routes(p))
        elif key == 1:
            app.push(Tickets(p))
        elif key == 2:
            app.push(Penalties(p))
        elif key in (3, 4):
            app.push(Bahn(p, key - 3, g.bahn(p, key - 3)))
        elif key == 5:
            app.push(Longest(p))
        elif key == 6:
            app.do(("we", p, not g.west_east(p)))
        else:
            app.push(Entry(name, "Stations", "Unused, 4 each", g.stations_left(p), 0, pts.STATIONS,
                           lambda a, v: change(a, ("stations", p, v), a.session.game.stations_left(p) != v),
                           "0 to 3 stations"))


class Routes(Page):
    """How many routes of each length, with the points one is worth."""

    def entries(self, app):
        g = app.session.game
        cars = g.trains(self.p)
        self.right = "%d car%s" % (cars, "" if cars == 1 else "s")
        counts = g.routes(self.p)
        return [("%d-car %2dpt" % (n, pts.ROUTE_POINTS[n]), "x%d" % counts[n - 1], n)
                for n in range(1, pts.MAX_LENGTH + 1)]

    def pick(self, app, index, entry):
        g = app.session.game
        p = self.p
        n = entry[2]
        hi = g.max_routes(p, n)
        each = "%d point%s each" % (pts.ROUTE_POINTS[n], "" if n == 1 else "s")
        app.push(Entry(app.session.names[p], "%d-car" % n, each, g.routes(p)[n - 1], 0, hi,
                       lambda a, v: change(a, ("routes", p, n, v), a.session.game.routes(p)[n - 1] != v),
                       "At most %d: 45 cars in all" % hi))


class Tickets(Page):
    """p's destination tickets: add one, or OK on one to remove it."""

    def __init__(self, p):
        Page.__init__(self, p, "Tickets", hint="Sonderz: Punkte")

    def entries(self, app):
        rows = [("Add ticket", "", -1)]
        held = app.session.game.tickets(self.p)
        for i in range(len(held) - 1, -1, -1):  # newest first: in view after an add
            value, done = held[i]
            rows.append(("Done" if done else "Failed", signed(value if done else -value), i))
        return rows

    def pick(self, app, index, entry):
        p = self.p
        name = app.session.names[p]
        i = entry[2]
        if i < 0:
            app.push(Entry(name, "Tickets", "Value (Punkte)", TICKET_START, 1, pts.MAX_VALUE,
                           lambda a, v: a.replace(TicketDone(p, v)), "Ticket value 1 to 99"))
        else:
            was = app.session.game.tickets(p)[i]
            app.push(Confirm(name, "Remove ticket %s %s?" % (entry[1], entry[0].lower()),
                             lambda a: drop(a, ("unticket", p, i), a.session.game.tickets(p), was)))


class TicketDone(Page):
    """A new ticket of value v: completed or not."""

    def __init__(self, p, value):
        Page.__init__(self, p, "Ticket")
        self.value = value

    def entries(self, app):
        return [("Done", "+%d" % self.value), ("Failed", "-%d" % self.value)]

    def pick(self, app, index, entry):
        change(app, ("ticket", self.p, self.value, index == 0))


class Penalties(Page):
    """Tourist-route penalties p loses: add one, or OK on one to remove it."""

    def __init__(self, p):
        Page.__init__(self, p, "Tourist", hint="Once per path")

    def entries(self, app):
        rows = [("Add penalty", "", -1)]
        lost = app.session.game.penalties(self.p)
        for i in range(len(lost) - 1, -1, -1):  # newest first
            rows.append(("Penalty", "-%d" % lost[i], i))
        return rows

    def pick(self, app, index, entry):
        p = self.p
        name = app.session.names[p]
        i = entry[2]
        if i < 0:
            app.push(Entry(name, "Tourist", "Penalty/Strafe", PENALTY_START, 1, pts.MAX_VALUE,
                           lambda a, v: change(a, ("penalty", p, v)), "Penalty 1 to 99"))
        else:
            was = app.session.game.penalties(p)[i]
            app.push(Confirm(name, "Remove penalty %s?" % entry[1],
                             lambda a: drop(a, ("unpenalty", p, i), a.session.game.penalties(p), was)))


_BAHN_ROWS = (("None", "0"), ("Ticket+built", "+3"), ("Built only", "-1"), ("Ticket only", "-3"))


class Bahn(Page):
    """Taurachbahn (0) or Schafbergbahn (1): p's ticket and route."""

    def __init__(self, p, which, state):
        Page.__init__(self, p, ("Taurach", "Schafberg")[which], state, "Also in Routes")
        self.which = which

    def entries(self, app):
        return list(_BAHN_ROWS)

    def pick(self, app, index, entry):
        change(app, ("bahn", self.p, self.which, index), app.session.game.bahn(self.p, self.which) != index)


class Longest(Page):
    """p's longest continuous track in cars, or the bonus given by hand."""

    def __init__(self, p):
        Page.__init__(self, p, "Longest")

    def entries(self, app):
        g = app.session.game
        return [("Cars", "%d" % g.longest(self.p)), ("Set by hand", "yes" if g.lbonus(self.p) else "no")]

    def notes(self, app):
        g = app.session.game
        if not g.longest_on:
            return "Bonus off.\nCars: tie-break\nHand beats cars"
        has = "Gets 10 now." if g.longest_holders()[self.p] else "No bonus now."
        return has + "\nAll tied: +10\nHand beats cars"

    def pick(self, app, index, entry):
        g = app.session.game
        p = self.p
        if index == 1:
            app.do(("lbonus", p, not g.lbonus(p)))
            return
        app.push(Entry(app.session.names[p], "Longest", "Track in cars", g.longest(p), 0, pts.TRAINS,
                       lambda a, v: change(a, ("longest", p, v), a.session.game.longest(p) != v),
                       "Track 0 to 45 cars"))
