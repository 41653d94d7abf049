"""ST7789 driver against a stand-in panel that decodes the SPI command stream (support/panels.py's
Panel). The picture it ends up with must be the frame buffer's palette indices turned into the
palette's RGB565 colours, or with the native loops its RGB444 ones.
"""
import micropython

from drivers.st7789 import ST7789, rgb444, rgb565
import native_reference
from panels import Panel
from support import raises

_SWRESET = 0x01
_SLPOUT = 0x11
_INVON = 0x21
_DISPON = 0x29
_CASET = 0x2A
_RASET = 0x2B
_RAMWR = 0x2C
_MADCTL = 0x36
_COLMOD = 0x3A

PALETTE = ((0, 0, 0), (255, 255, 255), (255, 0, 0), (0, 255, 0), (0, 0, 255), (16, 32, 64))


def _display(panel, width, height, x_offset=40, y_offset=53, rst=False, tuning=b"", shown=True):
    """A display as the boot leaves it: made, and (shown) its first frame shown."""
    d = ST7789(panel, panel.set_cs, panel.set_dc, panel.set_rst if rst else None,
               width=width, height=height, x_offset=x_offset, y_offset=y_offset,
               madctl=0x70, palette=PALETTE, tuning=tuning)
    if shown:
        d.show()
    return d


def test_rgb565_by_hand():
    assert rgb565(255, 0, 0) == 0xF800
    assert rgb565(0, 255, 0) == 0x07E0
    assert rgb565(0, 0, 255) == 0x001F
    assert rgb565(255, 255, 255) == 0xFFFF
    # 16 -> 0b00010 red, 32 -> 0b001000 green, 64 -> 0b01000 blue
    assert rgb565(16, 32, 64) == 0b00010_001000_01000


def test_init_sequence():
    panel = Panel()
    d = _display(panel, 8, 4, rst=True, tuning=b"\xb7\x01\x75\xe0\x02\x70\x04", shown=False)
    # made: reset by its line only (no command: SWRESET would do it again), so the boot
    # goes on while the controller wakes
    assert panel.resets == 1 and panel.commands() == []
    d.show()
    cmds = panel.commands()
    assert cmds[0] == _SLPOUT
    assert panel.data_of(_COLMOD) == [b"\x55"]
    assert panel.data_of(_MADCTL) == [b"\x70"]
    # the tuning table's commands, in order, with their data
    assert panel.data_of(0xB7) == [b"\x75"] and panel.data_of(0xE0) == [b"\x70\x04"]
    assert cmds.index(0xB7) < cmds.index(0xE0) < cmds.index(_DISPON)
    assert _INVON in cmds
    # then the first frame: window, RAMWR of every pixel, and only then the display on
    assert cmds[-4:] == [_CASET, _RASET, _RAMWR, _DISPON]
    assert panel.pixels == 8 * 4
    panel.log = []
    d.pixel(0, 0, 1)
    d.show()
    assert panel.commands() == [_CASET, _RASET, _RAMWR]  # set up once


def test_the_wake_waits_only_what_the_boot_left_of_the_reset_time():
    import drivers.st7789 as driver
    clock = [1000]
    slept = []
    saved = driver.ticks_ms, driver.sleep_ms
    driver.ticks_ms = lambda: clock[0]
    driver.sleep_ms = slept.append
    try:
        d = _display(Panel(), 8, 4, shown=False)
        clock[0] += 100  # the boot built the app for 100 ms
        d.show()
        assert slept == [50, 6]  # the rest of the 150 ms, then 5 ms out of sleep (6: sleep_ms may end 1 ms early)
        slept.clear()
        d = _display(Panel(), 8, 4, shown=False)
        clock[0] += 400
        d.show()
        assert slept == [0, 6]
    finally:
        driver.ticks_ms, driver.sleep_ms = saved


def test_window_carries_the_offsets():
    panel = Panel()
    _display(panel, 12, 5, x_offset=40, y_offset=53)
    # columns 40..51, rows 53..57, big-endian 16-bit first and last address
    assert panel.data_of(_CASET)[-1] == b"\x00\x28\x00\x33"
    assert panel.data_of(_RASET)[-1] == b"\x00\x35\x00\x39"


