"""The roster on the gadget (schaffner.roster): saved as the settings are (app.small_saves:
a power cut keeps the old or the new one whole); Settings →
Players to add, rename and remove; and the setup's question of who plays a colour.

A new game asks only when the roster has someone in it (the settings keep how many, so
the setup need not load the roster to know), so a table that plays by colours alone
presses as before and loads none of this.  Names typed during a setup join the roster when the
game starts (App.start_game), so a setup a power cut interrupted replays its presses
onto the roster they were made on.
"""
from app.seats import shown
from app.store import ROSTER, small_values
from app.widgets import Confirm, Menu
from schaffner.roster import MOST, Roster, check

NEW = "New player..."
NOBODY = "Nobody"


def roster(app):
    """The roster, read from the flash the first time it is needed."""
    r = getattr(app, "_roster", None)
    if r is None:
        data = small_values(app)[0].get(ROSTER)
        try:
            r = Roster.from_dict(data) if data is not None else None
        except (ValueError, TypeError):
            r = None
        app._roster = r = r or Roster()
    return r


def save(app):
    r = roster(app)
    app.small_save(ROSTER, r.to_dict())  # off the buttons, as the settings
    if app.settings["players"] != len(r.names):
        app.settings["players"] = len(r.names)
        app.save_settings()


def played(app, players):
    """A game starts with players (a name per seat, "" for none): names typed in its
    setup join the roster, and the order for the next game follows."""
    r = roster(app)
    for name in players:
        if name and r.find(name) < 0:
            r.add(name)
    r.played(players)
    save(app)


class PlayersMenu(Menu):
    """Settings -> Players: the roster as a new game offers it, then "Add player"."""

    def __init__(self):
        Menu.__init__(self, "Players", [], self.pick)

    def _list(self, app):
        self.names = roster(app).ordered()
        self.items = [shown(n, app.ui.cols) for n in self.names] + ["Add player"]

    def draw(self, app, ui):
        self._list(app)
        self.hint = "%d of %d" % (len(self.names), MOST)
        Menu.draw(self, app, ui)

    def handle(self, app, ev):
        self._list(app)
        Menu.handle(self, app, ev)

    def pick(self, app, index):
        if index == len(self.names):
            r = roster(app)
            if len(r.names) >= MOST:
                raise ValueError("The roster is full (%d players): remove one first" % MOST)
            from app.name_entry import NameEntry
            app.push(NameEntry("New player", _added))
            return
        name = self.names[index]
        app.push(Menu(shown(name, app.ui.cols), ["Rename", "Remove"], lambda a, i: _change(a, name, i)))


def _added(app, name):
    roster(app).add(name)
    save(app)
    app.pop()


def _change(app, name, index):
    if index == 0:
        from app.name_entry import NameEntry
        app.replace(NameEntry("Rename", lambda a, new: _renamed(a, name, new), name))
    else:
        app.replace(Confirm("Remove", "Remove %s? Games kept stay." % shown(name, app.ui.cols),
                            lambda a: _removed(a, name)))


def _renamed(app, old, new):
    roster(app).rename(old, new)
    save(app)
    app.pop()


def _removed(app, name):
    roster(app).remove(name)
    save(app)
    app.pop()


def offered(app, taken):
    """The setup's choices for a seat: the roster in its order, less those seated
    already, then a new player and nobody."""
    return [n for n in roster(app).ordered() if n not in taken] + [NEW, NOBODY]


def new_name(app, taken, name):
    """name, if a player typed in a setup may have it: not in the roster, not one
    typed for another seat, and room in the roster for the ones typed; else ValueError."""
    name = check(name)
    r = roster(app)
    if r.find(name) >= 0 or Roster([n for n in taken if n]).find(name) >= 0:
        raise ValueError("%s is in the roster already" % name)
    if len(r.names) + len([n for n in taken if n and r.find(n) < 0]) >= MOST:
        raise ValueError("The roster is full (%d players): remove one first" % MOST)
    return name
