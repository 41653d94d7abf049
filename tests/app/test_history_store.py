"""The history on flash (app.history): a power cut at any byte of an append or
at any step of a rewrite never loses an older game; a damaged record is shown as
damaged and the others still read; the oldest games go past the limit; a game
is kept once, however often it is undone and finished again; clearing is
undoable until the next action."""
from app.flash import FlashQueue
from app.history import OLD_SLOT, SEGMENT, SLOT, History
from app.history_read import kept
from app.history_view import count, names, read
from app.history_write import ascii_json, clear, slot, undo_clear
from app.store import FileStore
from memfiles import MemFiles, PowerCut
from support import raises, stepped

# each case on a heap of its own, and the segment (SEGMENT records on the gadget) at SEG
# here: a full plays.log is 77 KB of text in these memory files, which the copies an
# append makes would not fit beside in the Pico's heap; the swap works the same
FRESH_HEAP_PER_CASE = True
SEG = 20
LOG = "/data/plays.log"
OLD = "/data/plays.old"


class Ui:
    def result(self, game, names):
        if not game.over:
            return None
        return {"scores": [7, 5], "places": [1, 2], "winner": names[0], "win": "points",
                "tiebreak": "", "turns": 6, "unit": "VP"}


class Game:
    def __init__(self, over):
        self.over = over


class Journal:
    def count(self):
        return 12


class Session:
    def __init__(self, key, over=True):
        self.key = key
        self.game_id = "taubertal"
        self.names = ["Red", "Blue"]
        self.players = ["Jörg", ""]
        self.ms = 0
        self.owed = False
        self.journal = Journal()
        self.game = Game(over)
        self.ui = Ui()


class Log:
    """The game's save as far as the history writes to it: its log's records."""

    def __init__(self):
        self.records = []

    def add(self, record):
        self.records.append(record)


class Table:
    """Just enough of the App for its history: the files, the session, the date, messages.
    Made again with the same files and session, it is the gadget after a power cut."""

    def __init__(self, fs, today=None, session=None, root="/data", segment=SEGMENT):
        self.fs = fs
        self.store = FileStore(root, fs)
        self.session = session
        self.today = today
        self.messages = []
        self.flash = FlashQueue()  # the work it would hold is done at once (later())
        self.saves = Log()
        self.history = History(self)
        self.history.segment = segment

    def notify(self, text):
        self.messages.append(text)

    def later(self, work, kind=0, key=None):
        """The App does this work in the polls after the action, or (a game's record) when
        the hands leave the buttons; here at once."""
        for _ in work:
            pass


    def finish(self, key):
        """A game with this key ends (the action that ended it is not saved yet)."""
        s = self.session = Session(key)
        self.history.after_do(self, s.ui.result(s.game, s.names))
        return self

    def reboot(self):
        """The power comes back with this game in play, and the history is used."""
        return Table(self.fs, self.today, self.session)


def keys(t):
    h = t.history
    return [read(h, i)["k"] for i in range(count(h))]


def same_keys(t, expected):
    """keys(t) == expected for a long history, a few reads a step (garbage is collected between steps)."""
    h = t.history
    assert count(h) == len(expected), (count(h), len(expected))
    for i in range(len(expected)):
        assert read(h, i)["k"] == expected[i], i
        if i % 16 == 15:
            yield


def test_json_made_ascii_as_cpythons_json_spells_it():
    ascii = '{"n":["Red","~"]}'
    assert ascii_json(ascii) is ascii
    # two, three and four UTF-8 bytes: o-umlaut, the euro sign, a die past the first plane
    assert ascii_json('["J\u00f6rg","5\u20ac","\U0001f3b2!"]') == '["J\\u00f6rg","5\\u20ac","\\ud83c\\udfb2!"]'


def cut_at(fs, budget=None, ops=None, action=None):
    fs.budget, fs.ops = budget, ops
    try:
        action()
    except PowerCut:
        pass
    fs.budget = fs.ops = None


