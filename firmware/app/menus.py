"""The menus every game shares: the main menu, choosing a game and its players, settings
(with clearing the history, and About)."""
import gc

from app import games
from app.colours import NAMES
from app.events import BACK, OK
from app.widgets import Confirm, Menu, NumberEntry, TextView


class MainMenu(Menu):
    PAGES = False  # the title bar names the game in play, and needs the room

    def __init__(self):
        # the one rule said where every session starts
        Menu.__init__(self, "Schaffner", [], self.pick, hint="Hold OK: help")

    def _entries(self, app):
        e = []
        if app.session is not None:
            e.append(("Resume game", self.resume))
        e.append(("New game", self.new_game))
        if app.session is not None and app.session.journal.can_undo():
            e.append(("Undo last", self.undo))
        if app.session is not None and app.session.journal.undone:
            e.append(("Redo last", self.redo))
        e.append(("History", self.history))
        e.append(("Settings", self.settings))
        return e

    def draw(self, app, ui):
        self.items = [label for label, _ in self._entries(app)]
        # the title bar names the game in play, so "Resume game" needs no more room
        s = app.session
        self.title = "Schaffner" if s is None else games.title(s.game_id)
        Menu.draw(self, app, ui)

    def handle(self, app, ev):
        if ev == BACK:
            return
        self.items = [label for label, _ in self._entries(app)]
        Menu.handle(self, app, ev)

    def pick(self, app, index):
        self._entries(app)[index][1](app)

    def resume(self, app):
        app.open_game(app.session.ui.play_screen())

    def new_game(self, app):
        app.setup_depth = 2
        if app.session is None:
            choose_game(app)
        else:
            app.push(Confirm("New game", "Start a new game? The one in play is dropped.",
                             lambda a: choose_game(a, True)))

    def undo(self, app):
        # a menu press takes nothing back before it has said what (OK then does)
        s = app.session
        j = s.journal
        app.notify("Take back %s?\nOK: yes" % s.ui.describe(j.actions[-1], s.names, j.before_last()), OK,
                   lambda a: a.undo())

    def redo(self, app):
        s = app.session
        app.notify("Do again: %s?\nOK: yes" % s.ui.describe(s.journal.undone[-1], s.names, s.game), OK,
                   lambda a: a.redo())

    def history(self, app):
        from app.history_view import HistoryList
        app.push(HistoryList(app))

    def settings(self, app):
        app.push(SettingsMenu())

# make deploy's version stamp: in the slot the launcher made the current folder
STAMP = "version.json"


def version_lines(fs):
    """What About says of the version and where the running code came from: the stamp
    make deploy wrote into the slot, else the one frozen into a firmware image (package
    version, git commit, "dirty" for uncommitted changes); without one (the simulator, a
    mip install, a damaged stamp) it says it does not know: the version is package.json's
    alone, which the gadget never reads."""
    s, source = _stamp(fs)
    try:
        lines = ["Schaffner " + s["version"]]
        if s.get("commit"):
            lines.append(s["commit"] + (" dirty" if s.get("dirty") else ""))
        return lines + [source]
    except (KeyError, TypeError, AttributeError):
        return ["Schaffner", "version unknown"]


def _stamp(fs):
    """(the running code's stamp, how it got onto the Pico or that it runs in the
    browser), (None, None) without one."""
    try:
        s = fs.read_json(STAMP)
    except (OSError, ValueError):
        pass
    else:
        # the web page's image carries a stamp for the board "browser" (host_tools/web)
        return s, "in the browser" if isinstance(s, dict) and s.get("board") == "browser" else "via make deploy"
    try:
        from firmware_stamp import STAMP as frozen  # type: ignore[import-not-found]  # make firmware's
    except ImportError:
        return None, None
    return frozen, "flashed firmware"


def choose_game(app, replace=False):
    """The game menu, the setup's first screen: from here on its presses are saved
    (App.setup_log), so a power cut resumes the setup where it was."""
    m = Menu("New game", [g[1] for g in games.GAMES], pick_game)
    if replace:
        app.replace(m)
    else:
        app.push(m)
    app.setup_log = []
    app.seating = None  # who plays each colour: the name picker's, once it is done


