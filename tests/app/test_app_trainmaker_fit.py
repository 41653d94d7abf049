"""Nothing cut off: Trainmaker's screens with the longest name (Yellow), the
longest card labels and every outcome, on 128x64 (16 columns) and on
240x135 (15 columns).  watch_fit records any text that would run off the
screen or be shortened."""
from app.flash import AFTER_MS
from appdriver import Driver
from play_trainmaker import card, to, watch_fit
from schaffner.rng import Rng

FLASH_IN_HEAP_KB = 32  # the game's log (its snapshots in it), 8 blocks of 4 KB at most: a Pico's is in flash


def _do(d, *actions):
    for a in actions:
        d.app.do(a)
    d.press("UP", "DOWN")  # draw the new state


def _look(d, cut, *parts):
    d.shows(*parts)
    assert not cut, "cut off: %r" % cut


def _views(width, height):
    d = Driver(rng=Rng(2), width=width, height=height, colour=width > 128)
    d.app.settings["odds"] = False
    d.pick("New game")
    d.pick("Trainmaker")
    d.press("UPx4", "OK", "OKx6")  # Red, Blue, Green, Yellow, Black, White
    d.press("DOWN", "OK")
    cut = watch_fit(d.app.ui)
    for need in ("whistlestop", "depot", "station", "terminal", "passengers", "coal"):
        d.pick(need)
    _look(d, cut, "Contract", "..")
    yield
    d.pick("Done")
    yield
    card(d, "PBF", "passengers")
    yield
    card(d, "BBFF", "wild")
    yield
    d.press("UPx2", "OK", "OK", "UP")
    _look(d, cut, "Station: 3 cars")
    yield
    d.press("OK", "DOWN")
    _look(d, cut, "passengers")  # the longest goods type
    yield
    d.press("OK")
    yield
    for _ in range(3):  # Red, Blue and Green roll no Locomotive and pass
        _do(d, ("roll", "PBFCPBF"), ("pass",))
        _look(d, cut, "No Loco", "Turn over")
        d.press("OK")
    _look(d, cut, "Yellow", "Round 1", "PBF BBFF PPF", "Loco+car first")
    yield
    _do(d, ("roll", "LLLFFFC"))
    yield
    _look(d, cut, "Yellow", "1st roll", "Loco + 1 car", "Caboose ends it")
    yield
    d.app.settings["odds"] = True
    d.press("UP")
    d.tick(5)  # the play screen works out its tip
    _look(d, cut, "Tip")
    yield
    d.press("LONG_OK")
    d.pick("Odds per card")
    yield
    d.tick(10)
    lines = d.app.top.lines
    assert "Best placing:" in lines and max(len(s) for s in lines) <= d.app.ui.cols, lines
    lines = None
    yield  # the odds' garbage goes before the next press, as between a Pico's polls
    d.press("OK", "BACK")
    yield
    d.press("LONG_BACK")  # undo the roll
    d.app.settings["odds"] = False
    _do(d, ("roll", "LPBFFFF"))
    yield
    d.press("LONG_OK")
    _look(d, cut, "Switch Track")  # under the help
    assert d.app.top.items == ["Switch Track", "Roll history", "Players", "Contract met!", "Steam Contract"]
    for label in d.app.top.items[1:]:
        d.press("DOWN")
        _look(d, cut, label)
    d.press("DOWNx%d" % (len(d.app.top.items) - 1))  # round to the first again
    yield
    d.pick("Switch Track")
    _look(d, cut, "Die 2 Passenger")
    yield
    d.pick("Die 2 ")
    _look(d, cut, "Die 2 becomes", "Caboose")
    yield
    d.pick("Flatcar")
    _do(d, ("place", [0, 2]))
    yield
    _look(d, cut, "Yellow", "5 left", "Re-roll: 1+ die", "Stop: no card")
    yield
    _do(d, ("roll", "LLLLL"))
    yield
    _look(d, cut, "Yellow", "DERAIL!", "Only Locos")
    yield
    d.press("OK")
    _do(d, ("roll", "LPBFFFF"), ("place", [0, 1, 2, 3, 4, 5, 6]))
    yield
    _look(d, cut, "Black", "DERAIL!", "All placed no C")
    yield
    d.press("OK")
    _do(d, ("roll", "LFFFFFC"), ("place", [0, 1, 6]))
    yield
    _look(d, cut, "White", "No card", "Train fits none")
    yield
    d.press("OK")
    yield
    _look(d, cut, "Steam Engine", "Drew 0/3+ cars")
    yield
    card(d, "PB", "mail")
    yield
    card(d, "PBF", "timber")
    yield
    _look(d, cut, "Red", "Round 2")
    yield
    d.press("LONG_OK")
    d.pick("Roll history")
    d.shows("Reading ...")
    now = d.app.flash.now + 10
    d.tick(now)  # the poll after the press; the history's code comes once the hands have left
    for t in range(1, 8):
        d.tick(now + AFTER_MS + t * 10)
    _look(d, cut, "Last rolls", "Black LPBFFFF x", "Yellow LLLLL x", "Yellow LPBFFFF")
    yield
    d.press("OK")
    d.pick("Players")
    _look(d, cut, "Yellow", "0 cards")
    yield
    assert d.app.top.items[-1].startswith("Steam") and d.app.top.items[-1].endswith(" 2 cards")
    yield
    d.pick("Yellow")
    d.press("DOWNx9")
    _look(d, cut, "Terminals wild")
    yield
    d.press("OK")
    d.pick("Steam")
    d.press("DOWNx9")
    _look(d, cut, "terminal")
    yield
    d.press("OK", "BACK", "BACK")
    yield
    _do(d, ("roll", "LLPBFFC"), ("place", [0, 1, 2, 3, 4, 6]))
    yield
    _look(d, cut, "Red", "complete", "Score one card:", "PBF passengers", "OK: score it")
    yield
    d.press("OK")
    _look(d, cut, "Scored!", "PBF passengers", "Goods 1 of 6", "OK: bonus train")
    yield
    d.press("OK")
    _look(d, cut, "Bonus!", "Roll 6", "Stop")
    yield
    to(d, "Stop")
    card(d, "PF", "corn")
    yield
    _do(d, ("roll", "PBFCPBF"), ("switch", 0, "B"))
    yield
    _look(d, cut, "Blue", "No Loco")
    yield
    d.press("OK")
    _do(d, ("declare",))  # Green shows a met Contract
    yield
    _look(d, cut, "Contract met", "Green", "wins the game!")
    yield


def test_nothing_cut_off_on_240x135():
    return _views(240, 135)


def test_nothing_cut_off_on_128x64():
    return _views(128, 64)