def test_a_record_is_one_slot_with_every_field():
    t = Table(MemFiles(), today=lambda: (2025, 5, 12)).finish(3)
    assert len(t.fs.files[LOG]) == SLOT and t.fs.files[LOG][0] == "\n"
    assert read(t.history, 0) == {"v": 2, "k": 3, "g": "taubertal", "d": "2025-05-12", "c": None, "m": None,
                                 "a": 12, "t": 6, "w": "Red", "h": "points", "b": "", "u": "VP",
                                 "p": [["Red", 7, 1], ["Blue", 5, 2]], "n": ["Jörg", ""]}
    assert "J\\u00f6rg" in t.fs.files[LOG]  # ASCII on every runtime: a byte a character
    assert "No game 1" in str(raises(ValueError, read, t.history, 1))


@stepped
def test_power_cut_at_every_byte_of_an_append_loses_no_older_game():
    for cut in range(SLOT + 1):
        yield
        t = Table(MemFiles()).finish(1).finish(2)
        cut_at(t.fs, budget=cut, action=lambda: t.finish(3))
        t = Table(t.fs)  # the power comes back
        assert keys(t) == ([1, 2, 3] if cut == SLOT else [1, 2]), "cut at byte %d" % cut
        t.finish(4)  # a torn record is cut off before the next one
        assert keys(t) == ([1, 2, 3, 4] if cut == SLOT else [1, 2, 4]), "cut at byte %d" % cut
        assert len(t.fs.files[LOG]) % SLOT == 0


@stepped
def test_power_cut_anywhere_in_the_rewrite_that_cuts_a_torn_record_off():
    base = Table(MemFiles()).finish(1).finish(2)
    base.fs.files[LOG] += "\n" + '{"v":1,"k":3,"g":"tau'  # torn by an earlier cut
    for ops in range(4):
        for budget in (None, 0, 100, SLOT + 7, 2 * SLOT, 3 * SLOT - 1):
            yield
            fs = MemFiles()
            fs.files = dict(base.fs.files)
            t = Table(fs)
            cut_at(fs, budget=budget, ops=ops, action=lambda: t.finish(4))
            t = Table(fs)
            assert keys(t)[:2] == [1, 2] and keys(t) in ([1, 2], [1, 2, 4]), (ops, budget)
            t.finish(5)
            assert keys(t) in ([1, 2, 5], [1, 2, 4, 5]), (ops, budget)


def test_undo_after_the_end_takes_the_record_back_and_finishing_again_keeps_it_once():
    t = Table(MemFiles()).finish(1).finish(2)
    before = t.session.game
    t.session = Session(2, over=False)  # the undo reopened game 2
    t.history.after_undo(t, before)
    assert keys(t) == [1]
    t.finish(2)
    t.finish(2)  # a finish the history missed being undone: still one record
    assert keys(t) == [1, 2]


@stepped
def test_power_cut_anywhere_while_taking_a_record_back():
    base = Table(MemFiles()).finish(1).finish(2).finish(3)
    for ops in range(4):
        for budget in (None, 0, 1, SLOT, 2 * SLOT - 1):
            yield
            fs = MemFiles()
            fs.files = dict(base.fs.files)
            t = Table(fs)
            t.session = Session(3, over=False)  # the undo is saved; then the power goes
            cut_at(fs, budget=budget, ops=ops, action=lambda: t.history.after_undo(t, Game(True)))
            t = t.reboot()  # boot takes back what the cut left
            assert keys(t) == [1, 2], (ops, budget)


def test_a_cut_between_the_record_and_the_save_is_undone_at_boot():
    t = Table(MemFiles()).finish(1).finish(2)
    t.session = Session(2, over=False)  # the save of the ending action never happened
    assert keys(t.reboot()) == [1]
    t = Table(t.fs).finish(2)
    assert keys(t.reboot()) == [1, 2]  # a finished game in play keeps its record


