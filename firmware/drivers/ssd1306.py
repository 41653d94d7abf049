"""SSD1306 monochrome OLED (128x64 or 128x32) on I2C; show() sends only what changed.

The display object *is* the canvas: a framebuf.FrameBuffer in MONO_VLSB, where byte x
of page p holds column x of rows 8p..8p+7 - the layout of the controller's own memory,
so a page goes to the panel as it is. A second buffer keeps what the panel shows; show()
compares the frame with it and finds in each changed page the first and last changed
column, and the longest run of unchanged ones between them (``spans``: the board's native
drivers.mono_native, else Python, each page compared in C first). Changed pages go out as
windows of those columns, a page in two where that run is longer than a window costs (a
row's label and its value, the blank between them unchanged), a
run of pages in one window where that costs fewer bytes than one window each: a press
that changes one number costs that number's columns on the bus instead of all eight
pages (23.3 ms at 400 kHz). Given the I2C block's registers (regs) and the native loops,
show() writes its bytes into the block's FIFO itself (drivers.mono_native.i2c_write), so
they follow each other on the wire where machine.I2C stops the clock between them
(drivers.chip); else the bus is used through writeto and writevto, and a show allocates
only the views of the columns it sends.
The panel is switched on by the first show(), once that frame is in its memory: the
boot sends no blank frame first, and never shows the garbage a power-up leaves there.
With the board's native loops (drivers.mono_native) fill() clears the frame a word at a
time, glyphs() draws text at twice its size from app.ui's table of the font's glyphs
(app.ui looks for it), and bits() a small bitmap's lit pixels (Trainmaker's dice).
"""
from array import array

import framebuf
from micropython import const

_SET_CONTRAST = const(0x81)
_FOLLOW_RAM = const(0xA4)
_NORMAL = const(0xA6)  # lit pixel = 1
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_ADDRESSING = const(0x20)  # then 0: horizontal, the column address wraps to the next page
_COLUMNS = const(0x21)  # then first and last column
_PAGES = const(0x22)  # then first and last page
_START_LINE = const(0x40)
_SEGMENT_REMAP = const(0xA1)  # column 127 drives SEG0: x runs left to right on the usual modules
_MULTIPLEX = const(0xA8)  # then rows - 1
_COM_DESCENDING = const(0xC8)  # rows run top to bottom on the usual modules
_DISPLAY_OFFSET = const(0xD3)
_COM_PINS = const(0xDA)  # then 0x12 (alternative layout) for 64 rows, 0x02 for 32
_CLOCK = const(0xD5)  # then divide ratio and oscillator frequency
_PRECHARGE = const(0xD9)
_VCOM_DESELECT = const(0xDB)
_CHARGE_PUMP = const(0x8D)  # then 0x14: on, the module makes its own panel voltage
_COMMANDS = const(0x00)  # control byte: the rest of the transfer is commands
_DATA = b"\x40"  # control byte: the rest of the transfer is display data
_EIO = const(5)
_ETIMEDOUT = const(110)
_WINDOW_BYTES = const(11)  # a window's cost on the bus: its commands, and a data transfer's start
# a page's unchanged columns between two changed ones worth a window more: past a window's
# bytes and the Python of one more send (about 100 us on the Pico, 4-5 bytes' time on the
# bus); whole 4-byte words of them (spans), so at least 20
_SPLIT = const(18)


