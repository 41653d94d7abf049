"""The board files against a stand-in ``machine``: pins, button bits, LED, buzzer, display.

Host only: a board file imports ``machine``, which exists on the Pico alone, so each
test loads boards/<name>/board.py with a recording fake in its place.
"""
import importlib
import os
import sys
import types

import native_reference
from drivers import chip
from panels import Oled, Panel

CPYTHON_ONLY = "loads each board file with a stand-in machine module in sys.modules"

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Hardware:
    """What the fake machine module saw and what its pins read back."""

    def __init__(self):
        self.levels = {}  # GPIO -> level a key holds its pin at (default: released)
        self.pins = {}  # GPIO -> the last Pin made on it
        self.pwms = {}  # GPIO -> PWM
        self.hooks = {}  # GPIO -> called with each level written
        self.spi = None
        self.i2c = None
        self.sink = None  # receives SPI writes, and I2C transfers
        self.clocks = []  # machine.freq calls, each with the SPI made so far
        self.cpu_hz = 125_000_000  # what machine.freq() says: the RP2040's own clock at boot
        self.mem32 = Words()  # the chip's registers, as machine.mem32
        self.volts = []  # (what machine.freq() said, the regulator's VSEL) at each write of it
        self.irqs = {}  # gpio -> (handler, trigger, hard)
        self.inits = []  # GPIO of each Pin made or set up again, in order

    def machine(self):
        hw = self

        class Pin:
            IN, OUT, ALT, PULL_UP, ALT_PWM = 0, 1, 3, 1, 4
            IRQ_FALLING, IRQ_RISING = 4, 8
            irqs = hw.irqs

            def irq(self, handler=None, trigger=0, hard=False):
                self.irqs[self.gpio] = (handler, trigger, hard)

            def __init__(self, gpio, mode=None, pull=None, value=None):
                self.gpio = gpio
                self.init(mode, pull)
                hw.pins[gpio] = self
                if value is not None:
                    self(value)

            def init(self, mode=None, pull=None, alt=None):
                self.mode, self.pull, self.alt = mode, pull, alt
                hw.inits.append(self.gpio)

            def value(self, v=None):
                if v is None:  # a released pin without its pull-up reads low (a pull-down)
                    return hw.levels.get(self.gpio, 1 if self.pull == self.PULL_UP else 0)
                self(v)

            def __call__(self, v):
                hw.hooks.get(self.gpio, lambda v: None)(v)

        class PWM:
            def __init__(self, pin):
                self.hz = self.duty = None
                hw.pwms[pin.gpio] = self

            def freq(self, hz):
                self.hz = hz

            def duty_u16(self, duty):
                self.duty = duty

        class SPI:
            def __init__(self, bus, baudrate=None, sck=None, mosi=None, miso=None):
                hw.spi = (bus, baudrate, sck.gpio, mosi.gpio, miso)

            def write(self, buf):
                hw.sink.write(buf)

        class I2C:
            def __init__(self, bus, sda=None, scl=None, freq=None):
                hw.i2c = (bus, sda.gpio, scl.gpio, freq)
                # the block's registers, where the board's native write finds it
                native_reference.i2c_blocks[chip.i2c_regs(bus)] = self

            def writeto(self, addr, buf):
                hw.sink.writeto(addr, buf)

            def writevto(self, addr, bufs):
                hw.sink.writevto(addr, bufs)

        def freq(*hz):
            if not hz:
                return hw.cpu_hz
            hw.clocks.append((hz, hw.spi))
            hw.cpu_hz = hz[0]

        mod = types.ModuleType("machine")
        mod.Pin, mod.PWM, mod.SPI, mod.I2C, mod.freq = Pin, PWM, SPI, I2C, freq
        mod.mem32 = hw.mem32
        hw.mem32.seen = lambda addr, value: addr == _VREG and hw.volts.append((hw.cpu_hz, value >> 4 & 15))
        return mod


_VREG = 0x40064000  # the RP2040's core regulator (datasheet 2.10.6): VSEL in bits 4-7
_VREG_AT_BOOT = 0x0B1  # enabled, VSEL 1011: 1.10 V


