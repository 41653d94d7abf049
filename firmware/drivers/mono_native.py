"""The OLED boards' hot loops, in native code (RP2040 and RP2350): where two frames
differ, and a frame filled with one colour.

The SSD1306 takes a window of columns, so show() sends of each changed page only the
columns from its first changed byte to its last: a number that changes costs its own
width on the 400 kHz bus, not the page's 128 bytes.  Finding them is a byte at a time;
in Python that would cost more than it saves.  Viper compiles only where MicroPython
has a native emitter, so the board hands this module to drivers.ssd1306, which finds
them in Python without it (tests).  framebuf's fill sets a pixel at a time: 0.84 ms to
clear the 128x64 frame on the emulated Pico, where a word at a time takes a few dozen us.
"""
import micropython


@micropython.viper
def span(now, was, start: int, count: int) -> int:
    """-1 if now and was hold the same count bytes from start, else first << 16 | last:
    the offsets (from start) of the first and the last byte that differ."""
    a = ptr8(now)  # type: ignore[name-defined]  # viper's pointer casts are builtins
    b = ptr8(was)  # type: ignore[name-defined]
    i = 0
    while i < count and a[start + i] == b[start + i]:
        i += 1
    if i == count:
        return -1
    j = count - 1
    while a[start + j] == b[start + j]:
        j -= 1
    return i << 16 | j


@micropython.viper
def fill(buf, words: int, v: int):
    """The first words 32-bit words of buf (4-byte aligned, as bytearrays are) set to v."""
    p = ptr32(buf)  # type: ignore[name-defined]
    i = 0
    while i < words:
        p[i] = v
        i += 1
