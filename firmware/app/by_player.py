"""History -> By player: everyone who played by name, then per person and game their
plays, wins and win rate, average and best score, last played, and their rival
(schaffner.player_stats).  Every game kept is read, a few per tick
(app.history_read.kept); names are the records' own (a renamed player's older games
stay under the old name)."""
from app import games
from app.history_read import kept, names
from app.seats import plain, shown
from app.ui import spread, wrap
from app.widgets import Menu, TextView
from schaffner.player_stats import PlayerStats


class ByPlayer(Menu):
    def __init__(self):
        Menu.__init__(self, "By player", ["Reading ..."], self._pick)
        self.stats = PlayerStats()
        self.reading = None  # the games being read (kept()), from the first tick on
        self.people = None  # the names, once every game is read

    def tick(self, app, now_ms):
        if self.people is not None:
            return False
        if self.reading is None:
            self.reading = kept(app.history)
        for rec in self.reading:
            if rec is None:
                return False
            p = rec["p"]
            self.stats.add(rec["g"], rec["d"], names(rec), [x[1] for x in p], [x[2] for x in p])
        self.reading = None
        self.people = self.stats.people()
        self.items = [shown(x, app.ui.cols) for x in self.people] or ["No names yet"]
        if not self.people:
            self.hint = "Add in Settings"
        return True

    def ticking(self, app):
        return self.people is None

    def _pick(self, app, index):
        if self.people:
            name = self.people[index]
            app.push(TextView(shown(name, app.ui.cols), person_lines(self.stats, name, app.ui.cols)))


def person_lines(stats, name, cols):
    lines = []
    for g, plays, wins, rate, tenths, best, last in stats.games_of(name, [r[0] for r in games.GAMES]):
        sign = "-" if tenths < 0 else ""
        tenths = abs(tenths)
        lines += [games.title(g), spread("Plays", str(plays), cols), spread("Wins", "%d %d%%" % (wins, rate), cols),
                  spread("Average", "%s%d.%d" % (sign, tenths // 10, tenths % 10), cols),
                  spread("Best", str(best), cols), spread("Last", last or "no date", cols)]
    rival = stats.rival(name)
    if rival is not None:
        lines += wrap("Rival " + plain(rival[0]), cols)
        lines.append(spread("beaten", "%d of %d" % (rival[1], rival[2]), cols))
    return lines