def pick_game(app, index):
    game_id, title, lo, hi = games.GAMES[index]
    app.preload(game_id)  # its code loads while the players are entered
    app.replace(NumberEntry(title, "Players", max(lo, 2), lo, hi,
                            lambda a, n: a.replace(NamePicker(game_id, n))))


class NamePicker(Menu):
    """Each seat in turn, clockwise from the start player, picks a colour, then, when
    the roster has someone, who plays it (app.players): a name, a new player, or
    nobody (the colour plays as itself)."""

    def __init__(self, game_id, count):
        self.game_id = game_id
        self.count = count
        self.chosen = []  # the colours, in seat order
        self.people = []  # who plays each ("": nobody), as far as asked
        self.asking = False  # for the last colour chosen: who plays it
        Menu.__init__(self, "", [], self.pick)
        self._refresh()

    def _refresh(self, app=None):
        self.index = 0
        if self.asking:
            from app.players import offered
            from app.seats import shown
            self.offer = offered(app, self.people)
            self.items = [shown(n, app.ui.cols) for n in self.offer]
            self.title = "Who is %s?" % self.chosen[-1]
            return
        self.items = [n for n in NAMES if n not in self.chosen]
        self.title = "Who starts?" if not self.chosen else "Seat %d of %d" % (len(self.chosen) + 1, self.count)

    def pick(self, app, index):
        if self.asking:  # the roster's names, then New player..., then Nobody (a name may be "Nobody")
            last = len(self.offer) - 1
            if index == last - 1:
                from app.name_entry import NameEntry
                app.push(NameEntry("Who is %s?" % self.chosen[-1], self._typed))
                return
            self._seat(app, "" if index == last else self.offer[index])
            return
        self.chosen.append(self.items[index])
        if app.settings["players"]:
            self.asking = True
            self._refresh(app)
        else:
            self._seat(app, "")

    def _typed(self, app, name):
        from app.players import new_name
        name = new_name(app, self.people, name)
        app.pop()
        self._seat(app, name)

    def _seat(self, app, who):
        self.people.append(who)
        self.asking = False
        if len(self.chosen) < self.count:
            self._refresh()
            return
        app.seating = list(self.people)
        try:
            games.module(self.game_id).setup(app, list(self.chosen))
        except ValueError:
            self.chosen.pop()
            self.people.pop()
            app.seating = None
            raise

    def handle(self, app, ev):
        if ev == BACK and self.chosen:  # back to the colour of this seat, or of the one before
            if self.asking:
                self.asking = False
            else:
                self.people.pop()
            self.chosen.pop()
            self._refresh()
        else:
            Menu.handle(self, app, ev)

    def draw(self, app, ui):
        if self.asking:
            self.hint = ""
        else:
            self.hint = "then clockwise" if not self.chosen else "after " + self.chosen[-1]
        Menu.draw(self, app, ui)


class SettingsMenu(Menu):
    def __init__(self):
        Menu.__init__(self, "Settings", [], self.pick)

    def draw(self, app, ui):
        s = app.settings
        self.items = ["Contrast %d/10" % s["contrast"], "Odds " + ("on" if s["odds"] else "off"),
                      "Sound " + ("on" if s["sound"] else "off"),
                      "Undo clear" if app.history.cleared else "Clear history", "About", "Players"]
        Menu.draw(self, app, ui)

    def pick(self, app, index):
        s = app.settings
        if index == 0:
            app.push(NumberEntry("Contrast", "Screen contrast", s["contrast"], 1, 10, set_contrast))
            return
        if index == 3:
            from app.history_view import clear_history
            clear_history(app)
            return
        if index == 4:
            about(app)
            return
        if index == 5:
            from app.players import PlayersMenu
            app.push(PlayersMenu())
            return
        key = ("odds", "sound")[index - 1]
        s[key] = not s[key]
        app.save_settings()


def about(app):
    gc.collect()
    app.push(TextView("About", version_lines(app.store.fs) + [
        "Railway games",
        "Free %d KB" % (gc.mem_free() // 1024),
        "Used %d KB" % (gc.mem_alloc() // 1024),
    ]))


def set_contrast(app, value):
    app.settings["contrast"] = value
    app.save_settings()
    app.pop()
