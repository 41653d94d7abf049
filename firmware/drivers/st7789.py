"""ST7789 colour LCD on a write-only SPI bus, drawn through a 4-bit frame buffer.

The display object *is* the canvas: a framebuf.FrameBuffer in GS4_HMSB format whose
pixel values are palette indices 0..15. That is width * height / 2 bytes (16.2 KB for
240x135) instead of 64.8 KB of RGB565. show() expands the frame two rows at a time
(_ROWS) into a reused buffer and writes each to the panel in one go. Without the native
loops the expansion is framebuf's own blit through a 16-entry palette into RGB565, so it
runs in C and allocates nothing.

show() sends only what changed, band by band (8 rows), and each run of changed bands goes
out as one window, so a press that changes a few lines is shown in a fraction of a whole
frame's time.  With the native loops, a band's every word column (8 pixels by 8 rows) is
kept as a 32-bit sum of what was shown (2 KB for the frame), and that window spans only
the columns the run changed in: a sum's every step is one-to-one, so a change of one word
of a column always changes its sum, and changes to more go unseen only where two sums
happen to meet (drivers.gs4_native.sums mixes every bit into the rest).
Without them, a copy of the frame as last shown (another 16.2 KB) is compared with it,
memoryview equality in C.

Where the board hands over its native loops (drivers.gs4_native), a band is made a
byte of the frame (two pixels) at a time through a 256-entry table of the three bytes
they become at 12 bits a pixel, into two such buffers, one made while DMA sends the other
(1.4 KB): the whole frame then costs little more than its time on the wire (7.8 ms at the
RP2040's 50 MHz), where the palette blit, pixel by pixel, costs several times that.
The display then also draws doubled text itself (``doubled``, and ``glyphs`` from the
glyphs app.ui hands it, which app.ui looks for).

The controller is reset when the display is made, and set up by the first show(),
which also switches it on once that frame is in its memory: the boot builds the app
in the reset's 150 ms instead of sleeping through them, and no garbage is ever shown.
"""
import framebuf
from array import array
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
_COLMOD_12BIT = b"\x53"  # 4k colours, 12 bits per pixel: two pixels in three bytes
_BAND = const(8)  # rows compared as one
_ROWS = const(2)  # rows expanded to RGB565 and written as one (two buffers of them: 1.9 KB)

# 5 ms at least (the datasheet's wait before the next command): sleep_ms counts whole ticks of
# the millisecond clock, so it can end up to 1 ms early (4.06 ms seen on the emulated Pico)
_SETTLE_MS = const(6)
_RESET_MS = const(150)  # after a reset, the controller must not leave sleep sooner

try:
    from time import sleep_ms, ticks_diff, ticks_ms
except ImportError:  # CPython (tests): the same clock under other names (no wrap in a test)
    from time import monotonic, sleep  # type: ignore[attr-defined]  # CPython only

    def sleep_ms(ms):  # type: ignore[misc]
        sleep(ms / 1000)

    def ticks_ms():  # type: ignore[misc]
        return int(monotonic() * 1000)

    def ticks_diff(a, b):  # type: ignore[misc]
        return a - b


def rgb565(r, g, b):
    """The panel's 16-bit colour for 8-bit red, green and blue."""
    return (r & 0xF8) << 8 | (g & 0xFC) << 3 | b >> 3


