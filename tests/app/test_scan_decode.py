"""The scan screen's code read back by an independent decoder, zxing-cpp (pinned in
requirements-host.txt), from the Display Pack's own pixels at its own resolution:
the frame the app drew, 240x135, each pixel its palette colour's grey, nothing
scaled up.  The decoded text must be the link, and the link's data BG Stats' JSON."""
import json
from urllib.parse import parse_qs, urlparse

from test_scan_code import TWO, kept, scan

CPYTHON_ONLY = "zxing-cpp is a CPython extension"


def pixels(d):
    """The frame as 8-bit grey, row by row (GS4: two pixels a byte, the first high)."""
    from app.colours import PALETTE
    w, h = d.width, d.height
    grey = [(r * 299 + g * 587 + b * 114) // 1000 for r, g, b in PALETTE] + [0] * 4
    out = bytearray(w * h)
    for i in range(w * h):
        byte = d.buf[i >> 1]
        out[i] = grey[byte >> 4 if i % 2 == 0 else byte & 15]
    return memoryview(out).cast("B", (h, w))


def decoded(d):
    import zxingcpp
    found = zxingcpp.read_barcodes(pixels(d), formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, found
    return found[0].text


def test_the_screen_decodes_to_the_link():
    d = scan(kept(240, 135, TWO), "Trainmaker")
    text = decoded(d)
    assert text == d.app.top.link
    data = json.loads(parse_qs(urlparse(text).query)["data"][0])
    assert urlparse(text).netloc == "app.bgstatsapp.com" and urlparse(text).path == "/createPlay.html"
    assert data["sourceName"] == "Schaffner" and data["game"] == {"name": "Trainmaker"}
    assert data["players"] == [{"name": "Red", "score": 7, "winner": True}, {"name": "Blue", "score": 5}]


def test_ticket_to_ride_is_logged_as_ticket_to_ride():
    rec = dict(TWO, g="ttr_austria", w="Blue", p=[["Red", 40, 2], ["Blue", 52, 1]])
    d = scan(kept(240, 135, rec), "TtR")
    data = json.loads(parse_qs(urlparse(decoded(d)).query)["data"][0])
    assert data["game"]["name"] == "Ticket to Ride"  # its id and board only where they fit
    assert data["players"][1] == {"name": "Blue", "score": 52, "winner": True}
