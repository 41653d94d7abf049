"""SH1106 monochrome OLED (the 1.3" 128x64 I2C modules); show() sends only what changed.

The SH1106 (Sino Wealth's datasheet) is the SSD1306's cousin with three differences that
matter here: its memory is 132 columns wide, of which the 128-pixel glass shows 2..129 (so
every column is sent 2 to the right); it knows only page addressing (a page's start column
is set with the two nibble commands 00-0F and 10-1F, and the column never runs on to the
next page: no 20/21/22 windows); and its panel voltage comes from a DC-DC converter (AD 8B)
instead of the SSD1306's charge pump (8D 14). An SSD1306 driver on it shows a picture
shifted and torn, or none.

So this is drivers.ssd1306 (the frame buffer, the copy of what the panel shows, the span of
changed columns found and the bytes written into the I2C block's FIFO in native code on the
Pico) with its own set-up and its own show():
each changed page is sent on its own, from its first changed column to its last (in two
parts around a long run of unchanged ones), the page and that column set by four command
bytes, the SSD1306's economy in page addressing.
"""
from micropython import const

from drivers.ssd1306 import SSD1306_I2C

_COLUMN_OFFSET = const(2)  # the glass shows memory columns 2..129 of 0..131
_PAGE = const(0xB0)  # | page: the page the next data goes to
_COLUMN_LOW = const(0x00)  # | the low nibble of the column
_COLUMN_HIGH = const(0x10)  # | the high nibble
_DC_DC = const(0xAD)  # then 0x8B: on, the module makes its own panel voltage
_PUMP_8V = const(0x32)  # the DC-DC's output, the datasheet's default 8.0 V
_DATA = b"\x40"  # control byte: the rest of the transfer is display data
# a page's unchanged columns between two changed ones worth a send more: past its 8 bytes
# on the bus (the address twice, the control bytes, the page and the column) and the
# Python of a send (4-5 bytes' time); whole 4-byte words of them, so at least 16
_SPLIT = const(15)


class SH1106_I2C(SSD1306_I2C):
    """The frame buffer and the panel it is shown on: as drivers.ssd1306.SSD1306_I2C
    (width, height, i2c, addr, native), on an SH1106."""

    def _init(self):
        h = self.height
        for c in (0xAE,  # display off until the first frame is in its memory
                  0xD5, 0x80,  # clock: divide by 1, the default oscillator
                  0xA8, h - 1,  # multiplex: the glass's rows
                  0xD3, 0x00,  # no display offset
                  0x40,  # start line 0
                  _DC_DC, 0x8B, _PUMP_8V,
                  0xA1,  # segment remap: memory column 131 drives SEG0, upright on the modules
                  0xC8,  # rows top to bottom on the modules
                  0xDA, 0x12,  # COM pads: the alternative layout of 64-row glass
                  0x81, 0xFF,  # contrast (the app's setting follows)
                  0xD9, 0x22,  # pre-charge: the datasheet's default
                  0xDB, 0x35,  # VCOM deselect level: the datasheet's default
                  0xA4,  # show the memory
                  0xA6):  # lit pixel = 1
            self._command(c)
        self._page = bytearray(4)  # control byte, page, the column's two nibbles
        self._page[0] = 0
        self._page_commands = memoryview(self._page)[1:]  # for the native write
        self._run = [_DATA, b""]  # type: list  # writevto: the data control byte, then the columns

    def show(self):
        """Send the columns that differ from what the panel shows (all of them the first
        time), each changed page from its first changed column to its last, or in two parts
        around a long run of unchanged ones (as drivers.ssd1306's)."""
        width = self.width
        spans = self._spans_of
        gaps = self._gaps_of
        fresh = self._fresh
        if not fresh:
            self._spans(0, 0, 0, self.buffer, self._shown, width, len(spans), spans, gaps, _SPLIT)
        for p in range(len(spans)):
            if fresh:
                self._send_page(p, 0, width - 1)
                continue
            s = spans[p]
            if s < 0:
                continue
            g = gaps[p]
            if g < 0:
                self._send_page(p, s >> 16, s & 0xFFFF)
            else:
                self._send_page(p, s >> 16, (g >> 16) - 1)
                self._send_page(p, (g & 0xFFFF) + 1, s & 0xFFFF)
        self._shown[:] = self.buffer  # every change sent: what the panel shows now
        if fresh:
            self._fresh = False
            self._command(0xAF)  # display on, the first frame in its memory

    def _send_page(self, p, lo, hi):
        """Columns lo..hi of page p: the page and the first column set, then their bytes."""
        width = self.width
        column = lo + _COLUMN_OFFSET
        cmd = self._page
        cmd[1] = _PAGE | p
        cmd[2] = _COLUMN_LOW | column & 0x0F
        cmd[3] = _COLUMN_HIGH | column >> 4
        if self._write is not None:  # into the I2C block's FIFO, as drivers.ssd1306's
            self._wrote(self._write(self._regs, self._addr, self._page_commands, 3,
                                    self.buffer, p * width + lo, hi - lo + 1, width, 1))
            return
        self._i2c.writeto(self._addr, cmd)
        self._run[1] = self._now[p][lo:hi + 1]
        self._i2c.writevto(self._addr, self._run)
