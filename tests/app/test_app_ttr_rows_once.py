"""Ticket to Ride Austria's pages work their rows out once per state of the game: a move
and its frame need none when the game did not change since the page was drawn, the BACK
that leaves needs none, the OK that opens a row needs the row, not the rows' text; an undo
pressed in the same poll as a move is still what the frame shows."""
import sys

from appdriver import Driver
from app.events import BACK, DOWN, LONG
from support import picks, stepped
from test_app_ttr_entry import page, routes


def counted(g, name):
    """g's attribute name (a method, a module's function), counting its calls: returns
    the list the calls go in."""
    calls = []
    was = getattr(g, name)

    def count(*args):
        calls.append(args)
        return was(*args)

    setattr(g, name, count)
    return calls


def red_two_routes(d):
    """A new game, Red's page with two 3-car routes on it: 8 points."""
    yield from page(d, "Red")
    routes(d, 3, 2)
    yield
    d.shows("Routes         8")


@stepped
def test_a_move_works_nothing_out_and_back_only_the_sheet():
    d = Driver()
    yield from red_two_routes(d)
    calls = counted(d.app.session.game, "parts")
    d.press("DOWN", "DOWN", "UP")
    d.shows("Routes         8")
    assert len(calls) == 0  # the page as the game is since it was drawn
    d.press("BACK")
    d.shows("TtR Austria", "Red")
    assert calls == [(0,), (1,), (2,), (3,)]  # the sheet's totals, the page's own points not again


@stepped
def test_ok_makes_the_text_of_the_page_it_opens_only():
    d = Driver()
    yield from page(d, "Red")
    d.press("BACK")
    yield
    d.shows("Ticket draw", "Red")
    sheet = len(d.app.top.items)
    rows = sys.modules["app.ttr_austria.rows"]  # the game's, as imported (games come and go)
    fit = rows.fit
    calls = counted(rows, "fit")
    try:
        d.pick("Blue")  # DOWN, OK
    finally:
        rows.fit = fit
    d.shows("Blue")
    assert sheet == 6
    assert len(calls) == len(d.app.top.items)  # the page's: the sheet's move made none
    yield


@stepped
def test_a_scroll_of_the_breakdown_works_nothing_out():
    d = Driver()
    yield from page(d, "Red")
    routes(d, 1, 1)
    routes(d, 2, 1)
    routes(d, 3, 1)
    yield
    for length in (4, 5, 6, 8):
        routes(d, length, 1)
    yield
    d.press("BACK")
    yield from picks(d, "Ranking", "1 Red")
    d.shows("Red 60", "1-car x1")  # 1 + 2 + 4 + 7 + 10 + 15 + 21
    calls = counted(d.app.session.game, "breakdown")
    d.press("DOWN")
    d.shows("2-car x1")
    assert "1-car" not in d.text
    assert len(calls) == 0  # its lines as they were drawn
    d.press("BACK")
    assert len(calls) == 0
    d.shows("Ranking")


@stepped
def test_an_undo_in_the_poll_of_a_move_is_shown():
    d = Driver()
    yield from red_two_routes(d)
    d.app.handle(DOWN)  # two events in one poll, as the pins' interrupts can bring them
    d.app.handle(BACK | LONG)
    d.app.render()
    d.shows("Undone: Red:", "3-car routes 2", "Routes         0")  # the page under the note
    assert "Routes         8" not in d.text
