"""Trainmaker's roll history replays the game beside the one in play: the table's
solver makes room for it, and the odds are as before when the table comes back."""
import sys

from app.events import OK
from app.flash import AFTER_MS
from app.trainmaker.draw import pct
from appdriver import Driver
from play_trainmaker import start_steps
from schaffner.rng import Rng
from schaffner.trainmaker import solver
from support import stepped

CARDS = (("PB", "coal"), ("BBF", "corn"), ("PPF", "mail"))


def table_with_odds():
    """Steps to a two-player game's table with its first roll's odds shown and its solver
    kept; returns (driver, game, table, the odds' line)."""
    d = Driver(rng=Rng(3))
    yield
    g = yield from start_steps(d, 2, cards=CARDS)
    table = d.app.top
    d.tick(10)
    yield
    line = "Card " + pct(solver.odds(g)[0])
    d.shows("Red", line)
    assert table.sv is not None
    return d, g, table, line


@stepped
def test_the_roll_history_takes_the_solvers_room_and_the_odds_come_back():
    d, g, table, _ = yield from table_with_odds()
    d.app.do(("roll", "LPBFFFF"))
    d.press("UP")
    d.tick(20)
    yield
    best = solver.choices(g)[0]
    d.shows("Tip " + best[1], pct(best[0]))
    d.press("LONG_OK")
    d.pick("Roll history")
    d.tick(30)
    d.tick(30 + AFTER_MS)  # the hands left the buttons: the history's code comes
    assert table.sv is None and table.work is None  # gone before the replay's game is made
    for t in range(4, 9):
        d.tick(AFTER_MS + t * 10)
    d.shows("Last rolls", "Red LPBFFFF")
    yield
    d.app.handle(OK)  # back to the game menu: the history's code leaves before the menu's comes
    assert "app.trainmaker.rolls" not in sys.modules and "app.trainmaker.game_menu" not in sys.modules
    d.app.opened()
    d.app.render()
    d.shows("Trainmaker", "Roll history")
    d.press("BACK")  # the table as it was
    d.shows("Tip " + best[1], pct(best[0]))
    assert table.sv is None  # the state's odds were kept, nothing worked out again
    yield
    d.app.do(("place", [0, 1, 2]))  # the next state's odds from a new solver
    d.press("UP")
    d.tick(100).tick(110)
    o = solver.odds(g)
    d.shows("Card " + pct(o[0]))
    assert table.sv is not None


@stepped
def test_a_screen_over_the_table_takes_its_solvers_room():
    d, g, table, odds = yield from table_with_odds()
    d.press("LONG_OK")  # the help with the game's menu
    d.shows("Trainmaker", "Odds per card")
    assert table.sv is None
    d.press("BACK")
    d.shows("Red", odds)  # the state's odds were kept
    assert table.sv is None and not table.busy(d.app)