def test_picture_matches_the_frame_buffer():
    image = {}
    panel = Panel(lambda x, y, c: image.__setitem__((x, y), c))
    d = _display(panel, 12, 5)
    d.fill(0)
    d.rect(0, 0, 12, 5, 1)
    d.pixel(3, 2, 2)
    d.hline(5, 1, 4, 3)
    d.vline(10, 1, 3, 4)
    d.pixel(1, 1, 5)
    image.clear()
    d.show()
    assert panel.pixels == 12 * 5 and len(image) == 12 * 5
    for y in range(5):
        for x in range(12):
            want = rgb565(*PALETTE[d.pixel(x, y)])
            assert image[(40 + x, 53 + y)] == want, (x, y)
    # spot checks by hand: the red pixel and the corner of the white frame
    assert image[(43, 55)] == 0xF800
    assert image[(40, 53)] == 0xFFFF
    assert image[(41, 54)] == rgb565(16, 32, 64)


def test_odd_width_frame():
    image = {}
    panel = Panel(lambda x, y, c: image.__setitem__((x, y), c))
    d = _display(panel, 7, 3, x_offset=0, y_offset=0)
    d.fill(4)
    d.pixel(6, 2, 2)  # last pixel of the last row: the half-byte that ends each row
    d.pixel(0, 1, 1)
    image.clear()
    d.show()
    assert len(image) == 21
    assert image[(6, 2)] == 0xF800 and image[(0, 1)] == 0xFFFF
    assert image[(5, 2)] == 0x001F and image[(6, 1)] == 0x001F


def test_new_palette_without_redrawing():
    image = {}
    panel = Panel(lambda x, y, c: image.__setitem__((x, y), c))
    d = _display(panel, 4, 2)
    d.fill(2)
    d.set_palette(((0, 0, 0), (0, 0, 0), (0, 255, 0)))
    d.show()
    assert set(image.values()) == {0x07E0}
    d.set_palette(())  # every index black
    d.show()
    assert set(image.values()) == {0}


def test_full_display_pack_frame():
    # 240x135 at Pimoroni's offsets: columns 40..279, rows 53..187, 32400 pixels,
    # every one checked as it arrives (nothing stored: the heap stays small).
    bad = []

    def check(x, y, c):
        band = (x - 40) // 40  # six 40-pixel bands, colours 0..5
        want = rgb565(*PALETTE[band])
        if y == 53 + 134:
            want = 0xFFFF  # the bottom row is white
        if c != want and len(bad) < 5:
            bad.append((x, y, c))

    panel = Panel()
    d = _display(panel, 240, 135)
    for i in range(6):
        d.fill_rect(i * 40, 0, 40, 135, i)
    d.hline(0, 134, 240, 1)
    panel.on_pixel = check
    d.show()
    assert panel.data_of(_CASET)[-1] == bytes((0, 40, 279 >> 8, 279 & 0xFF))
    assert panel.data_of(_RASET)[-1] == bytes((0, 53, 0, 187))
    assert panel.pixels == 240 * 135
    assert bad == []


def test_only_changed_rows_go_out():
    count = [0]

    def counted(x, y, c):
        count[0] += 1

    panel = Panel(counted)
    d = _display(panel, 240, 135)

    def sent():
        """(rows of each window, RAMWR commands, pixels) of one show()."""
        panel.log = []
        count[0] = 0
        d.show()
        rows = [(r[1] - 53, r[3] - 53) for r in panel.data_of(_RASET)]
        return rows, panel.commands().count(_RAMWR), count[0]

    assert sent() == ([], 0, 0)  # nothing changed: nothing on the bus
    d.hline(0, 20, 240, 1)  # row 20: the band of rows 16..23
    assert sent() == ([(16, 23)], 1, 240 * 8)
    d.pixel(3, 2, 2)  # rows 0..7 and the last band, rows 128..134 (seven rows)
    d.pixel(3, 130, 2)
    assert sent() == ([(0, 7), (128, 134)], 2, 240 * 15)
    d.fill_rect(0, 30, 5, 20, 3)  # rows 30..49: three bands in one window
    assert sent() == ([(24, 55)], 1, 240 * 32)
    d.set_palette(PALETTE[1:])  # new colours for every pixel: the whole frame again
    assert sent() == ([(0, 134)], 1, 240 * 135)


