"""Der Taubertal-Express: goods sales, payday, tickets replaced, building costs."""
from schaffner.taubertal import Game
from schaffner.taubertal.scoring import sale_value
from taubertal_steps import finish_pass, to_payday, to_rounds


def test_franziskas_sale():
    # Rulebook: 2 wine, 1 sheep, 1 grain.  Wine first: 2 x 1 coin; then sheep
    # and grain, one at 2 and one at 3 coins: 2 + 2 + 3 = 7 coins; 4 tokens x 2 = 8 VP.
    assert sale_value((2, 1, 1, 0)) == (7, 8)
    g = Game.new(2)
    to_rounds(g)
    g.apply(("carriage", 0, "freight"))
    g.apply(("carriage", 0, "freight"))
    assert g.sale_preview(0, 2, 1, 1, 0) == (7, 8)
    assert g.coins[0] == 1 and g.vp[0] == 0  # a preview changes nothing
    g.apply(("sale", 0, 2, 1, 1, 0))
    assert g.coins[0] == 8
    assert g.vp[0] == 8


def test_sale_order_of_types_by_count():
    # 1 wine, 3 sheep, 2 grain, 3 tools: sheep and tools (3 each) at 1 and 2
    # coins, grain at 3, wine at 3: 3 + 6 + 6 + 3 = 18 coins; 9 tokens = 18 VP
    assert sale_value((1, 3, 2, 3)) == (18, 18)
    # a single type pays 1 coin a token
    assert sale_value((0, 0, 4, 0)) == (4, 8)
    # two types 3 and 1: 3 x 1 + 1 x 2 = 5 coins
    assert sale_value((0, 1, 0, 3)) == (5, 8)


def test_lagerhaus_lets_one_freight_carriage_hold_three():
    g = Game.new(2)
    to_rounds(g)
    g.apply(("carriage", 0, "freight"))
    assert g.goods_room(0) == 2
    g.apply(("cubes", 0, 2))
    g.apply(("build", 0, "lagerhaus"))  # 3 cubes
    assert g.goods_room(0) == 3
    g.apply(("carriage", 0, "freight"))
    assert g.goods_room(0) == 5  # 3 + 2: only one carriage is turned over
    # 3 wine, 2 tools: 3 x 1 + 2 x 2 = 7 coins, 10 VP
    g.apply(("sale", 0, 3, 0, 0, 2))
    assert (g.coins[0], g.vp[0]) == (8, 10)


def test_zollamt_takes_one_token_per_sale():
    g = Game.new(3)
    to_rounds(g)
    g.apply(("carriage", 0, "freight"))
    g.apply(("cubes", 0, 2))
    g.apply(("build", 0, "zollamt"))
    g.apply(("sale", 0, 1, 1, 0, 0))  # 1 + 2 coins, 4 VP
    assert g.zoll == [1, 0, 0]
    g.apply(("sale", 0, 0, 0, 1, 0))  # 1 coin, 2 VP
    assert g.zoll == [2, 0, 0]
    assert g.coins[0] == 1 + 3 + 1
    assert g.vp[0] == 6


def test_max_pays_all_three_hired_workers():
    # Rulebook: Max has 5 coins and hired 3 workers, used only 2: he pays 3.
    g = Game.new(2)
    to_rounds(g)
    g.apply(("carriage", 0, "worker"))  # room for 4 workers from next pass
    finish_pass(g)
    to_rounds(g, (3, 0))
    g.apply(("coins", 0, 4))  # 1 + 4 = 5 coins
    to_payday(g)
    assert g.payday_preview(0) == (3, 0, 3, 0, 0)
    g.apply(("payday",))
    assert g.coins[0] == 2
    assert g.vp[0] == 0
    assert g.hired == [0, 0]  # workers go back to the display


def test_unpaid_workers_cost_three_vp_each_down_to_minus_five():
    g = Game.new(2)
    to_rounds(g, (2, 2))
    g.apply(("vp", 1, 4))
    g.apply(("coins", 0, -1))  # P1 has no money left
    to_payday(g)
    # P1: 2 unpaid -> -6 VP, but the track stops at -5
    assert g.payday_preview(0) == (2, 0, 0, 2, 5)
    # P2: 1 coin pays one worker; one unpaid -> 4 - 3 = 1 VP
    assert g.payday_preview(1) == (2, 0, 1, 1, 3)
    g.apply(("payday",))
    assert g.vp == [-5, 1]
    assert g.coins == [0, 0]


