"""TtR Austria final scoring from a map: connectivity, stations, longest track and options.

The map and the helper are test_ttr_final's (see its board() for the picture).
"""
from support import raises
from test_ttr_final import play


def test_ticket_connectivity_through_a_double_route():
    # P0 and P1 each take one track of B=X (4 players allowed both).  P0
    # joins W-A-B-X-Y: ticket Y-W done (+12), so no Feistritztalbahn penalty.
    routes = [["WA", "AB", "BX", "XY"], ["BX"], [], []]
    game, details = play(routes, [["YW"], [], [], []], longest=False)
    # P0: 4 + 7 + 1 + 1 = 13, +12; longest off.  P1: 1.
    assert game.totals() == [25, 1, 0, 0]
    assert details[0]["tickets"] == [(1, True)] and details[0]["fined"] == []


def test_station_borrows_a_route_for_a_ticket_only():
    # P0 built W-A and B-E and holds W-E; P1 built A-B.  P0's station in A
    # uses A-B: W-E done (+10).  Not for West-East or longest track.
    game, details = play([["WA", "BE"], ["AB"]], [["WE"], []], {0: ["A"]}, stations=True)
    # P0: 4 + 2 + 10 + 2 stations left x4 = 24.  P1: 7 + longest (4) 10 + 12.
    assert game.totals() == [24, 29]
    assert details[0]["borrowed"] == [1] and not details[0]["we"]
    # Without the station the ticket fails: 4 + 2 - 10 + 3 x 4 = 8.
    game, details = play([["WA", "BE"], ["AB"]], [["WE"], []], stations=True)
    assert game.totals() == [8, 29] and details[0]["borrowed"] == []


def test_stations_need_the_option():
    raises(ValueError, play, [["WA"], ["AB"]], [[], []], {0: ["A"]})


def test_longest_track_bonus_and_options_off():
    # P0: W-A (3) and B-X (1), apart: longest 3.  P1: A-B, 4: P1's bonus.
    game, _ = play([["WA", "BX"], ["AB"]], [[], []])
    assert game.totals() == [4 + 1, 7 + 10]
    # Tied longest tracks of 2: P0's A-T (Tbahn, without its ticket: -14)
    # and P1's B-E: both get 10.  P0: 2 + 1 - 14 + 10.
    game, details = play([["AT", "BX"], ["BE"]], [[], []], west_east=False)
    assert [d["longest"] for d in details] == [2, 2]
    assert game.totals() == [-1, 12]
    # Both bonuses off: W-A-B-E scores its routes only.
    game, details = play([["WA", "AB", "BE"], []], [[], []], longest=False, west_east=False)
    assert game.totals() == [13, 0] and details[0]["we"]
    assert game.ranking() == [(1, 0, 13), (2, 1, 0)]
