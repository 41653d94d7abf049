"""What BG Stats gets of a kept game (app.bgstats, app.bgsplay), on both runtimes
(the web page makes the play file under MicroPython): the link hand-built, its
optional fields added while they fit, the name-based uuids the same everywhere."""
from app import bgsplay, bgstats
from support import raises, stepped

REC = {"v": 1, "k": 5, "g": "ttr_austria", "d": "2026-05-01", "a": 9, "t": None, "w": "J\u00f6rg", "h": "points",
       "b": "", "u": "VP", "p": [["J\u00f6rg", 61, 1], ["Red", 40, 2]]}
START = "https://app.bgstatsapp.com/createPlay.html?data="
NEEDED = ("%7B%22sourceName%22:%22Schaffner%22,%22game%22:%7B%22name%22:%22Ticket%20to%20Ride%22%7D,"
          "%22players%22:%5B%7B%22name%22:%22J%C3%B6rg%22,%22score%22:61,%22winner%22:true%7D,"
          "%7B%22name%22:%22Red%22,%22score%22:40%7D%5D%7D")


def test_the_link_with_what_bg_stats_needs():
    text, left = bgstats.link(REC, len(START + NEEDED))
    assert text == START + NEEDED
    assert left == ["bggId", "playDate", "board", "sourcePlayId", "startPlayer"]


def test_optional_fields_in_order_while_they_fit():
    text, left = bgstats.link(REC, 1000)
    assert left == []
    assert "%22playDate%22:%222026-05-01%2000:00:00%22" in text
    assert "%22game%22:%7B%22name%22:%22Ticket%20to%20Ride%22,%22bggId%22:9209%7D" in text
    assert "%22board%22:%22Austria%20%28fan%20map%29%22" in text
    assert "%22sourcePlayId%22:%22ttr_austria-5%22" in text
    assert "%22winner%22:true,%22startPlayer%22:true%7D" in text
    bgg = len(",%22bggId%22:9209")
    text, left = bgstats.link(REC, len(START + NEEDED) + bgg)
    assert left == ["playDate", "board", "sourcePlayId", "startPlayer"] and "9209" in text


def test_a_play_too_long_is_refused_in_words():
    assert "holds 100" in str(raises(ValueError, bgstats.link, REC, 100))
    assert "Unknown game" in str(raises(ValueError, bgstats.game, "chess"))


def test_a_play_without_a_date_leaves_it_to_the_phone():
    rec = dict(REC, d=None)
    assert bgstats.play_date(rec) is None
    assert "playDate" not in bgstats.link(rec, 1000)[0]


def test_uuids_are_name_based_and_the_same_on_both_runtimes():
    assert bgsplay.uuid("me") == "1d01be47-e52a-8272-81b3-86ce2067dfff"
    assert bgsplay.uuid(bgsplay.play_name(REC)) == "3d4ad3a8-41f7-8f99-9961-d2c86deb2f94"
    other = dict(REC, k=6)
    assert bgsplay.uuid(bgsplay.play_name(other)) != bgsplay.uuid(bgsplay.play_name(REC))


def test_the_play_file_of_one_game():
    import json
    f = json.loads(bgsplay.dumps([REC], "2026-12-02 21:30:00"))
    assert [p["name"] for p in f["players"]] == ["Me", "J\u00f6rg", "Red"]
    play, = f["plays"]
    assert play["playDate"] == "2026-05-01 00:00:00" and play["gameRefId"] == 1
    assert [(s["playerRefId"], s["score"], s["winner"], s["rank"], s["seatOrder"]) for s in play["playerScores"]] \
        == [(2, "61", True, 1, 1), (3, "40", False, 2, 2)]


def test_a_record_with_names_time_and_minutes():
    # the record as it grows (docs/history.md): a name per seat ("" plays as the colour),
    # the time of day it ended, the minutes it took
    import json
    rec = dict(REC, v=2, c="21:47", m=95, n=["", "Anna-Lena"], p=[["Red", 61, 1], ["Blue", 40, 2]])
    assert [bgstats.seat_name(rec, i) for i in range(2)] == ["Red", "Anna-Lena"]
    assert bgstats.play_date(rec) == "2026-05-01 21:47:00" and bgstats.minutes(rec) == 95
    text, left = bgstats.link(rec, 1000)
    assert "%22playDate%22:%222026-05-01%2021:47:00%22" in text and "%22durationMin%22:95" in text
    assert "%22name%22:%22Anna-Lena%22,%22score%22:40%7D" in text
    play = json.loads(bgsplay.dumps([rec], "2026-12-02 21:30:00"))["plays"][0]
    assert play["playDate"] == "2026-05-01 21:47:00" and play["durationMin"] == 95
    assert bgstats.minutes(dict(rec, m=None)) is None and bgstats.play_date(dict(rec, c=None)).endswith(" 00:00:00")


@stepped
def test_every_room_gets_a_link_that_fits_with_what_it_says_it_left_out():
    rec = dict(REC, v=2, c="21:47", m=95, n=["", "Anna-Lena"])
    marks = {"bggId": "%22bggId%22:9209", "playDate": "%22playDate%22:", "board": "%22board%22:",
             "durationMin": "%22durationMin%22:95", "sourcePlayId": "%22sourcePlayId%22:",
             "startPlayer": "%22startPlayer%22:true"}
    full = len(bgstats.link(rec, 1000)[0])
    least = len(START + NEEDED) - len("Red") + len("Anna-Lena")
    assert bgstats.link(rec, least)[1] == ["bggId", "playDate", "board", "durationMin", "sourcePlayId", "startPlayer"]
    raises(ValueError, bgstats.link, rec, least - 1)
    for room in range(least, full + 1):
        text, left = bgstats.link(rec, room)
        assert len(text) <= room, room
        for field, mark in marks.items():
            assert (mark in text) == (field not in left), (room, field)
        assert bgstats.link(rec, len(text)) == (text, left), room
        yield
    assert len(bgstats.link(rec, full)[0]) == full and bgstats.link(rec, full)[1] == []
