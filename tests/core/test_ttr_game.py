"""TtR Austria score sheet (numbers entered by hand, the gadget's mode): the scoring."""
from support import rejects
from schaffner.ttr_austria import points as pts
from schaffner.ttr_austria.game import Game


def labels_fit(g):
    for p in range(g.players):
        for label, _ in g.breakdown(p):
            assert len(label) <= 16, label


def test_blank_sheet():
    g = Game.new(3)
    assert g.totals() == [0, 0, 0]
    assert g.breakdown(0) == []
    assert g.ranking() == [(1, 0, 0), (1, 1, 0), (1, 2, 0)]


def test_route_points():
    g = Game.new(2)
    g.apply(("routes", 0, 4, 2))
    g.apply(("routes", 0, 8, 1))
    g.apply(("routes", 0, 1, 3))
    # 2 x 7 + 1 x 21 + 3 x 1 = 38 points, 2*4 + 8 + 3 = 19 cars.
    assert g.total(0) == 38
    assert g.trains(0) == 19
    assert g.breakdown(0) == [("Routes 1-car x3", 3), ("Routes 4-car x2", 14), ("Routes 8-car x1", 21)]
    g.apply(("routes", 0, 4, 0))  # counts are set, not added
    assert g.total(0) == 24


def test_at_most_45_train_cars():
    g = Game.new(2)
    g.apply(("routes", 1, 8, 5))  # 40 cars
    g.apply(("routes", 1, 5, 1))  # 45
    msg = rejects(g, g.apply, ("routes", 1, 1, 1))
    assert "46" in msg
    assert g.max_routes(1, 1) == 0 and g.max_routes(1, 8) == 5 and g.max_routes(1, 5) == 1
    g.apply(("routes", 1, 5, 0))
    # 5 cars free: up to five 1-car routes, or the 5-car route again.
    assert g.max_routes(1, 1) == 5 and g.max_routes(1, 5) == 1 and g.max_routes(1, 6) == 0
    g.apply(("routes", 1, 1, 5))
    assert g.trains(1) == 45


def test_tickets_done_and_failed():
    g = Game.new(2)
    g.apply(("ticket", 0, 20, True))
    g.apply(("ticket", 0, 8, False))
    g.apply(("ticket", 0, 11, True))
    # +20 + 11 - 8 = 23; two done.
    assert g.total(0) == 23
    assert g.done_tickets(0) == 2
    assert g.breakdown(0) == [("Tickets done x2", 31), ("Tickets fail x1", -8)]
    g.apply(("unticket", 0, 1))
    assert g.tickets(0) == [(20, True), (11, True)]
    rejects(g, g.apply, ("unticket", 0, 2))
    rejects(g, g.apply, ("ticket", 0, 0, True))
    rejects(g, g.apply, ("ticket", 0, 100, True))


def test_sonderzug_example_by_hand():
    # Rulebook: Sonderzug worth 32, penalty 14.  Player 0 holds it and is
    # blocked: -32.  Player 1 blocked it by building the tourist route: -14.
    # Player 2 held another such ticket, built its route early and failed: -46.
    g = Game.new(3)
    g.apply(("ticket", 0, 32, False))
    g.apply(("penalty", 1, 14))
    g.apply(("ticket", 2, 32, False))
    g.apply(("penalty", 2, 14))
    assert g.totals() == [-32, -14, -46]
    assert g.breakdown(1) == [("Tourist pen. x1", -14)]


def test_penalties_add_and_remove():
    g = Game.new(2)
    g.apply(("penalty", 1, 8))
    g.apply(("penalty", 1, 3))
    assert g.total(1) == -11
    g.apply(("unpenalty", 1, 0))
    assert g.penalties(1) == (3,)
    rejects(g, g.apply, ("penalty", 1, 0))
    rejects(g, g.apply, ("penalty", 1, -8))
    rejects(g, g.apply, ("unpenalty", 1, 5))


def test_taurach_and_schafbergbahn():
    g = Game.new(3)
    g.apply(("bahn", 0, 0, pts.BAHN_DONE))  # Taurachbahn with its ticket: +3
    g.apply(("bahn", 1, 1, pts.BAHN_BUILT))  # Schafbergbahn without: -1
    g.apply(("bahn", 2, 1, pts.BAHN_MISSED))  # holds it, player 1 built it: -3
    assert g.totals() == [3, -1, -3]
    assert g.breakdown(0) == [("Taurachbahn", 3)]
    assert g.done_tickets(0) == 1  # counts for the tie-break
    # One builder and one ticket holder per route.
    assert "built" in rejects(g, g.apply, ("bahn", 1, 0, pts.BAHN_BUILT))
    assert "ticket" in rejects(g, g.apply, ("bahn", 2, 0, pts.BAHN_MISSED))
    rejects(g, g.apply, ("bahn", 0, 1, pts.BAHN_DONE))
    rejects(g, g.apply, ("bahn", 0, 2, pts.BAHN_DONE))
    rejects(g, g.apply, ("bahn", 0, 0, 4))
    # What each may still choose: player 1 built Schafbergbahn, player 2 holds its ticket.
    assert g.bahn_states(0, 1) == [pts.BAHN_NONE]
    assert g.bahn_states(2, 1) == [pts.BAHN_NONE, pts.BAHN_MISSED]
    assert g.bahn_states(1, 0) == [pts.BAHN_NONE]
    g.apply(("bahn", 0, 0, pts.BAHN_NONE))
    assert g.bahn_states(1, 0) == [0, 1, 2, 3]
    g.apply(("bahn", 1, 0, pts.BAHN_BUILT))
    assert g.bahn(1, 0) == pts.BAHN_BUILT


