"""Trainmaker: how the screens name players, City cards and goods."""

NEEDS = ("passengers", "coal", "cattle", "corn", "mail", "timber",
         "whistlestop", "depot", "station", "terminal")
ABBR = ("Pass", "Coal", "Catl", "Corn", "Mail", "Timb", "W1", "D2", "S3", "T4")


def who(game, names):
    p = game.player()
    return "Steam Engine" if p < 0 else names[p]


def card_text(card):
    """('PB', 'coal') -> 'PB coal'."""
    return card[0] + " " + card[1]


def goods_line(g, p):
    """How many of the six goods types player p has, Terminals filling gaps."""
    missing, wild = g.goods_missing(p)
    return "Goods %d of 6" % min(6, 6 - len(missing) + wild)


def card_short(card, room):
    """A card beside a number, in room characters: ('PBF', 'coal') -> 'PBF coal'
    where the goods' word fits, else ('PBF', 'passengers') -> 'PBF Pass'."""
    g = card[1]
    if len(card[0]) + 1 + len(g) <= room:
        return card[0] + " " + g
    return card[0] + " " + (ABBR[NEEDS.index(g)] if g in NEEDS else g)
