"""SSD1306 driver against a fake panel that decodes the I2C transfers.

Each transfer starts with a control byte: 0x00, the rest are commands (with their
arguments); 0x40, the rest is display data. The fake keeps the controller's memory
(pages of 8 rows, a byte per column, bit 0 the top row) and writes data into the
column/page window the way its address counter walks it in horizontal mode: along
the page, then on to the next page of the window.
"""
import micropython

from drivers.ssd1306 import SSD1306_I2C

_CONTRAST = 0x81
_DISPLAY_ON = 0xAF
_ADDRESSING = 0x20
_COLUMNS = 0x21
_PAGES = 0x22
_MULTIPLEX = 0xA8
_COM_PINS = 0xDA
_CHARGE_PUMP = 0x8D
_ARGS = {_CONTRAST: 1, _ADDRESSING: 1, _COLUMNS: 2, _PAGES: 2, _MULTIPLEX: 1, _COM_PINS: 1,
         _CHARGE_PUMP: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDB: 1}


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


def test_init_sequence_and_the_first_frame():
    oled = Oled()
    oled.ram[:] = b"\xa5" * len(oled.ram)  # what the panel held before
    d = SSD1306_I2C(128, 64, oled)
    assert oled.args_of(_ADDRESSING) == [(0,)]  # horizontal addressing
    assert oled.args_of(_MULTIPLEX) == [(63,)] and oled.args_of(_COM_PINS) == [(0x12,)]
    assert oled.args_of(_CHARGE_PUMP) == [(0x14,)]
    # made: set up, still dark, nothing sent yet (the boot's first frame is the first)
    assert _DISPLAY_ON not in [c for c, _ in oled.commands] and oled.data_bytes == 0
    d.text("Hi", 0, 0, 1)
    d.show()
    # the first show sends every page, whatever the panel held, and then lights it
    assert oled.ram == d.buffer and oled.data_bytes == 1024
    assert oled.commands[-1] == (_DISPLAY_ON, ())
    d.pixel(0, 60, 1)
    d.show()
    assert [c for c, _ in oled.commands].count(_DISPLAY_ON) == 1


def test_picture_matches_the_frame_buffer():
    oled = Oled()
    d = SSD1306_I2C(128, 64, oled)
    d.rect(0, 0, 128, 64, 1)
    d.text("Red", 10, 20, 1)
    d.pixel(127, 63, 0)
    d.show()
    assert oled.ram == d.buffer
    # by hand: column 0 of page 0 is the frame's left edge, all eight rows lit; the
    # bottom-right pixel (page 7, bit 7) is off, the one above it on
    assert oled.ram[0] == 0xFF and oled.ram[7 * 128 + 127] == 0x7F


def test_only_the_changed_columns_of_the_changed_pages_go_out():
    oled = Oled()
    d = SSD1306_I2C(128, 64, oled)
    d.show()
    assert oled.sent(d) == (0, [])  # nothing changed: nothing on the bus
    d.pixel(5, 26, 1)  # row 26: page 3, column 5
    assert oled.sent(d) == (1, [((3, 3), (5, 5))])
    d.pixel(0, 8, 1)  # page 1
    d.pixel(0, 47, 1)  # page 5: not next to page 1, a window each
    assert oled.sent(d) == (2, [((1, 1), (0, 0)), ((5, 5), (0, 0))])
    d.fill_rect(0, 16, 10, 16, 1)  # pages 2 and 3, columns 0..9: one window
    assert oled.sent(d) == (20, [((2, 3), (0, 9))])
    d.pixel(0, 16, 1)  # drawn again as it was: no change
    assert oled.sent(d) == (0, [])
    assert oled.ram == d.buffer


def test_neighbouring_pages_share_a_window_only_where_it_costs_less():
    oled = Oled()
    d = SSD1306_I2C(128, 64, oled)
    d.show()
    d.fill_rect(120, 0, 8, 8, 1)  # page 0, columns 120..127
    d.fill_rect(0, 8, 4, 8, 1)  # page 1, columns 0..3: together they would be 256 bytes
    assert oled.sent(d) == (12, [((0, 0), (120, 127)), ((1, 1), (0, 3))])
    d.hline(0, 40, 100, 1)  # page 5, columns 0..99
    d.hline(2, 48, 97, 1)  # page 6, columns 2..98: 200 bytes together, 208 apart
    assert oled.sent(d) == (200, [((5, 6), (0, 99))])
    assert oled.ram == d.buffer


def test_the_python_span_finds_the_first_and_last_change():
    from drivers.ssd1306 import _span
    a = bytearray(20)
    b = bytearray(20)
    assert _span(a, b, 4, 8) == -1
    b[6] = 1
    b[9] = 2
    b[15] = 3  # past the 8 bytes from 4
    assert _span(a, b, 4, 8) == (2 << 16 | 5)


def test_a_short_panel():
    oled = Oled(128, 32)
    d = SSD1306_I2C(128, 32, oled)
    assert oled.args_of(_MULTIPLEX) == [(31,)] and oled.args_of(_COM_PINS) == [(0x02,)]
    d.fill(1)
    assert oled.sent(d) == (512, [((0, 3), (0, 127))])
    assert oled.ram == b"\xff" * 512


def test_contrast_and_the_other_address():
    oled = Oled(addr=0x3D)
    d = SSD1306_I2C(128, 64, oled, 0x3D)
    d.contrast(25)
    assert oled.args_of(_CONTRAST)[-1] == (25,)


class _NullBus:
    def writeto(self, addr, buf):
        pass

    def writevto(self, addr, bufs):
        pass


def test_show_allocates_only_the_views_of_what_it_sends():
    import gc
    if getattr(micropython, "heap_lock", None) is None:  # CPython: no heap to measure
        return
    d = SSD1306_I2C(128, 64, _NullBus())
    d.show()
    for draw in (lambda: d.fill_rect(10, 10, 50, 30, 1), lambda: d.pixel(0, 63, 1), lambda: d.fill(1)):
        draw()
        gc.collect()
        gc.disable()
        try:
            before = gc.mem_alloc()
            d.show()
            grew = gc.mem_alloc() - before
        finally:
            gc.enable()
        assert grew <= 8 * 32, grew  # a small view per page sent, nothing the size of a page


def test_the_boards_native_span_sends_the_same_windows():
    import native_reference  # drivers.mono_native's span, step for step
    plain, fast = Oled(), Oled()
    a = SSD1306_I2C(128, 64, plain)
    b = SSD1306_I2C(128, 64, fast, native=native_reference)
    for d in (a, b):
        d.show()
        d.text("12", 90, 3, 1)
        d.fill_rect(0, 20, 128, 10, 1)
    assert plain.sent(a) == fast.sent(b)
    for d in (a, b):
        d.text("13", 90, 3, 1)
    assert plain.sent(a) == fast.sent(b) and plain.ram == fast.ram == a.buffer
