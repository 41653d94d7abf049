"""TtR Austria score sheet: bad input, JSON actions, saving, undo with the journal."""
import json

from support import raises, rejects
from schaffner.journal import Journal
from schaffner.ttr_austria.game import Game, describe


def test_bad_actions_change_nothing():
    g = Game.new(2)
    g.apply(("routes", 0, 2, 1))
    for bad in (
        ("routes", 2, 2, 1),      # no player 2
        ("routes", -1, 2, 1),
        ("routes", 0, 9, 1),      # no 9-car routes
        ("routes", 0, 0, 1),
        ("routes", 0, 2, -1),
        ("routes", 0, 2, True),   # a flag is not a count
        ("routes", 0, 2),         # too few values
        ("routes", 0, 2, 1, 1),   # too many
        ("ticket", 0, "8", True),
        ("ticket", 0, 8, 2),      # done is yes or no
        ("longest", 0, 46),
        ("build", 0, 1),
        ("routes",),
        (),
        "routes",
        (5, 0, 1),
    ):
        rejects(g, g.apply, bad)
    assert g.total(0) == 2


def test_bad_setup():
    for n in (1, 6, "3", True):
        raises(ValueError, Game.new, n)


def test_actions_as_lists_after_json():
    g = Game.new(2, stations=True)
    for a in (("routes", 0, 3, 2), ("ticket", 1, 7, False), ("bahn", 1, 1, 1), ("stations", 0, 2)):
        g.apply(json.loads(json.dumps(a)))
    # Player 0: 2 x 4 points + 2 stations left x 4.  Player 1: -7 + 3 + 3 stations x 4.
    assert g.totals() == [8 + 8, -7 + 3 + 12]


def test_save_round_trip():
    g = Game.new(4, longest=False, stations=True)
    for a in (("routes", 0, 6, 2), ("ticket", 1, 32, False), ("penalty", 1, 14), ("bahn", 2, 0, 2),
              ("bahn", 3, 0, 3), ("longest", 3, 7), ("lbonus", 2, True), ("we", 0, True), ("stations", 3, 0)):
        g.apply(a)
    d = json.loads(json.dumps(g.to_dict()))
    h = Game.from_dict(d)
    assert h.to_dict() == g.to_dict()
    assert h.totals() == g.totals()


def test_damaged_save_is_rejected():
    good = Game.new(2).to_dict()
    bad = json.loads(json.dumps(good))
    bad["p"][0]["r"][2] = 99
    raises(ValueError, Game.from_dict, bad)
    over = json.loads(json.dumps(good))
    over["p"][1]["r"] = [0, 0, 0, 0, 0, 1, 0, 5]  # each count possible, 6 + 40 cars are not
    raises(ValueError, Game.from_dict, over)
    short = json.loads(json.dumps(good))
    short["p"][0]["r"] = [1, 2]
    raises(ValueError, Game.from_dict, short)
    raises(ValueError, Game.from_dict, {"game": "ttr_austria"})
    raises(ValueError, Game.from_dict, [])
    raises(ValueError, Game.from_dict, dict(good, game="trainmaker"))


def test_undo_everything_with_the_journal():
    g = Game.new(2, stations=True)
    base = g.to_dict()
    j = Journal(Game, base)
    for a in (("routes", 0, 4, 3), ("ticket", 0, 10, True), ("penalty", 1, 8), ("bahn", 1, 1, 1),
              ("longest", 1, 9), ("we", 1, True), ("stations", 1, 2), ("unticket", 0, 0), ("lbonus", 0, 1)):
        j.do(a)
    # Player 1: -8 + 3 (Schafbergbahn) + 10 (West-East) + 2 stations x 4.
    assert j.game.total(1) == 13
    while j.can_undo():
        j.undo()
    assert j.game.to_dict() == base


def test_describe():
    names = ["Red", "Blue"]
    assert describe(("routes", 1, 4, 2), names) == "Blue: 4-car routes 2"
    assert describe(("ticket", 0, 12, False), names) == "Red: ticket 12 failed"
    assert describe(("bahn", 0, 1, 2), names) == "Red: Schafbergbahn no ticket"
    assert describe(("unticket", 1, 0), names) == "Blue: ticket removed"
    assert describe(("we", 0, True), names) == "Red: West-East yes"
    assert describe(("stations", 0, 1), names) == "Red: 1 stations left"
