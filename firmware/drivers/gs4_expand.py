"""GS4 frame bytes to the ST7789's RGB565 bytes, in native code (the RP2040 only).

One byte of a GS4_HMSB frame is two pixels, left in the high nibble; a 256-entry
table of 32-bit words holds, for every such byte, the four bytes the panel wants for
its two pixels (high byte first).  framebuf's palette blit does the same a pixel at a
time through generic get/set calls, about 25 ms for the Display Pack's whole frame;
this loop takes under 2.  Viper compiles only where MicroPython has a native emitter
(the rp2 port), so drivers.st7789 is handed this function by the board, and falls back
to the blit elsewhere (the simulator, tests).
"""
import micropython


@micropython.viper
def expand(frame, start: int, count: int, out, table):
    """out's word i = table[frame[start + i]] for i < count (out, table: 4-byte aligned)."""
    src = ptr8(frame)  # type: ignore[name-defined]  # viper's pointer casts are builtins
    dst = ptr32(out)  # type: ignore[name-defined]
    lut = ptr32(table)  # type: ignore[name-defined]
    i = 0
    while i < count:
        dst[i] = lut[src[start + i]]
        i += 1
