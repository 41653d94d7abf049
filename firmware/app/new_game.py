"""A new game's setup: which game, how many play, then each seat's colour and who plays
it (NamePicker).  Loaded when a new game is chosen (app.menus, App's resumed setup)."""
from app import games
from app.colours import NAMES
from app.events import BACK
from app.widgets import Menu, NumberEntry


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


# what the end of the game before may have brought in: its BG Stats code's screen, the
# history's writer
_ENDED = ("app.scan_view", "app.bgstats", "schaffner.qr", "app.history_write", "app.record_files")


def leaving(mod, game_id, in_flash=False):
    """The modules that leave the heap as game game_id (its package: mod) starts
    (App.start_game): the setup's screens, the game's own (its SETUP) with them (the
    roster stays, app.players: what it read, with what it queued to save), and every
    other game's code (games.others): the game it replaces, or one a boot preloaded
    for a save (a session still referred to keeps what it uses); what the end of the
    game before brought in (work queued keeps what it uses); with the code in flash,
    what the game imports when first needed (its LATER), as a game before left it."""
    return ("app.new_game", "app.players", "app.name_entry") + tuple(getattr(mod, "SETUP", ())) + _ENDED + (
        tuple(getattr(mod, "LATER", ())) if in_flash else ()) + tuple(games.others(game_id))


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
