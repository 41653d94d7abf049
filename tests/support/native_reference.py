"""drivers.gs4_native's and drivers.mono_native's loops in plain Python, step for step,
for the tests: viper compiles on the RP2040 only, where make chip holds the native
loops' pictures to the simulator's."""


def expand(frame, start, stride, count, rows, out, table):
    """out's word r * count + i = table[frame[start + r * stride + i]]."""
    k = 0
    for r in range(rows):
        for i in range(count):
            v = frame[start + r * stride + i] * 4
            out[k * 4:k * 4 + 4] = table[v:v + 4]
            k += 1


def columns(now, was, start, stride, rows):
    """-1, or first << 16 | last: from the first word (4 bytes) of a row in which any of
    the rows differs to the end of the last."""
    changed = [i for r in range(rows) for i in range(stride) if now[start + r * stride + i] != was[start + r * stride + i]]
    return (min(changed) & ~3) << 16 | (max(changed) | 3) if changed else -1


def copy(src, dst, start, count):
    """dst's count bytes from start = src's."""
    dst[start:start + count] = src[start:start + count]


def double(line, stride, count, frame, pitch, x, y, c, w, h):
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


def span(now, was, start, count):
    """-1 if the count bytes from start are the same, else first << 16 | last changed."""
    changed = [i for i in range(count) if now[start + i] != was[start + i]]
    return changed[0] << 16 | changed[-1] if changed else -1
