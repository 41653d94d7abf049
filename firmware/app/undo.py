"""Redo: the last undone action again, loaded only when it is used (an undo is
the app's own, app.App.undo)."""
from app.history import tally
from app.history_write import FAILED
from app.storage import append_record
from schaffner.journal import REDO


def redo(app):
    # the last undone action again, saved as a redo (the journal keeps what
    # is undone until the next action, its save too)
    s = app._playing()
    j = s.journal
    if not j.undone:
        raise ValueError("Nothing to redo")
    was = tally(s.game)
    text = s.ui.describe(j.undone[-1], s.names, s.game)  # the game as the action finds it
    j.redo()
    res = s.ui.result(s.game, s.names)
    now = tally(s.game)
    if app._history is not None or res is not None or was != now:
        # queued before the redo's record, as an action's are
        h = app.history
        if was != now:
            app.later(_taken_off(h, app, [now[i] - was[i] for i in range(len(now))]))
        h.after_do(app, res)
    app.saves.add(REDO)
    app.notify("Redone: " + text)


def _taken_off(h, app, faces):
    # a redone roll's faces off the undone ones again ("r"): the game counts them
    try:
        append_record(h.fs, h.dice_log, ["r"] + faces)
    except OSError:
        app.notify(FAILED)
    yield
