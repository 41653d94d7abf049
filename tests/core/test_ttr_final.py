"""TtR Austria: the whole final scoring from a map and the claims, computed by hand."""
from support import raises
from schaffner.ttr_austria.board import EAST, WEST, Board
from schaffner.ttr_austria.claims import Claims
from schaffner.ttr_austria.final import score_board


def board():
    """W (west) -3- A -4- B -2- E (east); A -2- T is the tourist route "Tbahn"
    (penalty 14) of the Sonderzug T-E (Punkte 32, Strafe 14), T a terminal.
    B =1= X is a double route; X -1- Y the Feistritztalbahn (-8) with its
    ticket Y-W worth 12.  Ticket W-E is worth 10."""
    b = Board("test")
    for name, side in (("W", WEST), ("A", 0), ("B", 0), ("E", EAST), ("T", 0), ("X", 0), ("Y", 0)):
        b.add_city(name, side)
    b.add_route("W", "A", 3)
    b.add_route("A", "B", 4)
    b.add_route("B", "E", 2)
    b.add_route("B", "X", 1, 2)
    b.add_tourist("A", "T", 2, "Tbahn", 14)
    b.add_tourist("X", "Y", 1, "Feistritztalbahn", 8)
    b.add_sonderzug("T", "E", 32, 14, "Tbahn")
    b.add_ticket("Y", "W", 12, "Feistritztalbahn")
    b.add_ticket("W", "E", 10)
    return b


def play(routes, tickets, placed=None, **options):
    c = Claims(board())
    for p in range(len(routes)):
        c.add_player("P%d" % p)
        for r in routes[p]:
            c.add_route(p, r[0], r[1])
        for t in tickets[p]:
            c.add_ticket(p, t[0], t[1])
        for city in (placed or {}).get(p, ()):
            c.add_station(p, city)
    return score_board(c.board, c, **options)


def test_blocker_loses_14_holder_loses_32():
    # P0 holds the Sonderzug T-E and builds W-A-B-E; P1 blocks by building
    # the tourist route A-T without the ticket.
    game, details = play([["WA", "AB", "BE"], ["AT"]], [["TE"], []])
    # P0: routes 4 + 7 + 2 = 13, Sonderzug -32, longest (9 cars) +10,
    # West-East W..E +10: 1.  P1: route 2, penalty -14: -12.
    assert game.totals() == [1, -12]
    assert details[0]["tickets"] == [(0, False)] and details[0]["fined"] == []
    assert details[1]["fined"] == [0]
    assert details[0]["longest"] == 9 and details[0]["we"]
    assert game.breakdown(1) == [("Routes 2-car x1", 2), ("Tourist pen. x1", -14)]


def test_holder_who_built_the_tourist_route_and_failed_loses_both():
    # P0 holds T-E, builds A-T and W-A; P1 blocks A-B.
    game, details = play([["AT", "WA"], ["AB"]], [["TE"], []])
    # P0: routes 2 + 4 = 6, -32, -14, longest 5 > 4: +10 -> -30.  P1: 7.
    assert game.totals() == [-30, 7]
    assert details[0]["fined"] == [0]


def test_completed_sonderzug_scores_32_and_no_penalty():
    game, details = play([["AT", "AB", "BE"], []], [["TE"], []])
    # Routes 2 + 7 + 2 = 11, +32, longest T-A-B-E 8 cars +10; no W: no W-E.
    assert game.totals() == [53, 0]
    assert details[0]["tickets"] == [(0, True)] and not details[0]["we"]


def test_feistritztalbahn_without_ticket_costs_8():
    game, details = play([["XY"], ["WA"]], [[], []])
    # P0: route 1, -8, longest 1 < 3.  P1: 4 + 10.
    assert game.totals() == [-7, 14]
    assert details[0]["fined"] == [1]


def test_both_tracks_of_a_double_with_three_players_is_refused():
    c = Claims(board())
    for p in range(3):
        c.add_player("P%d" % p)
    c.add_route(0, "B", "X")
    c.add_route(1, "B", "X")
    raises(ValueError, score_board, c.board, c)


def test_tourist_path_of_two_routes_with_two_tickets():
    # Tourist path "Zbahn" (penalty 5) is A-T1-T2, two 1-car routes; both
    # tickets T2-W (6) and T2-E (7) belong to it.  W -3- A -2- E.
    b = Board()
    for name in ("W", "A", "T1", "T2", "E"):
        b.add_city(name)
    b.add_route("W", "A", 3)
    b.add_route("A", "E", 2)
    b.add_tourist("A", "T1", 1, "Zbahn", 5)
    b.add_tourist("T1", "T2", 1, "Zbahn", 5)
    b.add_ticket("T2", "W", 6, "Zbahn")
    b.add_ticket("T2", "E", 7, "Zbahn")

    def score(routes, tickets):
        c = Claims(b)
        for p in range(2):
            c.add_player("P%d" % p)
            for r in routes[p]:
                c.add_route(p, r[0], r[1])
            for t in tickets[p]:
                c.add_ticket(p, t[0], t[1])
        return score_board(b, c, west_east=False)[0].totals()

    # P0 builds the path and W-A, holds both: T2-W done (+6), T2-E failed
    # (-7); one done ticket spares the penalty.  Routes 1 + 1 + 4, longest
    # W-A-T1-T2 (5 cars) +10: 15.  P1: A-E, 2.
    path = [("A", "T1"), ("T1", "T2")]
    assert score([path + [("W", "A")], [("A", "E")]], [[("T2", "W"), ("T2", "E")], []]) == [15, 2]
    # P1 builds both routes of the path with neither ticket: -5 once.
    # P0: W-A-E 4 + 2, longest 5 +10.  P1: 1 + 1 - 5.
    assert score([[("W", "A"), ("A", "E")], path], [[], []]) == [16, -3]
