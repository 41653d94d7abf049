"""Der Taubertal-Express: refused actions.

Out of turn or phase, not actions at all, bad numbers, impossible builds, sales, carriages, inputs.
"""
from support import raises
from schaffner.taubertal import Game
from schaffner.taubertal import buildings as B
from taubertal_steps import refuse, to_final, to_payday, to_rounds


def test_seats_outside_the_game():
    # a fifth player (Game.new(5)) is refused in test_taubertal_setup
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
    g = to_rounds(Game.new(3))
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
    g = to_rounds(Game.new(2))
    refuse(g, ("hire", 0, 1), "rounds")
    refuse(g, ("ticket", 0), "rounds")
    refuse(g, ("refill",), "rounds")
    refuse(g, ("payday",), "rounds")
    to_payday(g)
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
    g = to_rounds(Game.new(2))
    refuse(g, ("sale", 0, 1, 0, 0, 0), "no freight carriage")
    assert "no freight" in str(raises(ValueError, g.sale_preview, 0, 1, 0, 0, 0))


def test_building_refusals():
    g = to_rounds(Game.new(3))
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
    # all 22 in the rulebook's order, less what the player owns (built over too) and the
    # dark purple ones whose n - 1 tiles are gone; light purple ones never run out
    every = list(B.IDS)
    assert g.buildable(2) == [b for b in every if b != "kantine"]
    assert g.buildable(0) == [b for b in every if b not in ("kiosk", "kantine")]
    assert g.buildable(1) == [b for b in every if b != "kantine"]
    g.apply(("build", 2, "kiosk"))  # the second of the Kiosk's two tiles
    assert g.buildable(1) == [b for b in every if b not in ("kantine", "kiosk")]
    assert "lagerhaus" in g.buildable(1)  # light purple (cubes): any number of them


def test_carriage_refusals():
    g = to_rounds(Game.new(2))
    refuse(g, ("carriage", 0, "passenger"), "worker or freight")
    for _ in range(12):
        g.apply(("carriage", 0, "freight"))
    refuse(g, ("carriage", 0, "freight"), "No freight carriage left")
    for _ in range(10):
        g.apply(("carriage", 0, "worker"))  # 12 with the two they started with
    refuse(g, ("carriage", 0, "worker"), "No worker carriage left")


def test_final_input_refusals():
    g = to_rounds(Game.new(2))
    g.apply(("cubes", 0, 2))
    g.apply(("build", 0, "wagenmeisterei"))
    to_final(g)
    refuse(g, ("final", 0, "halls", 2), "1 (yes) or 0 (no)")
    refuse(g, ("final", 0, "halls", -1), "cannot be negative")
    refuse(g, ("final", 1, "halls", 1), "P2 has no Wagenmeisterei")
    g.apply(("final", 0, "halls", 1))
    assert g.score_lines(0)[-2] == ("Wagenmeisterei", 5)
