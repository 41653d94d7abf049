"""Pimoroni Pico Display Pack: 1.14" ST7789 240x135 IPS LCD, buttons A/B/X/Y, RGB LED.

Every pin and panel fact of this board is here; README.md beside this file says where
each comes from. main.py imports this file as ``board`` (deploy copies it to /board.py).
"""
import gc

import machine
from machine import PWM, SPI, Pin
from micropython import const

from drivers.buttons import Edges, held
from drivers import gs4_native
from drivers.st7789 import ST7789

NAME = "pico_display_pack"
WIDTH = const(240)
HEIGHT = const(135)
COLOUR = True  # main.py hands display() the app's palette

# GPIO numbers (Pimoroni's pico_display.hpp and pimoroni_bus.cpp, BG_SPI_FRONT slot)
_SPI_ID = const(0)
_SCK = const(18)
_MOSI = const(19)
_CS = const(17)
_DC = const(16)
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
_SPI_HZ = const(62_500_000)  # the RP2040's fastest SPI clock at 125 MHz; the ST7789 takes it
_CPU_HZ = const(125_000_000)

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


def _pwm(pin, duty):
    """A 1 kHz PWM output on pin, starting at duty (0..65535)."""
    p = PWM(Pin(pin))
    p.freq(1000)
    p.duty_u16(duty)
    return p


_buttons = tuple(Pin(p, Pin.IN, Pin.PULL_UP) for p in _BUTTON_PINS)
edges = Edges(_buttons)  # presses caught as they happen, for the debouncer
_leds = tuple(_pwm(p, 65535) for p in _LED_PINS)  # all off
_backlight = None


def display(palette):
    """The screen: an ST7789 frame buffer drawn in indices of palette ((r, g, b) each),
    cleared, then lit."""
    global _backlight
    # SPI is clocked from the peripheral clock, the 48 MHz USB clock after boot (SPI
    # would run at 24 MHz); taken from the 125 MHz system clock it reaches 62.5 MHz.
    machine.freq(_CPU_HZ, _CPU_HZ)
    spi = SPI(_SPI_ID, baudrate=_SPI_HZ, sck=Pin(_SCK), mosi=Pin(_MOSI))
    gc.collect()  # the 16 KB frame buffer wants one contiguous block
    # The pins after the bus: SPI0 also claims its default MISO, GP16, which is DC here;
    # making it an output afterwards gives it back.
    screen = ST7789(spi, Pin(_CS, Pin.OUT, value=1), Pin(_DC, Pin.OUT, value=0),
                    width=WIDTH, height=HEIGHT, x_offset=_X_OFFSET, y_offset=_Y_OFFSET,
                    madctl=_MADCTL, palette=palette, tuning=_TUNING, native=gs4_native)
    _backlight = _pwm(_BACKLIGHT, 65535)
    return screen


def read_buttons():
    """Bitmask of the buttons held now: bit 0 UP, 1 DOWN, 2 OK, 3 BACK."""
    return held(_buttons)


def _level(v):
    """0..255 -> 0..65535 on a square curve, which looks even to the eye."""
    return v * 257 * v // 255


def led(rgb):
    """Light the RGB LED in (r, g, b), 0..255 each; None turns it off."""
    for i in range(3):
        _leds[i].duty_u16(65535 - (_level(rgb[i]) if rgb else 0))


def contrast(level):
    """Screen brightness from the app's 1..10 setting (the backlight's duty)."""
    if _backlight is not None:
        _backlight.duty_u16(_level(level * 255 // 10))


buzz = None  # no buzzer on this pack
