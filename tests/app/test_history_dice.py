"""Every Trainmaker die rolled on the device is counted per face, undone rolls
too, across games and reboots, with one small record per game (not per roll);
the dice check screen says what the counts mean."""
from appdriver import Driver
from history_steps import counted, kept
from schaffner.trainmaker.game import Game
from support import stepped

DICE = "/data/dice.log"
FRESH_HEAP_PER_CASE = True  # whole games with the history's screens: a case's heap is the Pico's alone
FLASH_IN_HEAP_KB = 7  # a case's saves and dice file, 6.4 KB at most (memfiles.py): a Pico keeps them in flash


def do(d, action):
    """An action, and the polls after it that save it (the history with it)."""
    d.app.do(action)
    d.app.flush()


def undo(d):
    d.app.undo()
    d.app.flush()


def new_trainmaker(d, players=2):
    d.app.start_game("trainmaker", ["Red", "Blue", "Green"][:players], Game.new(players))
    do(d, ("deck_empty",))  # no City cards: every turn is rolls


def start_ttr(d):
    sheet = {"r": [0] * 8, "t": [], "pen": [], "b": [0, 0], "lt": 0, "lb": False, "we": False, "st": 0}
    from schaffner.ttr_austria.game import Game as Sheet
    d.app.start_game("ttr_austria", ["Red", "Blue"], Sheet.from_dict({"game": "ttr_austria", "opt": [True, True, False],
                                                                      "p": [sheet, dict(sheet)]}))


def new_ttr(d):
    start_ttr(d)
    d.app.flush()


@stepped
def test_every_roll_counts_undone_ones_too_across_games_and_reboots():
    d = Driver()
    new_trainmaker(d)
    yield
    do(d, ("roll", "LLPBFCC"))
    assert counted(d) == [2, 1, 1, 1, 2] and DICE not in d.fs.files  # no write per roll
    undo(d)  # the roll is taken back, but it was rolled: it still counts
    assert d.fs.files[DICE] == '\n["u", 2, 1, 1, 1, 2]'
    do(d, ("roll", "PBFPBFL"))
    assert counted(d) == [3, 3, 3, 3, 2]
    yield
    d.app.flush()  # the polls after the roll, which save it
    d.boot()  # the power goes: the game in play still counts from its save
    assert counted(d) == [3, 3, 3, 3, 2]
    yield
    key = d.app.session.key
    new_trainmaker(d)  # the first game is replaced: its count goes to the file
    assert d.app.session.key == key + 1
    assert counted(d) == [3, 3, 3, 3, 2] and d.fs.files[DICE].endswith('\n["g", 1, 2, 2, 2, 0]')
    do(d, ("roll", "CCCCCCC"))
    d.app.flush()
    yield
    d.boot()
    assert counted(d) == [3, 3, 3, 3, 9]
    yield
    new_ttr(d)
    assert counted(d) == [3, 3, 3, 3, 9]
    assert d.fs.files[DICE].count("\n") == 3  # one undone roll, two games


@stepped
def test_undo_after_the_end_and_a_second_end_count_each_roll_once():
    from app.history_view import count
    d = Driver()
    new_trainmaker(d, 1)
    do(d, ("roll", "LPBFCLL"))
    do(d, ("declare",))  # the game ends: kept in the history, its dice still in its save
    assert counted(d) == [3, 1, 1, 1, 1] and count(d.app.history) == 1 and DICE not in d.fs.files
    yield
    undo(d)
    undo(d)  # the roll too
    assert counted(d) == [3, 1, 1, 1, 1] and count(d.app.history) == 0
    yield
    do(d, ("roll", "PPPPPPP"))
    do(d, ("declare",))
    assert counted(d) == [3, 8, 1, 1, 1] and count(d.app.history) == 1
    d.app.flush()
    yield
    d.boot()
    new_trainmaker(d)
    assert counted(d) == [3, 8, 1, 1, 1]


@stepped
def test_past_a_few_kb_a_new_game_sums_the_file_up_and_the_count_stays():
    d = Driver()
    d.fs.files[DICE] = '\n["u", 2, 1, 1, 1, 1]' * 200  # 4.2 KB of undone rolls
    new_trainmaker(d)
    yield
    do(d, ("roll", "LPBFCLP"))
    undo(d)
    yield
    assert counted(d) == [402, 202, 201, 201, 201]
    yield
    start_ttr(d)  # replaces the game: the file is summed up into one record
    yield  # in the polls after the press, as on the gadget
    d.app.flush()
    yield
    assert d.fs.files[DICE] == '\n["u", 402, 202, 201, 201, 201]'
    assert counted(d) == [402, 202, 201, 201, 201]


