"""What a finished Trainmaker game reports for the history: places and turns.

Apart from the Game, so a game in play does not load it.
"""
from .game import STEAM


def places(g):
    """Each player's place: 1 the winner; the others after the winner (the Steam
    Engine too) by City cards scored, equal counts sharing a place."""
    w = g.winner()
    cards = [g.stats(p)[3] for p in range(g.players())]
    out = []
    for p in range(len(cards)):
        place = 1
        if p != w:
            place = 2
            for q in range(len(cards)):
                if q != w and cards[q] > cards[p]:
                    place += 1
        out.append(place)
    return out


def turns(g):
    """Player turns played: the completed ones, and the winning one if a player won."""
    w = g.winner()
    return (g.round_no() - 1) * g.players() + g.player() + (1 if w is not None and w != STEAM else 0)
