"""The history and the dice counts written by a complete Trainmaker game (the
end-to-end script, seeded dice), read back after a reboot, on the history and
dice check screens; undoing the winning score and scoring again keeps it once."""
from appdriver import Driver
from history_steps import counted, forget_screens, kept, open_history
from play_trainmaker import SEED
from schaffner.rng import Rng
from support import stepped
import play_trainmaker

FLASH_IN_HEAP_KB = 32  # the game's log (its snapshots in it), 8 blocks of 4 KB at most: a Pico's is in flash


@stepped
def test_trainmaker_is_kept_with_its_dice():
    d = Driver(rng=Rng(SEED))
    rolled = []
    do = d.app.do

    def counting(action):
        if action[0] == "roll":
            rolled.append(action[1])
        do(action)

    d.app.do = counting
    yield from play_trainmaker.play(d)
    faces = "".join(rolled)
    g = d.app.session.game
    cards = [g.stats(p)[3] for p in range(3)]
    tally = g.tally()
    game_cls = type(g)
    # nothing may keep the App before the reboot alive: the Pico never holds two
    g = do = counting = None
    d.power_off()
    forget_screens()
    yield
    d.boot()
    yield
    rec, = kept(d)
    # seed 16: Red completes the six goods types in round 5 (13 turns of 3 players)
    assert rec["g"] == "trainmaker" and rec["w"] == "Red" and rec["h"] == "goods" and rec["b"] == ""
    assert [p[1] for p in rec["p"]] == cards and rec["u"] == "cards"
    assert [p[2] for p in rec["p"]] == [1, 2, 3] and cards[1] > cards[2]
    assert rec["t"] == 13
    assert tally == tuple(faces.count(f) for f in "LPBFC")
    assert counted(d) == list(tally) and "/data/dice.log" not in d.fs.files  # the save counts them
    yield
    open_history(d)
    yield
    d.shows("Trainmaker", "Red")
    d.pick("Trainmaker")
    yield
    d.shows("Trainmaker", "1 Red", "2 Blue", "Place      cards")
    d.press("DOWNx4").shows("3 Green", "Won by goods", "Turns 13")
    yield
    d.press("BACK")
    yield
    d.pick("Dice check")
    yield
    d.tick(10)
    lines = d.app.top.lines
    assert lines[0] == "Dice look fair" and "%d dice" % len(faces) in lines
    got = "%d/%d" % (faces.count("L"), (len(faces) * 2 + 3) // 6)  # a Locomotive is 2 sides of 6
    assert ("%-" + str(16 - len(got)) + "s%s") % ("Loco", got) in lines
    yield
    # undo the winning score, score it again: kept once, dice unchanged
    d.press("BACKx6")
    yield
    d.pick("Resume game")
    yield
    last = d.app.session.journal.actions[-1]
    d.press("LONG_BACK")
    assert kept(d) == []
    yield
    d.app.do(last)
    d.app.flush()  # the polls after the action
    assert kept(d) == [rec]
    assert counted(d) == list(tally)
    yield
    d.app.start_game("trainmaker", ["Red"], game_cls.new(1))  # the next game: the file counts them
    d.app.flush()
    assert counted(d) == list(tally) and d.fs.files["/data/dice.log"].count("\n") == 1