class SSD1306_I2C(framebuf.FrameBuffer):
    """The frame buffer and the panel it is shown on.

    width, height: pixels (128 x 64 or 128 x 32). i2c: a machine.I2C (or anything
    with writeto(addr, buf) and writevto(addr, bufs)). addr: 0x3C, or 0x3D on modules
    with the address jumper moved. native: drivers.mono_native, or None. regs: where the
    registers of i2c's block are (drivers.chip.i2c_regs), for the native write; or None.
    """

    def __init__(self, width, height, i2c, addr=0x3C, native=None, regs=None):
        self.width = width
        self.height = height
        self._i2c = i2c
        self._addr = addr
        pages = height // 8
        self.buffer = bytearray(width * pages)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._shown = bytearray(width * pages)  # what the panel shows
        now = memoryview(self.buffer)
        shown = memoryview(self._shown)
        self._now = [now[p * width:(p + 1) * width] for p in range(pages)]
        self._was = [shown[p * width:(p + 1) * width] for p in range(pages)]
        # writevto lists for a run of k pages: the data control byte, then the pages
        self._runs = [[_DATA] + [b""] * k for k in range(pages + 1)]
        self._spans = native.spans if native is not None else self._python_spans
        self._spans_of = array("i", [0] * pages)  # show()'s spans, a page each
        self._gaps_of = array("i", [0] * pages)  # ... and the unchanged run in each
        self._regs = regs
        self._write = native.i2c_write if native is not None and regs is not None else None
        self._fill = None
        if native is not None:
            self._fill = native.fill
            self._glyph_loop = native.glyphs
            self.glyphs = self._glyphs
            self._bits_loop = native.bits
            self.bits = self._bits
        self._window = bytearray((_COMMANDS, _COLUMNS, 0, width - 1, _PAGES, 0, 0))
        self._commands = memoryview(self._window)[1:]  # the window's commands, for the native write
        self._cmd = bytearray(2)
        self._fresh = True  # the panel's memory is unknown until the first show
        self._init()

    def _init(self):
        h = self.height
        for c in (_DISPLAY_OFF, _ADDRESSING, 0x00, _START_LINE, _SEGMENT_REMAP,
                  _MULTIPLEX, h - 1, _COM_DESCENDING, _DISPLAY_OFFSET, 0x00,
                  _COM_PINS, 0x12 if h == 64 else 0x02, _CLOCK, 0x80, _PRECHARGE, 0xF1,
                  _VCOM_DESELECT, 0x30, _SET_CONTRAST, 0xFF, _FOLLOW_RAM, _NORMAL,
                  _CHARGE_PUMP, 0x14):
            self._command(c)

    def _command(self, c):
        self._cmd[0] = _COMMANDS
        self._cmd[1] = c
        self._i2c.writeto(self._addr, self._cmd)

    def contrast(self, level):
        """Panel brightness, 0..255."""
        self._command(_SET_CONTRAST)
        self._command(level)

    def fill(self, c):
        """The whole frame in c (0 or 1): with the native loops a word at a time."""
        if self._fill is None:
            super().fill(c)
        else:
            self._fill(self.buffer, len(self.buffer) >> 2, -1 if c else 0)

    def _glyphs(self, s, n, table, x, y, c, k=1):
        """The first n characters of s at twice their size (k 1) from table's glyphs (see
        drivers.mono_native.glyphs): True once drawn; False for text not wholly inside the
        frame, or at another size, which app.ui then draws a rectangle at a time."""
        if k == 1 and x >= 0 and x + 16 * n <= self.width and 0 <= y <= self.height - 16:
            self._glyph_loop(0, 0, 0, s, n, table, self.buffer, self.width, x, y, c)
            return True
        return False

    def _bits(self, src, rows, x, y, c):
        """The lit pixels of a bitmap 16 pixels wide (MONO_HLSB, 2 bytes a row), its first
        rows rows, at (x, y) in c (0 or 1): True once drawn; False for a bitmap not wholly
        inside the frame, which the caller then draws its own way."""
        if 0 <= x <= self.width - 16 and 0 <= y <= self.height - rows:
            self._bits_loop(src, rows, self.buffer, self.width, x, y, c)
            return True
        return False

    def show(self):
        """Send the columns that differ from what the panel shows (all of them the first time)."""
        width = self.width
        fresh = self._fresh
        spans = self._spans_of
        gaps = self._gaps_of
        if not fresh:
            self._spans(0, 0, 0, self.buffer, self._shown, width, len(spans), spans, gaps, _SPLIT)
        first = -1  # the run of pages under way: first..end-1, columns x0..x1
        end = x0 = x1 = 0
        for p in range(len(spans)):
            if fresh:
                lo, hi = 0, width - 1
            else:
                s = spans[p]
                if s < 0:
                    if first >= 0:
                        self._send(first, end, x0, x1)
                        first = -1
                    continue
                lo, hi = s >> 16, s & 0xFFFF
                g = gaps[p]
                if g >= 0:  # a window each side of the columns that did not change
                    if first >= 0:
                        self._send(first, end, x0, x1)
                        first = -1
                    self._send(p, p + 1, lo, (g >> 16) - 1)
                    self._send(p, p + 1, (g & 0xFFFF) + 1, hi)
                    continue
            if first >= 0:
                left = min(x0, lo)
                right = max(x1, hi)
                # the page in the run's window, or in one of its own: whichever costs fewer bytes
                if (p + 1 - first) * (right - left + 1) <= (p - first) * (x1 - x0 + 1) + hi - lo + 1 + _WINDOW_BYTES:
                    x0, x1, end = left, right, p + 1
                    continue
                self._send(first, end, x0, x1)
            first, end, x0, x1 = p, p + 1, lo, hi
        if first >= 0:
            self._send(first, end, x0, x1)
        self._shown[:] = self.buffer  # every change sent: what the panel shows now
        if fresh:
            self._fresh = False
            self._command(_DISPLAY_ON)

    def _send(self, first, end, x0, x1):
        """Pages first..end-1, columns x0..x1: their window, then their bytes in one
        transfer."""
        w = self._window
        w[2] = x0
        w[3] = x1
        w[5] = first
        w[6] = end - 1
        if self._write is not None:
            width = self.width
            self._wrote(self._write(self._regs, self._addr, self._commands, 6, self.buffer,
                                    first * width + x0, x1 - x0 + 1, width, end - first))
            return
        self._i2c.writeto(self._addr, w)
        run = self._runs[end - first]
        for k in range(first, end):
            run[1 + k - first] = self._now[k][x0:x1 + 1]
        self._i2c.writevto(self._addr, run)

    @staticmethod
    def _wrote(why):
        """drivers.mono_native.i2c_write's answer as machine.I2C's: a NAK is EIO, a bus that
        stopped moving ETIMEDOUT."""
        if why:
            raise OSError(_EIO if why > 0 else _ETIMEDOUT)

    def _python_spans(self, k, run, best, now, was, width, pages, out, gaps, least):
        """drivers.mono_native.spans in Python, for boards without it (k, run, best: unused):
        a page's bytes compared in C first (memoryview equality)."""
        for p in range(pages):
            if self._now[p] == self._was[p]:
                out[p] = -1
            else:
                _span(now, was, p * width, width, least, out, gaps, p)


def _span(now, was, start, count, least, out, gaps, p):
    """For _python_spans, into out[p]: first << 16 | last, the offsets from start (a multiple
    of 4) of the first and the last of the count bytes from start that differ in now and
    was, -1 where none does; where some do, into gaps[p] the longest run between them of
    whole 4-byte words that do not, first << 16 | last (its first byte and its last), where
    it is more than least bytes, else -1."""
    i = 0
    while i < count and now[start + i] == was[start + i]:
        i += 1
    if i == count:  # (no change after all: MicroPython's views compare equal only as the same object)
        out[p] = -1
        return
    j = count - 1
    while now[start + j] == was[start + j]:
        j -= 1
    out[p] = i << 16 | j
    gaps[p] = -1
    best = least >> 2
    run = 0
    for k in range((i >> 2) + 1, j >> 2):
        w = start + 4 * k
        if (now[w] == was[w] and now[w + 1] == was[w + 1] and now[w + 2] == was[w + 2]
                and now[w + 3] == was[w + 3]):
            run += 1
            if run > best:
                best = run
                gaps[p] = (k + 1 - run) * 4 << 16 | (k * 4 + 3)
        else:
            run = 0
