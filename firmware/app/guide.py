# A menu's help text above its rows (Menu.draw, when app.help set its guide): a module of
# its own, loaded the first time a player asks for help; comments, not docstrings (a
# docstring compiled from source takes heap).
from app.colours import DIM, FG
from app.ui import wrap


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
