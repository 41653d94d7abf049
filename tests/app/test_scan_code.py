"""The scan screen: from History, a kept game as a QR code of its BG Stats link on
the Display Pack, made a slice per poll; words instead where no code fits (the
OLED, a play too long for one code).  The code decoded from the screen's own
pixels: tests/app/test_scan_decode.py."""
import sys

import framebuf

import native_reference
from appdriver import Driver
from support import stepped
from history_steps import old_slot, open_history

from app.colours import BG
from app.events import OK
from app.flash import AFTER_MS

FRESH_HEAP_PER_CASE = True  # the games' scripts and a code: each case a heap of its own


def made(d):
    """Polls until the scan screen's code is made, a step each (the collector runs
    between steps under MicroPython, as between a Pico's polls)."""
    d.app.tick(1 << 22)  # the press's poll
    for _ in range(2000):
        if d.app.tick((1 << 22) + AFTER_MS):  # the hands gone
            d.app.render()
        if not d.app.busy():
            return
        yield

TWO = {"v": 1, "k": 3, "g": "trainmaker", "d": "2026-05-01", "a": 40, "t": 12, "w": "Red", "h": "goods",
       "b": "", "u": "cards", "p": [["Red", 7, 1], ["Blue", 5, 2]]}


def kept(width, height, *recs):
    """A gadget whose history holds recs (oldest first)."""
    import json
    d = Driver(width=width, height=height, colour=width > 128)
    for rec in recs:
        d.fs.append("/data/history.log", old_slot(256, json.dumps(rec, separators=(",", ":"))))
    return d


def scan(d, row):
    """History, the game on row, OK on its result: the scan screen, made."""
    open_history(d)
    d.pick(row)
    d.press("DOWNx9").shows("OK: BG Stats")
    d.press("OK")
    d.tick(1000)  # the press's poll: the hands at the buttons
    d.tick(1000 + AFTER_MS)  # the hands gone: the code made, a step a poll
    return d


def test_a_two_player_game_gets_its_code_on_the_display_pack():
    d = scan(kept(240, 135, TWO), "Trainmaker")
    top = d.app.top
    assert top.code.ready and top.code.version == 10 and top.code.size == 57
    assert top.link.startswith("https://app.bgstatsapp.com/createPlay.html?data=%7B%22sourceName%22:%22Schaffner%22")
    assert "%22name%22:%22Red%22,%22score%22:7,%22winner%22:true" in top.link
    d.shows("Scan with", "BG Stats", "BACK: return")
    d.press("BACK").shows("Game 1", "OK: BG Stats")


class _NativeCanvas(framebuf.FrameBuffer):
    """The Display Pack's canvas as app.scan_view sees it: GS4, its modules drawn by the
    native loop's Python twin (drivers.st7789.modules, drivers.gs4_native.modules)."""

    def __init__(self, buf):
        super().__init__(buf, 240, 135, framebuf.GS4_HMSB)
        self.buf = buf
        self.calls = []

    def modules(self, bits, n, x0, scale, c):
        self.calls.append((n, x0, scale, c))
        native_reference.modules(0, 0, 0, bits, n, self.buf, 120, x0, scale, c)


@stepped
def test_the_native_loop_draws_the_code_as_the_rectangles_do():
    native = _NativeCanvas(bytearray(240 * 135 // 2))  # (16 KB in one piece: before the heap fills)
    d = kept(240, 135, TWO)
    open_history(d)
    d.pick("Trainmaker")
    d.press("DOWNx9", "OK")
    yield
    yield from made(d)
    d.app.render()  # into d.buf: a rectangle a run of dark modules
    d.app.ui.fb = native
    d.app.render()
    assert native.calls == [(57, 10, 2, BG)]  # 130 pixels of 135, in the middle
    assert native.buf == d.buf


def test_the_code_waits_for_the_polls_and_a_press_comes_first():
    d = kept(240, 135, TWO)
    while d.app.busy():  # the main menu's preload (the setup's code: no game in play)
        d.app.tick(0)
    open_history(d)
    d.pick("Trainmaker")
    sys.modules.pop("schaffner.qr", None)
    d.press("OK")
    top = d.app.top
    assert top.code is None  # the press made neither the link nor the code
    assert "schaffner.qr" not in sys.modules  # nor loaded the encoder (its tables: 32 ms on a Pico)
    d.shows("Making", "the code")
    d.app.tick(0)  # the press's poll goes on: its frame first
    for t in range(10, AFTER_MS, 10):  # the hands may still be at the buttons: no import yet
        d.app.tick(t)
        assert not d.app.busy() and not top.begun and top.link is None
    d.app.tick(AFTER_MS)
    assert d.app.busy() and top.link is None  # a poll: the link's module, and no more
    d.app.tick(AFTER_MS)
    assert "schaffner.qr" in sys.modules and top.link is None  # a poll: the encoder's
    d.app.tick(AFTER_MS)
    assert top.link.startswith("https://") and top.code is None
    d.press("BACK").shows("Game 1")
    assert not d.app.busy()


def test_on_a_make_deploy_install_the_poll_after_the_press_imports_the_scan_screen_and_the_next_opens_it():
    d = kept(240, 135, TWO)
    while d.app.busy():
        d.app.tick(0)
    open_history(d)
    d.pick("Trainmaker")
    app = d.app
    sys.modules.pop("app.scan_view", None)
    assert app.handle(OK) is False and "app.scan_view" not in sys.modules  # the press: nothing to show yet
    assert app.tick(0) is False and "app.scan_view" in sys.modules and app.opening is not None
    assert app.tick(0) is True and type(app.top).__name__ == "ScanCode" and app.opening is None
    app.render()
    d.shows("Making", "the code")


def test_four_players_are_too_many_for_one_code():
    rec = dict(TWO, p=[["Red", 7, 1], ["Blue", 5, 2], ["Green", 4, 3], ["Yellow", 2, 4]])
    d = scan(kept(240, 135, rec), "Trainmaker")
    d.shows("4 players: too", "history.bgsplay")


def test_no_version_below_the_least_one_holds_a_link():
    from app.bgstats import LINK
    from app.scan_view import LEAST_VERSION, version_shown
    from schaffner.qr import capacity
    assert capacity(LEAST_VERSION - 1) < len(LINK) <= capacity(LEAST_VERSION)
    assert version_shown(64) == 0 and version_shown(135) == 10


def test_the_oled_says_it_cannot_show_one():
    import sys
    d = kept(128, 64, TWO)
    open_history(d)
    d.pick("Trainmaker")
    d.press("DOWNx9").shows("OK: BG Stats")
    sys.modules.pop("app.bgstats", None)
    sys.modules.pop("schaffner.qr", None)
    d.press("OK").shows("Too small a", "history.bgsplay")  # at once, in the press's own poll
    assert "app.bgstats" not in sys.modules and "schaffner.qr" not in sys.modules  # nor loaded for it
    d.press("BACK").shows("Game 1")


@stepped
def test_trainmaker_won_offers_scan_beside_players():
    import play_trainmaker
    from schaffner.rng import Rng
    d = Driver(rng=Rng(play_trainmaker.SEED))  # the OLED: words, never a code
    yield from play_trainmaker.play(d)
    yield
    top = d.app.top
    while top.ring(d.app.session.game)[0][top.cur] != "Scan":
        d.press("DOWN")
    d.press("OK").shows("Too small a", "history.bgsplay")
    d.press("BACK").shows("wins the game")
