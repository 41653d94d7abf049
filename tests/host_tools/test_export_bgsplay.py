"""make export's history.bgsplay read back the way BG Stats' play file is written:
top-level players, locations, games, plays, userInfo; every id a reference names
exists; uuids are RFC 9562 version 8 and the same in every export; dates in BG
Stats' "YYYY-MM-DD HH:MM:SS"; scores as text; the fields per play score."""
import json
import re

from host_tools import export
from test_export import _record

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")


def _files():
    return {"history.log": _record(1) + _record(2, game="trainmaker", d=None, h="goods", u="cards",
                                               players=(("Blue", 3, 2), ("Green", 5, 1), ("Red", 2, 3)))
            + _record(3, game="taubertal", players=(("Red", 16, 2), ("Blue", 16, 1)), b="pioneer")}


def _bgsplay(tmp_path, now):
    assert export.export(_files(), str(tmp_path), "test", say=lambda s: None, now=now) == 0
    with open(tmp_path / "history.bgsplay", encoding="utf-8") as f:
        return json.load(f)


def test_the_file_reads_back_as_bg_stats_writes_it(tmp_path):
    data = _bgsplay(tmp_path, "2026-12-02 21:30:00")
    assert {"players", "locations", "games", "plays", "userInfo"} <= set(data)
    players = {p["id"]: p for p in data["players"]}
    games = {g["id"]: g for g in data["games"]}
    assert len(players) == len(data["players"]) and len(games) == len(data["games"])  # ids unique
    for obj in data["players"] + data["games"] + data["plays"]:
        assert UUID.match(obj["uuid"]), obj
        assert DATE.match(obj["modificationDate"]), obj
    assert data["userInfo"]["meRefId"] in players
    assert sorted(p["name"] for p in data["players"]) == ["Blue", "Green", "Me", "Red"]
    assert {g["name"]: g["bggId"] for g in data["games"]} == {
        "Ticket to Ride": 9209, "Trainmaker": 0, "Der Taubertal-Express": 0}
    assert len(data["plays"]) == 3
    for play in data["plays"]:
        assert play["gameRefId"] in games and DATE.match(play["playDate"])
        assert isinstance(play["durationMin"], int)
        for s in play["playerScores"]:
            assert s["playerRefId"] in players and isinstance(s["score"], str)
        assert [s["seatOrder"] for s in play["playerScores"]] == list(range(1, len(play["playerScores"]) + 1))
        assert [s["startPlayer"] for s in play["playerScores"]].count(True) == 1
    ttr, tm, tt = data["plays"]
    assert ttr["playDate"] == "2025-05-12 00:00:00" and ttr["board"] == "Austria (fan map)"
    assert [(players[s["playerRefId"]]["name"], s["score"], s["winner"], s["rank"]) for s in ttr["playerScores"]] \
        == [("Red", "50", True, 1), ("Blue", "40", False, 2)]
    assert tm["playDate"] == "2026-12-02 00:00:00"  # kept without a date: the export's day
    assert [(s["score"], s["winner"], s["rank"]) for s in tm["playerScores"]] == [
        ("3", False, 2), ("5", True, 1), ("2", False, 3)]
    assert games[tt["gameRefId"]]["name"] == "Der Taubertal-Express" and tt["board"] == ""


def test_uuids_stay_the_same_in_every_export(tmp_path):
    a = _bgsplay(tmp_path / "a", "2026-12-02 21:30:00")
    b = _bgsplay(tmp_path / "b", "2027-01-15 08:00:00")
    for key in ("players", "games", "plays"):
        assert [x["uuid"] for x in a[key]] == [x["uuid"] for x in b[key]]
    assert len({p["uuid"] for p in a["plays"]}) == 3
