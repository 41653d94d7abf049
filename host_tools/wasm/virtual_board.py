"""The virtual board: Schaffner's gadget inside the MicroPython WebAssembly runtime, on no hardware.

A real board (boards/<name>/board.py) gives firmware/main.py its display, and the RGB LED,
buzzer and contrast where it has them.  This module gives the same for either board on a
frame buffer in memory, for the three places that run the gadget in the runtime: the
simulator (host_tools/sim), the web page (the page's /board.py: host_tools/web) and the
bench's replays (host_tools/bench/mp).  use(name) makes it stand in for one board, with
hooks for whoever watches: show(buffer) when a frame is shown, led(rgb), buzz(hz),
contrast(level).  app() builds the App on its screen as main.start does on a Pico;
press() and rest() drive one the way the simulator and the bench's replays do (the web
page drives main.Device instead, poll by poll, as the Pico's loop does).
"""
import framebuf

# name -> (width, height, colour screen, RGB LED, buzzer), as boards/<name>/ has them
BOARDS = {
    "pico_oled": (128, 64, False, False, True),
    "pico_display_pack": (240, 135, True, True, False),
    "pico_oled_sh1106": (128, 64, False, False, True),
    "pico_lcd_114": (240, 135, True, False, False),
}

NAME = ""
WIDTH = 0
HEIGHT = 0
COLOUR = False  # main.py hands display() the app's palette when True
led = None
buzz = None
_show = None
_contrast = None


def use(name, show=None, led=None, buzz=None, contrast=None):
    """Stand in for board ``name`` (ValueError for a board there is none of); the hooks of
    a part the board lacks are left out, as a real board has no function for it."""
    global NAME, WIDTH, HEIGHT, COLOUR, _show, _contrast
    if name not in BOARDS:
        raise ValueError("unknown board %r" % name)
    WIDTH, HEIGHT, COLOUR, has_led, has_buzzer = BOARDS[name]
    NAME = name
    _show = show
    _contrast = contrast
    globals()["led"] = led if has_led else None
    globals()["buzz"] = buzz if has_buzzer else None


class Screen(framebuf.FrameBuffer):
    """The board's frame buffer, of palette indices (MONO_HLSB, or GS4_HMSB on a colour
    screen); show() hands the buffer to the show hook."""

    def __init__(self, width, height, colour):
        self.buffer = bytearray(width * height // (2 if colour else 8))
        super().__init__(self.buffer, width, height, framebuf.GS4_HMSB if colour else framebuf.MONO_HLSB)

    def show(self):
        if _show is not None:
            _show(self.buffer)


def display(palette=None):
    """The screen (palette: main.py hands it over; the frame keeps indices, the watcher
    has the palette)."""
    return Screen(WIDTH, HEIGHT, COLOUR)


def contrast(level):
    if _contrast is not None:
        _contrast(level)


def palette():
    """The app's colours on a colour board, None on a mono one (main.palette's)."""
    if not COLOUR:
        return None
    from app.colours import PALETTE
    return PALETTE


def app(seed, files=None, folder="/data"):
    """The App on a new screen of this board, saving into folder through files (app.flash's
    OsFiles unless given), the dice seeded with seed."""
    from app.app import App
    from app.store import FileStore
    from schaffner.rng import Rng

    app = App(display(), WIDTH, HEIGHT, FileStore(folder, files), Rng(seed), palette())
    app.resume()  # the saved game built, as main.start does after the first frame
    return app


def press(app, ev):
    """Event ev to the app: the screen it opens opened (App.open: a step a poll on a make deploy
    install, the polls right after the press), its frame drawn, then the save written, as the
    polls after a press do."""
    app.handle(ev)
    app.opened()
    app.render()
    app.flush()


def rest(app, now_ms):
    """Time has reached now_ms: the app ticked until no work is under way (the device polls
    again at once while it is busy), its frame drawn if it changed; True if it did."""
    changed = False
    while True:
        if app.tick(now_ms):
            changed = True
        if not app.busy():
            break
    if changed:
        app.render()
    return changed
