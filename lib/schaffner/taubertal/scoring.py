"""Sale, payday and final scoring arithmetic (integers only, no game state)."""
from micropython import const

from .buildings import name

SALE_RATES = (1, 2, 3, 3)  # coins per token: most frequent type first
SALE_VP = const(2)  # VP per token sold
WAGE = const(1)  # coin per hired worker
UNPAID_VP = const(3)  # VP lost per worker that cannot be paid
VP_FLOOR = const(-5)
POST_STEP = const(5)
HALLS_VP = const(5)

# End-of-game buildings in scoring order (Postamt is always last), with the
# final-scoring input each one needs from the table, or None.
END_ORDER = (
    ("empfangshalle", "pax"),
    ("magazingebaeude", "goods"),
    ("lokschuppen", "empty"),
    ("zollamt", None),
    ("wagenmeisterei", "halls"),
    ("wasserturm", None),
    ("postamt", None),
)
INPUT_PROMPTS = {
    "pax": "Passengers delivered",
    "goods": "Own goods buildings",
    "empty": "Empty spaces others",
    "halls": "Halls in 5 towns?",
}


def sale_value(counts):
    """(coins, VP) for selling ``counts`` tokens of each goods type.

    Types are paid most frequent first (1, 2, 3, 3 coins a token); equal
    counts can go in either order, the total is the same.
    """
    ranked = sorted([c for c in counts if c > 0], reverse=True)
    coins = 0
    for i in range(len(ranked)):
        coins += SALE_RATES[i] * ranked[i]
    return coins, SALE_VP * sum(ranked)


def lower_vp(vp, loss):
    """VP after losing ``loss`` points; the track stops at -5."""
    return max(VP_FLOOR, vp - loss)


def payday(hired, coins, vp, staff_house):
    """(free, pay, unpaid, vp_lost) for one player at the end of a pass."""
    free = 1 if staff_house and hired >= 2 else 0
    due = (hired - free) * WAGE
    pay = min(due, coins)
    unpaid = due - pay
    return free, pay, unpaid, vp - lower_vp(vp, UNPAID_VP * unpaid)


def shed_rate(players):
    """Lokschuppen VP per empty space: 3 with 1 other player, 2 with 2, 1 with 3."""
    return 5 - players


def final_lines(players, vp, coins, cubes, station, customs, inputs):
    """The final scoring of one player, line by line: [(label, points)...].

    ``station`` holds the visible station building ids (built-over ones score
    nothing), ``customs`` the goods on the Zollamt, ``inputs`` the numbers the
    table entered (missing ones count 0).  The last line is ("Total", sum).
    """
    lines = [("Track VP", vp), ("Money", coins), ("Cubes", cubes // 2)]
    total = vp + coins + cubes // 2
    for bid, key in END_ORDER:
        if bid not in station:
            continue
        n = inputs.get(key, 0) if key else 0
        if bid == "lokschuppen":
            pts = n * shed_rate(players)
        elif bid == "zollamt":
            pts = customs
        elif bid == "wagenmeisterei":
            pts = HALLS_VP if n else 0
        elif bid == "wasserturm":
            pts = len(station) // 2
        elif bid == "postamt":
            pts = total // POST_STEP if total > 0 else 0
        else:
            pts = n
        lines.append((name(bid), pts))
        total += pts
    lines.append(("Total", total))
    return lines

