"""The app: a stack of screens, the game in play, saving after every action, undo.

Driven by logical button events (app.events); draws onto the canvas it is
handed (app.ui); never touches pins or clocks: time comes in through tick().
"""
import gc

from app import games
from app.events import BACK, LONG
from app.storage import FileStore
from app.ui import Ui, colour_of, wrap
from app.widgets import Confirm, Menu, NumberEntry, TextView
from schaffner import VERSION
from schaffner.journal import Journal

SAVE = "game"
SETTINGS = "settings"
DEFAULT_SETTINGS = {"contrast": 6, "odds": True, "sound": True}


class App:
    def __init__(self, canvas, width, height, storage, rng, palette=None):
        self.ui = Ui(canvas, width, height, colour=palette is not None)
        self.palette = palette
        self.store = storage if storage is not None else FileStore("/data")
        self.rng = rng
        self.settings = dict(DEFAULT_SETTINGS)
        saved, _ = self.store.load(SETTINGS)
        if isinstance(saved, dict):
            for k in DEFAULT_SETTINGS:
                if type(saved.get(k)) is type(DEFAULT_SETTINGS[k]):
                    self.settings[k] = saved[k]
        self.session = None
        self.message = None
        self.beeps = 0
        # while a new game is being set up (screens from this depth up), long BACK
        # must not undo the previous game's last action
        self.setup_depth = 0
        self.stack = []
        session, fell_back = self.store.load(SAVE, games.Session.from_dict)
        self.session = session
        if fell_back:
            self.notify("The last save was damaged." + (" Restored the one before." if session else " No game to resume."))
        self.stack.append(MainMenu())
        self.dirty = True

    # --- screens -------------------------------------------------------
    def push(self, screen):
        self.stack.append(screen)

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()

    def replace(self, screen):
        self.stack[-1] = screen

    def home(self):
        del self.stack[1:]

    @property
    def top(self):
        return self.stack[-1]

    def notify(self, text):
        """A boxed message over the screen; the next button only dismisses it."""
        self.message = text

    def beep(self):
        if self.settings["sound"]:
            self.beeps += 1

    # --- events ----------------------------------------------------------
    def handle(self, ev):
        """One button event; returns True when the screen changed."""
        if self.message is not None:
            self.message = None
            return True
        if self.setup_depth and len(self.stack) < self.setup_depth:
            self.setup_depth = 0
        try:
            if ev == BACK | LONG and self.session is not None and len(self.stack) > 1 and not self.setup_depth:
                self.undo()
            else:
                self.top.handle(self, ev)
        except ValueError as exc:
            self.notify(str(exc.args[0]) if exc.args else "Not allowed")
        return True

    def tick(self, now_ms):
        """Animations: the top screen may change with time alone."""
        t = getattr(self.top, "tick", None)
        return bool(t and t(self, now_ms))

    def render(self):
        ui = self.ui
        ui.clear()
        self.top.draw(self, ui)
        if self.message is not None:
            self._draw_message(ui, self.message)
        self.dirty = False

    def _draw_message(self, ui, text):
        lines = wrap(text, ui.cols - 1)[: ui.rows + 1]
        h = len(lines) * ui.pitch + 6
        y = max(0, (ui.h - h) // 2)
        ui.fb.fill_rect(0, y, ui.w, h, 0)
        ui.fb.rect(0, y, ui.w, h, 1)
        for i, s in enumerate(lines):
            ui.text(s, 4, y + 3 + i * ui.pitch)

    # --- the game in play --------------------------------------------------
    def start_game(self, game_id, names, base):
        mod = games.module(game_id)
        self.session = games.Session(game_id, names, Journal(mod.game_class(), base))
        self.setup_depth = 0
        self.save()
        self.home()
        self.push(mod.play_screen())

    def _playing(self):
        s = self.session
        if s is None:
            raise ValueError("No game in play")
        return s

    def do(self, action):
        """Apply one action to the game and save; a ValueError changes nothing."""
        self._playing().journal.do(action)
        self.save()

    def undo(self):
        s = self.session
        if s is None or not s.journal.can_undo():
            raise ValueError("Nothing to undo")
        action = s.journal.undo()
        self.save()
        self.notify("Undone: " + s.ui.describe(action, s.names, s.game))

    def save(self):
        try:
            self.store.save(SAVE, self._playing().to_dict())
        except OSError:
            # the action stands; the player must know it will not survive a power cut
            self.notify("Could not save! Storage full or damaged.")
        gc.collect()

    def save_settings(self):
        self.store.save(SETTINGS, self.settings)

    def led(self):
        """(r, g, b) of the player who acts now, for a board's RGB LED; None when nobody does."""
        s = self.session
        if s is None or self.palette is None or len(self.stack) < 2:
            return None
        who = s.ui.acting(s.game)
        if who is None:
            return None
        return self.palette[colour_of(s.names[who])]


# --- the menus every game shares ---------------------------------------------

class MainMenu(Menu):
    def __init__(self):
        Menu.__init__(self, "Schaffner", [], self.pick)

    def _entries(self, app):
        e = []
        if app.session is not None:
            e.append(("Resume game", self.resume))
        e.append(("New game", self.new_game))
        if app.session is not None and app.session.journal.can_undo():
            e.append(("Undo last", self.undo))
        e.append(("Settings", self.settings))
        e.append(("About", self.about))
        return e

    def draw(self, app, ui):
        self.items = [label for label, _ in self._entries(app)]
        # the title bar names the game in play, so "Resume game" needs no more room
        s = app.session
        self.title = "Schaffner" if s is None else games.TITLES[games.IDS.index(s.game_id)]
        Menu.draw(self, app, ui)

    def handle(self, app, ev):
        if ev == BACK:
            return
        self.items = [label for label, _ in self._entries(app)]
        Menu.handle(self, app, ev)

    def pick(self, app, index):
        self._entries(app)[index][1](app)

    def resume(self, app):
        app.push(app.session.ui.play_screen())

    def new_game(self, app):
        app.setup_depth = 2
        if app.session is None:
            app.push(Menu("New game", list(games.TITLES), pick_game))
        else:
            app.push(Confirm("New game", "Start a new game? The game in play is dropped.",
                             lambda a: a.replace(Menu("New game", list(games.TITLES), pick_game))))

    def undo(self, app):
        app.undo()

    def settings(self, app):
        app.push(SettingsMenu())

    def about(self, app):
        gc.collect()
        app.push(TextView("About", [
            "Schaffner " + VERSION,
            "Railway board",
            "game helper",
            "Free %d KB" % (gc.mem_free() // 1024),
            "Used %d KB" % (gc.mem_alloc() // 1024),
        ]))


def pick_game(app, index):
    lo, hi = games.PLAYERS[index]
    game_id = games.IDS[index]
    app.replace(NumberEntry(games.TITLES[index], "Players", max(lo, 2), lo, hi,
                            lambda a, n: a.replace(NamePicker(game_id, n))))


class NamePicker(Menu):
    """Each seat in turn, clockwise from the start player, picks a colour/name."""

    def __init__(self, game_id, count):
        self.game_id = game_id
        self.count = count
        self.chosen = []
        Menu.__init__(self, "", [], self.pick)
        self._refresh()

    def _refresh(self):
        self.items = [n for n in games.NAMES if n not in self.chosen]
        self.title = "Start player" if not self.chosen else "Seat %d of %d" % (len(self.chosen) + 1, self.count)
        self.index = 0

    def pick(self, app, index):
        self.chosen.append(self.items[index])
        if len(self.chosen) < self.count:
            self._refresh()
            return
        try:
            games.module(self.game_id).setup(app, list(self.chosen))
        except ValueError:
            self.chosen.pop()
            raise

    def handle(self, app, ev):
        if ev == BACK and self.chosen:
            self.chosen.pop()
            self._refresh()
        else:
            Menu.handle(self, app, ev)

    def draw(self, app, ui):
        self.hint = "then clockwise" if not self.chosen else "after " + self.chosen[-1]
        Menu.draw(self, app, ui)


class SettingsMenu(Menu):
    def __init__(self):
        Menu.__init__(self, "Settings", [], self.pick)

    def draw(self, app, ui):
        s = app.settings
        self.items = ["Contrast %d/10" % s["contrast"], "Odds " + ("on" if s["odds"] else "off"),
                      "Sound " + ("on" if s["sound"] else "off")]
        Menu.draw(self, app, ui)

    def pick(self, app, index):
        s = app.settings
        if index == 0:
            app.push(NumberEntry("Contrast", "Display contrast", s["contrast"], 1, 10, set_contrast))
            return
        key = ("odds", "sound")[index - 1]
        s[key] = not s[key]
        app.save_settings()


def set_contrast(app, value):
    app.settings["contrast"] = value
    app.save_settings()
    app.pop()
