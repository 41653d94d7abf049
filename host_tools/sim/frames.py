"""Frames from the simulated device: decode the frame buffer, write PNG, draw in a terminal."""
import struct
import zlib

# A monochrome OLED shows lit pixels in a light blue-white on black.
MONO = ((0, 0, 0), (200, 230, 255))


def decode(hexdata, width, height, palette=None):
    """Rows of palette indices from a MONO_HLSB or GS4_HMSB buffer in hex."""
    raw = bytes.fromhex(hexdata)
    rows = []
    if palette is None:
        stride = width // 8
        for y in range(height):
            line = raw[y * stride:(y + 1) * stride]
            rows.append([(line[x >> 3] >> (7 - (x & 7))) & 1 for x in range(width)])
    else:
        stride = width // 2
        for y in range(height):
            line = raw[y * stride:(y + 1) * stride]
            rows.append([(line[x >> 1] >> (0 if x & 1 else 4)) & 15 for x in range(width)])
    return rows


def colours(palette):
    return MONO if palette is None else palette


def write_png(path, rows, palette=None, scale=4):
    """An RGB PNG of the frame, each device pixel a scale x scale square."""
    pal = colours(palette)
    height = len(rows) * scale
    width = len(rows[0]) * scale
    raw = bytearray()
    for row in rows:
        line = bytearray([0])
        for idx in row:
            line += bytes(pal[idx] if idx < len(pal) else (255, 0, 255)) * scale
        raw += bytes(line) * scale

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(bytes(raw), 9)))
        f.write(chunk(b"IEND", b""))


def ansi(rows, palette=None):
    """The frame as terminal text: one character cell per two pixel rows, in true colour."""
    pal = colours(palette)
    out = []
    for y in range(0, len(rows), 2):
        top = rows[y]
        bottom = rows[y + 1] if y + 1 < len(rows) else [0] * len(top)
        cells = []
        for a, b in zip(top, bottom):
            fa = pal[a]
            fb = pal[b]
            cells.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm\u2580" % (fa + fb))
        out.append("".join(cells) + "\x1b[0m")
    return "\n".join(out)


def blocks(rows):
    """The frame as plain block characters (no colour): for logs and pipes."""
    chars = (" ", "\u2580", "\u2584", "\u2588")
    out = []
    for y in range(0, len(rows), 2):
        top = rows[y]
        bottom = rows[y + 1] if y + 1 < len(rows) else [0] * len(top)
        out.append("".join(chars[(1 if a else 0) | (2 if b else 0)] for a, b in zip(top, bottom)).rstrip())
    return "\n".join(out)
