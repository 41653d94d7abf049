"""Trainmaker turn rules through forced faces: placing, derails, Switch Track, scoring."""
import json

from support import rejects

from schaffner.journal import Journal
from schaffner.trainmaker.game import Game

CARDS = (("PB", "coal"), ("BBF", "corn"), ("PPF", "mail"))


def table(players=2, cards=CARDS):
    g = Game.new(players)
    for needs, goods in cards:
        g.apply(("card", needs, goods))
    return g


def spend_switch(g):
    """Current player uses Switch Track on a harmless roll and stops."""
    g.apply(("roll", "LPBFFFF"))
    g.apply(("switch", 2, "C"))
    g.apply(("place", [0, 1]))
    g.apply(("stop",))


def test_first_roll_needs_a_locomotive_and_rolling_stock():
    g = table()
    assert g.phase() == "roll" and g.to_roll() == 7
    g.apply(("roll", "LPBFCLL"))
    assert g.phase() == "place"
    assert "Locomotive" in rejects(g, g.apply, ("place", [1]))
    assert "rolling stock" in rejects(g, g.apply, ("place", [0]))
    assert "rolling stock" in rejects(g, g.apply, ("place", [0, 4]))
    rejects(g, g.apply, ("place", []))
    rejects(g, g.apply, ("place", [7]))
    rejects(g, g.apply, ("place", [0, 0, 1]))
    rejects(g, g.apply, ("place", "01"))
    # several Locomotives may start the train; they go in front
    g.apply(("place", [1, 5, 0]))
    assert g.train() == "LLP"
    assert g.locomotives() == 2
    assert g.phase() == "after_place"
    assert g.unplaced() == [2, 3, 4, 6]
    assert g.dice()[1] == ("P", True) and g.dice()[2] == ("B", False)


def test_caboose_on_the_first_roll_completes_the_train():
    g = table()
    g.apply(("roll", "LPCBBLF"))
    g.apply(("place", [2, 0, 1, 3]))
    assert g.train() == "LPBC"
    assert g.complete()
    assert g.phase() == "score" and g.event() == "complete"
    assert g.covered() == [0]
    assert g.stats() == (1, 0, 1, 0)


def test_completed_train_that_covers_no_card_ends_the_turn():
    g = table()
    g.apply(("roll", "LPCBBLF"))
    g.apply(("place", [0, 1, 2]))  # L P C: no card needs a lone Passenger Car
    assert g.event() == "no_card"
    assert g.player() == 1 and g.phase() == "roll"
    assert g.stats(0) == (1, 0, 1, 0)


def test_no_locomotive_with_switch_track_in_hand_can_be_rescued_or_passed():
    g = table()
    g.apply(("roll", "PBFCCPB"))
    assert g.phase() == "place" and g.event() == "stuck" and g.can_pass()
    assert "pass" in g.legal() and "switch" in g.legal()
    h = Game.from_dict(g.to_dict())
    h.apply(("switch", 3, "L"))
    assert not h.has_switch() and h.event() == "switched"
    h.apply(("place", [3, 0]))
    assert h.train() == "LP"
    g.apply(("pass",))
    assert g.event() == "no_loco" and g.player() == 1
    assert g.has_switch(0)


def test_no_locomotive_on_the_first_roll_ends_the_turn_and_gives_switch_track_back():
    g = table()
    spend_switch(g)
    assert not g.has_switch(0)
    g.apply(("roll", "LPBBBBB"))  # player 1
    g.apply(("place", [0, 1]))
    g.apply(("stop",))
    g.apply(("roll", "PBFCCPB"))  # player 0 again, a later turn: no Locomotive
    assert g.event() == "regained"
    assert g.has_switch(0)
    assert g.player() == 1


