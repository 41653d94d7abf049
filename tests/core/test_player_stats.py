"""Statistics per person: hand-computed plays, wins, win rate, average and best score,
last played, and the rival."""
from support import raises

from schaffner.player_stats import PlayerStats

ORDER = ("taubertal", "trainmaker", "ttr_austria")


def _table():
    s = PlayerStats()
    # game, date, names per seat, scores, places
    s.add("taubertal", "2026-11-01", ["Anna", "Jörg", ""], [16, 16, 9], [1, 2, 3])
    s.add("taubertal", None, ["Jörg", "Anna"], [20, 11], [1, 2])
    s.add("taubertal", "2026-11-20", ["Anna", "Cem", "Jörg"], [18, 18, 7], [1, 1, 3])
    s.add("trainmaker", "2026-11-21", ["Jörg", "Anna"], [3, 5], [3, 2])  # the Steam Engine won
    s.add("ttr_austria", None, ["", ""], [80, 70], [1, 2])  # colours alone: nobody's
    return s


def test_per_person_and_game():
    s = _table()
    assert s.people() == ["Anna", "Jörg", "Cem"]  # 4, 4, 1 games
    # Anna, Taubertal: 3 plays, 2 wins (the first, and the third: a shared first place is a
    # win), scores 16 11 18 = 45 / 3 = 15.0
    assert s.games_of("Anna", ORDER) == [
        ("taubertal", 3, 2, 67, 150, 18, "2026-11-20"),
        ("trainmaker", 1, 0, 0, 50, 5, "2026-11-21")]
    # Jörg, Taubertal: 16 20 7 = 43 / 3 = 14.33 -> 143 tenths; 1 win of 3 -> 33 %
    assert s.games_of("Jörg", ORDER)[0] == ("taubertal", 3, 1, 33, 143, 20, "2026-11-20")
    assert s.games_of("Cem", ORDER) == [("taubertal", 1, 1, 100, 180, 18, "2026-11-20")]
    assert s.games_of("Nobody", ORDER) == []


def test_rivals():
    s = _table()
    # Anna ahead of Jörg in games 1, 3 and Trainmaker (place 2 v 3): 3 of 4; of Cem: never (shared)
    assert s.rival("Anna") == ("Jörg", 3, 4)
    assert s.rival("Jörg") == ("Anna", 1, 4)  # game 2
    assert s.rival("Cem") == ("Jörg", 1, 1)
    t = PlayerStats()
    t.add("taubertal", None, ["Bo", "Al", "Cy"], [9, 5, 5], [1, 2, 2])
    assert t.rival("Bo") == ("Al", 1, 1)  # Al and Cy equal: the name that sorts first
    assert t.rival("Al") is None  # beat nobody


def test_a_date_seen_stays_the_last_played_and_negative_averages_round_away_from_zero():
    s = PlayerStats()
    s.add("ttr_austria", "2026-10-01", ["Anna", "Bo"], [-5, 10], [2, 1])
    s.add("ttr_austria", None, ["Anna", "Bo"], [-6, 10], [2, 1])
    assert s.games_of("Anna", ORDER) == [("ttr_austria", 2, 0, 0, -55, -5, "2026-10-01")]


def test_a_game_that_does_not_add_up_is_refused():
    s = PlayerStats()
    raises(ValueError, s.add, "taubertal", None, ["Anna", "Bo"], [1], [1, 2])
    assert s.rows == {} and s.pairs == {}
