"""Drawing on the canvas the app is handed: text at 1x and scaled, bars, lists.

The canvas is any framebuf.FrameBuffer-compatible object.  Layout depends
only on its size: 128x64 uses the 8x8 font as it is; 240x135 and larger
draw it doubled, so type grows with the screen instead of sitting in a box.

Doubled text is made in C, a whole string at a time: framebuf writes it at
1x into a scratch line, a blit through a 256-entry table (a byte of 8 pixels
-> the 16 bits of those pixels doubled, RGB565 being the one format with
16-bit pixels) writes each row twice as wide into a second scratch, once on
the even rows and once on the odd, and one blit through a two-colour palette
puts its lit pixels on the canvas (the other colour is the blit's key, so
what is under the text stays).  That last blit goes a pixel at a time; a
canvas that can draw the 1x line doubled itself, in native code (the Display
Pack's: drivers.st7789's ``doubled``), is handed the line instead.  Other scales (the big numbers) draw each
glyph from its 8x8 bitmap as one fill_rect per run of lit pixels in a row,
repeated rows taken together; a table of 256 bytes finds the runs.
Drawing a frame allocates nothing but the strings the screens format.

The digit 0 is Schaffner's own, at every scale: an oval with a dot in the
middle (_ZERO).  The built-in font's zero is slashed, and doubled its slash
reads as the waist of an 8.  Doubled, the glyphs a canvas draws from itself
(the boards' native loops, _glyph_table) hold ours, and elsewhere each 0's
cell of the scratch line gets our glyph before the line is doubled; at 1x
the font's 0 is drawn and then its cell is drawn again with ours, one blit a
zero, on what the cell's blank first column shows under the text; the big
type takes our bitmap.  The search for a 0 is C's: a string without
one costs nothing more.
"""
import framebuf

from app.colours import ACCENT, BG, DIM, FG, NEUTRAL, colour_of, ink_on


# For each row byte (bit 7 = the leftmost pixel): where its first lit pixel
# is; how many pixels are lit from the left edge on is the same of the byte
# inverted: where its first unlit pixel is.  Written out: on a firmware image a
# literal stays in the flash (made at import, it took 256 bytes of the heap)
_FIRST = (
    b"\x08\x07\x06\x06\x05\x05\x05\x05\x04\x04\x04\x04\x04\x04\x04\x04"
    b"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03"
    b"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02"
    b"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
)
# the 4 pixels of a nibble, each doubled: the byte they become at scale 2
_DOUBLED = b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"
# The digit 0, rows top down, bit 7 the cell's left column; in the font's
# columns 1..6 and rows 0..6, as its other digits, and in their weight at
# the ends (sides two pixels wide):
#   ..####..
#   .##..##.
#   .#....#.
#   .#.##.#.   a dot in the middle, clear of the sides: no slash to read as
#   .#....#.   an 8's waist when doubled, and no plain oval to be an O
#   .##..##.
#   ..####..
_ZERO = b"\x3c\x66\x42\x5a\x42\x66\x3c\x00"


