"""The simulator's frames as the chip's player sees the display: the same bytes, hashed.

play.mjs hashes what the emulated display shows, one byte per pixel in rows: on the
OLED 1 for a lit pixel, on the Display Pack red, green and blue as the panel's 12 bits a
pixel hold them (4 each: drivers.st7789's rgb444 of the palette).  Here the same bytes
come from the virtual board's frame buffer (palette indices: MONO_HLSB on the OLED,
GS4_HMSB on the Display Pack), so a press whose screen differs on the chip is found by
its hash.
"""
import hashlib

from .. import paths
from ..sim import device as sim
from ..sim import frames

paths.device_code_on_path()
from drivers.st7789 import rgb444  # noqa: E402  (the colours the Display Pack's panel is sent)


def pixels(board, hexdata):
    """Rows of what the display shows: 0/1 on the OLED, (r, g, b) 8-bit on the Display Pack."""
    width, height, colour = sim.BOARDS[board]
    palette = sim.palette_of(colour)
    rows = frames.decode(hexdata, width, height, palette)
    return rows if palette is None else [[palette[i] for i in row] for row in rows]


def canonical(board, hexdata):
    out = bytearray()
    sent = {}  # each colour of the palette as the panel gets it
    for row in pixels(board, hexdata):
        for p in row:
            if board == "pico_oled":
                out.append(p)
            else:
                if p not in sent:
                    c = rgb444(*p)
                    sent[p] = bytes((c >> 8, c >> 4 & 15, c & 15))
                out += sent[p]
    return bytes(out)


def key(board, hexdata):
    return hashlib.sha1(canonical(board, hexdata)).hexdigest()


def write_png(path, board, hexdata):
    """The simulator's frame as a PNG, the scale play.mjs writes the chip's at."""
    rows = pixels(board, hexdata)
    if board == "pico_oled":
        frames.write_png(path, rows, None, 4)
    else:
        index = {}
        flat = [index.setdefault(p, len(index)) for row in rows for p in row]
        width = len(rows[0])
        frames.write_png(path, [flat[y * width:(y + 1) * width] for y in range(len(rows))],
                         sorted(index, key=index.get), 2)
