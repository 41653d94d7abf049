"""Schaffner's own 0: an oval with a dot, at every scale and on both
boards' canvases, so a doubled 0 never reads as an 8; every other character
is the font's, and what is under the text stays."""
import framebuf

from app.ui import _ZERO, Ui


def lit_of_rows(rows, dx=0):
    return set((dx + x, y) for y in range(8) for x in range(8) if rows[y] & 0x80 >> x)


def font(s):
    """The font's pixels of s at 1x: a set of lit (x, y)."""
    fb = framebuf.FrameBuffer(bytearray(len(s) * 8), len(s) * 8, 8, framebuf.MONO_HLSB)
    fb.text(s, 0, 0, 1)
    return set((x, y) for y in range(8) for x in range(len(s) * 8) if fb.pixel(x, y))


def expected(s):
    """s at 1x as Ui draws it: the font's pixels but for each 0's cell, which is _ZERO."""
    want = set()
    for i in range(len(s)):
        want |= lit_of_rows(_ZERO, 8 * i) if s[i] == "0" else set((x + 8 * i, y) for x, y in font(s[i]))
    return want


def board(w, h, colour):
    if colour:
        return framebuf.FrameBuffer(bytearray(w * h // 2), w, h, framebuf.GS4_HMSB)
    return framebuf.FrameBuffer(bytearray(w * h // 8), w, h, framebuf.MONO_VLSB)


def check(fb, s, x, y, scale, ink, under, w, h):
    want = expected(s)
    for py in range(max(0, y - 1), min(h, y + 8 * scale + 1)):
        for px in range(max(0, x - 1), min(w, x + len(s) * 8 * scale + 1)):
            on = px >= x and py >= y and ((px - x) // scale, (py - y) // scale) in want
            assert fb.pixel(px, py) == (ink if on else under), (s, scale, px, py)


def test_the_zero_is_no_eight_and_no_o():
    zero = lit_of_rows(_ZERO)
    # the dot in the middle, clear of the sides: no 8's waist, no slash, no plain O
    assert (3, 3) in zero and (4, 3) in zero and (2, 3) not in zero and (5, 3) not in zero
    assert {(1, y) for y in range(1, 6)} | {(6, y) for y in range(1, 6)} <= zero  # the sides go on
    assert (2, 4) not in zero and (5, 2) not in zero  # no slash
    assert zero != font("8") and zero != font("O")


def test_at_1x_on_the_oled():
    w, h = 128, 64
    for ink, under in ((1, 0), (0, 1)):  # as on a row and on a selected (inverted) row
        fb = board(w, h, False)
        fb.fill(under)
        Ui(fb, w, h).text("p=0.08 10", 3, 5, ink)
        check(fb, "p=0.08 10", 3, 5, 1, ink, under, w, h)


def test_doubled_on_the_display_pack():
    w, h = 240, 135
    for ink, under in ((1, 0), (9, 2), (0, 3)):
        fb = board(w, h, True)
        fb.fill(under)
        Ui(fb, w, h, colour=True).text("2080", 7, 11, ink)
        check(fb, "2080", 7, 11, 2, ink, under, w, h)


def test_big_numbers_and_a_zero_left_of_the_screen():
    w, h = 240, 135
    fb = board(w, h, True)
    fb.fill(3)
    ui = Ui(fb, w, h, colour=True)
    ui.text("10", 20, 40, 1, 4)  # the big type: one glyph at a time
    check(fb, "10", 20, 40, 4, 1, 3, w, h)
    fb.fill(3)
    ui.text("00", -16, 0, 1)  # the doubled path draws from x = 0 only: the glyph path's 0
    check(fb, "0", 0, 0, 2, 1, 3, w, h)


def test_a_string_without_a_zero_is_the_fonts():
    w, h = 128, 64
    fb = board(w, h, False)
    Ui(fb, w, h).text("Round 8", 0, 0)
    lit = font("Round 8")
    for y in range(8):
        for x in range(56):
            assert fb.pixel(x, y) == (1 if (x, y) in lit else 0), (x, y)