def rgb444(r, g, b):
    """The panel's 12-bit colour for 8-bit red, green and blue: each the nearest of 16 levels."""
    return (r * 15 + 127) // 255 << 8 | (g * 15 + 127) // 255 << 4 | (b * 15 + 127) // 255


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
    native: the module drivers.gs4_native (or one with its sums, send, double,
    double_any, glyphs and modules), or None for framebuf's blits; widths a multiple of 8
    only.
    dma: with the native loops (and only with them), a DMA channel that feeds spi's transmit
    FIFO (drivers.lcd_board's SpiDma: regs, spi, busy, as gs4_native.send takes them): the
    rows are made into two buffers by turns, each while the other goes out, at 12 bits a
    pixel (rgb444: a palette of 16 colours loses nothing a player sees, and a whole frame
    is 48.6 KB on the wire instead of 64.8, 7.8 ms at the RP2040's 50 MHz instead of 10.4).
    Without them the rows go out at 16 bits (rgb565), framebuf's blits making them.
    """

    def __init__(self, spi, cs, dc, rst=None, width=240, height=135, x_offset=0,
                 y_offset=0, madctl=0, palette=(), tuning=b"", invert=True, native=None, dma=None):
        if native is not None and width % 8:
            raise ValueError("the native loops want a width of whole words (8 pixels)")
        if native is not None and dma is None:
            raise ValueError("the native loops send by DMA")
        self._spi = spi
        self._cs = cs
        self._dc = dc
        self._rst = rst
        self.width = width
        self.height = height
        stride = (width + 1) // 2
        frame = bytearray(stride * height)
        super().__init__(frame, width, height, framebuf.GS4_HMSB)
        self._frame = frame
        self._stride = stride
        self._changed = None
        self._pairs = None
        self._bands = (height + _BAND - 1) // _BAND
        if native is not None:
            self._send_rows = native.send
            self._changed = native.sums
            self._sums = bytearray(stride * self._bands)  # a word per 4 bytes of a band's row
            self._spans = array("i", bytes(4 * self._bands))  # per band: what changed in it
            self._double = native.double
            self._double_any = native.double_any
            self._glyph_loop = native.glyphs
            self.glyphs = self._glyphs
            self._pairs = bytearray(1024)  # 256 words
            self.doubled = self._doubled
            self._draw_modules = native.modules
            self.modules = self._modules
        else:
            shown = bytearray(len(frame))  # the frame as the panel shows it
            now = memoryview(frame)
            was = memoryview(shown)
            band = stride * _BAND
            self._now = [now[i:i + band] for i in range(0, len(frame), band)]
            self._was = [was[i:i + band] for i in range(0, len(frame), band)]
        self._fresh = True  # send every band: the panel's memory is unknown, or the palette changed
        self._dma = dma if native is not None else None
        if self._dma is not None:  # 12 bits a pixel, two rows' buffers by turns
            rgb = bytearray(width * 3 // 2 * _ROWS)
            self._rgb2 = bytearray(len(rgb))  # made while rgb goes out
        else:  # 16 bits, framebuf's blits through a palette of RGB565
            rgb = bytearray(width * 2 * _ROWS)
            self._rgb_fb = framebuf.FrameBuffer(rgb, width, _ROWS, framebuf.RGB565)
            # the last rows of a frame whose height is not a multiple of _ROWS are fewer
            self._rgb_end = memoryview(rgb)[:width * 2 * (height % _ROWS or _ROWS)]
            self._lut = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
        self._rgb = rgb
        self._cmd = bytearray(1)
        self._caset = bytearray(4)
        self._x_offset = x_offset
        self._raset = bytearray(4)
        self._y_offset = y_offset
        self.set_palette(palette)
        self._setup = (madctl, tuning, invert)  # sent by the first show()
        self._awake = False
        self._reset()

    def set_palette(self, colours):
        """Map palette indices 0.. to (r, g, b) colours; unlisted indices stay black."""
        pairs = self._pairs
        if pairs is None:
            for i in range(16):
                c = rgb565(*colours[i]) if i < len(colours) else 0
                # framebuf keeps RGB565 little-endian; the panel wants the high byte first.
                self._lut.pixel(i, 0, (c & 0xFF) << 8 | c >> 8)
        else:
            q = [rgb444(*colours[i]) if i < len(colours) else 0 for i in range(16)]
            for v in range(256):
                # the three bytes of two pixels, in the order they go: red and green of the
                # left, its blue and the right's red, the right's green and blue
                left = q[v >> 4]
                right = q[v & 15]
                k = v * 4
                pairs[k] = left >> 4
                pairs[k + 1] = (left & 15) << 4 | right >> 8
                pairs[k + 2] = right & 0xFF
        self._fresh = True

    def _doubled(self, line, stride, count, x, y, c):
        """Text at twice its size: see drivers.gs4_native.double (the frame is this one)."""
        w = self.width
        h = self.height
        if x >= 0 and not x & 1 and x + 16 * count <= w and 0 <= y <= h - 16:
            self._double(0, 0, 0, line, stride, count, self._frame, self._stride, x, y, c)
        else:
            self._double_any(line, stride, count, self._frame, self._stride, x, y, c, w, h)

    def _glyphs(self, s, n, table, x, y, c, k=1):
        """The first n characters of s at 2k times their size from table's glyphs (see
        drivers.gs4_native.glyphs): True once drawn; False for text not wholly inside the
        frame at an even x, which app.ui then draws its other ways."""
        if x >= 0 and not x & 1 and x + 16 * k * n <= self.width and 0 <= y <= self.height - 16 * k:
            self._glyph_loop(0, 0, 0, s, n, table, self._frame, self._stride, x, y, c, k)
            return True
        return False

    def _modules(self, bits, n, x0, scale, c):
        """A QR code's dark modules as squares of scale pixels in colour c, its top left at
        (x0, x0): see drivers.gs4_native.modules (app.scan_view looks for it)."""
        if n < 1 or scale < 1 or x0 < 0 or x0 + n * scale > min(self.width, self.height):
            raise ValueError("a code of %d modules of %d pixels at %d leaves the frame" % (n, scale, x0))
        if len(bits) * 8 < n * n:
            raise ValueError("%d bytes hold no code of %d x %d modules" % (len(bits), n, n))
        self._draw_modules(0, 0, 0, bits, n, self._frame, self._stride, x0, scale, c)

    def show(self):
        """Send the rows that changed since the last show (all of them the first time)."""
        waking = not self._awake
        if waking:
            self._awake = True
            self._wake(*self._setup)
        bands = self._bands
        fresh = self._fresh
        if self._changed is not None:  # every band's columns compared at once
            self._changed(0, 0, self._frame, self._sums, self._spans, self._stride, self.height, _BAND)
        b = 0
        while b < bands:
            s = self._compare(b, fresh)
            if s < 0:
                b += 1
                continue
            first = b
            lo = self._stride
            hi = -1
            while s >= 0:
                lo = min(lo, s >> 16)
                hi = max(hi, s & 0xFFFF)
                self._keep(b)
                b += 1
                if b == bands:
                    break
                s = self._compare(b, fresh)
            self._send(first * _BAND, min(b * _BAND, self.height), lo, hi)
            b += 1  # compared and the same (or past the end)
        self._fresh = False
        if waking:
            self._command(_DISPON)  # the first frame is in the panel's memory: no garbage shows

    def _compare(self, b, fresh):
        """-1 if band b is as shown (and not fresh), else first << 16 | last: the bytes of
        its rows that go out (all of them without the native loops).  With them, show()
        has compared every band already, and the sums are those of what goes out from
        here on (every band compared as changed is sent)."""
        if fresh:
            return self._stride - 1
        if self._changed is not None:
            return self._spans[b]
        return -1 if self._now[b] == self._was[b] else self._stride - 1

    def _keep(self, b):
        """Band b as shown from now on (the native loops' sums are kept as compared)."""
        if self._changed is None:
            self._was[b][:] = self._now[b]

    def _send(self, y0, y1, lo, hi):
        """Rows y0..y1-1 (whole bands), the bytes lo..hi of each (pixels 2 lo .. 2 hi + 1):
        their window, then their pixels, _ROWS rows at a time."""
        c = self._caset
        left = self._x_offset + 2 * lo
        right = self._x_offset + min(2 * hi + 1, self.width - 1)  # an odd width ends in half a byte
        c[0] = left >> 8
        c[1] = left & 0xFF
        c[2] = right >> 8
        c[3] = right & 0xFF
        r = self._raset
        top = self._y_offset + y0
        end = self._y_offset + y1 - 1
        r[0] = top >> 8
        r[1] = top & 0xFF
        r[2] = end >> 8
        r[3] = end & 0xFF
        self._command(_CASET, c)
        self._command(_RASET, r)
        spi = self._spi
        rgb = self._rgb
        stride = self._stride
        count = hi - lo + 1
        self._cmd[0] = _RAMWR
        self._cs(0)
        self._dc(0)
        spi.write(self._cmd)
        self._dc(1)
        dma = self._dma
        if dma is not None:
            self._send_rows(0, 0, 0, self._frame, self._pairs, rgb, self._rgb2, dma.regs, dma.spi, dma.busy,
                            y0 * stride + lo, stride, count, y1 - y0, _ROWS)
        else:
            rgb_fb = self._rgb_fb
            lut = self._lut
            for y in range(y0, y1, _ROWS):
                rows = min(_ROWS, y1 - y)
                # rows y.. of the frame land on the band (the stubs mistype palette as bytes)
                rgb_fb.blit(self, 0, -y, -1, lut)  # type: ignore[arg-type]
                spi.write(rgb if rows == _ROWS else self._rgb_end)
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

    def _reset(self):
        """Reset the controller (by its reset line where the board wires one, else by
        command), and leave the wait it needs to the first show(): the boot builds the
        app meanwhile instead of sleeping."""
        if self._rst is not None:
            self._rst(0)
            sleep_ms(1)
            self._rst(1)
        else:
            self._command(_SWRESET)
        self._reset_at = ticks_ms()

    def _wake(self, madctl, tuning, invert):
        """Out of sleep, set up; the display is switched on after the first frame."""
        sleep_ms(max(0, _RESET_MS - ticks_diff(ticks_ms(), self._reset_at)))
        self._command(_SLPOUT)
        sleep_ms(_SETTLE_MS)  # the least time after leaving sleep before the next command
        self._command(_COLMOD, _COLMOD_16BIT if self._dma is None else _COLMOD_12BIT)
        self._command(_MADCTL, bytes((madctl,)))
        i = 0
        while i < len(tuning):
            n = tuning[i + 1]
            self._command(tuning[i], tuning[i + 2:i + 2 + n])
            i += 2 + n
        if invert:
            self._command(_INVON)
        self._command(_NORON)

