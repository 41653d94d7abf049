"""Helpers for the history tests: the records kept, the way to the history screen."""


def kept(d):
    """Every record the history keeps, oldest first."""
    from app.history_view import count, read
    h = d.app.history
    return [read(h, i) for i in range(count(h))]


def open_history(d):
    """From wherever the game left the screen: the main menu, then History."""
    d.press("BACKx6")
    d.pick("History")


def counted(d):
    """The faces the dice check counts: dice.log's and the game in play's."""
    from app.history_write import totals
    from app.history import tally
    s = d.app.session
    return totals(d.fs, "/data/dice.log", tally(s.game) if s is not None else None)
