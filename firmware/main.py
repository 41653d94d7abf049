"""Schaffner on the Pico: boot, then buttons -> app -> screen, for as long as it has power.

board.py (this board's pins, copied to /board.py) hands over the display, the button
reader and the buttons' edges (caught by interrupt: a press is not lost while a poll
runs long), and the RGB LED, buzzer and contrast control where the board has them; the app
never sees a pin. Should anything fail, the error goes to /error.txt and onto the
screen instead of leaving a dead display; any button then restarts.

Hold BACK while powering up to get the REPL without the app (and without its watchdog,
which would otherwise reset the board while a tool talks to it).
"""
import sys

if sys.implementation.name == "micropython":
    # The built-ins the gadget uses, taken as they are: with a path to search, MicroPython
    # looks on the flash for a file of each one's name (a built-in can be extended) at every
    # import of it, anywhere, for it keeps no built-in in sys.modules: three littlefs lookups
    # per path entry, 8 ms an import on a make deploy install. Put in sys.modules, every
    # later import finds it there.
    _path = sys.path[:]
    sys.path.clear()
    try:
        for _name in ("array", "binascii", "json", "struct", "time", "machine", "_rp2", "uctypes"):
            try:
                sys.modules[_name] = __import__(_name)
            except ImportError:
                pass  # machine off the Pico: the bench's stand-in is a file, found later
    finally:
        sys.path.extend(_path)
        del _path, _name

import gc  # noqa: E402
import os  # noqa: E402
import time  # noqa: E402

if sys.implementation.name == "micropython":
    sys.modules["os"] = os  # found on the path (make chip extends it from /lib), then kept as above

import micropython  # noqa: E402
from micropython import const  # noqa: E402

import board  # noqa: E402
from drivers import chip  # noqa: E402
from drivers.buttons import Debouncer, ticks_add, ticks_diff, ticks_ms  # noqa: E402

_POLL_MS = const(10)  # button sampling period while a button is down, a screen ticks or a beep sounds
_IDLE_MS = const(50)  # else: a pin's edge wakes the loop at once, so a poll needs no hurry
_WDT_MS = const(8000)  # within the longest timeout of either chip's watchdog (drivers.chip: 8.4 s)
_DRAWN_MS = const(20)  # a press's poll this long by its frame's drawing shows it in the next
_POLL_MOST_MS = const(45)  # a press's poll that its collection would take past this leaves it to the app
_BEEP_HZ = const(2400)  # near a piezo's loudest
_BEEP_MS = const(60)
_BACK_HELD = const(8)  # bit of app.events.BACK in a raw button sample
_SAVE_DIR = "/data"
_ERROR_FILE = "/error.txt"
_CLOCK_UNSET = const(2021)  # the year an rp2 clock starts in at power-up


