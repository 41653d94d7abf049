"""Trainmaker exact odds on cases small enough to work out by hand.

Dice faces: Locomotive 2/6, Passenger Car, Boxcar, Flatcar, Caboose 1/6 each.
"""
from support import raises

from schaffner.trainmaker.game import Game
from schaffner.trainmaker.solver import Solver, choices, derail_chance, finish, odds, train_odds


def close(a, b):
    return abs(a - b) < 1e-6


def caboose_by_hand(n):
    # cars all there, no token: a roll with a Caboose wins (1 - (5/6)**n); a roll
    # with no Caboose but a car places one car and goes on with n - 1 dice;
    # only Locomotives derails.  V1 = 1/6.
    v = 1 / 6
    for m in range(2, n + 1):
        v = 1 - (5 / 6) ** m + ((5 / 6) ** m - (1 / 3) ** m) * v
    return v


def test_cars_all_there_only_the_caboose_is_missing():
    assert close(train_odds(["P"], (1, 0, 0), 1), 1 / 6)
    # two dice: a Caboose among them 11/36; no Caboose but a car 21/36,
    # then one die left: 1/6.  11/36 + 21/36 * 1/6 = 87/216 = 29/72
    assert close(train_odds(["P"], (1, 0, 0), 2), 29 / 72)
    assert close(caboose_by_hand(2), 29 / 72)
    assert close(train_odds(["P"], (2, 1, 0), 4), caboose_by_hand(4))
    # with Switch Track any die can become the Caboose
    assert close(train_odds(["P"], (1, 0, 0), 1, True), 1.0)


def test_one_car_and_the_caboose_missing():
    # need P then C with two dice.  P and C together: 2/36 -> 1.  A P and no C
    # (PP, or P with L, L, B, F): 9/36 -> place P, one die left: 1/6.
    # Anything else cannot help.  2/36 + 9/36 * 1/6 = 7/72
    assert close(train_odds(["P"], (0, 0, 0), 2), 7 / 72)
    # with Switch Track: PC 2/36 -> 1; P and no C 9/36 -> place P, then switch
    # the last die to a Caboose -> 1; C and no P 9/36 -> switch the other die
    # to P -> 1; neither 16/36 -> switch one to P, place it, 1/6 on the last
    # die.  20/36 + 16/36 * 1/6 = 17/27
    assert close(train_odds(["P"], (0, 0, 0), 2, True), 17 / 27)


def test_too_few_dice_left():
    # two cars and a Caboose still missing, two dice: impossible
    assert train_odds(["PB"], (0, 0, 0), 2) == 0.0
    assert train_odds(["PB"], (0, 0, 0), 2, True) == 0.0


def test_first_roll_of_three_dice():
    # card P, dice L, P, C all showing: 3! * 2/216 = 12/216 -> 1.  At least
    # one L and one P, no C: LPL 12/216, LPP 6/216, LPB 12/216, LPF 12/216 =
    # 42/216 -> place L P, one die left: 1/6.  12/216 + 42/216 / 6 = 19/216
    assert close(train_odds(["P"], None, 3), 19 / 216)


def test_any_card_and_each_card_alone():
    # cards P and B, nothing placed yet, two dice to re-roll: P or B with a C:
    # 4/36 -> 1; P or B showing, no C: 25/36 - 9/36 = 16/36 -> 1/6.
    # 4/36 + 16/36 / 6 = 40/216 = 5/27
    assert close(train_odds(["P", "B"], (0, 0, 0), 2), 5 / 27)
    assert close(train_odds(["B"], (0, 0, 0), 2), 7 / 72)


def test_derail_chance_of_the_next_reroll():
    assert close(derail_chance(1), 5 / 6)  # a Locomotive, or a car as the last die
    assert close(derail_chance(3), 1 / 27)  # three Locomotives


def base_game(cards, token=True):
    """A 1-player game with these face-up cards (the deck then empty), Switch
    Track in hand or spent."""
    g = Game.new(1)
    for needs in cards:
        g.apply(("card", needs, "coal"))
    if g.phase() == "cards":
        g.apply(("deck_empty",))
    if not token:
        d = g.to_dict()
        d["token"] = [False]
        g = Game.from_dict(d)
    return g


