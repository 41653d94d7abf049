"""Stand-in display panels that decode what a driver sends, for the drivers' tests and the boards'.

Oled: an SSD1306 on I2C. Each transfer starts with a control byte: 0x00, the rest are
commands (with their arguments); 0x40, the rest is display data. It keeps the
controller's memory (pages of 8 rows, a byte per column, bit 0 the top row) and writes
data into the column/page window the way its address counter walks it in horizontal
mode: along the page, then on to the next page of the window.

Sh1106: an SH1106 on I2C (the 1.3" modules): the controller's 132-column memory, page
addressing only (B0-B7 set the page, 00-0F and 10-1F the column's low and high nibble; each
data byte lands at the column, which then increments and never moves on to the next page);
it takes the commands with a parameter byte (81, A8, AD, D3, D5, D9, DA, DB) and refuses the
SSD1306's 20, 21, 22 and 8D, which the SH1106 does not know. The glass shows columns 2..129.

Panel: an ST7789 on SPI, with its chip-select and data/command lines as the driver sets
them: it splits the bytes into commands with their data, and plays RAMWR pixel data into
the CASET/RASET window the way the controller's address counter walks it (column by
column, then the next row).
"""

# SSD1306 commands, and how many argument bytes each takes
_CONTRAST = 0x81
_ADDRESSING = 0x20
_COLUMNS = 0x21
_PAGES = 0x22
_MULTIPLEX = 0xA8
_COM_PINS = 0xDA
_CHARGE_PUMP = 0x8D
_ARGS = {_CONTRAST: 1, _ADDRESSING: 1, _COLUMNS: 2, _PAGES: 2, _MULTIPLEX: 1, _COM_PINS: 1,
         _CHARGE_PUMP: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDB: 1}
# ST7789 commands
_CASET = 0x2A
_RASET = 0x2B
_RAMWR = 0x2C
_COLMOD = 0x3A


class CommandsOnly:
    """machine.I2C for a panel's commands only (its set-up, its contrast): display data
    through it fails the test, for a driver that writes that into the I2C block's FIFO."""

    def __init__(self, panel):
        self.panel = panel

    def writeto(self, addr, buf):
        assert buf[0] == 0x00, "display data through machine.I2C"
        self.panel.writeto(addr, buf)

    def writevto(self, addr, bufs):
        raise AssertionError("display data through machine.I2C")


