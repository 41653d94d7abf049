"""Der Taubertal-Express through the app: undo names what it took back; a reboot resumes exactly."""
from appdriver import Driver
from play_taubertal import new_game, record, skip_to
from support import stepped


def undo(d, named):
    """Long BACK: the message names the action; the game is as before it."""
    s = d.app.session
    count = len(s.journal.actions)
    d.press("LONG_BACK").shows("Undone: " + named)
    assert len(s.journal.actions) == count - 1
    d.press("OK")


def test_nothing_to_undo_at_the_start():
    d = new_game(Driver(), 2)
    d.press("LONG_BACK").shows("Nothing to undo")
    d.press("OK").shows("Pass 1: tickets", "Red")


def test_undo_draft_pick_names_the_player_and_gives_the_pick_back():
    d = new_game(Driver(), 3)
    d.press("OK").shows("Blue", "Pick 2 of 3")
    undo(d, "Red took a ticket")
    d.shows("Red", "Pick 1 of 3", "takes a ticket")


@stepped
def test_undo_build_sale_change_payday():
    d = new_game(Driver(), 4)
    yield from skip_to(d, "round", 1, 1)
    start = d.app.session.game.to_dict()
    d.press("OK").pick("Build").pick("Kiosk").press("UP", "OK", "UP", "OK")
    d.shows("Next pass order").press("OK").shows("Coins 0", "Cubes 4 of 8")
    undo(d, "Red built Kiosk")
    assert d.app.session.game.to_dict() == start
    d.shows("Pass 1: Round 1", "Red", "Coins 1", "Cubes 1 of 8")
    d.press("OK").pick("VP/coins/cubes").pick("VP").press("UPx3", "OK")
    undo(d, "Red +3 VP")
    d.shows("Change: Red", "VP 0")
    d.press("BACK", "BACK")
    record(d, ("done", 0), ("carriage", 1, "freight"), ("sale", 1, 0, 1, 1, 0))
    undo(d, "Blue sold 2 goods")
    yield from skip_to(d, "refill")
    undo(d, "Payday")
    d.shows("Pass 1: payday", "Red")


@stepped
def test_reboot_mid_round_resumes_exactly():
    d = new_game(Driver(), 4)
    yield from skip_to(d, "round", 2, 2)
    record(d, ("done", 0), ("build", 1, "zollamt"), ("coins", 1, 4))
    yield
    d.press("BACK").press("OK")  # out to the main menu and back
    shown = d.text
    state = d.app.session.to_dict()
    yield
    d.boot().shows("Taubertal-Expr.", "Resume game")
    yield
    d.pick("Resume")
    assert d.text == shown and "Blue" in shown and "Pass 2: Round 2" in shown
    assert d.app.session.to_dict() == state
    yield
    undo(d, "Blue +4 coins")  # undo reaches back across the reboot
    yield
    undo(d, "Blue built Zollamt")


@stepped
def test_reboot_at_payday_and_in_the_final_scoring():
    d = new_game(Driver(), 2)
    yield from skip_to(d, "payday", 7)
    d.press("BACK")
    yield
    d.boot().pick("Resume").shows("Pass 7: payday", "Red", "OK: next 1/2")
    yield
    d.press("OK", "OK").shows("Final score", "Ranking")
    yield
    d.pick("Blue").pick("Coins").press("UPx2", "OK").press("BACK")
    state = d.app.session.to_dict()
    yield
    d.press("BACK")
    yield
    d.boot().pick("Resume").shows("Final score", "Blue")
    assert d.app.session.to_dict() == state
    assert d.app.session.game.coins == [1, 3]
    yield
    undo(d, "Blue +2 coins")
