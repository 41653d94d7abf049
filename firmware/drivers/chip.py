"""The chip under the board: a Pico's RP2040 or a Pico 2's RP2350, and what differs between them.

Both run the same files: MicroPython's firmware for each (RPI_PICO, RPI_PICO2) names its chip
in sys.implementation._machine ("Raspberry Pi Pico with RP2040", "Raspberry Pi Pico2 with
RP2350"), and the board and the main loop take from CHIPS what they must not assume:

- the system clock the SPI displays run from. SPI is clocked from the peripheral clock,
  which MicroPython leaves on the 48 MHz USB clock (SPI at most 24 MHz); machine.freq(f, f)
  takes it from the system clock, and the bus runs at half of that at most. The RP2040
  boots at 125 MHz: SPI 62.5 MHz, the ST7789's fastest. The RP2350 boots at 150 MHz, where
  the fastest division under the panel's 62.5 MHz is 37.5 MHz: so it too runs at 125 MHz
  on an SPI board (its Cortex-M33 at 125 MHz still outruns the RP2040's M0+; a whole frame
  on the wire is 8.3 ms instead of 13.8). The I2C boards leave each chip's clock alone.
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

Elsewhere (the simulator, the bench, the tests) no chip is named: the RP2040's row then,
which is what the bench models.
"""
import sys

from micropython import const

RP2040 = const(0)
RP2350 = const(1)
# (name, the system clock an SPI board sets, the watchdog's longest timeout in ms)
CHIPS = (
    ("RP2040", 125_000_000, 8388),
    ("RP2350", 125_000_000, 8388),
)


def which(machine=None):
    """RP2040 or RP2350: the chip machine (sys.implementation._machine by default) names."""
    if machine is None:
        machine = getattr(sys.implementation, "_machine", "")
    return RP2350 if "RP2350" in machine else RP2040


def spi_clock_hz(chip=None):
    """The system clock, and the peripheral clock with it, an SPI display's board sets."""
    return CHIPS[which() if chip is None else chip][1]


def watchdog_ms(wanted, chip=None):
    """wanted, or the chip's longest watchdog timeout where that is shorter."""
    return min(wanted, CHIPS[which() if chip is None else chip][2])
