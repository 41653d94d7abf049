"""framebuf's pixel layouts and drawing rules, hand-computed.

Under MicroPython these run against the real C module; under CPython against
tests/support/shims/framebuf.py. Both must give the same bytes, which is what lets the
shim stand in for the device in host tests.
"""
import framebuf

from support import raises


def _fb(fmt, w, h, size):
    buf = bytearray(size)
    return buf, framebuf.FrameBuffer(buf, w, h, fmt)


def _count(fb, w, h):
    return sum(1 for y in range(h) for x in range(w) if fb.pixel(x, y))


def test_mono_vlsb_layout():
    # byte = column x of an 8-row page; bit 0 is the top row of the page
    buf, fb = _fb(framebuf.MONO_VLSB, 8, 16, 16)
    fb.pixel(0, 0, 1)
    fb.pixel(0, 7, 1)
    fb.pixel(3, 1, 1)
    fb.pixel(2, 9, 1)  # second page: byte 8 + 2, bit 1
    assert buf[0] == 0x81 and buf[3] == 0x02 and buf[10] == 0x02
    assert fb.pixel(0, 7) == 1 and fb.pixel(1, 7) == 0


def test_mono_hlsb_layout_and_stride():
    # bytes run along a row, bit 7 is the leftmost pixel; a 10-wide row takes 2 bytes
    buf, fb = _fb(framebuf.MONO_HLSB, 10, 2, 4)
    fb.pixel(0, 0, 1)
    fb.pixel(9, 0, 1)
    fb.pixel(1, 1, 1)
    assert bytes(buf) == b"\x80\x40\x40\x00"


def test_gs4_hmsb_layout_and_stride():
    # two pixels a byte, the even x in the high nibble; a 3-wide row takes 2 bytes
    buf, fb = _fb(framebuf.GS4_HMSB, 3, 2, 4)
    fb.pixel(0, 0, 0xA)
    fb.pixel(1, 0, 5)
    fb.pixel(2, 0, 0x12)  # only the low 4 bits count
    fb.pixel(0, 1, 0xF)
    assert bytes(buf) == b"\xa5\x20\xf0\x00"
    assert fb.pixel(2, 0) == 2


def test_gs8_is_a_byte_a_pixel():
    buf, fb = _fb(framebuf.GS8, 3, 2, 6)
    fb.pixel(2, 0, 0xAB)
    fb.pixel(0, 1, 0x1FF)  # only the low 8 bits count
    assert bytes(buf) == b"\x00\x00\xab\xff\x00\x00"
    assert fb.pixel(2, 0) == 0xAB
    fb.fill(7)
    assert bytes(buf) == b"\x07" * 6


def test_rgb565_is_little_endian():
    buf, fb = _fb(framebuf.RGB565, 2, 1, 4)
    fb.pixel(1, 0, 0x1234)
    assert bytes(buf) == b"\x00\x00\x34\x12"
    assert fb.pixel(1, 0) == 0x1234


def test_mono_draws_any_nonzero_colour():
    buf, fb = _fb(framebuf.MONO_HLSB, 8, 1, 1)
    fb.pixel(0, 0, 2)
    fb.hline(4, 0, 2, 7)
    assert buf[0] == 0b10001100


def test_pixel_outside_reads_none_and_writes_nothing():
    buf, fb = _fb(framebuf.MONO_VLSB, 4, 8, 4)
    fb.pixel(4, 0, 1)
    fb.pixel(-1, 0, 1)
    fb.pixel(0, 8, 1)
    assert fb.pixel(4, 0) is None and fb.pixel(0, -1) is None
    assert bytes(buf) == bytes(4)


def test_fill_every_format():
    buf, fb = _fb(framebuf.GS4_HMSB, 4, 2, 4)
    fb.fill(3)
    assert bytes(buf) == b"\x33" * 4
    buf, fb = _fb(framebuf.MONO_VLSB, 3, 8, 3)
    fb.fill(1)
    assert bytes(buf) == b"\xff" * 3
    buf, fb = _fb(framebuf.RGB565, 2, 1, 4)
    fb.fill(0xF800)
    assert bytes(buf) == b"\x00\xf8\x00\xf8"
    buf, fb = _fb(framebuf.MONO_HLSB, 8, 2, 2)
    fb.fill(1)
    fb.fill(0)
    assert bytes(buf) == b"\x00\x00"


def test_fill_rect_clips_at_every_edge():
    buf, fb = _fb(framebuf.MONO_HLSB, 8, 8, 8)
    fb.fill_rect(-2, -2, 4, 4, 1)  # only (0..1, 0..1) is on screen
    assert _count(fb, 8, 8) == 4 and fb.pixel(1, 1) == 1 and fb.pixel(2, 2) == 0
    fb.fill(0)
    fb.fill_rect(6, 7, 10, 10, 1)  # (6..7, 7)
    assert _count(fb, 8, 8) == 2
    fb.fill(0)
    fb.fill_rect(3, 3, 0, 5, 1)
    fb.fill_rect(3, 3, 5, -1, 1)
    assert _count(fb, 8, 8) == 0


