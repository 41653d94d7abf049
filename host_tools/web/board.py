"""The browser as a board: what boards/<name>/board.py gives firmware/main.py, for the web page.

The page (page.js beside this file) registers a JavaScript module ``browser`` before
anything imports this: show(hex) puts a frame on its canvas, led(css) lights its LED
("#rrggbb"; "" is off), buzz(hz) sounds a tone (0: silence), contrast(level) sets the
screen's brightness.
use(name) makes this the stand-in for one real board: its screen's size and colours,
and whether it has the RGB LED and the buzzer.
"""
import binascii

import framebuf

import browser  # type: ignore[import-not-found]  # the page's JavaScript

# name -> (width, height, colour screen, RGB LED, buzzer), as boards/<name>/ has them
BOARDS = {
    "pico_oled": (128, 64, False, False, True),
    "pico_display_pack": (240, 135, True, True, False),
}

NAME = ""
WIDTH = 0
HEIGHT = 0
COLOUR = False  # main.py hands display() the app's palette when True


class Screen(framebuf.FrameBuffer):
    """The board's frame buffer; show() hands the frame to the page (MONO_HLSB or GS4_HMSB)."""

    def __init__(self, width, height, colour):
        self.buffer = bytearray(width * height // (2 if colour else 8))
        super().__init__(self.buffer, width, height, framebuf.GS4_HMSB if colour else framebuf.MONO_HLSB)

    def show(self):
        browser.show(binascii.hexlify(self.buffer).decode())


def use(name):
    """Stand in for board ``name``; ValueError for a board the page does not know."""
    global NAME, WIDTH, HEIGHT, COLOUR, led, buzz
    if name not in BOARDS:
        raise ValueError("unknown board %r" % name)
    WIDTH, HEIGHT, COLOUR, has_led, has_buzzer = BOARDS[name]
    NAME = name
    led = _led if has_led else None
    buzz = _buzz if has_buzzer else None


def display(palette=None):
    """The screen; the page gets the palette from web_device, so the frame is indices."""
    return Screen(WIDTH, HEIGHT, COLOUR)


def _led(rgb):
    browser.led("#%02x%02x%02x" % rgb if rgb else "")


def _buzz(hz):
    browser.buzz(hz)


def contrast(level):
    browser.contrast(level)


led = None
buzz = None
