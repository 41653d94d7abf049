"""Drive the App the way a player does: presses in, drawn text out."""
from array import array

import framebuf

from app.app import App
from app.events import UP, DOWN, OK, BACK, LONG
from app.store import FileStore
from memfiles import MemFiles
import schaffner.journal  # noqa: F401  # the app imports it when a game is first built or started
# (never at a boot's first frame); imported here, its compiling from source is no test step's heap

KEYS = {"UP": UP, "DOWN": DOWN, "OK": OK, "BACK": BACK}


class Unlogged:
    """Driver.log for a test that replays nothing: nothing kept (the record is the test's
    heap, not the Pico's: a whole game of it is kilobytes, made again as it grows)."""

    def append(self, ev):
        pass


class Driver:
    def __init__(self, fs=None, rng=None, width=128, height=64, colour=False):
        self.fs = fs or MemFiles()
        self.width = width
        self.height = height
        self.colour = colour
        self.rng = rng
        self.boot()

    def power_off(self):
        """The power goes: nothing of the App is left (a test yields after this, so
        under MicroPython its heap is collected before the next boot, as on a Pico)."""
        self.app = self.buf = None

    def boot(self, resume=True):
        """Power on (again): a new App over the same files; log keeps every event pressed.
        resume=False: the first frame alone, the saved game not built yet (main.start
        builds it next)."""
        if not hasattr(self, "log"):
            # the test's record, not the Pico's heap: an array grows a few entries
            # at a time, where a list doubles (a whole game's presses and ticks)
            self.log = array("i")
        if self.colour:
            from app.colours import PALETTE
            buf = bytearray(self.width * self.height // 2)
            canvas = framebuf.FrameBuffer(buf, self.width, self.height, framebuf.GS4_HMSB)
            palette = PALETTE
        else:
            buf = bytearray(self.width * self.height // 8)
            canvas = framebuf.FrameBuffer(buf, self.width, self.height, framebuf.MONO_VLSB)
            palette = None
        self.buf = buf
        self.app = App(canvas, self.width, self.height, FileStore("/data", self.fs), self.rng, palette)
        self.app.ui.record()
        self.app.render()
        if resume and self.app.resume():  # as main.start: the saved game built once the first frame is up
            self.app.render()
        return self

    def press(self, *keys):
        """Each key: 'OK', 'DOWN', 'LONG_BACK', or 'DOWNx3' for three presses."""
        for key in keys:
            count = 1
            if "x" in key[1:] and key.rsplit("x", 1)[1].isdigit():
                key, n = key.rsplit("x", 1)
                count = int(n)
            long = key.startswith("LONG_")
            ev = KEYS[key[5:] if long else key] | (LONG if long else 0)
            for _ in range(count):
                self.log.append(ev)
                self.app.handle(ev)
                if self.app.opening is not None:  # the polls after the press, which open its screen ...
                    self.app.opened()
                self.app.render()
                self.app.flush()  # ... and save it
        return self

    def tick(self, now_ms):
        """Let time pass to now_ms: animations, and work the app does a slice
        per tick, ticked until it is done (the device polls again at once
        while the app is busy); logged for replays as -1 - now_ms, and a
        replay, like the device, ticks again while the app is busy."""
        for _ in self.polls(now_ms):
            pass
        return self

    def polls(self, now_ms):
        """tick(now_ms), a generator: a step per poll (under MicroPython the heap is
        collected between them, as between a Pico's polls)."""
        self.log.append(-1 - now_ms)
        while True:
            if self.app.tick(now_ms):
                self.app.render()
            if not self.app.busy():
                return
            yield

    @property
    def text(self):
        """Everything drawn on the current frame, one string."""
        return " ".join(self.app.ui.drawn)

    def shows(self, *parts):
        t = self.text
        for p in parts:
            assert p in t, "%r not on screen: %s" % (p, t)
        return self

    def pick(self, label, limit=40):
        """Move the menu cursor to the row containing label the shorter way (a menu
        wraps round), then OK: the fewest presses the screen allows."""
        for _ in range(limit):
            top = self.app.top
            items = getattr(top, "items", None)
            if items is not None and label in items[top.index]:
                return self.press("OK")
            self.press(toward(top, items, label))
        raise AssertionError("no menu row %r on: %s" % (label, self.text))


def toward(top, items, label):
    """UP or DOWN: the shorter way round a menu to the first row containing label
    (DOWN where no row is known to, and where the rows are read only as they are
    shown, as the History's are: reading them all would be heap of its own)."""
    n = len(items) if type(items) in (list, tuple) else 0
    for j in range(n):
        if label in items[j]:
            return "UP" if (top.index - j) % n < (j - top.index) % n else "DOWN"
    return "DOWN"
