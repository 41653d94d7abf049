"""The rp2 port's ``machine`` module as far as the boards use it, for the bench.

A board file (boards/<board>/board.py) runs unchanged on it: its pins read the
levels the bench sets in ``levels``, and its display driver talks to buses
that count what it sends and how long that holds the CPU on a Pico (the
rp2 port's I2C and SPI writes block until the last bit is out).  ``bus_us``
is that time, summed; the bench reads it before and after each show().

I2C: a transaction puts its address byte and its data on the wire.  Timing
from the Pico: a whole SSD1306 frame sent as six 2-byte commands and the 1024
bytes behind a control byte (18 + 1026 bytes on the wire with the address
bytes) takes 26.7 ms asked for 400 kHz at 125 MHz, so a byte is 26.7 ms / 1044
there.  At another rate or clock, in proportion to how long a bit lasts: the Pico SDK
divides the clock by the rate asked for, and the I2C block adds its spike
filter's length and 8 clocks to that (drivers.chip.i2c_bit_clocks: at 125 MHz 332 clocks
asked for 400 kHz, 313 asked for drivers.chip.i2c_freq's 425,170 Hz; at 200 MHz 500 asked
for its 421,052).

SPI: 8 bits per byte at the clock the hardware really runs, which is the
peripheral clock divided by an even prescale (2..254) and a post-divider
(1..256), the fastest not above the baud rate asked for (the Pico SDK's
spi_set_baudrate).  The peripheral clock is the 48 MHz USB clock after boot,
the CPU clock once ``freq(cpu, peri)`` set it so (docs/budgets.md: 62.5 MHz asked
for runs at 24 MHz on the stock firmware).
"""
from drivers.chip import i2c_bit_clocks

_I2C_US_PER_BYTE_400K = 26700 / 1044
_BOOT_PERI_HZ = 48_000_000
_PICO_HZ = 125_000_000  # the clock the Pico's I2C frame above was timed at

levels = {}  # GPIO -> level an input reads; 1 (released, pulled up) when not set
bus_us = 0.0  # time the buses held the CPU
bus_bytes = 0
_clock = {"cpu": _PICO_HZ, "peri": _BOOT_PERI_HZ}


class _Words:
    """mem32: the words written (drivers.chip.fast sets the core regulator's voltage), 0
    where none was."""

    def __init__(self):
        self.words = {}

    def __getitem__(self, addr):
        return self.words.get(addr, 0)

    def __setitem__(self, addr, value):
        self.words[addr] = value


mem32 = _Words()


def freq(cpu=None, peri=None):
    if cpu is None:
        return _clock["cpu"]
    _clock["cpu"] = cpu
    if peri is not None:
        _clock["peri"] = peri


def _spend(nbytes, us_per_byte):
    global bus_us, bus_bytes
    bus_bytes += nbytes
    bus_us += nbytes * us_per_byte


class Pin:
    IN = 0
    OUT = 1
    ALT = 3
    PULL_UP = 1
    ALT_PWM = 4
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, gpio, mode=None, pull=None, value=None):
        self.gpio = gpio

    def init(self, mode=None, pull=None, alt=None):
        pass

    def value(self, v=None):
        if v is None:
            return levels.get(self.gpio, 1)

    def __call__(self, v=None):
        return self.value(v)

    def irq(self, handler=None, trigger=0, hard=False):
        pass  # the bench catches edges at its own times (bench_loop.Loop.edge)


class PWM:
    def __init__(self, pin):
        pass

    def freq(self, hz):
        pass

    def duty_u16(self, duty):
        pass


class I2C:
    def __init__(self, bus, sda=None, scl=None, freq=400_000):
        # a bit lasts its system clocks at the clock the chip runs now, the Pico's bytes those at 125 MHz
        cpu = _clock["cpu"]
        self.us_per_byte = (_I2C_US_PER_BYTE_400K * i2c_bit_clocks(freq, cpu) * _PICO_HZ
                            / (i2c_bit_clocks(400_000, _PICO_HZ) * cpu))

    def writeto(self, addr, buf, stop=True):
        _spend(1 + len(buf), self.us_per_byte)
        return len(buf)

    def writevto(self, addr, bufs, stop=True):
        _spend(1 + sum(len(b) for b in bufs), self.us_per_byte)
        return True


class SPI:
    def __init__(self, bus, baudrate=1_000_000, sck=None, mosi=None, miso=None, **kw):
        peri = _clock["peri"]
        prescale = 2
        while prescale < 254 and peri >= (prescale + 2) * 256 * baudrate:
            prescale += 2
        post = 256
        while post > 1 and peri // (prescale * (post - 1)) <= baudrate:
            post -= 1
        self.divide = prescale * post

    def hz(self):
        """The clock the bus runs at (the peripheral clock may have changed since)."""
        return _clock["peri"] // self.divide

    def write(self, buf):
        _spend(len(buf), 8_000_000 / self.hz())
