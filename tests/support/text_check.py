"""Every word readable: what a frame's text may not do, and a Driver that checks each frame.

A text box is where one ui.text call put its string: x, y, 8 x scale pixels
a character wide and 8 x scale high, without the spaces at either end (a
space draws nothing).  A frame's text is readable when

- every box lies on the screen (a glyph past the right or bottom edge is cut);
- no string was cut silently: ui.line, bar, header, footer and the screens'
  ui.cut note each string they shorten and each list of lines they drop
  (ui.fit's shortening, which ends with a dot, is deliberate and allowed);
- no two boxes intersect, and two boxes one above the other (sharing a
  column) keep at least 1 px of background between them: boxes whose rows
  touch read as one smudge of text (the 8x8 font's descenders reach the
  bottom row of their box);
- a message box (App.notify) holds all its lines, each on the screen, and
  the screen under it is readable on its own;
- a Yes/No (widgets.Confirm) asks a question: its text has a "?";
- a count agrees with its noun: "1 card", "0 cards", "2 cards", never "1 cards"
  or "2 card" (for the nouns in NOUNS).
"""
from array import array

from appdriver import Driver

_MOST = 96  # text boxes one frame may have
# the nouns the screens count, each singular: "1 card", "3 cards"
NOUNS = ("card", "coin", "cube", "worker", "game", "car", "ticket", "tile", "roll", "player", "good", "die")


# The first count in s whose noun disagrees with it ("1 cards", "2 card"), or None;
# allocates nothing unless it finds one.  (A comment: a docstring takes heap.)
def count_problem(s):
    n = len(s)
    i = 0
    while i < n:
        if not ("0" <= s[i] <= "9") or (i and ("0" <= s[i - 1] <= "9" or s[i - 1] in "/.")):
            i += 1
            continue
        j = i
        while j < n and "0" <= s[j] <= "9":
            j += 1
        if j < n and s[j] == " ":
            one = j - i == 1 and s[i] == "1"
            for word in NOUNS:
                if s.startswith(word, j + 1):
                    k = j + 1 + len(word)
                    many = k < n and s[k] == "s"
                    if many:
                        k += 1
                    if (k == n or not s[k].isalpha()) and many == one:
                        return "count: %r in %r" % (s[i:k], s)
        i = j
    return None


class Boxes:
    """A frame's text boxes, worked out into a buffer made once: checking a frame
    allocates nothing until it finds a problem (MicroPython collects garbage only
    between a test's steps, and a step may draw many frames)."""

    def __init__(self):
        self.at = array("h", [0] * (5 * _MOST))  # per box: index in ui.boxes, x0, y0, x1, y1
        self.n = 0

    def load(self, ui, start=0):
        rec = ui.boxes
        at = self.at
        n = 0
        for i in range(start, len(rec)):
            s, x, y, scale = rec[i]
            a = 0
            b = len(s)
            while a < b and s[a] == " ":
                a += 1
            while b > a and s[b - 1] == " ":
                b -= 1
            if a == b:
                continue  # spaces draw nothing
            if n == _MOST:
                raise ValueError("more than %d text boxes on a frame" % _MOST)
            cw = 8 * scale
            k = 5 * n
            at[k] = i
            at[k + 1] = x + a * cw
            at[k + 2] = y
            at[k + 3] = x + b * cw
            at[k + 4] = y + 8 * scale
            n += 1
        self.n = n

    def text(self, ui, j):
        return ui.boxes[self.at[5 * j]][0].strip(" ")


def problems(ui, found, boxes, start=0, cut_start=0):
    """Add to found what is unreadable in the frame just drawn (its boxes from
    the start-th on, its cuts from the cut_start-th), as sentences."""
    boxes.load(ui, start)
    at = boxes.at
    n = boxes.n
    for j in range(n):
        k = 5 * j
        if at[k + 1] < 0 or at[k + 2] < 0 or at[k + 3] > ui.w or at[k + 4] > ui.h:
            found.append("cut off: %r at x=%d..%d y=%d..%d on %dx%d" % (
                boxes.text(ui, j), at[k + 1], at[k + 3] - 1, at[k + 2], at[k + 4] - 1, ui.w, ui.h))
    for k in range(cut_start, len(ui.cuts)):
        found.append("cut short: %r" % ui.cuts[k])
    for j in range(n):
        bad = count_problem(ui.boxes[at[5 * j]][0])
        if bad is not None:
            found.append(bad)
    for i in range(n):
        a = 5 * i
        for j in range(i + 1, n):
            b = 5 * j
            if at[a + 1] >= at[b + 3] or at[b + 1] >= at[a + 3]:
                continue  # no column in common
            # one above the other needs a row of background between: y1 is past the box
            if at[a + 2] < at[b + 4] + 1 and at[b + 2] < at[a + 4] + 1:
                found.append("%s: %r at y=%d..%d and %r at y=%d..%d" % (
                    "overlap" if at[a + 2] < at[b + 4] and at[b + 2] < at[a + 4] else "rows touch",
                    boxes.text(ui, i), at[a + 2], at[a + 4] - 1, boxes.text(ui, j), at[b + 2], at[b + 4] - 1))
    return found


def where(app):
    """The screen, for a problem's report: its class and its title if it has one."""
    top = app.top
    return "%s %r" % (type(top).__name__, getattr(top, "title", ""))


class Checked(Driver):
    """A Driver that checks every frame it renders; found: {problem: the first screen it was on}."""

    def __init__(self, *args, **kwargs):
        self.found = {}
        self.frames = 0
        self._found = []  # the frame's problems, a list kept for every frame
        self._boxes = Boxes()
        Driver.__init__(self, *args, **kwargs)

    def boot(self):
        Driver.boot(self)
        app = self.app
        app.ui.record(boxes=True)
        plain = app.render

        def render():
            plain()
            self.check(plain)
        app.render = render
        app.render()
        return self

    def check(self, plain):
        app = self.app
        ui = app.ui
        self.frames += 1
        found = self._found
        top = app.top
        if type(top).__name__ == "Confirm" and "?" not in top.question:
            found.append("Yes/No without a question: %r" % top.question)
        msg = app.message
        if msg is None:
            self._note(problems(ui, found, self._boxes), app)
            return
        app.message = None  # the screen under the message, alone
        try:
            plain()
            self._note(problems(ui, found, self._boxes), app)
            under = len(ui.boxes)
            cuts = len(ui.cuts)
        finally:
            app.message = msg
        plain()
        self._note(problems(ui, found, self._boxes, under, cuts), app, "message: ")

    def _note(self, found, app, prefix=""):
        for p in found:
            p = prefix + p
            if p not in self.found:
                self.found[p] = where(app)
        del found[:]

    def report(self, board):
        return "\n".join("%s: %s (on %s)" % (board, p, self.found[p]) for p in sorted(self.found))
