"""The scan screen: a kept game as a QR code that opens BG Stats with the play
filled in (app.bgstats), or in words why this screen shows none.

The code is made a slice per poll (schaffner.qr's generator), so no press waits
for it; this module and the encoder load only when a code is asked for.
"""
# Modules of 2 pixels at least and the standard's quiet zone of 4 modules around
# the code: 135 pixels hold version 10 (57 modules, 130 pixels), 271 bytes; the
# OLED's 64 hold version 1 (21 modules, 58 pixels), 17 bytes, less than the
# link's fixed start alone, so the OLED shows words instead.
from micropython import const

from app import bgstats
from app.colours import BG, FG
from app.events import BACK, OK
from app.ui import wrap
from app.widgets import Screen, TextView

_QUIET = const(4)  # modules of light around the code
_SMALLEST = const(2)  # pixels a module, at least
_BACK = "BACK: return"


def room(height):
    """The version a screen height shows (0: none) and the bytes it holds."""
    from schaffner.qr import capacity
    best = 0
    for v in range(1, 11):
        if (17 + 4 * v + 2 * _QUIET) * _SMALLEST <= height:
            best = v
    return best, (capacity(best) if best else 0)


def open_for(app, rec):
    """The scan screen of a record, or the words that say why there is none."""
    _, size = room(app.ui.h)
    try:
        text, _ = bgstats.link(rec, size)
    except ValueError:
        try:  # a play of one player: when even that does not fit, the screen is too small
            bgstats.link({"g": rec["g"], "k": rec["k"], "p": rec["p"][:1]}, size)
            why = "%d players: too many for one code here." % len(rec["p"])
        except ValueError:
            why = "Too small a screen for a code."
        app.push(TextView("BG Stats", wrap(why + " make export: history.bgsplay", app.ui.cols)))
        return
    app.push(ScanCode(text))


def open_for_game(app):
    """The scan screen of the game in play once it is over: its record as the
    history keeps it (made again from the game, so no flash is read nor JSON made)."""
    from app.history_write import record_of
    s = app.session
    res = s.ui.result(s.game, s.names)
    if res is None:
        raise ValueError("The game is not over yet.")
    open_for(app, record_of(app, res))


class ScanCode(Screen):
    title = "BG Stats"

    def __init__(self, text):
        from schaffner.qr import QrCode
        self.link = text
        self.code = QrCode(text.encode())
        self.work = self.code.making()

    def busy(self, app):
        return self.work is not None

    def tick(self, app, now_ms):
        if self.work is None or app.pressed:
            return False
        try:
            next(self.work)
        except StopIteration:
            self.work = None
            return True
        return False

    def handle(self, app, ev):
        if ev in (OK, BACK):
            app.pop()

    def draw(self, app, ui):
        code = self.code
        n = code.size
        side = ui.h
        scale = side // (n + 2 * _QUIET)
        x0 = (side - n * scale) // 2
        tx = side + 4
        if not code.ready:
            ui.text("Making", tx, 4, FG, 1)
            ui.text("the code", tx, 14, FG, 1)
            return
        fb = ui.fb
        fb.fill_rect(0, 0, side, side, FG)
        for y in range(n):
            x = 0
            while x < n:  # one rectangle per run of dark modules
                if code.dark(x, y):
                    end = x + 1
                    while end < n and code.dark(end, y):
                        end += 1
                    fb.fill_rect(x0 + x * scale, x0 + y * scale, (end - x) * scale, scale, BG)
                    x = end
                else:
                    x += 1
        for i, s in enumerate(("Scan with", "a phone:", "opens", "BG Stats", "with this", "play.")):
            ui.text(s, tx, 4 + i * 12, FG, 1)
        ui.text(_BACK, tx, ui.h - 10, FG, 1)
