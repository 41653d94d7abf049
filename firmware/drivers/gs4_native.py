"""The ST7789 boards' hot loops over their GS4 frame, in native code (RP2040 and RP2350).

framebuf does two of them through its generic blit, a pixel at a time through get and
set calls (about 1.4 us a pixel on the RP2040): sending the whole frame cost 25 ms of
that besides its 8.3 ms on the wire, and a line of doubled text 5 ms (the glyphs' loop
draws one from the font's glyphs, without framebuf's 1x line in between).  The third finds
the columns a band of rows changed in, so only those go on the wire, from a sum of each
column as shown: the driver then keeps 2 KB of sums, not a 16.2 KB copy of the frame.  The
last draws a QR code's modules, which the scan screen's Python drew a rectangle at a time
(59 ms).  Viper compiles only where MicroPython has a native emitter (the rp2 port), so
the board hands this module to drivers.st7789, which falls back to the blits without it
(the simulator, tests); make chip checks that both draw the same pictures.
"""
import micropython


# Viper keeps a function's first three locals in registers on the RP2040's Thumb (the rest
# on the stack, a load and a store at each use), and its parameters come first: send, sums
# and double take their inner loops' variables as their first parameters (pass 0), which
# made the frame's expansion 1.4 and the sums 1.6 times as fast on the emulated Pico.


@micropython.viper
def send(v: int, p: int, k: int, frame: ptr32, table: ptr32, one: ptr32, two: ptr32,  # type: ignore[name-defined]
         dma: ptr32, spi: ptr32, busy: int, start: int, stride: int, count: int, rows: int,  # type: ignore[name-defined]
         band: int):
    """rows rows of the frame (stride bytes a row) from byte start, count bytes of each (start,
    stride and count multiples of 4), made into the panel's bytes, 12 bits a pixel: a
    GS4_HMSB byte is two pixels (left in the high nibble), table's word for it the three
    bytes the panel wants for them (the first in its low byte).  They are made band rows at
    a time into one and two by turns, each sent by a DMA channel into an SPI bus's transmit
    FIFO while the next is made; back once the last byte is off the wire and the bus is as
    machine.SPI leaves it (its receive FIFO empty, no overrun flagged).  dma: the channel's
    16 registers, its write address (the bus's data register) and control (a byte a
    transfer, paced by the FIFO) set; busy: its control register's BUSY bit.  spi: the
    bus's registers from SSPCR0 to SSPICR.  one and two hold band rows of count bytes made
    3 times as long (a frame's word of 8 pixels three words); the buffers are 4-byte
    aligned (bytearrays are).  v, p, k: the loop's registers, pass 0."""
    words = count >> 2
    step = stride >> 2
    buf = one
    second = 0
    y = 0
    while y < rows:
        n = rows - y
        if n > band:
            n = band
        k = 0
        r = 0
        while r < n:
            p = (start >> 2) + (y + r) * step
            end = p + words
            while p < end:
                v = frame[p]
                a = table[v & 0xFF]
                b = table[(v >> 8) & 0xFF]
                buf[k] = a | b << 24
                a = table[(v >> 16) & 0xFF]
                buf[k + 1] = b >> 8 | a << 16
                b = table[(v >> 24) & 0xFF]
                buf[k + 2] = a >> 16 | b << 8
                k += 3
                p += 1
            r += 1
        while dma[3] & busy:  # CTRL_TRIG: the rows before still going out
            pass
        dma[2] = k << 2  # TRANS_COUNT, in bytes
        dma[15] = int(buf)  # AL3_READ_ADDR_TRIG: from here, and go
        second ^= 1
        if second:
            buf = two
        else:
            buf = one
        y += n
    while dma[3] & busy:
        pass
    while spi[3] & 16:  # SSPSR's BSY: still shifting
        pass
    while spi[3] & 4:  # RNE: what the writes clocked in, no one's
        v = spi[2]
    spi[8] = 1  # SSPICR: the receive overrun cleared


@micropython.viper
def sums(x: int, p: int, frame: ptr32, kept: ptr32, spans: ptr32,  # type: ignore[name-defined]
         stride: int, height: int, band: int):
    """The frame (height rows of stride bytes) in bands of band rows, each band a word
    column (four bytes) at a time: each column's sum against kept's word for it (a band's
    columns one after another), which it replaces.  spans's word b: -1 if no column of
    band b differs, else first << 16 | last, the bytes of a row from the first column
    that differs to the end of the last one.  A sum takes the column's words top down,
    each step x = (x ^ word) * 16777619 (FNV's prime: odd, so one-to-one mod 2**32), then
    x ^= x >> 16 (one-to-one too): a change of one word always changes the sum, and the
    shift brings a change of a word's high bits down where the next product carries it
    up again (a product alone never moves a change down: two rows' changes to their
    right-most pixels cancelled once in 256).  stride is a multiple of 4;
    the buffers 4-byte aligned (bytearrays and arrays are).  x, p: the loop's registers,
    pass 0."""
    words = stride >> 2
    b = 0
    top = 0
    while top < height:
        rows = height - top
        if rows > band:
            rows = band
        first = words
        last = -1
        c = 0
        while c < words:
            p = top * words + c
            end = p + rows * words
            x = 5381
            while p < end:
                x = (x ^ frame[p]) * 16777619
                x ^= (x >> 16) & 0xFFFF
                p += words
            k = b * words + c
            if kept[k] != x:
                kept[k] = x
                if c < first:
                    first = c
                last = c
            c += 1
        if last < 0:
            spans[b] = -1
        else:
            spans[b] = (first << 2) << 16 | (last << 2 | 3)
        b += 1
        top += band


