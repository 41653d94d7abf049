"""The chip under the board: a Pico's RP2040 or a Pico 2's RP2350, and what differs between them.

Both run the same files: MicroPython's firmware for each (RPI_PICO, RPI_PICO2) names its chip
in sys.implementation._machine ("Raspberry Pi Pico with RP2040", "Raspberry Pi Pico2 with
RP2350"), and the board and the main loop take from CHIPS what they must not assume:

- the system clock. The RP2040 boots at 125 MHz, and is certified to run at 200 MHz with its
  core regulator raised from the boot's 1.10 V to 1.15 V (RP2040 datasheet, 2.15.3; the Pico
  SDK's 2.1.1): every board runs it there (fast()), the voltage first, for a third less of
  every poll's Python (docs/performance.md). MicroPython's machine.freq sets the flash's clock
  divider for it (100 MHz, within the W25Q16JV's 133) but never the voltage. SPI is clocked
  from the peripheral clock, which MicroPython leaves on the 48 MHz USB clock (SPI at most 24
  MHz); machine.freq(f, f) takes it from the system clock, and the bus runs at an even
  division of that: at 200 MHz 50 MHz, under the ST7789's 62.5 (a whole frame on the wire 10.4
  ms instead of 8.3, which the faster Python more than pays for). The RP2350 boots at 150 MHz,
  its rated clock, which the I2C boards keep; there the fastest division under the panel's
  62.5 MHz is 37.5 MHz, so an SPI board runs it at 125 MHz (its Cortex-M33 at 125 MHz still
  outruns the RP2040's M0+; a whole frame on the wire is 8.3 ms instead of 13.8).
- the I2C clock. Both chips' I2C block (Synopsys DW_apb_i2c) holds SCL high for HCNT + SPKLEN
  + 7 system clocks and low for LCNT + 1, while the Pico SDK's i2c_set_baudrate (which
  machine.I2C calls) divides the system clock by the rate asked for and splits that into HCNT
  and LCNT alone: asked for 400 kHz at 125 MHz, the bus runs at 376.5 kHz (332 clocks a bit).
  i2c_freq() works out what to ask for so that the bus runs at the fastest rate not above the
  display's limit (at 125 MHz 399.4 kHz: 313 clocks; at 200 MHz 400 kHz: 500), from the clock
  the chip runs at: 6 % off every byte an OLED is sent. A slow rising edge (the pull-ups) only
  lengthens the high time. And machine.I2C's write puts each byte into the block's FIFO only
  once the last has left the wire (the SDK waits for TX_EMPTY with TX_EMPTY_CTRL set, a byte
  at a time), so SCL stops for the SDK's loop between bytes: 1.2 us a byte on the emulated
  Pico, 5 % of a whole frame's 1 KB. An OLED board's show() writes its bytes into the FIFO
  itself (drivers.mono_native.i2c_write), at the registers of the block on its bus (I2C_REGS,
  i2c_regs()), keeping the FIFO fed so the bytes follow each other on the wire.
- the watchdog's longest timeout: machine.WDT takes at most 8388 ms on both (MicroPython
  1.28's limit; the RP2040 counts each microsecond twice, RP2040-E1, the RP2350 could wait
  16.7 s).
- os.urandom: the Pico SDK's get_rand_64 on both, from the ring oscillator, the clocks and
  the bus counters on the RP2040, with the true random number generator on the RP2350:
  nothing to choose.
- pins: the Pico 2 has the Pico's pinout and the same GPIO functions on them (SPI0, SPI1,
  I2C0, PWM), so a board's GPIO numbers hold on both.
- native code (drivers.mono_native, gs4_native): MicroPython compiles frozen viper code for
  armv6m on the RP2040 and armv7m on the RP2350, which loads armv6m .mpy files of make
  deploy too.
- a display's rows sent by DMA (drivers.lcd_board): the SPI blocks sit at other addresses,
  the RP2350's third PIO block's eight requests move the SPI ones up by eight, and a DMA
  channel's BUSY bit is bit 26 there, not 24 (SPI_DMA, spi_dma). Only the RP2040's is run
  here: the emulated chip is one.
- the clock across a reset. MicroPython's rp2 port sets the clock to 2021-01-01 at every hard
  reset (ports/rp2/main.c), and the PC's tools end their session with machine.reset(). So a
  tool that set the clock (host_tools/pico/link.py) leaves the time in the watchdog's scratch
  registers 0-2, which a watchdog reset keeps (the Pico SDK's reboot uses 4-7) and a power-up
  clears, and take_clock() puts it back at the next boot: at most the second or so the reset
  took behind. The watchdog block sits at another address on each chip.

Elsewhere (the simulator, the bench, the tests) no chip is named: the RP2040's row then,
which is what the bench models.
"""
import sys

