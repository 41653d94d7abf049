"""The gadget in a web page: firmware/main.py's Device on the virtual board (the page's
/board.py, host_tools/wasm/virtual_board.py), watched by the page.

page.js registers a JavaScript module ``browser`` before anything imports this: show(hex)
puts a frame on its canvas, led(css) lights its LED ("#rrggbb"; "" is off), buzz(hz)
sounds a tone (0: silence), contrast(level) sets the screen's brightness.  It calls boot()
for the board the player picked, then poll() every 10 ms with
the buttons held, as main.run() does on the Pico. A boot while a gadget runs is the
board switch: the running gadget first saves what it still had to write, and if the
player was in the game, the new board's gadget opens the game at once, on the very
play screen the old one showed (what its presses changed there and saved nowhere,
a roll's outcome seen, a cursor, stays: no press is lost or made again), as "Resume
game" does, so the LED and the title bar show who acts, instead of the main menu a
gadget shows at power-up. The screen pushes each new frame to
the page itself; poll() tells the page which button events the app got and the words
drawn on the new frame, for screen readers and the browser test, and when a poll did
work in the background (the app saves in the polls after a press), so the page keeps
its copy of the saves up to date.
"""
import binascii
import gc
import json

import board
import browser  # type: ignore[import-not-found]  # the page's JavaScript
import main
from app.app import SAVE, App
from app.events import name
from app.store import FileStore
from drivers.buttons import Debouncer
from schaffner.rng import Rng

_SAVE_DIR = "/data"  # main.py's, where the page keeps its saves
# what the page says of a save it could not read, as the gadget says "kept in /data/kept1"
DAMAGED = "Saved game damaged or other version: kept aside in this browser."

_device = None
_events = []


class _Buttons(Debouncer):
    """The Pico's debouncer, also noting each event for the page."""

    def update(self, raw, now_ms):
        events = Debouncer.update(self, raw, now_ms)
        for ev in range(8):
            if events >> ev & 1:
                _events.append(name(ev))
        return events


def boot(board_name, seed_hex, unreadable=0):
    """Power on as board_name, the dice seeded from 4 random bytes in hex (main.start's
    os.urandom); return the board's description and the first frame's words as JSON.
    unreadable: how many saved entries the page could not make files of."""
    global _device
    playing = None  # the play screen the player was on
    if _device is not None:
        _device.app.flush()  # nothing the player did is lost in the switch
        if _in_game(_device.app):
            playing = _device.app.stack[1]
    board.use(board_name, _show, _led, browser.buzz, browser.contrast)  # an unknown board is refused before the running gadget goes
    _device = None
    _events.clear()
    gc.collect()
    colours = main.palette()
    display = board.display(colours)
    try:
        seed = int.from_bytes(binascii.unhexlify(seed_hex), "little")
        app = App(display, board.WIDTH, board.HEIGHT, FileStore(_SAVE_DIR), Rng(seed), colours, _today)
        app.resume()  # the saved game built, as main.start does after the first frame
        _damaged(app, unreadable)
        if playing is not None and app.session is not None:
            app.open_game(playing)
        app.ui.record()
        buttons = _Buttons()
        _device = main.Device(display, app, buttons, board.led, board.buzz, board.contrast)
    except Exception as exc:
        main.show_error(display, exc)
        raise
    return json.dumps({
        "board": board.NAME, "width": board.WIDTH, "height": board.HEIGHT,
        "palette": colours, "led": board.led is not None,
        "debounce_ms": buttons.debounce_ms, "long_ms": buttons.long_ms,
        "words": app.ui.drawn,
    })


def _show(buffer):
    browser.show(binascii.hexlify(buffer).decode())


def _led(rgb):
    browser.led("#%02x%02x%02x" % rgb if rgb else "")


def _in_game(app):
    """True when the player is in the game in play: on its play screen, or a screen
    opened from it (not in the main menu, the history, the settings or a new game's
    setup, which comes back by itself)."""
    s = app.session
    if s is None or app.setup_depth or len(app.stack) < 2:
        return False
    return type(app.stack[1]) is type(s.ui.play_screen())


