"""Undo and persistence for any game of the core.

A journal holds a base state (a JSON-compatible dict) and the actions applied
since.  The live game is the base with the actions replayed, so undo is a
replay of all but the last action and a save is just ``to_dict()``.  To keep
memory bounded, the oldest actions are folded into the base once there are
more than ``keep + fold`` of them; ``keep`` actions can always be undone.
A save may log what happened after it; ``restore`` replays such a log with
one rebuild of the game, however many undos it holds.
``count()`` counts the folded ones too.
The fold's game is built one action a do() ahead of it (the base with the
oldest actions applied), so no single action pays for replaying ``fold`` of
them.
"""


class Journal:
    def __init__(self, game_cls, base, actions=(), keep=64, fold=32, folded=0):
        if keep < 1 or fold < 1:
            raise ValueError("journal needs keep >= 1 and fold >= 1")
        self.folded = folded  # actions already in base
        self.game_cls = game_cls
        self.keep = keep
        self.fold = fold
        self.base = base
        self.actions = [tuple(a) for a in actions]
        self.game = self._replay(len(self.actions))
        self._older = None  # the base with the first _ahead actions applied, for the next fold
        self._ahead = 0

    def _replay(self, count):
        return _build(self.game_cls, self.base, self.actions, count)

    def do(self, action):
        """Apply one action; a ValueError leaves game and journal unchanged."""
        action = tuple(action)
        self.game.apply(action)
        self.actions.append(action)
        # the older game is kept as many actions ahead as there are past keep
        ahead = min(len(self.actions) - self.keep, self.fold)
        if ahead <= 0:
            return
        older = self._older
        if older is None:
            older = self._older = _build(self.game_cls, self.base, self.actions, 0)
        while self._ahead < ahead:
            older.apply(self.actions[self._ahead])
            self._ahead += 1
        if len(self.actions) > self.keep + self.fold:
            self.base = older.to_dict()
            self.actions = self.actions[self.fold:]
            self.folded += self.fold
            self._forget()

    def _forget(self):
        self._older = None
        self._ahead = 0

    def count(self):  # actions since the game began, undone ones not counted
        return self.folded + len(self.actions)

    def can_undo(self):
        return len(self.actions) > 0

    def undo(self):
        """Take back the last action and return it."""
        if not self.actions:
            raise ValueError("nothing to undo")
        self.game = self._replay(len(self.actions) - 1)
        if len(self.actions) <= self._ahead:
            self._forget()  # the older game has the action taken back
        return self.actions.pop()

    def restore(self, log):
        """Replay a log of what followed a save of this journal: each entry an
        action, or None for an undo.  The same journal as doing them one by one,
        with one replay of the game at the end; ValueError (and nothing changed)
        if any entry does not apply."""
        base = self.base
        actions = list(self.actions)
        folded = self.folded
        try:
            for entry in log:
                if entry is None:
                    if not actions:
                        raise ValueError("nothing to undo")
                    actions.pop()
                    continue
                actions.append(tuple(entry))
                if len(actions) > self.keep + self.fold:
                    base = _build(self.game_cls, base, actions, self.fold).to_dict()
                    actions = actions[self.fold:]
                    folded += self.fold
            game = _build(self.game_cls, base, actions, len(actions))
        except (KeyError, IndexError, TypeError, AttributeError):
            raise ValueError("saved log does not fit this game")
        self.base = base
        self.actions = actions
        self.folded = folded
        self.game = game
        self._forget()

    def to_dict(self):
        return {"base": self.base, "actions": [list(a) for a in self.actions], "folded": self.folded}

    @classmethod
    def from_dict(cls, game_cls, data, keep=64, fold=32):
        try:
            base = data["base"]
            actions = data["actions"]
        except (KeyError, TypeError):
            raise ValueError("not a saved game")
        folded = data.get("folded", 0)  # saves from before the count have none
        if not isinstance(actions, list) or type(folded) is not int:
            raise ValueError("not a saved game")
        try:
            return cls(game_cls, base, actions, keep, fold, folded)
        except (KeyError, IndexError, TypeError, AttributeError):
            raise ValueError("saved game does not fit this game")


def _build(game_cls, base, actions, count):
    """The game from base with the first count actions applied."""
    game = game_cls.from_dict(base)
    for i in range(count):
        game.apply(actions[i])
    return game