def test_a_damaged_record_reads_as_damaged_and_the_others_still_read():
    t = Table(MemFiles()).finish(1).finish(2).finish(3)
    text = t.fs.files[LOG]
    t.fs.files[LOG] = text[:SLOT + 5] + "#garbage" + text[SLOT + 13:]
    t = Table(t.fs)
    h = t.history
    assert count(h) == 3 and read(h, 0)["k"] == 1 and read(h, 1) is None and read(h, 2)["k"] == 3
    t.finish(4)
    assert count(h) == 4


def test_every_game_is_read_oldest_first_four_a_tick_a_damaged_one_left_out():
    assert list(kept(Table(MemFiles()).history)) == []
    t = Table(MemFiles())
    for k in range(1, 5):
        t.finish(k)
    assert [r["k"] for r in kept(t.history)] == [1, 2, 3, 4]  # the last tick ends with the games
    for k in range(5, 10):
        t.finish(k)
    text = t.fs.files[LOG]
    t.fs.files[LOG] = text[:5 * SLOT + 5] + "#garbage" + text[5 * SLOT + 13:]  # game 6
    read_out = [None if r is None else r["k"] for r in kept(Table(t.fs).history)]
    assert read_out == [1, 2, 3, 4, None, 5, 7, 8, None, 9]  # None: a tick's reading ends


@stepped
def test_past_the_limit_the_oldest_games_go_and_a_cut_in_the_swap_loses_none_of_the_rest():
    t = Table(MemFiles(), segment=SEG)
    last = 2 * SEG
    for k in range(1, last + 1):
        t.finish(k)
        yield
    yield from same_keys(t, list(range(1, last + 1)))
    assert len(t.fs.files[OLD]) == len(t.fs.files[LOG]) == SEG * SLOT
    full = dict(t.fs.files)
    # remove history.old, history.log (the old format's, absent here) and plays.old, rename
    # plays.log to it, then the append
    for ops in range(5):
        fs = MemFiles()
        fs.files = dict(full)
        t = Table(fs, segment=SEG)
        cut_at(fs, ops=ops, action=lambda: t.finish(last + 1))
        t = Table(fs, segment=SEG)
        # cut before plays.old's removal: all 200; after it: the newest 100; no cut: those and the new one
        first, end = (((1, last + 1),) * 3 + ((SEG + 1, last + 1),) + ((SEG + 1, last + 2),))[ops]
        yield from same_keys(t, list(range(first, end)))
        t.finish(last + 1)  # once: the game in play ends again after the reboot
        yield from same_keys(t, list(range(SEG + 1, last + 2)))
    t.finish(last + 2)
    yield from same_keys(t, list(range(SEG + 1, last + 3)))  # the last SEG + 2 games


def _v1(key):  # a record as the versions before names wrote it
    text = '{"v":1,"k":%d,"g":"taubertal","d":null,"a":9,"t":4,"w":"Red","h":"points","b":"","u":"VP",' \
           '"p":[["Red",7,1],["Blue",5,2]]}' % key
    return slot(OLD_SLOT, text)


@stepped
def test_the_old_files_read_first_and_go_at_the_first_swap():
    fs = MemFiles()
    fs.files["/data/history.old"] = "".join(_v1(k) for k in range(1, 4))
    fs.files["/data/history.log"] = _v1(4)
    t = Table(fs, segment=SEG)
    assert keys(t) == [1, 2, 3, 4]
    old = read(t.history, 3)
    assert old["v"] == 1 and names(old) == ["", ""] and old.get("n") is None
    t.finish(5)
    assert keys(t) == [1, 2, 3, 4, 5] and read(t.history, 4)["n"] == ["Jörg", ""]
    t.session = Session(5, over=False)
    t.history.after_undo(t, Game(True))  # taken back from plays.log; the old files stay
    assert keys(t) == [1, 2, 3, 4]
    for k in range(5, 5 + SEG):
        t.finish(k)
        yield
    assert fs.exists("/data/history.log") and count(t.history) == 4 + SEG
    t.finish(5 + SEG)  # plays.log is full: it becomes plays.old, and the files before it go
    assert not fs.exists("/data/history.log") and not fs.exists("/data/history.old")
    yield from same_keys(t, list(range(5, 6 + SEG)))


