"""Trainmaker on the gadget: the odds line and its cache, undo named on the
screen, a reboot mid-turn, the roll history, the players' statistics."""
import sys

from app.flash import AFTER_MS
from app.trainmaker.draw import pct
from play_trainmaker import Clock, first_roll_steps, to
from schaffner.trainmaker import solver
from support import stepped

FLASH_IN_HEAP_KB = 2  # its cases' saves, 1.8 KB at most (memfiles.py): a Pico keeps them in flash


def _place(d, *positions):
    for k in positions:
        steps = k - d.app.top.cur
        d.press(*(("DOWNx%d" % steps, "OK") if steps > 0 else ("UPx%d" % -steps, "OK") if steps else ("OK",)))
    to(d, "Place")


@stepped
def test_odds_line_for_each_decision_worked_out_once_per_state():
    d, g = yield from first_roll_steps(3)
    yield
    calls = []
    table = d.app.top
    steps = table.odds_steps
    table.odds_steps = lambda game: calls.append(game.phase()) or steps(game)
    odds, choices = solver.odds, solver.choices
    # the press that entered the last card drew at once; the next polls work the odds out
    d.shows("Red", "Card ...")
    d.tick(10)
    yield  # the polls' garbage goes before the test works the odds out itself
    d.shows("Red", "Card " + pct(odds(g)[0]))
    yield
    d.press("DOWN", "UP", "DOWN")
    d.tick(20).tick(30)
    assert calls == ["roll"]  # once for this state
    yield
    d.app.do(("roll", "LPBFFFF"))
    d.press("UP")
    d.shows("Tip ...")
    yield  # the roll's garbage goes before the solver's polls, as between a Pico's polls
    yield from d.polls(40)
    best = choices(g)[0]  # one Locomotive, the Passenger Car and the Boxcar
    assert best[1] == "LPB" and best[2] is None
    d.shows("Tip LPB", pct(best[0]))
    assert calls == ["roll", "place"]
    yield
    _place(d, 0, 1, 2)
    d.tick(50)
    o = odds(g)
    # four dice to re-roll: derail only when all four show a Locomotive, (1/3)**4
    assert o[2] == (1 / 3) ** 4
    d.shows("Card " + pct(o[0]), "Derail risk 1%")
    assert calls == ["roll", "place", "after_place"]
    yield
    d.press("LONG_OK")
    d.pick("Odds per card")
    d.shows("Odds", "Working ...")
    assert d.app.ticking()
    d.tick(60)
    d.shows("Odds", "Any card", "PB coal", "BBF corn", "PPF mail", "Derail next")
    assert not d.app.ticking()
    yield
    d.press("OK", "BACK", "BACK")  # the odds, the game menu, the play screen
    d.pick("Settings")
    d.pick("Odds")
    d.press("BACK")
    d.pick("Resume game")
    d.tick(70)
    d.shows("train LPB", "Re-roll: 1+ die", "Stop: no card")
    assert "Score" not in d.text


@stepped
def test_odds_in_slices_never_hold_a_press():
    d, g = yield from first_roll_steps(3)
    app = d.app
    t = app.top
    yield
    assert app.tick(10) is False and app.busy()  # under way, nothing new to draw yet
    d.press("LONG_OK")  # handled at once, between two slices
    assert type(app.top).__name__ == "GameMenu" and t.odds(app, g) is None
    d.press("BACK").shows("Card ...")
    ticks = 1
    while True:
        ticks += 1
        changed = app.tick(20)
        yield
        if not t.busy(app):  # the odds are known (the app may load code after them)
            break
    assert changed and ticks > 5  # a few milliseconds a poll
    app.render()
    d.shows("Card " + pct(solver.odds(g)[0]))
    assert app.top is t  # the presses still count
    yield
    d.press("UP", "OK")  # Roll at once: the tip is worked out while the dice tumble
    now = 1000
    busy = 0
    while t._rolling():
        app.tick(now)
        working = app.busy()
        busy += working
        now += 2 if working else 10  # the device polls again at once while busy
    assert busy and t.odds(app, g) is not None  # known when the dice stop
    app.render()
    d.shows("Tip ")


