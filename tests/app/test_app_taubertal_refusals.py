"""Der Taubertal-Express through the app: bad values get a clear message and change nothing."""
from appdriver import Driver
from play_taubertal import new_game, record, skip_to
from support import stepped


def unchanged(d, before, message):
    """The message is on screen, the game and its journal are as they were."""
    d.shows(message)
    assert d.app.session.to_dict() == before, "the game changed"
    d.press("OK")  # dismisses the message
    assert message not in d.text


@stepped
def test_hiring_more_than_the_worker_room():
    d = new_game(Driver(), 4)
    yield from skip_to(d, "hire")
    before = d.app.session.to_dict()
    d.shows("Red", "room: 2 workers").press("OK", "UPx2")
    d.shows("Red hires", "Workers, max 2", "2", "1 coin each")
    d.press("UP")  # a third worker: one worker carriage holds 2
    unchanged(d, before, "Red has room for 2 workers")
    d.shows("Red hires", "2")
    d.press("OK")
    assert d.app.session.game.hired == [2, 0, 0, 0]


@stepped
def test_a_sale_with_nothing_or_more_than_the_freight_holds():
    d = new_game(Driver(), 2)
    yield from skip_to(d, "round", 1, 1)
    before = d.app.session.to_dict()
    d.press("OK").pick("Sale")
    d.press("OKx4")
    unchanged(d, before, "Nothing to sell")
    d.press("UP", "OK")  # 1 tools (the marked row), no freight carriage yet
    unchanged(d, before, "Red has no freight carriage")
    record(d, ("carriage", 0, "freight"))
    before = d.app.session.to_dict()
    d.press("UPx2")
    d.shows("Tools", "3", "=3 coins 6 VP")  # one type: 1 coin and 2 VP a token
    d.press("OK")
    unchanged(d, before, "Red's freight carriages hold 2 goods")
    d.press("DOWN", "OK").shows("2 coins", "+4 VP", "OK=sell").press("OK")
    g = d.app.session.game
    assert (g.coins[0], g.vp[0]) == (1 + 2, 4)


@stepped
def test_building_one_already_owned_or_out_of_tiles():
    d = new_game(Driver(), 2)
    yield from skip_to(d, "round", 1, 1)
    record(d, ("build", 0, "kiosk"), ("done", 0), ("build", 1, "kantine"))
    yield
    record(d, ("done", 1))  # Red's turn in round 2
    before = d.app.session.to_dict()
    d.press("OK").pick("Build").shows("(Kiosk)", "(Kantine)")
    d.pick("(Kiosk)")
    unchanged(d, before, "Red already has a Kiosk")
    d.pick("(Kantine)")  # 2 players: 1 tile of each dark purple building
    unchanged(d, before, "No Kantine tile left")
    d.pick("Zollamt").shows("Where?", "Over Kiosk", "over: track top")
    d.pick("Free space").shows("Pay 3 cubes", "Pioneer: +1")  # Red has 1 + 3 (Kiosk) + 1 cubes


@stepped
def test_light_purple_without_cubes_and_dark_purple_without_coins():
    d = new_game(Driver(), 2)
    yield from skip_to(d, "round", 1, 1)
    before = d.app.session.to_dict()
    d.press("OK").pick("Build").pick("Zollamt")
    unchanged(d, before, "Zollamt needs 3 cubes: Red has 1")
    d.pick("Postamt").shows("Price on board", "0: paid already")
    d.press("UPx5", "OK")
    unchanged(d, before, "Postamt costs 5: Red has 1 coin")
    d.press("DOWNx4", "OK").shows("Postamt", "Pay 1 coin", "Pioneer: +1")
    d.press("OK")  # "No" is marked: nothing built
    assert d.app.session.to_dict() == before


@stepped
def test_coins_and_cubes_cannot_go_below_zero():
    d = new_game(Driver(), 3)
    yield from skip_to(d, "round", 1, 1)
    before = d.app.session.to_dict()
    d.press("OK").pick("VP/coins/cubes").shows("Change: Red", "Coins 1", "Cubes 1")
    d.pick("Coins").press("DOWN").shows("Coins 1 -> 0", "-1")
    d.press("DOWN")
    unchanged(d, before, "Red has 1 coin")
    d.press("UP", "OK")  # +0
    unchanged(d, before, "Nothing to change")
    d.press("BACK").pick("Cubes").press("DOWNx2")
    unchanged(d, before, "Red has 1 cube")
    d.press("BACK").pick("Other player").shows("Change: Blue", "Cubes 1")


@stepped
def test_final_counts_within_the_coal_carriage_and_the_vp_floor():
    d = new_game(Driver(), 2)
    yield from skip_to(d, "final", 7)
    before = d.app.session.to_dict()
    d.pick("Red").pick("Cubes")
    d.shows("Red cubes", "On the table", "1 VP / 2 cubes")
    d.shows("8").press("UP")  # full after 7 passes of a black cube a turn
    unchanged(d, before, "Coal carriage holds 8")
    d.press("BACK").pick("Track VP").press("DOWNx6")  # 0 down to -5, then once more
    unchanged(d, before, "VP floor -5")