class _Native:
    """Stands in for drivers.gs4_native: its send's and sums' Python twins, double's calls kept."""

    def __init__(self):
        self.doubles = []
        self.sums = native_reference.sums
        self.send = native_reference.send

    def modules(self, *args):
        self.doubles.append(("modules",) + args[:3] + args[4:5] + args[6:])
        native_reference.modules(*args)

    def double(self, *args):
        self.doubles.append(("double",) + args)

    def double_any(self, *args):
        self.doubles.append(("double_any",) + args)

    def glyphs(self, *args):
        self.doubles.append(("glyphs",) + args)


class _Dma:
    """Stands in for drivers.lcd_board.SpiDma: the reference send writes to regs."""

    def __init__(self, panel):
        self.regs = panel
        self.spi = None
        self.busy = 0


def test_the_native_expansion_draws_the_same_picture_as_the_blit():
    pictures = []
    for native in (None, _Native()):
        image = {}
        panel = Panel(lambda x, y, c: image.__setitem__((x, y), c))
        d = ST7789(panel, panel.set_cs, panel.set_dc, None, width=16, height=11, x_offset=40,
                   y_offset=53, madctl=0x70, palette=PALETTE, native=native, dma=_Dma(panel) if native else None)
        for x in range(16):
            d.vline(x, 0, 11, x % len(PALETTE))  # every colour, left and right in a byte
        d.pixel(1, 10, 2)  # the short last band (rows 8..10)
        image.clear()
        d.show()
        assert len(image) == 16 * 11
        d.hline(0, 9, 16, 1)  # only the last band again
        d.show()
        pictures.append(image)
        assert panel.data_of(_COLMOD) == [b"\x53" if native else b"\x55"]  # 12 bits a pixel, or 16
    # the same picture: the blit's in RGB565, the native loops' in RGB444 (4 bits a colour,
    # the nearest of 16 levels: 255 is 15; 16, 32 and 64 are 1, 2 and 4: 0.9, 1.9, 3.8)
    assert sorted(pictures[0]) == sorted(pictures[1])
    for at, c in pictures[1].items():
        r, g, b = (c >> 8) * 17, (c >> 4 & 15) * 17, (c & 15) * 17
        assert abs(r - (pictures[0][at] >> 8 & 0xF8)) <= 15 and abs(b - (pictures[0][at] << 3 & 0xF8)) <= 15
        assert abs(g - (pictures[0][at] >> 3 & 0xFC)) <= 15
    assert pictures[1][(41, 63)] == 0xF00 and pictures[1][(40, 53)] == 0
    assert pictures[1][(43, 53)] == 0x0F0 and pictures[1][(45, 62)] == 0xFFF
    assert pictures[1][(45, 53)] == rgb444(*PALETTE[5]) == 0x124


def test_with_the_native_loops_only_the_changed_columns_go_out():
    image = {}
    panel = Panel()
    d = ST7789(panel, panel.set_cs, panel.set_dc, None, width=64, height=24, x_offset=40,
               y_offset=53, madctl=0x70, palette=PALETTE, native=_Native(), dma=_Dma(panel))
    d.show()
    panel.log = []
    panel.on_pixel = lambda x, y, c: image.__setitem__((x, y), c)  # what comes after the first frame
    d.pixel(21, 5, 2)  # byte 10 of row 5 (word 2): pixels 20 and 21 of rows 0..7
    d.pixel(40, 12, 3)  # and byte 20 of row 12 (word 5), in the next band: one window for both
    d.show()
    # whole words: bytes 8..23 of the rows, pixels 16..47, columns 40 + 16 .. 40 + 47
    assert panel.data_of(_CASET) == [bytes((0, 56, 0, 87))]
    assert panel.data_of(_RASET) == [bytes((0, 53, 0, 68))]  # rows 0..15
    assert len(image) == 32 * 16
    assert image[(61, 58)] == 0xF00 and image[(80, 65)] == rgb444(*PALETTE[3]) == 0x0F0
    assert image[(60, 58)] == 0 and image[(81, 65)] == 0 and image[(56, 53)] == 0