class Device:
    """The running gadget, one ``step`` per poll so tests can drive it with their own clock.

    led, buzz, contrast: the board's functions, or None where the board lacks them.
    wdt: a started machine.WDT, fed on every step.  clock: the ms ticks (ticks_ms),
    which say how long a poll has taken (None: no poll is judged by its length).
    late: a press's frame whose poll has run _DRAWN_MS by its drawing goes out in the
    next poll (a firmware image's; on a make deploy install it would only be later).
    """

    def __init__(self, display, app, buttons, led=None, buzz=None, contrast=None, wdt=None, clock=None, late=False):
        self.display = display
        self.clock = clock
        self.late = late and clock is not None
        self._now = 0  # when this poll began
        self._collect_ms = 0  # what the last collection took
        self.app = app
        self.buttons = buttons
        self.wdt = wdt
        self._led = led
        self._buzz = buzz
        self._contrast = contrast
        self._rgb = None
        self._level = None
        self._beep_end = None
        self._held = False  # a button was down at the last poll
        self._owed = False  # the last poll drew a frame for this one to show
        self._pressed = False  # ... a press's (the garbage is collected after it)
        self.refresh()

    def step(self, raw, now_ms):
        """One poll: raw button bits in; returns True when a frame went to the screen.

        A press's frame is drawn and shown in the poll that takes the press, before
        anything else: the player waits for that picture, while a save, the odds or a
        module to load can wait for the polls after it.  The board's pin interrupts
        keep the time of a press made meanwhile (drivers.buttons.Edges).  A frame that
        time drew (a tumble, the odds come in) is drawn in one poll and shown in the
        next, which comes at once: either alone is a short poll (on the OLED drawing a
        Trainmaker table takes 8 ms, sending a few rows of it 4 to 10), and the hands
        may be at the buttons.  So is a press's frame whose poll has run _DRAWN_MS by
        the time it is drawn (a game's end: its scoring, then a whole new screen, 25 ms
        on an OLED, and 24 more to send it): the picture a poll's start later, no poll twice as long."""
        self._now = now_ms
        events = self.buttons.update(raw, now_ms)
        held = self.buttons.down()
        if events or held or self._held:  # the hands at the buttons: flash work that erases waits
            self.app.flash.touch(now_ms, held)
        self._held = held
        changed = False
        if events:
            for ev in range(8):  # bit ev of the mask is event ev (a button, | LONG)
                if events >> ev & 1 and self.app.handle(ev):
                    changed = True
        shown = False
        if self._owed and not changed:
            self._show(self._pressed)  # the frame the last poll drew, this poll's only work
            shown = True
        else:
            if self.app.tick(now_ms):
                changed = True
            if changed:
                self.app.render()
                if events and not (self.late and ticks_diff(self.clock(), now_ms) >= _DRAWN_MS):
                    self._show(True)
                    shown = True
        self._owed = changed and not shown
        self._pressed = events != 0
        self._sound(now_ms)
        if self.wdt is not None:
            self.wdt.feed()
        return shown

    def busy(self):
        """True while the app's work waits for the next poll (a save, the odds), or a
        frame drawn to be shown in it."""
        return self._owed or self.app.busy()

    def wait_ms(self, started_ms, now_ms):
        """How long to sleep before the next poll, for a poll that began at started_ms:
        nothing while work waits, else what is left of the poll period, or less when a
        held button's long press, or flash work the app deferred, is due sooner.  The period is longer while nothing is
        down, no screen ticks and no beep sounds: the polls of an idle gadget cost CPU
        for nothing, and the pins' edges wake it.  A poll that ran _POLL_MOST_MS (a flash
        erase stalls the chip 45 ms) asks none of it: any wait would be a few ms at most,
        and the asking 1-2 ms more of a gap that hands may be waiting out."""
        took = ticks_diff(now_ms, started_ms)
        if took >= _POLL_MOST_MS or self.busy():
            return 0
        quick = self.buttons.down() or self.app.ticking() or self._beep_end is not None
        wait = max(0, (_POLL_MS if quick else _IDLE_MS) - took)
        for due in (self.buttons.due_ms(now_ms), self.app.flash.wait_ms(now_ms)):
            if due >= 0:
                wait = min(wait, due)
        return wait

    def refresh(self):
        """Draw and show the frame at once (at power-up)."""
        if self.clock is not None:
            self._now = self.clock()
        self.app.render()
        self._show()

    def _show(self, collect=True):
        """Show the frame drawn; bring the LED and the contrast up to date.  collect: a
        press's frame (or the first), after which the garbage is collected at once, while
        the player looks, not in the middle of the next press, unless that would take
        the poll past _POLL_MOST_MS (as long as the last collection took: 22-25 ms on a
        make deploy install, whose code is in the heap, and a press's frame there 20-30
        more).  A frame that time drew (a tumble, the odds), and such a press, leave it
        for a quiet poll once the hands are off (App.tick): the fingers may still be at
        the buttons."""
        app = self.app
        self.display.show()
        if self._led is not None:
            rgb = app.led()
            if rgb != self._rgb:
                self._rgb = rgb
                self._led(rgb)
        if self._contrast is not None:
            level = app.settings["contrast"]
            if level != self._level:
                self._level = level
                self._contrast(level)
        clock = self.clock
        t = 0 if clock is None else clock()
        if collect and clock is not None:
            collect = ticks_diff(t, self._now) + self._collect_ms <= _POLL_MOST_MS
        app.litter = not collect
        if collect:
            gc.collect()
            if clock is not None:
                self._collect_ms = ticks_diff(clock(), t)

    def _sound(self, now_ms):
        beeps = self.app.beeps
        self.app.beeps = 0
        if self._buzz is None:
            return
        if beeps:
            self._buzz(_BEEP_HZ)
            self._beep_end = ticks_add(now_ms, _BEEP_MS)
        elif self._beep_end is not None and ticks_diff(now_ms, self._beep_end) >= 0:
            self._buzz(0)
            self._beep_end = None


def palette():
    """The app's colours for a colour board, None for a mono one."""
    if not board.COLOUR:
        return None
    from app.colours import PALETTE
    return PALETTE


