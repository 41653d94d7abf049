"""The history on flash (app.history): a power cut at any byte of a record or
at any step of taking one back never loses an older game; a damaged record is
shown as damaged and the others still read; the oldest games go when the ring is
full; a game is kept once, however often it is undone and finished again;
clearing is undoable until the next action; the files of the versions before
are read first."""
from app.flash import FlashQueue
from app.history import OLD_SLOT, SLOT, History
from app.history_read import kept
from app.history_view import count, names, read
from app.history_write import ascii_json, clear, undo_clear
from app.ringlog import BLOCK
from app.store import FileStore
from history_steps import old_slot
from memfiles import MemBlocks, MemFiles, PowerCut
from support import raises, stepped

FRESH_HEAP_PER_CASE = True
LOG = "/data/plays.log"  # the versions before's
RING = "/data/plays.ring"


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


class Small(History):
    blocks = 3  # a ring that fills within a test's few dozen games


class Table:
    """Just enough of the App for its history: the files, the session, the date, messages.
    Made again with the same files and session, it is the gadget after a power cut."""

    def __init__(self, fs, today=None, session=None, root="/data", kind=History):
        self.fs = fs
        self.store = FileStore(root, fs)
        self.session = session
        self.today = today
        self.messages = []
        self.flash = FlashQueue()  # the work it would hold is done at once (later())
        self.saves = Log()
        self.kind = kind
        self.plays = fs.ring(root + "/plays.ring", kind.blocks, False)  # as the App's boot finds them
        self.history = kind(self)

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
        return Table(self.fs, self.today, self.session, kind=self.kind)


def copied(fs):
    """Another flash holding what fs holds: its files and its ring's blocks."""
    c = MemFiles()
    c.files = dict(fs.files)
    for folder, blocks in fs.rings.items():
        r = c.rings[folder] = MemBlocks(blocks.count, c)
        r.data = [bytearray(b) for b in blocks.data]
    return c


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


def test_the_rings_index_is_read_when_needed_and_not_held_after_a_write():
    t = Table(MemFiles())
    h = t.history
    assert h.at is None and h.ring is None  # a boot's History holds none of the ring
    t.finish(1)
    assert h.at is None and h.ring is None  # the record's work dropped what it read
    assert count(h) == 1 and h.at is not None and read(h, 0)["k"] == 1  # read for a screen
    t.finish(2)
    assert h.at is None and keys(t) == [1, 2]
    h.drop()
    assert h.at is None and h.ring is None and keys(t) == [1, 2]
    t.finish(3)
    assert keys(t.reboot()) == [1, 2, 3]


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


def test_a_record_is_compact_json_in_the_ring_with_every_field():
    t = Table(MemFiles(), today=lambda: (2025, 5, 12)).finish(3)
    assert t.fs.files == {} and t.messages == []  # no file written: the ring's flash programmed
    assert b'"n":["J\\u00f6rg",""]' in bytes(t.fs.rings[RING].data[0])  # ASCII on every runtime
    assert read(t.history, 0) == {"v": 2, "k": 3, "g": "taubertal", "d": "2025-05-12", "c": None, "m": None,
                                 "a": 12, "t": 6, "w": "Red", "h": "points", "b": "", "u": "VP",
                                 "p": [["Red", 7, 1], ["Blue", 5, 2]], "n": ["Jörg", ""]}
    assert "No game 1" in str(raises(ValueError, read, t.history, 1))
    assert keys(t.reboot()) == [3]


@stepped
def test_power_cut_at_every_byte_of_a_record_loses_no_older_game():
    base = Table(MemFiles()).finish(1).finish(2)
    whole = None
    for cut in range(0, 300):
        yield
        fs = copied(base.fs)
        t = Table(fs)
        cut_at(fs, budget=cut, action=lambda: t.finish(3))
        t = Table(fs)  # the power comes back
        got = keys(t)
        assert got in ([1, 2], [1, 2, 3]), "cut at byte %d" % cut
        if got == [1, 2, 3]:
            whole = cut if whole is None else whole
        else:
            assert whole is None, "a shorter cut kept it at byte %d" % cut
        t.finish(4)  # a torn record is passed over: the next game goes on in the next block
        assert keys(t) == got + [4] and keys(Table(fs)) == got + [4], "cut at byte %d" % cut
    assert whole is not None and whole > 100  # cut short anywhere in the record, it is not read


def test_undo_after_the_end_takes_the_record_back_and_finishing_again_keeps_it_once():
    t = Table(MemFiles()).finish(1).finish(2)
    before = t.session.game
    t.session = Session(2, over=False)  # the undo reopened game 2
    t.history.after_undo(t, before)
    assert keys(t) == [1]
    t.finish(2)
    t.finish(2)  # a finish the history missed being undone: still one record
    assert keys(t) == [1, 2] and keys(t.reboot()) == [1, 2]


