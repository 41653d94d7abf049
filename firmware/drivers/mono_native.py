"""The OLED boards' hot loop, in native code (RP2040 and RP2350): where two frames differ.

The SSD1306 takes a window of columns, so show() sends of each changed page only the
columns from its first changed byte to its last: a number that changes costs its own
width on the 400 kHz bus, not the page's 128 bytes.  Finding them is a byte at a time;
in Python that would cost more than it saves.  Viper compiles only where MicroPython
has a native emitter, so the board hands this module to drivers.ssd1306, which finds
them in Python without it (tests).
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
