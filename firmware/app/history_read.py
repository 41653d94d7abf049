"""Reading the games kept (app.history) for the screens: how many, one by its number,
all of them a few per tick, the names in one.  Its own module: the history list and By
colour (app.history_view) and By player (app.by_player) all read, and neither module needs
the other."""
from micropython import const

_CHUNK = const(4)  # games kept() reads per tick: the one record in hand stays small


def count(h):  # games kept in h (app.history); none while a clear can be undone
    if h.cleared:
        return 0
    n = 0
    for _, k in h.files():
        n += k
    return n


def read(h, i):  # game i (0 the oldest), None if damaged or of an unknown format
    if not 0 <= i < count(h):
        raise ValueError("No game %d in the history" % i)
    for path, n in h.files():
        if i < n:
            try:
                r = h.record(path, i)
            except ValueError:
                return None
            return r if isinstance(r, dict) and r.get("v") in (1, 2) else None
        i -= n


def kept(h):
    """Every game kept in h, oldest first (a damaged one left out), for a screen that reads
    them all: after every few games read it yields None, where its tick ends, so no press
    or poll waits for the whole file.  One record at a time is in hand."""
    i = 0
    while True:
        n = count(h)
        end = min(n, i + _CHUNK)
        for j in range(i, end):
            rec = read(h, j)
            if rec is not None:
                yield rec
        if end >= n:
            return
        i = end
        yield None


def names(rec):  # the name per seat ("": the colour played as itself); none in a v 1 record
    n = rec.get("n")
    if isinstance(n, list) and len(n) == len(rec["p"]):
        return n
    return [""] * len(rec["p"])
