"""The scan screen: a kept game as a QR code that opens BG Stats with the play
filled in (app.bgstats), or in words why this screen shows none.

The link and the code are made a slice per poll (schaffner.qr's generator), the
modules they need loaded one a poll, so no press waits for them, and only once the
hands have left the buttons: the press shows "Making the code" at once; this module
loads only when a code is asked for, the link's and the encoder's only where a code
fits the screen.
"""
# Modules of 2 pixels at least and the standard's quiet zone of 4 modules around
# the code: 135 pixels hold version 10 (57 modules, 130 pixels), 271 bytes; the
# OLED's 64 hold version 1 (21 modules, 58 pixels), 17 bytes, less than the
# link's fixed start alone, so the OLED shows words instead (LEAST_VERSION).
from micropython import const

from app.colours import BG, FG
from app.events import BACK, OK
from app.ui import wrap
from app.widgets import Screen, TextView

_QUIET = const(4)  # modules of light around the code
_SMALLEST = const(2)  # pixels a module, at least
_BACK = "BACK: return"
# the least version a link fits: version 2 holds 32 bytes, fewer than the link's fixed
# start (bgstats.LINK, 48), so a screen that shows no more shows words, and loads no encoder
LEAST_VERSION = const(3)


def version_shown(height):
    """The version a screen height shows (0: none, or none a link fits).  What it holds
    (schaffner.qr's capacity) is asked once the hands have left, since the encoder's
    import builds its tables (32 ms of the press on the Display Pack's firmware image)."""
    best = 0
    for v in range(1, 11):
        if (17 + 4 * v + 2 * _QUIET) * _SMALLEST <= height:
            best = v
    return best if best >= LEAST_VERSION else 0


def open_for(app, rec):
    """The scan screen of a record (a dict as the history keeps it, or the game in play's to
    make: open_for_game), or the words that say why there is none (at once where no code
    fits the screen at all, else once the link is made)."""
    version = version_shown(app.ui.h)
    app.push(ScanCode(app, rec, version) if version else _no_code(app, "Too small a screen for a code."))


def _no_code(app, why):
    return TextView("BG Stats", wrap(why + " make export: history.bgsplay", app.ui.cols))


def open_for_game(app):
    """The scan screen of the game in play once it is over: its record as the
    history keeps it (made again from the game, so no flash is read nor JSON made), in
    the screen's work (what makes it, app.history_write, is not the press's to import)."""
    from app.history import moment
    s = app.session
    res = s.ui.result(s.game, s.names)
    if res is None:
        raise ValueError("The game is not over yet.")
    open_for(app, (res, s, moment(app, s)))


class ScanCode(Screen):
    title = "BG Stats"

    def __init__(self, app, rec, version):
        self.link = None
        self.code = None  # (schaffner.qr's QrCode, once the link is made)
        self.work = self._making(app, rec, version)
        self.begun = False  # its first step waits for the hands to leave the buttons

    def _making(self, app, rec, version):
        if type(rec) is tuple:  # the game in play's (open_for_game): the writer's modules one a poll
            from app.history import writer
            w = yield from writer()
            rec = w.record_of(app, *rec)
        from app import bgstats
        yield
        from schaffner.qr import QrCode, capacity
        yield
        size = capacity(version)
        try:
            self.link, _ = bgstats.link(rec, size)
        except ValueError:
            try:  # a play of one player: when even that does not fit, the screen is too small
                bgstats.link({"g": rec["g"], "k": rec["k"], "p": rec["p"][:1]}, size)
                why = "%d players: too many for one code here." % len(rec["p"])
            except ValueError:
                why = "Too small a screen for a code."
            app.replace(_no_code(app, why))  # (only the top screen ticks)
            return
        yield
        self.code = QrCode(self.link.encode())
        yield from self.code.making()

    def busy(self, app):
        return self.work is not None and (self.begun or app.flash.hands_off(app.flash.now))

    def ticking(self, app):
        return self.work is not None  # once made, polled at the idle pace (App.ticking)

    def tick(self, app, now_ms):
        if self.work is None or app.pressed:
            return False
        if not self.begun:  # the link's and the encoder's imports hold a poll 20-35 ms
            if not app.flash.hands_off(now_ms):
                return False
            self.begun = True
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
        side = ui.h
        tx = side + 4
        if code is None or not code.ready:
            ui.text("Making", tx, 4, FG, 1)
            ui.text("the code", tx, 14, FG, 1)
            return
        n = code.size
        scale = side // (n + 2 * _QUIET)
        x0 = (side - n * scale) // 2
        fb = ui.fb
        fb.fill_rect(0, 0, side, side, FG)
        native = getattr(fb, "modules", None)  # the Display Pack's, in native code
        if native is not None:
            native(code.bits, n, x0, scale, BG)
        else:
            _modules(fb, code.bits, n, x0, scale)
        for i, s in enumerate(("Scan with", "a phone:", "opens", "BG Stats", "with this", "play.")):
            ui.text(s, tx, 4 + i * 12, FG, 1)
        ui.text(_BACK, tx, ui.h - 10, FG, 1)


def _modules(fb, bits, n, x0, scale):
    # one rectangle per run of dark modules, read straight from the code's bits (bit i
    # of module i = y * n + x, schaffner.qr's QrCode.dark): a call a module took 134 ms
    # for version 10 on a Pico, this 59; where the canvas has them, its native loops
    # draw the modules instead (drivers.gs4_native.modules)
    i = 0
    for y in range(n):
        top = x0 + y * scale
        x = 0
        while x < n:
            if bits[i >> 3] >> (i & 7) & 1:
                start = x
                x += 1
                i += 1
                while x < n and bits[i >> 3] >> (i & 7) & 1:
                    x += 1
                    i += 1
                fb.fill_rect(x0 + start * scale, top, (x - start) * scale, scale, BG)
            else:
                x += 1
                i += 1