def test_clearing_hides_everything_and_is_undoable_until_the_next_action_or_a_restart():
    t = Table(MemFiles()).finish(1).finish(2)
    clear(t.history)
    assert count(t.history) == 0 and t.history.cleared
    undo_clear(t.history)
    assert keys(t) == [1, 2]
    clear(t.history)
    t.finish(3)  # the next action: the clear is final
    assert keys(t) == [3] and not t.history.cleared
    assert sorted(t.fs.files) == [LOG]
    clear(t.history)
    t = Table(t.fs)  # a restart: final too
    assert not t.history.cleared and keys(t) == [] and sorted(t.fs.files) == []


@stepped
def test_a_cut_while_a_clear_becomes_final_is_finished_at_the_next_boot():
    def cleared():
        t = Table(MemFiles()).finish(1).finish(2)
        clear(t.history)
        return t

    for ops in range(6):  # rename to history.del, remove the four files, remove history.del
        yield
        t = cleared()
        cut_at(t.fs, ops=ops, action=lambda: t.finish(3))  # the next action makes it final
        u = cleared()
        cut_at(u.fs, ops=ops, action=lambda: Table(u.fs))  # so does a restart
        for fs in (t.fs, u.fs):
            t = Table(fs)
            assert not t.history.cleared and keys(t) == [] and sorted(fs.files) == [], ops
            t.finish(3)
            assert keys(t) == [3]


def test_the_largest_record_fits_its_slot():
    class Big(Ui):
        def result(self, game, names):
            return {"scores": [-999] * 6, "places": [6] * 6, "winner": "Steam Engine", "win": "contract",
                    "tiebreak": "longest track", "turns": 9999, "unit": "cards"}

    t = Table(MemFiles(), today=lambda: (2099, 12, 31, 23, 59))
    s = Session(123456)
    s.names = ["Yellow", "Purple", "Orange", "Green", "Black", "White"]
    s.players = ["ÄÖÜäöüßÄÖÜäö", "ÖÄÜäöüßÄÖÜäö", "ÜÄÖäöüßÄÖÜäö", "äÄÖÜöüßÄÖÜäö", "öÄÖÜäüßÄÖÜäö", "üÄÖÜäößÄÖÜäö"]
    s.ms = 999 * 60000
    s.ui = Big()
    t.session = s
    t.history.after_do(t, s.ui.result(s.game, s.names))
    rec = read(t.history, 0)
    assert t.messages == [] and rec["w"] == "Steam Engine" and rec["n"] == s.players
    assert rec["d"] == "2099-12-31" and rec["c"] == "23:59" and rec["m"] == 999


def test_real_files_append_read_take_back_and_clear():
    import os
    from app.flash import OsFiles
    root = "/tmp/schaffner-history-test"
    fs = OsFiles()
    for name in ("plays.log", "plays.old", "history.clr", "history.del"):
        fs.remove(root + "/" + name)
    t = Table(fs, root=root)
    t.finish(1).finish(2).finish(3)
    assert keys(t) == [1, 2, 3] and fs.size(root + "/plays.log") == 3 * SLOT
    t.session = Session(3, over=False)
    t.history.after_undo(t, Game(True))
    assert keys(t) == [1, 2] and not fs.exists(root + "/plays.log.new")
    clear(t.history)
    t.finish(4)
    assert keys(t) == [4]
    fs.remove(root + "/plays.log")
    os.rmdir(root)
