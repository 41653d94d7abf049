"""Der Taubertal-Express: final scoring with every end-of-game building, and the tie-break."""
from schaffner.taubertal import Game
from schaffner.taubertal.scoring import INPUT_PROMPTS
from taubertal_steps import to_final, to_rounds


def set_to(g, p, vp, coins, cubes):
    """Bring p's VP, coins and cubes to these values with table corrections."""
    for kind, target in (("vp", vp), ("coins", coins), ("cubes", cubes)):
        now = getattr(g, kind)[p]
        if now != target:
            g.apply((kind, p, target - now))
        assert getattr(g, kind)[p] == target


def build_light(g, p, bid, over=None):
    """A light purple building: the player first gets the 3 cubes it costs."""
    if g.cubes[p] < 3:
        g.apply(("cubes", p, 3 - g.cubes[p]))
    g.apply(("build", p, bid, over))


def test_two_players_every_building_but_two():
    g = Game.new(2)
    to_rounds(g)
    for bid in ("empfangshalle", "magazingebaeude", "lokschuppen", "postamt"):
        g.apply(("build", 0, bid))  # dark purple, paid by hand
    g.apply(("done", 0))
    g.apply(("carriage", 1, "freight"))
    for bid in ("zollamt", "wagenmeisterei", "wasserturm", "lagerhaus", "elektrizitaetswerk"):
        build_light(g, 1, bid)
    g.apply(("sale", 1, 1, 0, 0, 0))
    g.apply(("sale", 1, 0, 1, 1, 0))
    to_final(g)
    assert g.final_inputs(0) == ["pax", "goods", "empty"]
    assert g.final_inputs(1) == ["halls"]
    assert g.final_missing() == [(0, "pax"), (0, "goods"), (0, "empty"), (1, "halls")]
    assert g.legal(0)[0] == "final"
    for key, n in (("pax", 3), ("goods", 5), ("empty", 2)):
        g.apply(("final", 0, key, n))
    g.apply(("final", 1, "halls", 1))
    assert g.final_missing() == []
    set_to(g, 0, 20, 7, 8)
    set_to(g, 1, 30, 3, 5)
    # P1: 20 + 7 + 8//2=4 + 3 passengers + 5 goods buildings + 2 empty x 3
    # (one other player) = 45; Postamt last: 45 // 5 = 9; total 54
    assert g.score_lines(0) == [
        ("Track VP", 20), ("Money", 7), ("Cubes", 4), ("Empfangshalle", 3),
        ("Magazingebaeude", 5), ("Lokschuppen", 6), ("Postamt", 9), ("Total", 54),
    ]
    # P2: 30 + 3 + 5//2=2 + Zollamt 2 tokens (two sales) + Wagenmeisterei 5
    # + Wasserturm 5 buildings // 2 = 2; total 44
    assert g.score_lines(1) == [
        ("Track VP", 30), ("Money", 3), ("Cubes", 2), ("Zollamt", 2),
        ("Wagenmeisterei", 5), ("Wasserturm", 2), ("Total", 44),
    ]
    assert g.ranking() == [(0, 54), (1, 44)]


def test_three_players_built_over_buildings_score_nothing():
    g = Game.new(3)
    to_rounds(g)
    g.apply(("build", 0, "kiosk"))
    g.apply(("build", 0, "lokschuppen"))
    build_light(g, 0, "wasserturm")
    g.apply(("build", 0, "postamt", "kiosk"))
    g.apply(("done", 0))
    g.apply(("build", 1, "empfangshalle"))
    g.apply(("build", 1, "magazingebaeude", "empfangshalle"))
    to_final(g)
    assert g.final_inputs(0) == ["empty"]
    assert g.final_inputs(1) == ["goods"]  # the Empfangshalle is built over
    assert g.final_inputs(2) == []
    g.apply(("final", 0, "empty", 3))
    g.apply(("final", 1, "goods", 4))
    set_to(g, 0, 12, 5, 7)
    set_to(g, 1, 10, 2, 8)
    set_to(g, 2, -5, 0, 1)
    # P1: 12 + 5 + 3 + 3 empty x 2 (two other players) + Wasserturm 3 visible
    # // 2 = 1 (the built-over Kiosk does not count) = 27; Postamt 27 // 5 = 5
    assert g.score_lines(0) == [
        ("Track VP", 12), ("Money", 5), ("Cubes", 3), ("Lokschuppen", 6),
        ("Wasserturm", 1), ("Postamt", 5), ("Total", 32),
    ]
    # P2: 10 + 2 + 4 + 4 goods buildings = 20; P3: -5 + 0 + 0 = -5
    assert g.score(1) == 20
    assert g.score_lines(2) == [("Track VP", -5), ("Money", 0), ("Cubes", 0), ("Total", -5)]
    assert g.ranking() == [(0, 32), (1, 20), (2, -5)]