def test_the_native_loops_want_a_width_of_whole_words():
    raises(ValueError, ST7789, Panel(), _nop, _nop, None, 12, 3, native=_Native(), dma=_Dma(Panel()))


def test_the_native_loops_send_by_dma():
    raises(ValueError, ST7789, Panel(), _nop, _nop, None, 16, 3, native=_Native())


def test_doubled_text_is_drawn_natively_into_the_frame():
    native = _Native()
    panel = Panel()
    d = ST7789(panel, panel.set_cs, panel.set_dc, None, width=16, height=11, native=native, dma=_Dma(panel))
    line = bytearray(16)
    d.doubled(line, 2, 1, 3, 4, 9)  # at an odd x, and past the bottom: the loop for anywhere
    ((name, got_line, stride, count, frame, pitch, x, y, c, w, h),) = native.doubles
    assert name == "double_any" and got_line is line and (stride, count, x, y, c) == (2, 1, 3, 4, 9)
    assert (pitch, w, h) == (8, 16, 11) and len(frame) == 8 * 11
    frame[0] = 0x20  # the frame it was handed is the display's own
    assert d.pixel(0, 0) == 2
    tall = ST7789(panel, panel.set_cs, panel.set_dc, None, width=32, height=24, native=native, dma=_Dma(panel))
    native.doubles.clear()
    for x, y in ((2, 8), (16, 0), (1, 8), (-2, 0), (18, 8), (2, 9)):  # 1 byte: 16 pixels wide, 16 high
        tall.doubled(line, 2, 1, x, y, 9)
    assert [(call[0], call[9:11]) for call in native.doubles[:2]] == [("double", (2, 8)), ("double", (16, 0))]
    assert native.doubles[0][1:4] == (0, 0, 0)  # the fast loop's registers
    assert [call[0] for call in native.doubles[2:]] == ["double_any"] * 4  # odd x, past an edge
    assert not hasattr(_display(Panel(), 8, 4), "doubled")  # no native loops: app.ui blits


def test_text_from_glyphs_is_drawn_natively_where_it_is_wholly_inside_at_an_even_x():
    native = _Native()
    panel = Panel()
    d = ST7789(panel, panel.set_cs, panel.set_dc, None, width=32, height=24, native=native, dma=_Dma(panel))
    table = bytes(768)
    drawn = [d.glyphs("ab", 1, table, x, y, 9) for x, y in ((2, 8), (16, 0), (1, 8), (-2, 0), (18, 8), (2, 9))]
    assert drawn == [True, True, False, False, False, False]  # odd x, past an edge: app.ui's other way
    (name, v, a, both, s, n, got_table, frame, pitch, x, y, c, k), second = native.doubles
    assert (name, v, a, both, s, n, x, y, c, k) == ("glyphs", 0, 0, 0, "ab", 1, 2, 8, 9, 1) and got_table is table
    assert frame is d._frame and pitch == 16 and second[9:11] == (16, 0)
    native.doubles.clear()
    big = ST7789(panel, panel.set_cs, panel.set_dc, None, width=48, height=40, native=native, dma=_Dma(panel))
    # at 4x a character is 32 pixels square
    assert [big.glyphs("a", 1, table, x, y, 9, 2) for x, y in ((16, 8), (18, 8), (16, 9))] == [True, False, False]
    assert [call[9:] for call in native.doubles] == [(16, 8, 9, 2)]
    assert not hasattr(_display(Panel(), 8, 4), "glyphs")  # no native loops: app.ui blits


