"""Typing a name with four buttons: a wheel of characters, the most frequent first.

The wheel holds the letters in the order of their frequency in German text
(e n i s r a t d h u l c g m o b w f k z p v j y x q), each umlaut and ß right
after the letter it is found beside, then the digits, space and hyphen, and
"Done".  After each character the wheel is back at its start ("e"), so a name's
letters are mostly a few presses away.  DOWN / UP step forward / back (wrapping:
UP from the start reaches Done, the hyphen and the space at once), a long
DOWN / UP steps five.  OK adds the character; the first letter of the name and of
each word (after a space or hyphen) is a capital by itself.  Hold OK (or OK on
Done) ends the name; BACK deletes the last character, and on an empty name leaves.
A keyboard (the web page) types characters straight in (type()), and Enter is done().
docs/using.md has the press counts.
"""
from micropython import const

from app.events import BACK, DOWN, LONG, OK, UP
from app.seats import plain
from app.widgets import Screen

WHEEL = "enisßraätdhuülcgmoöbwfkzpvjyxq0123456789 -"
_DONE = const(42)  # len(WHEEL): the wheel's last place
_JUMP = const(5)
_SMALL = "äöü"
_CAPS = "ÄÖÜ"


def capital(c):  # ß has no capital of its own here (CPython would make it "SS")
    i = _SMALL.find(c)
    return _CAPS[i] if i >= 0 else c if c == "ß" else c.upper()


def _small(c):
    i = _CAPS.find(c)
    return _SMALL[i] if i >= 0 else c.lower()


class NameEntry(Screen):
    """on_done(app, name) takes the name typed (a ValueError keeps the entry as it is)."""

    def __init__(self, title, on_done, text=""):
        self.title = title
        self.on_done = on_done
        self.text = text
        self.index = 0

    def _char(self, i):  # the character place i adds here: a capital where a word starts
        c = WHEEL[i]
        return capital(c) if not self.text or self.text[-1] in " -" else c

    def label(self, i):
        if i == _DONE:
            return "Done"
        c = self._char(i)
        return "space" if c == " " else plain(c)

    def handle(self, app, ev):
        n = _DONE + 1
        b = ev & 3
        step = _JUMP if ev & LONG else 1
        if b == DOWN:
            self.index = (self.index + step) % n
        elif b == UP:
            self.index = (self.index - step) % n
        elif ev == OK and self.index == _DONE:
            self.done(app)
        elif ev == OK:
            self.type(app, self._char(self.index))
        elif ev == BACK:
            if self.text:
                self.text = self.text[:-1]
                self.index = 0
            else:
                app.pop()

    def done(self, app):  # the name as typed goes to on_done
        self.on_done(app, self.text)

    def type(self, app, c):
        """Add the character c (a keyboard's: its case follows the name's start rule
        for letters typed in small; any other character is refused in words)."""
        if len(self.text) >= 12:
            raise ValueError("A name has at most 12 characters")
        low = _small(c)
        if low not in WHEEL:
            raise ValueError("A name has letters, digits, spaces and hyphens only")
        if c == low:
            c = self._char(WHEEL.index(low))
        self.text += c
        self.index = 0

    def draw(self, app, ui):
        ui.header(self.title)
        typed = plain(self.text) + "_"
        if len(typed) > ui.cols:  # ä ö ü ß written out: the end of the name, where it grows
            typed = "." + typed[1 - ui.cols:]
        ui.line(0, typed)
        i = self.index
        n = _DONE + 1
        ui.bar(1, " " + self.label(i))
        ui.line(2, "next " + self.label((i + 1) % n) + " " + self.label((i + 2) % n))
        ui.footer("OK: done" if self.index == _DONE else "OK: add letter")
