"""Der Taubertal-Express: a game saved to a dict (and JSON) loads and plays on identically."""
import json

from schaffner.journal import Journal
from schaffner.taubertal import Game

# extra actions in a turn: (pass, round, seat) -> actions
EXTRA = {
    (1, 1, 0): (("build", 0, "kiosk", None, 1),),
    (1, 2, 1): (("carriage", 1, "freight"), ("cubes", 1, 1), ("build", 1, "zollamt")),
    (2, 1, 1): (("sale", 1, 1, 1, 0, 0), ("replace_ticket", 1)),
    (2, 3, 2): (("carriage", 2, "worker"), ("coins", 2, 4)),
    (3, 1, 3): (("build", 3, "kantine"),),
    (3, 2, 2): (("build", 2, "dienstwohnhaus"),),
    (4, 1, 0): (("build", 0, "postamt", "kiosk"),),
}


def next_actions(g):
    """The scripted actions for whatever the game asks now."""
    ph, p = g.phase(), g.acting()
    if ph == "tickets":
        return (("ticket", p),)
    if ph == "tiles":
        return (("tile", p),)
    if ph == "hire":
        return (("hire", p, 1),)
    if ph == "round":
        return EXTRA.get((g.pass_no(), g.round_no(), p), ()) + (("done", p),)
    return ((ph,),)


def test_saved_game_plays_on_identically():
    g = Game.new(4)
    while not (g.pass_no() == 2 and g.phase() == "round" and g.acting() == 1):
        for a in next_actions(g):
            g.apply(a)
    h = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert h.to_dict() == g.to_dict()
    while g.phase() != "final":
        for a in next_actions(g):
            g.apply(a)
            h.apply(list(a))  # actions come back as lists from a saved journal
    assert h.to_dict() == g.to_dict()
    assert h.ranking() == g.ranking()
    assert h.score_lines(0) == g.score_lines(0)


def test_saved_journal_resumes_with_undo():
    j = Journal(Game, Game.new(4).to_dict())
    while j.game.pass_no() == 1:
        for a in next_actions(j.game):
            j.do(a)
    k = Journal.from_dict(Game, json.loads(json.dumps(j.to_dict())))
    assert k.game.to_dict() == j.game.to_dict()
    assert k.undo() == ("refill",)
    assert k.undo() == ("payday",)
    assert k.game.phase() == "payday"
    last = k.game.turn_order()[-1]
    assert k.undo() == ("done", last)
    assert k.game.phase() == "round" and k.game.round_no() == 3
    assert k.game.acting() == last


def test_from_dict_refuses_a_broken_save():
    d = Game.new(2).to_dict()
    for key in ("phase", "vp", "n"):
        bad = dict(d)
        del bad[key]
        try:
            Game.from_dict(bad)
            raise AssertionError("broken save accepted")
        except ValueError as exc:
            assert "saved" in str(exc)
    bad = dict(d)
    bad["vp"] = [0, 0, 0]
    try:
        Game.from_dict(bad)
        raise AssertionError("wrong player count accepted")
    except ValueError:
        pass
