# A long OK, the same on every screen: the screen's line of help in words, and
# under it, while the game is on screen, the game's menu (the game's menu(app));
# elsewhere the help alone.  A module of its own, loaded the first time a player
# asks for help; comments, not docstrings: compiled from source (the tests under
# MicroPython), a docstring takes heap.
from app.ui import wrap
from app.widgets import Confirm, Menu, NumberEntry, TextView

# the help of the shared screens always in the heap, here so that it is not
_OWN = {"MainMenu": "Everywhere: hold OK for help and the game's menu, BACK goes back, hold BACK undoes.",
        "HistoryList": "The games kept, newest first, each with its winner: OK shows the whole result.",
        "NameEntry": "UP/DOWN turn the wheel (held: by 5), OK adds its letter; UP, then OK on Done ends "
                     "the name. BACK deletes a letter.",
        "PlayersMenu": "The table's players: OK on a name renames or removes it, Add player types one.",
        "ByPlayer": "Everyone who played by name: OK shows their games, wins, scores and rival."}
# the help of a screen that has none of its own, by its shape (widgets)
_SHAPES = ((Confirm, "UP/DOWN choose the answer, OK gives it, BACK goes back."),
           (NumberEntry, "UP/DOWN change it (held: by 5), OK sets it, BACK goes back."),
           (TextView, "UP/DOWN scroll, OK or BACK goes back."),
           (Menu, "UP/DOWN choose, OK picks, BACK goes back."))


# The screen's line of help: its own, else its shape's.
def help_of(app, top):
    own = getattr(top, "help", None)
    if own is not None:
        return own(app)
    text = _OWN.get(type(top).__name__)
    if text is not None:
        return text
    for shape, text in _SHAPES:
        if isinstance(top, shape):
            return text
    return "BACK goes back."


# Push the help (with the game's menu); where it is open already, nothing more opens.
def open_help(app):
    top = app.top
    if getattr(top, "guide", ""):
        return
    text = help_of(app, top)
    s = app.session
    menu = None
    if s is not None and not app.setup_depth and len(app.stack) > 1 and getattr(app.stack[1], "game", False):
        text += " Hold BACK: undo."
        make = getattr(s.ui, "menu", None)  # (a game may have none)
        menu = make(app) if make else None
    if menu is None:
        menu = TextView("Help", wrap(text, app.ui.cols))
    menu.guide = text  # a TextView shows its lines; the guide says the help is open
    app.push(menu)

