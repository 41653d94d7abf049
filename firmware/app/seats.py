"""Who sits where, as the screens show it: a seat's colour and, when a person from the
roster plays it, their name.

The screens' font is ASCII (framebuf's 8x8): a name shows with ä ö ü as ae oe ue and
ß as ss, the German way of writing them without the dots; the records keep the name
as typed.
"""
from app.ui import fit

_FROM = "äöüÄÖÜß"
_TO = ("ae", "oe", "ue", "Ae", "Oe", "Ue", "ss")


def plain(text):
    """text with the umlauts and ß written out in ASCII."""
    if len(text.encode()) == len(text):  # ASCII already: 30 us of a Pico, where the search took 110
        return text
    for i in range(len(_FROM)):
        if _FROM[i] in text:
            text = text.replace(_FROM[i], _TO[i])
    return text


def shown(name, room):
    """name in ASCII in at most room characters (shortened with a dot)."""
    return fit(plain(name), room)


def label(app, seat, room):
    """Seat's label in at most room characters: the colour alone when nobody from the
    roster plays it; the name on a colour screen (its colour square says the colour),
    shortened with a dot where it does not fit; on a mono one the colour and the name,
    or the name's initial where the name does not fit."""
    s = app.session
    colour = s.names[seat]
    name = plain(s.players[seat])
    if not name:
        return colour
    if app.ui.colour:
        return fit(name, room)
    if len(colour) + 1 + len(name) <= room:
        return colour + " " + name
    if len(colour) + 2 <= room:
        return colour + " " + name[0]
    return colour
