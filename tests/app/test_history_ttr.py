"""The history written by a complete Ticket to Ride Austria scoring (the
end-to-end script) on both screens, read back after a reboot, on the history
screens and in the plays and wins by colour."""
from appdriver import Driver, Unlogged
from history_steps import kept, open_history
from play_trainmaker import watch_fit
from support import stepped
import play_ttr_austria

FLASH_IN_HEAP_KB = 32  # the game's log (its snapshots in it), 8 blocks of 4 KB at most: a Pico's is in flash


@stepped
def test_ttr_austria_is_kept_on_both_screens():
    for w, h, colour in ((128, 64, False), (240, 135, True)):
        d = Driver(width=w, height=h, colour=colour)
        d.log = Unlogged()  # nothing is replayed: the record would be heap of the test's own
        yield from play_ttr_austria.play(d)
        d.power_off()  # the old app's screen buffers go before the new one's come
        yield
        d.boot()
        yield
        rec, = kept(d)
        assert rec["g"] == "ttr_austria" and rec["w"] == "Red" and rec["b"] == "by tickets"
        assert rec["p"] == [["Red", 87, 1], ["Blue", 31, 4], ["Green", 66, 2], ["Yellow", 66, 3]]
        assert rec["n"] == ["Jörg", "Anna-Lena", "", ""]
        assert rec["t"] is None
        yield
        cut = watch_fit(d.app.ui)
        open_history(d)
        yield
        d.pick("TtR ")
        d.shows("TtR Austria", "1 Red Joerg", "2 Green")
        yield
        d.press("DOWNx5").shows("3 Yellow", "4 Blue Anna", "Tie: by tickets")
        yield
        d.press("BACK").pick("By colour")
        d.shows("Reading")
        d.tick(10)
        d.shows("play won", "TtR Austria", "Red")
        assert d.app.top.lines == ["       play won", "TtR Austria", "Red       1   1", "Blue      1   0",
                                   "Green     1   0", "Yellow    1   0"]
        assert not cut, cut
        yield
