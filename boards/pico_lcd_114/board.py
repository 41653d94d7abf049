"""Waveshare Pico-LCD-1.14: 1.14" ST7789VW 240x135 IPS LCD, a five-way joystick, keys A and B.

The same glass and controller as the Pico Display Pack (drivers.lcd_board) on other pins,
with a reset line, seven keys and no LED. Every pin and panel fact of this board is here;
README.md beside this file says where each comes from and which key does what. main.py
imports this file as ``board`` (deploy copies it to /board.py).
"""
from micropython import const

from drivers import gs4_native
from drivers.lcd_board import LcdBoard

NAME = "pico_lcd_114"
WIDTH = const(240)
HEIGHT = const(135)
COLOUR = True  # main.py hands display() the app's palette

# GPIO numbers (Waveshare's Pico-LCD-1.14 wiki and demo): SPI1 bus, SCK, MOSI, CS, DC, RST
_SPI = (1, 10, 11, 9, 8, 12)
_BACKLIGHT = const(13)
# The keys, each pulled low when pressed, and the app's button each one is (app/events.py:
# 0 UP, 1 DOWN, 2 OK, 3 BACK). Held with the joystick on the left and A, B on the right:
# the joystick alone does everything with one thumb (up and down move, a press or a push to
# the right goes in, a push to the left goes back), and A, B do what the Display Pack's A, B
# do (A above: OK, B below: BACK; a long B is the undo).
_KEYS = (2, 18, 3, 20, 15, 16, 17)  # joystick up, down, press, right; key A; joystick left; key B
_BUTTONS = b"\x00\x01\x02\x02\x02\x03\x03"

# The visible 240x135 in the controller's 240x320 memory, landscape with the joystick on
# the left: as the Display Pack's glass (Waveshare's demo: MADCTL 0x70, CASET 40..279,
# RASET 53..187).
_X_OFFSET = const(40)
_Y_OFFSET = const(53)
_MADCTL = const(0x70)

# Waveshare's power and gamma settings for this panel (its demo's init): command, length, data.
_TUNING = (
    b"\xb2\x05\x0c\x0c\x00\x33\x33"  # PORCTRL
    b"\xb7\x01\x35"  # GCTRL
    b"\xbb\x01\x19"  # VCOMS
    b"\xc0\x01\x2c"  # LCMCTRL
    b"\xc2\x01\x01"  # VDVVRHEN
    b"\xc3\x01\x12"  # VRHS
    b"\xc4\x01\x20"  # VDVS
    b"\xc6\x01\x0f"  # FRCTRL2
    b"\xd0\x02\xa4\xa1"  # PWCTRL1
    b"\xe0\x0e\xd0\x04\x0d\x11\x13\x2b\x3f\x54\x4c\x18\x0d\x0b\x1f\x23"  # GMCTRP1
    b"\xe1\x0e\xd0\x04\x0c\x11\x13\x2c\x3f\x44\x51\x2f\x1f\x1f\x20\x23"  # GMCTRN1
)

_board = LcdBoard(WIDTH, HEIGHT, _KEYS, _BUTTONS, _SPI, _BACKLIGHT,
                  (_X_OFFSET, _Y_OFFSET, _MADCTL, _TUNING), gs4_native)
edges = _board.edges  # presses caught as they happen, for the debouncer
display = _board.display
read_buttons = _board.read_buttons
contrast = _board.contrast
led = None  # no RGB LED: the app shows the acting player on the screen alone
buzz = None  # no buzzer on this board
