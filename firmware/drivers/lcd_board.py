"""What the boards with an ST7789 LCD on SPI share: they differ in pins, keys and LED alone.

The Pimoroni Pico Display Pack and the Waveshare Pico-LCD-1.14 are the same 240x135 IPS
glass on an ST7789 behind SPI, with a PWM backlight and keys to ground: a board file names
its pins and panel facts, makes one LcdBoard and hands its display, read_buttons, contrast
and edges to main.py as the board's own (boards/README.md says what each is).
"""
import gc

import machine
from machine import PWM, SPI, Pin
from micropython import const

from drivers import chip
from drivers.buttons import Edges, held
from drivers.st7789 import ST7789

try:
    # the rp2 port's C module that its frozen rp2.py re-exports: built in, found without a
    # look at the flash (main.py keeps it in sys.modules), where rp2 is looked for there first
    import _rp2  # type: ignore[import-not-found]  # the stubs have rp2 alone
    import uctypes
except ImportError:  # off a Pico (the bench's runtime): the display writes by itself
    _rp2 = None

_SSPDR = const(0x08)
_SSP_REGS = const(0x24)  # SSPCR0 to SSPICR
_SPI_HZ = const(62_500_000)  # the ST7789's fastest write clock: the bus runs at the fastest division under it
_PWM_HZ = const(1000)
_FULL = const(65535)
# The pin the RP2040's USB enumeration fix borrows (pico-sdk, chips B0/B1): at each USB bus
# reset it takes GPIO15 for a millisecond, then writes back the pin's registers as they were
# when it began. A key set up within that millisecond (an image's frozen main.py sets its keys
# up while the host is still enumerating) is left with the reset's pull-down: read as held.
_USB_FIX_GPIO = const(15)


def pwm(pin, duty):
    """A 1 kHz PWM output on GPIO pin, starting at duty (0..65535)."""
    p = PWM(Pin(pin))
    p.freq(_PWM_HZ)
    p.duty_u16(duty)
    return p


def level(v):
    """0..255 -> 0..65535 on a square curve, which looks even to the eye."""
    return v * 257 * v // 255


class LcdBoard:
    """An ST7789 board's parts.

    keys: the keys' GPIOs; buttons: for each key the app's button it is (app/events.py: 0 UP,
    1 DOWN, 2 OK, 3 BACK), or None where key i is button i. spi: (bus, SCK, MOSI, CS, DC,
    RST or None) GPIOs; backlight: its GPIO. panel: (x offset, y offset, MADCTL, tuning) as
    drivers.st7789 takes them. native: drivers.gs4_native, or None.
    """

    def __init__(self, width, height, keys, buttons, spi, backlight, panel, native):
        self._keys = tuple(Pin(p, Pin.IN, Pin.PULL_UP) for p in keys)
        self._usb_key = None  # the key on the USB fix's pin, on a chip that has the fix
        if _USB_FIX_GPIO in keys and chip.which() == chip.RP2040:
            self._usb_key = self._keys[keys.index(_USB_FIX_GPIO)]
        self._buttons = buttons
        self.edges = Edges(self._keys, groups=buttons)  # presses caught as they happen, for the debouncer
        self._size = (width, height)
        self._spi = spi
        self._backlight_pin = backlight
        self._panel = panel
        self._native = native
        self._backlight = None

    def display(self, palette):
        """The screen: an ST7789 frame buffer drawn in indices of palette ((r, g, b) each),
        cleared, then lit."""
        bus, sck, mosi, cs, dc, rst = self._spi
        # SPI is clocked from the peripheral clock, the 48 MHz USB clock after boot (SPI
        # would run at 24 MHz); taken from the system clock the chip's table gives, it runs
        # at 50 MHz on the RP2040, 62.5 on the RP2350 (drivers.chip).
        chip.fast(machine, True)
        spi = SPI(bus, baudrate=_SPI_HZ, sck=Pin(sck), mosi=Pin(mosi))
        gc.collect()  # the 16 KB frame buffer wants one contiguous block
        # The pins after the bus: a bus also claims its default MISO (SPI0's GP16, SPI1's
        # GP8), which is DC on both boards; making it an output afterwards gives it back.
        x_offset, y_offset, madctl, tuning = self._panel
        width, height = self._size
        # the native loops send by DMA: both on a Pico, neither elsewhere (the tests' stand-ins)
        dma = SpiDma(bus) if _rp2 is not None and self._native is not None else None
        screen = ST7789(spi, Pin(cs, Pin.OUT, value=1), Pin(dc, Pin.OUT, value=0),
                        Pin(rst, Pin.OUT, value=1) if rst is not None else None,
                        width=width, height=height, x_offset=x_offset, y_offset=y_offset,
                        madctl=madctl, palette=palette, tuning=tuning,
                        native=self._native if dma is not None else None, dma=dma)
        self._backlight = pwm(self._backlight_pin, _FULL)
        return screen

    def read_buttons(self):
        """Bitmask of the buttons held now: bit 0 UP, 1 DOWN, 2 OK, 3 BACK."""
        key = self._usb_key
        if key is not None and not key.value():
            # held, or its pull-up lost to the USB fix: put the pull-up back (a held key
            # stays low), so a lost pull-up reads as no press at all
            key.init(Pin.IN, Pin.PULL_UP)
        return held(self._keys, self._buttons)

    def contrast(self, value):
        """Screen brightness from the app's 1..10 setting (the backlight's duty)."""
        if self._backlight is not None:
            self._backlight.duty_u16(level(value * 255 // 10))


class SpiDma:
    """A DMA channel that writes into an SPI bus's transmit FIFO, a byte a transfer, paced by
    the FIFO's own request line, for drivers.gs4_native.send, which starts it and waits for
    it: regs, the channel's registers; spi, the bus's (SSPCR0 to SSPICR); busy, the BUSY bit
    of the channel's control.  The bus is machine.SPI's (clock, format, pins): send writes
    into its data register alone, and leaves it as machine.SPI expects it."""

    def __init__(self, bus):
        base, dreq, busy = chip.spi_dma(bus)
        self.spi = uctypes.bytearray_at(base, _SSP_REGS)
        self._dma = dma = _rp2.DMA()  # held: the channel stays claimed
        dma.config(write=base + _SSPDR, trigger=False,
                   ctrl=dma.pack_ctrl(size=0, inc_write=False, treq_sel=dreq))
        self.regs = dma.registers
        self.busy = busy