def test_locomotive_without_rolling_stock_cannot_begin_a_train():
    g = table()
    spend_switch(g)
    g.apply(("roll", "LPBBBBB"))
    g.apply(("place", [0, 1]))
    g.apply(("stop",))
    g.apply(("roll", "LLCCLCL"))
    assert g.event() == "no_stock"
    assert not g.has_switch(0)  # a Locomotive showed: no token back
    assert g.player() == 1
    h = table()
    h.apply(("roll", "LLCCLCL"))  # token in hand: a Caboose could become a car
    assert h.event() == "stuck"
    h.apply(("pass",))
    assert h.event() == "no_stock"


def test_rerolls_never_place_a_locomotive_and_need_at_least_one_die():
    g = table()
    g.apply(("roll", "LPFFFFF"))
    g.apply(("place", [0, 1]))
    assert g.to_roll() == 5
    rejects(g, g.apply, ("roll", "LPB"))
    rejects(g, g.apply, ("roll", "LPBXC"))
    g.apply(("roll", "LCCBP"))
    assert g.faces() == "LPLCCBP"
    assert "Locomotive" in rejects(g, g.apply, ("place", [2, 5]))
    assert "one Caboose" in rejects(g, g.apply, ("place", [3, 4]))
    assert "already" in rejects(g, g.apply, ("place", [1]))
    rejects(g, g.apply, ("place", []))
    rejects(g, g.apply, ("stop",))  # placing comes first
    g.apply(("place", [5]))
    assert g.train() == "LPB" and g.to_roll() == 4


def test_derail_when_only_locomotives_show():
    g = table()
    spend_switch(g)
    g.apply(("roll", "LPBBBBB"))
    g.apply(("place", [0, 1]))
    g.apply(("stop",))
    g.apply(("roll", "LPFFFFF"))
    g.apply(("place", [0, 1]))
    g.apply(("roll", "LLLLL"))
    assert g.event() == "derail"
    assert g.stats(0) == (3, 1, 0, 0)
    assert g.player() == 1


def test_only_locomotives_with_switch_track_in_hand():
    g = table()
    g.apply(("roll", "LPFFFFF"))
    g.apply(("place", [0, 1]))
    g.apply(("roll", "LLLLL"))
    assert g.event() == "stuck"
    h = Game.from_dict(g.to_dict())
    h.apply(("switch", 2, "C"))
    h.apply(("place", [2]))
    assert h.event() == "no_card" and h.stats(0) == (2, 0, 1, 0)
    g.apply(("pass",))
    assert g.event() == "derail" and g.stats(0)[1] == 1


def test_derail_when_every_die_is_placed_without_a_caboose():
    g = table()
    g.apply(("roll", "LPFFFFF"))
    g.apply(("place", [0, 1]))
    g.apply(("roll", "PBFBP"))
    g.apply(("place", [2, 3, 4, 5, 6]))
    assert g.event() == "derail"
    assert g.stats(0) == (2, 1, 0, 0)


def test_one_die_left_showing_a_car_derails_at_once():
    g = table()
    spend_switch(g)
    g.apply(("roll", "LPBBBBB"))
    g.apply(("place", [0, 1]))
    g.apply(("stop",))
    g.apply(("roll", "LPBFFFL"))
    g.apply(("place", [0, 1, 2, 3, 4, 5]))
    g.apply(("roll", "B"))  # it would have to be placed, the last die, no Caboose
    assert g.event() == "derail"
    assert g.player() == 1


def test_stopping_ends_the_turn_scoring_nothing():
    g = table()
    g.apply(("roll", "LPBFFFF"))
    g.apply(("place", [0, 1, 2]))
    g.apply(("stop",))
    assert g.event() == "stopped"
    assert g.player() == 1 and g.scored(0) == []


def test_nothing_after_the_caboose():
    g = table()
    g.apply(("roll", "LPCBBLF"))
    g.apply(("place", [0, 1, 2, 3]))
    assert "score" in rejects(g, g.apply, ("roll", "LLL"))
    assert "score" in rejects(g, g.apply, ("place", [4]))
    rejects(g, g.apply, ("switch", 4, "P"))
    rejects(g, g.apply, ("stop",))


