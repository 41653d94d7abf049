"""Undo and persistence for any game of the core.

A journal holds a base state (a JSON-compatible dict) and the actions applied
since.  The live game is the base with the actions replayed, so undo is a
replay of all but the last action and a save is just ``to_dict()``.  To keep
memory bounded, the oldest actions are folded into the base: ``tidy()`` folds
those past ``keep``, the work of a quiet moment (a game built from the base,
the actions applied, its to_dict(): 2 ms of a Pico for one Trainmaker action,
16 for 16); where no quiet moment came, ``do()`` folds ``fold`` of them itself
once there are more than ``keep + fold``.  No second game is held between
folds (a Trainmaker game's 1.1 KB: the heap of a long game).  ``keep``
actions can always be undone.
A save may log what happened after it; ``restore`` replays such a log with
one rebuild of the game, however many undos it holds.
``count()`` counts the folded ones too.
An undone action can be redone until the next action (``undone``: the
actions taken back, the last undone last); it is saved with the journal.
"""


REDO = {"redo": 1}  # restore()'s entry for a redo (an action is a list, an undo None), and the save's record


class Journal:
    def __init__(self, game_cls, base, actions=(), keep=64, fold=16, folded=0, undone=(), game=None):
        if keep < 1 or fold < 1:
            raise ValueError("Journal needs keep >= 1 and fold >= 1")
        self.folded = folded  # actions already in base
        self.game_cls = game_cls
        self.keep = keep
        self.fold = fold
        self.base = base
        self.actions = [tuple(a) for a in actions]
        self.undone = [tuple(a) for a in undone]
        # game: the one base describes, where the caller has it already (begin())
        self.game = self._replay(len(self.actions)) if game is None else game

    @classmethod
    def begin(cls, game, keep=64, fold=16):
        """A journal over a game just made: its base is the game's to_dict(), and
        the game itself plays on, not one built again from that base (a start
        builds the game once)."""
        return cls(type(game), game.to_dict(), (), keep, fold, game=game)

    def _replay(self, count):
        return _build(self.game_cls, self.base, self.actions, count)

    def do(self, action):
        """Apply one action; a ValueError leaves game and journal unchanged.
        What was undone can no longer be redone."""
        self._do(tuple(action))
        self.undone = []

    def _do(self, action):
        self.game.apply(action)
        self.actions.append(action)
        if len(self.actions) > self.keep + self.fold:
            self._fold(self.fold)

    def untidy(self):
        """True when tidy() has work: actions past keep."""
        return len(self.actions) > self.keep

    def tidy(self):
        """Fold the actions past keep into the base, if untidy(): the work of a quiet
        moment.  True if it did."""
        if not self.untidy():
            return False
        self._fold(len(self.actions) - self.keep)
        return True

    def _fold(self, n):
        self.base = _build(self.game_cls, self.base, self.actions, n).to_dict()
        self.actions = self.actions[n:]
        self.folded += n

    def count(self):  # actions since the game began, undone ones not counted
        return self.folded + len(self.actions)

    def can_undo(self):
        return len(self.actions) > 0

    def before_last(self):
        """The game as it was before the last action (to say what an undo would take back)."""
        if not self.actions:
            raise ValueError("Nothing to undo")
        return self._replay(len(self.actions) - 1)

    def undo(self):
        """Take back the last action and return it."""
        self.game = self.before_last()
        action = self.actions.pop()
        self.undone.append(action)
        return action

    def redo(self):
        """Apply the last undone action again and return it."""
        if not self.undone:
            raise ValueError("Nothing to redo")
        action = self.undone[-1]
        self._do(action)  # ValueError: it stays undone
        return self.undone.pop()

    def restore(self, log):
        """Replay a log of what followed a save of this journal: each entry an
        action, None for an undo or REDO for a redo.  The same journal as doing
        them one by one, with one replay of the game at the end, or none when
        the log only goes on from the game in hand (a boot has just built it);
        ValueError (and nothing changed) if any entry does not apply."""
        base = self.base
        actions = list(self.actions)
        undone = list(self.undone)
        folded = self.folded
        start = low = folded + len(actions)  # low: the fewest actions the log went back to
        try:
            for entry in log:
                if entry is None:
                    if not actions:
                        raise ValueError("Nothing to undo")
                    undone.append(actions.pop())
                    low = min(low, folded + len(actions))
                    continue
                if entry == REDO:
                    if not undone:
                        raise ValueError("Nothing to redo")
                    actions.append(undone.pop())
                else:
                    actions.append(tuple(entry))
                    undone = []
                if len(actions) > self.keep + self.fold:
                    base = _build(self.game_cls, base, actions, self.fold).to_dict()
                    actions = actions[self.fold:]
                    folded += self.fold
            new = folded + len(actions) - start
            game = self.game
            # until it is the one after the log: made again if an entry does not apply
            self.game = None
            if low == start and new <= len(actions):
                for i in range(len(actions) - new, len(actions)):
                    game.apply(actions[i])
            else:
                game = None  # its heap is the new one's
                game = _build(self.game_cls, base, actions, len(actions))
        except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
            if self.game is None:
                self.game = self._replay(len(self.actions))
            if isinstance(exc, ValueError):
                raise
            raise ValueError("Saved log does not fit this game")
        self.base = base
        self.actions = actions
        self.undone = undone
        self.folded = folded
        self.game = game

    def to_dict(self):
        return {"base": self.base, "actions": [list(a) for a in self.actions], "folded": self.folded,
                "undone": [list(a) for a in self.undone]}

    @classmethod
    def from_dict(cls, game_cls, data, keep=64, fold=16):
        try:
            base = data["base"]
            actions = data["actions"]
        except (KeyError, TypeError):
            raise ValueError("Not a saved game")
        folded = data.get("folded", 0)  # saves from before the count have none
        undone = data.get("undone", [])  # nor those from before redo
        if not isinstance(actions, list) or type(folded) is not int or not isinstance(undone, list):
            raise ValueError("Not a saved game")
        try:
            return cls(game_cls, base, actions, keep, fold, folded, undone)
        except (KeyError, IndexError, TypeError, AttributeError):
            raise ValueError("Saved game does not fit this game")


def _build(game_cls, base, actions, count):
    """The game from base with the first count actions applied."""
    game = game_cls.from_dict(base)
    for i in range(count):
        game.apply(actions[i])
    return game
