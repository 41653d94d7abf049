"""SH1106 driver against a fake panel that decodes the I2C transfers as an SH1106 does.

The fake keeps the controller's 132-column memory (pages of 8 rows, a byte per column,
bit 0 the top row) and knows page addressing only: B0-B7 set the page, 00-0F and 10-1F
the column's low and high nibble; each data byte lands at the column, which then
increments and never moves on to the next page. It takes the commands with a parameter
byte (81, A8, AD, D3, D5, D9, DA, DB) and refuses the SSD1306's 20, 21, 22 and 8D, which
the SH1106 does not know. The glass shows columns 2..129.
"""
from drivers.sh1106 import SH1106_I2C

_ARGS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}
_UNKNOWN = (0x20, 0x21, 0x22, 0x8D)  # the SSD1306's windows and charge pump
_COLUMNS = 132


class Sh1106:
    def __init__(self, addr=0x3C):
        self.addr = addr
        self.ram = bytearray(_COLUMNS * 8)
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
                assert self._col < _COLUMNS, "a byte past the page's last column"
                self.ram[self._page * _COLUMNS + self._col] = b
                self._col += 1
                self.data_bytes += 1
            return
        assert control == 0x00, "unknown control byte %#x" % control
        for b in rest:
            self._pending.append(b)
            cmd = self._pending[0]
            if len(self._pending) > _ARGS.get(cmd, 0):
                self._command(cmd, tuple(self._pending[1:]))
                self._pending = []

    def _command(self, cmd, args):
        assert cmd not in _UNKNOWN, "%#x: an SSD1306 command the SH1106 does not know" % cmd
        self.commands.append((cmd, args))
        if 0xB0 <= cmd <= 0xB7:
            self._page = cmd & 7
        elif cmd < 0x10:
            self._col = self._col & 0xF0 | cmd
        elif cmd < 0x20:
            self._col = self._col & 0x0F | (cmd & 0x0F) << 4

    def glass(self):
        """What the 128 visible columns show, page by page: memory columns 2..129."""
        return b"".join(bytes(self.ram[p * _COLUMNS + 2:p * _COLUMNS + 130]) for p in range(8))

    def args_of(self, cmd):
        return [a for c, a in self.commands if c == cmd]

    def sent(self, d):
        self.data_bytes = 0
        self.pages = []
        d.show()
        return self.data_bytes, self.pages


def test_set_up_as_an_sh1106_and_dark_until_the_first_frame():
    oled = Sh1106()
    oled.ram[:] = b"\xa5" * len(oled.ram)  # noise, as a module powers up
    d = SH1106_I2C(128, 64, oled)
    assert oled.args_of(0xAD) == [(0x8B,)]  # the DC-DC on: the module's panel voltage
    assert oled.args_of(0xA8) == [(63,)] and oled.args_of(0xDA) == [(0x12,)]
    cmds = [c for c, _ in oled.commands]
    assert 0xA1 in cmds and 0xC8 in cmds  # upright on the modules
    assert 0xAF not in cmds and oled.data_bytes == 0
    d.text("Hi", 0, 0, 1)
    d.show()
    assert oled.glass() == bytes(d.buffer)
    assert oled.pages == [(p, 2) for p in range(8)] and oled.data_bytes == 8 * 128
    assert oled.commands[-1] == (0xAF, ())


def test_the_picture_is_upright_and_unshifted():
    oled = Sh1106()
    d = SH1106_I2C(128, 64, oled)
    d.rect(0, 0, 128, 64, 1)
    d.show()
    # the frame's left edge is memory column 2 (all eight rows lit), its right edge 129;
    # columns 0, 1, 130 and 131 are off the glass and never written
    assert oled.ram[2] == 0xFF and oled.ram[129] == 0xFF and oled.ram[3] == 0x01
    assert oled.ram[7 * _COLUMNS + 2] == 0xFF and oled.ram[7 * _COLUMNS + 3] == 0x80
    for p in range(8):
        assert oled.ram[p * _COLUMNS:p * _COLUMNS + 2] == b"\x00\x00"
        assert oled.ram[p * _COLUMNS + 130:p * _COLUMNS + 132] == b"\x00\x00"


def test_only_the_changed_columns_of_the_changed_pages_go_out():
    oled = Sh1106()
    d = SH1106_I2C(128, 64, oled)
    d.show()
    assert oled.sent(d) == (0, [])  # nothing changed: nothing on the bus
    d.pixel(40, 20, 1)  # page 2, column 40
    d.pixel(45, 21, 1)
    assert oled.sent(d) == (6, [(2, 42)])  # columns 40..45, at memory columns 42..47
    assert oled.glass() == bytes(d.buffer)
    d.pixel(0, 0, 1)  # page 0, column 0
    d.pixel(127, 63, 1)  # page 7, column 127
    assert oled.sent(d) == (2, [(0, 2), (7, 129)])
    assert oled.glass() == bytes(d.buffer)
    # the page's start column needs both nibbles: 129 is 0x81
    assert oled.commands[-2:] == [(0x01, ()), (0x18, ())]


def test_a_span_in_native_code_is_the_same_as_in_python():
    import native_reference

    a, b = Sh1106(), Sh1106()
    python = SH1106_I2C(128, 64, a)
    native = SH1106_I2C(128, 64, b, native=native_reference)
    for d in (python, native):
        d.show()
        d.text("Taubertal", 8, 30, 1)
        d.hline(0, 63, 128, 1)
    assert a.sent(python) == b.sent(native)
    assert a.glass() == b.glass() == bytes(python.buffer)


def test_contrast():
    oled = Sh1106()
    d = SH1106_I2C(128, 64, oled)
    d.contrast(25)
    assert oled.args_of(0x81)[-1] == (25,)
