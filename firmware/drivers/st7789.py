"""ST7789 colour LCD on a write-only SPI bus, drawn through a 4-bit frame buffer.

The display object *is* the canvas: a framebuf.FrameBuffer in GS4_HMSB format whose
pixel values are palette indices 0..15. That is width * height / 2 bytes (16.2 KB for
240x135) instead of 64.8 KB of RGB565. show() expands the frame one line at a time into
a single reused RGB565 line buffer and streams it to the panel. The expansion is
framebuf's own blit through a 16-entry palette, so it runs in C and allocates nothing.
"""
import framebuf
from micropython import const

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVON = const(0x21)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)
_COLMOD_16BIT = b"\x55"  # 65k colours, 16 bits per pixel

try:
    from time import sleep_ms
except ImportError:  # CPython (tests): the same wait under another name
    from time import sleep

    def sleep_ms(ms):  # type: ignore[misc]
        sleep(ms / 1000)


def rgb565(r, g, b):
    """The panel's 16-bit colour for 8-bit red, green and blue."""
    return (r & 0xF8) << 8 | (g & 0xFC) << 3 | b >> 3


class ST7789(framebuf.FrameBuffer):
    """The frame buffer and the panel it is shown on.

    spi: a machine.SPI, mode 0, only written to. cs, dc, rst: output pins (callables
    taking 0 or 1); rst may be None, then only a software reset is sent.
    width, height: visible pixels in the chosen orientation. x_offset, y_offset: where
    that area starts in the controller's 240x320 memory (depends on the glass and the
    orientation). madctl: memory access control byte (orientation, colour order).
    palette: up to 16 (r, g, b) tuples, 0..255 each. tuning: extra init commands for the
    panel (voltages, gamma) as bytes: command, data length, data, command, ...
    invert: IPS panels show true colours with display inversion on.
    """

    def __init__(self, spi, cs, dc, rst=None, width=240, height=135, x_offset=0,
                 y_offset=0, madctl=0, palette=(), tuning=b"", invert=True):
        self._spi = spi
        self._cs = cs
        self._dc = dc
        self._rst = rst
        self.width = width
        self.height = height
        super().__init__(bytearray((width + 1) // 2 * height), width, height, framebuf.GS4_HMSB)
        self._line = bytearray(width * 2)
        self._line_fb = framebuf.FrameBuffer(self._line, width, 1, framebuf.RGB565)
        self._lut = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
        self._cmd = bytearray(1)
        self._caset = _span(x_offset, width)
        self._raset = _span(y_offset, height)
        self.set_palette(palette)
        self._init(madctl, tuning, invert)
        self.fill(0)
        self.show()

    def set_palette(self, colours):
        """Map palette indices 0.. to (r, g, b) colours; unlisted indices stay black."""
        for i in range(16):
            c = rgb565(*colours[i]) if i < len(colours) else 0
            # framebuf keeps RGB565 little-endian; the panel wants the high byte first.
            self._lut.pixel(i, 0, (c & 0xFF) << 8 | c >> 8)

    def show(self):
        """Send the whole frame to the panel."""
        self._command(_CASET, self._caset)
        self._command(_RASET, self._raset)
        spi = self._spi
        line = self._line
        line_fb = self._line_fb
        lut = self._lut
        self._cmd[0] = _RAMWR
        self._cs(0)
        self._dc(0)
        spi.write(self._cmd)
        self._dc(1)
        for y in range(self.height):
            # row y of the frame lands on the line (the stubs mistype palette as bytes)
            line_fb.blit(self, 0, -y, -1, lut)  # type: ignore[arg-type]
            spi.write(line)
        self._cs(1)

    def _command(self, cmd, data=None):
        self._cmd[0] = cmd
        self._cs(0)
        self._dc(0)
        self._spi.write(self._cmd)
        if data is not None:
            self._dc(1)
            self._spi.write(data)
        self._cs(1)

    def _init(self, madctl, tuning, invert):
        if self._rst is not None:
            self._rst(0)
            sleep_ms(1)
            self._rst(1)
            sleep_ms(120)  # the controller is busy for up to 120 ms after a reset
        self._command(_SWRESET)
        sleep_ms(150)  # and after a software reset it must not leave sleep sooner
        self._command(_SLPOUT)
        sleep_ms(10)  # 5 ms minimum before the next command after leaving sleep
        self._command(_COLMOD, _COLMOD_16BIT)
        self._command(_MADCTL, bytes((madctl,)))
        i = 0
        while i < len(tuning):
            n = tuning[i + 1]
            self._command(tuning[i], tuning[i + 2:i + 2 + n])
            i += 2 + n
        if invert:
            self._command(_INVON)
        self._command(_NORON)
        self._command(_DISPON)


def _span(start, length):
    """CASET/RASET data: first and last address, big-endian 16-bit each."""
    end = start + length - 1
    return bytes((start >> 8, start & 0xFF, end >> 8, end & 0xFF))