def summary():
    """What the saves put in place, in words, for the page to say after an Open:
    "3 games kept; in play: Trainmaker, Red's turn"."""
    from app.history_view import count
    app = _device.app
    n = count(app.history)
    kept = "%d game%s kept" % (n, "" if n == 1 else "s")
    s = app.session
    if s is None:
        return kept + "; no game in play"
    from app import games
    who = s.ui.acting(s.game)
    turn = ", %s's turn" % s.names[who] if who is not None else ""
    return "%s; in play: %s%s" % (kept, games.title(s.game_id), turn)


def _damaged(app, unreadable):
    """Any saved entry that could not be read gives the gadget's message for a damaged
    save, in the browser's words: an entry that was not a file (the page kept it aside),
    a snapshot the app could not read (it kept it aside in /data/kept<N>), or a game's
    log with no snapshot beside it (kept aside here, as the app keeps a save)."""
    saves = app.saves
    fs = app.store.fs
    orphan = app.session is None and saves.high > 0 and not any(
        fs.exists("%s/%s.%s" % (_SAVE_DIR, SAVE, ext)) for ext in ("new", "json", "bak"))
    if orphan:
        app.store.keep_aside(SAVE, ["%s/%d" % (saves.folder, k) for k in range(8) if fs.exists("%s/%d" % (saves.folder, k))])
        saves.ring = None  # made again, empty, for the next game
    kept = app.message is not None and " kept in %s/kept" % _SAVE_DIR in app.message
    if unreadable or orphan or kept:
        app.notify(DAMAGED)


def _today():
    """The browser's local date and time, (year, month, day, hour, minute): the page's
    clock is always set, where a Pico's may not be (main.today)."""
    return tuple(int(x) for x in browser.now().split(","))


def type_key(ch):
    """A character typed on the keyboard, for a screen that takes typing (the name
    entry: "\n" ends the name); None when the screen takes none (the key is then no
    button either), else what poll() returns."""
    app = _device.app
    top = app.top
    if app.message is not None or not hasattr(top, "type"):
        return None
    try:
        if ch == "\n":
            top.done(app)
        else:
            top.type(app, ch)
    except ValueError as exc:
        app.notify(str(exc.args[0]))
    _device.refresh()
    return json.dumps({"events": [], "words": app.ui.drawn})


def poll(raw, now_ms):
    """One poll of main.run's loop; None when nothing happened, else JSON of the
    events the app got and, if a frame went to the screen, the words on it (the
    device shows a press's frame in the poll that took the press)."""
    try:
        working = _device.busy()
        shown = _device.step(raw, now_ms)
    except Exception as exc:
        main.show_error(_device.display, exc)
        raise
    if not (shown or _events or working):
        return None
    out = json.dumps({"events": _events, "words": _device.app.ui.drawn if shown else None})
    _events.clear()
    return out


def idle():
    """True when no saving waits, not even what the app puts off till the hands are off."""
    return not (_device.app.flash.pending() or _device.busy())


_play_file = None  # the pieces of history.bgsplay still to hand over (play_file_next)


def play_file_start(now):
    """Begin history.bgsplay, BG Stats' play file of the games this browser kept, as
    make export writes it (app.bgsplay); now: the browser's time, "YYYY-MM-DD HH:MM:SS".
    The page then takes its text piece by piece (play_file_next), a game at a time,
    so a long history never sits in the heap whole."""
    global _play_file
    from app.bgsplay import chunks
    from app.history_read import count, read
    _device.app.flush()
    h = _device.app.history
    _play_file = chunks((r for r in (read(h, i) for i in range(count(h))) if r is not None), now)


def play_file_next():
    """The next piece of the play file, or None at its end."""
    global _play_file
    try:
        return next(_play_file)
    except StopIteration:
        _play_file = None
        return None
