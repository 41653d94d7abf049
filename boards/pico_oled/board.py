"""Raspberry Pi Pico + SSD1306 128x64 OLED on I2C, four push buttons, optional piezo.

Every pin of this board is here; README.md beside this file is the wiring table.
main.py imports this file as ``board`` (deploy copies it to /board.py). The display
driver is Schaffner's own (firmware/drivers/ssd1306.py); boards/pico_oled_sh1106 is the
same wiring with the 1.3" modules' SH1106.
"""
from micropython import const

from drivers import mono_native
from drivers.oled_board import OledBoard
from drivers.ssd1306 import SSD1306_I2C

NAME = "pico_oled"
WIDTH = const(128)
HEIGHT = const(64)
COLOUR = False  # monochrome: the app draws 0 (off) and 1 (lit)

# GPIO numbers
_I2C_ID = const(0)
_SDA = const(4)  # physical pin 6
_SCL = const(5)  # physical pin 7
_I2C_HZ = const(400_000)  # the SSD1306's fast-mode limit
_OLED_ADDR = const(0x3C)  # 0x3D on modules with the address jumper moved
# Buttons to GND, internal pull-ups, in app/events.py order UP, DOWN, OK, BACK
# (physical pins 14, 15, 16, 17; GND at 13 and 18 beside them).
_BUTTON_PINS = (10, 11, 12, 13)
_BUZZER = const(15)  # physical pin 20; a passive piezo to GND (silent if none fitted)

_board = OledBoard(SSD1306_I2C, WIDTH, HEIGHT, (_I2C_ID, _SDA, _SCL, _I2C_HZ, _OLED_ADDR),
                   _BUTTON_PINS, _BUZZER, mono_native)
edges = _board.edges  # presses caught as they happen, for the debouncer
display = _board.display
read_buttons = _board.read_buttons
contrast = _board.contrast
buzz = _board.buzz
led = None  # no RGB LED on this board
