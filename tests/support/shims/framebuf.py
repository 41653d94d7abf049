"""CPython stand-in for MicroPython's ``framebuf`` module (tests and host tools only).

Mirrors the C module's pixel layouts, clipping and drawing order for the formats Schaffner
uses (MONO_VLSB, MONO_HLSB, GS4_HMSB, GS8, RGB565), so a buffer drawn here has the same bytes
as on the device. ``text`` uses this file's own 8x8 font (printable ASCII 32..126), not
MicroPython's: text has the same cell size and placement but other glyph shapes.
"""

MONO_VLSB = 0
MVLSB = MONO_VLSB
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
GS8 = 6

# Row bitmaps of the glyphs for chr(32)..chr(126): 8 rows, 5 columns, bit 4 = left
# column; drawn in columns 1..5 of the 8x8 cell. Characters outside the range draw a box.
_FONT = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00"  # space
    b"\x04\x04\x04\x04\x04\x00\x04\x00"  # !
    b"\x0a\x0a\x0a\x00\x00\x00\x00\x00"  # "
    b"\x0a\x0a\x1f\x0a\x1f\x0a\x0a\x00"  # #
    b"\x04\x0f\x14\x0e\x05\x1e\x04\x00"  # $
    b"\x18\x19\x02\x04\x08\x13\x03\x00"  # %
    b"\x0c\x12\x14\x08\x15\x12\x0d\x00"  # &
    b"\x04\x04\x08\x00\x00\x00\x00\x00"  # '
    b"\x02\x04\x08\x08\x08\x04\x02\x00"  # (
    b"\x08\x04\x02\x02\x02\x04\x08\x00"  # )
    b"\x00\x04\x15\x0e\x15\x04\x00\x00"  # *
    b"\x00\x04\x04\x1f\x04\x04\x00\x00"  # +
    b"\x00\x00\x00\x00\x00\x06\x04\x08"  # ,
    b"\x00\x00\x00\x1f\x00\x00\x00\x00"  # -
    b"\x00\x00\x00\x00\x00\x0c\x0c\x00"  # .
    b"\x00\x01\x02\x04\x08\x10\x00\x00"  # /
    b"\x0e\x11\x13\x15\x19\x11\x0e\x00"  # 0
    b"\x04\x0c\x04\x04\x04\x04\x0e\x00"  # 1
    b"\x0e\x11\x01\x02\x04\x08\x1f\x00"  # 2
    b"\x1e\x01\x01\x0e\x01\x01\x1e\x00"  # 3
    b"\x02\x06\x0a\x12\x1f\x02\x02\x00"  # 4
    b"\x1f\x10\x1e\x01\x01\x11\x0e\x00"  # 5
    b"\x06\x08\x10\x1e\x11\x11\x0e\x00"  # 6
    b"\x1f\x01\x02\x04\x08\x08\x08\x00"  # 7
    b"\x0e\x11\x11\x0e\x11\x11\x0e\x00"  # 8
    b"\x0e\x11\x11\x0f\x01\x02\x0c\x00"  # 9
    b"\x00\x0c\x0c\x00\x0c\x0c\x00\x00"  # :
    b"\x00\x0c\x0c\x00\x0c\x0c\x08\x00"  # ;
    b"\x02\x04\x08\x10\x08\x04\x02\x00"  # <
    b"\x00\x00\x1f\x00\x1f\x00\x00\x00"  # =
    b"\x08\x04\x02\x01\x02\x04\x08\x00"  # >
    b"\x0e\x11\x01\x02\x04\x00\x04\x00"  # ?
    b"\x0e\x11\x17\x15\x17\x10\x0e\x00"  # @
    b"\x0e\x11\x11\x1f\x11\x11\x11\x00"  # A
    b"\x1e\x11\x11\x1e\x11\x11\x1e\x00"  # B
    b"\x0e\x11\x10\x10\x10\x11\x0e\x00"  # C
    b"\x1c\x12\x11\x11\x11\x12\x1c\x00"  # D
    b"\x1f\x10\x10\x1e\x10\x10\x1f\x00"  # E
    b"\x1f\x10\x10\x1e\x10\x10\x10\x00"  # F
    b"\x0e\x11\x10\x17\x11\x11\x0f\x00"  # G
    b"\x11\x11\x11\x1f\x11\x11\x11\x00"  # H
    b"\x0e\x04\x04\x04\x04\x04\x0e\x00"  # I
    b"\x07\x02\x02\x02\x02\x12\x0c\x00"  # J
    b"\x11\x12\x14\x18\x14\x12\x11\x00"  # K
    b"\x10\x10\x10\x10\x10\x10\x1f\x00"  # L
    b"\x11\x1b\x15\x15\x11\x11\x11\x00"  # M
    b"\x11\x11\x19\x15\x13\x11\x11\x00"  # N
    b"\x0e\x11\x11\x11\x11\x11\x0e\x00"  # O
    b"\x1e\x11\x11\x1e\x10\x10\x10\x00"  # P
    b"\x0e\x11\x11\x11\x15\x12\x0d\x00"  # Q
    b"\x1e\x11\x11\x1e\x14\x12\x11\x00"  # R
    b"\x0f\x10\x10\x0e\x01\x01\x1e\x00"  # S
    b"\x1f\x04\x04\x04\x04\x04\x04\x00"  # T
    b"\x11\x11\x11\x11\x11\x11\x0e\x00"  # U
    b"\x11\x11\x11\x11\x11\x0a\x04\x00"  # V
    b"\x11\x11\x11\x15\x15\x15\x0a\x00"  # W
    b"\x11\x11\x0a\x04\x0a\x11\x11\x00"  # X
    b"\x11\x11\x0a\x04\x04\x04\x04\x00"  # Y
    b"\x1f\x01\x02\x04\x08\x10\x1f\x00"  # Z
    b"\x0e\x08\x08\x08\x08\x08\x0e\x00"  # [
    b"\x00\x10\x08\x04\x02\x01\x00\x00"  # \
    b"\x0e\x02\x02\x02\x02\x02\x0e\x00"  # ]
    b"\x04\x0a\x11\x00\x00\x00\x00\x00"  # ^
    b"\x00\x00\x00\x00\x00\x00\x1f\x00"  # _
    b"\x08\x04\x00\x00\x00\x00\x00\x00"  # `
    b"\x00\x00\x0e\x01\x0f\x11\x0f\x00"  # a
    b"\x10\x10\x16\x19\x11\x11\x1e\x00"  # b
    b"\x00\x00\x0e\x10\x10\x11\x0e\x00"  # c
    b"\x01\x01\x0d\x13\x11\x11\x0f\x00"  # d
    b"\x00\x00\x0e\x11\x1f\x10\x0e\x00"  # e
    b"\x06\x09\x08\x1c\x08\x08\x08\x00"  # f
    b"\x00\x00\x0f\x11\x11\x0f\x01\x0e"  # g
    b"\x10\x10\x16\x19\x11\x11\x11\x00"  # h
    b"\x04\x00\x0c\x04\x04\x04\x0e\x00"  # i
    b"\x02\x00\x06\x02\x02\x02\x12\x0c"  # j
    b"\x10\x10\x12\x14\x18\x14\x12\x00"  # k
    b"\x0c\x04\x04\x04\x04\x04\x0e\x00"  # l
    b"\x00\x00\x1a\x15\x15\x15\x15\x00"  # m
    b"\x00\x00\x16\x19\x11\x11\x11\x00"  # n
    b"\x00\x00\x0e\x11\x11\x11\x0e\x00"  # o
    b"\x00\x00\x1e\x11\x11\x1e\x10\x10"  # p
    b"\x00\x00\x0f\x11\x11\x0f\x01\x01"  # q
    b"\x00\x00\x16\x19\x10\x10\x10\x00"  # r
    b"\x00\x00\x0f\x10\x0e\x01\x1e\x00"  # s
    b"\x08\x08\x1c\x08\x08\x09\x06\x00"  # t
    b"\x00\x00\x11\x11\x11\x13\x0d\x00"  # u
    b"\x00\x00\x11\x11\x11\x0a\x04\x00"  # v
    b"\x00\x00\x11\x11\x15\x15\x0a\x00"  # w
    b"\x00\x00\x11\x0a\x04\x0a\x11\x00"  # x
    b"\x00\x00\x11\x11\x11\x0f\x01\x0e"  # y
    b"\x00\x00\x1f\x02\x04\x08\x1f\x00"  # z
    b"\x03\x04\x04\x08\x04\x04\x03\x00"  # {
    b"\x04\x04\x04\x04\x04\x04\x04\x00"  # |
    b"\x18\x04\x04\x02\x04\x04\x18\x00"  # }
    b"\x00\x00\x08\x15\x02\x00\x00\x00"  # ~
)
_BOX = b"\x1f\x11\x11\x11\x11\x11\x1f\x00"


