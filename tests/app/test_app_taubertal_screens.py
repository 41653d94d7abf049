"""Der Taubertal-Express through the app: setup, reference, payday, sale calculator, final details."""
from appdriver import Driver
from play_taubertal import new_game_steps, record, skip_to, strict
from support import stepped


def small():
    return strict(Driver())


def colour():
    return strict(Driver(width=240, height=135, colour=True))


def test_setup_checklist_for_two_players():
    d = small()
    d.pick("New game").pick("Taubertal").press("OK", "OK", "OK")  # 2 players: Red, Blue
    d.shows("Set up", "1/6", "Action tiles", "6")
    d.press("OK").shows("Goods buildings", "8")
    d.press("OK").shows("Dark purple each", "1")
    d.press("OK").shows("Tickets/space", "3")
    d.press("OK").shows("Face-up tickets", "4")
    d.press("UP").shows("Tickets/space")
    d.press("OK", "OK").shows("Black cubes", "6/6", "Red", "0", "Blue", "1", "+1 coin each")
    assert d.app.session is None
    d.press("OK").shows("Pass 1: tickets", "Red", "Pick 1 of 2")
    g = d.app.session.game
    assert g.n == 2 and g.cubes == [0, 1] and g.coins == [1, 1]


@stepped
def test_setup_back_leaves_without_a_game():
    d = small()
    yield
    d.pick("New game").pick("Taubertal").press("UP", "OK", "OKx3")
    yield
    d.shows("Set up", "Action tiles", "9")
    d.press("BACK").shows("New game")
    assert d.app.session is None and "Resume" not in d.text


@stepped
def test_building_reference_on_both_screens():
    for make in (small, colour):
        d = make()
        yield
        yield from new_game_steps(d, 2)
        yield
        d.press("LONG_OK").pick("Buildings").shows("Kiosk", "Kantine")
        d.press("OK").shows("Kiosk", "Instant", "coins", "Take 3 action cubes", "Applied by app")
        yield
        for _ in range(21):  # every building, each fitting the screen
            d.press("DOWN")
            yield
        d.shows("Wasserturm", "At end", "3 cubes", "End: 1 VP per 2", "Applied by app")
        d.press("UPx13").shows("Lokschuppen", "End: 3/2/1 VP", "Asked at end")
        d.press("DOWNx6").shows("Stellwerk", "Lasting", "Enter by hand")
        d.press("OK").shows("Buildings")
        d = None
        yield


def test_describe_names_every_action_shortly():
    from app.taubertal import describe
    names = ["Yellow", "Purple", "Orange", "Black"]
    cases = (
        (("ticket", 0), "Yellow took a ticket"),
        (("tile", 1), "Purple took a tile"),
        (("hire", 2, 1), "Orange hired 1 worker"),
        (("hire", 2, 0), "Orange hired 0 workers"),
        (("done", 3), "Black ended the turn"),
        (("build", 0, "elektrizitaetswerk", "magazingebaeude"), "Yellow built Elektrizitaetswerk"),
        (["build", 0, "kiosk", None, 2], "Yellow built Kiosk"),
        (("sale", 1, 2, 1, 1, 0), "Purple sold 4 goods"),
        (("carriage", 2, "freight"), "Orange coupled a freight car"),
        (("replace_ticket", 3), "Black replaced a ticket"),
        (("payday",), "Payday"),
        (("refill",), "Refill, next pass"),
        (("final", 0, "empty", 4), "Yellow Empty spaces 4"),
        (("vp", 1, -3), "Purple -3 VP"),
        (("coins", 2, 5), "Orange +5 coins"),
        (("cubes", 3, 1), "Black +1 cube"),
    )
    for action, text in cases:
        assert describe(action, names, None) == text
        assert len(text) <= 40


@stepped
def test_sale_calculator_outside_a_turn_records_nothing():
    # Rulebook: 2 wine, 1 sheep, 1 grain -> wine first 2 x 1, then 1 x 2 and 1 x 3 = 7 coins;
    # 4 tokens x 2 = 8 VP.
    d = small()
    yield from new_game_steps(d, 4)
    yield
    before = d.app.session.to_dict()
    d.press("LONG_OK").pick("Sale calculator").shows("Sale calculator", "Wine", "Tools")
    d.press("UPx2", "OK", "UP", "OK", "UP", "OK").shows("=7 coins 8 VP")
    d.press("OK").shows("Sale preview", "2x1+1x2+1x3", "7 coins", "+8 VP", "preview only")
    d.press("OK").shows("Pass 1: tickets", "Red")
    assert d.app.session.to_dict() == before