def test_four_players_postamt_below_five_and_missing_inputs():
    g = Game.new(4)
    to_rounds(g)
    g.apply(("build", 0, "lokschuppen"))
    g.apply(("done", 0))
    g.apply(("build", 1, "postamt"))
    g.apply(("done", 1))
    g.apply(("build", 2, "postamt"))  # 4 players: 3 Postamt tiles
    g.apply(("done", 2))
    g.apply(("build", 3, "empfangshalle"))
    build_light(g, 3, "wagenmeisterei")
    to_final(g)
    g.apply(("final", 0, "empty", 6))
    g.apply(("final", 3, "halls", 0))
    assert g.final_missing() == [(3, "pax")]
    # a missing number counts 0 until it is entered
    set_to(g, 3, 0, 1, 8)
    assert g.score(3) == 5
    g.apply(("final", 3, "pax", 7))
    g.apply(("final", 3, "pax", 6))  # entered again: the last number counts
    set_to(g, 0, 0, 1, 8)
    set_to(g, 1, 2, 1, 2)
    set_to(g, 2, -5, 0, 0)
    # P1: 0 + 1 + 4 + 6 empty x 1 (three others) = 11
    assert g.score_lines(0)[-2:] == [("Lokschuppen", 6), ("Total", 11)]
    # P2: 2 + 1 + 1 = 4: Postamt gives nothing below 5
    assert g.score_lines(1)[-2:] == [("Postamt", 0), ("Total", 4)]
    # P3: -5: nothing for a negative total either
    assert g.score_lines(2)[-2:] == [("Postamt", 0), ("Total", -5)]
    # P4: 0 + 1 + 4 + 6 passengers + Wagenmeisterei without all halls 0 = 11
    assert g.score_lines(3) == [
        ("Track VP", 0), ("Money", 1), ("Cubes", 4), ("Empfangshalle", 6),
        ("Wagenmeisterei", 0), ("Total", 11),
    ]
    # P1 and P4 tie on 11: P4 built twice (space 2), P1 once (space 1), so
    # P4 ranks first.
    assert g.standing() == [3, 2, 1, 0]
    assert g.ranking() == [(3, 11), (0, 11), (1, 4), (2, -5)]


def test_tie_goes_to_the_player_further_on_the_pioneer_track():
    g = Game.new(3)
    to_rounds(g)
    g.apply(("build", 0, "kiosk"))  # P1 to space 1
    g.apply(("done", 0))
    g.apply(("build", 1, "kantine"))
    g.apply(("build", 1, "polizeiposten"))  # P2 to space 2
    g.apply(("done", 1))
    g.apply(("build", 2, "signalmeisterei"))  # P3 to space 1, on top of P1
    to_final(g)
    for p in range(3):
        set_to(g, p, 5, 3, 4)
    # all three: 5 + 3 + 2 = 10
    assert g.ranking() == [(1, 10), (2, 10), (0, 10)]


def test_tie_in_the_start_stack_goes_to_the_start_player():
    g = Game.new(2)
    to_final(g)
    # nobody did anything: 0 VP, 1 coin, cubes capped at 8 -> 0 + 1 + 4 = 5
    assert g.cubes == [8, 8]
    assert g.ranking() == [(0, 5), (1, 5)]


def test_labels_fit_the_screen():
    g = Game.new(4)
    to_rounds(g)
    for bid in ("empfangshalle", "magazingebaeude", "lokschuppen", "postamt"):
        g.apply(("build", 0, bid))
    for bid in ("zollamt", "wagenmeisterei", "wasserturm"):
        build_light(g, 0, bid)
    labels = [label for label, _ in g.score_lines(0)]
    assert len(labels) == 11
    for label in labels:
        assert len(label) <= 16
    # the app asks for each input with a one-line prompt
    assert g.final_inputs(0) == ["pax", "goods", "empty", "halls"]
    for key in g.final_inputs(0):
        assert len(INPUT_PROMPTS[key]) <= 21
