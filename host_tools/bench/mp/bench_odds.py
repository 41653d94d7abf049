"""Trainmaker odds workloads for the speed bench (runs under MicroPython).

cases() gives (label, callable) pairs; every call starts cold (new solvers,
empty memo), as when the app asks after a button press.  Typical City
cards at the table need two or three rolling stock.
"""
from schaffner.trainmaker import Game, choices, odds

_CARDS = (("PB", "cattle"), ("BBF", "coal"), ("PPF", "mail"))
_HARDEST = (("PPPB", "wild"), ("BBFF", "wild"), ("PFFF", "wild"))  # the hardest found: 561 ms on a Pico when first measured


def _game(cards):
    g = Game.new(2)
    for needs, goods in cards:
        g.apply(("card", needs, goods))
    if g.phase() == "cards":
        g.apply(("deck_empty",))
    return g


def _mid(cards):
    """Locomotive and a Boxcar placed, five dice to re-roll, Switch Track in hand."""
    g = _game(cards)
    g.apply(("roll", "LBLFFPL"))
    g.apply(("place", [0, 1]))
    return g


def _rolled(cards):
    """The first roll of a turn, Switch Track in hand."""
    g = _game(cards)
    g.apply(("roll", "LLPBFFC"))
    return g


def cases():
    mid1 = _mid(_CARDS[:1])
    mid3 = _mid(_CARDS)
    rolled = _rolled(_CARDS)
    fresh3 = _game(_CARDS)
    hardest = _game(_HARDEST)
    return [
        ("mid 1 card", lambda: odds(mid1)),
        ("mid 3 cards", lambda: odds(mid3)),
        ("choices 3 cards", lambda: choices(rolled)),
        ("turn start 3 cards", lambda: odds(fresh3)),
        ("turn start hardest", lambda: odds(hardest)),
    ]
