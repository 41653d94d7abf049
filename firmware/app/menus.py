"""The main menu, the first screen.  What it opens lives apart and loads when opened:
a new game's setup (app.new_game), Settings and About (app.settings_menu), the
history (app.history_view); so a game's screens do not keep them in the heap."""
from app import games
from app.events import BACK, OK
from app.widgets import Confirm, Menu


class MainMenu(Menu):
    PAGES = False  # the title bar names the game in play, and needs the room

    def __init__(self):
        # the one rule said where every session starts
        Menu.__init__(self, "Schaffner", [], self.pick, hint="Hold OK: help")

    def _entries(self, app):
        # what the save says of the game (app.in_play()): a boot's first frame does not wait
        # for the game's rules
        g = app.in_play()
        e = []
        if g is not None:
            e.append(("Resume game", self.resume))
        e.append(("New game", self.new_game))
        if g is not None and g[1]:
            e.append(("Undo last", self.undo))
        if g is not None and g[2]:
            e.append(("Redo last", self.redo))
        e.append(("History", self.history))
        e.append(("Settings", self.settings))
        return e

    def draw(self, app, ui):
        self.items = [label for label, _ in self._entries(app)]
        # the title bar names the game in play, so "Resume game" needs no more room
        g = app.in_play()
        self.title = "Schaffner" if g is None else games.title(g[0])
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
            from app.new_game import choose_game  # (App preloads it while no game is in play)
            choose_game(app)
        else:
            # the setup's code loads while the question is read, and leaves with a No
            app.loading.append("app.new_game")
            app.push(Confirm("New game", "Start a new game? The one in play is dropped.",
                             _new_game, on_no=_keep_game))

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
        h = app.history
        if h.owing is not None:  # the game that just ended, which the list shows
            app.hurry(h.owing)
        app.push(HistoryList(app))

    def settings(self, app):
        app.open(_settings(app))


def _settings(app):  # (App.open) its code, then the history, which it asks whether a clear can be undone
    from app.settings_menu import SettingsMenu
    yield
    yield app.history  # made in a step of its own: it looks for files
    app.push(SettingsMenu())


def _new_game(app):
    from app.new_game import choose_game
    choose_game(app, True)


def _keep_game(app):
    app.unload("app.new_game")
