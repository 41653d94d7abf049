"""One rule on every screen: a long OK shows the screen's help in words, with the game's
menu under it while a game is on screen; the help's first row and the menu's first row
both on screen; Trainmaker's Tip places the tip's dice in one press, one action one long
BACK takes back."""
import sys

from app.events import DOWN, LONG, OK
from appdriver import Driver
from play_trainmaker import start
from schaffner.rng import Rng
from support import stepped


@stepped
def test_a_long_ok_shows_the_help_and_the_game_menu_under_it():
    d = Driver()
    d.press("LONG_OK").shows("Help", "Hold OK: help")  # the main menu: the help alone
    d.press("BACK").shows("New game")
    yield
    start(d, 2)
    d.press("LONG_OK").shows("Trainmaker", "OK rolls.", "Odds per card")
    assert d.app.top.items[:2] == ["Odds per card", "Roll history"]
    d.press("LONG_OK")  # open already: nothing more
    assert type(d.app.top).__name__ == "GameMenu" and len(d.app.stack) == 3
    d.press("BACK")
    assert type(d.app.top).__name__ == "Table"


@stepped
def test_tip_places_the_tips_dice_in_one_press_undone_in_one():
    # (Trainmaker's odds on the Display Pack do not fit beside a test in MicroPython's
    # capped heap: test_readable says so; CPython checks that screen)
    boards = ((128, 64, False),) if sys.implementation.name == "micropython" else ((128, 64, False), (240, 135, True))
    for w, h, colour in boards:
        d = Driver(rng=Rng(1), width=w, height=h, colour=colour)
        yield
        g = start(d, 2)
        yield
        d.app.do(("roll", "LPPBFCL"))
        d.tick(10)  # the odds, in the polls after the roll
        t = d.app.top
        assert t.ring(t._sync(d.app))[0][t.cur] == "Tip"
        chance, faces, switch = t.odds(d.app, g)
        assert switch is None
        n = len(d.app.session.journal.actions)
        d.press("OK")  # Tip
        acts = d.app.session.journal.actions
        assert len(acts) == n + 1 and acts[-1][0] == "place"
        assert "".join(sorted(g.train())) == "".join(sorted(faces))
        d.press("LONG_BACK")
        assert len(d.app.session.journal.actions) == n and d.app.session.game.phase() == "place"
        yield


@stepped
def test_with_its_code_in_the_file_system_a_game_menu_opens_a_step_a_poll_a_press_meanwhile_opens_it_at_once():
    d = Driver()
    start(d, 2)
    app = d.app
    yield
    sys.modules.pop("app.help", None)  # a long OK's modules not in the heap, as after a boot
    sys.modules.pop("app.trainmaker.game_menu", None)
    assert not app.code_in_flash  # a make deploy install's (Driver's App)
    assert app.handle(OK | LONG) is False and type(app.top).__name__ == "Table"  # nothing to show yet
    assert app.busy() and "app.help" not in sys.modules
    steps = 0
    while not app.tick(0):  # a step a poll: the imports, the help's line, the menu
        steps += 1
        assert type(app.top).__name__ == "Table" and app.busy()
    assert steps >= 3 and "app.trainmaker.game_menu" in sys.modules
    assert type(app.top).__name__ == "GameMenu" and app.opening is None
    app.render()
    assert "Odds per card" in d.text
    d.press("BACK")
    yield
    app.handle(OK | LONG)
    app.tick(0)  # one step of it ...
    app.handle(DOWN)  # ... and a press: the menu opened, and the press its
    assert type(app.top).__name__ == "GameMenu" and app.top.index == 1 and app.opening is None


@stepped
def test_with_its_code_in_flash_a_game_menu_opens_in_the_press():
    d = Driver()
    start(d, 2)
    app = d.app
    app.code_in_flash = True  # a firmware image's
    yield
    assert app.handle(OK | LONG) is True and type(app.top).__name__ == "GameMenu" and app.opening is None
