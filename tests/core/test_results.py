"""What the rules cores and the journal report for the history: Trainmaker's places,
turns and faces rolled; Taubertal's turns and end; Ticket to Ride's end; the length of
a game in actions, folded actions included; and the games' result() built from them."""
from schaffner.journal import Journal
from schaffner.trainmaker.game import Game as Trainmaker
from schaffner.trainmaker.result import places, turns
from schaffner.ttr_austria.game import Game as Ticket
from support import rejects
from test_trainmaker_game import quick_turn, table, with_scored


def test_trainmaker_places_turns_and_faces():
    g = table(4)
    quick_turn(g)  # seat 0: LPFFFFF
    assert g.tally() == (1, 1, 0, 5, 0) and turns(g) == 1
    g = with_scored(g, 2, [("PB", "coal"), ("F", "cattle")])
    g = with_scored(g, 3, [("PB", "mail"), ("F", "corn")])
    g = with_scored(g, 0, [("PB", "timber")])
    d = g.to_dict()
    d["stats"] = [[0, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 2], [0, 0, 0, 2]]
    g = Trainmaker.from_dict(d)
    g.apply(("declare",))  # seat 1 declares a Contract in its turn (the second)
    assert g.winner() == 1 and turns(g) == 2
    # the winner first; then 2 cards (seats 2 and 3 share), then 1 card
    assert places(g) == [4, 1, 2, 2]
    assert g.tally() == (1, 1, 0, 5, 0)


def test_trainmaker_steam_engine_first_and_an_old_save_without_a_tally():
    g = table(2, steam=True, contract=["coal"])
    quick_turn(g)
    quick_turn(g)
    g.apply(("steam_card", "PP", "coal"))
    assert g.winner() < 0 and places(g) == [2, 2] and turns(g) == 2
    d = g.to_dict()
    del d["tally"]
    assert Trainmaker.from_dict(d).tally() == (0, 0, 0, 0, 0)
    d["tally"] = [1, 2]
    assert "Not a saved Trainmaker game" in str(rejects(g, Trainmaker.from_dict, d))


def test_result_of_a_trainmaker_game():
    from app.trainmaker import result
    g = table(2)
    assert result(g, ["Red", "Blue"]) is None
    quick_turn(g)
    g.apply(("declare",))
    assert result(g, ["Red", "Blue"]) == {"scores": [0, 0], "places": [2, 1], "winner": "Blue",
                                          "win": "contract", "tiebreak": "", "turns": 2, "unit": "cards"}


def test_ticket_to_ride_ends_and_refuses_then_saves_the_end():
    from app.ttr_austria import result
    g = Ticket.new(2)
    g.apply(("routes", 0, 3, 2))  # 8 points
    g.apply(("routes", 1, 4, 1))  # 7 points
    assert result(g, ["Red", "Blue"]) is None
    g.apply(("end",))
    assert "over" in rejects(g, g.apply, ("routes", 0, 1, 1))
    assert "over" in rejects(g, g.apply, ("end",))
    assert Ticket.from_dict(g.to_dict()).ended
    assert result(g, ["Red", "Blue"]) == {"scores": [8, 7], "places": [1, 2], "winner": "Red",
                                          "win": "points", "tiebreak": "", "turns": None, "unit": "VP"}
    d = g.to_dict()
    del d["ended"]  # a save from before the end existed
    assert not Ticket.from_dict(d).ended


def test_ticket_to_ride_shared_first_place():
    from app.ttr_austria import result
    g = Ticket.new(3)
    g.apply(("routes", 0, 2, 1))
    g.apply(("routes", 1, 2, 1))
    g.apply(("end",))
    res = result(g, ["Red", "Blue", "Green"])
    assert res["winner"] == "Red+Blue" and res["places"] == [1, 1, 3] and res["tiebreak"] == "shared"


def test_taubertal_turns_as_the_rounds_go():
    from schaffner.taubertal import Game
    from taubertal_steps import finish_pass, to_rounds
    g = Game.new(3)
    assert g.turns() == 0
    to_rounds(g)
    assert g.turns() == 0
    g.apply(("done", g.acting()))
    g.apply(("done", g.acting()))
    assert g.turns() == 2
    finish_pass(g)
    assert g.phase() == "tickets" and g.turns() == 3 * 3
    assert "ticket draft" in rejects(g, g.apply, ("end",))  # only in the final scoring


def test_the_journal_counts_actions_folded_away_and_saves_the_count():
    from test_journal import Counter
    j = Journal(Counter, {"total": 0}, keep=4, fold=2)
    for n in range(1, 11):
        j.do(("add", n))
    assert j.count() == 10 and j.folded > 0
    j.undo()
    assert j.count() == 9
    k = Journal.from_dict(Counter, j.to_dict(), keep=4, fold=2)
    assert k.count() == 9
    old = j.to_dict()
    del old["folded"]  # a save from before the count: only the actions it holds
    assert Journal.from_dict(Counter, old).count() == len(j.actions)


def test_taubertal_ends_only_with_every_final_number_in():
    from app.taubertal import result
    from schaffner.taubertal import Game
    d = Game.new(2).to_dict()
    d.update({"pass": 7, "phase": "final", "built": [["lokschuppen"], []], "vp": [10, 10], "coins": [2, 1],
              "cubes": [4, 2]})
    g = Game.from_dict(d)
    assert "final-scoring number" in rejects(g, g.apply, ("end",))
    g.apply(("final", 0, "empty", 1))  # 1 empty space, 3 VP each with 2 players
    g.apply(("end",))
    assert g.ended and "over" in rejects(g, g.apply, ("vp", 1, 5))
    # VP + coins + cubes // 2, and Red's Lokschuppen
    assert result(g, ["Red", "Blue"]) == {"scores": [10 + 2 + 2 + 3, 10 + 1 + 1], "places": [1, 2],
                                          "winner": "Red", "win": "points", "tiebreak": "",
                                          "turns": 7 * 3 * 2, "unit": "VP"}
