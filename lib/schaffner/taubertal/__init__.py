"""Der Taubertal-Express rules core: setup, pioneer track, passes, payday,
sales and the final scoring.  ``Game`` (game.py) documents every action."""
from .game import Game

__all__ = ("Game",)