def today():
    """(year, month, day, hour, minute) once the clock has been set (Thonny does it on
    connect, or `mpremote rtc --set`; a Pico without a battery forgets it), else None."""
    now = time.localtime()[:5]
    return now if now[0] > _CLOCK_UNSET else None


def start(display, colours, wdt=None):
    """Build the app on the display and return the Device that runs it: the first frame
    shown, then what it does without: the dice's generator, and the saved game built (its
    rules imported, its log replayed)."""
    from app.app import App
    from app.flash import OsFiles
    from app.store import FileStore
    from drivers import rawflash

    # no collection before the first frame (9 ms of a deploy install's boot): the imports'
    # garbage goes right after it (Device._show), or sooner if the heap runs short
    seed = int.from_bytes(os.urandom(4), "little")  # the chip's random source (drivers.chip)
    # frozen into a firmware image, this module is gadget (launcher.py)
    frozen = __name__ == "gadget"
    app = App(display, board.WIDTH, board.HEIGHT, FileStore(_SAVE_DIR, OsFiles(rawflash)), None, colours, today,
              frozen)
    buttons = Debouncer(edges=board.edges)
    # a frame drawn late goes out in the next poll on a firmware image; on a make deploy install
    # it would only delay the frame (2 ms at p99): there a press's poll is as long as its
    # frame's drawing and sending, and the collection after it (20-25 ms, its code in the heap)
    # the first to give way (Device._show)
    device = Device(display, app, buttons, board.led, board.buzz, board.contrast, wdt, ticks_ms, frozen)
    from schaffner.rng import Rng

    app.rng = Rng(seed)  # the dice roll at a press, never at power-up
    if app.resume():  # a save that did not fit its game says so
        device.refresh()
    return device


def run(device):
    """Poll forever: every 10 ms while a button is down, a screen ticks or a beep
    sounds, else every 50 ms (Device.wait_ms); at once while work waits
    (Device.busy), and at once when a pin changes: the wait is slept a millisecond
    at a time, so a finger let go is taken within one.  time.sleep_ms idles the core between polls;
    machine.lightsleep would also stop USB, and wakes too slowly to pay off."""
    moved = device.buttons.moved
    while True:
        moved[0] = 0  # before the sample: an edge after it wakes the wait below
        start = time.ticks_ms()
        device.step(board.read_buttons(), start)
        wait = device.wait_ms(start, time.ticks_ms())
        while wait > 0 and not moved[0]:
            time.sleep_ms(1)
            wait -= 1


def show_error(display, exc):
    """The error in the 8x8 font: what broke, where to read more, what to do."""
    cols = board.WIDTH // 8
    rows = board.HEIGHT // 8
    msg = "%s: %s" % (type(exc).__name__, exc)
    lines = [msg[i:i + cols] for i in range(0, len(msg), cols)][: rows - 3]
    display.fill(0)
    display.text("Error", 0, 0, 1)
    for i, s in enumerate(lines):
        display.text(s, 0, 8 + i * 8, 1)
    display.text("See /error.txt"[:cols], 0, (rows - 2) * 8, 1)
    display.text("Press to restart"[:cols], 0, (rows - 1) * 8, 1)
    display.show()


def fail(display, exc, wdt=None):
    """Record exc, show it, and wait for a fresh button press to restart."""
    import machine

    gc.collect()
    sys.print_exception(exc)
    try:
        with open(_ERROR_FILE, "w") as f:
            sys.print_exception(exc, f)
    except OSError:
        pass  # a full or broken file system must not hide the screen
    if display is not None:
        try:
            show_error(display, exc)
        except Exception:  # the display itself may be what failed
            pass
    buttons = Debouncer()  # a button still held from the crash does not count
    while not buttons.update(board.read_buttons(), time.ticks_ms()):
        if wdt is not None:
            wdt.feed()
        time.sleep_ms(_POLL_MS)
    machine.reset()


def main():
    micropython.alloc_emergency_exception_buf(100)  # a failing button interrupt can still say why
    if board.read_buttons() & _BACK_HELD:
        print("Schaffner: BACK held at power-up; app not started")
        return
    display = wdt = None
    try:
        chip.take_clock()  # the time a PC's tool set before its reset, if one did
        colours = palette()
        display = board.display(colours)  # first, while the heap is still in one piece
        device = start(display, colours)
        from machine import WDT

        wdt = device.wdt = WDT(timeout=chip.watchdog_ms(_WDT_MS))
        run(device)
    except Exception as exc:
        fail(display, exc, wdt)


if __name__ == "__main__":
    main()
