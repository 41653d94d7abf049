"""drivers.gs4_native's and drivers.mono_native's loops in plain Python, step for step,
for the tests: viper compiles on the RP2040 only, where make chip holds the native
loops' pictures to the simulator's."""


def send(v, p, k, frame, table, one, two, dma, spi, busy, start, stride, count, rows, band):
    """The rows, band rows at a time, made into one and two by turns (out's bytes 3 (r * count
    + i) .. + 2 the low three of table's word for frame[start + r * stride + i]), each
    written to dma (here what stands in for the bus: its write) once made."""
    y = 0
    bufs = (one, two)
    while y < rows:
        n = min(band, rows - y)
        buf = bufs[(y // band) & 1]
        _expand(frame, buf, table, start + y * stride, stride, count, n)
        dma.write(bytes(buf[:3 * count * n]))
        y += n


def column_sum(frame, start, stride, rows):
    """The sum of the word column at byte start: x = (x ^ word) * 16777619 mod 2**32, then
    x ^= x >> 16, the rows' little-endian words top down, from 5381."""
    x = 5381
    for r in range(rows):
        i = start + r * stride
        word = frame[i] | frame[i + 1] << 8 | frame[i + 2] << 16 | frame[i + 3] << 24
        x = (x ^ word) * 16777619 & 0xFFFFFFFF
        x ^= x >> 16
    return x


def sums(x, p, frame, kept, spans, stride, height, band):
    """Per band of band rows, spans[b]: -1, or first << 16 | last: from the first word
    column whose sum differs from kept's to the end of the last; kept's words for the
    band's columns replaced by the sums (x, p: unused)."""
    words = stride // 4
    for b, top in enumerate(range(0, height, band)):
        changed = []
        for c in range(words):
            x = column_sum(frame, top * stride + 4 * c, stride, min(band, height - top))
            k = 4 * (b * words + c)
            if kept[k] | kept[k + 1] << 8 | kept[k + 2] << 16 | kept[k + 3] << 24 != x:
                kept[k:k + 4] = bytes((x & 0xFF, x >> 8 & 0xFF, x >> 16 & 0xFF, x >> 24))
                changed.append(c)
        spans[b] = (4 * changed[0]) << 16 | (4 * changed[-1] + 3) if changed else -1


def double(v, a, both, line, stride, count, frame, pitch, x, y, c):
    """double_any's pixels where the text is wholly inside the frame (v, a, both: unused)."""
    double_any(line, stride, count, frame, pitch, x, y, c, 2 * pitch, len(frame) // pitch)


def glyphs(v, a, both, s, n, table, frame, pitch, x, y, c, k):
    """The first n bytes of s at 2k times their size onto the GS4_HMSB frame, each its glyph
    from table (row y of byte 32 + j at 96 * y + j; a byte outside 32..127 as 127's), a lit
    pixel a 2k x 2k block of c (v, a, both: unused)."""
    data = s.encode() if isinstance(s, str) else s
    c &= 15
    for i in range(n):
        g = data[i] - 32 if 32 <= data[i] <= 127 else 95
        for py in range(8):
            row = table[96 * py + g]
            for px in range(8):
                if row & 0x80 >> px:
                    for r in range(y + 2 * k * py, y + 2 * k * (py + 1)):
                        for q in range(x + 2 * k * (8 * i + px), x + 2 * k * (8 * i + px + 1)):
                            a = r * pitch + (q >> 1)
                            frame[a] = (frame[a] & 0xF0) | c if q & 1 else (frame[a] & 0x0F) | c << 4


def double_any(line, stride, count, frame, pitch, x, y, c, w, h):
    """The lit pixels of the MONO_HLSB line at twice their size onto the GS4_HMSB frame."""
    c &= 15
    for py in range(8):
        for row in range(max(0, y + 2 * py), min(h, y + 2 * py + 2)):
            base = row * pitch
            for bx in range(count):
                v = line[py * stride + bx]
                for k in range(8):
                    if v & 0x80 >> k:
                        p = x + 2 * (8 * bx + k)
                        for q in range(p, min(p + 2, w)):
                            a = base + (q >> 1)
                            frame[a] = (frame[a] & 0xF0) | c if q & 1 else (frame[a] & 0x0F) | c << 4


def spans(k, run, best, now, was, width, pages, out, gaps, least):
    """mono_native.spans: out[p] -1 where page p of now and was (width bytes each) is the
    same, else first << 16 | last changed, and gaps[p] the longest run of unchanged whole
    4-byte words between those (the first such), first << 16 | last byte, where more than
    least bytes, else -1 (k, run, best: unused)."""
    for p in range(pages):
        a = p * width
        changed = [i for i in range(width) if now[a + i] != was[a + i]]
        out[p] = changed[0] << 16 | changed[-1] if changed else -1
        if not changed:
            continue
        gaps[p] = -1
        words = [w for w in range(changed[0] // 4 + 1, changed[-1] // 4)
                 if bytes(now[a + 4 * w:a + 4 * w + 4]) == bytes(was[a + 4 * w:a + 4 * w + 4])]
        longest = least // 4
        w = 0
        while w < len(words):
            n = 1
            while w + n < len(words) and words[w + n] == words[w] + n:
                n += 1
            if n > longest:
                longest = n
                gaps[p] = 4 * words[w] << 16 | 4 * (words[w] + n) - 1
            w += n


def _expand(frame, out, table, start, stride, count, rows):
    k = 0
    for r in range(rows):
        for i in range(count):
            v = frame[start + r * stride + i] * 4
            out[k * 3:k * 3 + 3] = table[v:v + 3]
            k += 1


def modules(i, x, px, bits, n, frame, pitch, x0, scale, c):
    """The dark modules (bit i of bits: module i = y * n + x) as scale x scale squares of
    colour c onto the GS4_HMSB frame at (x0, x0) (i, x, px: unused)."""
    c &= 15
    for m in range(n * n):
        if bits[m >> 3] >> (m & 7) & 1:
            left = x0 + (m % n) * scale
            top = x0 + (m // n) * scale
            for row in range(top, top + scale):
                for q in range(left, left + scale):
                    a = row * pitch + (q >> 1)
                    frame[a] = (frame[a] & 0xF0) | c if q & 1 else (frame[a] & 0x0F) | c << 4


# what stands in for the I2C block at each register address a test wires up: its writeto
i2c_blocks = {}


def i2c_write(regs, addr, cmds, ncmds, src, start, count, stride, rows):
    """mono_native.i2c_write: the control byte 0x00 and ncmds bytes of cmds, then the
    control byte 0x40 and rows runs of count bytes of src (from start, every stride on), as
    two writes to addr on the block at regs; 0, or what the block answers to either (1:
    aborted, -1: the bus stopped)."""
    data = bytearray(b"\x40")
    for r in range(rows):
        data += bytes(src[start + r * stride:start + r * stride + count])
    block = i2c_blocks[regs]
    return block.writeto(addr, b"\x00" + bytes(cmds[:ncmds])) or block.writeto(addr, bytes(data)) or 0


def fill(buf, words, v):
    """mono_native.fill: the first words 32-bit words of buf set to v (little-endian)."""
    buf[:4 * words] = (v & 0xFFFFFFFF).to_bytes(4, "little") * words


def mono_glyphs(v, a, lo, s, n, table, frame, w, x, y, c):
    """mono_native.glyphs: the first n bytes of s at twice their size onto the MONO_VLSB
    frame (w bytes a page), each its glyph from table, a lit pixel a 2 x 2 block of c
    (v, a, lo: unused)."""
    data = s.encode() if isinstance(s, str) else s
    for i in range(n):
        g = data[i] - 32 if 32 <= data[i] <= 127 else 95
        for py in range(8):
            for px in range(8):
                if table[96 * py + g] & 0x80 >> px:
                    for r in (y + 2 * py, y + 2 * py + 1):
                        for q in (x + 16 * i + 2 * px, x + 16 * i + 2 * px + 1):
                            bit = 1 << (r & 7)
                            k = (r >> 3) * w + q
                            frame[k] = frame[k] | bit if c else frame[k] & ~bit & 0xFF



def mono_bits(src, rows, frame, w, x, y, c):
    """mono_native.bits: the lit pixels of the first rows rows of src (MONO_HLSB, 2 bytes a
    row) in c onto the MONO_VLSB frame (w bytes a page), the bitmap's top left at (x, y)."""
    for r in range(rows):
        for px in range(16):
            if src[2 * r + (px >> 3)] & 0x80 >> (px & 7):
                bit = 1 << ((y + r) & 7)
                k = ((y + r) >> 3) * w + x + px
                frame[k] = frame[k] | bit if c else frame[k] & ~bit & 0xFF


# mono_native's name, for the tests that hand this module to an OLED's driver as the board does
bits = mono_bits
