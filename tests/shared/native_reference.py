"""drivers.gs4_native's and drivers.mono_native's loops in plain Python, step for step,
for the tests: viper compiles on the RP2040 only, where make chip holds the native
loops' pictures to the simulator's."""


def expand(frame, start, count, out, table):
    """out's word i = table[frame[start + i]] for i < count."""
    for i in range(count):
        k = frame[start + i] * 4
        out[i * 4:i * 4 + 4] = table[k:k + 4]


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