def test_longest_track_to_every_tied_player():
    g = Game.new(3)
    g.apply(("longest", 0, 14))
    g.apply(("longest", 1, 14))
    g.apply(("longest", 2, 9))
    # 0 and 1 tie at 14 cars: 10 each.
    assert g.totals() == [10, 10, 0]
    assert g.breakdown(1) == [("Longest track", 10)]


def test_longest_bonus_by_flag_overrides_lengths():
    g = Game.new(2)
    g.apply(("longest", 0, 20))
    g.apply(("lbonus", 1, True))
    assert g.totals() == [0, 10]
    g.apply(("lbonus", 1, False))
    assert g.totals() == [10, 0]


def test_longest_off_still_breaks_ties():
    g = Game.new(2, longest=False)
    g.apply(("longest", 0, 12))
    g.apply(("longest", 1, 15))
    g.apply(("routes", 0, 3, 1))
    g.apply(("routes", 1, 3, 1))
    assert g.totals() == [4, 4]
    # Same total, same tickets done (0): the longer track wins.
    assert g.ranking() == [(1, 1, 4), (2, 0, 4)]


def test_west_east_path():
    g = Game.new(2)
    g.apply(("we", 1, True))
    assert g.totals() == [0, 10]
    assert g.breakdown(1) == [("West-East path", 10)]
    off = Game.new(2, west_east=False)
    assert "off" in rejects(off, off.apply, ("we", 0, True))


def test_stations_option():
    g = Game.new(2, stations=True)
    # 3 unused stations each by default: +12.
    assert g.totals() == [12, 12]
    g.apply(("stations", 0, 1))
    assert g.totals() == [4, 12]
    assert g.breakdown(0) == [("Stations left x1", 4)]
    rejects(g, g.apply, ("stations", 0, 4))
    off = Game.new(2)
    assert "off" in rejects(off, off.apply, ("stations", 0, 3))


def test_full_sheet_and_ranking_by_hand():
    g = Game.new(3)
    # Player 0: 6-car + 2x 3-car = 15 + 8 = 23; tickets +20 -9; longest 10.  Total 44.
    g.apply(("routes", 0, 6, 1))
    g.apply(("routes", 0, 3, 2))
    g.apply(("ticket", 0, 20, True))
    g.apply(("ticket", 0, 9, False))
    g.apply(("longest", 0, 12))
    # Player 1: 5x 4-car = 35; tickets +13 +5; penalty -8; W-E +10; Taurachbahn -1. Total 54.
    g.apply(("routes", 1, 4, 5))
    g.apply(("ticket", 1, 13, True))
    g.apply(("ticket", 1, 5, True))
    g.apply(("penalty", 1, 8))
    g.apply(("we", 1, True))
    g.apply(("bahn", 1, 0, pts.BAHN_BUILT))
    g.apply(("longest", 1, 11))
    # Player 2: 2x 5-car = 20; tickets +12 +9 +3; total 44: ties player 0 but
    # with 3 tickets done against 1.
    g.apply(("routes", 2, 5, 2))
    for v in (12, 9, 3):
        g.apply(("ticket", 2, v, True))
    assert g.totals() == [44, 54, 44]
    assert g.ranking() == [(1, 1, 54), (2, 2, 44), (3, 0, 44)]
    assert sum(pts for _, pts in g.breakdown(1)) == 54
    labels_fit(g)


def test_totals_follow_every_action():
    g = Game.new(2)
    g.apply(("longest", 0, 5))
    assert g.totals() == [10, 0]
    g.apply(("longest", 1, 6))  # Blue's track is longer now: the bonus moves to Blue
    assert g.totals() == [0, 10] and g.total(0) == 0 and g.total(1) == 10
    assert g.ranking() == [(1, 1, 10), (2, 0, 0)]
    g.apply(("routes", 0, 6, 1))  # Red's 15 points for a 6-car route
    assert g.ranking() == [(1, 0, 15), (2, 1, 10)]
    handed = g.totals()
    handed[0] = 99  # the lists handed out are the caller's to change
    g.ranking().pop()
    assert g.total(0) == 15 and len(g.ranking()) == 2
