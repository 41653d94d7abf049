"""Trainmaker on the gadget: one turn by button presses - the roll and its
animation, placing dice with the cursor, refusals, derail, Switch Track,
scoring, the Double Locomotive Bonus.  Rolls the test needs exactly are
applied as the app applies a roll (app.do), then the presses go on.  The odds
are off here (test_app_trainmaker_views checks them): each test then fits
the MicroPython heap in one step."""
from appdriver import Driver
from play_trainmaker import card, start, to
from schaffner.rng import Rng
from support import stepped

CARDS = (("PB", "coal"), ("BBF", "corn"), ("PPF", "mail"))


def _game(players=2):
    d = Driver(rng=Rng(3))
    d.app.settings["odds"] = False
    g = start(d, players, cards=CARDS)
    return d, g


def _roll(d, faces):
    d.app.do(("roll", faces))
    d.app.render()


def _choose(d, *positions):
    """Move the cursor to each position in the dice row and choose it."""
    for k in positions:
        steps = k - d.app.top.cur
        d.press(*(("DOWNx%d" % steps, "OK") if steps > 0 else ("UPx%d" % -steps, "OK") if steps else ("OK",)))


def _placed(d, faces, positions, record=()):
    """Roll faces, record actions (Switch Track, say), choose the dice at positions
    and Place: a step each."""
    _roll(d, faces)
    yield
    for a in record:
        d.app.do(a)
    _choose(d, *positions)
    yield
    to(d, "Place")
    yield


@stepped
def test_roll_is_applied_before_the_animation_which_never_changes_it():
    d, g = _game()
    yield
    rng = d.app.rng
    d.press("OK")  # Roll 7
    yield
    acts = d.app.session.journal.actions
    faces = g.faces()
    assert acts[-1] == ("roll", faces) and len(faces) == 7
    d.shows("Red", "rolling")
    state = (rng._s0, rng._s1)
    shown = set()
    now = 1000
    while d.app.top._rolling():
        now += 40
        if d.app.tick(now):
            d.app.render()
            shown.add(d.text)
        assert g.faces() == faces and len(acts) == 4
    assert 500 <= now - 1040 <= 700  # ~0.6 s after the first tick
    assert len(shown) >= 5  # the faces tumble
    assert (rng._s0, rng._s1) == state  # the animation draws no dice
    d.shows("dice " + faces, "Place")
    assert not d.app.tick(now + 1000)


@stepped
def test_a_press_during_the_animation_only_ends_it():
    d, g = _game()
    yield
    d.press("OK")
    yield
    faces = g.faces()
    d.press("OK")
    yield
    assert not d.app.top._rolling() and d.app.top.sel == []
    d.shows("dice " + faces)
    assert len(d.app.session.journal.actions) == 4


@stepped
def test_place_chosen_dice_with_the_cursor():
    d, g = _game()
    yield
    _roll(d, "LPBFCLL")
    yield
    d.shows("1st roll", "Loco + 1 car", "Caboose ends it", "dice LPBFCLL")
    _choose(d, 0, 2)  # the Locomotive and the Boxcar
    yield
    assert d.app.top.sel == [0, 2]
    _choose(d, 2)  # changed my mind: not the Boxcar
    yield
    _choose(d, 1)
    yield
    to(d, "Place")
    yield
    assert g.train() == "LP" and g.phase() == "after_place"
    d.shows("Red", "5 left", "train LP", "Re-roll: 1+ die", "Stop: no card", "Roll 5", "Stop")


@stepped
def test_placing_nothing_is_refused_and_changes_nothing():
    d, g = _game()
    yield
    _roll(d, "LPBFCLL")
    yield
    before = g.to_dict()
    to(d, "Place")
    yield
    d.shows("Choose at least one die")
    assert g.to_dict() == before
    d.press("OK")
    yield
    d.shows("dice LPBFCLL")


@stepped
def test_locomotive_after_the_first_roll_is_refused():
    d, g = _game()
    yield
    yield from _placed(d, "LPBFFFF", (0, 1))
    _roll(d, "LLBFC")
    yield
    d.shows("re-roll", "train LP", "dice LLBFC", "1+ die, no Loco")
    before = g.to_dict()
    _choose(d, 0, 2)  # a Locomotive and the Boxcar
    yield
    to(d, "Place")
    yield
    d.shows("No Locomotive after the first roll")
    assert g.to_dict() == before and d.app.top.sel == [2, 4]  # dice 0 and 1 are on the train


@stepped
def test_only_locomotives_derail_and_the_turn_passes():
    d, g = _game()
    yield
    # Switch Track spent: nothing can save the next roll
    yield from _placed(d, "LPBFFFF", (0, 1), (("switch", 2, "F"),))
    _roll(d, "LLLLL")
    yield
    d.shows("Red", "DERAIL!", "dice LLLLL", "Only Locos", "OK: go on")
    assert g.stats(0)[1] == 1 and g.player() == 1
    d.press("DOWN")  # only OK goes on
    yield
    d.shows("DERAIL!")
    d.press("OK")
    yield
    d.shows("Round 1", "Blue", "Roll 7")


@stepped
def test_passing_a_stuck_re_roll_derails():
    d, g = _game()
    yield
    yield from _placed(d, "LPBFFFF", (0, 1))
    _roll(d, "LLLLL")  # Switch Track could turn one into the Caboose
    yield
    d.shows("re-roll", "Stuck: Switch?", "Pass")
    to(d, "Pass")
    yield
    d.shows("Red", "DERAIL!", "dice LLLLL", "Nothing fits")


@stepped
def test_all_dice_placed_without_caboose_derail():
    d, g = _game()
    yield
    yield from _placed(d, "LPBFFFF", range(7))
    d.shows("DERAIL!", "All placed no C")


