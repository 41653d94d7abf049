"""Statistics per person over the games kept: per person and game, plays, wins, win
rate, average and best score, last played; and each person's rival.

Games are added oldest first, as the history holds them; only seats a person from
the roster played count ("" is a colour playing as itself).  A win is first place
(a shared first place is a win for each).  A person's rival is the one they have
beaten most often (finished ahead of, in a game both played): the most wins over
them, then the most games together, then the name that sorts first; nobody beaten,
no rival.  Everything is an integer: the win rate in whole percent, the average
score in tenths, both rounded half up.
"""


class PlayerStats:
    def __init__(self):
        self.rows = {}  # type: dict  # (name, game id) -> [plays, wins, total score, best score, last date]
        self.pairs = {}  # type: dict  # (name, other) -> [games together, games name finished ahead]

    def add(self, game_id, date, names, scores, places):
        """One game: its id, its date ("YYYY-MM-DD" or None), and per seat the
        person's name ("" for none), score and place."""
        n = len(names)
        if not (len(scores) == n and len(places) == n):
            raise ValueError("One name, score and place per seat")
        for i in range(n):
            name = names[i]
            if not name:
                continue
            row = self.rows.get((name, game_id))
            if row is None:
                row = self.rows[(name, game_id)] = [0, 0, 0, scores[i], None]
            row[0] += 1
            row[1] += places[i] == 1
            row[2] += scores[i]
            row[3] = max(row[3], scores[i])
            if date:
                row[4] = date  # the newest game with a date
            for j in range(n):
                other = names[j]
                if j != i and other and other != name:
                    pair = self.pairs.get((name, other))
                    if pair is None:
                        pair = self.pairs[(name, other)] = [0, 0]
                    pair[0] += 1
                    pair[1] += places[i] < places[j]

    def people(self):
        """Everyone who played, the most games first (equal: by name)."""
        games = {}  # type: dict[str, int]
        for (name, _), row in self.rows.items():
            games[name] = games.get(name, 0) + row[0]
        return sorted(games, key=lambda name: (-games[name], name))

    def games_of(self, name, order):
        """(game id, plays, wins, win rate %, average score in tenths, best score, last
        date or None) per game name played, in the order of the game ids in order."""
        out = []
        for game_id in order:
            row = self.rows.get((name, game_id))
            if row is not None:
                plays, wins, total, best, last = row
                out.append((game_id, plays, wins, _ratio(100 * wins, plays), _ratio(10 * total, plays), best, last))
        return out

    def rival(self, name):
        """(the rival's name, games name beat them, games together), or None."""
        best = None
        for (who, other), (together, beaten) in self.pairs.items():
            if who == name and beaten:
                key = (beaten, together)
                if best is None or key > best[0] or (key == best[0] and other < best[1]):
                    best = (key, other)
        if best is None:
            return None
        return best[1], best[0][0], best[0][1]


def _ratio(a, b):  # a / b rounded half up (half away from zero below zero)
    if a < 0:
        return -((-2 * a + b) // (2 * b))
    return (2 * a + b) // (2 * b)
