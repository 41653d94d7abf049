"""Reading the games kept (app.history) for the screens: how many, one by its number,
the names in one.  Its own module: the history list (app.history_view) and By player
(app.by_player) both read, and neither needs the other."""


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


def names(rec):  # the name per seat ("": the colour played as itself); none in a v 1 record
    n = rec.get("n")
    if isinstance(n, list) and len(n) == len(rec["p"]):
        return n
    return [""] * len(rec["p"])
