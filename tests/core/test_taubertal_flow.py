"""Der Taubertal-Express: phases of a pass, who acts, and the pioneer-track turn order."""
from schaffner.taubertal import Game
from schaffner.taubertal.numbers import TOP
from support import rejects
from taubertal_steps import finish_pass, plain_action, to_payday, to_rounds


def test_one_pass_phase_by_phase():
    g = Game.new(3)
    seen = []
    while g.phase() != "refill":
        seen.append((g.phase(), g.round_no(), g.acting()))
        g.apply(plain_action(g))
    expect = [("tickets", 0, p) for p in (0, 1, 2)]
    expect += [("tiles", 0, p) for p in (0, 1, 2) * 3]
    expect += [("hire", 0, p) for p in (0, 1, 2)]
    for r in (1, 2, 3):
        expect += [("round", r, p) for p in (0, 1, 2)]
    expect.append(("payday", 0, None))
    assert seen == expect
    assert g.pass_no() == 1
    g.apply(("refill",))
    assert g.pass_no() == 2
    assert g.phase() == "tickets"


def test_next_phase_names_what_follows():
    g = Game.new(2)
    assert g.next_phase() == "tiles"
    g.apply(("ticket", 0))
    g.apply(("ticket", 1))
    assert g.phase() == "tiles" and g.next_phase() == "hire"
    for _ in range(6):
        g.apply(("tile", g.acting()))
    assert g.next_phase() == "round"
    g.apply(("hire", 0, 0))
    g.apply(("hire", 1, 0))
    assert g.round_no() == 1 and g.next_phase() == "round"
    for _ in range(4):
        g.apply(("done", g.acting()))
    assert g.round_no() == 3 and g.next_phase() == "payday"
    g.apply(("done", 0))
    g.apply(("done", 1))
    assert g.phase() == "payday" and g.next_phase() == "refill"
    g.apply(("payday",))
    assert g.next_phase() == "tickets"


def test_tile_draft_goes_round_and_round_until_three_each():
    g = Game.new(4)
    for p in range(4):
        g.apply(("ticket", p))
    order = []
    while g.phase() == "tiles":
        p = g.acting()
        order.append(p)
        g.apply(("tile", p))
        if len(order) == 5:
            # after 5 picks: P1 has 2 tiles, the others 1
            assert [g.tiles_taken(s) for s in range(4)] == [2, 1, 1, 1]
    assert order == [0, 1, 2, 3] * 3
    assert [g.tiles_taken(s) for s in range(4)] == [3, 3, 3, 3]
    assert g.phase() == "hire"


def test_each_turn_starts_with_a_black_cube():
    g = Game.new(2)
    to_rounds(g)
    # P1 (start player) had 0 cubes and takes 1 at the start of the turn;
    # P2 keeps its starting cube until its own turn.
    assert g.cubes == [1, 1]
    g.apply(("done", 0))
    assert g.cubes == [1, 2]


def test_kohlenlager_gives_two_black_cubes_from_the_next_round():
    g = Game.new(2)
    to_rounds(g)
    g.apply(("build", 0, "kohlenlager"))  # dark purple, paid by hand (price 0)
    assert g.cubes[0] == 1  # this round's single cube
    g.apply(("done", 0))
    g.apply(("done", 1))
    assert g.round_no() == 2
    assert g.cubes[0] == 3  # 1 + 2 black cubes


def test_signalmeisterei_gives_a_cube_when_all_are_used():
    g = Game.new(2)
    to_rounds(g)
    g.apply(("build", 0, "signalmeisterei"))
    g.apply(("cubes", 0, -1))  # spends its only cube
    g.apply(("done", 0))
    assert g.cubes[0] == 1  # the Signalmeisterei's black cube
    g.apply(("cubes", 1, -2))  # P2 without one ends with nothing
    g.apply(("done", 1))
    assert g.cubes[1] == 0
    # next round: P1 has 1 + 1 black cube and ends with cubes left: none added
    assert g.cubes[0] == 2
    g.apply(("done", 0))
    assert g.cubes[0] == 2


def test_coal_carriage_holds_eight_or_ten_with_wagenwerkstatt():
    g = Game.new(2)
    to_rounds(g)
    g.apply(("cubes", 0, 20))
    assert g.cubes[0] == 8  # surplus returns to the supply
    g.apply(("build", 0, "wagenwerkstatt"))  # light purple: 3 cubes
    assert g.cubes[0] == 5
    g.apply(("cubes", 0, 20))
    assert g.cubes[0] == 10
    assert g.cube_room(0) == 10 and g.cube_room(1) == 8


