"""The generic journal: undo by replay, folding, and saving."""
from support import raises, rejects
from schaffner.journal import Journal


class Counter:
    """A minimal game: ("add", n) with n >= 0 adds n."""

    def __init__(self, total=0):
        self.total = total

    def apply(self, action):
        if action[0] != "add" or action[1] < 0:
            raise ValueError("bad action")
        self.total += action[1]

    def to_dict(self):
        return {"total": self.total}

    @classmethod
    def from_dict(cls, d):
        return cls(d["total"])


def test_undo_replays_to_previous_state():
    j = Journal(Counter, {"total": 0})
    for n in (1, 2, 3):
        j.do(("add", n))
    assert j.game.total == 6
    assert j.undo() == ("add", 3)
    assert j.game.total == 3
    j.undo()
    j.undo()
    assert j.game.to_dict() == {"total": 0}
    assert not j.can_undo()
    raises(ValueError, j.undo)


def test_rejected_action_is_not_recorded():
    j = Journal(Counter, {"total": 0})
    j.do(("add", 2))
    rejects(j, j.do, ("add", -1))
    assert j.actions == [("add", 2)]


def test_folding_keeps_the_last_keep_actions_undoable():
    j = Journal(Counter, {"total": 0}, keep=4, fold=2)
    for n in range(1, 11):
        j.do(("add", n))
    assert j.game.total == 55
    assert len(j.actions) <= 6
    for _ in range(4):
        j.undo()
    # 1+..+6 = 21 after taking back 10, 9, 8, 7
    assert j.game.total == 21


def test_a_fold_after_undos_folds_what_a_replay_would():
    j = Journal(Counter, {"total": 0}, keep=2, fold=2)
    for n in (1, 2, 3):
        j.do(("add", n))  # one past keep: the next fold's game has 1 applied
    for _ in range(3):
        j.undo()  # the third takes back that 1
    for n in (10, 20, 30, 40, 50):
        j.do(("add", n))
    # the fifth action folds the first two into the base
    assert j.base == {"total": 30}
    assert j.actions == [("add", 30), ("add", 40), ("add", 50)]
    assert j.folded == 2 and j.game.total == 150


def test_round_trip_through_dict_plays_on_identically():
    j = Journal(Counter, {"total": 5})
    j.do(["add", 4])
    saved = j.to_dict()
    k = Journal.from_dict(Counter, saved)
    assert k.game.total == 9
    k.do(("add", 1))
    j.do(("add", 1))
    assert k.to_dict() == j.to_dict()
    assert k.undo() == ("add", 1)


def test_foreign_data_is_refused():
    raises(ValueError, Journal.from_dict, Counter, {"x": 1})
    raises(ValueError, Journal.from_dict, Counter, [1, 2])
    raises(ValueError, Journal.from_dict, Counter, {"base": {}, "actions": 3})


def test_save_of_another_game_is_refused():
    raises(ValueError, Journal.from_dict, Counter, {"base": {"players": 3}, "actions": []})
    raises(ValueError, Journal.from_dict, Counter, {"base": {"total": 0}, "actions": [["roll"]]})


def test_restore_equals_doing_the_log_one_by_one_across_folds():
    log = []
    for n in range(150):
        log.append(("add", n % 7))
        if n % 11 == 10:
            log.append(None)  # an undo
    one = Journal(Counter, {"total": 0}, keep=8, fold=4)
    for entry in log:
        if entry is None:
            one.undo()
        else:
            one.do(entry)
    saved = Journal(Counter, {"total": 0}, keep=8, fold=4)
    saved.restore(log)
    assert saved.to_dict() == one.to_dict() and saved.game.total == one.game.total
    assert saved.undo() == one.undo() and saved.game.total == one.game.total


def test_restore_refuses_a_log_that_does_not_fit_and_changes_nothing():
    j = Journal(Counter, {"total": 0})
    j.do(("add", 2))
    before = j.to_dict()
    for log in ([("add", 1), ("add", -1)], [None, None], [("add", 1), ("sub",)], [[]]):
        raises(ValueError, j.restore, log)
        assert j.to_dict() == before and j.game.total == 2


