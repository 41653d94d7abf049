"""Nothing lost by a slip: an undo says what it took back until a key is pressed,
can be redone until the next action (a long OK on its message, or the main
menu), across a power cut; the main menu's undo and redo say what they will
do before they do it.  (A redone roll's dice and a redone win: test_history_dice.)"""
from appdriver import Driver
from play_taubertal import new_game_steps
from support import stepped


def _two_tickets():
    d = Driver()
    yield
    yield from new_game_steps(d, 2)
    d.press("OK", "OK")  # Red's ticket, then Blue's
    return d


@stepped
def test_undone_stays_until_a_key_and_a_long_ok_redoes_it():
    d = yield from _two_tickets()
    state = d.app.session.to_dict()["journal"]["actions"]
    yield
    d.press("LONG_BACK")
    d.shows("Undone: Blue took a ticket Hold OK: redo")
    for now in range(0, 60000, 500):  # a minute passes: still there
        d.tick(now)
    yield
    d.app.render()
    d.shows("Undone: Blue took a ticket")
    d.press("LONG_OK")
    d.shows("Redone: Blue took a ticket")
    assert d.app.session.to_dict()["journal"]["actions"] == state
    d.press("OK")  # only dismisses
    d.shows("Red", "Tile 1 of 3")
    assert d.app.session.to_dict()["journal"]["actions"] == state


@stepped
def test_a_key_other_than_a_long_ok_only_dismisses_undone():
    d = yield from _two_tickets()
    d.press("LONG_BACK", "DOWN")
    assert not any("Undone" in t for t in d.app.ui.drawn)
    assert d.app.session.journal.undone == [("ticket", 1)]
    d.press("LONG_OK")  # no message any more: the screen's own long OK, no redo
    assert d.app.session.journal.undone == [("ticket", 1)]


@stepped
def test_redo_from_the_menu_says_what_and_lasts_until_the_next_action():
    d = yield from _two_tickets()
    yield
    d.press("LONG_BACK", "OK", "LONG_BACK", "OK", "BACK")
    yield
    d.shows("Taubertal-Expr.", "Resume game", "Redo last")
    d.pick("Redo last")
    d.shows("Do again: Red took a ticket? OK: yes")
    d.press("DOWN")  # any other key: no
    assert d.app.session.journal.count() == 0
    yield
    d.pick("Redo last")
    d.press("OK")
    d.shows("Redone: Red took a ticket")
    d.press("OK")
    d.pick("Redo last")
    d.press("OK").shows("Redone: Blue took a ticket")
    assert d.app.session.journal.count() == 2
    yield
    d.press("OK")
    assert "Redo last" not in d.app.top.items
    d.pick("Resume game")
    d.press("LONG_BACK", "OK")
    d.press("OK")  # a new action (Blue's ticket again): what was undone is gone
    d.press("BACK")
    assert "Redo last" not in d.app.top.items and not d.app.session.journal.undone


@stepped
def test_undo_from_the_menu_says_what_it_takes_back_first():
    d = yield from _two_tickets()
    yield
    d.press("BACK")
    d.pick("Undo last")
    d.shows("Take back Blue took a ticket? OK: yes")
    assert d.app.session.journal.count() == 2
    d.press("BACK")  # any other key: no; a long BACK on the question only dismisses it too
    d.pick("Undo last")
    d.press("LONG_BACK")
    assert d.app.session.journal.count() == 2
    yield
    # four OK presses on "Undo last": each undo is named before it is done
    d.pick("Undo last")
    d.press("OK")
    d.shows("Undone: Blue took a ticket Hold OK: redo")
    assert d.app.session.journal.count() == 1
    d.press("OK", "OK")
    d.shows("Take back Red took a ticket? OK: yes")
    assert d.app.session.journal.count() == 1
    d.press("BACK")
    # six rows (Undo last and Redo last): the title names the game in full, no page count
    assert d.app.top.items[2:4] == ["Undo last", "Redo last"]
    assert d.app.ui.drawn[0] == "Taubertal-Expr." and "/6" not in d.text


@stepped
def test_redo_survives_a_power_cut_in_the_log_and_in_a_snapshot():
    d = yield from _two_tickets()
    yield
    d.press("LONG_BACK", "OK", "LONG_BACK")
    yield
    d.power_off()
    yield
    d.boot()
    yield
    d.shows("Redo last")
    d.pick("Redo last")
    d.press("OK").shows("Redone: Red took a ticket")
    yield
    d.boot()  # the redo's record too
    assert d.app.session.journal.count() == 1 and d.app.session.journal.undone == [("ticket", 1)]
    d.app.saves.start()  # a snapshot: the undone actions are in it
    d.app.flush()
    yield
    d.boot()
    assert d.app.session.journal.undone == [("ticket", 1)]
    d.pick("Redo last")
    d.press("OK").shows("Redone: Blue took a ticket")
    d.boot()
    d.pick("Resume game").shows("Red", "Tile 1 of 3")
