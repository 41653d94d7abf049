"""Trainmaker drawing: the dice as small pixel icons, rows of dice, a row of options.

A die is a 16x16 square (times ui.s).  Its icon is a few rectangles on a
12x10 grid inside it, drawn with fill_rect: ink 1, or 0 for a hole (a
window, a door).  The rectangles are drawn once into a bitmap per face at
1x, whose lit pixels the board's native loop then draws in the ink (the
Display Pack's for doubled text, the OLED's drivers.mono_native.bits), the
holes left showing the square (a die's back, the screen's background): a
rectangle at a time from Python a die took 0.42-0.59 ms on the emulated
Display Pack, 0.33-0.39 so, and 0.38-0.52 on the OLED, where framebuf's
blit of a bitmap, a pixel at a time, is no faster.  Dice on the
train are icons standing on a rail; dice still to place sit in a frame;
dice chosen to place are filled in.
"""
import framebuf
from micropython import const

from app.colours import ACCENT, BG, DIM, FG, colour_of

FACES = "LPBFC"
SHORT = ("Loco", "Passenger", "Boxcar", "Flatcar", "Caboose")

# (x, y, w, h, ink) per rectangle
_ICONS = (
    # Locomotive: chimney and dome on the boiler, cab with a window and roof, three wheels
    bytes((1, 0, 2, 4, 1, 4, 2, 2, 2, 1, 0, 4, 8, 4, 1, 7, 0, 5, 1, 1, 8, 1, 4, 7, 1, 9, 2, 2, 2, 0,
           1, 8, 2, 2, 1, 5, 8, 2, 2, 1, 9, 8, 2, 2, 1)),
    # Passenger Car: long body with three windows
    bytes((0, 2, 12, 6, 1, 2, 3, 2, 2, 0, 5, 3, 2, 2, 0, 8, 3, 2, 2, 0,
           1, 8, 2, 2, 1, 9, 8, 2, 2, 1)),
    # Boxcar: tall body with a sliding door
    bytes((0, 1, 12, 7, 1, 4, 2, 1, 5, 0, 7, 2, 1, 5, 0,
           1, 8, 2, 2, 1, 9, 8, 2, 2, 1)),
    # Flatcar: a bare deck
    bytes((0, 6, 12, 2, 1, 0, 5, 1, 1, 1, 11, 5, 1, 1, 1,
           1, 8, 2, 2, 1, 9, 8, 2, 2, 1)),
    # Caboose: body with windows, the cupola with its roof on top
    bytes((3, 0, 6, 1, 1, 4, 1, 4, 3, 1, 0, 4, 12, 4, 1, 2, 5, 2, 2, 0, 8, 5, 2, 2, 0,
           2, 8, 2, 2, 1, 8, 8, 2, 2, 1)),
)
# Colour screens paint each face in its die's colour from the rulebook
# (the black Locomotive in white, to show on black).
_COLOURS = ("White", "Blue", "Yellow", "Green", "Red")


def size(ui):
    return 16 * ui.s


def pitch(ui):
    """Distance between dice in a row: seven fit across either screen."""
    return 16 * ui.s + 2


def note(ui, s):
    """Record s as drawn (the text frames of the simulator and the tests) without drawing it."""
    if ui.drawn is not None:
        ui.drawn.append(s)


def ink_of(ui, face):
    return colour_of(_COLOURS[FACES.index(face)]) if ui.colour else FG


_GRID_ROWS = const(10)  # the rows of the icons' grid
_halves = None  # per face, its 1x bitmap's rows 0-7 and 8-15 (MONO_HLSB, 2 bytes a row)


def _bitmaps():
    """Per face its 1x bitmap's rows 0-7, then 8-15 (the Display Pack's halves, each
    doubled in one call; the OLED draws the first of each pair's whole bitmap)."""
    global _halves
    if _halves is None:
        buf = bytearray(32 * len(_ICONS))
        view = memoryview(buf)
        for i in range(len(_ICONS)):
            fb = framebuf.FrameBuffer(view[32 * i:32 * i + 32], 16, 16, framebuf.MONO_HLSB)
            r = _ICONS[i]
            for k in range(0, len(r), 5):
                fb.fill_rect(r[k], r[k + 1], r[k + 2], r[k + 3], r[k + 4])
        _halves = tuple(view[32 * i + h:32 * i + 32] for i in range(len(_ICONS)) for h in (0, 16))
    return _halves


