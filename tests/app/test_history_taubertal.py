"""The history written by a complete Taubertal game (the end-to-end script), read
back after a reboot, on the history screens; an undo after the end takes the
game back out, and finishing it again keeps it once."""
from appdriver import Driver
from history_steps import forget_screens, kept, open_history
from play_trainmaker import watch_fit
from support import stepped
import play_taubertal

FLASH_IN_HEAP_KB = 32  # the game's log (its snapshots in it), 8 blocks of 4 KB at most: a Pico's is in flash


@stepped
def test_taubertal_is_kept_read_back_and_shown():
    d = Driver()
    yield from play_taubertal.play(d)
    d.power_off()
    yield
    d.boot()
    yield
    rec, = kept(d)
    assert rec["g"] == "taubertal" and rec["w"] == "Blue" and rec["h"] == "points"
    assert rec["p"] == [["Red", 16, 2], ["Blue", 16, 1], ["Green", 14, 3], ["Yellow", 8, 4]]
    assert rec["b"] == "pioneer" and rec["t"] == 7 * 3 * 4 and rec["u"] == "VP"
    assert rec["d"] is None  # this gadget's clock was never set
    assert rec["a"] == d.app.session.journal.count()
    yield
    cut = watch_fit(d.app.ui)
    open_history(d)
    yield
    d.shows("History", "By colour", "Dice check", "Taubertal   Blue")
    d.pick("Taubertal")
    yield
    d.shows("Game 1")
    assert d.app.top.lines == ["Taubertal-Expr.", "Date not set", "Place         VP", "1 Blue        16", "2 Red         16",
                               "3 Green       14", "4 Yellow       8", "Tie: pioneer", "Turns 84",
                               "Actions %d" % rec["a"], "OK: BG Stats"]
    assert not cut, cut
    yield
    # an undo after the end takes the game out of the history; finishing again keeps it once
    d.press("BACKx3")
    d.pick("Resume game")
    yield
    d.press("LONG_BACK")
    yield
    d.shows("Undone: Game over")
    assert kept(d) == []
    d.power_off()
    forget_screens()
    yield
    d.boot()
    yield
    assert kept(d) == []
    yield
    d.pick("Resume game")
    yield
    d.pick("Finish game")
    yield
    d.press("UP", "OK")
    yield
    d.shows("Ranking", "1 Blue")
    yield
    assert kept(d) == [rec]