def test_an_undo_is_redone_until_the_next_action():
    j = Journal(Counter, {"total": 0})
    for n in (1, 2, 3):
        j.do(("add", n))
    assert not j.undone
    raises(ValueError, j.redo)
    j.undo()
    j.undo()
    assert j.game.total == 1 and j.undone == [("add", 3), ("add", 2)]
    assert j.redo() == ("add", 2) and j.game.total == 3
    j.undo()
    # the undone actions come with a save of the journal
    k = Journal.from_dict(Counter, j.to_dict())
    assert k.undone == [("add", 3), ("add", 2)] and k.game.total == 1
    assert k.redo() == ("add", 2) and k.redo() == ("add", 3) and k.game.total == 6
    assert not k.undone
    j.do(("add", 10))  # the next action: nothing to redo any more
    assert not j.undone and j.game.total == 11
    raises(ValueError, j.redo)


def test_before_last_is_the_game_an_undo_goes_back_to():
    j = Journal(Counter, {"total": 0})
    raises(ValueError, j.before_last)
    j.do(("add", 4))
    j.do(("add", 5))
    before = j.before_last()
    assert before.total == 4 and j.game.total == 9  # nothing taken back yet
    assert j.undo() == ("add", 5) and j.game.total == 4


def test_restore_replays_redos_as_doing_them_one_by_one():
    from schaffner.journal import REDO
    log = [["add", 1], ["add", 2], None, None, REDO, ["add", 5], None, REDO, None]
    j = Journal(Counter, {"total": 0}, keep=2, fold=1)
    j.restore(log)
    k = Journal(Counter, {"total": 0}, keep=2, fold=1)
    for e in log:
        k.undo() if e is None else k.redo() if e == REDO else k.do(e)
    assert j.game.total == k.game.total == 1
    assert j.undone == k.undone == [("add", 5)]
    assert j.to_dict() == k.to_dict()
    # a redo with nothing undone does not fit: nothing changed
    state = j.to_dict()
    raises(ValueError, j.restore, [REDO, REDO])
    assert j.to_dict() == state
    raises(ValueError, Journal.from_dict, Counter, dict(state, undone="x"))


def test_begin_plays_on_the_game_it_is_given_and_undoes_to_its_start():
    g = Counter(5)
    j = Journal.begin(g, keep=2, fold=1)
    assert j.game is g and j.base == {"total": 5} and j.count() == 0
    for n in (1, 2, 3):
        j.do(("add", n))
    assert g.total == 11 and j.folded == 0  # keep 2 + fold 1 actions held before a fold
    j.do(("add", 4))
    assert j.folded == 1 and j.base == {"total": 6} and j.game is g
    j.undo()
    j.undo()
    assert j.game.total == 8 and j.game is not g  # built again from the base, which g never touched
    rejects(j, j.do, ("add", -1))
    assert j.game.total == 8 and j.count() == 2


def test_tidy_folds_what_is_past_keep_and_changes_no_game():
    j = Journal(Counter, {"total": 0}, keep=4, fold=4)
    for n in (1, 2, 3, 4):
        j.do(("add", n))
    game = j.game
    assert not j.untidy() and not j.tidy()  # keep actions: nothing to fold
    j.do(("add", 5))
    j.do(("add", 6))
    assert j.untidy() and j.tidy()
    assert j.base == {"total": 3} and j.folded == 2 and j.count() == 6
    assert j.actions == [("add", 3), ("add", 4), ("add", 5), ("add", 6)]
    assert j.game is game and game.total == 21  # the game in play goes on as it was
    assert not j.untidy() and not j.tidy()
    for _ in range(4):
        j.undo()  # keep actions can still be taken back
    assert j.game.total == 3 and j.count() == 2
    raises(ValueError, j.undo)


def test_without_a_quiet_moment_do_folds_a_fold_itself_past_keep_and_fold():
    j = Journal(Counter, {"total": 0}, keep=2, fold=2)
    for n in (1, 2, 3, 4):
        j.do(("add", n))
    assert j.folded == 0  # keep + fold held
    j.do(("add", 5))
    assert j.folded == 2 and j.base == {"total": 3} and j.game.total == 15
    assert j.to_dict()["actions"] == [["add", 3], ["add", 4], ["add", 5]]