def test_rect_outline_and_filled():
    buf, fb = _fb(framebuf.MONO_HLSB, 8, 8, 8)
    fb.rect(1, 1, 5, 4, 1)  # 5 + 5 on top and bottom, 2 + 2 on the sides
    assert _count(fb, 8, 8) == 14
    assert fb.pixel(2, 2) == 0
    fb.rect(1, 1, 5, 4, 1, True)
    assert _count(fb, 8, 8) == 20


def test_hline_vline():
    buf, fb = _fb(framebuf.GS4_HMSB, 4, 4, 8)
    fb.hline(1, 0, 10, 7)
    fb.vline(0, 1, 2, 9)
    assert bytes(buf[:6]) == b"\x07\x77\x90\x00\x90\x00"


def test_line_follows_bresenham():
    # (0,0)-(4,2): dx 4, dy 2; the error term steps y after x = 0 and x = 2
    buf, fb = _fb(framebuf.MONO_HLSB, 8, 4, 4)
    fb.line(0, 0, 4, 2, 1)
    on = [(x, y) for y in range(4) for x in range(8) if fb.pixel(x, y)]
    assert on == [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)]
    fb.fill(0)
    fb.line(2, 3, 2, -5, 1)  # vertical, running off the top
    assert [y for y in range(4) if fb.pixel(2, y)] == [0, 1, 2, 3]


def test_blit_with_key_and_clipping():
    sbuf, src = _fb(framebuf.MONO_HLSB, 2, 2, 2)
    src.pixel(0, 0, 1)
    src.pixel(1, 1, 1)
    buf, fb = _fb(framebuf.MONO_HLSB, 8, 2, 2)
    fb.fill(1)
    fb.blit(src, 3, 0, 1)  # key 1: only the source's 0 pixels, (1, 0) and (0, 1), are copied
    assert bytes(buf) == b"\xf7\xef"  # cleared: (4, 0) and (3, 1)
    fb.fill(0)
    fb.blit(src, -1, -1)  # only the source's (1, 1) lands, at (0, 0)
    assert bytes(buf) == b"\x80\x00"


def test_blit_through_a_palette():
    sbuf, src = _fb(framebuf.GS4_HMSB, 2, 1, 1)
    src.pixel(0, 0, 1)
    src.pixel(1, 0, 2)
    pbuf, pal = _fb(framebuf.RGB565, 3, 1, 6)
    pal.pixel(1, 0, 0xABCD)
    pal.pixel(2, 0, 0x0102)
    buf, fb = _fb(framebuf.RGB565, 2, 1, 4)
    fb.blit(src, 0, 0, -1, pal)
    assert bytes(buf) == b"\xcd\xab\x02\x01"


def test_blit_bytes_through_a_256_entry_palette_with_a_stride():
    # each source byte picks a 16-bit word; the target's stride skips every other row
    sbuf = bytearray(b"\x00\x81\xff\x10")
    src = framebuf.FrameBuffer(sbuf, 2, 2, framebuf.GS8)
    pal = framebuf.FrameBuffer(bytearray(512), 256, 1, framebuf.RGB565)
    for v in (0x00, 0x81, 0xFF, 0x10):
        pal.pixel(v, 0, v * 0x0101 ^ 0x00F0)
    buf = bytearray(16)
    fb = framebuf.FrameBuffer(buf, 2, 2, framebuf.RGB565, 4)
    fb.blit(src, 0, 0, -1, pal)
    assert bytes(buf) == b"\xf0\x00\x71\x81" + bytes(4) + b"\x0f\xff\xe0\x10" + bytes(4)


def test_scroll_leaves_the_vacated_edge():
    buf, fb = _fb(framebuf.GS4_HMSB, 4, 1, 2)
    for x in range(4):
        fb.pixel(x, 0, x + 1)
    fb.scroll(1, 0)
    assert bytes(buf) == b"\x11\x23"
    fb.scroll(-2, 0)
    assert bytes(buf) == b"\x23\x23"


def test_text_keeps_to_its_8x8_cells():
    buf, fb = _fb(framebuf.MONO_HLSB, 24, 8, 24)
    fb.text("A", 8, 0, 1)
    assert _count(fb, 8, 8) == 0 and _count(fb, 24, 8) > 0
    assert all(not fb.pixel(x, y) for y in range(8) for x in range(16, 24))
    fb.fill(0)
    fb.text(" ", 0, 0, 1)
    assert _count(fb, 24, 8) == 0
    fb.text("HI", -8, 0, 1)  # H is off screen, I lands in the first cell
    lit = _count(fb, 24, 8)
    assert lit > 0 and all(not fb.pixel(x, y) for y in range(8) for x in range(8, 24))


def test_text_colour():
    buf, fb = _fb(framebuf.GS4_HMSB, 8, 8, 32)
    fb.text("#", 0, 0, 9)
    values = set(fb.pixel(x, y) for y in range(8) for x in range(8))
    assert values == {0, 9}


def test_shim_font_shape():
    if not hasattr(framebuf, "_FONT"):  # the real module has its own font
        return
    buf, fb = _fb(framebuf.MONO_HLSB, 8, 8, 8)
    fb.text("H", 0, 0, 1)
    # rows of the shim's H: two posts with a bar on row 3, in columns 1..5
    assert bytes(buf) == b"\x44\x44\x44\x7c\x44\x44\x44\x00"


def test_buffer_too_small_is_rejected():
    raises(ValueError, framebuf.FrameBuffer, bytearray(7), 8, 8, framebuf.MONO_HLSB)
