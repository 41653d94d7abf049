"""City cards, goods types, the goods win and Contract checks.

A City card is entered by the table as its needs - the rolling stock the
train must carry, as letters P (Passenger Car), B (Boxcar), F (Flatcar) in
any order - and its goods type.  A card is kept as the tuple
(needs, goods) with the needs in canonical P, B, F order.
"""

# All 34 sets of 1-4 rolling stock, by size, in P, B, F order.
NEEDS = (
    "P", "B", "F",
    "PP", "PB", "PF", "BB", "BF", "FF",
    "PPP", "PPB", "PPF", "PBB", "PBF", "PFF", "BBB", "BBF", "BFF", "FFF",
    "PPPP", "PPPB", "PPPF", "PPBB", "PPBF", "PPFF", "PBBB", "PBBF", "PBFF",
    "PFFF", "BBBB", "BBBF", "BBFF", "BFFF", "FFFF",
)
# The rulebook's export goods; Terminals (four rolling stock) are wild.
GOODS = ("passengers", "coal", "cattle", "corn", "mail", "timber")
WILD = "wild"
SIZES = ("whistlestop", "depot", "station", "terminal")


def counts(needs):
    """'PBB' -> (1, 2, 0): how many Passenger Cars, Boxcars, Flatcars."""
    return (needs.count("P"), needs.count("B"), needs.count("F"))


def canonical(needs):
    """The needs in P, B, F order; ValueError if no City card needs that."""
    if not isinstance(needs, str):
        raise ValueError("Needs are letters P, B, F")
    if needs in NEEDS:  # already in order: no new string (replays make many cards)
        return needs
    p, b, f = counts(needs)
    text = "P" * p + "B" * b + "F" * f
    if len(text) != len(needs) or text not in NEEDS:
        raise ValueError("No City card needs %.12s" % (needs or "nothing"))
    return text


def make_card(needs, goods):
    """A validated card tuple (needs, goods)."""
    needs = canonical(needs)
    if goods != WILD and goods not in GOODS:
        raise ValueError("Unknown goods type %.12s" % (goods,))
    return (needs, goods)


def is_wild(card):
    return card[1] == WILD or len(card[0]) == 4


def covers(stock, needs):
    """True if a train with stock (p, b, f) carries the card's needs."""
    return stock[0] >= needs.count("P") and stock[1] >= needs.count("B") and stock[2] >= needs.count("F")


def missing_goods(cards):
    """Goods types not yet held, before wild cards fill any of them."""
    have = [c[1] for c in cards]
    return [g for g in GOODS if g not in have]


def goods_win(cards):
    """A card of each of the six goods types, Terminals standing in for any."""
    wild = 0
    for c in cards:
        if is_wild(c):
            wild += 1
    # missing_goods() counted without its lists: every score checks this
    for g in GOODS:
        for c in cards:
            if c[1] == g and not is_wild(c):
                break
        else:
            wild -= 1
    return wild >= 0


def check_contract(reqs):
    """A Contract as the table enters it: a list of goods types or card sizes."""
    if not isinstance(reqs, (list, tuple)) or not reqs:
        raise ValueError("A Contract needs at least one card")
    for r in reqs:
        if r not in GOODS and r not in SIZES:
            raise ValueError("Unknown Contract need %.12s" % (r,))
    return list(reqs)


def _fits(req, card):
    if req in SIZES:
        return len(card[0]) == SIZES.index(req) + 1
    return card[1] == req or is_wild(card)


def contract_met(reqs, cards):
    """Each need matched to its own card (a card serves one need only)."""
    owner = [-1] * len(cards)

    def assign(i, seen):
        for j in range(len(cards)):
            if not seen[j] and _fits(reqs[i], cards[j]):
                seen[j] = True
                if owner[j] < 0 or assign(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in range(len(reqs)):
        if not assign(i, [False] * len(cards)):
            return False
    return True
