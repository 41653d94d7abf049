"""Der Taubertal-Express: what each action does (game.py lists them), one
function per kind; Game.apply checks an action's shape and hands it to the
function ACTIONS names.  A module of its own so the game's code loads in two
pieces, each in a poll of its own while a game is set up (app.App.preload).
"""
from . import buildings as B
from . import scoring
from .numbers import CARRIAGES, KIOSK_CUBES, PASSES, POWER_VP, ROUNDS, TICKET_VP, TILES_EACH, TOP, WORKERS, whole_number

_INPUT_OF = {key: bid for bid, key in scoring.END_ORDER if key}  # input key -> building


def _delta(value):
    if type(value) is not int:
        raise ValueError("Change must be a whole number")
    if value == 0:
        raise ValueError("Nothing to change")
    return value


def _do_ticket(g, a):
    p = a[1]
    g._need(("tickets",), p)
    g._turn += 1
    if g._turn == g.n:
        g._phase = "tiles"
        g._turn = 0


def _do_tile(g, a):
    p = a[1]
    g._need(("tiles",), p)
    g._turn += 1
    if g._turn == TILES_EACH * g.n:
        g._phase = "hire"
        g._turn = 0


def _do_hire(g, a):
    _, p, count = a
    g._need(("hire",), p)
    whole_number(count, "Workers")
    room = g.worker_room(p)
    if count > room:
        raise ValueError("P%d has room for %d workers" % (p + 1, room))
    left = WORKERS - sum(g.hired)
    if count > left:
        raise ValueError("Only %d workers left" % left)
    g.hired[p] += count
    g._turn += 1
    if g._turn == g.n:
        _start_round(g, 1)


def _start_round(g, number):
    g._phase = "round"
    g._round = number
    g._turn = 0
    _start_turn(g)


def _start_turn(g):
    p = g.order[g._turn]
    _gain_cubes(g, p, 2 if g.has(p, "kohlenlager") else 1)


def _gain_cubes(g, p, count):
    g.cubes[p] = min(g.cube_room(p), g.cubes[p] + count)


def _do_done(g, a):
    p = a[1]
    g._need(("round",), p)
    if g.cubes[p] == 0 and g.has(p, "signalmeisterei"):
        g.cubes[p] = 1
    g._turn += 1
    if g._turn < g.n:
        _start_turn(g)
    elif g._round < ROUNDS:
        _start_round(g, g._round + 1)
    else:
        g._phase = "payday"
        g._round = 0
        g._turn = 0


def _do_build(g, a):
    p, bid = a[1], a[2]
    over = a[3] if len(a) > 3 else None
    price = a[4] if len(a) > 4 else 0
    g._need(("round",), p)
    title = B.name(bid)
    if bid in g.built[p] or bid in g.over[p]:
        raise ValueError("P%d already has a %s" % (p + 1, title))
    if g._left(bid) <= 0:
        raise ValueError("No %s left" % title)
    if over is not None:
        B.find(over)
        if over not in g.built[p]:
            raise ValueError("%s is not in P%d's station" % (B.name(over), p + 1))
    whole_number(price, "Price")
    if price and B.cost(bid) == B.CUBES:
        raise ValueError("%s costs 3 cubes, not coins" % title)
    cubes, coins = g.building_charge(p, bid, price)
    if g.cubes[p] < cubes:
        raise ValueError("%s needs %d cubes" % (title, cubes))
    if g.coins[p] < coins:
        raise ValueError("%s costs %d coins" % (title, coins))
    g.cubes[p] -= cubes
    g.coins[p] -= coins
    if over is None:
        _advance(g, p)
    else:
        g.built[p].remove(over)
        g.over[p].append(over)
        _to_top(g, p)
    g.built[p].append(bid)
    if bid == "kiosk":
        _gain_cubes(g, p, KIOSK_CUBES)
    elif bid == "kantine":
        if g.worker_room(p) > 0 and sum(g.hired) < WORKERS:
            g.hired[p] += 1
    elif bid == "elektrizitaetswerk":
        g.vp[p] += POWER_VP
    # a built-over Wagenwerkstatt sends cubes above 8 back to the supply
    g.cubes[p] = min(g.cubes[p], g.cube_room(p))