def icon(ui, face, x, y, ink, paper=BG):
    """The face's icon in the die square at (x, y), on paper (the square's colour
    there); a letter for anything else."""
    i = FACES.find(face) if face else -1
    s = ui.s
    if i < 0:
        ui.text(face or "?", x + 4 * s, y + 4 * s, ink)
        return
    doubled = ui.doubled
    if s == 2 and doubled is not None:
        halves = _bitmaps()
        doubled(halves[2 * i], 2, 2, x + 4, y + 6, ink)
        doubled(halves[2 * i + 1], 2, 2, x + 4, y + 22, ink)
        return
    # the canvas's own loop for a 1-bit image's lit pixels at 1x (the OLED's), kept made by it
    bits = getattr(ui.fb, "bits", None)
    if s == 1 and bits is not None and bits(_bitmaps()[2 * i], _GRID_ROWS, x + 2, y + 3, ink):
        return  # (the first half's view runs on to the bitmap's end: its rows 8 and 9 too)
    r = _ICONS[i]
    fb = ui.fb
    for k in range(0, len(r), 5):
        fb.fill_rect(x + (2 + r[k]) * s, y + (3 + r[k + 1]) * s, r[k + 2] * s, r[k + 3] * s,
                     ink if r[k + 4] else paper)


def die(ui, face, x, y, chosen=False):
    """A die to place: framed, or filled in when chosen."""
    d = size(ui)
    fb = ui.fb
    if chosen:
        back = ACCENT if ui.colour else FG
        fb.fill_rect(x, y, d, d, back)
        icon(ui, face, x, y, FG if ui.colour else BG, back)
    else:
        fb.rect(x, y, d, d, DIM if ui.colour else FG)
        icon(ui, face, x, y, ink_of(ui, face))
    for cx, cy in ((x, y), (x + d - 1, y), (x, y + d - 1), (x + d - 1, y + d - 1)):
        fb.pixel(cx, cy, BG)


def train(ui, faces, y):
    """Dice on the train: icons on a rail, from the Locomotive on."""
    p = pitch(ui)
    for i in range(len(faces)):
        icon(ui, faces[i], i * p, y, ink_of(ui, faces[i]))
    if faces:
        ui.fb.fill_rect(0, y + 13 * ui.s, len(faces) * p - 2, ui.s, DIM if ui.colour else FG)
    note(ui, "train " + faces)


def dice(ui, faces, y, chosen=(), cursor=-1):
    """Dice in frames; chosen: positions filled in; cursor: position underlined
    (and its frame doubled)."""
    p = pitch(ui)
    d = size(ui)
    for i in range(len(faces)):
        die(ui, faces[i], i * p, y, i in chosen)
    if 0 <= cursor < len(faces):
        x = cursor * p
        ui.fb.fill_rect(x, y + d + 1, d, 2 * ui.s, FG)
        if cursor not in chosen:
            ui.fb.rect(x + 1, y + 1, d - 2, d - 2, FG)
    note(ui, "dice " + faces)


def options(ui, labels, cursor, y=None):
    """Labels side by side on the footer row; the one under the cursor inverted
    (cursor -1: none)."""
    if y is None:
        y = ui.footer_y
    cw = ui.cw
    m = ui.s  # the label's inset in its box: at an even x on the Display Pack (its native text)
    h = 8 * ui.s
    x = 0
    for i in range(len(labels)):
        s = labels[i]
        w = len(s) * cw
        on = i == cursor
        if on:
            ui.fb.fill_rect(x, y - 1, w + 2 * m, h + 1, ACCENT if ui.colour else FG)
        ui.text(s, x + m, y, BG if on and not ui.colour else FG)
        x += w + cw
    return x


def pct(chance):
    """0.0 .. 1.0 as a whole percent; never 0% or 100% when it is not exactly so."""
    n = int(chance * 100 + 0.5)
    if n == 0 and chance > 0:
        return "<1%"
    if n == 100 and chance < 1:
        return ">99%"
    return "%d%%" % n


def odds_row(ui, row, label, chance):
    """'Score 42%' and a meter filling the rest of the row."""
    s = "%s %s" % (label, pct(chance))
    ui.line(row, s)
    x = (len(s) + 1) * ui.cw
    if x < ui.w - 8 * ui.s:
        ui.meter(x, ui.body_y + row * ui.pitch + 2 * ui.s, ui.w - x, int(chance * 1000 + 0.5))
