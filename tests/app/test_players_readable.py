"""The roster's screens readable on both screens (support/text_check.py): Settings ->
Players with names that are long once ä ö ü ß are written out, Rename, Remove, the letter
wheel, and who plays a colour in a new game."""
from name_presses import presses

from app.players import roster
from roster_steps import add_player, add_players

PARAMETERS = [(128, 64), (240, 135)]
FRESH_HEAP_PER_CASE = True  # the checker's frames on the colour screen take most of the heap


def test_the_roster_screens_are_readable(width, height):
    return _readable(width, height)  # a generator: both runners step it


def _readable(width, height):
    from text_check import Checked
    d = Checked(width=width, height=height, colour=width > 128)
    yield from add_players(d, "Ärger-Özil 9")  # 14 characters as the screens write it: Aerger-Oezil 9
    add_player(d, "ÄÖÜäöüßÄÖÜäö")  # 24 written out: shortened with a dot
    yield
    d.pick("Aerger").shows("Rename", "Remove")
    yield
    d.pick("Remove").shows("Remove")
    yield
    d.press("OK")  # No: the player stays
    yield
    d.pick("Aerger").pick("Rename")
    yield
    for key in ("UP", "LONG_UP", "LONG_DOWN", "BACK", "LONG_OK", "BACK", "UP", "OK"):
        d.press(key)  # the wheel both ways, a character deleted, the help, Done
        yield
    d.press("BACK", "BACK")
    yield
    d.pick("New game").pick("Trainmaker").press("OK")
    yield
    d.pick("Yellow").shows("Who is Yellow?")
    yield
    d.pick("New player")
    yield
    for key in presses("Öäüößüäöüßä"):  # a new name, long once written out
        d.press(key)
        yield
    assert not d.found, d.found
    assert roster(d.app).names == ["Ärger-Özil", "Äöüäöüßäöüäö"]  # the wheel: a capital where a word starts
