"""The history screens: the games newest first, one game's result table, plays and
wins by colour, the dice check's row, and clearing (Settings)."""
# The list reads a game only when its row is on screen (a few kept); "By colour"
# reads every game, a few per tick (app.history_read.kept).

from micropython import const

from app import games
from app.colours import NAMES
from app.events import OK
from app.history_read import count, kept, names, read
from app.ui import plural, spread, wrap
from app.widgets import Confirm, Menu, TextView

_KEPT = const(8)  # rows the list keeps read
_FIXED = ("By player", "By colour", "Dice check")


def title(game_id):
    for row in games.GAMES:
        if row[0] == game_id:
            return row[1]
    return game_id


def row_text(rec, cols):  # the game in a word, then its winner (OK: the whole result)
    if rec is None:
        return "(damaged)"
    return spread(title(rec["g"]).replace("-", " ").split(" ")[0], rec["w"], cols)


def result_lines(rec, cols):  # one game's result table
    when = rec["d"] or "Date not set"
    if rec.get("c") and len(when) + 6 <= cols:
        when += " " + rec["c"]
    lines = [title(rec["g"]), when, spread("Place", rec["u"], cols)]
    ps = rec["p"]
    people = names(rec)
    order = sorted(range(len(ps)), key=lambda i: (ps[i][2], i))  # equal places in seat order
    if ps[order[0]][2] != 1:
        lines.append("1 " + rec["w"])  # the Steam Engine
    for i in order:
        colour, score, place = ps[i]
        who = "%d %s" % (place, colour)
        if people[i]:
            from app.seats import plain  # only for a game played by names
            who += " " + plain(people[i])
        lines.append(spread(who, str(score), cols))
    if rec["h"] != "points":
        lines.append("Won by " + rec["h"])
    if rec["b"]:
        lines += wrap("Tie: " + rec["b"], cols)
    if rec["t"] is not None:
        lines.append("Turns %d" % rec["t"])
    lines.append("Actions %d" % rec["a"])
    if rec.get("m"):
        lines.append("Took %d min" % rec["m"])
    return lines


class _Rows:  # the list's rows; a game is read when its row is asked for

    def __init__(self, app):
        self.history = app.history
        self.n = count(app.history)
        self.cols = app.ui.cols
        self.kept = {}

    def __len__(self):
        return self.n + len(_FIXED)

    def number(self, i):  # the game on row i (newest first), 1 the oldest kept
        return self.n - (i - len(_FIXED))

    def record(self, i):
        return read(self.history, self.number(i) - 1)

    def __getitem__(self, i):
        if i < len(_FIXED):
            return _FIXED[i]
        text = self.kept.get(i)
        if text is None:
            if len(self.kept) >= _KEPT:
                self.kept.clear()
            text = self.kept[i] = row_text(self.record(i), self.cols)
        return text


class HistoryList(Menu):
    # left, the history takes its screens out of the heap (App._left)
    LEAVES = ("app.history_view", "app.history_read", "app.dice_check", "app.by_player",
              "schaffner.player_stats", "app.scan_view", "app.bgsplay", "app.bgstats", "schaffner.qr")

    def __init__(self, app):
        rows = _Rows(app)
        hint = "" if rows.n else ("History cleared" if app.history.cleared else "No games yet")
        Menu.__init__(self, "History", rows, self._pick, hint=hint)

    def _pick(self, app, index):
        if index == 0:
            from app.by_player import ByPlayer
            app.push(ByPlayer())
        elif index == 1:
            app.push(ByColour())
        elif index == 2:
            from app.dice_check import DiceCheck
            app.push(DiceCheck())
        else:
            rec = self.items.record(index)
            if rec is None:
                raise ValueError("This game's record is damaged.")
            app.push(GameView(self.items.number(index), rec, app.ui.cols))


class GameView(TextView):  # one game's result; OK: the code for BG Stats

    def __init__(self, number, rec, cols):
        TextView.__init__(self, "Game %d" % number, result_lines(rec, cols) + ["OK: BG Stats"])
        self.rec = rec

    def handle(self, app, ev):
        if ev == OK:
            app.open_with("app.scan_view", "open_for", self.rec)
        else:
            TextView.handle(self, app, ev)


class ByColour(TextView):  # plays and wins per colour and game, over the games kept

    def __init__(self):
        TextView.__init__(self, "By colour", ["Reading ..."])
        self.reading = None  # the games being read (kept()), from the first tick on
        self.counts = {}  # type: dict | None  # game id -> {name: [plays, wins]}; None once shown

    def ticking(self, app):  # once read, polled at the idle pace (App.ticking)
        return self.counts is not None

    def tick(self, app, now_ms):
        counts = self.counts
        if counts is None:
            return False
        if self.reading is None:
            self.reading = kept(app.history)
        for rec in self.reading:
            if rec is None:
                return False
            per = counts.setdefault(rec["g"], {})
            for p in rec["p"]:
                c = per.setdefault(p[0], [0, 0])
                c[0] += 1
                if p[2] == 1:
                    c[1] += 1
        self.reading = None
        self.lines = summary_lines(counts, app.ui.cols)
        self.counts = None
        return True


def summary_lines(counts, cols):
    if not counts:
        return wrap("No games kept yet.", cols)
    lines = ["%-7s%4s%4s" % ("", "play", "won")]
    for g in games.GAMES:
        per = counts.get(g[0])
        if per:
            lines.append(g[1])
            for name in NAMES:
                if name in per:
                    lines.append("%-7s%4d%4d" % (name, per[name][0], per[name][1]))
    return lines


def clear_history(app):  # Settings: clear (after a question), or undo the clear
    from app import history_write
    h = app.history
    if h.cleared:
        history_write.undo_clear(h)
        app.notify("History is back.")
    elif not count(h):
        app.notify("No games in the history.")
    else:
        app.push(Confirm("Clear history", "Forget all %s? Dice counts stay." % plural(count(h), "game"), _cleared))


def _cleared(app):
    from app.history_write import clear
    clear(app.history)
    app.pop()
    app.notify("History cleared. Undo in Settings until the next action.")