def test_dienstwohnhaus_pays_one_worker_less_from_two_hired():
    g = Game.new(2)
    to_rounds(g, (2, 1))
    g.apply(("cubes", 0, 2))
    g.apply(("build", 0, "dienstwohnhaus"))
    g.apply(("coins", 0, 3))
    g.apply(("done", 0))
    g.apply(("cubes", 1, 1))
    g.apply(("build", 1, "dienstwohnhaus"))
    to_payday(g)
    # P1 hired 2: one free, pays 1.  P2 hired 1: no free worker, pays 1.
    assert g.payday_preview(0) == (2, 1, 1, 0, 0)
    assert g.payday_preview(1) == (1, 0, 1, 0, 0)
    g.apply(("payday",))
    assert g.coins == [3, 0]


def test_kantine_worker_is_paid_at_payday():
    g = Game.new(2)
    to_rounds(g, (1, 0))
    g.apply(("build", 0, "kantine"))
    assert g.hired[0] == 2
    g.apply(("done", 0))
    to_payday(g)
    # 2 workers, 1 coin: one unpaid, -3 VP from 0
    assert g.payday_preview(0) == (2, 0, 1, 1, 3)


def test_kantine_without_a_free_space_brings_no_worker():
    g = Game.new(3)
    to_rounds(g, (2, 0, 0))
    g.apply(("build", 0, "kantine"))
    assert g.hired[0] == 2


def test_replaced_ticket_costs_three_vp_never_below_minus_five():
    g = Game.new(2)
    g.apply(("vp", 0, 2))
    g.apply(("replace_ticket", 0))
    assert g.vp[0] == -1
    g.apply(("ticket", 0))
    g.apply(("ticket", 1))
    for _ in range(4):
        g.apply(("tile", g.acting()))
    g.apply(("tile", 0))
    g.apply(("tile", 1))
    g.apply(("hire", 0, 0))
    g.apply(("hire", 1, 0))
    g.apply(("replace_ticket", 0))
    assert g.vp[0] == -4
    g.apply(("replace_ticket", 0))
    assert g.vp[0] == -5
    g.apply(("vp", 0, -3))
    assert g.vp[0] == -5


def test_light_purple_costs_three_cubes_dark_purple_the_price():
    g = Game.new(2)
    to_rounds(g)
    g.apply(("cubes", 0, 4))  # 1 + 4 = 5
    g.apply(("build", 0, "stellwerk"))
    assert g.cubes[0] == 2
    g.apply(("coins", 0, 5))  # 6 coins
    g.apply(("build", 0, "postamt", None, 4))
    assert g.coins[0] == 2
    assert g.building_charge(0, "wasserturm") == (3, 0)


def test_bankhaus_takes_one_coin_off_after_four_buildings():
    g = Game.new(2)
    to_rounds(g)
    g.apply(("cubes", 0, 7))  # 8 cubes
    g.apply(("coins", 0, 9))  # 10 coins
    g.apply(("build", 0, "bankhaus"))
    g.apply(("build", 0, "kiosk", None, 2))  # only 1 building so far: full price
    assert g.coins[0] == 8
    assert g.cubes[0] == 8  # 8 - 3 + 3 Kiosk cubes
    g.apply(("build", 0, "stellwerk"))
    g.apply(("build", 0, "elektrizitaetswerk"))
    assert g.vp[0] == 3  # Elektrizitaetswerk
    # now 4 station buildings: a price of 3 costs 2
    assert g.building_charge(0, "postamt", 3) == (0, 2)
    g.apply(("build", 0, "postamt", None, 3))
    assert g.coins[0] == 6
    # a building paid by hand (price 0) stays free
    assert g.building_charge(0, "lokschuppen", 0) == (0, 0)


def test_kiosk_cubes_fill_the_coal_carriage_only():
    g = Game.new(2)
    to_rounds(g)
    g.apply(("cubes", 0, 6))  # 7 cubes
    g.apply(("build", 0, "kiosk"))
    assert g.cubes[0] == 8


def test_built_over_wagenwerkstatt_returns_cubes_above_eight():
    g = Game.new(2)
    to_rounds(g)
    g.apply(("cubes", 0, 2))
    g.apply(("build", 0, "wagenwerkstatt"))
    g.apply(("cubes", 0, 10))
    assert g.cubes[0] == 10
    g.apply(("build", 0, "kohlenlager", "wagenwerkstatt"))
    assert g.cubes[0] == 8