class Words(dict):
    """machine.mem32: the words written, the regulator's as it boots; seen(addr, value) at each
    write."""

    def __missing__(self, addr):
        return _VREG_AT_BOOT if addr == _VREG else 0

    def __setitem__(self, addr, value):
        self.seen(addr, value)
        super().__setitem__(addr, value)


def _load(name, hw):
    # native_reference: the native loops, which only the Pico compiles
    modules = {"machine": hw.machine(), "drivers.gs4_native": native_reference,
               "drivers.mono_native": native_reference}
    fresh = ["board", "drivers.lcd_board", "drivers.oled_board"]  # each takes this test's machine
    saved = {k: sys.modules.get(k) for k in list(modules) + fresh}
    sys.modules.update(modules)
    for k in fresh:
        sys.modules.pop(k, None)
    sys.path.insert(0, os.path.join(ROOT, "boards", name))
    try:
        return importlib.import_module("board")
    finally:
        sys.path.pop(0)
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v


def _raw(board, hw, pressed):
    hw.levels = dict((gpio, 0) for gpio in pressed)
    return board.read_buttons()


def test_display_pack_buttons():
    hw = Hardware()
    b = _load("pico_display_pack", hw)
    for gpio in (12, 13, 14, 15):
        assert hw.pins[gpio].mode == 0 and hw.pins[gpio].pull == 1  # input, pulled up
    # X, Y, A, B -> UP, DOWN, OK, BACK
    assert [_raw(b, hw, [g]) for g in (14, 15, 12, 13)] == [1, 2, 4, 8]
    assert _raw(b, hw, []) == 0 and _raw(b, hw, [12, 13, 14, 15]) == 15


def test_display_pack_y_key_gets_its_pull_up_back_from_the_usb_fix():
    hw = Hardware()
    b = _load("pico_display_pack", hw)
    y = hw.pins[15]
    y.pull = None  # the RP2040's USB enumeration fix wrote back the pin's reset pull-down
    assert _raw(b, hw, []) == 0  # not a press of DOWN
    assert y.pull == y.PULL_UP
    del hw.inits[:]
    assert _raw(b, hw, []) == 0 and hw.inits == []  # a key let go costs nothing more
    assert _raw(b, hw, [15]) == 2 and hw.inits == [15]  # held: still DOWN
    assert _raw(b, hw, [14]) == 1 and hw.inits == [15]  # the other keys are not touched


def _edges_catch_presses(name, gpios):
    hw = Hardware()
    b = _load(name, hw)
    for bit, gpio in enumerate(gpios):
        handler, trigger, hard = hw.irqs[gpio]
        assert hard and trigger == 4 | 8  # both edges, a hard interrupt
        hw.levels = {gpio: 0}
        handler(hw.pins[gpio])
        hw.levels = {}
        handler(hw.pins[gpio])
        assert b.edges.took() == 1 << bit
        assert b.edges.took() == 0
        assert b.edges.up[bit] >= b.edges.down[bit]
    assert sorted(hw.irqs) == sorted(gpios)  # no other pin has a handler


def test_display_pack_catches_its_buttons_edges():
    _edges_catch_presses("pico_display_pack", (14, 15, 12, 13))


def test_oled_catches_its_buttons_edges():
    _edges_catch_presses("pico_oled", (10, 11, 12, 13))


def test_display_pack_led_is_active_low_with_a_square_curve():
    hw = Hardware()
    b = _load("pico_display_pack", hw)
    leds = [hw.pwms[g] for g in (6, 7, 8)]
    assert [p.duty for p in leds] == [65535] * 3  # off from the start
    b.led((255, 0, 128))
    # 128 -> 128 * 257 * 128 // 255 = 16512 lit, so the pin is low for 65535 - 16512
    assert [p.duty for p in leds] == [0, 65535, 65535 - 16512]
    b.led(None)
    assert [p.duty for p in leds] == [65535] * 3
    assert b.buzz is None


