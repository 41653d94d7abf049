"""The OLED boards' hot loops, in native code (RP2040 and RP2350): where two frames
differ, a frame filled with one colour, text at twice its size, and small bitmaps' lit pixels.

The SSD1306 takes a window of columns, so show() sends of each changed page only the
columns from its first changed byte to its last (two windows where a long run of
unchanged bytes lies between: a row's label and its value): a number that changes costs
its own width on the 400 kHz bus, not the page's 128 bytes.  Finding them is a word at a
time, then a byte; in Python that would cost more than it saves.  Viper compiles only
where MicroPython has a native emitter, so the board hands this module to
drivers.ssd1306, which finds them in Python without it (tests).  framebuf's fill sets a pixel at a time: 0.84 ms to
clear the 128x64 frame on the emulated Pico, where a word at a time takes a few dozen us;
app.ui's big type (2x on the OLED) took 1.7 ms a word a rectangle at a time from Python, and
Trainmaker's dice icons 0.38-0.52 ms each (app.trainmaker.draw).
And the bytes show() sends go into the I2C block's FIFO from here (i2c_write): machine.I2C
waits for each byte to leave the wire before it hands over the next (drivers.chip).
"""
import micropython
from micropython import const

# the I2C block's registers (DW_apb_i2c; the RP2040 and RP2350 datasheets), as 32-bit words
_TAR = const(0x04 >> 2)  # the target's address
_DATA_CMD = const(0x10 >> 2)  # a byte to send; bit 9: a stop after it
_RAW_INTR_STAT = const(0x34 >> 2)  # bit 6: the write was aborted (a NAK)
_CLR_TX_ABRT = const(0x54 >> 2)  # read: clears the abort
_CLR_STOP_DET = const(0x60 >> 2)  # read: clears the stop seen
_ENABLE = const(0x6C >> 2)
_STATUS = const(0x70 >> 2)  # bit 1: room in the transmit FIFO; 2: the FIFO empty; 5: the master busy
_STOP = const(0x200)
_ABORTED = const(0x40)
_TFNF = const(2)
_TFE = const(4)
_IDLE = const(0x24)  # TFE and MST_ACTIVITY: done when of the two only TFE (the FIFO empty) is set
_PATIENCE = const(200_000)  # polls of the block before a bus that moves no more is given up


@micropython.viper
def spans(k: int, run: int, best: int, now: ptr8, was: ptr8, width: int,  # type: ignore[name-defined]
          pages: int, out: ptr32, gaps: ptr32, least: int):  # type: ignore[name-defined]
    """For each page p of the pages pages of width bytes of now and was (width a multiple
    of 4, both buffers word-aligned), into out[p] (an array of ints): -1 where they hold the
    same bytes, else first << 16 | last, the offsets in the page of the first and the last
    byte that differ; and where they differ, into gaps[p] the longest run of whole 4-byte
    words between those two that do not, first << 16 | last (its first byte and its last),
    where it is more than least bytes, else -1.  Compared a word at a time, then the bytes
    of the first and the last word that differ: a byte at a time, with the gaps, it took
    0.32 ms of a show() on the emulated Pico, 0.21 without them, 0.08 now.  k, run, best:
    the loop's registers, pass 0."""
    nw = ptr32(now)  # type: ignore[name-defined]
    ww = ptr32(was)  # type: ignore[name-defined]
    p = 0
    while p < pages:
        a = p * width
        w1 = (a + width) >> 2
        k = a >> 2
        while k < w1 and nw[k] == ww[k]:
            k += 1
        if k == w1:
            out[p] = -1
        else:
            i = (k << 2) - a
            while now[a + i] == was[a + i]:
                i += 1
            k = w1 - 1
            while nw[k] == ww[k]:
                k -= 1
            j = (k << 2) + 3 - a
            while now[a + j] == was[a + j]:
                j -= 1
            out[p] = i << 16 | j
            gap = -1
            best = least >> 2  # a run of more whole words than this is more than least bytes
            run = 0
            k = ((a + i) >> 2) + 1  # the words between the first's and the last's
            end = (a + j) >> 2
            while k < end:
                if nw[k] == ww[k]:
                    run += 1
                    if run > best:
                        best = run
                        gap = ((k + 1 - run) * 4 - a) << 16 | (k * 4 + 3 - a)
                else:
                    run = 0
                k += 1
            gaps[p] = gap
        p += 1


@micropython.viper
def fill(buf, words: int, v: int):
    """The first words 32-bit words of buf (4-byte aligned, as bytearrays are) set to v."""
    p = ptr32(buf)  # type: ignore[name-defined]
    i = 0
    while i < words:
        p[i] = v
        i += 1


