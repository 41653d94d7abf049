"""A boot shows its first frame before the saved game's rules are loaded: the main menu
names the game and offers Undo and Redo from the save itself (app.games.Saved), and
looks the same once the game is built; a snapshot that does not fit its game still
falls back to the copy before, with its message, right after that frame."""
import json

from appdriver import Driver
from app.games import Saved
from play_taubertal import new_game_steps
from schaffner.journal import REDO, Journal
from support import stepped


class Tally:
    """The least game a Journal takes: its state is the actions applied, counted."""

    def __init__(self, n):
        self.n = n

    @classmethod
    def from_dict(cls, data):
        return cls(data["n"])

    def apply(self, action):
        self.n += 1

    def to_dict(self):
        return {"n": self.n}


@stepped
def test_the_first_frame_is_the_built_games_menu_after_actions_undos_and_redos():
    d = Driver()
    yield
    yield from new_game_steps(d, 2)
    yield
    steps = (
        (("OK", "OK"), True, False),  # Red's ticket, then Blue's
        (("LONG_BACK", "OK"), True, True),  # Blue's undone
        (("LONG_BACK", "OK"), False, True),  # Red's too
        (("OK",), True, False),  # Red's ticket again: nothing left to redo
    )
    for presses, undo, redo in steps:
        if d.app.top is d.app.stack[0]:
            d.pick("Resume")
        d.press(*presses)
        yield
        d.boot(resume=False)  # the first frame: drawn from the save, the game not built
        first = d.text
        assert d.app._saved is not None, "the game was built before the first frame"
        assert d.app.resume() is False
        d.app.render()
        assert d.text == first, (first, d.text)
        assert "Taubertal-Expr." in first and "Resume game" in first
        assert ("Undo last" in first) == undo and ("Redo last" in first) == redo, first
        yield


@stepped
def test_the_save_counts_undo_and_redo_as_the_journal_does_folds_included():
    seed = 12345
    for trial in range(12):
        journal = Journal(Tally, {"n": 0})
        for _ in range(trial * 12):
            journal.do(("a",))
        saved = Saved({"app": "schaffner", "v": 2, "game": "trainmaker", "names": ["Red"],
                       "journal": journal.to_dict()})
        for i in range(150):  # a record at a time: each refused one changes neither
            if i % 25 == 0:
                yield
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            r = seed >> 16 & 7
            record = {"undo": 1} if r < 3 else REDO if r < 4 else ["a"]
            try:
                journal.restore([None if record == {"undo": 1} else record])
                refused = False
            except ValueError:
                refused = True
            try:
                Saved.replay(saved, [record])
                assert not refused, "the save took a record the journal refuses: %r" % (record,)
            except ValueError:
                assert refused, "the save refused a record the journal takes: %r" % (record,)
            assert (saved.actions > 0) == journal.can_undo() and (saved.undone > 0) == (len(journal.undone) > 0)
        assert journal.folded > 0 or trial < 8  # the longer trials fold


@stepped
def test_a_snapshot_that_does_not_fit_its_game_falls_back_after_the_first_frame():
    d = Driver()
    yield
    yield from new_game_steps(d, 2)
    d.app.flush()
    start = d.app.session.to_dict()
    start["gen"] = d.app.saves.gen
    d.press("OK", "OK")
    d.app.flush()
    fs = d.fs
    del fs.rings["/data/game.ring"]  # the snapshot a file (a version before's layout), the copy before beside it
    good = json.dumps(start)
    start["journal"]["base"] = {"not": "a Taubertal game"}
    fs.files["/data/game.json"] = json.dumps(start)
    fs.files["/data/game.bak"] = good
    d.power_off()
    yield
    d.boot()
    d.shows("damaged", "Restored the one before")
    # the copy before is the game's start (a log is never replayed onto an older copy)
    d.press("OK").shows("Taubertal-Expr.", "Resume game")
    assert "Undo last" not in d.text
    d.pick("Resume").shows("Red")
    assert d.app.session.journal.count() == 0