def test_scoring_takes_a_covered_card_only():
    g = table()
    g.apply(("roll", "LPPFBCL"))
    g.apply(("place", [0, 1, 2, 3, 5]))  # L P P F C covers PPF only
    assert g.covered() == [2]
    assert "does not carry" in rejects(g, g.apply, ("score", 0))
    rejects(g, g.apply, ("score", 3))
    g.apply(("score", 2))
    assert g.scored(0) == [("PPF", "mail")]
    assert g.faceup() == [("PB", "coal"), ("BBF", "corn")]
    assert g.event() == "scored"
    assert g.stats(0) == (1, 0, 1, 1)
    # one Locomotive: the turn is over; the next player first replaces the card
    assert g.player() == 1 and g.phase() == "cards"
    g.apply(("card", "FFFF", "wild"))
    assert g.phase() == "roll"


def test_switch_track_once_and_only_on_unplaced_dice():
    g = table()
    g.apply(("roll", "LPFFFFF"))
    rejects(g, g.apply, ("switch", 2, "X"))
    rejects(g, g.apply, ("switch", 2, "F"))
    rejects(g, g.apply, ("switch", 9, "C"))
    g.apply(("place", [0, 1]))
    rejects(g, g.apply, ("switch", 2, "C"))  # only right after a roll
    g.apply(("roll", "FFFFF"))
    rejects(g, g.apply, ("switch", 0, "C"))  # on the train
    g.apply(("switch", 2, "B"))
    assert g.faces() == "LPBFFFF"
    assert "used" in rejects(g, g.apply, ("switch", 3, "C"))
    g.apply(("place", [2]))
    assert g.stock() == (1, 1, 0)


def test_double_locomotive_bonus_chains_over_all_three_cards():
    g = table(cards=(("P", "coal"), ("B", "corn"), ("F", "mail")))
    g.apply(("roll", "LLPCBFB"))
    g.apply(("place", [0, 1, 2, 3]))
    g.apply(("score", 0))
    # two Locomotives: a new train from this train's four dice only
    assert g.phase() == "bonus" and g.to_roll() == 4 and g.player() == 0
    assert g.faces() == "" and g.dice_count() == 4
    rejects(g, g.apply, ("roll", "LLBCF"))
    g.apply(("roll", "LLBC"))
    g.apply(("place", [0, 1, 2, 3]))
    assert g.covered() == [0]
    g.apply(("score", 0))
    assert g.phase() == "bonus"
    g.apply(("roll", "LCFL"))
    g.apply(("place", [0, 3, 2, 1]))
    assert g.train() == "LLFC"
    g.apply(("score", 0))
    # no face-up card is left: the turn ends, the next player draws new ones
    assert g.scored(0) == [("P", "coal"), ("B", "corn"), ("F", "mail")]
    assert g.stats(0) == (3, 0, 3, 3)
    assert g.player() == 1 and g.phase() == "cards"


def test_bonus_can_be_skipped_and_needs_a_locomotive():
    g = table(cards=(("P", "coal"), ("B", "corn"), ("F", "mail")))
    g.apply(("roll", "LLPCBFB"))
    g.apply(("place", [0, 1, 2, 3]))
    g.apply(("score", 0))
    h = Game.from_dict(g.to_dict())
    h.apply(("stop",))
    assert h.player() == 1
    g.apply(("roll", "BCPF"))
    assert g.event() == "stuck"  # Switch Track could make a Locomotive
    g.apply(("pass",))
    assert g.event() == "no_loco" and g.player() == 1


def test_bonus_first_roll_without_locomotive_gives_no_token_back():
    g = table(cards=(("P", "coal"), ("B", "corn"), ("F", "mail")))
    spend_switch(g)
    g.apply(("roll", "LPBBBBB"))
    g.apply(("place", [0, 1]))
    g.apply(("stop",))
    g.apply(("roll", "LLPCBFB"))
    g.apply(("place", [0, 1, 2, 3]))
    g.apply(("score", 0))
    g.apply(("roll", "BCPF"))
    assert g.event() == "no_loco"
    assert not g.has_switch(0)


