"""Redo: the last undone action again (App.redo), loaded only when it is used."""
from app.history import tally
from schaffner.journal import REDO


def redo(app, s, history_loaded):
    # s: the session in play; history_loaded: whether the app has made its History.
    # The journal keeps what is undone until the next action, its save too.
    j = s.journal
    if not j.undone:
        raise ValueError("Nothing to redo")
    was = tally(s.game)
    text = s.ui.describe(j.undone[-1], s.names, s.game)  # the game as the action finds it
    j.redo()
    res = s.ui.result(s.game, s.names)
    if history_loaded or res is not None or was != tally(s.game):
        app.history.after_redo(app, was, res)  # queued before the redo's record, as an action's are
    app.saves.add(REDO)
    app.notify("Redone: " + text)
