"""The steps the roster's tests take: a player added on Settings -> Players, and the
table's players added one after the other."""
from name_presses import presses


def add_player(d, name):
    """Settings -> Players -> Add player, the name typed in the fewest presses; the screen
    is the Players list then.  Returns how many presses the name took."""
    d.pick("Settings").pick("Players").pick("Add player")
    keys = presses(name)
    d.press(*keys)
    return len(keys)


def add_players(d, *names):
    """Each name added, back at the main menu after each; a generator, for a test's steps
    (the runners collect garbage between them)."""
    for name in names:
        add_player(d, name)
        yield
        d.press("BACK", "BACK")
        yield
