# A long OK, the same on every screen: the screen's line of help in words, and
# under it, while the game is on screen, the game's menu (the game's menu(app));
# elsewhere the help alone.  A module of its own, loaded the first time a player
# asks for help; comments, not docstrings: compiled from source (the tests under
# MicroPython), a docstring takes heap.
from app import forget
from app.ui import wrap
from app.widgets import Confirm, Menu, NumberEntry, TextView

# the help of the shared screens always in the heap, here so that it is not
_OWN = {"MainMenu": "Hold OK: help, a game's menu. Hold BACK: undo.",
        "HistoryList": "Games kept, newest first, and who won: OK shows all.",
        "NameEntry": "UP/DOWN turn the wheel, OK adds its letter, Done ends. BACK deletes.",
        "PlayersMenu": "OK on a name renames or removes it; Add player types one.",
        "ByPlayer": "People by name: OK shows their games, wins and rival."}
# the help of a screen that has none of its own, by its shape (widgets)
_SHAPES = ((Confirm, "UP/DOWN choose the answer, OK gives it."),
           (NumberEntry, "UP/DOWN change it (held: by 5), OK sets it."),
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
# Work for App.open: the help's line, the game's menu and the guide's drawing, each of
# which may import a module, a step each; then what made it leaves the heap until the
# next long OK.
def open_help(app):
    top = app.top
    s = app.session
    if not getattr(top, "guide", ""):
        text = help_of(app, top)
        menu = None
        if s is not None and not app.setup_depth and len(app.stack) > 1 and getattr(app.stack[1], "game", False):
            make = getattr(s.ui, "menu", None)  # (a game may have none)
            if make:
                yield
                menu = make(app)
        if menu is None:
            menu = TextView("Help", wrap(text, app.ui.cols))
        elif isinstance(menu, Menu):
            yield
            from app import guide  # noqa: F401  (Menu.draw draws the guide above its rows)
            yield
        menu.guide = text  # a TextView shows its lines; the guide says the help is open
        app.push(menu)
    forget("app.help", s.ui.__name__ + ".helps" if s is not None else None)