def test_a_code_s_modules_are_drawn_natively_into_the_frame():
    native = _Native()
    panel = Panel()
    d = ST7789(panel, panel.set_cs, panel.set_dc, None, width=16, height=11, native=native, dma=_Dma(panel))
    d.fill(5)
    # 2 x 2 modules, dark: (0, 0) and (1, 1); bits 0 and 3; 3 pixels each, from x = y = 1
    d.modules(b"\x09", 2, 1, 3, 9)
    assert native.doubles == [("modules", 0, 0, 0, 2, 8, 1, 3, 9)]  # its registers, n, pitch ...
    dark = {(x, y) for x in range(1, 4) for y in range(1, 4)} | {(x, y) for x in range(4, 7) for y in range(4, 7)}
    assert [(x, y) for y in range(11) for x in range(16) if d.pixel(x, y) == 9] == sorted(dark, key=lambda p: (p[1], p[0]))
    assert all(d.pixel(x, y) == 5 for y in range(11) for x in range(16) if (x, y) not in dark)


def test_a_code_that_leaves_the_frame_is_refused_and_nothing_drawn():
    native = _Native()
    panel = Panel()
    d = ST7789(panel, panel.set_cs, panel.set_dc, None, width=16, height=11, native=native, dma=_Dma(panel))
    before = bytes(d._frame)
    raises(ValueError, d.modules, b"\xff\xff", 4, 0, 3, 9)  # 12 pixels high, the frame 11
    raises(ValueError, d.modules, b"\xff\xff", 4, -1, 2, 9)
    raises(ValueError, d.modules, b"\xff", 4, 0, 2, 9)  # 16 modules, 8 bits
    raises(ValueError, d.modules, b"\xff\xff", 4, 0, 0, 9)
    assert native.doubles == [] and bytes(d._frame) == before
    assert not hasattr(_display(Panel(), 8, 4), "modules")  # no native loops: app.scan_view's rectangles


class _NullBus:
    def write(self, buf):
        pass


def _nop(v):
    pass


def test_show_allocates_nothing():
    if getattr(micropython, "heap_lock", None) is None:  # CPython: no heap to lock
        return
    d = ST7789(_NullBus(), _nop, _nop, None, 240, 135, 40, 53, 0x70, PALETTE)
    d.show()  # the boot's first show sets the controller up, once
    d.fill_rect(10, 10, 100, 50, 3)
    micropython.heap_lock()
    try:
        d.show()
        d.pixel(0, 134, 2)
        d.show()
    finally:
        micropython.heap_unlock()


def test_a_columns_sum_changes_with_any_one_word_of_it():
    frame = bytearray(4 * 8)  # one word column of 8 rows, a word a row
    was = native_reference.column_sum(frame, 0, 4, 8)
    for r in range(8):
        for word in (1, 0x80000000, 0xFFFFFFFF, 0x01000193):
            frame[4 * r:4 * r + 4] = word.to_bytes(4, "little")
            assert native_reference.column_sum(frame, 0, 4, 8) != was
        frame[4 * r:4 * r + 4] = bytes(4)
    assert native_reference.column_sum(frame, 0, 4, 8) == was
    # two rows' right-most two pixels changed: a product alone never carries a change of the
    # high bits down, and these two cancelled (the emulated Display Pack showed a stale colon)
    frame[4 * 2 + 3] = 0x01
    frame[4 * 5 + 3] = 0x7F
    assert native_reference.column_sum(frame, 0, 4, 8) != was


def test_with_the_native_loops_the_frame_is_not_copied():
    panel = Panel()
    d = ST7789(panel, panel.set_cs, panel.set_dc, None, width=240, height=135, native=_Native(), dma=_Dma(panel))
    kept = [v for v in (getattr(d, n) for n in dir(d)) if isinstance(v, bytearray) and len(v) >= 240 * 135 // 2]
    assert kept == [d._frame]  # the sums instead: a word per 4 bytes of a band's row
    assert len(d._sums) == 120 * 17