class Oled:
    """The I2C bus and the panel on it at one address."""

    def __init__(self, width=128, height=64, addr=0x3C):
        self.addr = addr
        self.width = width
        self.ram = bytearray(width * height // 8)
        self.commands = []  # (command, args)
        self.data_bytes = 0  # display data received, all transfers
        self.windows = []  # (first page, last page) of each data transfer
        self._pending = []
        self._col = (0, width - 1)
        self._page = (0, height // 8 - 1)
        self._x = self._p = 0

    def writeto(self, addr, buf):
        self.transfer(addr, bytes(buf))

    def writevto(self, addr, bufs):
        self.transfer(addr, b"".join(bytes(b) for b in bufs))

    def transfer(self, addr, data):
        assert addr == self.addr, "no device at %#x" % addr
        control, rest = data[0], data[1:]
        if control == 0x40:
            self.windows.append((self._page, self._col))
            for b in rest:
                self._write(b)
            return
        assert control in (0x00, 0x80), "unknown control byte %#x" % control
        for b in rest:
            self._pending.append(b)
            cmd = self._pending[0]
            if len(self._pending) > _ARGS.get(cmd, 0):
                self._command(cmd, tuple(self._pending[1:]))
                self._pending = []

    def _command(self, cmd, args):
        self.commands.append((cmd, args))
        if cmd == _COLUMNS:
            self._col = args
            self._x = args[0]
        elif cmd == _PAGES:
            self._page = args
            self._p = args[0]

    def _write(self, b):
        self.ram[self._p * self.width + self._x] = b
        self.data_bytes += 1
        self._x += 1
        if self._x > self._col[1]:
            self._x = self._col[0]
            self._p = self._p + 1 if self._p < self._page[1] else self._page[0]

    def args_of(self, cmd):
        return [a for c, a in self.commands if c == cmd]

    def sent(self, d):
        """Bytes and page windows of d.show()."""
        self.data_bytes = 0
        self.windows = []
        d.show()
        return self.data_bytes, self.windows


class Panel:
    """SPI bus and pins in one: decodes commands; RAMWR pixels go to ``on_pixel``."""

    def __init__(self, on_pixel=None):
        self.cs = 1
        self.dc = 0
        self.log = []  # (command, data); RAMWR's data is counted, not kept
        self.resets = 0  # hardware reset pulses (rst driven low)
        self.pixels = 0  # pixels written by the last RAMWR
        self.on_pixel = on_pixel
        self._cmd = None
        self._data = bytearray()
        self._x0 = self._x1 = self._y0 = self._y1 = 0
        self._x = self._y = 0
        self._high = None
        self._part = []  # a 12-bit pair's bytes so far
        self.bits = 16  # the pixel format COLMOD set: on_pixel's colours are RGB565, or RGB444 at 12

    def set_cs(self, v):
        if v and not self.cs:
            self._end()
        self.cs = v

    def set_dc(self, v):
        self.dc = v

    def set_rst(self, v):
        if not v:
            self.resets += 1

    def write(self, buf):
        assert self.cs == 0, "SPI write without chip select"
        if self.dc == 0:
            for b in buf:
                self._end()
                self._cmd = b
                if b == _RAMWR:
                    self._x, self._y, self.pixels, self._high = self._x0, self._y0, 0, None
                    self._part = []
        elif self._cmd == _RAMWR and self.bits == 12:  # two pixels in three bytes
            for b in buf:
                self._part.append(b)
                if len(self._part) == 3:
                    a, m, z = self._part
                    self._pixel(a << 4 | m >> 4)
                    self._pixel((m & 15) << 8 | z)
                    self._part = []
        elif self._cmd == _RAMWR:
            for b in buf:
                if self._high is None:
                    self._high = b
                else:
                    self._pixel(self._high << 8 | b)
                    self._high = None
        else:
            self._data.extend(buf)

    def _pixel(self, colour):
        if self.on_pixel:
            self.on_pixel(self._x, self._y, colour)
        self.pixels += 1
        self._x += 1
        if self._x > self._x1:
            self._x = self._x0
            self._y += 1

    def _end(self):
        if self._cmd is None:
            return
        data = bytes(self._data)
        if self._cmd == _CASET:
            self._x0, self._x1 = data[0] << 8 | data[1], data[2] << 8 | data[3]
        elif self._cmd == _RASET:
            self._y0, self._y1 = data[0] << 8 | data[1], data[2] << 8 | data[3]
        elif self._cmd == _COLMOD:
            self.bits = 12 if data[0] & 7 == 3 else 16
        self.log.append((self._cmd, data))
        self._cmd = None
        self._data = bytearray()

    def commands(self):
        return [c for c, _ in self.log]

    def data_of(self, cmd):
        return [d for c, d in self.log if c == cmd]


_SH1106_ARGS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}
_SH1106_UNKNOWN = (0x20, 0x21, 0x22, 0x8D)  # the SSD1306's windows and charge pump
_SH1106_COLUMNS = 132


class Sh1106:
    """An SH1106 on I2C (see the module's docstring)."""

    def __init__(self, addr=0x3C):
        self.addr = addr
        self.ram = bytearray(_SH1106_COLUMNS * 8)
        self.commands = []  # (command, args)
        self.data_bytes = 0
        self.pages = []  # (page, first column) of each data transfer
        self._pending = []
        self._page = self._col = 0

    def writeto(self, addr, buf):
        self.transfer(addr, bytes(buf))

    def writevto(self, addr, bufs):
        self.transfer(addr, b"".join(bytes(b) for b in bufs))

    def transfer(self, addr, data):
        assert addr == self.addr, "no device at %#x" % addr
        control, rest = data[0], data[1:]
        if control == 0x40:
            self.pages.append((self._page, self._col))
            for b in rest:
                assert self._col < _SH1106_COLUMNS, "a byte past the page's last column"
                self.ram[self._page * _SH1106_COLUMNS + self._col] = b
                self._col += 1
                self.data_bytes += 1
            return
        assert control == 0x00, "unknown control byte %#x" % control
        for b in rest:
            self._pending.append(b)
            cmd = self._pending[0]
            if len(self._pending) > _SH1106_ARGS.get(cmd, 0):
                self._command(cmd, tuple(self._pending[1:]))
                self._pending = []

    def _command(self, cmd, args):
        assert cmd not in _SH1106_UNKNOWN, "%#x: an SSD1306 command the SH1106 does not know" % cmd
        self.commands.append((cmd, args))
        if 0xB0 <= cmd <= 0xB7:
            self._page = cmd & 7
        elif cmd < 0x10:
            self._col = self._col & 0xF0 | cmd
        elif cmd < 0x20:
            self._col = self._col & 0x0F | (cmd & 0x0F) << 4

    def glass(self):
        """What the 128 visible columns show, page by page: memory columns 2..129."""
        return b"".join(bytes(self.ram[p * _SH1106_COLUMNS + 2:p * _SH1106_COLUMNS + 130]) for p in range(8))

    def args_of(self, cmd):
        return [a for c, a in self.commands if c == cmd]

    def sent(self, d):
        self.data_bytes = 0
        self.pages = []
        d.show()
        return self.data_bytes, self.pages