class Ui:
    def __init__(self, canvas, width, height, colour=False):
        self.fb = canvas
        self.w = width
        self.h = height
        self.colour = colour
        self.s = 2 if width >= 200 else 1
        self.big = self.s * 2
        self.cw = 8 * self.s
        self.cols = width // self.cw
        self.pitch = 9 * self.s + 1
        self.header_h = 8 * self.s + 2
        self.body_y = self.header_h + 3  # a clear gap, so a selected first row never joins the title bar
        self.footer_y = height - 8 * self.s
        self.rows = (self.footer_y - self.body_y) // self.pitch
        self._glyph_buf = bytearray(8)
        self._glyph = framebuf.FrameBuffer(self._glyph_buf, 8, 8, framebuf.MONO_HLSB)
        self._zero = framebuf.FrameBuffer(bytearray(_ZERO), 8, 8, framebuf.MONO_HLSB)
        # our 0 in 0 on 1, for text in 0 on a mono canvas (_mend)
        self._unzero = framebuf.FrameBuffer(bytearray(b ^ 0xFF for b in _ZERO), 8, 8, framebuf.MONO_HLSB)
        self._ink = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS4_HMSB)
        self._wide = 0  # doubled text: strings up to this many characters (at 2x)
        # the canvas's own loop for 1-bit images at twice their size (the Display Pack's), or None
        self.doubled = getattr(canvas, "doubled", None)
        self._glyph_text = getattr(canvas, "glyphs", None)
        self._glyphs = self._glyph_table() if self._glyph_text is not None else None
        if self.s == 2:
            self._double_scratch()
        self.band = None  # colour screens: the title bar's colour, the acting player's (App.render)
        self.drawn = None
        self.boxes = None  # with record(boxes=True): (s, x, y, scale) of every text drawn
        self.cuts = None  # ... and every string line/bar/header/footer had to shorten

    def _double_scratch(self):
        """The buffers and views of doubled text, for strings up to a screen wide: the
        string at 1x, and where the canvas cannot double it itself (its native
        doubled()), the views framebuf's blits double it through (1.7 KB)."""
        n = self.cols
        self._wide = n
        one = bytearray(n * 8)  # the string at 1x: n bytes a row, 8 rows
        self._one_buf = one
        self._one = framebuf.FrameBuffer(one, n * 8, 8, framebuf.MONO_HLSB)
        if self.doubled is not None:
            return
        self._one_bytes = framebuf.FrameBuffer(one, n, 8, framebuf.GS8)
        # doubled: 2n bytes a row, 16 rows, and a row more for the odd rows' view,
        # which starts a row in and must span whole rows of its stride
        two = bytearray(n * 34)
        # each 1x row's n bytes become n 16-bit words on row 2y, and again on row 2y + 1
        self._even = framebuf.FrameBuffer(two, n, 8, framebuf.RGB565, 2 * n)
        self._odd = framebuf.FrameBuffer(memoryview(two)[2 * n:], n, 8, framebuf.RGB565, 2 * n)
        table = framebuf.FrameBuffer(bytearray(512), 256, 1, framebuf.RGB565)
        for v in range(256):
            # the left 4 pixels doubled in the first byte: RGB565 is kept little-endian
            table.pixel(v, 0, _DOUBLED[v >> 4] | _DOUBLED[v & 15] << 8)
        self._table = table
        # the doubled string, k characters long, is the view self._doubled[k - 1]
        self._doubled = [framebuf.FrameBuffer(two, 16 * k, 16, framebuf.MONO_HLSB, 16 * n)
                         for k in range(1, n + 1)]

    def _glyph_table(self):
        """The font's glyphs of the characters 32..127 at 1x, our 0 for the font's: a
        MONO_HLSB image of the 96 side by side, row y of character k at byte 96 * y + k;
        what a canvas's glyphs() draws doubled text from (768 bytes, drawn in one call)."""
        table = bytearray(96 * 8)
        # decoded bytes, not chr()s: those intern 96 names (the Ui took 11 ms to make, not 3)
        chars = bytes(range(32, 128)).decode()
        framebuf.FrameBuffer(table, 96 * 8, 8, framebuf.MONO_HLSB).text(chars, 0, 0, 1)
        for y in range(8):
            table[96 * y + 16] = _ZERO[y]
        return table

    def record(self, on=True, boxes=False):
        """Keep every string drawn (for the simulator's text frames and tests);
        boxes: also where each was drawn and at what scale (self.boxes), and each
        string the row drawers cut to the screen's width (self.cuts), for the
        test that every word is readable."""
        self.drawn = [] if on else None
        self.boxes = [] if on and boxes else None
        self.cuts = [] if on and boxes else None

    def clear(self):
        self.fb.fill(BG)
        if self.drawn is not None:
            self.drawn.clear()
            if self.boxes is not None:
                self.boxes.clear()
            if self.cuts is not None:
                self.cuts.clear()

    def cut(self, s, room):
        """s cut to room characters, or a list of lines to room lines: a silent
        cut, which loses what it drops (fit() shortens with a dot).  The cuts
        are noted while boxes are recorded: the screens' test finds every one."""
        if len(s) > room:
            if self.cuts is not None:
                self.cuts.append(s)
            return s[:room]
        return s

    def text(self, s, x, y, c=FG, scale=0):
        """Draw s at (x, y); scale 0 means the screen's body size."""
        if self.drawn is not None:
            self.drawn.append(s)
            if self.boxes is not None:
                self.boxes.append((s, x, y, scale or self.s))
        scale = scale or self.s
        if scale == 1:
            if "0" in s:  # the font's 0 never drawn: a space in its place, then ours
                self.fb.text(s.replace("0", " "), x, y, c)
                self._mend(s, x, y, c)
            else:
                self.fb.text(s, x, y, c)
            return
        fb = self.fb
        if scale == 2 and self._wide and x >= 0:
            n = min(len(s), self._wide)  # the rest would be past the right edge
            if n and self._glyph_text is not None and self._glyph_text(s, n, self._glyphs, x, y, c):
                return
            if n:
                one = self._one
                one.fill(0)
                one.text(s, 0, 0, 1)
                i = s.find("0")
                while 0 <= i < n:  # our 0 over the font's
                    one.blit(self._zero, 8 * i, 0)
                    i = s.find("0", i + 1)
                if self.doubled is not None:
                    self.doubled(self._one_buf, self.cols, n, x, y, c)
                    return
                # (the stubs mistype a palette as bytes)
                self._even.blit(self._one_bytes, 0, 0, -1, self._table)  # type: ignore[arg-type]
                self._odd.blit(self._one_bytes, 0, 0, -1, self._table)  # type: ignore[arg-type]
                ink = self._ink
                key = c + 1 & 15
                ink.pixel(0, 0, key)
                ink.pixel(1, 0, c)
                fb.blit(self._doubled[n - 1], x, y, key, ink)
            return
        # the big type at an even scale, wholly on the screen: the canvas draws it from the
        # glyphs where it can (the Display Pack's at any even scale, the OLED's at 2x)
        glyphs = self._glyph_text
        if (glyphs is not None and not scale & 1
                and glyphs(s, len(s), self._glyphs, x, y, c, scale >> 1)):
            return
        g = self._glyph
        rows = self._glyph_buf
        first = _FIRST
        for ch in s:
            if ch != " ":
                if ch == "0":
                    rows[:] = _ZERO
                else:
                    g.fill(0)
                    g.text(ch, 0, 0, 1)
                py = 0
                while py < 8:
                    row = rows[py]
                    h = 1
                    while py + h < 8 and rows[py + h] == row:
                        h += 1
                    while row:
                        px = first[row]
                        n = first[~(row << px) & 0xFF]
                        fb.fill_rect(x + px * scale, y + py * scale, n * scale, h * scale, c)
                        row &= 0xFF >> px + n
                    py += h
            x += 8 * scale

    def _mend(self, s, x, y, c):
        """Our 0 into the cell of each 0 of s at (x, y), which text() left blank: its lit
        pixels in c, the rest as they are, as text() draws.  A mono canvas copies them
        from an image of our 0 in c's value (the blank key), without a palette: 45 us a 0
        on the OLED at 200 MHz, where painting the cell whole through one took 118."""
        ink = None
        if self.colour:
            key = c + 1 & 15
            ink = self._ink
            ink.pixel(0, 0, key)
            ink.pixel(1, 0, c)
            zero = self._zero
        else:
            key = 1 - c
            zero = self._zero if c else self._unzero
        i = s.find("0")
        while i >= 0:
            self.fb.blit(zero, x + 8 * i, y, key, ink)
            i = s.find("0", i + 1)

    def width_of(self, s, scale=0):
        return len(s) * 8 * (scale or self.s)

    def centre(self, s, y, c=FG, scale=0):
        self.text(s, max(0, (self.w - self.width_of(s, scale)) // 2), y, c, scale)

    def right(self, s, y, c=FG, scale=0):
        self.text(s, self.w - self.width_of(s, scale), y, c, scale)

    # Inverted title bar; right-hand text (a counter, a page) is optional.  On
    # colour screens it is the acting player's colour (band), neutral grey where
    # nobody acts.  (A comment: a docstring compiled from source takes heap.)
    def header(self, left, right=""):
        if self.colour:
            band = NEUTRAL if self.band is None else self.band
            fg = ink_on(band)
        else:
            band = FG
            fg = BG
        self.fb.fill_rect(0, 0, self.w, self.header_h, band)
        room = self.cols - (len(right) + 1 if right else 0)
        left = self.cut(left, room)
        # a margin of a pixel at the screen's scale (an even x: the Display Pack's
        # native loop draws its text), unless the title fills the whole width
        m = self.s
        self.text(left, m if self.width_of(left) < self.w else 0, 1, fg)
        if right:
            self.text(right, self.w - self.width_of(right) - m, 1, fg)

    def footer(self, hint):
        self.text(self.cut(hint, self.cols), 0, self.footer_y, DIM if self.colour else FG)

    def line(self, row, s, c=FG, x=0):
        """Body text on row 0..rows-1, cut to the screen width."""
        self.text(self.cut(s, (self.w - x) // self.cw), x, self.body_y + row * self.pitch, c)

    def bar(self, row, s):
        """A selected body row: inverted on mono, the accent colour on colour."""
        y = self.body_y + row * self.pitch - 1
        self.fb.fill_rect(0, y, self.w, 8 * self.s + 2, ACCENT if self.colour else FG)
        self.text(self.cut(s, self.cols), 0, y + 1, FG if self.colour else BG)

    def big_text(self, s, y, c=FG):
        """The number or name that matters, centred, readable at arm's length."""
        scale = self.big
        while scale > 1 and self.width_of(s, scale) > self.w:
            scale -= 1
        self.centre(s, y, c, scale)

    def player_mark(self, x, y, name):
        """A square in the player's colour on colour screens (nothing on mono)."""
        if self.colour:
            size = 8 * self.s
            self.fb.fill_rect(x, y, size, size, colour_of(name))

    def meter(self, x, y, w, permille):
        """A horizontal bar filled to permille/1000 (odds at a glance)."""
        h = 4 * self.s
        self.fb.rect(x, y, w, h, FG)
        fill = (w - 2) * max(0, min(1000, permille)) // 1000
        if fill:
            self.fb.fill_rect(x + 1, y + 1, fill, h - 2, FG)


def plural(n, word):  # '1 card', '2 cards'
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def fit(s, room):
    """s, or s shortened with a dot to ``room`` characters."""
    return s if len(s) <= room else s[: room - 1] + "."


def spread(left, right, cols):
    """left and right on one row of ``cols`` characters (left shortened if need be)."""
    left = fit(left, cols - len(right) - 1)
    return left + " " * (cols - len(left) - len(right)) + right


def wrap(text, cols):
    """Split text into lines of at most cols characters at spaces."""
    lines = []
    for para in text.split("\n"):
        cur = ""
        for word in para.split(" "):
            while len(word) > cols:
                if cur:
                    lines.append(cur)
                    cur = ""
                lines.append(word[:cols])
                word = word[cols:]
            if not cur:
                cur = word
            elif len(cur) + 1 + len(word) <= cols:
                cur += " " + word
            else:
                lines.append(cur)
                cur = word
        lines.append(cur)
    return lines