def test_odds_of_the_game_in_front_of_the_player():
    g = base_game(["PB"], token=False)
    anyc, per, derail = odds(g)
    assert close(anyc, train_odds(["PB"], None, 7)) and per == (anyc,) and derail is None
    g.apply(("roll", "LPBCFFF"))
    rolled = odds(g)
    assert rolled[0] == 1.0  # L P B C completes the train now
    best = choices(g)
    assert best[0] == (1.0, "LPBC", None)
    assert (0.0, "LPC", None) in best
    g.apply(("place", g.pick("LPB")))
    anyc, per, derail = odds(g)
    assert close(anyc, caboose_by_hand(4))
    assert close(derail, 1 / 81)


def test_odds_after_completion_and_refusals():
    g = Game.new(1)
    for needs in ("PB", "BB", "F"):
        g.apply(("card", needs, "coal"))
    g.apply(("roll", "LPBCFFF"))
    g.apply(("place", [0, 1, 2, 3]))
    assert odds(g) == (1.0, (1.0, 0.0, 0.0), None)
    raises(ValueError, choices, g)
    raises(ValueError, odds, Game.new(2))


def test_switch_choice_is_offered_and_playable():
    g = base_game(["P"])
    g.apply(("roll", "PBFCCPB"))
    assert g.event() == "stuck"
    top = choices(g)[0]
    # no Locomotive: only Switch Track helps; a spare die becomes the
    # Locomotive and L P C completes the train now
    assert top[0] == 1.0 and top[2][1] == "L" and top[1] == "LPC"
    g.apply(("switch", g.pick(top[2][0])[0], top[2][1]))
    g.apply(("place", g.pick(top[1])))
    assert g.phase() == "score"


def test_solver_memo_stays_small():
    sv = Solver(["PB", "BBF", "PPF"])
    sv.fresh(7, 1)
    assert len(sv._memo) < 400


def test_work_in_short_steps_gives_the_same_chance():
    cards = ["PPPB", "BBFF", "PFFF"]
    whole = Solver(cards).fresh(7, 1)
    sv = Solver(cards)
    steps = sv.fresh_steps(7, 1)
    work = []
    try:
        while True:
            work.append(next(steps))
    except StopIteration as end:
        chance = end.value
    assert chance == whole
    assert len(work) > 50 and 0 < max(work) <= 40  # many short steps
    # asked again, or about a state the first answer needed: answered at once
    assert list(sv.fresh_steps(7, 1)) == []
    assert list(sv.value_steps(sv.pack((1, 1, 0)), 4, 1)) == []
    assert sv.value(sv.pack((1, 1, 0)), 4, 1) == Solver(cards).value(sv.pack((1, 1, 0)), 4, 1)


def test_a_state_left_half_done_is_worked_out_again():
    cards = ["PB", "BBF"]
    sv = Solver(cards)
    steps = sv.fresh_steps(7, 1)
    for _ in range(20):
        next(steps)
    # a new question before the first is answered (the game moved on)
    v = finish(sv.value_steps(sv.pack((0, 1, 0)), 5, 1))
    assert v == Solver(cards).value(sv.pack((0, 1, 0)), 5, 1)
    assert sv.fresh(7, 1) == Solver(cards).fresh(7, 1)


def test_best_is_the_first_choice():
    sv = Solver(["PB", "BBF", "PPF"])
    for faces, stock, started, t in (("LLPBFFC", (0, 0, 0), False, 1), ("LBPFF", (0, 1, 0), False, 0),
                                     ("PBFCL", (1, 0, 0), True, 1), ("LL", (1, 1, 0), True, 1)):
        listed = sv.choices(faces, stock, started, t)
        assert sv.best(faces, stock, started, t) == (listed[0] if listed else None)
    # nothing can be placed: no Locomotive on a first roll, no token to switch one in
    assert sv.choices("PBC", (0, 0, 0), False, 0) == [] and sv.best("PBC", (0, 0, 0), False, 0) is None
