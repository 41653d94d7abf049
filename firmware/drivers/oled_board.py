"""What the boards with a 128x64 OLED on I2C share: they differ in the display's controller.

A Pico with an OLED module (an SSD1306 on the 0.96" ones, an SH1106 on the 1.3" ones), four
keys to ground and a piezo: a board file names its pins and its display driver, makes one
OledBoard and hands its display, read_buttons, contrast, buzz and edges to main.py as the
board's own (boards/README.md says what each is).
"""
import gc

import machine
from machine import I2C, PWM, Pin
from micropython import const

from drivers import chip
from drivers.buttons import Edges, held

_HALF = const(32768)  # a square wave: the piezo's loudest


class OledBoard:
    """An OLED board's parts.

    driver: the display's class (drivers.ssd1306.SSD1306_I2C or drivers.sh1106.SH1106_I2C);
    i2c: (bus, SDA, SCL, the display's fastest clock in Hz, its address); keys: the keys' GPIOs in
    app/events.py order UP, DOWN, OK, BACK; buzzer: the piezo's GPIO; native:
    drivers.mono_native, or None.
    """

    def __init__(self, driver, width, height, i2c, keys, buzzer, native):
        self._keys = tuple(Pin(p, Pin.IN, Pin.PULL_UP) for p in keys)
        self.edges = Edges(self._keys)  # presses caught as they happen, for the debouncer
        self._buzzer_pin = Pin(buzzer)
        self._buzzer = PWM(self._buzzer_pin)
        self._buzzer.duty_u16(0)
        self._driver = driver
        self._size = (width, height)
        self._i2c = i2c
        self._native = native
        self._screen = None

    def display(self, palette=None):
        """The screen: a MONO_VLSB frame buffer whose show() sends the changed pages. A mono
        panel has no use for the palette."""
        bus, sda, scl, hz, addr = self._i2c
        chip.fast(machine, False)  # the chip's clock first: the bus's counts come from it
        # asked for as the chip's I2C block counts it, so that SCL runs at hz (drivers.chip)
        i2c = I2C(bus, sda=Pin(sda), scl=Pin(scl), freq=chip.i2c_freq(hz, machine.freq()))
        gc.collect()
        width, height = self._size
        regs = chip.i2c_regs(bus) if self._native is not None else None
        self._screen = self._driver(width, height, i2c, addr, native=self._native, regs=regs)
        return self._screen

    def read_buttons(self):
        """Bitmask of the buttons held now: bit 0 UP, 1 DOWN, 2 OK, 3 BACK."""
        return held(self._keys)

    def contrast(self, level):
        """OLED contrast from the app's 1..10 setting."""
        if self._screen is not None:
            self._screen.contrast(level * 255 // 10)

    def buzz(self, hz):
        """Sound the piezo at hz (a square wave); 0 silences it."""
        if hz:
            # GPIO15 on the Pico: the RP2040's USB enumeration fix (drivers/lcd_board.py) can
            # have written back the pin's function from before the PWM had it
            self._buzzer_pin.init(Pin.ALT, alt=Pin.ALT_PWM)
            self._buzzer.freq(hz)
            self._buzzer.duty_u16(_HALF)
        else:
            self._buzzer.duty_u16(0)
