"""Trainmaker game flow: players in turn, City cards, winning, the Steam Engine."""
from support import raises, rejects

from schaffner.trainmaker.game import STAT_NAMES, STEAM, Game
from schaffner.trainmaker.result import turns

CARDS = (("PB", "coal"), ("BBF", "corn"), ("PPF", "mail"))


def table(players=2, steam=False, contract=None, cards=CARDS):
    g = Game.new(players, steam, contract)
    for needs, goods in cards:
        g.apply(("card", needs, goods))
    return g


def quick_turn(g):
    """Begin a train and stop at once."""
    g.apply(("roll", "LPFFFFF"))
    g.apply(("place", [0, 1]))
    g.apply(("stop",))


def with_scored(g, player, cards):
    d = g.to_dict()
    d["scored"][player] = [list(c) for c in cards]
    return Game.from_dict(d)


def test_one_to_six_players():
    for bad in (0, 7, "2", None):
        raises(ValueError, Game.new, bad)
    for n in range(1, 7):
        assert Game.new(n).players() == n
    raises(ValueError, Game.new, 2, False, ["coal"])  # a Contract needs the Steam Engine


def test_players_take_turns_in_rotation():
    g = table(3)
    order = []
    for _ in range(7):
        order.append((g.round_no(), g.player()))
        quick_turn(g)
    assert order == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0)]
    assert g.stats(2) == (2, 0, 0, 0)
    assert STAT_NAMES == ("rolls", "derails", "trains", "cards")


def test_three_face_up_cards_before_each_turn():
    g = Game.new(2)
    assert g.phase() == "cards"
    assert "City cards" in rejects(g, g.apply, ("roll", "LPBFCLL"))
    rejects(g, g.apply, ("card", "PPBFF", "coal"))
    rejects(g, g.apply, ("card", "PB", "gold"))
    g.apply(("card", "BP", "coal"))
    g.apply(("card", "BBF", "corn"))
    assert g.phase() == "cards" and g.legal() == ["card", "deck_empty", "declare"]
    g.apply(("card", "PPF", "mail"))
    assert g.phase() == "roll"
    assert g.faceup() == [("PB", "coal"), ("BBF", "corn"), ("PPF", "mail")]


def test_an_empty_deck_lets_play_go_on_with_fewer_cards():
    g = Game.new(2)
    g.apply(("card", "P", "coal"))
    g.apply(("deck_empty",))
    assert g.phase() == "roll"
    g.apply(("roll", "LPCFFFF"))
    g.apply(("place", [0, 1, 2]))
    g.apply(("score", 0))
    assert g.player() == 1 and g.phase() == "roll" and g.faceup() == []


def test_win_by_six_goods_types():
    g = table()
    g = with_scored(g, 0, [("P", "passengers"), ("B", "cattle"), ("F", "corn"), ("PP", "mail"),
                           ("BB", "timber")])
    g.apply(("roll", "LPBCFFF"))
    g.apply(("place", [0, 1, 2, 3]))
    g.apply(("score", 0))  # PB coal: the sixth type
    assert g.phase() == "over"
    assert g.winner() == 0 and g.win_reason() == "goods"
    assert g.event() == "won"
    assert g.legal() == []
    assert "over" in rejects(g, g.apply, ("roll", "LLLLLLL"))


def score_pb(g):
    g.apply(("roll", "LPBCFFF"))
    g.apply(("place", [0, 1, 2, 3]))
    g.apply(("score", 0))  # PB coal


def test_terminal_is_wild_for_the_win():
    held = [("P", "passengers"), ("B", "cattle"), ("PPPP", "wild"), ("PP", "mail")]
    g = with_scored(table(), 0, held)
    assert g.goods_missing(0) == (["coal", "corn", "timber"], 1)
    assert g.goods(0) == (1, 0, 1, 0, 1, 0, 1)  # passengers, cattle, mail and one wild
    score_pb(g)
    assert g.phase() != "over"  # corn and timber missing, one wild
    g = with_scored(table(), 0, held + [("BB", "timber")])
    score_pb(g)
    assert g.winner() == 0 and g.win_reason() == "goods"  # the Terminal is the corn


def test_win_by_declared_contract():
    g = table(3)
    quick_turn(g)
    g.apply(("declare",))
    assert g.winner() == 1 and g.win_reason() == "contract"
    assert g.phase() == "over"