@stepped
def test_undo_names_what_was_undone():
    d, _ = yield from first_roll_steps(3, odds=False)
    yield
    d.press("LONG_BACK")
    d.shows("Undone: Card PPF mail")
    d.press("OK")
    d.shows("City card 3/3")
    d.press("UPx2", "OK", "OK", "UP", "OK", "DOWNx4", "OK")  # PPF mail again
    yield
    d.press("OK")  # Roll 7
    faces = d.app.session.game.faces()
    assert len(faces) == 7
    Clock().settle(d)
    yield
    d.press("LONG_BACK")
    d.shows("Undone: Red rolled " + faces)
    assert d.app.session.game.phase() == "roll"
    yield
    d.press("OK")
    d.app.do(("roll", "LPBFFFF"))
    d.app.render()
    _place(d, 0, 1)
    yield
    d.press("LONG_BACK")
    d.shows("Undone: Red placed 2 dice")
    d.press("OK")
    d.shows("dice LPBFFFF")


@stepped
def test_reboot_mid_turn_resumes_exactly():
    d, _ = yield from first_roll_steps(5, 3)
    yield
    d.press("OK")  # Roll 7; the power goes before the dice stop tumbling
    faces = d.app.session.game.faces()
    saved = d.app.session.game.to_dict()
    yield
    d.boot()
    d.shows("Trainmaker", "Resume game")
    d.pick("Resume game")
    g = d.app.session.game
    assert g.to_dict() == saved and g.faces() == faces
    d.shows("dice " + faces, "Place")
    yield
    d.press("LONG_BACK")  # undo reaches back across the reboot
    d.shows("Undone: Red rolled " + faces)
    assert d.app.session.game.phase() == "roll"


@stepped
def test_reboot_after_placing_resumes_the_same_screen():
    d, g = yield from first_roll_steps(5, 3)
    yield
    d.app.do(("roll", "LPBFFFF"))
    d.app.render()
    _place(d, 0, 1)
    before = d.text
    saved = g.to_dict()
    d.power_off()  # the old app's heap goes before the new one's comes, as on a Pico
    yield
    d.boot()
    yield  # the boot's garbage goes before the first press, as between a Pico's polls
    d.pick("Resume game")
    assert d.app.session.game.to_dict() == saved
    assert d.text == before
    d.shows("train LP", "Roll 5")


@stepped
def test_roll_history_newest_first_with_derails_marked():
    d, _ = yield from first_roll_steps(3, odds=False)
    yield
    d.app.do(("roll", "LPBFFFF"))
    d.app.do(("switch", 6, "B"))
    d.app.do(("place", [0, 1]))
    d.app.do(("roll", "LLLLL"))  # Red derails
    d.app.do(("roll", "PPBFCLC"))  # Blue
    d.press("LONG_OK")
    d.pick("Roll history")
    d.shows("Reading ...")
    # the menu's code leaves the heap before the history's comes in, in a poll once the
    # hands have left the buttons (AFTER_MS): an import from littlefs holds its poll
    assert "app.trainmaker.game_menu" not in sys.modules
    assert "app.trainmaker.rolls" not in sys.modules and d.app.ticking()
    d.tick(100)  # the poll after the press: the hands are at the buttons
    d.tick(100 + AFTER_MS - 10)
    assert "app.trainmaker.rolls" not in sys.modules and not d.app.busy()
    d.shows("Reading ...")
    d.tick(100 + AFTER_MS)
    assert "app.trainmaker.rolls" in sys.modules
    for t in range(1, 8):
        d.tick(100 + AFTER_MS + t * 10)
    d.shows("Last rolls")
    assert d.app.top.lines == ["x = derailed", "Blue PPBFCLC", "Red LLLLL x", "Red LPBFFFF"]
    assert not d.app.ticking()  # read: the idle pace of the polls will do
    yield
    d.press("OK")
    d.pick("Players")
    d.shows("Players", "Red", "0 cards", "Blue")
    d.press("OK")
    d.shows("Red", "Rolls", "2", "Derails", "1", "Trains", "Cards")
    assert "Switch      used" in d.app.top.lines
    lines = d.app.top.lines
    assert lines[-4:] == ["Lacks passengers", "coal cattle corn", "mail timber", "Terminals wild"]
    d.press("DOWNx9")
    d.shows("Terminals wild")


def test_describe_and_acting_without_the_screen():
    from app import trainmaker as ui
    from schaffner.trainmaker.game import Game
    names = ["Red", "Blue"]
    g = Game.new(2)
    assert ui.describe(("roll", "LPBFCLL"), names, g) == "Red rolled LPBFCLL"
    assert ui.describe(("place", [0]), names, g) == "Red placed 1 die"
    assert ui.describe(("score", 1), names, g) == "Red scored a card"
    assert ui.describe(("steam_card", "PB", "coal"), names, g) == "Steam drew PB coal"
    assert ui.describe(("stop",), names, g) == "Red stopped"
    assert ui.acting(g) == 0
    g.apply(("declare",))
    assert ui.acting(g) is None
