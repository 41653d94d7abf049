"""The roster: names checked, added, renamed, removed, and the order a new game offers them."""
from support import raises, rejects

from schaffner.roster import MOST, Roster, check


def test_names_allowed():
    assert check("Jörg") == "Jörg"
    assert check("Anna-Lena") == "Anna-Lena"
    assert check(" Öz 2 ") == "Öz 2"
    assert check("Große Straße") == "Große Straße"[:12]
    assert check("ABCDEFGHIJKL") == "ABCDEFGHIJKL"


def test_names_refused_in_words():
    for bad in ("", "   ", "ABCDEFGHIJKLM", "Jo!", "Zoë", "a_b", 'Sa"m', None, 7):
        assert str(raises(ValueError, check, bad).args[0])


def test_add_rename_remove():
    r = Roster()
    assert r.add(" Jörg") == "Jörg"
    r.add("Anna-Lena")
    assert r.names == ["Jörg", "Anna-Lena"]
    assert r.rename("jörg", "Jürgen") == "Jürgen"
    assert r.names == ["Jürgen", "Anna-Lena"]
    r.rename("Anna-Lena", "ANNA-LENA")  # its own name in other letters: allowed
    assert r.names == ["Jürgen", "ANNA-LENA"]
    r.remove("Jürgen")
    assert r.names == ["ANNA-LENA"]
    assert Roster.from_dict(r.to_dict()).to_dict() == r.to_dict()


def test_bad_changes_change_nothing():
    r = Roster(["Jörg", "Anna"])
    assert "already" in rejects(r, r.add, "jörg")
    assert rejects(r, r.add, "")
    assert rejects(r, r.add, "x" * 13)
    assert "already" in rejects(r, r.rename, "Anna", "JÖRG")
    assert rejects(r, r.rename, "Anna", " ")
    assert "No player" in rejects(r, r.rename, "Bob", "Rob")
    assert "No player" in rejects(r, r.remove, "Bob")
    full = Roster(["P%d" % i for i in range(MOST)])
    assert "full" in rejects(full, full.add, "Jörg")


def test_order_last_game_first_then_most_games():
    r = Roster(["Anna", "Bert", "Cem", "Dora", "Emil"])
    r.played(["Cem", "", "Bert"])
    r.played(["Dora", "Cem"])
    r.played(["Dora", "Emil"])
    r.played(["", "Anna", "Cem"])
    # last: Anna, Cem; then Dora (2 games), Bert and Emil (1 each, as added)
    assert r.ordered() == ["Anna", "Cem", "Dora", "Bert", "Emil"]
    assert r.plays == [1, 1, 3, 2, 1]
    r.rename("Cem", "Can")
    assert r.ordered() == ["Anna", "Can", "Dora", "Bert", "Emil"]
    r.remove("Anna")
    assert r.ordered() == ["Can", "Dora", "Bert", "Emil"]


def test_saved_roster_read_back_and_refused():
    r = Roster.from_dict({"names": ["Jörg", "Anna"], "plays": [3, "x"], "last": ["Anna", "Gone"]})
    assert r.to_dict() == {"names": ["Jörg", "Anna"], "plays": [3, 0], "last": ["Anna"]}
    for bad in (None, [], {"names": "Jörg"}, {"names": ["Jo!"]}, {"names": ["A", "a"]}):
        raises(ValueError, Roster.from_dict, bad)