@stepped
def test_switch_track_from_the_game_menu():
    d, g = _game()
    yield
    _roll(d, "LPPFFFF")  # the Caboose is missing
    yield
    d.press("LONG_OK")
    yield
    d.pick("Switch Track")
    yield
    d.shows("Switch die", "Die 1 Loco", "Die 4 Flatcar", "Which die?")
    d.pick("Die 7 ")
    yield
    d.shows("Die 7 becomes", "Caboose", "Once a game")
    assert "Flatcar" not in d.app.top.items
    d.pick("Caboose")
    yield
    assert g.faces() == "LPPFFFC" and not g.has_switch()
    d.shows("dice LPPFFFC", "Place")
    d.press("LONG_OK")
    yield
    assert "Switch Track" not in d.app.top.items
    d.press("BACK")
    yield
    d.shows("dice LPPFFFC")


@stepped
def test_a_roll_that_allows_nothing_offers_switch_or_pass():
    d, g = _game()
    yield
    _roll(d, "PBFCPBF")  # no Locomotive; Switch Track could make one
    yield
    d.shows("Stuck: Switch?", "Pass")
    to(d, "Pass")
    yield
    d.shows("Red", "No Loco", "Turn over")
    assert g.player() == 1 and g.has_switch(0)


@stepped
def test_scoring_picks_one_covered_card_then_the_bonus():
    d, g = _game()
    yield
    yield from _placed(d, "LLPPBFC", range(7))  # covers PB coal and PPF mail, not BBF corn
    d.shows("Red", "complete", "Score one card:", "PB coal", "PPF mail", "OK: score it")
    assert "BBF corn" not in d.text
    d.press("DOWN", "OK")
    yield
    assert g.scored(0) == [("PPF", "mail")]
    d.press("LONG_BACK")
    d.shows("Undone: Red scored PPF mail")
    assert d.app.session.game.phase() == "score"
    d.press("OK", "DOWN", "OK")
    yield
    g = d.app.session.game  # undo replays the game
    assert g.scored(0) == [("PPF", "mail")]
    d.shows("Red", "Scored!", "PPF mail", "Goods 1 of 6", "OK: bonus train")
    d.press("OK")
    yield
    # two Locomotives: a new train from this train's seven dice
    d.shows("Bonus!", "Red", "Roll 7", "Stop")
    to(d, "Stop")
    yield
    assert g.player() == 1 and g.faceup() == [("PB", "coal"), ("BBF", "corn")]
    d.shows("City card 3/3")


@stepped
def test_completed_train_without_a_card_and_roll_without_a_car():
    d, g = _game()
    yield
    yield from _placed(d, "LFFFFFC", (0, 1, 6))  # a Caboose, but only Flatcars: no card needs that
    d.shows("Red", "No card", "Train fits none")
    d.press("OK")
    yield
    _roll(d, "LLLCCCC")  # Blue: Locomotives but no rolling stock ...
    yield
    to(d, "Pass")  # ... and Switch Track left in hand
    yield
    d.shows("Blue", "No car", "Turn over")


@stepped
def test_a_score_that_completes_the_contract_is_declared_before_the_steam_engine_draws():
    # solo with the Steam Engine: the score ends the round, and the table would
    # enter the Steam Engine's cards next
    d = Driver(rng=Rng(3))
    d.app.settings["odds"] = False
    g = start(d, 1, contract=("coal",), cards=CARDS)
    yield
    yield from _placed(d, "LPBCFFF", range(4))  # covers PB coal only
    d.press("OK")  # score it
    yield
    g = d.app.session.game
    d.shows("Red", "Scored!", "PB coal", "Go on", "Contract")
    assert g.phase() == "steam" and g.declarer() == 0
    d.press("DOWN", "OK")
    d.shows("Contract", "Red shows a met Contract and wins?")
    d.press("BACK")  # not yet: the same choice again
    d.shows("Scored!", "Go on", "Contract")
    d.press("OK")
    d.press("UP", "OK")  # Yes
    yield
    g = d.app.session.game
    assert g.winner() == 0 and g.win_reason() == "contract"
    d.shows("Contract met", "Red", "wins the game!")
    res = d.app.session.ui.result(g, d.app.session.names)
    assert res["winner"] == "Red" and res["turns"] == 1
    d.press("LONG_BACK")
    d.shows("Undone: Red declared a Contract")


@stepped
def test_going_on_after_a_score_passes_the_turn_and_the_contract_is_no_longer_offered():
    d, g = _game()
    yield
    yield from _placed(d, "LPBCFFF", range(4))
    d.press("OK")  # score PB coal
    d.shows("Scored!", "Go on", "Contract")
    d.press("DOWN", "UP", "OK")  # back on Go on
    yield
    g = d.app.session.game
    assert g.player() == 1 and g.phase() == "cards" and g.declarer() == 0
    d.shows("City card 3/3")
    d.press("LONG_OK")
    d.pick("Contract met")
    d.shows("Red shows a met Contract")  # until Blue's first entry, it is still Red's
    d.press("BACK", "BACK")
    card(d, "PP", "timber")
    assert d.app.session.game.declarer() == 1



def test_the_table_wants_quick_polls_only_while_the_dice_tumble():
    from appdriver import Driver
    from app.trainmaker.table import Table
    d = Driver()
    table = Table()
    d.app.push(table)
    assert not d.app.ticking()  # waiting for the roll: the idle period will do
    table.anim = table.key = (1, 2)  # a roll tumbling
    assert d.app.ticking()
    table.anim = None  # the dice stopped
    assert not d.app.ticking()
    d.app.pop()
    assert not d.app.ticking()  # the main menu: no tick at all
