"""Trainmaker on the gadget: setup, City card entry, the Steam Engine, the deck
running out and a declared Contract, by button presses."""
from appdriver import Driver
from play_trainmaker import card, new_game, start, start_steps, to
from schaffner.rng import Rng
from support import picks, stepped


def _journal(d):
    return list(d.app.session.journal.actions)


@stepped
def test_setup_without_steam_engine_then_the_three_cards():
    d = Driver(rng=Rng(1))
    for expect in new_game(d, 2, ()):
        d.shows(*expect)
    g = d.app.session.game
    assert g.players() == 2 and not g.steam() and d.app.session.names == ["Red", "Blue"]
    d.shows("City card 1/3", "Cars it needs", "OK: next car")
    d.press("UP", "OK", "UP", "OK")
    yield
    d.shows("Depot: 2 cars", "OK: card done")
    d.press("OK")  # the goods are asked: none chosen yet
    yield
    d.shows("?", "Goods? UP/DOWN", "OK: enter card")
    d.press("OK").shows("Which goods?")  # refused: nothing entered
    yield
    assert g.faceup() == []
    d.press("OK", "UP").shows("timber")  # UP from "?": the last goods type
    d.press("DOWN", "DOWN").shows("passengers")  # DOWN from "?": the first
    d.press("DOWN", "OK")
    yield
    assert g.faceup() == [("PB", "coal")]
    d.shows("City card 2/3")
    # a Terminal (4 rolling stock) is wild: no goods asked
    d.press("UPx2", "OK", "UP", "OK", "UP")
    yield
    d.shows("Terminal: wild")
    d.press("OK")
    yield
    assert g.faceup()[1] == ("PPBF", "wild")
    card(d, "FFF", "mail")
    yield
    assert g.phase() == "roll"
    d.shows("Round 1", "PB PPBF FFF", "Red", "Roll 7")


@stepped
def test_card_entry_refuses_bad_counts_and_changes_nothing():
    d = Driver(rng=Rng(1))
    start(d, 2, cards=())
    yield
    d.press("UPx3", "OK", "UP")  # P 3, B 1: four rolling stock
    yield
    d.press("UP")
    yield
    d.shows("A card needs 1 to 4 cars")
    d.press("OK")  # dismisses the message only
    yield
    assert d.app.top.entry.counts == [3, 1, 0] and _journal(d) == []
    d.press("DOWNx3", "BACK", "DOWNx3")  # back to P, down to 0: nothing left
    yield
    d.press("OK", "OK", "OK")
    yield
    d.shows("No City card needs nothing")
    assert _journal(d) == [] and d.app.session.game.phase() == "cards"
    # BACK on the first field leaves to the main menu; Resume comes back
    d.press("OK", "BACK", "BACK", "BACK")
    yield
    d.shows("Trainmaker", "Resume game")
    d.pick("Resume game")
    yield
    d.shows("City card 1/3")


@stepped
def test_steam_contract_entry_checks_its_needs():
    d = Driver(rng=Rng(1))
    yield from picks(d, "New game", "Trainmaker")
    d.press("DOWN", "OK", "OK")  # 1 player: solitaire against the Steam Engine
    yield
    d.press("DOWN", "OK")
    yield
    d.shows("Contract", "Done", "Steam's needs")
    d.pick("Remove last")
    yield
    d.shows("Nothing to remove")
    d.press("OK")
    yield
    d.pick("Done")
    yield
    d.shows("A Contract needs at least one card")
    d.press("OK")
    yield
    yield from picks(d, "station", "coal")
    d.shows("station coal")  # the needs so far, in words where they fit
    d.pick("Remove last")
    yield
    assert d.app.top.hint == "station"
    d.pick("Done")
    yield
    g = d.app.session.game
    assert g.steam() and g.steam_contract() == ["station"] and g.players() == 1
    d.shows("City card 1/3")


@stepped
def test_steam_engine_draws_after_the_round_until_three_rolling_stock():
    d = Driver(rng=Rng(1))
    d.app.settings["odds"] = False  # to fit the MicroPython heap in one step
    g = yield from start_steps(d, 2, ("terminal",))
    yield
    # Red and Blue roll no Locomotive and let Switch Track be: their turns end
    for name in ("Red", "Blue"):
        d.app.do(("roll", "PBFCPBF"))
        d.press("UP")  # redraw
        d.shows(name, "Stuck: Switch?")
        to(d, "Pass")
        d.shows(name, "No Loco", "Turn over")
        d.press("OK")
    assert g.phase() == "steam"
    from app.trainmaker import acting
    assert acting(g) is None
    d.shows("Steam Engine", "Drew 0/3+ cars")
    card(d, "P", "cattle")
    yield
    d.shows("Steam Engine", "Drew 1/3+ cars")
    card(d, "BF", "mail")  # 1 + 2 = 3 rolling stock: it stops
    yield
    assert g.steam_cards() == [("P", "cattle"), ("BF", "mail")]
    d.shows("Round 2", "Red", "Roll 7")
    assert acting(g) == 0


@stepped
def test_steam_engine_wins_with_its_contract():
    d = Driver(rng=Rng(1))
    g = yield from start_steps(d, 1, ("coal",))
    yield
    d.app.do(("roll", "PBFCPBF"))
    to(d, "Pass")
    yield
    d.press("OK")  # the outcome
    yield
    d.shows("Steam Engine", "Drew 0/3+ cars")
    card(d, "PB", "coal")
    yield
    assert g.winner() == -1 and g.win_reason() == "contract"
    d.shows("Contract met", "Steam Engine", "wins the game!")


@stepped
def test_deck_empty_from_the_game_menu():
    d = Driver(rng=Rng(1))
    g = start(d, 2, cards=(("PB", "coal"),))
    yield
    d.press("LONG_OK")
    yield
    d.pick("Deck is empty")
    yield
    d.shows("No more cards")
    d.press("UP", "OK")
    yield
    assert g.phase() == "roll" and len(g.faceup()) == 1
    d.shows("Round 1", "Cards PB", "Red")


@stepped
def test_declared_contract_wins():
    d = Driver(rng=Rng(1))
    g = start(d, 3)
    yield
    d.press("LONG_OK")  # the help, with the game menu
    yield
    d.pick("Contract met!")
    yield
    d.shows("Red shows a met")
    d.press("OK")  # No
    yield
    assert g.phase() == "roll"
    d.pick("Contract met!")
    yield
    d.press("UP", "OK")
    yield
    assert g.winner() == 0 and g.win_reason() == "contract"
    d.shows("Contract met", "Red", "wins the game!")