@stepped
def test_power_cut_anywhere_while_taking_a_record_back():
    base = Table(MemFiles()).finish(1).finish(2).finish(3)
    for ops in (None, 0, 1):
        for budget in (None, 0, 1, 3, 5, 6):
            yield
            fs = copied(base.fs)
            t = Table(fs)
            t.session = Session(3, over=False)  # the undo is saved; then the power goes
            cut_at(fs, budget=budget, ops=ops, action=lambda: t.history.after_undo(t, Game(True)))
            t = t.reboot()  # boot takes back what the cut left
            assert keys(t) == [1, 2], (ops, budget)
            t.finish(3)
            assert keys(t.reboot()) == [1, 2, 3], (ops, budget)


def test_a_cut_between_the_record_and_the_save_is_undone_at_boot():
    t = Table(MemFiles()).finish(1).finish(2)
    t.session = Session(2, over=False)  # the save of the ending action never happened
    assert keys(t.reboot()) == [1]
    t = Table(t.fs).finish(2)
    assert keys(t.reboot()) == [1, 2]  # a finished game in play keeps its record


def _v2(key):
    return old_slot(SLOT, '{"v":2,"k":%d,"g":"taubertal","d":null,"c":null,"m":null,"a":9,"t":4,"w":"Red",'
                          '"h":"points","b":"","u":"VP","p":[["Red",7,1],["Blue",5,2]],"n":["",""]}' % key)


def test_a_damaged_record_of_a_version_before_reads_as_damaged_and_the_others_still_read():
    fs = MemFiles()
    text = "".join(_v2(k) for k in (1, 2, 3))
    fs.files[LOG] = text[:SLOT + 5] + "#garbage" + text[SLOT + 13:]
    t = Table(fs)
    h = t.history
    assert count(h) == 3 and read(h, 0)["k"] == 1 and read(h, 1) is None and read(h, 2)["k"] == 3
    t.finish(4)
    assert count(h) == 4 and read(h, 3)["k"] == 4 and fs.files[LOG].startswith(text[:SLOT])


def test_a_record_gone_bad_on_flash_reads_as_damaged_and_a_blocks_last_one_as_cut_short():
    t = Table(MemFiles()).finish(1).finish(2).finish(3)
    blocks = t.fs.rings[RING].data
    e = t.history.index()[1]  # game 2: block, where its data begins, its length
    blocks[e >> 24][(e >> 12 & 0xFFF) + 3] ^= 0x20  # a bit of it flipped
    h = Table(t.fs).history
    assert count(h) == 3 and read(h, 0)["k"] == 1 and read(h, 1) is None and read(h, 2)["k"] == 3
    e = h.index()[2]  # game 3, the block's last: its CRC is checked, as a cut leaves it
    blocks[e >> 24][(e >> 12 & 0xFFF) + 3] ^= 0x20
    t = Table(t.fs)
    assert count(t.history) == 2 and read(t.history, 0)["k"] == 1
    t.finish(4)  # the block takes no more: the next game goes in the next block
    assert count(t.history) == 3 and read(t.history, 2)["k"] == 4 and t.history.index()[2] >> 24 == 1
    assert [None if r is None else r["k"] for r in kept(Table(t.fs).history)] == [1, 4]


def test_every_game_is_read_oldest_first_four_a_tick_a_damaged_one_left_out():
    assert list(kept(Table(MemFiles()).history)) == []
    t = Table(MemFiles())
    for k in range(1, 5):
        t.finish(k)
    assert [r["k"] for r in kept(t.history)] == [1, 2, 3, 4]  # the last tick ends with the games
    fs = MemFiles()
    text = "".join(_v2(k) for k in range(1, 7))
    fs.files[LOG] = text[:5 * SLOT + 5] + "#garbage" + text[5 * SLOT + 13:]  # game 6
    t = Table(fs)
    for k in range(7, 10):
        t.finish(k)
    read_out = [None if r is None else r["k"] for r in kept(Table(fs).history)]
    assert read_out == [1, 2, 3, 4, None, 5, 7, 8, None, 9]  # None: a tick's reading ends


@stepped
def test_a_full_ring_lets_its_oldest_blocks_games_go_and_a_cut_there_loses_none_of_the_rest():
    t = Table(MemFiles(), kind=Small)
    k = 0
    while count(t.history) == k:  # until the first game goes
        k += 1
        t.finish(k)
        yield
    per = k - count(t.history)  # the games of the oldest block, gone
    assert 10 <= per
    yield from same_keys(t, list(range(per + 1, k + 1)))
    yield from same_keys(t.reboot(), list(range(per + 1, k + 1)))
    full = Table(MemFiles(), kind=Small)
    for key in range(1, k):
        full.finish(key)
        if key % 4 == 0:
            yield
    for ops in (0, 1, None):  # the oldest block's erase cut, or the record after it
        for budget in (None, 0, 40):
            yield
            fs = copied(full.fs)
            t = Table(fs, kind=Small)
            cut_at(fs, ops=ops, budget=budget, action=lambda: t.finish(k))
            yield
            t = Table(fs, kind=Small)
            got = keys(t)
            assert got in (list(range(1, k)), list(range(per + 1, k)), list(range(per + 1, k + 1))), (ops, budget)
            yield
            t.finish(k + 1)  # the newest games, and this one (a block a torn record ended gone too)
            rest = keys(t)
            assert rest[-1] == k + 1 and rest[:-1] == got[len(got) - len(rest) + 1:] and len(rest) > per, (ops, budget)