def test_worker_carriage_limits_hiring():
    # Benno's example: an extra worker carriage lets him hire up to four.
    g = Game.new(2)
    assert g.worker_room(0) == 2
    to_rounds(g)
    g.apply(("carriage", 0, "worker"))
    finish_pass(g)
    assert g.worker_room(0) == 4
    for p in (0, 1):
        g.apply(("ticket", p))
    for _ in range(6):
        g.apply(("tile", g.acting()))
    g.apply(("hire", 0, 4))
    g.apply(("hire", 1, 2))
    assert g.hired == [4, 2]
    assert g.worker_room(0) == 0


def test_order_holds_for_the_pass_and_follows_the_track_next_pass():
    g = Game.new(3)
    to_rounds(g)
    # round 1: P1 builds (space 1), P2 builds on top of P1 (space 1), P3 passes
    g.apply(("build", 0, "kantine"))
    g.apply(("done", 0))
    g.apply(("build", 1, "polizeiposten"))
    g.apply(("done", 1))
    g.apply(("done", 2))
    # round 2: P3 builds too and lies on top of both; the pass order stays 1-2-3
    assert g.acting() == 0
    g.apply(("done", 0))
    g.apply(("done", 1))
    g.apply(("build", 2, "kohlenlager"))
    assert g.turn_order() == [0, 1, 2]
    assert g.standing() == [2, 1, 0]
    finish_pass(g)
    assert g.turn_order() == [2, 1, 0]
    assert g.acting() == 2


def test_building_over_moves_to_the_very_top():
    g = Game.new(3)
    to_rounds(g)
    g.apply(("build", 0, "kiosk"))
    g.apply(("done", 0))
    g.apply(("build", 1, "kantine"))
    g.apply(("build", 1, "polizeiposten"))
    g.apply(("done", 1))
    g.apply(("build", 2, "bahnmeisterei"))
    # P2 is two spaces up, P3 and P1 on space 1 (P3 on top)
    assert g.standing() == [1, 2, 0]
    g.apply(("done", 2))
    # P1's station is full (the table says so): builds over its Kiosk
    g.apply(("build", 0, "postamt", "kiosk"))
    assert g.pos[0] == TOP
    assert g.station(0) == ["postamt"]
    assert g.built_over(0) == ["kiosk"]
    assert g.standing() == [0, 1, 2]
    g.apply(("done", 0))
    # P2 builds over too: lands on the top space above P1
    g.apply(("build", 1, "signalmeisterei", "kantine"))
    assert g.standing() == [1, 0, 2]
    g.apply(("done", 1))
    g.apply(("done", 2))
    # P1 builds normally while on the top space: it stays below P2
    g.apply(("build", 0, "lokschuppen"))
    assert g.pos[0] == TOP
    assert g.standing() == [1, 0, 2]
    finish_pass(g)
    assert g.turn_order() == [1, 0, 2]


def test_legal_actions_by_phase():
    g = Game.new(2)
    assert g.phase_label() == "ticket draft"
    assert g.legal() == ("ticket", "replace_ticket", "vp", "coins", "cubes")
    assert g.legal(1) == ("vp", "coins", "cubes")
    g.apply(("ticket", 0))
    g.apply(("ticket", 1))
    assert g.legal()[0] == "tile"
    for _ in range(6):
        g.apply(("tile", g.acting()))
    assert g.legal(0)[0] == "hire"
    g.apply(("hire", 0, 0))
    g.apply(("hire", 1, 0))
    assert g.legal() == ("done", "build", "sale", "carriage", "replace_ticket", "vp", "coins", "cubes")
    finish_pass(g)
    assert g.phase() == "tickets"
    for _ in range(5):
        to_rounds(g)
        finish_pass(g)
    to_rounds(g)
    to_payday(g)
    assert g.legal() == ("payday", "vp", "coins", "cubes")
    g.apply(("payday",))
    assert g.phase() == "final" and g.pass_no() == 7
    assert g.acting() is None
    assert g.next_phase() == ""
    assert g.legal(0) == ("end", "vp", "coins", "cubes")  # no building needs an input
    assert g.turns() == 7 * 3 * 2
    g.apply(("end",))
    assert g.legal(0) == ()
    assert "over" in rejects(g, g.apply, ("vp", 0, 1))
