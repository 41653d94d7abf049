"""One rule on every screen: a long OK shows the screen's help in words, with the game's
menu under it while a game is on screen; the help's first row and the menu's first row
both on screen; Trainmaker's Tip places the tip's dice in one press, one action one long
BACK takes back."""
import sys

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
