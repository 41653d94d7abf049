"""The QR encoder's codes read back by an independent decoder, zxing-cpp (pinned in
requirements-host.txt): every length from 1 byte to version 10's 271, every mask,
bytes of every value, drawn at 2 pixels a module inside a 4-module quiet zone."""
import random

from schaffner import qr

CPYTHON_ONLY = "zxing-cpp is a CPython extension"


def read(code, scale=2, quiet=4):
    import zxingcpp
    n = code.size
    w = (n + 2 * quiet) * scale
    img = bytearray(b"\xff" * w * w)
    for y in range(n):
        for x in range(n):
            if code.dark(x, y):
                for dy in range(scale):
                    at = ((y + quiet) * scale + dy) * w + (x + quiet) * scale
                    img[at:at + scale] = b"\x00" * scale
    found = zxingcpp.read_barcodes(memoryview(img).cast("B", (w, w)), formats=zxingcpp.BarcodeFormat.QRCode)
    return found[0].bytes if len(found) == 1 else None


def test_every_length_decodes():
    rnd = random.Random(27)
    for n in range(1, qr.capacity(10) + 1):
        data = bytes(rnd.randrange(32, 127) for _ in range(n))
        assert read(qr.make(data)) == data, n


def test_every_mask_and_every_byte_value_decode():
    rnd = random.Random(18004)
    for mask in range(8):
        for n in (1, 17, 18, 106, 107, 230, 231, 271):
            data = bytes(rnd.randrange(256) for _ in range(n))
            code = qr.make(data, mask)
            assert code.mask == mask and read(code) == data, (mask, n)
