"""Ticket to Ride Austria on the gadget, end to end: a whole 4-player scoring
by button presses (play_ttr_austria.py holds the presses and the hand
computation), on the 128x64 screen and on the 240x135 one."""
from appdriver import Driver
from play_ttr_austria import RANKING, TOTALS, play


def _squash(text):
    return " ".join(text.split())


def _run(d):
    for expect in play(d):
        shown = _squash(d.text)  # columns differ by screen: compare words, not padding
        for part in expect:
            assert _squash(part) in shown, "%r not on screen: %s" % (part, shown)
        yield
    g = d.app.session.game
    assert tuple(g.totals()) == TOTALS
    assert [tuple(r) for r in g.ranking()] == list(RANKING)
    assert g.tickets(0) == [(12, True), (8, True), (5, False)]  # the +7 was removed
    assert g.penalties(1) == (14,)
    assert g.routes(0) == (1, 0, 2, 3, 0, 1, 0, 0)
    assert (g.stations_left(0), g.stations_left(1), g.stations_left(2)) == (1, 3, 0)


def test_full_scoring_on_128x64_by_presses():
    return _run(Driver())


def test_full_scoring_on_240x135_by_presses():
    return _run(Driver(width=240, height=135, colour=True))