class _Mono_VLSB:
    @staticmethod
    def size(width, height, stride):
        return ((height + 7) // 8) * stride

    @staticmethod
    def get(fb, x, y):
        return (fb._fb_buf[(y >> 3) * fb._fb_stride + x] >> (y & 7)) & 1

    @staticmethod
    def set(fb, x, y, c):
        i = (y >> 3) * fb._fb_stride + x
        bit = 1 << (y & 7)
        fb._fb_buf[i] = (fb._fb_buf[i] | bit) if c else (fb._fb_buf[i] & ~bit)


class _Mono_HLSB:
    @staticmethod
    def size(width, height, stride):
        return (stride * height + 7) // 8

    @staticmethod
    def get(fb, x, y):
        i = x + y * fb._fb_stride
        return (fb._fb_buf[i >> 3] >> (7 - (i & 7))) & 1

    @staticmethod
    def set(fb, x, y, c):
        i = x + y * fb._fb_stride
        bit = 0x80 >> (i & 7)
        j = i >> 3
        fb._fb_buf[j] = (fb._fb_buf[j] | bit) if c else (fb._fb_buf[j] & ~bit)


class _GS4_HMSB:
    @staticmethod
    def size(width, height, stride):
        return (stride * height + 1) // 2

    @staticmethod
    def get(fb, x, y):
        i = x + y * fb._fb_stride
        b = fb._fb_buf[i >> 1]
        return (b & 0x0F) if i & 1 else (b >> 4)

    @staticmethod
    def set(fb, x, y, c):
        i = x + y * fb._fb_stride
        j = i >> 1
        if i & 1:
            fb._fb_buf[j] = (fb._fb_buf[j] & 0xF0) | (c & 0x0F)
        else:
            fb._fb_buf[j] = (fb._fb_buf[j] & 0x0F) | ((c & 0x0F) << 4)


class _RGB565:
    # Little-endian 16-bit words, as the C module stores them on the Pico.
    @staticmethod
    def size(width, height, stride):
        return stride * height * 2

    @staticmethod
    def get(fb, x, y):
        i = (x + y * fb._fb_stride) * 2
        return fb._fb_buf[i] | (fb._fb_buf[i + 1] << 8)

    @staticmethod
    def set(fb, x, y, c):
        i = (x + y * fb._fb_stride) * 2
        fb._fb_buf[i] = c & 0xFF
        fb._fb_buf[i + 1] = (c >> 8) & 0xFF


class _GS8:
    @staticmethod
    def size(width, height, stride):
        return stride * height

    @staticmethod
    def get(fb, x, y):
        return fb._fb_buf[x + y * fb._fb_stride]

    @staticmethod
    def set(fb, x, y, c):
        fb._fb_buf[x + y * fb._fb_stride] = c & 0xFF


_FORMATS = {MONO_VLSB: _Mono_VLSB, MONO_HLSB: _Mono_HLSB, GS4_HMSB: _GS4_HMSB, GS8: _GS8, RGB565: _RGB565}
# Pixels per stride step: the C module rounds the stride up so each row starts on a byte.
_STRIDE_ROUND = {MONO_HLSB: 8, GS4_HMSB: 2}


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if format not in _FORMATS:
            raise ValueError("invalid format")
        if width < 1 or height < 1:
            raise ValueError("invalid size")
        if stride is None:
            stride = width
        r = _STRIDE_ROUND.get(format, 1)
        stride = (stride + r - 1) // r * r
        self._fb_fmt = _FORMATS[format]
        if len(memoryview(buffer).cast("B")) < self._fb_fmt.size(width, height, stride):
            raise ValueError("buffer too small")
        self._fb_buf = memoryview(buffer).cast("B")
        self._fb_width = width
        self._fb_height = height
        self._fb_stride = stride
        self._fb_format = format

    def _fb_set(self, x, y, c):
        self._fb_fmt.set(self, x, y, c)

    def _fb_get(self, x, y):
        return self._fb_fmt.get(self, x, y)

    def _fb_fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._fb_height or x >= self._fb_width:
            return
        xend = min(self._fb_width, x + w)
        yend = min(self._fb_height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        s = self._fb_fmt.set
        for yy in range(y, yend):
            for xx in range(x, xend):
                s(self, xx, yy, c)

    def fill(self, c):
        # Whole bytes at once where the buffer holds no padding bits; otherwise pixel by
        # pixel, which leaves padding untouched as the C module does.
        w, h, f = self._fb_width, self._fb_height, self._fb_format
        byte = None
        if self._fb_stride == w:
            if f == MONO_HLSB or (f == MONO_VLSB and h % 8 == 0):
                byte = 0xFF if c else 0x00
            elif f == GS4_HMSB:
                byte = (c & 0x0F) * 0x11
            elif f == GS8:
                byte = c & 0xFF
        if byte is None:
            self._fb_fill_rect(0, 0, w, h, c)
        else:
            n = self._fb_fmt.size(w, h, self._fb_stride)
            self._fb_buf[:n] = bytes((byte,)) * n

    def fill_rect(self, x, y, w, h, c):
        self._fb_fill_rect(x, y, w, h, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self._fb_width and 0 <= y < self._fb_height:
            if c is None:
                return self._fb_get(x, y)
            self._fb_set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self._fb_fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self._fb_fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._fb_fill_rect(x, y, w, h, c)
        else:
            self._fb_fill_rect(x, y, w, 1, c)
            self._fb_fill_rect(x, y + h - 1, w, 1, c)
            self._fb_fill_rect(x, y, 1, h, c)
            self._fb_fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        # Bresenham exactly as extmod/modframebuf.c walks it.
        dx = x2 - x1
        sx = 1 if dx > 0 else -1
        dx = abs(dx)
        dy = y2 - y1
        sy = 1 if dy > 0 else -1
        dy = abs(dy)
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self.pixel(y1, x1, c)
            else:
                self.pixel(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        self.pixel(x2, y2, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        source = _as_framebuffer(fbuf)
        pal = _as_framebuffer(palette) if palette is not None else None
        if x >= self._fb_width or y >= self._fb_height or -x >= source._fb_width or -y >= source._fb_height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._fb_width, x + source._fb_width)
        y0end = min(self._fb_height, y + source._fb_height)
        key &= 0xFFFFFFFF
        get = source._fb_fmt.get
        s = self._fb_fmt.set
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = get(source, cx1, y1)
                if pal is not None:
                    col = pal._fb_get(col, 0)
                if col != key:
                    s(self, cx0, y0, col)
                cx1 += 1
            y0 += 1
            y1 += 1

    def scroll(self, xstep, ystep):
        if xstep < 0:
            sx, xend, dx = 0, self._fb_width + xstep, 1
            if xend <= 0:
                return
        else:
            sx, xend, dx = self._fb_width - 1, xstep - 1, -1
            if xend >= sx:
                return
        if ystep < 0:
            y, yend, dy = 0, self._fb_height + ystep, 1
            if yend <= 0:
                return
        else:
            y, yend, dy = self._fb_height - 1, ystep - 1, -1
            if yend >= y:
                return
        while y != yend:
            x = sx
            while x != xend:
                self._fb_set(x, y, self._fb_get(x - xstep, y - ystep))
                x += dx
            y += dy

    def text(self, s, x, y, c=1):
        # Byte by byte like the C module: a non-ASCII character is several boxes wide.
        for code in s.encode("utf-8"):
            rows = _FONT[(code - 32) * 8:(code - 31) * 8] if 32 <= code <= 126 else _BOX
            for r in range(8):
                bits = rows[r]
                for col in range(5):
                    if bits & (0x10 >> col):
                        self.pixel(x + 1 + col, y + r, c)
            x += 8


def _as_framebuffer(obj):
    if isinstance(obj, FrameBuffer):
        return obj
    # (buffer, width, height, format[, stride]) as the C module accepts for blit.
    return FrameBuffer(*obj)
