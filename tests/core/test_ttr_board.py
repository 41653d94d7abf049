"""TtR Austria map and claims as data: every check, and a rejected item changes nothing."""
from support import raises
from schaffner.ttr_austria.board import EAST, WEST, Board
from schaffner.ttr_austria.claims import Claims


def small_board():
    b = Board("test")
    for name, side in (("Bregenz", WEST), ("Linz", 0), ("Wien", 0), ("Graz", 0), ("Fehring", EAST)):
        b.add_city(name, side)
    b.add_route("Bregenz", "Linz", 8)
    b.add_route("Linz", "Wien", 3)
    b.add_route("Wien", "Graz", 4, copies=2)
    b.add_route("Graz", "Fehring", 2)
    b.add_tourist("Graz", "Linz", 2, "Murbahn", 5)
    b.add_ticket("Bregenz", "Wien", 20)
    b.add_ticket("Linz", "Fehring", 9, "Murbahn")
    return b


def sizes(b):
    return (len(b.cities), len(b.routes), len(b.tourists), len(b.tickets), b.sides[:])


def refused(b, fn, *args):
    """fn must raise ValueError and leave the board as it was; returns the message."""
    before = sizes(b)
    msg = str(raises(ValueError, fn, *args))
    assert sizes(b) == before
    return msg


def test_board_lookups():
    b = small_board()
    assert b.city("Wien") == 2
    r = b.route_between(b.city("Graz"), b.city("Wien"))
    assert b.routes[r] == (2, 3, 4, 2, -1)
    assert b.route_name(r) == "Wien-Graz"
    assert b.route_between(0, 4) == -1
    assert b.side_cities(WEST) == [0] and b.side_cities(EAST) == [4]
    t = b.tourist("Murbahn")
    assert b.tourists[t] == ("Murbahn", 5)
    assert b.tickets_of(t) == [1]
    assert b.ticket_name(b.ticket_between(2, 0)) == "Bregenz-Wien"


def test_bad_cities():
    b = small_board()
    assert "already" in refused(b, b.add_city, "Wien")
    refused(b, b.add_city, "")
    refused(b, b.add_city, "Weiz", 3)


def test_bad_routes():
    b = small_board()
    assert refused(b, b.add_route, "Wein", "Linz", 2) == "Unknown city Wein"
    refused(b, b.add_route, "Linz", "Linz", 2)
    for length in (0, 9, -3, "2"):
        refused(b, b.add_route, "Bregenz", "Graz", length)
    # Duplicates, either way round, also as a double or tourist route.
    assert "already" in refused(b, b.add_route, "Wien", "Linz", 3)
    refused(b, b.add_route, "Linz", "Bregenz", 8, 2)
    refused(b, b.add_tourist, "Graz", "Wien", 1, "Xbahn", 3)
    refused(b, b.add_route, "Bregenz", "Graz", 2, 3)


def test_bad_tourist_routes():
    b = small_board()
    refused(b, b.add_tourist, "Bregenz", "Graz", 2, "", 5)
    refused(b, b.add_tourist, "Bregenz", "Graz", 2, "Xbahn", 0)
    # A second route of the same tourist path must carry the same penalty.
    assert "penalty 5" in refused(b, b.add_tourist, "Bregenz", "Graz", 2, "Murbahn", 6)
    b.add_tourist("Bregenz", "Graz", 2, "Murbahn", 5)
    assert len(b.tourists) == 1


def test_bad_tickets():
    b = small_board()
    assert "already" in refused(b, b.add_ticket, "Wien", "Bregenz", 11)
    refused(b, b.add_ticket, "Wien", "Wien", 11)
    refused(b, b.add_ticket, "Wien", "Fehring", 0)
    refused(b, b.add_ticket, "Wien", "Fehring", 100)
    assert "Unknown tourist" in refused(b, b.add_ticket, "Wien", "Fehring", 7, "Xbahn")
    # A Sonderzug's Strafe is its tourist route's penalty.
    assert "Strafe 14" in refused(b, b.add_sonderzug, "Bregenz", "Graz", 32, 14, "Murbahn")
    refused(b, b.add_sonderzug, "Bregenz", "Graz", 32, 5, "Nobahn")
    b.add_sonderzug("Bregenz", "Graz", 32, 5, "Murbahn")
    assert b.tickets[-1] == (0, 3, 32, 0, True)


def claims3():
    b = small_board()
    c = Claims(b)
    for name in ("Anna", "Bernd", "Clara"):
        c.add_player(name)
    return c


def claim_state(c):
    return ([r[:] for r in c.routes], [t[:] for t in c.tickets], [s[:] for s in c.stations], c.names[:])


def refused_claim(c, fn, *args):
    before = claim_state(c)
    msg = str(raises(ValueError, fn, *args))
    assert claim_state(c) == before
    return msg


def test_claims_routes():
    c = claims3()
    r = c.add_route(0, "Linz", "Bregenz")
    assert c.routes[0] == [r] and c.trains(0) == 8
    assert "taken by Anna" in refused_claim(c, c.add_route, 1, "Bregenz", "Linz")
    assert "No route" in refused_claim(c, c.add_route, 1, "Bregenz", "Wien")
    assert refused_claim(c, c.add_route, 1, "Wein", "Graz") == "Unknown city Wein"
    refused_claim(c, c.add_route, 3, "Wien", "Linz")
    # A double route: one track each for two players, never both for one.
    c.add_route(0, "Wien", "Graz")
    assert "already has" in refused_claim(c, c.add_route, 0, "Graz", "Wien")
    c.add_route(1, "Wien", "Graz")
    assert "taken" in refused_claim(c, c.add_route, 2, "Wien", "Graz")
    assert c.builders(c.board.route_between(2, 3)) == [0, 1]


def test_double_route_with_two_or_three_players():
    c = claims3()
    c.add_route(0, "Wien", "Graz")
    c.add_route(2, "Wien", "Graz")
    assert c.double_conflicts() == [2]
    assert "one track" in str(raises(ValueError, c.check))
    c.add_player("Dora")  # with 4 players both tracks may be built
    assert c.double_conflicts() == []
    c.check()


def test_at_most_45_trains():
    b = Board()
    for i in range(7):
        b.add_city("C%d" % i)
    for i in range(6):
        b.add_route("C%d" % i, "C%d" % (i + 1), 8)
    c = Claims(b)
    c.add_player("Anna")
    for i in range(5):
        c.add_route(0, "C%d" % i, "C%d" % (i + 1))
    assert "48 trains" in refused_claim(c, c.add_route, 0, "C5", "C6")


def test_claims_tickets_and_stations():
    c = claims3()
    c.add_ticket(1, "Wien", "Bregenz")
    assert "held by Bernd" in refused_claim(c, c.add_ticket, 2, "Bregenz", "Wien")
    assert "No ticket" in refused_claim(c, c.add_ticket, 2, "Graz", "Wien")
    c.add_station(0, "Wien")
    assert "station of Anna" in refused_claim(c, c.add_station, 1, "Wien")
    c.add_station(0, "Linz")
    c.add_station(0, "Graz")
    assert "only 3" in refused_claim(c, c.add_station, 0, "Fehring")
    refused_claim(c, c.add_station, 1, "Nowhere")


def test_claims_players():
    c = Claims(small_board())
    c.add_player("Anna")
    assert "At least 2" in str(raises(ValueError, c.check))
    assert "already" in refused_claim(c, c.add_player, "Anna")
    refused_claim(c, c.add_player, "")
    for name in "BCDE":
        c.add_player(name)
    assert "At most 5" in refused_claim(c, c.add_player, "F")
