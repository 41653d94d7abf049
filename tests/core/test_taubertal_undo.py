"""Der Taubertal-Express: undo through the journal."""
from support import raises
from schaffner.journal import Journal
from schaffner.taubertal import Game
from taubertal_steps import to_final

# The first pass of a 3-player game, touching every kind of action but "final".
PASS_1 = (
    ("ticket", 0), ("replace_ticket", 1), ("ticket", 1), ("ticket", 2),
    ("tile", 0), ("tile", 1), ("tile", 2), ("tile", 0), ("tile", 1), ("tile", 2),
    ("tile", 0), ("tile", 1), ("tile", 2),
    ("hire", 0, 1), ("hire", 1, 2), ("hire", 2, 0),
    ("build", 0, "kantine"), ("coins", 0, 3), ("done", 0),
    ("carriage", 1, "freight"), ("vp", 1, 2), ("done", 1),
    ("cubes", 2, 1), ("build", 2, "zollamt"), ("done", 2),
    ("carriage", 0, "worker"), ("done", 0),
    ("sale", 1, 1, 1, 0, 0), ("done", 1),
    ("done", 2),
    ("build", 0, "kiosk", "kantine", 1), ("done", 0),
    ("done", 1), ("done", 2),
    ("payday",), ("refill",),
)


def test_pass_one_order_and_results():
    g = Game.new(3)
    for a in PASS_1:
        g.apply(a)
    # P1 built over its Kantine: top of the track; P3 on space 1
    assert g.turn_order() == [0, 2, 1]
    # P1: 1 + 3 - 1 (Kiosk, no Bankhaus) = 3 coins, 2 workers (1 + Kantine)
    # paid -> 1.  P2: 1 + sale 1 + 2 = 4, 2 workers paid -> 2.  P3: 1, none hired.
    assert g.coins == [1, 2, 1]
    # P2: -3 (ticket replaced) + 2 + 4 (sale) = 3
    assert g.vp == [0, 3, 0]


def test_undo_everything_gives_back_the_start():
    base = Game.new(3).to_dict()
    j = Journal(Game, base, keep=100)
    marks = {}
    for i, a in enumerate(PASS_1):
        if i % 7 == 0:
            marks[i] = j.game.to_dict()
        j.do(a)
    assert j.game.phase() == "tickets" and j.game.pass_no() == 2
    n = len(PASS_1)
    while j.can_undo():
        j.undo()
        n -= 1
        if n in marks:
            assert j.game.to_dict() == marks[n]
    assert n == 0
    assert j.game.to_dict() == base


def test_undo_in_the_final_scoring():
    # a 2-player game where only P1 builds a Lokschuppen, in the last round
    g = Game.new(2)
    to_final(g, {(7, 3, 0): (("build", 0, "lokschuppen"),)})
    base = g.to_dict()
    j = Journal(Game, base)
    for a in (("final", 0, "empty", 4), ("coins", 1, 3), ("final", 0, "empty", 5), ("vp", 0, -9)):
        j.do(a)
    # 0 VP - 9 stops at -5; 1 coin; 8 cubes = 4; 5 empty spaces x 3 = 15 -> 15
    assert j.game.score(0) == 15
    while j.can_undo():
        j.undo()
    assert j.game.to_dict() == base
    assert j.game.final_missing() == [(0, "empty")]


def test_a_rejected_action_leaves_the_journal_alone():
    j = Journal(Game, Game.new(2).to_dict())
    j.do(("ticket", 0))
    before = j.to_dict()
    raises(ValueError, j.do, ("ticket", 0))  # out of turn
    assert j.to_dict() == before
