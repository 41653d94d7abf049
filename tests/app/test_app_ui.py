"""Doubled text on the Display Pack's canvas, against the 8x8 font drawn at 1x.

Each lit pixel of the string at 1x must become a 2x2 block in the colour
asked for, and every other pixel must keep what was under it.
"""
import framebuf

import native_reference
from support import stepped
from app.ui import Ui

W = 240
H = 135


class NativeCanvas(framebuf.FrameBuffer):
    """A GS4 canvas that draws doubled text itself, as the Display Pack's does
    (drivers.st7789's doubled and glyphs), through the native loops' Python twins."""

    def __init__(self, buf):
        super().__init__(buf, W, H, framebuf.GS4_HMSB)
        self.buf = buf
        self.calls = 0  # doubled()
        self.glyph_calls = 0  # glyphs() that drew

    def doubled(self, line, stride, count, x, y, c):
        self.calls += 1
        native_reference.double_any(line, stride, count, self.buf, W // 2, x, y, c, W, H)

    def glyphs(self, s, n, table, x, y, c, k=1):
        if x >= 0 and not x & 1 and x + 16 * k * n <= W and 0 <= y <= H - 16 * k:  # as drivers.st7789's
            self.glyph_calls += 1
            native_reference.glyphs(0, 0, 0, s, n, table, self.buf, W // 2, x, y, c, k)
            return True
        return False


def canvas(native=False):
    buf = bytearray(W * H // 2)
    return buf, (NativeCanvas(buf) if native else framebuf.FrameBuffer(buf, W, H, framebuf.GS4_HMSB))


def at_1x(s):
    """The string at 1x: a set of lit (x, y)."""
    fb = framebuf.FrameBuffer(bytearray(len(s) * 8), len(s) * 8, 8, framebuf.MONO_HLSB)
    fb.text(s, 0, 0, 1)
    return set((x, y) for y in range(8) for x in range(len(s) * 8) if fb.pixel(x, y))


def stripes(fb):
    """A background of two colours, so a pixel that should stay shows if it did not."""
    for y in range(H):
        fb.hline(0, y, W, 5 if y % 3 else 6)


def test_each_pixel_becomes_a_two_by_two_block():
    _test_each_pixel_becomes_a_two_by_two_block(False)


def test_each_pixel_becomes_a_two_by_two_block_natively():
    _test_each_pixel_becomes_a_two_by_two_block(True)


def _test_each_pixel_becomes_a_two_by_two_block(native):
    _, fb = canvas(native)
    stripes(fb)
    ui = Ui(fb, W, H, colour=True)
    ui.text("Ab1:", 7, 11, 9)
    lit = at_1x("Ab1:")
    assert len(lit) > 20
    for y in range(H):
        for x in range(W):
            if 7 <= x < 7 + 64 and 11 <= y < 11 + 16 and ((x - 7) // 2, (y - 11) // 2) in lit:
                want = 9
            else:
                want = 5 if y % 3 else 6
            assert fb.pixel(x, y) == want, (x, y)


def test_text_in_the_background_colour_and_in_colour_15():
    _test_text_in_the_background_colour_and_in_colour_15(False)


def test_text_in_the_background_colour_and_in_colour_15_natively():
    _test_text_in_the_background_colour_and_in_colour_15(True)


def _test_text_in_the_background_colour_and_in_colour_15(native):
    # the colour the blit skips is the one after the ink: 1 for ink 0, 0 for ink 15
    for ink, under in ((0, 1), (0, 2), (15, 0), (15, 3)):
        _, fb = canvas(native)
        fb.fill(under)
        Ui(fb, W, H, colour=True).text("M", 0, 0, ink)
        lit = at_1x("M")
        for y in range(16):
            for x in range(16):
                assert fb.pixel(x, y) == (ink if (x // 2, y // 2) in lit else under), (ink, under, x, y)
        assert fb.pixel(16, 0) == under and fb.pixel(0, 16) == under


def test_a_string_longer_than_the_screen_is_cut_at_its_edge():
    _test_a_string_longer_than_the_screen_is_cut_at_its_edge(False)


def test_a_string_longer_than_the_screen_is_cut_at_its_edge_natively():
    _test_a_string_longer_than_the_screen_is_cut_at_its_edge(True)


def _test_a_string_longer_than_the_screen_is_cut_at_its_edge(native):
    buf, fb = canvas(native)
    ui = Ui(fb, W, H, colour=True)
    ui.text("0123456789ABCDEFGHIJ", 8, 40)  # 20 characters from x 8: 14.5 of them fit
    whole = bytes(buf)
    fb.fill(0)
    ui.text("0123456789ABCDE", 8, 40)
    assert bytes(buf) == whole
    fb.fill(0)
    ui.text("0123456789ABCD", 8, 40)
    assert bytes(buf) != whole  # the half of "E" that fits was drawn


def test_left_of_the_screen_draws_what_is_on_it():
    _test_left_of_the_screen_draws_what_is_on_it(False)


def test_left_of_the_screen_draws_what_is_on_it_natively():
    _test_left_of_the_screen_draws_what_is_on_it(True)


def _test_left_of_the_screen_draws_what_is_on_it(native):
    buf, fb = canvas(native)
    ui = Ui(fb, W, H, colour=True)
    ui.text("xyAB", -32, 50, 1)  # x and y are off the screen: AB lands at 0
    left = bytes(buf)
    fb.fill(0)
    ui.text("AB", 0, 50, 1)
    assert bytes(buf) == left and any(left)


def test_off_the_bottom_and_past_the_right_edge():
    _test_off_the_bottom_and_past_the_right_edge(False)


def test_off_the_bottom_and_past_the_right_edge_natively():
    _test_off_the_bottom_and_past_the_right_edge(True)


def _test_off_the_bottom_and_past_the_right_edge(native):
    buf, fb = canvas(native)
    ui = Ui(fb, W, H, colour=True)
    ui.text("T", 0, H - 4, 1)  # only the top two rows of the glyph are on screen
    lit = at_1x("T")
    for y in range(H - 4, H):
        for x in range(16):
            assert fb.pixel(x, y) == (1 if (x // 2, (y - H + 4) // 2) in lit else 0)
    fb.fill(0)
    ui.text("T", W, 0, 1)
    assert not any(buf)


def test_the_strings_drawn_are_recorded_once_each():
    _, fb = canvas()
    ui = Ui(fb, W, H, colour=True)
    ui.record()
    ui.text("Pass 1", 0, 0)
    ui.text("Red", 0, 20, 4, 4)
    assert ui.drawn == ["Pass 1", "Red"]


def test_a_canvas_that_doubles_text_itself_is_handed_the_string_or_the_line():
    _, fb = canvas(True)
    ui = Ui(fb, W, H, colour=True)
    ui.text("Ab", 4, 4, 9)  # inside, at an even x: the canvas draws it from the glyphs
    ui.text("Ab", 3, 4, 9)  # at an odd x: from the line at 1x
    ui.text("Ab", 3, 40, 9, 1)  # at 1x: framebuf's own text
    assert (fb.glyph_calls, fb.calls) == (1, 1)


@stepped
def test_the_native_paths_draw_schaffners_zero_too():
    for x in (4, 3):  # the glyphs' path, the line's
        plain_buf, plain = canvas()
        native_buf, native = canvas(True)
        for fb in (plain, native):
            Ui(fb, W, H, colour=True).text("10:05", x, 7, 9)
        assert native.glyph_calls + native.calls == 1 and bytes(native_buf) == bytes(plain_buf)
        yield  # (a step per pair of frames: MicroPython's heap holds two at a time)


@stepped
def test_the_glyphs_draw_every_character_as_the_line_does():
    chars = "".join(chr(k) for k in range(32, 128)) + "\xe9\x01"  # past 127 and below 32: 127's glyph
    for at in range(0, len(chars), 14):
        s = chars[at:at + 14]
        plain_buf, plain = canvas()
        native_buf, native = canvas(True)
        for fb in (plain, native):
            stripes(fb)
            Ui(fb, W, H, colour=True).text(s, 2, 100, 12)
        assert native.glyph_calls == 1 and bytes(native_buf) == bytes(plain_buf), s
        yield


@stepped
def test_the_big_type_at_an_even_scale_is_drawn_from_the_glyphs_as_the_rectangles_draw_it():
    # 4x: the Display Pack's big type; 6x wholly on the screen too; 3x and past an edge: rectangles
    for s, x, y, scale, natively in (("10 VP", 40, 50, 4, 1), ("Red", 0, 0, 6, 1), ("0:9", 8, 30, 3, 0),
                                     ("Yellow", 100, 50, 4, 0), ("Blue", -8, 50, 4, 0)):
        plain_buf, plain = canvas()
        native_buf, native = canvas(True)
        for fb in (plain, native):
            stripes(fb)
            Ui(fb, W, H, colour=True).text(s, x, y, 11, scale)
        assert native.glyph_calls == natively and native.calls == 0, s
        assert bytes(native_buf) == bytes(plain_buf), s
        yield


class MonoNative(framebuf.FrameBuffer):
    """The OLED's canvas with its native loops (drivers.ssd1306's glyphs), through the loop's
    Python twin."""

    def __init__(self, buf):
        super().__init__(buf, 128, 64, framebuf.MONO_VLSB)
        self.buf = buf
        self.glyph_calls = 0

    def glyphs(self, s, n, table, x, y, c, k=1):
        if k == 1 and x >= 0 and x + 16 * n <= 128 and 0 <= y <= 64 - 16:  # as drivers.ssd1306's
            self.glyph_calls += 1
            native_reference.mono_glyphs(0, 0, 0, s, n, table, self.buf, 128, x, y, c)
            return True
        return False


@stepped
def test_the_oleds_big_type_is_drawn_from_the_glyphs_as_the_rectangles_draw_it():
    # rows from a page's top, its middle and its last row (a glyph row across two pages); ink
    # and paper; past the right edge and at 3x: rectangles
    for s, x, y, c, scale, natively in (("10 VP", 0, 8, 1, 2, 1), ("Red", 3, 13, 1, 2, 1), ("B0b", 17, 23, 0, 2, 1),
                                        ("Yellow!", 40, 40, 1, 2, 0), ("9", 0, 0, 1, 3, 0)):
        plain_buf = bytearray(1024)
        native_buf = bytearray(1024)
        plain = framebuf.FrameBuffer(plain_buf, 128, 64, framebuf.MONO_VLSB)
        native = MonoNative(native_buf)
        for fb in (plain, native):
            for y0 in range(64):
                fb.hline(0, y0, 128, y0 % 2)
            Ui(fb, 128, 64).text(s, x, y, c, scale)
        assert native.glyph_calls == natively, s
        assert bytes(native_buf) == bytes(plain_buf), s
        yield


def test_the_written_out_table_of_first_lit_pixels_is_each_bytes():
    from app.ui import _FIRST
    assert len(_FIRST) == 256
    for v in range(256):
        lit = [k for k in range(8) if v & 0x80 >> k]  # bit 7 the leftmost pixel
        assert _FIRST[v] == (lit[0] if lit else 8), v
