"""Undo and persistence for any game of the core.

A journal holds a base state (a JSON-compatible dict) and the actions applied
since.  The live game is the base with the actions replayed, so undo is a
replay of all but the last action and a save is just ``to_dict()``.  To keep
memory bounded, the oldest actions are folded into the base once there are
more than ``keep + fold`` of them; ``keep`` actions can always be undone.
"""


class Journal:
    def __init__(self, game_cls, base, actions=(), keep=64, fold=32):
        if keep < 1 or fold < 1:
            raise ValueError("journal needs keep >= 1 and fold >= 1")
        self.game_cls = game_cls
        self.keep = keep
        self.fold = fold
        self.base = base
        self.actions = [tuple(a) for a in actions]
        self.game = self._replay(len(self.actions))

    def _replay(self, count):
        game = self.game_cls.from_dict(self.base)
        for i in range(count):
            game.apply(self.actions[i])
        return game

    def do(self, action):
        """Apply one action; a ValueError leaves game and journal unchanged."""
        action = tuple(action)
        self.game.apply(action)
        self.actions.append(action)
        if len(self.actions) > self.keep + self.fold:
            older = self._replay(self.fold)
            self.base = older.to_dict()
            self.actions = self.actions[self.fold:]

    def can_undo(self):
        return len(self.actions) > 0

    def undo(self):
        """Take back the last action and return it."""
        if not self.actions:
            raise ValueError("nothing to undo")
        self.game = self._replay(len(self.actions) - 1)
        return self.actions.pop()

    def to_dict(self):
        return {"base": self.base, "actions": [list(a) for a in self.actions]}

    @classmethod
    def from_dict(cls, game_cls, data, keep=64, fold=32):
        try:
            base = data["base"]
            actions = data["actions"]
        except (KeyError, TypeError):
            raise ValueError("not a saved game")
        if not isinstance(actions, list):
            raise ValueError("not a saved game")
        try:
            return cls(game_cls, base, actions, keep, fold)
        except (KeyError, IndexError, TypeError, AttributeError):
            raise ValueError("saved game does not fit this game")
