"""Schaffner's rules core: one package per game, no I/O, no clock, no hardware."""

_SEQUENCES = (tuple, list)  # made once: a tuple written in handler() would be made per call


def handler(table, action, over):
    """The function that does action (a tuple, or a list after JSON: its kind, then
    its values) in a game whose table maps each kind to (fewest, most values
    after the kind, function(game, action)): every game's Game.apply checks an
    action's shape here.  over: the game refuses every action.  ValueError, in
    the player's words, for anything else.  Nothing is allocated (a journal's
    replay calls it for every action): the function unpacks the action itself."""
    if not isinstance(action, _SEQUENCES) or not action:
        raise ValueError("Not an action")
    kind = action[0]
    entry = table.get(kind) if isinstance(kind, str) else None
    if entry is None:
        raise ValueError("Unknown action")
    if over:
        raise ValueError("The game is over")
    if not entry[0] < len(action) <= entry[1] + 1:
        raise ValueError("Wrong number of values for " + kind)
    return entry[2]
