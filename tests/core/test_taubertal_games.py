"""Der Taubertal-Express: whole games through all 7 passes, action by action."""
from schaffner.taubertal import Game
from taubertal_steps import scripted


def play(g, extra, hire=0, reward=None):
    """Play to the final scoring; returns each pass's turn order.

    extra[(pass, round, seat)]: actions in that turn; reward: the action each
    player applies at the start of every round-1 turn (None for nothing).
    """
    orders = []
    while g.phase() != "final":
        if g.phase() == "tickets" and g.acting() == g.turn_order()[0]:
            if len(orders) < g.pass_no():
                orders.append(g.turn_order())
        if reward and g.phase() == "round" and g.round_no() == 1:
            g.apply((reward[0], g.acting(), reward[1]))
        for a in scripted(g, extra, hire):
            g.apply(a)
    return orders


FOUR = {
    (1, 1, 0): (("build", 0, "postamt"),),
    (2, 1, 1): (("build", 1, "wasserturm"),),
    (3, 1, 2): (("build", 2, "elektrizitaetswerk"),),
    (4, 1, 3): (("build", 3, "dienstwohnhaus"),),
    (5, 1, 0): (("build", 0, "zollamt"),),
    (5, 2, 0): (("carriage", 0, "freight"), ("sale", 0, 1, 1, 0, 0)),
    (6, 1, 1): (("build", 1, "lokschuppen", None, 2),),
    (7, 1, 2): (("build", 2, "bahnmeisterei", "elektrizitaetswerk"),),
}


def test_four_player_game():
    # Everyone hires 1 worker a pass and gets 2 coins on each round-1 turn:
    # +2 - 1 = +1 coin a pass.  One building a pass, each moving its builder.
    g = Game.new(4)
    orders = play(g, FOUR, hire=1, reward=("coins", 2))
    # stamps start 4,3,2,1; each build lands on top of its space
    assert orders == [
        [0, 1, 2, 3],  # P1 builds (space 1)
        [0, 1, 2, 3],  # P2 builds (space 1, on top of P1)
        [1, 0, 2, 3],  # P3 builds
        [2, 1, 0, 3],  # P4 builds
        [3, 2, 1, 0],  # P1 builds again: space 2
        [0, 3, 2, 1],  # P2 to space 2, on top of P1
        [1, 0, 3, 2],  # P3 builds over: to the top
    ]
    assert g.standing() == [2, 1, 0, 3]
    assert g.pass_no() == 7 and g.phase() == "final"
    # coins: 1 + 7 = 8; P1 sold 1 wine + 1 sheep for 1 + 2 = 3; P2 paid 2 for
    # the Lokschuppen.  VP: P1 2 x 2 for the sale, P3 3 for the power station.
    assert g.coins == [11, 6, 8, 8]
    assert g.vp == [4, 0, 3, 0]
    assert g.cubes == [8, 8, 8, 8]  # refilled a cube a turn after each build
    assert g.zoll == [1, 0, 0, 0]
    assert g.built_over(2) == ["elektrizitaetswerk"]
    assert g.final_missing() == [(1, "empty")]
    g.apply(("final", 1, "empty", 5))
    # P1: 4 + 11 + 4 + Zollamt 1 = 20, Postamt 4 -> 24
    # P2: 0 + 6 + 4 + Lokschuppen 5 x 1 + Wasserturm 2 // 2 = 16
    # P3: 3 + 8 + 4 = 15 (the power station's VP stay; it scores nothing else)
    # P4: 0 + 8 + 4 = 12
    assert g.ranking() == [(0, 24), (1, 16), (2, 15), (3, 12)]


def test_three_player_game_with_unpaid_wages():
    # Everyone hires 2 workers a pass and gets 1 coin on each round-1 turn.
    # P3 builds a Dienstwohnhaus at once and pays 1 a pass: 1 + 7 - 7 = 1 coin.
    # P1, P2: pass 1 pays 2 (0 left), pass 2 one unpaid (-3), pass 3 -> -5 floor.
    g = Game.new(3)
    orders = play(g, {(1, 1, 2): (("build", 2, "dienstwohnhaus"),)}, hire=2, reward=("coins", 1))
    assert orders == [[0, 1, 2]] + [[2, 0, 1]] * 6
    assert g.coins == [0, 0, 1]
    assert g.vp == [-5, -5, 0]
    assert g.cubes == [8, 8, 8]
    # -5 + 0 + 4 = -1 twice (start stack: P1 above P2); P3 0 + 1 + 4 = 5
    assert g.ranking() == [(2, 5), (0, -1), (1, -1)]


def test_two_player_game_with_sales_every_pass():
    # P2 gets a cube as a passenger reward, builds the Lagerhaus and couples a
    # freight carriage (3 goods), then sells 2 wine + 1 sheep in round 3 of
    # passes 2-7: 2 x 1 + 1 x 2 = 4 coins and 6 VP each time.
    extra = {
        (1, 1, 0): (("build", 0, "kohlenlager", None, 1),),
        (1, 1, 1): (("cubes", 1, 1), ("build", 1, "lagerhaus")),
        (1, 2, 1): (("carriage", 1, "freight"),),
        (7, 1, 0): (("build", 0, "postamt", "kohlenlager"),),
    }
    for pas in range(2, 8):
        extra[(pas, 3, 1)] = (("sale", 1, 2, 1, 0, 0),)
    g = Game.new(2)
    orders = play(g, extra)
    assert orders == [[0, 1]] + [[1, 0]] * 6
    assert g.standing() == [0, 1]  # P1 built over: top of the track
    assert g.coins == [0, 25]
    assert g.vp == [0, 36]
    assert g.cubes == [8, 8]
    # P1: 0 + 0 + 4 = 4, Postamt 4 // 5 = 0; P2: 36 + 25 + 4 = 65
    assert g.score_lines(0)[-2:] == [("Postamt", 0), ("Total", 4)]
    assert g.ranking() == [(1, 65), (0, 4)]
