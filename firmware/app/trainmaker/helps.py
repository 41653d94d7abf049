"""Trainmaker: the play screen's line of help for what it shows now (a long OK shows
it, app.help); loaded only when help is asked for."""


def line(table, app, g):
    """The help for table (the play screen) showing game g."""
    ph = g.phase()
    if table._pending(g):
        return "OK goes on." if g.window() is None else "Go on, or Contract: the scorer shows a met Contract."
    if ph in ("cards", "steam"):
        return "UP/DOWN: how many of each car the card needs, OK: the next; then its goods."
    if ph == "place":
        return "Tip places the tip's dice. L Loco P Passenger B Boxcar F Flatcar C Caboose"
    if ph == "after_place":
        return "Card: the chance of a card this turn. Derail risk: of the next roll."
    if ph == "score":
        return "The train carries these cards (any order, extras allowed): OK scores one."
    if ph == "over":
        return "Players: everyone's cards."
    return "OK rolls. Card: the chance of a card this turn, following the tips."