try:
    from time import sleep_us
except ImportError:  # CPython (the PC's tools, the tests): no regulator to wait for
    def sleep_us(us):  # type: ignore[misc]
        pass

# Plain integers, no micropython.const: the PC's tools import this module (host_tools/pico/link.py
# writes the scratch words), also from a tree without the tests' CPython stand-ins.
RP2040 = 0
RP2350 = 1
# (name, the system clock an I2C board runs (None: the boot's), the one an SPI board runs with
#  its peripheral clock, the core voltage those need (the regulator's VSEL; None: the boot's),
#  the watchdog's longest timeout in ms, the address of the watchdog's SCRATCH0)
CHIPS = (
    ("RP2040", 200_000_000, 200_000_000, 0b1100, 8388, 0x4005800C),  # VSEL 1100: 1.15 V
    ("RP2350", None, 125_000_000, None, 8388, 0x400D800C),
)
_VREG = 0x40064000  # the RP2040's VREG_AND_CHIP_RESET: VREG, VSEL in bits 4-7
_VSEL_BITS = 0xF0
_VREG_SETTLE_US = 1000  # what the Pico SDK waits after raising it, before the faster clock
# per chip: SPI0's registers, SPI1's, SPI0's transmit FIFO's DREQ (SPI1's is two on), the
# BUSY bit of a DMA channel's control (the RP2040 and RP2350 datasheets; pico-sdk's
# addressmap.h, dreq.h and dma.h): for a display's rows sent by DMA (drivers.lcd_board)
SPI_DMA = (
    (0x4003C000, 0x40040000, 16, 1 << 24),
    (0x40080000, 0x40088000, 24, 1 << 26),
)
# per chip: I2C0's registers, I2C1's (the RP2040 and RP2350 datasheets; pico-sdk's
# addressmap.h): for an OLED's bytes written into the block's FIFO (drivers.mono_native)
I2C_REGS = (
    (0x40044000, 0x40048000),
    (0x40090000, 0x40098000),
)
_CLOCK_KEY = 0x2C4AF7E  # mixed into the check word: a scratch left by anything else fails it
_CLOCK_UNSET = 2021  # the year the rp2 port starts its clock in


def which(machine=None):
    """RP2040 or RP2350: the chip machine (sys.implementation._machine by default) names."""
    if machine is None:
        machine = getattr(sys.implementation, "_machine", "")
    return RP2350 if "RP2350" in machine else RP2040


def clock_hz(spi, chip=None):
    """The system clock a board runs the chip at (an SPI board: the peripheral clock with it),
    None where it keeps the boot's."""
    return CHIPS[which() if chip is None else chip][2 if spi else 1]


def fast(machine, spi):
    """Run the chip at its boards' clock (clock_hz): the core voltage that needs first, then the
    clock (an SPI board's peripheral clock with it). machine: the machine module."""
    c = which()
    hz = clock_hz(spi, c)
    if hz is None:
        return
    vsel = CHIPS[c][3]
    if vsel is not None:
        machine.mem32[_VREG] = machine.mem32[_VREG] & ~_VSEL_BITS | vsel << 4
        sleep_us(_VREG_SETTLE_US)
    if spi:
        machine.freq(hz, hz)
    else:
        machine.freq(hz)


