"""The history with names: a record keeps who played each colour, the date and time,
and the minutes the game took; History -> By player shows each person's games,
hand-computed; renaming a player later changes no record."""
from appdriver import Driver
from support import stepped

from app.history_view import read, result_lines
from app.players import roster

_SHEET = {"r": [0] * 8, "t": [], "pen": [], "b": [0, 0], "lt": 0, "lb": False, "we": False, "st": 0}


def _ttr(d, seats, points, minutes=0):
    """A Ticket to Ride game with these (colour, name) seats, each scoring its points in
    1-car routes (a point each), ended by the table after minutes."""
    sheets = []
    for p in points:
        sheet = dict(_SHEET)
        sheet["r"] = [p] + [0] * 7
        sheets.append(sheet)
    d.app.seating = [name for _, name in seats]
    from schaffner.ttr_austria.game import Game
    d.app.start_game("ttr_austria", [colour for colour, _ in seats],
                     Game.from_dict({"game": "ttr_austria", "opt": [True, True, False], "p": sheets}))
    d.tick(1000)
    d.tick(1000 + minutes * 60000)
    d.app.do(("end",))
    d.app.flush()


@stepped
def test_records_and_by_player():
    d = Driver(width=240, height=135, colour=True)
    d.app.today = lambda: (2026, 12, 2, 21, 40)
    _ttr(d, (("Red", "Anna"), ("Blue", "Bo")), (5, 3), minutes=95)
    yield
    rec = read(d.app.history, 0)
    assert rec["n"] == ["Anna", "Bo"] and rec["d"] == "2026-12-02" and rec["c"] == "21:40" and rec["m"] == 95
    assert [p[1:] for p in rec["p"]] == [[5, 1], [3, 2]]
    assert result_lines(rec, 15)[:2] == ["TtR Austria", "2026-12-02"] and result_lines(rec, 15)[-1] == "Took 95 min"
    assert "1 Red Anna    5" in result_lines(rec, 15)
    d.app.today = None  # a Pico whose clock was never set
    _ttr(d, (("Blue", "Bo"), ("Red", "Anna"), ("Green", "")), (7, 2, 1))
    yield
    _ttr(d, (("Yellow", "Anna"), ("Red", "Cem")), (6, 1))
    yield
    rec = read(d.app.history, 2)
    assert rec["d"] is None and rec["c"] is None and rec["m"] is None  # no clock, no time counted
    assert roster(d.app).names == ["Anna", "Bo", "Cem"]  # typed in setups: joined at the start
    roster(d.app).rename("Anna", "Anne")  # a record never changes
    assert read(d.app.history, 0)["n"] == ["Anna", "Bo"]
    d.press("BACK")
    d.pick("History").pick("By player").shows("Reading")
    d.tick(5000)
    d.shows("By player", "Anna", "Bo", "Cem")
    yield
    d.pick("Anna")
    # 3 plays, wins 5 and 6 (2 of 3: 67 %), average (5 + 2 + 6) / 3 = 4.3, best 6, last the
    # first game's date (the others have none); rival: Bo and Cem each beaten once, Bo in
    # 2 games together
    d.shows("TtR Austria", "Plays         3", "Wins      2 67%", "Average     4.3", "Best          6",
            "Last 2026-12-02")
    d.press("DOWNx5")
    d.shows("Rival Bo", "beaten   1 of 2")
    yield
    d.press("BACK").pick("Bo")
    d.shows("Plays         2", "Wins      1 50%", "Average     5.0", "Best          7")
    d.press("DOWNx5")
    d.shows("Rival Anna", "beaten   1 of 2")


def test_by_player_without_names_says_where_they_come_from():
    d = Driver()
    _ttr(d, (("Red", ""), ("Blue", "")), (5, 3))
    d.press("BACK")
    d.pick("History").pick("By player")
    d.tick(10)
    d.shows("No names yet", "Add in Settings")
