"""SSD1306 driver against a stand-in panel that decodes the I2C transfers (support/panels.py's Oled)."""
import micropython

from drivers.ssd1306 import SSD1306_I2C
from panels import CommandsOnly, Oled
from support import raises

_CONTRAST = 0x81
_DISPLAY_ON = 0xAF
_ADDRESSING = 0x20
_MULTIPLEX = 0xA8
_COM_PINS = 0xDA
_CHARGE_PUMP = 0x8D
_REGS = 0x40044000  # I2C0 on the RP2040 (drivers.chip), where the native write finds its block


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


def test_the_python_span_finds_the_first_and_last_change_and_the_longest_run_between():
    from drivers.ssd1306 import _span
    a = bytearray(40)
    b = bytearray(40)
    b[6] = 1
    b[9] = 2
    b[20] = 4
    b[35] = 3  # past the 20 bytes from 4
    out = [0, 0]
    gaps = [0, 0]
    # offsets 2, 5 and 16 changed; 6..15 between them did not, of which the whole words 8..15
    _span(a, b, 4, 20, 14, out, gaps, 1)
    assert (out, gaps) == ([0, 2 << 16 | 16], [0, -1])  # not more than 14 bytes
    _span(a, b, 4, 20, 7, out, gaps, 0)
    assert (out, gaps) == ([2 << 16 | 16, 2 << 16 | 16], [8 << 16 | 15, -1])
    _span(a, a, 4, 20, 7, out, gaps, 0)
    assert out[0] == -1


def test_a_page_goes_in_two_windows_around_a_long_unchanged_run():
    oled = Oled()
    d = SSD1306_I2C(128, 64, oled)
    d.show()
    d.fill_rect(0, 16, 30, 5, 1)  # page 2: a label, columns 0..29,
    d.fill_rect(110, 17, 10, 7, 1)  # and its value, 110..119: 80 unchanged between
    d.fill_rect(0, 56, 2, 8, 1)
    d.fill_rect(27, 56, 2, 8, 1)  # page 7: 25 unchanged between, the whole words 4..23 of them
    # the windows end at the words' edges: 32 and 107 are sent though they did not change
    assert oled.sent(d) == (53, [((2, 2), (0, 31)), ((2, 2), (108, 119)), ((7, 7), (0, 3)), ((7, 7), (24, 28))])
    d.pixel(0, 40, 1)
    d.pixel(21, 40, 1)  # 20 unchanged between, 16 in whole words: not worth a window more
    assert oled.sent(d) == (22, [((5, 5), (0, 21))])
    assert oled.ram == d.buffer


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


class _Native:
    """Stands in for drivers.mono_native: its loops' Python twins, fill's and glyphs' calls kept."""

    def __init__(self):
        import native_reference
        self.spans = native_reference.spans
        self._fill = native_reference.fill
        self.i2c_write = native_reference.i2c_write
        self.fills = []
        self.glyph_calls = []
        self.bits = native_reference.mono_bits

    def glyphs(self, *args):
        self.glyph_calls.append(args)

    def fill(self, buf, words, v):
        self.fills.append((words, v))
        self._fill(buf, words, v)


def test_the_boards_native_loops_send_the_same_windows():
    import native_reference

    # the native spans through machine.I2C, then into the I2C block's FIFO as well
    for with_regs in (None, _REGS):
        plain, fast = Oled(), Oled()
        native_reference.i2c_blocks[_REGS] = fast
        a = SSD1306_I2C(128, 64, plain)
        bus = fast if with_regs is None else CommandsOnly(fast)
        b = SSD1306_I2C(128, 64, bus, native=_Native(), regs=with_regs)
        for d in (a, b):
            d.show()
            d.text("12", 90, 3, 1)
            d.fill_rect(0, 20, 128, 10, 1)
        assert plain.sent(a) == fast.sent(b)
        for d in (a, b):
            d.text("13", 90, 3, 1)
        assert plain.sent(a) == fast.sent(b) and plain.ram == fast.ram == a.buffer


