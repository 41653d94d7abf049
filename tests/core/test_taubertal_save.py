"""Der Taubertal-Express: a game saved to a dict (and JSON) loads and plays on identically."""
import json

from support import raises
from schaffner.journal import Journal
from schaffner.taubertal import Game
from taubertal_steps import scripted

# extra actions in a turn: (pass, round, seat) -> actions; everyone hires 1 a pass
EXTRA = {
    (1, 1, 0): (("build", 0, "kiosk", None, 1),),
    (1, 2, 1): (("carriage", 1, "freight"), ("cubes", 1, 1), ("build", 1, "zollamt")),
    (2, 1, 1): (("sale", 1, 1, 1, 0, 0), ("replace_ticket", 1)),
    (2, 3, 2): (("carriage", 2, "worker"), ("coins", 2, 4)),
    (3, 1, 3): (("build", 3, "kantine"),),
    (3, 2, 2): (("build", 2, "dienstwohnhaus"),),
    (4, 1, 0): (("build", 0, "postamt", "kiosk"),),
}


def test_saved_game_plays_on_identically():
    g = Game.new(4)
    while not (g.pass_no() == 2 and g.phase() == "round" and g.acting() == 1):
        for a in scripted(g, EXTRA, 1):
            g.apply(a)
    h = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert h.to_dict() == g.to_dict()
    while g.phase() != "final":
        for a in scripted(g, EXTRA, 1):
            g.apply(a)
            h.apply(list(a))  # actions come back as lists from a saved journal
    assert h.to_dict() == g.to_dict()
    assert h.ranking() == g.ranking()
    assert h.score_lines(0) == g.score_lines(0)


def test_saved_journal_resumes_with_undo():
    j = Journal(Game, Game.new(4).to_dict())
    while j.game.pass_no() == 1:
        for a in scripted(j.game, EXTRA, 1):
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
        assert "saved" in str(raises(ValueError, Game.from_dict, bad))
    bad = dict(d)
    bad["vp"] = [0, 0, 0]  # three players' VP in a two-player game
    raises(ValueError, Game.from_dict, bad)
