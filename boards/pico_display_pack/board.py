"""Pimoroni Pico Display Pack: 1.14" ST7789 240x135 IPS LCD, buttons A/B/X/Y, RGB LED.

Every pin and panel fact of this board is here; README.md beside this file says where
each comes from. main.py imports this file as ``board`` (deploy copies it to /board.py).
"""
from micropython import const

from drivers import gs4_native
from drivers.lcd_board import LcdBoard, level, pwm

NAME = "pico_display_pack"
WIDTH = const(240)
HEIGHT = const(135)
COLOUR = True  # main.py hands display() the app's palette

# GPIO numbers (Pimoroni's pico_display.hpp and pimoroni_bus.cpp, BG_SPI_FRONT slot):
# SPI bus, SCK, MOSI, CS, DC, and no reset line
_SPI = (0, 18, 19, 17, 16, None)
_BACKLIGHT = const(20)
_LED_PINS = (6, 7, 8)  # red, green, blue; the LED lights when its pin is low
# Buttons in app/events.py order UP, DOWN, OK, BACK: X and Y on the right-hand side
# move, A (top left) selects, B (bottom left) goes back. Pressed pulls the pin low.
_BUTTON_PINS = (14, 15, 12, 13)

# The visible 240x135 in the controller's 240x320 memory, landscape with the buttons
# A/B on the left (Pimoroni's ROTATE_0). Upside down (ROTATE_180): madctl 0xB0, y 52.
_X_OFFSET = const(40)
_Y_OFFSET = const(53)
_MADCTL = const(0x70)

# Pimoroni's power and gamma settings for this panel: command, length, data.
_TUNING = (
    b"\x35\x00"  # TEON
    b"\xb2\x05\x0c\x0c\x00\x33\x33"  # PORCTRL
    b"\xc0\x01\x2c"  # LCMCTRL
    b"\xc2\x01\x01"  # VDVVRHEN
    b"\xc3\x01\x00"  # VRHS
    b"\xc4\x01\x20"  # VDVS
    b"\xd0\x02\xa4\xa1"  # PWCTRL1
    b"\xc6\x01\x0f"  # FRCTRL2
    b"\xb7\x01\x75"  # GCTRL
    b"\xbb\x01\x3d"  # VCOMS
    b"\xd6\x01\xa1"
    b"\xe0\x0e\x70\x04\x08\x09\x09\x05\x2a\x33\x41\x07\x13\x13\x29\x2f"  # GMCTRP1
    b"\xe1\x0e\x70\x03\x09\x0a\x09\x06\x2b\x34\x41\x07\x12\x14\x28\x2e"  # GMCTRN1
)


_board = LcdBoard(WIDTH, HEIGHT, _BUTTON_PINS, None, _SPI, _BACKLIGHT,
                  (_X_OFFSET, _Y_OFFSET, _MADCTL, _TUNING), gs4_native)
edges = _board.edges  # presses caught as they happen, for the debouncer
display = _board.display
read_buttons = _board.read_buttons
contrast = _board.contrast
_leds = tuple(pwm(p, 65535) for p in _LED_PINS)  # all off


def led(rgb):
    """Light the RGB LED in (r, g, b), 0..255 each; None turns it off."""
    for i in range(3):
        _leds[i].duty_u16(65535 - (level(rgb[i]) if rgb else 0))


buzz = None  # no buzzer on this pack
