"""Every word readable: the games' end-to-end scripts, with side trips
to the screens they pass by, and the menus, settings, history and About after
them, on a Checked driver (text_check) that checks every frame it draws.

run(script, width, height) is a generator (script: the game's play_<game> module) (a step per group of presses, for
MicroPython's collector) and fails at its end with every problem found, each
with the screen it was first seen on.
"""
from appdriver import Unlogged
from schaffner.rng import Rng
from text_check import Checked


_SHOWN = 25  # problems listed in a failure; the count says how many more


class _Clock:
    """Times for d.tick that only go forward (the scripts' own start at 0)."""
    now = 1 << 24

    def tick(self, d):
        _Clock.now += 1000
        d.tick(_Clock.now)


def _read(d):
    """A TextView worked out in ticks, then every line of it: DOWN to its end, then leave.
    Two polls: a view whose code loads once the hands have left the buttons (widgets.Later)
    loads in the second."""
    _Clock().tick(d)
    _Clock().tick(d)
    top = d.app.top
    for _ in range(len(getattr(top, "lines", ()))):
        d.press("DOWN")
    d.press("BACK")


def _rows(d):
    return len(d.app.top.items)


def _trainmaker_menu(d):
    """The game menu in the middle of a turn: every view it opens, nothing it does."""
    d.press("LONG_OK")
    yield
    for label in ("Odds per card", "Roll history", "Steam Contract"):
        if any(label in s for s in d.app.top.items):
            d.pick(label)
            if label == "Steam Contract":
                d.press("DOWNx8", "OK")  # a need picked: the footer shows it
                d.press("BACK")
            else:
                _read(d)
            yield
    d.pick("Players")
    for i in range(_rows(d)):
        d.press("OK")
        _read(d)
        d.press("DOWN")
        yield
    d.press("BACK", "BACK")  # the game menu, the play screen
    yield


def _taubertal_menu(d):
    """A player's turn menu: the players, the turn order, every building's page."""
    d.pick("Players")
    d.press("DOWNx4", "BACK")
    yield
    d.pick("Turn order")
    d.press("BACK")
    d.pick("Buildings")
    d.press("OK")
    for _ in range(22):
        d.press("DOWN")
    yield
    d.press("BACK", "BACK")
    yield


def _side_trip(game, d, done):
    """The trip to take now, once: when the script stands where it starts."""
    if done:
        return None
    top = d.app.top
    if d.app.message is not None:
        return None
    if game == "trainmaker" and type(top).__name__ == "Table":
        g = d.app.session.game
        if g.phase() == "place" and g.train():
            return _trainmaker_menu(d)
    if game == "taubertal" and type(top).__name__ == "TurnMenu":
        items = getattr(top, "items", None) or ()
        if "Buildings" in items and "End turn" in items:
            return _taubertal_menu(d)
    return None


def _menus(d):
    """From the end of a game: undo and redo's messages, the main menu, Settings
    with all it opens, the History with every game, and a new game of each kind
    set up to its last seat (then left)."""
    d.press("LONG_BACK")  # the last action undone: "Undone: ..."
    yield
    d.press("LONG_OK")  # and redone
    if d.app.message is not None:
        d.press("BACK")
    d.press("BACKx6")
    yield
    if any("Undo last" in s for s in d.app.top.items):
        d.pick("Undo last")
        d.press("BACK")  # no
        yield
    d.pick("Settings")
    d.pick("Contrast")
    d.press("UP", "BACK")
    d.pick("Odds")
    d.pick("Odds")
    d.pick("About")
    _read(d)
    yield
    d.pick("Clear history")
    d.press("UP")  # Yes under the cursor
    d.press("BACK", "BACK")
    yield
    d.pick("History")
    for i in range(_rows(d)):
        d.press("OK")
        _read(d)
        d.press("DOWN")
        yield
    d.press("BACK")
    for i in range(3):
        d.pick("New game")
        d.press("UP", "OK")  # Yes: the game in play is dropped when the new one starts
        yield
        if i:
            d.press("DOWNx%d" % i)
        d.press("OK", "UPx9", "OK")  # the game, the most players
        seats = d.app.top.count
        d.press("OKx%d" % (seats - 1))  # up to the last seat
        yield
        d.press("BACKx%d" % seats)  # seats given back, then the main menu
        yield


def run(mod, width, height):
    game = mod.__name__[5:]
    seed = getattr(mod, "SEED", 1)
    d = Checked(rng=Rng(seed), width=width, height=height, colour=width > 128)
    d.log = Unlogged()  # nothing is replayed: a whole game's record would be heap the Pico never holds
    done = False
    for _ in mod.play(d):
        yield
        trip = _side_trip(game, d, done)
        if trip is not None:
            done = True
            yield from trip
    if game == "trainmaker":
        d.press("OK")  # the winner's screen: the players' cards
        yield
    yield from _menus(d)
    board = "%dx%d" % (width, height)
    if d.found:
        report = d.report(board).split("\n")
        more = len(report) - _SHOWN
        raise AssertionError("%d problems on %s in %d frames:\n%s%s" % (
            len(report), board, d.frames, "\n".join(report[:_SHOWN]),
            "\n... and %d more" % more if more > 0 else ""))
    assert d.frames > 300, "only %d frames drawn" % d.frames