def test_single_locomotive_train_gets_no_bonus():
    g = table(cards=(("P", "coal"), ("B", "corn"), ("F", "mail")))
    g.apply(("roll", "LLPCBFB"))
    g.apply(("place", [0, 2, 3]))
    g.apply(("score", 0))
    assert g.player() == 1


def test_a_rejected_action_changes_nothing():
    g = table()
    rejects(g, g.apply, ("fly",))
    rejects(g, g.apply, ())
    rejects(g, g.apply, "roll")
    rejects(g, g.apply, ("roll",))
    rejects(g, g.apply, ("roll", "LPB"))
    rejects(g, g.apply, ("place", [0]))
    rejects(g, g.apply, ("score", 0))
    rejects(g, g.apply, ("pass",))
    rejects(g, g.apply, ("card", "P", "coal"))
    rejects(g, g.apply, ("steam_card", "P", "coal"))
    rejects(g, g.apply, ("steam_contract", ["coal"]))


def test_actions_as_lists_and_json_round_trip():
    g = table()
    g.apply(["roll", "LPBFCLL"])
    g.apply(["place", [0, 1]])
    d = json.loads(json.dumps(g.to_dict()))
    h = Game.from_dict(d)
    assert h.to_dict() == g.to_dict()
    h.apply(["roll", "CBFPB"])
    g.apply(("roll", "CBFPB"))
    assert h.to_dict() == g.to_dict()


def test_every_action_can_be_undone():
    g = table(cards=(("P", "coal"), ("B", "corn"), ("F", "mail")))
    j = Journal(Game, g.to_dict())
    seen = [j.game.to_dict()]
    for a in (("roll", "LLPCBFB"), ("place", [0, 1, 2, 3]), ("score", 0), ("roll", "LBLC"),
              ("switch", 1, "F"), ("place", [0, 2, 1]), ("roll", "P"), ("card", "PPB", "timber"),
              ("roll", "PBFCCPB"), ("pass",)):
        j.do(a)
        seen.append(j.game.to_dict())
    rejects(j.game, j.do, ("score", 0))
    while j.can_undo():
        seen.pop()
        j.undo()
        assert j.game.to_dict() == seen[-1]
    assert j.game.to_dict() == g.to_dict()


def test_queries_for_the_app():
    g = table()
    assert g.dice() == [("", False)] * 7 and g.unplaced() == [] and g.train() == ""
    assert g.legal() == ["roll", "declare"]
    g.apply(("roll", "LPBFCLL"))
    assert g.legal() == ["place", "declare", "switch"]
    assert g.pick("LLP") == [0, 5, 1]
    assert rejects(g, g.pick, "CC") == "No unplaced C"  # only one Caboose showed
    g.apply(("place", g.pick("LB")))
    assert g.legal() == ["roll", "stop", "declare"]
    assert g.dice()[0] == ("L", True) and g.dice()[1] == ("P", False)
    assert g.stock() == (0, 1, 0) and g.covered() == []
    g.apply(("roll", "PFCLL"))
    g.apply(("place", g.pick("PC")))
    assert g.legal() == ["score", "declare"]
    assert g.covered() == [0]


def test_odd_values_are_refused_with_a_message():
    g = table()
    for bad in (("card", "PB", ("a", "b")), ("roll", ["L"] * 7), ("roll", 7), ("roll", "LPBFCLLX")):
        rejects(g, g.apply, bad)
    g.apply(("roll", "LPBFCLL"))
    for bad in (("place", [0, "x"]), ("place", [[0]]), ("place", 0), ("switch", "1", "C"),
                ("switch", 1, 5), ("switch", 1, "CC"), ("score", "0")):
        msg = rejects(g, g.apply, bad)
        assert len(msg) <= 60
