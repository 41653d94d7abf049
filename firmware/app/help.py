# A long OK, the same on every screen: the screen's line of help in words, and
# under it, while the game is on screen, the game's menu (the game's menu(app));
# elsewhere the help alone.  A module of its own, loaded the first time a player
# asks for help; comments, not docstrings: compiled from source (the tests under
# MicroPython), a docstring takes heap.
from app.colours import DIM, FG
from app.ui import wrap
from app.widgets import TextView


# Push the help (with the game's menu); where it is open already, nothing more opens.
def open_help(app):
    top = app.top
    if getattr(top, "guide", ""):
        return
    text = top.help(app)
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


# A menu's rows under its guide's lines, scrolled only as far as the cursor needs.
def draw_guide(menu, ui, rows):
    lead = wrap(menu.guide, ui.cols)
    k = len(lead)
    at = k + menu.index
    top = max(0, at - rows + 1)
    for r in range(min(rows, k + len(menu.items) - top)):
        i = top + r
        if i < k:
            ui.line(r, lead[i], DIM if ui.colour else FG)
        elif i == at:
            ui.bar(r, menu.items[i - k])
        else:
            ui.line(r, menu.items[i - k])