@stepped
def test_payday_page_by_page_with_staff_house_and_unpaid_wages():
    d = colour()
    yield
    yield from new_game_steps(d, 2)
    yield
    yield from skip_to(d, "round", 1, 3)
    record(d, ("carriage", 0, "worker"), ("build", 0, "dienstwohnhaus"), ("coins", 0, 2))
    yield
    yield from skip_to(d, "hire", 2)
    d.shows("Pass 2: hiring", "Red", "room: 4 workers")
    d.press("OK", "UPx3", "OK")
    d.shows("Blue", "room: 2 workers").press("OK", "UPx2", "OK")
    yield
    yield from skip_to(d, "payday", 2)
    # Red: 3 hired, 1 free (Dienstwohnhaus), 2 due, has 3.  Blue: 2 due, has 1: -3 VP.
    d.shows("Pass 2: payday", "Red", "Hired 3, 1 free", "pays 2 coins", "OK: next 1/2")
    d.press("OK").shows("Blue", "Hired 2", "pays 1, -3 VP", "OK: pay all 2/2")
    d.press("UP").shows("Red", "1/2")
    d.press("OK", "OK").shows("Pass 2: ends", "Refill goods")
    g = d.app.session.game
    assert g.coins == [1, 0] and g.vp == [0, -3] and g.hired == [0, 0]
    d.press("OK").shows("Pass 3 order", "1 Red", "2 Blue", "pioneer track")


@stepped
def test_build_over_goes_to_the_top_and_shows_the_new_order():
    d = small()
    yield from new_game_steps(d, 3)
    yield from skip_to(d, "round", 1, 2)
    record(d, ("build", 0, "kiosk"), ("done", 0), ("build", 1, "kantine"), ("done", 1),
           ("build", 2, "postamt"), ("done", 2))
    yield
    yield from skip_to(d, "round", 2, 1)  # order: Green, Blue, Red (latest on top)
    d.shows("Pass 2: Round 1", "Green")
    record(d, ("done", 2))
    d.shows("Blue", "VP 0", "Coins 0", "Cubes 5 of 8")  # paid the Kantine worker; 1 + 4 turns
    d.press("OK").pick("Build").pick("Wasserturm").shows("Where?", "Free space", "Over Kantine")
    d.pick("Over Kantine").shows("Wasserturm", "Pay 3 cubes", "Pioneer: top")
    d.press("UP", "OK").shows("Next pass order", "1 Blue", "2 Green", "3 Red")
    d.press("OK").shows("Pass 2: Round 1", "Blue")
    g = d.app.session.game
    assert g.station(1) == ["wasserturm"] and g.built_over(1) == ["kantine"]


@stepped
def test_players_sheet_and_turn_order():
    d = colour()
    yield from new_game_steps(d, 3)
    d.press("LONG_OK").pick("Players").shows("Red", "1/3", "VP 0", "Coins 1", "Cubes 0 of 8",
                                          "Hired 0 of 2", "No freight car", "Pioneer: 1st")
    d.press("UP").shows("Green", "3/3", "Cubes 2 of 8", "Pioneer: 3rd")
    d.press("BACK").pick("Turn order").shows("Pass 1 order", "1 Red", "2 Blue", "3 Green")


@stepped
def test_replacing_tickets_stops_at_the_vp_floor():
    d = small()
    yield from new_game_steps(d, 2)
    yield
    d.press("LONG_OK").pick("Replace ticket").shows("Red: no room", "-3 VP", "VP floor -5")
    d.press("UP", "OK")
    assert d.app.session.game.vp == [-3, 0]
    d.press("LONG_OK").pick("Replace ticket").press("UP", "OK")
    assert d.app.session.game.vp == [-5, 0]  # -3 - 3 stops at -5


@stepped
def test_final_asks_only_what_the_buildings_need():
    d = colour()
    yield
    yield from new_game_steps(d, 3)
    yield
    yield from skip_to(d, "round", 1, 3)
    record(d, ("build", 0, "lokschuppen"), ("done", 0), ("build", 1, "empfangshalle"))
    yield
    yield from skip_to(d, "final", 7)
    # Lokschuppen with 3 players: 2 VP per empty space
    d.shows("Final score", "Red", "?", "Ranking")
    d.pick("Ranking").shows("First enter Red's Empty spaces")
    d.press("OK").shows("Check Red", "Coins 1", "Empty spaces ?")
    d.pick("Empty spaces").shows("Lokschuppen", "Empty (others)", "2 VP each")
    d.press("UPx3", "OK").shows("Empty spaces 3")
    d.pick("Points").shows("Red", "Lokschuppen", "6")
    d.press("BACK", "BACK")
    d.pick("Green").shows("Check Green", "Coins 1", "Cubes 8", "Track VP 0", "Points")
    assert "Passengers" not in d.text and "Empty" not in d.text
    d.press("BACK").pick("Ranking").shows("First enter Blue's Passengers")


@stepped
def test_change_menu_follows_actions_undos_and_its_player():
    # the menu keeps its rows while nothing changed: each of these must change them
    d = small()
    yield
    yield from new_game_steps(d, 2)
    yield
    yield from skip_to(d, "round", 1, 1)
    d.press("OK").pick("VP/coins/cubes").shows("Change: Red", "VP 0", "Coins 1")
    d.pick("VP").press("UPx3", "OK").shows("Change: Red", "VP 3", "Coins 1")
    # in the coins entry: undo the +3 VP, then record a coin, as many actions as before
    d.pick("Coins").press("LONG_BACK").shows("Undone")
    d.press("UP", "UP", "OK").shows("Change: Red", "VP 0", "Coins 2")
    d.pick("Other player").shows("Change: Blue", "VP 0")
    assert d.app.session.game.coins[0] == 2 and d.app.session.game.vp[0] == 0