@micropython.viper
def double(v: int, a: int, both: int, line: ptr8, stride: int, count: int,  # type: ignore[name-defined]
           frame: ptr8, pitch: int, x: int, y: int, c: int):  # type: ignore[name-defined]
    """The lit pixels of line (MONO_HLSB, 8 rows of stride bytes, the first count bytes of
    each drawn) at twice their size onto frame (GS4_HMSB, pitch bytes a row) with their top
    left at (x, y), in colour c, the unlit pixels leaving the frame as it is; for text wholly
    inside the frame at an even x (the screens' text), where a lit pixel is a byte of two,
    written to both its rows at once (elsewhere double_any).  v, a, both: the loop's
    registers, pass 0."""
    both = (c & 15) << 4 | (c & 15)
    py = 0
    while py < 8:
        row = (y + 2 * py) * pitch + (x >> 1)
        bx = 0
        while bx < count:
            v = line[py * stride + bx]
            a = row + 8 * bx
            while v:
                if v & 0x80:
                    frame[a] = both
                    frame[a + pitch] = both
                v = (v << 1) & 0xFF
                a += 1
            bx += 1
        py += 1


@micropython.viper
def glyphs(v: int, a: int, both: int, s: ptr8, n: int, table: ptr8,  # type: ignore[name-defined]
           frame: ptr8, pitch: int, x: int, y: int, c: int, k: int):  # type: ignore[name-defined]
    """The first n bytes of s (a str or bytes) at 2k times their size in colour c onto frame
    (GS4_HMSB, pitch bytes a row), their top left at (x, y), the unlit pixels leaving the
    frame as it is: each byte's glyph from table (the glyphs of the bytes 32..127 side by
    side at 1x: row y of byte 32 + j at 96 * y + j; a byte outside 32..127 drawn as 127,
    as framebuf's text does).  The string is wholly inside the frame at an even x, where a
    lit pixel is k bytes of two pixels on each of its 2k rows.  At 2x (k 1) this is what
    double draws from the string framebuf drew at 1x, whose clearing and drawing (framebuf,
    a pixel at a time) were half of a line of text's 0.69 ms on the emulated Pico (0.40
    so); the big type (4x) took 1.9 ms a word a rectangle at a time from Python (0.74).
    v, a, both: the loop's registers, pass 0."""
    both = (c & 15) << 4 | (c & 15)
    rows = 2 * k * pitch  # a pixel's rows, as an offset
    i = 0
    while i < n:
        g = s[i] - 32
        if g < 0 or g > 95:
            g = 95
        base = y * pitch + (x >> 1) + 8 * k * i
        py = 0
        while py < 8:
            v = table[96 * py + g]
            if v:
                a = base + py * rows
                if k == 1:
                    # the row's 8 pixels one by one, unrolled: the loop's own counting and
                    # shifting cost a third of a line's 0.21 ms on the emulated Pico at 200 MHz
                    if v & 0x80:
                        frame[a] = both
                        frame[a + pitch] = both
                    if v & 0x40:
                        frame[a + 1] = both
                        frame[a + 1 + pitch] = both
                    if v & 0x20:
                        frame[a + 2] = both
                        frame[a + 2 + pitch] = both
                    if v & 0x10:
                        frame[a + 3] = both
                        frame[a + 3 + pitch] = both
                    if v & 0x08:
                        frame[a + 4] = both
                        frame[a + 4 + pitch] = both
                    if v & 0x04:
                        frame[a + 5] = both
                        frame[a + 5 + pitch] = both
                    if v & 0x02:
                        frame[a + 6] = both
                        frame[a + 6 + pitch] = both
                    if v & 0x01:
                        frame[a + 7] = both
                        frame[a + 7 + pitch] = both
                else:
                    while v:
                        if v & 0x80:
                            r = 0
                            while r < rows:
                                q = 0
                                while q < k:
                                    frame[a + r + q] = both
                                    q += 1
                                r += pitch
                        v = (v << 1) & 0xFF
                        a += k
            py += 1
        i += 1


@micropython.viper
def double_any(line, stride: int, count: int, frame, pitch: int, x: int, y: int, c: int, w: int, h: int):
    """double's pixels for text anywhere on a frame w x h: what is past its edges is left
    out, and at an odd x a lit pixel's two are in two bytes.  Kept as it was: with double's
    typed parameters and registers, this code drew wrong pixels from a firmware image on
    the emulated Pico (not traced; the same .mpy loaded into RAM drew them right)."""
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


@micropython.viper
def modules(i: int, x: int, px: int, bits: ptr8, n: int, frame: ptr8, pitch: int,  # type: ignore[name-defined]
            x0: int, scale: int, c: int):
    """The dark modules of an n x n QR code (module y * n + x is bit i & 7 of bits[i >> 3])
    as squares of scale pixels in colour c onto frame (GS4_HMSB, pitch bytes a row), the
    code's top left at (x0, x0), the light modules leaving the frame as it is; the caller
    keeps the code inside the frame.  i, x, px: the loop's registers, pass 0.  In Python
    the screen's 57 x 57 code took 59 ms on the Pico, most of the longest gap between polls."""
    c &= 15
    high = c << 4
    y = 0
    while y < n:
        top = (x0 + y * scale) * pitch
        x = 0
        while x < n:
            if (bits[i >> 3] >> (i & 7)) & 1:
                px = x0 + x * scale
                end = px + scale
                while px < end:
                    a = top + (px >> 1)
                    r = 0
                    while r < scale:
                        if px & 1:
                            frame[a] = (frame[a] & 0xF0) | c
                        else:
                            frame[a] = (frame[a] & 0x0F) | high
                        a += pitch
                        r += 1
                    px += 1
            x += 1
            i += 1
        y += 1
