"""TtR Austria: point values, the tourist-route rule, the ticket draw, the ranking."""
from support import raises
from schaffner.ttr_austria import points as pts


def test_route_points_by_length():
    # U.S. edition table: 1->1, 2->2, 3->4, 4->7, 5->10, 6->15, 7->18, 8->21.
    expected = (1, 2, 4, 7, 10, 15, 18, 21)
    for length in range(1, 9):
        assert pts.route_points(length) == expected[length - 1]


def test_impossible_route_lengths():
    for bad in (0, 9, -1, True, "3", None):
        raises(ValueError, pts.route_points, bad)


def test_sonderzug_worth_32_with_penalty_14():
    # Rulebook: Rheinmündung - Bleiburg, Punkte 32, Strafe 14.
    # The blocker builds the tourist route without the ticket: loses 14.
    assert pts.tourist_points(32, 14, held=False, done=False, built=True) == (0, -14)
    # The holder who cannot complete it (did not build the route): loses 32.
    assert pts.tourist_points(32, 14, held=True, done=False, built=False) == (-32, 0)
    # The holder who built the tourist route too early and failed: 32 + 14.
    ticket, route = pts.tourist_points(32, 14, held=True, done=False, built=True)
    assert ticket + route == -46
    # Completed: the full 32, no penalty.
    assert pts.tourist_points(32, 14, held=True, done=True, built=True) == (32, 0)


def test_feistritztalbahn_costs_8():
    # Rulebook: built, but the Birkfeld - Pöchlarn ticket is not held: -8.
    # The ticket's value is a made-up 12 here; only the -8 is the rulebook's.
    assert pts.tourist_points(12, 8, held=False, done=False, built=True) == (0, -8)
    assert pts.tourist_points(12, 8, held=False, done=False, built=False) == (0, 0)


def test_done_without_ticket_is_rejected():
    raises(ValueError, pts.tourist_points, 12, 8, False, True, True)


def test_taurach_and_schafbergbahn_points():
    # +3 built with the ticket, -1 built without, -3 ticket held but not built.
    assert pts.BAHN_POINTS[pts.BAHN_DONE] == 3
    assert pts.BAHN_POINTS[pts.BAHN_BUILT] == -1
    assert pts.BAHN_POINTS[pts.BAHN_MISSED] == -3
    assert pts.BAHN_POINTS[pts.BAHN_NONE] == 0


def test_ticket_draw_rule():
    # Start: draw 6, keep at least 3.  Later: draw 4, keep at least 1.
    for kept in (3, 4, 5, 6):
        pts.check_keep(True, kept)
    for kept in (1, 2, 3, 4):
        pts.check_keep(False, kept)
    assert "3 to 6" in str(raises(ValueError, pts.check_keep, True, 2))
    raises(ValueError, pts.check_keep, True, 7)
    raises(ValueError, pts.check_keep, False, 0)
    raises(ValueError, pts.check_keep, False, 5)


def test_ranking_by_total():
    assert pts.ranking([40, 55, 12], [1, 1, 1], [False, False, False]) == [(1, 1), (2, 0), (3, 2)]


def test_tie_broken_by_completed_tickets_then_longest_track():
    # Players 0 and 1 tie on 50: 1 has more tickets done, so 1 is first.
    assert pts.ranking([50, 50], [3, 4], [True, False]) == [(1, 1), (2, 0)]
    # Same tickets: the longest-track holder (player 1) wins.
    assert pts.ranking([50, 50], [3, 3], [False, True]) == [(1, 1), (2, 0)]


def test_full_tie_shares_the_place():
    # 0 and 2 equal on every count: both 1st; then 3rd.
    assert pts.ranking([30, 20, 30], [2, 5, 2], [True, True, True]) == [(1, 0), (1, 2), (3, 1)]