def test_the_boards_native_fill_fills_the_frame_as_framebuf_does():
    native = _Native()
    a = SSD1306_I2C(128, 64, Oled())
    b = SSD1306_I2C(128, 32, Oled(), native=native)
    for d in (a, b):
        d.text("12", 90, 3, 1)
    for c in (1, 0, 1):
        for d in (a, b):
            d.fill(c)
            assert d.buffer == bytes([0xFF * c]) * len(d.buffer)
            assert d.pixel(0, 0) == d.pixel(127, d.height - 1) == c
    assert native.fills == [(128, -1), (128, 0), (128, -1)]  # a word at a time, 512 bytes
    b.fill(0)
    b.text("12", 90, 3, 1)
    assert any(b.buffer)  # still the canvas framebuf draws on


def test_text_from_glyphs_is_drawn_natively_where_it_is_wholly_inside_at_twice_its_size():
    native = _Native()
    d = SSD1306_I2C(128, 64, Oled(), native=native)
    table = bytes(768)
    drawn = [d.glyphs("ab", 2, table, x, y, 1, k) for x, y, k in
             ((0, 0, 1), (96, 48, 1), (97, 48, 1), (-1, 0, 1), (0, 49, 1), (0, -1, 1), (0, 0, 2))]
    assert drawn == [True, True, False, False, False, False, False]  # past an edge, at 4x: app.ui's rectangles
    assert [call[:3] + call[4:5] + call[7:] for call in native.glyph_calls] == [
        (0, 0, 0, 2, 128, 0, 0, 1), (0, 0, 0, 2, 128, 96, 48, 1)]  # the registers, n, w, x, y, c
    assert native.glyph_calls[0][3] == "ab" and native.glyph_calls[0][5] is table
    assert native.glyph_calls[0][6] is d.buffer
    assert not hasattr(SSD1306_I2C(128, 64, Oled()), "glyphs")  # no native loops: app.ui's rectangles


class _Refusing:
    """The I2C block with no display answering: each write aborted, or the bus stuck (-1)."""

    def __init__(self, answer):
        self.answer = answer

    def writeto(self, addr, buf):
        return self.answer


def test_a_write_the_block_aborts_is_an_oserror_and_the_page_is_owed():
    import native_reference

    oled = Oled()
    native_reference.i2c_blocks[_REGS] = oled
    d = SSD1306_I2C(128, 64, CommandsOnly(oled), native=_Native(), regs=_REGS)
    d.show()
    d.fill_rect(3, 2, 4, 3, 1)  # page 0, columns 3..6
    for answer in (1, -1):  # a NAK (the write aborted), a bus that stopped
        native_reference.i2c_blocks[_REGS] = _Refusing(answer)
        raises(OSError, d.show)
    native_reference.i2c_blocks[_REGS] = oled
    # what the failed shows owed
    assert oled.sent(d) == (4, [((0, 0), (3, 6))])
    assert oled.ram == d.buffer


def test_a_bitmaps_lit_pixels_are_drawn_natively_where_it_is_wholly_inside():
    d = SSD1306_I2C(128, 64, Oled(), native=_Native())
    square = bytes([0xC0, 0x01]) + bytes(2) + bytes([0x80, 0x00])  # 3 rows: 2 left + 1 right, none, 1 left
    d.fill_rect(0, 0, 128, 64, 1)
    assert [d.bits(square, 3, x, y, 0) for x, y in ((0, 0), (112, 61), (113, 0), (-1, 0), (0, 62), (0, -1))] == [
        True, True, False, False, False, False]  # past an edge: the caller's own way
    unlit = [(x, y) for y in range(64) for x in range(128) if not d.pixel(x, y)]
    assert unlit == [(0, 0), (1, 0), (15, 0), (0, 2), (112, 61), (113, 61), (127, 61), (112, 63)]
    d.fill_rect(0, 0, 128, 64, 0)
    d.pixel(9, 9, 1)
    d.bits(square, 3, 7, 5, 1)
    lit = [(x, y) for y in range(64) for x in range(128) if d.pixel(x, y)]
    assert lit == [(7, 5), (8, 5), (22, 5), (7, 7), (9, 9)]  # in its ink, the rest left as it was
    assert not hasattr(SSD1306_I2C(128, 64, Oled()), "bits")  # no native loops: the caller's rectangles
