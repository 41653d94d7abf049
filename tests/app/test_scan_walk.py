"""The scan screen at the end of the Ticket to Ride script: its finished 4-player game
offers the code and says why it shows none; the walk make chip replays goes on to a
2-player game, whose ranking shows its code; History shows it too."""
from app.flash import AFTER_MS
from appdriver import Driver
from support import stepped
from test_scan_code import made

# the script's 4-player game with names, then a second game and its code, outgrow the
# 192 KB test heap with the code in the heap; tests/test_budgets.py replays the same walk
# under MicroPython on the frozen image, within its 80 KB
CPYTHON_ONLY = "the TtR script, a second game and a code outgrow the test heap with the code in it"


@stepped
def test_the_walk_make_chip_replays_shows_a_code_on_the_display_pack():
    import play_ttr_austria
    d = Driver(width=240, height=135, colour=True)
    shown = []
    for expect in play_ttr_austria.recorded(d):
        for part in expect:
            assert " ".join(part.split()) in " ".join(d.text.split()), (part, d.text)
        top = d.app.top
        if getattr(top, "code", None) is not None and top.code.ready:
            shown.append(top.link)
        yield
    assert shown and "%22name%22:%22Ticket%20to%20Ride%22" in shown[0]


@stepped
def test_a_finished_game_offers_its_code_on_its_result():
    import play_ttr_austria
    d = Driver(width=240, height=135, colour=True)
    yield from play_ttr_austria.play(d)  # four players: words, no code
    d.pick("BG Stats code")
    d.shows("Making", "the code")  # at once: whether a code fits is known once its link is made
    d.tick(1000)
    d.tick(1000 + AFTER_MS)  # the hands gone: the link made
    d.shows("4 players: too", "history.bgsplay")
    d.press("BACK").shows("Ranking", "1 Red")
    yield
    yield from play_ttr_austria.next_game_for_bg_stats(d)
    d.press("BACKx6").pick("History").pick("TtR")  # the newest first
    d.press("DOWNx9", "OK")
    yield from made(d)
    assert d.app.top.code.ready and "%22score%22:1,%22winner%22:true" in d.app.top.link
