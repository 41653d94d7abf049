"""Der Taubertal-Express: actions out of turn, out of phase, or not actions at all."""
from support import raises, rejects
from schaffner.taubertal import Game


def refuse(g, action, words):
    msg = rejects(g, g.apply, action)
    assert words in msg, msg
    assert len(msg) <= 60, msg
    return msg


def in_rounds(players):
    g = Game.new(players)
    for p in g.turn_order():
        g.apply(("ticket", p))
    for _ in range(3 * players):
        g.apply(("tile", g.acting()))
    for p in g.turn_order():
        g.apply(("hire", p, 0))
    return g


def to_final(g):
    while g.phase() != "final":
        ph, p = g.phase(), g.acting()
        if ph == "tickets":
            g.apply(("ticket", p))
        elif ph == "tiles":
            g.apply(("tile", p))
        elif ph == "hire":
            g.apply(("hire", p, 0))
        elif ph == "round":
            g.apply(("done", p))
        else:
            g.apply((ph,))


def test_fifth_player_and_bad_seats():
    assert "2 to 4" in str(raises(ValueError, Game.new, 5))
    g = Game.new(4)
    refuse(g, ("ticket", 4), "No player 5")
    refuse(g, ("ticket", -1), "No player 0")
    refuse(g, ("ticket", "1"), "seat number")
    refuse(g, ("vp", 7, 3), "No player 8")


def test_malformed_actions():
    g = Game.new(2)
    refuse(g, ("fly", 0), "Unknown action")
    refuse(g, (), "Not an action")
    refuse(g, "ticket", "Not an action")
    refuse(g, (3, 0), "Unknown action")
    refuse(g, ("ticket",), "Wrong number")
    refuse(g, ("ticket", 0, 1), "Wrong number")
    refuse(g, ("payday", 0), "Wrong number")


def test_out_of_turn():
    g = Game.new(3)
    refuse(g, ("ticket", 1), "Not P2's turn: P1 acts")
    refuse(g, ("replace_ticket", 2), "Not P3's turn")
    g.apply(("ticket", 0))
    g.apply(("ticket", 1))
    g.apply(("ticket", 2))
    g.apply(("tile", 0))
    refuse(g, ("tile", 0), "Not P1's turn: P2 acts")
    g = in_rounds(3)
    refuse(g, ("done", 1), "Not P2's turn")
    refuse(g, ("build", 2, "kiosk"), "Not P3's turn")
    refuse(g, ("sale", 1, 1, 0, 0, 0), "Not P2's turn")
    refuse(g, ("carriage", 2, "worker"), "Not P3's turn")


def test_out_of_phase():
    g = Game.new(2)
    refuse(g, ("tile", 0), "ticket draft")
    refuse(g, ("sale", 0, 1, 0, 0, 0), "ticket draft")
    refuse(g, ("payday",), "ticket draft")
    refuse(g, ("final", 0, "pax", 1), "ticket draft")
    g = in_rounds(2)
    refuse(g, ("hire", 0, 1), "rounds")
    refuse(g, ("ticket", 0), "rounds")
    refuse(g, ("refill",), "rounds")
    refuse(g, ("payday",), "rounds")
    while g.phase() == "round":
        g.apply(("done", g.acting()))
    refuse(g, ("refill",), "payday")
    refuse(g, ("done", 0), "payday")
    g.apply(("payday",))
    refuse(g, ("payday",), "refill")
    refuse(g, ("build", 0, "kiosk"), "refill")


def test_nothing_goes_after_the_final_payday():
    g = Game.new(2)
    to_final(g)
    refuse(g, ("refill",), "final scoring")
    refuse(g, ("done", 0), "final scoring")
    refuse(g, ("final", 0, "pax", 2), "P1 has no Empfangshalle")
    refuse(g, ("final", 0, "laps", 2), "Unknown scoring input")
