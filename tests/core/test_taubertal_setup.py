"""Der Taubertal-Express: setup by player count and the station buildings as data."""
from support import raises
from schaffner.taubertal import Game
from schaffner.taubertal import buildings as B
from schaffner.taubertal.setup import seat_lines, setup_lines


def test_setup_two_players():
    # 2 players: 6 action tiles, 8 goods buildings, 1 of each dark purple,
    # 3 tickets under each of the 7 spaces, 4 face up.
    assert dict(setup_lines(2)) == {
        "Action tiles": 6,
        "Goods buildings": 8,
        "Dark purple each": 1,
        "Tickets/space": 3,
        "Face-up tickets": 4,
    }


def test_setup_three_players_matches_rulebook_example():
    # Rulebook: with 3 players, 2 police posts, 2 canteens...; four cards under each space.
    lines = dict(setup_lines(3))
    assert lines["Dark purple each"] == 2
    assert lines["Tickets/space"] == 4
    assert lines["Action tiles"] == 9
    assert lines["Goods buildings"] == 10


def test_setup_four_players():
    lines = dict(setup_lines(4))
    assert lines["Action tiles"] == 12
    assert lines["Goods buildings"] == 12
    assert lines["Dark purple each"] == 3
    assert lines["Tickets/space"] == 5


def test_setup_labels_fit_the_screen():
    for label, _ in setup_lines(4):
        assert len(label) <= 16


def test_seats_start_with_cubes_by_position_and_one_coin():
    # start player 0 cubes, 2nd 1 black, 3rd 2, 4th 3; one silver coin each
    assert seat_lines(4) == ((0, 1), (1, 1), (2, 1), (3, 1))
    g = Game.new(3)
    assert g.cubes == [0, 1, 2]
    assert g.coins == [1, 1, 1]
    assert g.vp == [0, 0, 0]
    assert g.wcar == [1, 1, 1]
    assert g.fcar == [0, 0, 0]


def test_start_stack_puts_start_player_on_top():
    g = Game.new(4)
    assert g.turn_order() == [0, 1, 2, 3]
    assert g.standing() == [0, 1, 2, 3]
    assert g.phase() == "tickets"
    assert g.pass_no() == 1
    assert g.round_no() == 0
    assert g.acting() == 0


def test_player_count_outside_two_to_four_is_refused():
    for n in (0, 1, 5, "3", None):
        exc = raises(ValueError, Game.new, n)
        assert "2 to 4" in str(exc)
        raises(ValueError, setup_lines, n)


def test_twenty_two_station_buildings():
    # The rulebook's last page describes 22 station buildings: 10 dark purple
    # kinds (3 tiles each = 30) and 12 light purple ones (36 tiles).
    assert len(B.BUILDINGS) == 22
    assert len(set(B.IDS)) == 22
    coins = [b[0] for b in B.BUILDINGS if b[2] == B.COINS]
    assert len(coins) == 10
    assert "Kantine" in coins and "Polizeiposten" in coins


def test_building_kinds_follow_the_rulebook():
    ends = [b[0] for b in B.BUILDINGS if b[1] == B.END]
    assert ends == [
        "Empfangshalle", "Magazingebaeude", "Lokschuppen", "Postamt",
        "Zollamt", "Wagenmeisterei", "Wasserturm",
    ]
    instant = [b[0] for b in B.BUILDINGS if b[1] == B.INSTANT]
    assert instant == ["Kiosk", "Kantine", "Polizeiposten", "Bahnmeisterei", "Elektrizitaetswerk"]
    assert B.kind("lagerhaus") == B.LASTING
    assert B.KIND_NAMES[B.kind("postamt")] == "end of game"


def test_building_texts_fit_two_screen_lines_in_ascii():
    for name, _, _, effect in B.BUILDINGS:
        assert len(effect) <= 40, name
        assert len(name) <= 21, name
        for ch in name + effect:
            assert 32 <= ord(ch) < 127, name


def test_building_lookup():
    assert B.name("magazingebaeude") == "Magazingebaeude"
    assert B.cost("wasserturm") == B.CUBES
    assert B.cost("kiosk") == B.COINS
    assert "10" in B.effect("wagenwerkstatt")
    assert "Unknown building" in str(raises(ValueError, B.find, "Rathaus"))
    raises(ValueError, B.find, 3)
