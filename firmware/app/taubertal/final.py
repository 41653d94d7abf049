"""Der Taubertal-Express: the final scoring.

A menu of the players with their totals so far ("?" = a number their
buildings need is still missing), "Ranking" and "Finish game" (final scores,
kept in the history; both only once nothing is missing).  A player's sheet checks the
tracked coins, cubes and VP against the table (the table is right: entering
the counted number records the difference) and asks only for what that
player's end-of-game buildings need.
"""
from app.events import UP, DOWN, OK, BACK
from app.taubertal.common import LABELS, Entry, LiveMenu, do
from app.ui import fit, spread
from app.widgets import Confirm, Menu, Screen, TextView

# final-scoring input key -> (building, prompt, footer); menu labels in LABELS
_INPUTS = {
    "pax": ("Empfangshalle", "Passengers", "delivered later"),
    "goods": ("Magazingebaeude", "Own goods bldgs", "1 VP each"),
    "empty": ("Lokschuppen", "Empty (others)", "%d VP each"),
    "halls": ("Wagenmeisterei", "", ""),
}


class FinalHub(LiveMenu):
    def __init__(self):
        LiveMenu.__init__(self, "Final score")

    def rows(self, app):
        g = app.session.game
        names = app.session.names
        cols = app.ui.cols
        self.title = "Game over" if g.ended else "Final score"
        rows = []
        missing = [seat for seat, _ in g.final_missing()]  # once for all the rows
        for p in range(g.n):
            right = ("? " if p in missing else "") + str(g.score(p))
            rows.append((spread(names[p], right, cols), None))
        rows.append(("Ranking", None))
        rows.append(("BG Stats code" if g.ended else "Finish game", None))
        # a hint when it leaves every row on screen
        self.hint = "check each one" if len(rows) <= app.ui.rows else ""
        return rows

    def _pick(self, app, index):
        g = app.session.game
        if index < g.n:
            app.push(Sheet(index))
            return
        missing = g.final_missing()
        if missing:
            p, key = missing[0]
            app.push(Sheet(p))
            app.notify("First enter %s's %s" % (app.session.names[p], LABELS[key]))
        elif index == g.n:
            app.push(RankingView())
        elif g.ended:
            app.open_with("app.scan_view", "open_for_game")
        else:
            app.push(Confirm("Finish game", "Scores final and kept in the history?",
                             _finish, yes="Finish", no="Not yet"))


def _finish(app):
    do(app, ("end",))
    app.replace(RankingView())


class Sheet(LiveMenu):
    """One player's check: coins, cubes and track VP as counted, building inputs, the points."""

    def __init__(self, p):
        LiveMenu.__init__(self)
        self.p = p

    def rows(self, app):
        g = app.session.game
        p = self.p
        self.title = "Check " + app.session.names[p]
        rows = [
            ("Coins %d" % g.coins[p], lambda a: a.push(count_entry(a, p, "coins"))),
            ("Cubes %d" % g.cubes[p], lambda a: a.push(count_entry(a, p, "cubes"))),
            ("Track VP %d" % g.vp[p], lambda a: a.push(count_entry(a, p, "vp"))),
        ]
        for key in g.final_inputs(p):
            n = g.fin[p].get(key)
            if n is None:
                shown = "?"
            elif key == "halls":
                shown = "yes" if n else "no"
            else:
                shown = str(n)
            rows.append((LABELS[key] + " " + shown, _asker(p, key)))
        rows.append(("Points %d" % g.score(p), lambda a: a.push(breakdown(a, p))))
        return rows


def _asker(p, key):
    return lambda a: input_entry(a, p, key)


_COUNTS = {
    "coins": ("coins", "On the table", 0, 199, "1 VP per coin"),
    "cubes": ("cubes", "On the table", 0, 0, "1 VP / 2 cubes"),
    "vp": ("VP", "On the track", -5, 999, "+50/100 tiles"),
}


def _tracked(g, kind):
    return g.coins if kind == "coins" else g.cubes if kind == "cubes" else g.vp


def count_entry(app, p, kind):
    """The number counted on the table; the difference is recorded."""
    g = app.session.game
    unit, prompt, lo, hi, note = _COUNTS[kind]
    why_hi = ""
    if kind == "cubes":
        hi = g.cube_room(p)
        why_hi = "Coal carriage holds %d" % hi

    def done(a, value):
        have = _tracked(a.session.game, kind)[p]
        if value != have:
            do(a, (kind, p, value - have))
        a.pop()

    return Entry(app.session.names[p] + " " + unit, prompt, _tracked(g, kind)[p], lo, hi, done, note=note,
                 why_lo="VP floor -5" if kind == "vp" else "", why_hi=why_hi)


def input_entry(app, p, key):
    g = app.session.game
    building, prompt, note = _INPUTS[key]

    def done(a, value):
        do(a, ("final", p, key, value))
        a.pop()

    if key == "halls":
        app.push(Menu(building, ["Yes, +5 VP", "No"], lambda a, i: done(a, 1 - i), hint="all 5 towns?"))
        return
    if key == "empty":
        note = note % (5 - g.n)
    app.push(Entry(fit(building, app.ui.cols), prompt, g.fin[p].get(key, 0), 0, 99, done, note=note))


def breakdown(app, p):
    cols = app.ui.cols
    lines = [spread(label, str(pts), cols) for label, pts in app.session.game.score_lines(p)]
    return TextView(app.session.names[p], lines)


class RankingView(Screen):
    """Best first; OK shows the marked player's points line by line."""

    def __init__(self):
        self.index = 0

    def handle(self, app, ev):
        n = app.session.game.n
        if ev == UP:
            self.index = (self.index - 1) % n
        elif ev == DOWN:
            self.index = (self.index + 1) % n
        elif ev == OK:
            app.push(breakdown(app, app.session.game.ranking()[self.index][0]))
        elif ev == BACK:
            app.pop()

    def draw(self, app, ui):
        ui.header("Ranking")
        names = app.session.names
        rank = app.session.game.ranking()
        for r in range(min(ui.rows, len(rank))):
            p, total = rank[r]
            s = spread("%d %s" % (r + 1, names[p]), str(total), ui.cols)
            if r == self.index:
                ui.bar(r, s)
            else:
                ui.line(r, s)
        # the tie rule, where a tie needed it (as on Ticket to Ride's ranking)
        if any(rank[i][1] == rank[i - 1][1] for i in range(1, len(rank))):
            ui.footer("Tie: pioneer")