def test_damaged_dice_records_are_skipped():
    from app.history_write import totals  # (here: the app lets go of the module as a game starts)
    d = Driver()
    d.fs.files[DICE] = ('\n["u", 6, 3, 3, 3, 3]\n["u", 6, 3\n["g", "x", 1, 1, 1, 1]\n{"u": 1}\n[]'
                        '\n["u", 2, 1, 1, -1, 1]\n["g", 2, 1, 1, 1, 1]')
    assert totals(d.fs, DICE) == [8, 4, 4, 4, 4]
    assert totals(d.fs, DICE, (1, 0, 0, 0, 0)) == [9, 4, 4, 4, 4]


def test_the_check_in_words():
    from app.dice_check import lines, verdict  # here alone: the other cases' heap is whole games
    assert verdict([10, 5, 5, 5, 4]) == ("Too few rolls", None, None)  # under 30 dice
    words, stat, p = verdict([200, 100, 100, 100, 100])
    assert (words, stat, p) == ("Dice look fair", 0.0, 1.0)
    # expected 200, 100, 100, 100, 100: 1600/200 + 0 + 0 + 400/100 + 400/100 = 16; p = e^-8 (1 + 8)
    words, stat, p = verdict([240, 100, 100, 80, 80])
    assert words == "Unsure: roll on" and abs(stat - 16) < 1e-9 and abs(p - 0.003019) < 0.000001
    assert verdict([300, 100, 100, 50, 50])[0] == "Dice NOT fair"
    assert lines([240, 100, 100, 80, 80], 16) == [
        "Unsure: roll on", "p=0.003", "chi2=16.0 df=4", "fair if p>=0.01", "600 dice", "Face     got/exp",
        "Loco     240/200", "Pass.    100/100", "Box      100/100", "Flat      80/100", "Cab.      80/100"]
    assert lines([0, 0, 0, 0, 0], 16) == ["No dice rolled", "on this device", "yet."]


def test_the_dice_check_screen():
    d = Driver()
    new_trainmaker(d)
    do(d, ("roll", "LPBFCLP"))
    d.press("BACK", "BACK").pick("History")
    d.pick("Dice check")
    d.shows("Dice check", "Reading")
    assert d.app.ticking()
    d.tick(10)
    d.shows("Too few rolls", "7 dice", "Face     got/exp")
    assert not d.app.ticking()  # read: the idle pace of the polls will do
    d.press("DOWNx3").shows("Loco         2/2", "Pass.        2/1")


def test_a_new_game_gets_a_new_key_even_when_the_save_is_lost():
    d = Driver()
    new_ttr(d)
    new_ttr(d)
    assert d.app.session.key == 2
    for name in [n for n in d.fs.files if n.startswith("/data/game.")]:
        del d.fs.files[name]  # the save is gone, its log too: the settings still know the last key
    del d.fs.rings["/data/game.ring"]
    d.boot()
    assert d.app.session is None
    new_ttr(d)
    assert d.app.session.key == 3


@stepped
def test_a_redone_roll_counts_its_dice_once_and_a_redone_win_is_kept_once():
    d = Driver()
    new_trainmaker(d)
    do(d, ("roll", "LLPBFCC"))
    assert counted(d) == [2, 1, 1, 1, 2]
    yield
    undo(d)
    assert counted(d) == [2, 1, 1, 1, 2]  # rolled, then undone: counted once
    d.app.redo()
    d.app.flush()
    assert counted(d) == [2, 1, 1, 1, 2] and d.app.session.game.faces() == "LLPBFCC"
    assert d.fs.files[DICE] == '\n["u", 2, 1, 1, 1, 2]\n["r", 2, 1, 1, 1, 2]'
    d.boot()
    assert counted(d) == [2, 1, 1, 1, 2]
    yield
    do(d, ("declare",))
    assert [r["w"] for r in kept(d)] == ["Red"]
    undo(d)
    assert kept(d) == []
    d.app.redo()
    d.app.flush()
    assert [r["w"] for r in kept(d)] == ["Red"]
    d.boot()
    assert [r["w"] for r in kept(d)] == ["Red"] and d.app.session.game.phase() == "over"


def test_a_redone_roll_whose_undo_a_cut_lost_never_makes_a_count_negative():
    from app.history_write import _tidy, totals
    from memfiles import MemFiles
    fs = MemFiles()
    # the undo's ["u", ...] was lost by a power cut, its redo's ["r", ...] was written
    fs.files[DICE] = '\n["g", 1, 1, 1, 1, 1]\n["r", 2, 0, 1, 0, 0]'
    assert totals(fs, DICE) == [-1, 1, 0, 1, 1]
    for _ in _tidy(fs, DICE):
        pass
    assert fs.files[DICE] == '\n["u", 0, 1, 0, 1, 1]'
