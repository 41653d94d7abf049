"""Der Taubertal-Express: steps the rules-core tests share to move a game along."""
from support import rejects


def refuse(g, action, words):
    """g must refuse action unchanged, with a message holding words that fits the screen."""
    msg = rejects(g, g.apply, action)
    assert words in msg, msg
    assert len(msg) <= 60, msg
    return msg


def to_rounds(g, hires=None):
    """Ticket draft, tile draft and hiring (hires[seat], else 0) in the order the game asks for."""
    for p in g.turn_order():
        g.apply(("ticket", p))
    for _ in range(3 * g.n):
        g.apply(("tile", g.acting()))
    for p in g.turn_order():
        g.apply(("hire", p, hires[p] if hires else 0))
    return g


def plain_action(g, hire=0):
    """The action that just moves on: ticket, tile, hire, end the turn, payday or refill."""
    ph, p = g.phase(), g.acting()
    if ph == "tickets":
        return ("ticket", p)
    if ph == "tiles":
        return ("tile", p)
    if ph == "hire":
        return ("hire", p, hire)
    if ph == "round":
        return ("done", p)
    return (ph,)


def scripted(g, extra, hire=0):
    """The actions for what g asks now: in a turn extra[(pass, round, seat)] then "done"."""
    if g.phase() != "round":
        return (plain_action(g, hire),)
    p = g.acting()
    return tuple(extra.get((g.pass_no(), g.round_no(), p), ())) + (("done", p),)


def to_final(g, extra=None, hire=0):
    """Play on to the final scoring, with the scripted extra actions (if any)."""
    while g.phase() != "final":
        for a in scripted(g, extra or {}, hire):
            g.apply(a)


def to_payday(g):
    """Everyone ends their turns until payday."""
    while g.phase() == "round":
        g.apply(("done", g.acting()))


def finish_pass(g):
    """Everyone ends their turns; payday; refill unless the game is over."""
    to_payday(g)
    g.apply(("payday",))
    if g.phase() == "refill":
        g.apply(("refill",))