def test_display_pack_display_is_the_vendor_panel():
    hw = Hardware()
    b = _load("pico_display_pack", hw)
    panel = Panel()
    hw.sink = panel
    hw.hooks = {17: panel.set_cs, 16: panel.set_dc}
    from app.colours import PALETTE

    screen = b.display(PALETTE)
    assert panel.commands() == [0x01]  # reset; the rest waits for the boot's first frame
    screen.show()
    assert hw.spi[:4] == (0, 62_500_000, 18, 19)
    # the peripheral clock taken from the system clock before the bus is made, or SPI runs at
    # 24 MHz; the RP2040 at 200 MHz (SPI 50), its core voltage raised to 1.15 V first
    assert hw.clocks == [((200_000_000, 200_000_000), None)]
    assert hw.volts == [(125_000_000, 0b1100)]
    assert (b.WIDTH, b.HEIGHT, b.NAME) == (240, 135, "pico_display_pack")
    assert panel.data_of(0x2A)[-1] == bytes((0, 40, 279 >> 8, 279 & 0xFF))  # columns 40..279
    assert panel.data_of(0x2B)[-1] == bytes((0, 53, 0, 187))  # rows 53..187
    assert panel.data_of(0x36) == [b"\x70"]
    assert panel.data_of(0xBB) == [b"\x3d"]  # Pimoroni's VCOM for this panel
    assert panel.data_of(0xE0)[0][:2] == b"\x70\x04" and len(panel.data_of(0xE0)[0]) == 14
    assert 0x21 in panel.commands()  # inversion on
    assert panel.pixels == 240 * 135
    assert panel.commands()[-1] == 0x29  # on once that frame is in the panel's memory
    assert hw.pwms[20].duty == 65535
    screen.fill(1)
    assert screen.pixel(239, 134) == 1


def test_display_pack_contrast_is_the_backlight():
    hw = Hardware()
    b = _load("pico_display_pack", hw)
    panel = Panel()
    hw.sink = panel
    hw.hooks = {17: panel.set_cs, 16: panel.set_dc}
    b.display(((0, 0, 0), (255, 255, 255)))
    b.contrast(10)
    assert hw.pwms[20].duty == 65535
    b.contrast(5)  # 5 * 255 // 10 = 127 -> 127 * 257 * 127 // 255 = 16255
    assert hw.pwms[20].duty == 16255


def test_oled_buttons_display_and_contrast():
    hw = Hardware()
    b = _load("pico_oled", hw)
    assert [_raw(b, hw, [g]) for g in (10, 11, 12, 13)] == [1, 2, 4, 8]
    oled = hw.sink = Oled(128, 64, 0x3C)
    screen = b.display()
    # the RP2040 at 200 MHz, its core voltage raised to 1.15 V first; the bus asked for
    # 421,052 Hz: SCL at 400 kHz as the RP2040's I2C block counts at that clock (drivers.chip)
    assert hw.clocks == [((200_000_000,), None)]  # the OLED needs no faster peripheral clock
    assert hw.volts == [(125_000_000, 0b1100)]
    assert hw.i2c == (0, 4, 5, 421_052)
    assert (b.WIDTH, b.HEIGHT, b.COLOUR, b.led) == (128, 64, False, None)
    screen.text("Red", 0, 0, 1)
    screen.show()
    assert oled.ram == screen.buffer  # the panel shows the frame
    b.contrast(10)
    assert oled.args_of(0x81)[-1] == (255,)
    b.contrast(1)
    assert oled.args_of(0x81)[-1] == (25,)


def test_oled_buzzer():
    hw = Hardware()
    b = _load("pico_oled", hw)
    piezo = hw.pwms[15]
    assert piezo.duty == 0  # silent from the start
    hw.pins[15].init()  # the RP2040's USB enumeration fix wrote back the pin's old function
    b.buzz(2400)
    assert (piezo.hz, piezo.duty) == (2400, 32768)  # half duty: the loudest square wave
    assert (hw.pins[15].mode, hw.pins[15].alt) == (3, 4)  # the PWM has its pin back
    b.buzz(0)
    assert piezo.duty == 0