def i2c_freq(scl_hz, clk_hz):
    """The freq to give machine.I2C for SCL at the fastest rate not above scl_hz, the chip's
    system clock at clk_hz (see above: the Pico SDK's counts, each bit the block's high and
    low time)."""
    if not 0 < scl_hz <= clk_hz // 32:
        raise ValueError("an I2C clock from 1 Hz to a 32nd of the system clock")
    need = -(-clk_hz // scl_hz)  # system clocks a bit must last at least
    # what the SDK divides the clock by: a bit lasts that + SPKLEN + 8, SPKLEN at most a
    # 26th of it; from below that, the first that lasts long enough
    period = (need - 8) * 26 // 27
    while i2c_bit_clocks(clk_hz // period, clk_hz) < need:
        period += 1
    return clk_hz // period


def i2c_bit_clocks(asked_hz, clk_hz):
    """The system clocks (at clk_hz) an SCL bit lasts with machine.I2C asked for asked_hz:
    the Pico SDK's period (the clock over the rate, rounded), of it LCNT 3/5 and HCNT the
    rest, SPKLEN LCNT / 16 (1 below 16); the block's high HCNT + SPKLEN + 7, low LCNT + 1."""
    period = (clk_hz + asked_hz // 2) // asked_hz
    low = period * 3 // 5
    return period + (1 if low < 16 else low // 16) + 8


def i2c_regs(bus, chip=None):
    """Where the registers of I2C block bus (0 or 1) are on the chip."""
    return I2C_REGS[which() if chip is None else chip][bus]


def watchdog_ms(wanted, chip=None):
    """wanted, or the chip's longest watchdog timeout where that is shorter."""
    return min(wanted, CHIPS[which() if chip is None else chip][4])


def scratch_address(chip=None):
    """Where the watchdog's SCRATCH0 is on the chip."""
    return CHIPS[which() if chip is None else chip][5]


def spi_dma(bus, chip=None):
    """(the registers of SPI bus 0 or 1, its transmit FIFO's DREQ, a DMA channel's BUSY bit)."""
    spi0, spi1, dreq, busy = SPI_DMA[which() if chip is None else chip]
    return (spi1 if bus else spi0), dreq + 2 * bus, busy


def clock_words(when):
    """(check, date, time): a machine.RTC tuple (year, month, day, weekday, hours, minutes,
    seconds, subseconds) as the three scratch words; small integers on MicroPython."""
    date = when[0] << 9 | when[1] << 5 | when[2]
    hms = when[4] << 12 | when[5] << 6 | when[6]
    return date ^ hms ^ _CLOCK_KEY, date, hms


def clock_of_words(words):
    """The machine.RTC tuple clock_words() made the three words of, or None where they are
    not such words (a power-up's zeros, what another program left). The weekday is 0: the rp2
    port works it out from the date when the clock is set."""
    check, date, hms = words
    if check != date ^ hms ^ _CLOCK_KEY:
        return None
    when = (date >> 9, date >> 5 & 15, date & 31, 0, hms >> 12, hms >> 6 & 63, hms & 63, 0)
    if when[0] <= _CLOCK_UNSET or not (1 <= when[1] <= 12 and when[2] >= 1 and when[4] < 24
                                       and when[5] < 60 and when[6] < 60):
        return None
    return when


def take_clock():
    """At boot on a Pico: set the clock from what a tool left in the scratch registers before
    its reset, once (the words are cleared: a later reset of the gadget's own finds none)."""
    if sys.platform != "rp2":
        return
    from machine import RTC, mem32

    at = scratch_address()
    when = clock_of_words((mem32[at], mem32[at + 4], mem32[at + 8]))
    mem32[at] = 0
    if when is not None:
        RTC().datetime(when)
