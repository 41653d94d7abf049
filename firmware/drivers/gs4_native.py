"""The ST7789 boards' hot loops over their GS4 frame, in native code (RP2040 and RP2350).

framebuf does two of them through its generic blit, a pixel at a time through get and
set calls (about 1.4 us a pixel on the RP2040): sending the whole frame cost 25 ms of
that besides its 8.3 ms on the wire, and a line of doubled text 5 ms.  The third finds
the columns a band of rows changed in, so only those go on the wire, from a sum of each
column as shown: the driver then keeps 2 KB of sums, not a 16.2 KB copy of the frame.  Viper compiles only
where MicroPython has a native emitter (the rp2 port), so the board hands this module
to drivers.st7789, which falls back to the blits without it (the simulator, tests);
make chip checks that both draw the same pictures.
"""
import micropython


@micropython.viper
def expand(frame, start: int, stride: int, count: int, rows: int, out, table):
    """out's word r * count + i = table[frame[start + r * stride + i]], for i < count and
    r < rows: a GS4_HMSB byte is two pixels (left in the high nibble), the table's word
    for it the four bytes the panel wants for them.  start, stride and count are
    multiples of 4: the frame is read a word (four bytes) at a time, which halves the
    loop's cost.  frame, out and table are 4-byte aligned (bytearrays are)."""
    src = ptr32(frame)  # type: ignore[name-defined]  # viper's pointer casts are builtins
    dst = ptr32(out)  # type: ignore[name-defined]
    lut = ptr32(table)  # type: ignore[name-defined]
    words = count >> 2
    step = stride >> 2
    k = 0
    r = 0
    while r < rows:
        p = (start >> 2) + r * step
        end = p + words
        while p < end:
            v = src[p]
            dst[k] = lut[v & 0xFF]
            dst[k + 1] = lut[(v >> 8) & 0xFF]
            dst[k + 2] = lut[(v >> 16) & 0xFF]
            dst[k + 3] = lut[(v >> 24) & 0xFF]
            k += 4
            p += 1
        r += 1


@micropython.viper
def sums(frame, kept, start: int, stride: int, rows: int, at: int) -> int:
    """The rows rows of stride bytes from start, a word column (four bytes) at a time:
    each column's sum against kept's word at + its index, which it replaces; -1 if none
    differs, else first << 16 | last: the bytes of a row from the first column that
    differs to the end of the last one.  A sum takes the column's words top down, each
    step x = (x ^ word) * 16777619 (FNV's prime: odd, so each step is one-to-one mod
    2**32): a change of one word always changes the sum.  start and stride are multiples
    of 4; frame and kept 4-byte aligned (bytearrays are)."""
    src = ptr32(frame)  # type: ignore[name-defined]
    sums = ptr32(kept)  # type: ignore[name-defined]
    words = stride >> 2
    first = words
    last = -1
    c = 0
    while c < words:
        p = (start >> 2) + c
        x = 5381
        r = 0
        while r < rows:
            x = (x ^ src[p]) * 16777619
            p += words
            r += 1
        if sums[at + c] != x:
            sums[at + c] = x
            if c < first:
                first = c
            last = c
        c += 1
    if last < 0:
        return -1
    return (first << 2) << 16 | (last << 2 | 3)


@micropython.viper
def double(line, stride: int, count: int, frame, pitch: int, x: int, y: int, c: int, w: int, h: int):
    """The lit pixels of line (MONO_HLSB, 8 rows of stride bytes, the first count bytes of
    each drawn) at twice their size onto frame (GS4_HMSB, w x h, pitch bytes a row) with
    their top left at (x, y), in colour c; what is past the frame's edges is left out,
    and the unlit pixels leave the frame as it is."""
    src = ptr8(line)  # type: ignore[name-defined]
    dst = ptr8(frame)  # type: ignore[name-defined]
    c &= 15
    high = c << 4
    both = high | c
    py = 0
    while py < 8:
        row = y + 2 * py
        end = row + 2
        if row < 0:
            row = 0
        if end > h:
            end = h
        while row < end:
            base = row * pitch
            bx = 0
            while bx < count:
                v = src[py * stride + bx]
                k = 0
                while v:
                    if v & 0x80:
                        p = x + 2 * (8 * bx + k)
                        if p + 1 < w and not p & 1:
                            dst[base + (p >> 1)] = both  # two pixels, one byte
                        else:
                            q = p
                            while q < p + 2 and q < w:
                                a = base + (q >> 1)
                                if q & 1:
                                    dst[a] = (dst[a] & 0xF0) | c
                                else:
                                    dst[a] = (dst[a] & 0x0F) | high
                                q += 1
                    v = (v << 1) & 0xFF
                    k += 1
                bx += 1
            row += 1
        py += 1
