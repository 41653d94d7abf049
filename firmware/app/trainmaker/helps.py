"""Trainmaker: the play screen's line of help for what it shows now (a long OK shows
it above the game menu, app.help: four rows at most, so the menu shows under it on
either screen); loaded only when help is asked for."""


def line(table, app, g):
    """The help for table (the play screen) showing game g."""
    ph = g.phase()
    if table._pending(g):
        return "OK goes on." if g.window() is None else "Go on, or Contract if the scorer's is met."
    if ph in ("cards", "steam"):
        return "UP/DOWN: the cars it needs, OK: next; then its goods."
    if ph == "place":
        return "Tip places: L Loco P Pass. B Box F Flat C Caboose"
    if ph == "after_place":
        return "Card: a card this turn. Derail risk: next roll."
    if ph == "score":
        return "Cars in any order, extras allowed: OK scores one."
    if ph == "over":
        return "Players: everyone's cards."
    return "OK rolls. Card: a card this turn, tips followed."
