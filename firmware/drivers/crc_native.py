"""The game log's CRC-16/CCITT-FALSE (app.ringlog's) in native code: the Python one costs
about 19 us a byte on the RP2040 (a boot checks every record in play, and a new game's
record is 1-2 KB), this one under 1 us.  Viper compiles only where MicroPython has a native
emitter (the rp2 port), so drivers.rawflash hands it to the log, which keeps its own
without it; app.ringlog's crc16_on is the reference, and its nibble table the one both
read; make chip's boots and upgrades read what either wrote."""
import micropython


@micropython.viper
def _on(crc: int, data, n: int, table) -> int:
    p = ptr8(data)  # type: ignore[name-defined]  # viper's pointer casts are builtins
    t = ptr16(table)  # type: ignore[name-defined]
    i = 0
    while i < n:
        b = p[i]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]
        i += 1
    return crc


def crc16_on(crc, data, table):
    """The CRC-16 of bytes whose CRC was crc, and then data (bytes or a memoryview); table:
    the CRC of each 4-bit value, as 16-bit words (an array("H"))."""
    return _on(crc, data, len(data), table)
