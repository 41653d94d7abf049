"""Der Taubertal-Express: bad numbers and impossible builds, sales, carriages, inputs."""
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


def test_counts_must_be_whole_and_not_negative():
    g = Game.new(2)
    g.apply(("ticket", 0))
    g.apply(("ticket", 1))
    for _ in range(6):
        g.apply(("tile", g.acting()))
    refuse(g, ("hire", 0, -1), "Workers cannot be negative")
    refuse(g, ("hire", 0, "2"), "whole number")
    refuse(g, ("hire", 0, 3), "P1 has room for 2 workers")
    g.apply(("hire", 0, 2))
    g.apply(("hire", 1, 1))
    g.apply(("carriage", 0, "freight"))
    refuse(g, ("sale", 0, -1, 1, 0, 0), "Goods count cannot be negative")
    refuse(g, ("sale", 0, 1, 0, 0, 2.5), "whole number")
    refuse(g, ("sale", 0, 0, 0, 0, 0), "Nothing to sell")
    refuse(g, ("sale", 0, 2, 1, 0, 0), "hold 2 goods")
    refuse(g, ("build", 0, "kiosk", None, -2), "Price cannot be negative")
    refuse(g, ("vp", 0, 0), "Nothing to change")
    refuse(g, ("coins", 0, 1.5), "whole number")
    refuse(g, ("coins", 1, -2), "Not enough money: P2 has 1")
    refuse(g, ("cubes", 0, -2), "Not enough cubes: P1 has 1")


def test_sale_needs_a_freight_carriage():
    g = in_rounds(2)
    refuse(g, ("sale", 0, 1, 0, 0, 0), "no freight carriage")
    assert "no freight" in str(raises(ValueError, g.sale_preview, 0, 1, 0, 0, 0))


def test_building_refusals():
    g = in_rounds(3)
    refuse(g, ("build", 0, "rathaus"), "Unknown building: rathaus")
    refuse(g, ("build", 0, 7), "Unknown building")
    refuse(g, ("build", 0, "lagerhaus"), "Lagerhaus needs 3 cubes")
    refuse(g, ("build", 0, "lagerhaus", None, 2), "costs 3 cubes, not coins")
    refuse(g, ("build", 0, "kiosk", None, 5), "Kiosk costs 5 coins")
    refuse(g, ("build", 0, "kiosk", "postamt"), "Postamt is not in P1's station")
    refuse(g, ("build", 0, "kiosk", "bahnhof"), "Unknown building: bahnhof")
    g.apply(("build", 0, "kantine"))
    refuse(g, ("build", 0, "kantine"), "P1 already has a Kantine")
    g.apply(("build", 0, "kiosk", "kantine"))
    refuse(g, ("build", 0, "kantine"), "P1 already has a Kantine")  # built over still counts
    g.apply(("done", 0))
    g.apply(("build", 1, "kantine"))
    g.apply(("done", 1))
    # 3 players: 2 Kantine tiles, both taken
    refuse(g, ("build", 2, "kantine"), "No Kantine left")
    assert "kantine" not in g.buildable(2)
    assert "kiosk" in g.buildable(2)


def test_carriage_refusals():
    g = in_rounds(2)
    refuse(g, ("carriage", 0, "passenger"), "worker or freight")
    for _ in range(12):
        g.apply(("carriage", 0, "freight"))
    refuse(g, ("carriage", 0, "freight"), "No freight carriage left")
    for _ in range(10):
        g.apply(("carriage", 0, "worker"))  # 12 with the two they started with
    refuse(g, ("carriage", 0, "worker"), "No worker carriage left")


def test_final_input_refusals():
    g = in_rounds(2)
    g.apply(("cubes", 0, 2))
    g.apply(("build", 0, "wagenmeisterei"))
    to_final(g)
    refuse(g, ("final", 0, "halls", 2), "1 (yes) or 0 (no)")
    refuse(g, ("final", 0, "halls", -1), "cannot be negative")
    refuse(g, ("final", 1, "halls", 1), "P2 has no Wagenmeisterei")
    g.apply(("final", 0, "halls", 1))
    assert g.score_lines(0)[-2] == ("Wagenmeisterei", 5)