def _advance(g, p):
    if g.pos[p] != TOP:  # nothing lies beyond the top space
        g.pos[p] += 1
        _land(g, p)


def _to_top(g, p):
    g.pos[p] = TOP
    _land(g, p)


def _land(g, p):
    g.clock += 1
    g.stamp[p] = g.clock


def _do_sale(g, a):
    _, p, wine, sheep, grain, tools = a
    g._need(("round",), p)
    coins, vp = g.sale_preview(p, wine, sheep, grain, tools)
    g.coins[p] += coins
    g.vp[p] += vp
    if g.has(p, "zollamt"):
        g.zoll[p] += 1


def _do_carriage(g, a):
    _, p, kind = a
    g._need(("round",), p)
    if kind == "worker":
        cars = g.wcar
    elif kind == "freight":
        cars = g.fcar
    else:
        raise ValueError("Carriage: worker or freight")
    if sum(cars) >= CARRIAGES:
        raise ValueError("No %s carriage left" % kind)
    cars[p] += 1


def _do_replace_ticket(g, a):
    p = a[1]
    g._need(("tickets", "round"), p)
    g.vp[p] = scoring.lower_vp(g.vp[p], TICKET_VP)


def _do_payday(g, a):
    g._need(("payday",))
    for p in range(g.n):
        _, _, pay, _, lost = g.payday_preview(p)
        g.coins[p] -= pay
        g.vp[p] -= lost
        g.hired[p] = 0
    g._phase = "final" if g._pass == PASSES else "refill"


def _do_refill(g, a):
    g._need(("refill",))
    g._pass += 1
    g.order = g.standing()
    g._phase = "tickets"
    g._turn = 0


def _do_final(g, a):
    _, p, key, value = a
    g._need(("final",))
    bid = _INPUT_OF.get(key) if isinstance(key, str) else None
    if bid is None:
        raise ValueError("Unknown scoring input")
    if not g.has(p, bid):
        raise ValueError("P%d has no %s" % (p + 1, B.name(bid)))
    whole_number(value, "Number")
    if key == "halls" and value > 1:
        raise ValueError("Enter 1 (yes) or 0 (no)")
    g.fin[p][key] = value


def _do_end(g, a):
    g._need(("final",))
    if g.final_missing():
        raise ValueError("Enter every final-scoring number first")
    g.ended = True


def _do_vp(g, a):
    _, p, delta = a
    _delta(delta)
    g.vp[p] = scoring.lower_vp(g.vp[p], -delta)


def _do_coins(g, a):
    _, p, delta = a
    _delta(delta)
    if g.coins[p] + delta < 0:
        raise ValueError("Not enough money: P%d has %d" % (p + 1, g.coins[p]))
    g.coins[p] += delta


def _do_cubes(g, a):
    _, p, delta = a
    _delta(delta)
    if g.cubes[p] + delta < 0:
        raise ValueError("Not enough cubes: P%d has %d" % (p + 1, g.cubes[p]))
    _gain_cubes(g, p, delta)


# kind -> (fewest, most values after the kind, handler)
ACTIONS = {
    "ticket": (1, 1, _do_ticket),
    "tile": (1, 1, _do_tile),
    "hire": (2, 2, _do_hire),
    "done": (1, 1, _do_done),
    "build": (2, 4, _do_build),
    "sale": (5, 5, _do_sale),
    "carriage": (2, 2, _do_carriage),
    "replace_ticket": (1, 1, _do_replace_ticket),
    "payday": (0, 0, _do_payday),
    "refill": (0, 0, _do_refill),
    "final": (3, 3, _do_final),
    "vp": (2, 2, _do_vp),
    "coins": (2, 2, _do_coins),
    "cubes": (2, 2, _do_cubes),
    "end": (0, 0, _do_end),
}
