"""The simulated device, run inside the MicroPython WebAssembly runtime by sim.mjs.

Same App as on the Pico, drawn on a frame buffer of the board's format; the
host asks for frames as hex and for the strings that were drawn.
"""
import binascii
import framebuf
import json

from app.app import App
from app.store import FileStore
from app.colours import PALETTE
from schaffner.rng import Rng

_app = None
_buf = None
_width = 0


def boot(width, height, colour, seed):
    global _app, _buf, _width
    _width = width
    if colour:
        _buf = bytearray(width * height // 2)
        canvas = framebuf.FrameBuffer(_buf, width, height, framebuf.GS4_HMSB)
    else:
        _buf = bytearray(width * height // 8)
        canvas = framebuf.FrameBuffer(_buf, width, height, framebuf.MONO_HLSB)
    _app = App(canvas, width, height, FileStore("/data"), Rng(seed), PALETTE if colour else None)
    _app.ui.record()
    _app.render()


def press(ev):
    if _app.handle(ev):
        _app.render()
    _app.flush()  # the save the device writes in the polls after the press


def tick(now_ms):
    """Time passes: the app is ticked until it has no work under way, as the
    device polls again at once while it is busy; True if the screen changed."""
    changed = False
    while True:
        if _app.tick(now_ms):
            changed = True
        if not _app.busy():
            break
    if changed:
        _app.render()
    return changed


def frame():
    """One line for the host: hex of the frame buffer, then the drawn strings as JSON."""
    print("FRAME " + binascii.hexlify(_buf).decode())
    print("TEXT " + json.dumps(_app.ui.drawn))
    print("BEEPS %d" % _app.beeps)
    _app.beeps = 0