@stepped
def test_the_files_of_the_versions_before_read_first_and_stay():
    fs = MemFiles()
    fs.files["/data/history.old"] = "".join(old_slot(OLD_SLOT, _v1(k)) for k in range(1, 4))
    fs.files["/data/history.log"] = old_slot(OLD_SLOT, _v1(4))
    fs.files[LOG] = _v2(5) + _v2(6)
    t = Table(fs)
    assert keys(t) == [1, 2, 3, 4, 5, 6]
    old = read(t.history, 3)
    assert old["v"] == 1 and names(old) == ["", ""] and old.get("n") is None
    t.finish(7)
    assert keys(t) == [1, 2, 3, 4, 5, 6, 7] and read(t.history, 6)["n"] == ["Jörg", ""]
    t.session = Session(7, over=False)
    t.history.after_undo(t, Game(True))  # taken back from the ring
    assert keys(t) == [1, 2, 3, 4, 5, 6] and fs.files[LOG] == _v2(5) + _v2(6)
    yield
    t.session = Session(6, over=False)
    t.history.after_undo(t, Game(True))  # the newest is plays.log's: rewritten without it
    assert keys(t) == [1, 2, 3, 4, 5] and fs.files[LOG] == _v2(5)
    t.finish(6)
    assert keys(t) == [1, 2, 3, 4, 5, 6] and keys(t.reboot()) == [1, 2, 3, 4, 5, 6]
    assert fs.files["/data/history.log"] == old_slot(OLD_SLOT, _v1(4)) and fs.files[LOG] == _v2(5)


def _v1(key):  # a record as the versions before names wrote it
    return '{"v":1,"k":%d,"g":"taubertal","d":null,"a":9,"t":4,"w":"Red","h":"points","b":"","u":"VP",' \
           '"p":[["Red",7,1],["Blue",5,2]]}' % key


def test_clearing_hides_everything_and_is_undoable_until_the_next_action_or_a_restart():
    fs = MemFiles()
    fs.files[LOG] = _v2(1)
    t = Table(fs).finish(2)
    clear(t.history)
    assert count(t.history) == 0 and t.history.cleared
    undo_clear(t.history)
    assert keys(t) == [1, 2]
    clear(t.history)
    t.finish(3)  # the next action: the clear is final
    assert keys(t) == [3] and not t.history.cleared and keys(t.reboot()) == [3]
    assert sorted(t.fs.files) == []
    clear(t.history)
    t = Table(t.fs)  # a restart: final too
    assert not t.history.cleared and keys(t) == [] and sorted(t.fs.files) == []
    t.finish(4)
    assert keys(t) == [4] and keys(t.reboot()) == [4]


@stepped
def test_a_cut_while_a_clear_becomes_final_is_finished_at_the_next_boot():
    def cleared():
        fs = MemFiles()
        fs.files[LOG] = _v2(1)
        t = Table(fs).finish(2)
        clear(t.history)
        return t

    for ops in range(6):  # rename to history.del, remove the four files, remove history.del
        for budget in ((None, 3) if ops == 1 else (None,)):  # ... the ring's clear record cut
            yield
            t = cleared()
            cut_at(t.fs, ops=ops, budget=budget, action=lambda: t.finish(3))  # the next action makes it final
            u = cleared()
            cut_at(u.fs, ops=ops, budget=budget, action=lambda: Table(u.fs))  # so does a restart
            for fs in (t.fs, u.fs):
                t = Table(fs)
                assert not t.history.cleared and keys(t) == [] and sorted(fs.files) == [], ops
                t.finish(3)
                assert keys(t) == [3] and keys(Table(fs)) == [3]


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


@stepped
def test_real_files_record_read_take_back_and_clear():
    import os
    from app.flash import OsFiles
    root = "/tmp/schaffner-history-test"
    fs = OsFiles()

    def tidy():
        for k in range(Small.blocks):
            fs.remove("%s/plays.ring/%d" % (root, k))
        for name in ("plays.log", "plays.old", "history.clr", "history.del"):
            fs.remove(root + "/" + name)
        if fs.exists(root + "/plays.ring"):
            os.rmdir(root + "/plays.ring")
    tidy()
    t = Table(fs, root=root, kind=Small)
    for k in (1, 2, 3):
        t.finish(k)  # (the first: the ring's files made)
        yield
    assert keys(t) == [1, 2, 3] and fs.size(root + "/plays.ring/0") == BLOCK and not fs.exists(root + "/plays.log")
    assert keys(Table(fs, root=root, kind=Small)) == [1, 2, 3]
    yield
    t.session = Session(3, over=False)
    t.history.after_undo(t, Game(True))
    assert keys(t) == [1, 2] and keys(Table(fs, root=root, kind=Small)) == [1, 2]
    yield
    clear(t.history)
    t.finish(4)
    assert keys(t) == [4] and keys(Table(fs, root=root, kind=Small)) == [4]
    tidy()
    os.rmdir(root)