@micropython.viper
def glyphs(v: int, a: int, lo: int, s: ptr8, n: int, table: ptr8,  # type: ignore[name-defined]
           frame: ptr8, w: int, x: int, y: int, c: int):  # type: ignore[name-defined]
    """The first n bytes of s (a str or bytes) at twice their size in colour c (0 or 1) onto
    frame (MONO_VLSB, w bytes a page), their top left at (x, y), the unlit pixels leaving
    the frame as it is: each byte's glyph from table (drivers.gs4_native.glyphs's: the
    glyphs of the bytes 32..127 side by side at 1x, MONO_HLSB; a byte outside 32..127
    drawn as 127).  The string is wholly inside the frame.  A glyph's row is two rows of
    the frame, in one page or, from a page's last row, two.  v, a, lo: the loop's
    registers, pass 0."""
    i = 0
    while i < n:
        g = s[i] - 32
        if g < 0 or g > 95:
            g = 95
        py = 0
        while py < 8:
            v = table[96 * py + g]
            row = y + 2 * py
            lo = (3 << (row & 7)) & 0xFF
            hi = 3 >> (8 - (row & 7))  # the second row in the next page (1), or none
            a = (row >> 3) * w + x + 16 * i
            if v and c and not hi:
                # lit, in one page (text at an even y): the row's 8 pixels one by one, unrolled,
                # where the loop's own counting and shifting cost a third of its time
                if v & 0x80:
                    frame[a] = frame[a] | lo
                    frame[a + 1] = frame[a + 1] | lo
                if v & 0x40:
                    frame[a + 2] = frame[a + 2] | lo
                    frame[a + 3] = frame[a + 3] | lo
                if v & 0x20:
                    frame[a + 4] = frame[a + 4] | lo
                    frame[a + 5] = frame[a + 5] | lo
                if v & 0x10:
                    frame[a + 6] = frame[a + 6] | lo
                    frame[a + 7] = frame[a + 7] | lo
                if v & 0x08:
                    frame[a + 8] = frame[a + 8] | lo
                    frame[a + 9] = frame[a + 9] | lo
                if v & 0x04:
                    frame[a + 10] = frame[a + 10] | lo
                    frame[a + 11] = frame[a + 11] | lo
                if v & 0x02:
                    frame[a + 12] = frame[a + 12] | lo
                    frame[a + 13] = frame[a + 13] | lo
                if v & 0x01:
                    frame[a + 14] = frame[a + 14] | lo
                    frame[a + 15] = frame[a + 15] | lo
                v = 0
            while v:
                if v & 0x80:
                    if c:
                        frame[a] = frame[a] | lo
                        frame[a + 1] = frame[a + 1] | lo
                        if hi:
                            frame[a + w] = frame[a + w] | hi
                            frame[a + w + 1] = frame[a + w + 1] | hi
                    else:
                        frame[a] = frame[a] & (0xFF ^ lo)
                        frame[a + 1] = frame[a + 1] & (0xFF ^ lo)
                        if hi:
                            frame[a + w] = frame[a + w] & (0xFF ^ hi)
                            frame[a + w + 1] = frame[a + w + 1] & (0xFF ^ hi)
                v = (v << 1) & 0xFF
                a += 2
            py += 1
        i += 1


@micropython.viper
def bits(src: ptr8, rows: int, frame: ptr8, w: int, x: int, y: int, c: int):  # type: ignore[name-defined]
    """The lit pixels of the first rows rows of src (MONO_HLSB, 16 pixels in 2 bytes a row)
    in colour c (0 or 1) onto frame (MONO_VLSB, w bytes a page), the bitmap's top left at
    (x, y) and wholly inside the frame; its unlit pixels leave the frame as it is."""
    r = 0
    while r < rows:
        v = (src[2 * r] << 8) | src[2 * r + 1]
        row = y + r
        m = 1 << (row & 7)
        if c == 0:
            m = 0xFF ^ m
        a = (row >> 3) * w + x
        while v:
            if v & 0x8000:
                if c:
                    frame[a] = frame[a] | m
                else:
                    frame[a] = frame[a] & m
            v = (v << 1) & 0xFFFF
            a += 1
        r += 1


@micropython.viper
def i2c_write(regs: int, addr: int, cmds: ptr8, ncmds: int, src: ptr8,  # type: ignore[name-defined]
              start: int, count: int, stride: int, rows: int) -> int:
    """Two I2C writes to addr through the I2C block at regs (drivers.chip.i2c_regs), as
    machine.I2C's writeto would make them, one after the other in the block's FIFO, kept fed
    so the bytes follow each other on the wire: a command's control byte (0x00) and the
    first ncmds bytes of cmds (at least one); then display data's (0x40) and rows runs of
    count bytes of src, from start and every stride bytes on; a stop after each. Returns
    once the bus is idle: 0, or 1 where the block aborted (a NAK: no display at addr), -1
    where the bus stopped moving."""
    r = ptr32(regs)  # type: ignore[name-defined]
    r[_ENABLE] = 0  # the target's address is set with the block off, as the SDK does
    r[_TAR] = addr
    r[_ENABLE] = 1
    k = -1  # -1: the commands' control byte, then the commands; ncmds: the data's control byte
    a = start  # the run under way
    col = 0
    row = 0
    stuck = 0
    while stuck == 0:
        if k < 0:
            v = 0x00
        elif k < ncmds:
            v = cmds[k]
            if k == ncmds - 1:
                v |= _STOP
        elif k == ncmds:
            v = 0x40
        elif row == rows:
            break
        else:
            v = src[a + col]
            col += 1
            if col == count:
                col = 0
                row += 1
                a += stride
                if row == rows:
                    v |= _STOP
        k += 1
        n = 0
        while (r[_STATUS] & _TFNF) == 0:
            n += 1
            if (r[_RAW_INTR_STAT] & _ABORTED) != 0 or n > _PATIENCE:
                stuck = 1
                break
        if stuck == 0:
            r[_DATA_CMD] = v
    n = 0
    while (r[_STATUS] & _IDLE) != _TFE and n < _PATIENCE:  # the FIFO empty, the master idle
        n += 1
    why = 0
    if r[_RAW_INTR_STAT] & _ABORTED:
        why = 1
        r[_CLR_TX_ABRT]  # read: the block takes bytes again
    elif n >= _PATIENCE:
        why = -1
    r[_CLR_STOP_DET]  # read: each write's stop is seen, none is left for machine.I2C's next
    return why
