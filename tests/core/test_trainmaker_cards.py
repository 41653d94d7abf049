"""Trainmaker City cards: the 34 needs, goods types, the goods win, Contracts."""
from support import raises

from schaffner.trainmaker.cards import (
    GOODS, NEEDS, SIZES, WILD, canonical, check_contract, contract_met, covers, goods_win,
    is_wild, make_card, missing_goods,
)


def test_needs_are_every_set_of_one_to_four_cars():
    # multisets of size 1..4 from 3 car types: 3 + 6 + 10 + 15 = 34
    want = []
    for size in range(1, 5):
        for p in range(size + 1):
            for b in range(size - p + 1):
                want.append("P" * p + "B" * b + "F" * (size - p - b))
    assert len(NEEDS) == 34
    assert sorted(NEEDS) == sorted(want)
    for size in range(1, 5):
        assert len([n for n in NEEDS if len(n) == size]) == (3, 6, 10, 15)[size - 1]


def test_goods_are_the_rulebooks_six_plus_wild():
    assert GOODS == ("passengers", "coal", "cattle", "corn", "mail", "timber")
    assert WILD == "wild"
    assert SIZES == ("whistlestop", "depot", "station", "terminal")


def test_needs_in_any_order_become_canonical():
    assert canonical("BPB") == "PBB"
    assert canonical("FFP") == "PFF"
    assert make_card("FB", "coal") == ("BF", "coal")


def test_bad_cards_are_refused():
    raises(ValueError, canonical, "")
    raises(ValueError, canonical, "PPBFF")  # five cars: no such card
    raises(ValueError, canonical, "PX")
    raises(ValueError, canonical, 3)
    raises(ValueError, make_card, "PB", "gold")


def test_cover_ignores_order_and_allows_extra_stock():
    assert covers((2, 1, 0), "PB")
    assert covers((1, 1, 3), "BF")
    assert not covers((2, 0, 1), "PB")
    assert not covers((1, 0, 0), "PP")


def test_terminals_are_wild():
    assert is_wild(("PPBF", "coal"))
    assert is_wild(("PB", WILD))
    assert not is_wild(("PBF", "coal"))


def test_goods_win_needs_six_types_terminals_fill_gaps():
    five = [("P", g) for g in GOODS[:5]]
    assert not goods_win(five)
    assert goods_win(five + [("B", "timber")])
    assert goods_win(five + [("PPBB", "corn")])  # a Terminal stands in for timber
    four = [("P", g) for g in GOODS[:4]]
    assert not goods_win(four + [("PPBB", "corn")])  # one wild, two missing
    assert goods_win(four + [("PPBB", "corn"), ("BBFF", "mail")])
    # duplicates do not count twice
    assert not goods_win(four + [("B", "coal"), ("F", "coal")])
    assert missing_goods(four) == ["mail", "timber"]


def test_contract_matches_each_need_to_its_own_card():
    cards = [("P", "coal"), ("PB", "coal"), ("PBF", "corn")]
    assert contract_met(["coal", "coal"], cards)
    assert not contract_met(["coal", "coal", "coal"], cards)
    assert contract_met(["depot", "station", "coal"], cards)  # depot is the PB coal, P coal left
    assert not contract_met(["depot", "coal", "coal"], cards)  # PB cannot be both
    assert contract_met(["mail"], cards + [("PPPP", "wild")])
    assert contract_met(["terminal", "whistlestop"], cards + [("FFFF", "wild")])


def test_contract_entry_is_checked():
    assert check_contract(("coal", "depot")) == ["coal", "depot"]
    raises(ValueError, check_contract, [])
    raises(ValueError, check_contract, ["gold"])
    raises(ValueError, check_contract, "coal")
