"""The table's players by name: who they are, and the order a new game offers them.

A name is 1 to 12 characters: letters (with the German umlauts and ß), digits,
space and hyphen, no space at either end.  Two names that differ only in the
case of their letters are the same player.  Every change checks first and
then changes, so a refused one (ValueError, in the player's words) changes
nothing.  The roster only knows names: a kept game's record holds its own
copy, so renaming or removing a player never changes one.
"""
from micropython import const

LONGEST = const(12)
MOST = const(16)  # players a roster holds: a few game nights' tables
_OTHERS = "ÄÖÜäöüß -0123456789"


def check(name):
    """name without spaces at its ends, if it may be a player's name; else ValueError."""
    if not isinstance(name, str):
        raise ValueError("A name is text")
    name = name.strip()
    if not name:
        raise ValueError("A name needs at least one letter or digit")
    if len(name) > LONGEST:
        raise ValueError("A name has at most %d characters" % LONGEST)
    for c in name:
        if not ("A" <= c <= "Z" or "a" <= c <= "z" or c in _OTHERS):
            raise ValueError("A name has letters, digits, spaces and hyphens only")
    return name


def _fold(name):  # MicroPython's lower() leaves Ä Ö Ü as they are
    return name.lower().replace("Ä", "ä").replace("Ö", "ö").replace("Ü", "ü")


def _same(a, b):
    return _fold(a) == _fold(b)


class Roster:
    """names: the players in the order they were added; plays[i]: the games
    names[i] started; last: who played the last game started, in seat order."""

    def __init__(self, names=(), plays=(), last=()):
        self.names = []  # type: list[str]
        self.plays = []  # type: list[int]
        for i in range(len(names)):
            self.add(names[i])
            self.plays[-1] = plays[i] if i < len(plays) and type(plays[i]) is int and plays[i] > 0 else 0
        self.last = [n for n in last if n in self.names]

    def to_dict(self):
        return {"names": list(self.names), "plays": list(self.plays), "last": list(self.last)}

    @classmethod
    def from_dict(cls, data):
        """The roster saved as data; ValueError if it is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("names"), list):
            raise ValueError("Not a roster")
        return cls(data["names"], data.get("plays") or (), data.get("last") or ())

    def find(self, name):
        """The index of the player called name (any case), or -1."""
        for i in range(len(self.names)):
            if _same(self.names[i], name):
                return i
        return -1

    def add(self, name):
        """Add a player; returns the name as kept."""
        name = check(name)
        if self.find(name) >= 0:
            raise ValueError("%s is in the roster already" % name)
        if len(self.names) >= MOST:
            raise ValueError("The roster is full (%d players): remove one first" % MOST)
        self.names.append(name)
        self.plays.append(0)
        return name

    def rename(self, old, new):
        """Call the player old new from now on; returns the new name as kept."""
        i = self._index(old)
        new = check(new)
        j = self.find(new)
        if j >= 0 and j != i:
            raise ValueError("%s is in the roster already" % new)
        was = self.names[i]
        self.names[i] = new
        self.last = [new if n == was else n for n in self.last]
        return new

    def remove(self, name):
        i = self._index(name)
        was = self.names.pop(i)
        self.plays.pop(i)
        if was in self.last:
            self.last.remove(was)

    def _index(self, name):
        i = self.find(name) if isinstance(name, str) else -1
        if i < 0:
            raise ValueError("No player called %s" % name)
        return i

    def played(self, names):
        """A game started with names (per seat; "" for a colour playing as itself):
        they are the last game's players, and each has played once more."""
        last = []
        for n in names:
            i = self.find(n) if n else -1
            if i >= 0:
                last.append(self.names[i])
        for n in last:
            self.plays[self.names.index(n)] += 1
        self.last = last

    def ordered(self):
        """The names as a new game offers them: the last game's players in seat
        order, then the others, the most games first (equal counts: as added)."""
        rest = [i for i in range(len(self.names)) if self.names[i] not in self.last]
        rest.sort(key=lambda i: (-self.plays[i], i))
        return list(self.last) + [self.names[i] for i in rest]