def test_a_contract_completed_by_a_score_is_declared_before_the_steam_engine_draws():
    # solo: the score ends the round, and the Steam Engine, one card short of its
    # Contract (coal, then any station), would draw next and win
    g = table(1, steam=True, contract=["coal", "station"])
    d = g.to_dict()
    d["steam_cards"] = [["PP", "coal"]]
    g = Game.from_dict(d)
    score_pb(g)
    assert g.phase() == "steam" and g.round_no() == 2 and g.event() == "scored"
    assert g.window() == 0 and g.declarer() == 0
    assert g.legal() == ["steam_card", "deck_empty", "declare", "steam_contract"]
    h = Game.from_dict(g.to_dict())  # the moment survives a save
    assert "over" not in rejects(g, g.apply, ("roll", "LPBCFFF")) and g.window() == 0
    g.apply(("declare",))
    assert g.winner() == 0 and g.win_reason() == "contract" and g.phase() == "over"
    assert g.round_no() == 1 and g.player() == 0  # it ended in the scorer's turn
    assert turns(g) == 1
    # the Steam Engine draws instead: the moment has passed, and its card wins it the game
    h.apply(("steam_card", "PBF", "mail"))
    assert h.winner() == STEAM


def test_the_scorer_declares_after_its_score_not_the_next_player():
    g = table(3)
    quick_turn(g)
    quick_turn(g)
    score_pb(g)  # seat 2, the last: its score ends the round
    assert g.player() == 0 and g.round_no() == 2 and g.phase() == "cards" and g.declarer() == 2
    g.apply(("declare",))
    assert g.winner() == 2 and g.win_reason() == "contract" and g.round_no() == 1
    assert turns(g) == 3
    g = table(3)
    score_pb(g)  # seat 0
    g.apply(("card", "P", "coal"))  # the next player's turn goes on: the moment has passed
    assert g.window() is None and g.declarer() == 1
    g.apply(("declare",))
    assert g.winner() == 1


def test_a_score_with_a_bonus_train_to_follow_opens_no_window():
    g = table(2, cards=(("P", "coal"), ("B", "corn"), ("F", "mail")))
    g.apply(("roll", "LLPCBFB"))
    g.apply(("place", [0, 1, 2, 3]))
    g.apply(("score", 0))
    assert g.phase() == "bonus" and g.window() is None and g.declarer() == 0


def test_a_game_saved_before_the_declare_window_loads():
    d = table(2).to_dict()
    del d["window"]  # saved by the version before
    g = Game.from_dict(d)
    assert g.window() is None and g.declarer() == 0
    score_pb(g)
    assert g.window() == 0


def test_steam_engine_draws_after_every_round():
    g = table(2, steam=True)
    quick_turn(g)
    assert g.phase() == "roll" and g.player() == 1
    quick_turn(g)
    assert g.phase() == "steam" and g.player() == STEAM
    assert g.legal() == ["steam_card", "deck_empty", "steam_contract"]
    rejects(g, g.apply, ("roll", "LPBFCLL"))
    g.apply(("steam_card", "P", "cattle"))  # a Whistlestop: 1 rolling stock
    assert g.phase() == "steam" and g.steam_drawn() == 1
    g.apply(("steam_card", "PBF", "corn"))  # a Station: 1 + 3 >= 3, done
    assert g.phase() == "roll" and g.player() == 0 and g.round_no() == 2
    assert g.steam_cards() == [("P", "cattle"), ("PBF", "corn")]
    quick_turn(g)
    quick_turn(g)
    g.apply(("steam_card", "BBFF", "wild"))  # a Terminal alone is enough
    assert g.phase() == "roll" and g.steam_drawn() == 4


def test_steam_engine_wins_with_its_contract():
    g = table(1, steam=True, contract=["coal", "station"])
    quick_turn(g)
    g.apply(("steam_card", "PP", "coal"))
    assert g.phase() == "steam"
    g.apply(("steam_card", "PBF", "mail"))
    assert g.winner() == STEAM and g.win_reason() == "contract"


def test_steam_contract_entered_later_is_checked_at_once():
    g = table(1, steam=True)
    quick_turn(g)
    g.apply(("steam_card", "PPBB", "wild"))
    rejects(g, g.apply, ("steam_contract", ["gold"]))
    g.apply(("steam_contract", ["timber"]))
    assert g.steam_contract() == ["timber"]
    assert g.winner() == STEAM


def test_no_steam_engine_unless_asked_and_none_once_the_deck_is_out():
    g = table(1)
    quick_turn(g)
    assert g.phase() == "roll"
    rejects(g, g.apply, ("steam_contract", ["coal"]))
    g = table(1, steam=True)
    quick_turn(g)
    g.apply(("deck_empty",))
    assert g.phase() == "roll"
    quick_turn(g)
    assert g.phase() == "roll"
