"""The roster on the gadget: Settings -> Players, the letter wheel and its press counts,
who plays each colour in a new game, and the roster kept across a reboot."""
from appdriver import Driver
from name_presses import presses
from roster_steps import add_player, add_players
from support import raises, stepped

from app.players import roster, save


@stepped
def test_joerg_and_anna_lena_typed_in_few_presses():
    d = Driver()
    assert add_player(d, "Jörg") == 20  # docs/using.md and the README say so
    yield
    d.shows("Joerg", "Add player")
    yield
    d.press("BACK", "BACK")
    yield
    assert add_player(d, "Anna-Lena") == 27
    yield
    assert roster(d.app).names == ["Jörg", "Anna-Lena"]
    d.boot()
    yield
    assert roster(d.app).names == ["Jörg", "Anna-Lena"]  # in /data: a reboot keeps it


def test_the_recorded_game_types_the_names_in_the_fewest_presses():
    from play_ttr_austria import NAMES
    for name, _, keys in NAMES:
        flat = []
        for key in keys:
            n = 1
            if "x" in key[1:] and key.rsplit("x", 1)[1].isdigit():
                key, n = key.rsplit("x", 1)
            flat += [key] * int(n)
        assert flat == presses(name), name


@stepped
def test_the_wheel_capitalises_words_deletes_and_refuses_in_words():
    d = Driver()
    d.pick("Settings").pick("Players").pick("Add player")
    yield
    d.shows("New player", "_", "E", "next N I")
    yield
    d.press("OK").shows("E_", "next n i")  # after the first letter: small
    yield
    d.press("BACK").shows("_")
    yield
    d.press("UP", "OK")  # Done on an empty name
    yield
    assert "at least one" in d.text and roster(d.app).names == []
    d.press("OK")  # the message goes
    yield
    d.press("UP", "OK").shows("-_")  # the wheel still on Done: UP is the hyphen; then a capital again
    yield
    d.press("OK").shows("-E_")
    yield
    d.press("UP", "OK")  # Done
    yield
    assert roster(d.app).names == ["-E"]
    d.pick("Add player").press("OK", "UP", "OK")  # "E", Done: a new player
    yield
    assert roster(d.app).names == ["-E", "E"]
    d.pick("Add player").press("OK", "DOWN", "OK", "UP", "OK")  # "En"
    yield
    d.pick("Add player").press("OK", "UP", "OK")  # "E" again: refused, nothing changed
    yield
    assert "already" in d.text and roster(d.app).names == ["-E", "E", "En"]


@stepped
def test_rename_and_remove_change_no_kept_game():
    d = Driver()
    yield from add_players(d, "Jörg", "Anna")
    d.pick("New game").pick("Trainmaker").press("OK")  # 2 players
    yield
    d.pick("Red").pick("Joerg").pick("Blue").pick("Anna").pick("No")
    yield
    assert d.app.session.players == ["Jörg", "Anna"]
    d.press("BACK")
    yield
    d.pick("Settings").pick("Players").pick("Joerg").pick("Rename").shows("Joerg_")
    yield
    d.press("BACK", "BACK", "BACK", "BACK", "OK", "UP", "OK")  # four deletes, then "E"
    yield
    assert roster(d.app).names == ["E", "Anna"]
    d.pick("Anna").pick("Remove").press("UP", "OK")
    yield
    assert roster(d.app).names == ["E"]
    assert d.app.session.players == ["Jörg", "Anna"]


@stepped
def test_a_new_game_asks_who_plays_each_colour_in_the_roster_order():
    d = Driver()
    yield from add_players(d, "Anna", "Bert", "Cem")
    d.pick("New game").pick("Taubertal").press("UP", "OK")  # 3 players
    yield
    d.pick("Blue").shows("Who is Blue?", "Anna", "Bert", "Cem", "New player")
    yield
    yield
    d.pick("Cem").pick("Red").pick("Nobody").pick("Green").pick("New player")
    yield
    yield
    d.press(*presses("Dora"))
    yield
    yield
    # the game's own setup follows; once it has started, the seats are set
    for _ in range(12):
        if d.app.session is not None:
            break
        d.press("OK")
        yield
    s = d.app.session
    assert s.names == ["Blue", "Red", "Green"] and s.players == ["Cem", "", "Dora"]
    r = roster(d.app)
    assert r.names == ["Anna", "Bert", "Cem", "Dora"]
    assert r.ordered() == ["Cem", "Dora", "Anna", "Bert"]  # the last game's first


@stepped
def test_an_empty_roster_asks_nothing():
    d = Driver()
    d.pick("New game").pick("Trainmaker").press("OK")
    yield
    d.pick("Red").shows("Seat 2 of 2")
    yield


@stepped
def test_a_name_typed_in_setup_is_refused_when_taken():
    d = Driver()
    yield from add_players(d, "Anna")
    d.pick("New game").pick("Trainmaker").press("OK")
    yield
    d.pick("Red").pick("New player")
    yield
    d.press(*presses("Anna"))
    yield
    assert "already" in d.text
    d.press("OK")  # the message goes; the entry keeps "Anna"
    yield
    d.shows("Anna_")
    yield
    assert raises(ValueError, d.app.top.type, d.app, "!")


@stepped
def test_a_setup_cut_short_comes_back_with_its_names():
    d = Driver()
    yield from add_players(d, "Anna")
    d.pick("New game").pick("Trainmaker").press("OK")
    d.pick("Red").pick("Anna").shows("Seat 2 of 2")
    d.power_off()
    yield
    d.boot()  # the setup's presses again, onto the same roster
    top = d.app.top
    assert top.chosen == ["Red"] and top.people == ["Anna"]
    d.shows("Seat 2 of 2")
    top = None
    yield
    d.pick("Blue").pick("New player")
    yield
    d.press(*presses("Bo"))
    yield
    d.pick("No")
    assert d.app.session.players == ["Anna", "Bo"] and roster(d.app).names == ["Anna", "Bo"]


@stepped
def test_a_player_called_nobody_is_somebody():
    d = Driver()
    roster(d.app).add("Nobody")
    save(d.app)  # as Settings -> Players saves it: the settings count the players
    d.pick("New game").pick("Trainmaker").press("OK")
    d.pick("Red").shows("Nobody", "New player")
    d.press("OK")  # the roster's Nobody, the first row
    yield
    d.pick("Blue").press("DOWN", "OK")  # the last row: nobody plays Blue
    d.pick("No")
    assert d.app.session.players == ["Nobody", ""]


@stepped
def test_a_long_ok_on_the_wheel_is_its_help():
    d = Driver()
    d.pick("Settings").pick("Players").pick("Add player")
    d.press("OK", "LONG_OK")
    d.shows("Help", "wheel")
    yield
    d.press("BACK").shows("E_")  # the name as it was
