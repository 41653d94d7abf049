"""Raspberry Pi Pico + SSD1306 128x64 OLED on I2C, four push buttons, optional piezo.

Every pin of this board is here; README.md beside this file is the wiring table.
main.py imports this file as ``board`` (deploy copies it to /board.py). The display
driver is Schaffner's own (firmware/drivers/ssd1306.py).
"""
import gc

from machine import I2C, PWM, Pin
from micropython import const

from drivers.buttons import Edges, held
from drivers import mono_native
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

_buttons = tuple(Pin(p, Pin.IN, Pin.PULL_UP) for p in _BUTTON_PINS)
edges = Edges(_buttons)  # presses caught as they happen, for the debouncer
_buzzer = PWM(Pin(_BUZZER))
_buzzer.duty_u16(0)
_screen = None


def display(palette=None):
    """The screen: an SSD1306_I2C, a MONO_VLSB frame buffer whose show() sends the
    changed pages. A mono panel has no use for the palette."""
    global _screen
    i2c = I2C(_I2C_ID, sda=Pin(_SDA), scl=Pin(_SCL), freq=_I2C_HZ)
    gc.collect()
    _screen = SSD1306_I2C(WIDTH, HEIGHT, i2c, _OLED_ADDR, native=mono_native)
    return _screen


def read_buttons():
    """Bitmask of the buttons held now: bit 0 UP, 1 DOWN, 2 OK, 3 BACK."""
    return held(_buttons)


def contrast(level):
    """OLED contrast from the app's 1..10 setting."""
    if _screen is not None:
        _screen.contrast(level * 255 // 10)


def buzz(hz):
    """Sound the piezo at hz (a square wave); 0 silences it."""
    if hz:
        _buzzer.freq(hz)
        _buzzer.duty_u16(32768)
    else:
        _buzzer.duty_u16(0)


led = None  # no RGB LED on this board
