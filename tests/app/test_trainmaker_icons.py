"""The dice's icons (app.trainmaker.draw.icon): on a canvas that doubles 1-bit images itself
(the Display Pack's), or draws their lit pixels at 1x (the OLED's), a bitmap per face draws
what the face's rectangles draw one by one elsewhere: ink where a rectangle of ink lies with
no hole over it, the square's own colour in the holes, nothing outside."""
import framebuf

import native_reference
from app.trainmaker.draw import _ICONS, FACES, icon
from app.ui import Ui
from support import stepped


class Doubling(framebuf.FrameBuffer):
    """A GS4 canvas with the Display Pack's loop for 1-bit images at twice their size
    (drivers.st7789.doubled), through its Python twin."""

    def __init__(self, buf, w, h):
        super().__init__(buf, w, h, framebuf.GS4_HMSB)
        self.buf = buf
        self.size = (w, h)

    def doubled(self, line, stride, count, x, y, c):
        w, h = self.size
        native_reference.double_any(line, stride, count, self.buf, w // 2, x, y, c, w, h)


class Lighting(framebuf.FrameBuffer):
    """A MONO_VLSB canvas with the OLED's loop for a 1-bit image's lit pixels at 1x
    (drivers.ssd1306.bits, drivers.mono_native.bits), through its Python twin; an image not
    wholly inside is refused, as there."""

    def __init__(self, buf, w, h):
        super().__init__(buf, w, h, framebuf.MONO_VLSB)
        self.buf = buf
        self.size = (w, h)
        self.refused = 0

    def bits(self, src, rows, x, y, c):
        w, h = self.size
        if 0 <= x <= w - 16 and 0 <= y <= h - rows:
            native_reference.mono_bits(src, rows, self.buf, w, x, y, c)
            return True
        self.refused += 1
        return False


# (width, height, colour, format, (ink, the square's colour) pairs)
_SCREENS = ((128, 64, False, framebuf.MONO_VLSB, ((1, 0), (0, 1))),
            (240, 64, True, framebuf.GS4_HMSB, ((5, 0), (0, 3), (15, 2), (1, 0))))  # the Pack's width


def _by_rects(fb, face, x, y, s, ink, paper):
    r = _ICONS[FACES.index(face)]
    for k in range(0, len(r), 5):
        fb.fill_rect(x + (2 + r[k]) * s, y + (3 + r[k + 1]) * s, r[k + 2] * s, r[k + 3] * s,
                     ink if r[k + 4] else paper)


def _canvas(w, h, colour, fmt, x, y, s, paper, native=False):
    buf = bytearray(w * h // 2 if colour else w * h // 8)
    fb = (Doubling if colour else Lighting)(buf, w, h) if native else framebuf.FrameBuffer(buf, w, h, fmt)
    for row in range(h):  # stripes around, so a pixel drawn outside the icon shows
        fb.hline(0, row, w, (row % 3 + 7 if colour else row % 2))
    fb.fill_rect(x, y, 16 * s, 16 * s, paper)
    return buf, fb


@stepped
def test_each_face_from_its_bitmap_is_its_rectangles():
    for w, h, colour, fmt, inks in _SCREENS:
        for face in FACES:
            for ink, paper in inks:
                # a square at the corners, at an odd x (the card's row), at the screen's foot
                for x, y in ((0, 0), (34, 21), (69, 40), (w - 16 * (1 + colour), h - 16 * (1 + colour))):
                    want, fb = _canvas(w, h, colour, fmt, x, y, 1 + colour, paper)
                    _by_rects(fb, face, x, y, 1 + colour, ink, paper)
                    for native in (False, True):
                        got, fb = _canvas(w, h, colour, fmt, x, y, 1 + colour, paper, native)
                        ui = Ui(fb, w, h, colour)
                        assert ui.s == 1 + colour and (ui.doubled is not None) == (native and colour)
                        icon(ui, face, x, y, ink, paper)
                        assert bytes(got) == bytes(want), (w, face, ink, paper, x, y, native)
                        # the OLED's loop drew every square but the one at the screen's foot:
                        # its bitmap would run past the right edge (the rectangles drew it)
                        assert not native or colour or fb.refused == (x == w - 16)
                    want = got = fb = ui = None
                    yield  # (a step per square: MicroPython's heap holds a few frames at a time)


def test_anything_but_a_face_is_a_letter():
    w, h, colour, fmt, _ = _SCREENS[0]
    _, fb = _canvas(w, h, colour, fmt, 0, 0, 1, 0)
    ui = Ui(fb, w, h, colour)
    ui.record()
    icon(ui, "X", 0, 0, 1)
    icon(ui, "", 20, 0, 1)
    assert ui.drawn == ["X", "?"]
