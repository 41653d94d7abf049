"""Der Taubertal-Express: the state of one game and the actions that change it.

Players are seats 0..n-1: seat 0 is the start player, the others follow
clockwise.  Money is counted in silver (a gold coin is 5).  Messages number
the players from 1 ("P1" is seat 0).

A game runs 7 passes; each pass is the phases
  "tickets" (ticket draft, in turn order), "tiles" (action-tile draft, in turn
  order round and round until each has 3), "hire" (in turn order),
  "round" (3 rounds, one turn each in turn order), "payday", "refill"
and after the 7th payday the phase is "final".  The turn order is fixed at
the start of each pass from the pioneer track.

Actions (tuples; lists after a JSON round trip are accepted too):
  ("ticket", p)              p drafts a ticket from the pass's stack
  ("tile", p)                p takes an action tile
  ("hire", p, n)             p hires n workers (room: 2 per worker carriage)
  ("done", p)                p ends the turn.  A turn starts with 1 black
                             cube (2 with Kohlenlager) added by the gadget
  ("build", p, b)            p builds station building b (id = name in lower
  ("build", p, b, over)      case) into a free space, or over the visible
  ("build", p, b, over, price)  building ``over``.  Light purple: 3 cubes
                             are paid; dark purple: ``price`` coins as printed
                             (Bankhaus: 1 less), 0 = paid by hand.  Moves p
                             one space on the pioneer track, or to the top
                             when building over.  Kiosk (+3 cubes), Kantine
                             (+1 worker), Elektrizitaetswerk (+3 VP) apply
  ("sale", p, wine, sheep, grain, tools)  p sells goods at a longer stop;
                             Zollamt owner: one token goes to the office
  ("carriage", p, kind)      p couples a "worker" or "freight" carriage
  ("replace_ticket", p)      p had no free passenger carriage: -3 VP
  ("payday",)                wages for everyone (phase "payday")
  ("refill",)                displays refilled: the next pass begins
  ("final", p, key, n)       a final-scoring number for p's buildings; keys
                             from final_inputs(p): "pax", "goods", "empty",
                             "halls" (1 = yes, 0 = no)
  ("vp", p, d) ("coins", p, d) ("cubes", p, d)
                             changes from the board (passenger rewards, area
                             bonuses, spent cubes...) or corrections, for any
                             player at any time.  VP stop at -5; cubes above
                             the coal carriage's room go back to the supply.
  ("end",)                   final scoring done: every later action is refused
The "round" actions (build, sale, carriage, done, replace_ticket) are for
the player whose turn it is; replace_ticket also during the ticket draft.
"""
from micropython import const

from . import buildings as B
from . import scoring
from .setup import START_COINS, check_players, start_cubes

PASSES = const(7)
ROUNDS = const(3)
TILES_EACH = const(3)
TOP = const(1000)  # the pioneer track's top space, above any reached by steps
PER_CARRIAGE = const(2)  # workers per worker carriage
WORKERS = const(24)
CARRIAGES = const(12)  # worker carriages, and freight carriages, in the box
COAL_ROOM = const(8)
BIG_COAL_ROOM = const(10)
FREIGHT_ROOM = const(2)
TICKET_VP = const(3)
POWER_VP = const(3)
KIOSK_CUBES = const(3)
GOODS = ("wine", "sheep", "grain", "tools")  # order of the counts in a "sale"

PHASES = ("tickets", "tiles", "hire", "round", "payday", "refill", "final")
_LABELS = {
    "tickets": "ticket draft",
    "tiles": "tile draft",
    "hire": "hiring",
    "round": "rounds",
    "payday": "payday",
    "refill": "refill",
    "final": "final scoring",
}
_TURN_KINDS = {
    "tickets": ("ticket", "replace_ticket"),
    "tiles": ("tile",),
    "hire": ("hire",),
    "round": ("done", "build", "sale", "carriage", "replace_ticket"),
}
_ANYTIME = ("vp", "coins", "cubes")
_INPUT_OF = {key: bid for bid, key in scoring.END_ORDER if key}  # input key -> building


def _count(value, what):
    if type(value) is not int:
        raise ValueError(what + " must be a whole number")
    if value < 0:
        raise ValueError(what + " cannot be negative")
    return value


def _delta(value):
    if type(value) is not int:
        raise ValueError("Change must be a whole number")
    if value == 0:
        raise ValueError("Nothing to change")
    return value


def _start(players):
    """A new game's state, as to_dict() gives it."""
    n = players
    return {
        "game": "taubertal",
        "n": n,
        "pass": 1,
        "round": 0,
        "phase": "tickets",
        "turn": 0,
        # Pioneer track: a space per player; within a space the latest arrival
        # (highest stamp) lies on top.  Start stack: the start player on top,
        # the others clockwise below, so the first turn order is 0, 1, 2...
        "clock": n,
        "order": list(range(n)),
        "pos": [0] * n,
        "stamp": [n - s for s in range(n)],
        "vp": [0] * n,
        "coins": [START_COINS] * n,
        "cubes": [start_cubes(s) for s in range(n)],
        "hired": [0] * n,
        "wcar": [1] * n,
        "fcar": [0] * n,
        "zoll": [0] * n,
        "built": [[] for _ in range(n)],
        "over": [[] for _ in range(n)],
        "fin": [{} for _ in range(n)],
    }


def _ints(values, n):
    out = [int(v) for v in values]
    if len(out) != n:
        raise ValueError("Not a saved Taubertal game")
    return out


def _names(lists, n):
    out = [[str(b) for b in bs] for bs in lists]
    if len(out) != n:
        raise ValueError("Not a saved Taubertal game")
    return out


class Game:
    def __init__(self, players, state=None):
        """A new game for 2-4 ``players``, or the one saved in ``state``."""
        check_players(players)
        if state is None:
            state = _start(players)
        n = self.n = players
        self._pass = int(state["pass"])
        self._round = int(state["round"])
        self._phase = str(state["phase"])
        self._turn = int(state["turn"])
        self.clock = int(state["clock"])
        self.order = _ints(state["order"], n)
        self.pos = _ints(state["pos"], n)
        self.stamp = _ints(state["stamp"], n)
        self.vp = _ints(state["vp"], n)
        self.coins = _ints(state["coins"], n)
        self.cubes = _ints(state["cubes"], n)
        self.hired = _ints(state["hired"], n)
        self.wcar = _ints(state["wcar"], n)
        self.fcar = _ints(state["fcar"], n)
        self.zoll = _ints(state["zoll"], n)
        self.built = _names(state["built"], n)
        self.over = _names(state["over"], n)
        self.fin = [dict(f) for f in state["fin"]]  # type: list[dict[str, int]]
        if len(self.fin) != n:
            raise ValueError("Not a saved Taubertal game")
        self.ended = state.get("ended") is True  # saves from before "end" have no key

    @classmethod
    def new(cls, players):
        return cls(players)

    # ---- persistence -------------------------------------------------------

    def to_dict(self):
        return {
            "game": "taubertal",
            "n": self.n,
            "pass": self._pass,
            "round": self._round,
            "phase": self._phase,
            "turn": self._turn,
            "clock": self.clock,
            "order": list(self.order),
            "pos": list(self.pos),
            "stamp": list(self.stamp),
            "vp": list(self.vp),
            "coins": list(self.coins),
            "cubes": list(self.cubes),
            "hired": list(self.hired),
            "wcar": list(self.wcar),
            "fcar": list(self.fcar),
            "zoll": list(self.zoll),
            "built": [list(b) for b in self.built],
            "over": [list(b) for b in self.over],
            "fin": [dict(f) for f in self.fin],
            "ended": self.ended,
        }

    @classmethod
    def from_dict(cls, d):
        try:
            if d["game"] != "taubertal" or d["phase"] not in PHASES:
                raise ValueError
            return cls(d["n"], d)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise ValueError("Not a saved Taubertal game")

    # ---- queries ------------------------------------------------------------

    def phase(self):
        """One of PHASES."""
        return self._phase

    def phase_label(self):
        return _LABELS[self._phase]

    def pass_no(self):
        """1-7."""
        return self._pass

    def round_no(self):
        """1-3 during the rounds, else 0."""
        return self._round

    def turn_order(self):
        """Seats in this pass's turn order, start player first."""
        return list(self.order)

    def acting(self):
        """Seat whose turn it is, or None when the phase is for everyone."""
        ph = self._phase
        if ph == "tiles":
            return self.order[self._turn % self.n]
        if ph in _TURN_KINDS:
            return self.order[self._turn]
        return None

    def next_phase(self):
        """The phase that follows the current one ("" once the game is over)."""
        ph = self._phase
        if ph == "round":
            return "round" if self._round < ROUNDS else "payday"
        if ph == "payday":
            return "final" if self._pass == PASSES else "refill"
        if ph == "final":
            return ""
        return PHASES[PHASES.index(ph) + 1] if ph != "refill" else "tickets"

    def turns(self):  # player turns played in the rounds
        ph = self._phase
        rounds = (self._pass - 1) * ROUNDS
        if ph == "round":
            return (rounds + self._round - 1) * self.n + self._turn
        if ph in ("payday", "refill", "final"):
            rounds += ROUNDS
        return rounds * self.n

    def tiles_taken(self, p):
        """Action tiles p holds from this pass's draft (3 once it is over)."""
        if self._phase == "tickets":
            return 0
        if self._phase != "tiles":
            return TILES_EACH
        seat = self.order.index(p)
        return (self._turn - seat + self.n - 1) // self.n

    def legal(self, player=None):
        """Action kinds ``player`` (default: whoever acts) may apply now."""
        if self.ended:
            return ()
        ph = self._phase
        who = self.acting()
        if player is None:
            player = who
        kinds = []  # type: list[str]
        if ph in _TURN_KINDS:
            if player == who:
                kinds.extend(_TURN_KINDS[ph])
        elif ph == "final":
            if player is not None and self.final_inputs(player):
                kinds.append("final")
            if not self.final_missing():
                kinds.append("end")
        else:
            kinds.append(ph)
        kinds.extend(_ANYTIME)
        return tuple(kinds)

    def has(self, p, bid):
        """True when ``bid`` is visible (not built over) in p's station."""
        return bid in self.built[p]

    def station(self, p):
        """Visible station building ids of p, in the order built."""
        return list(self.built[p])

    def built_over(self, p):
        return list(self.over[p])

    def buildable(self, p):
        """Building ids p may still build (not owned, tiles left)."""
        out = []
        for bid in B.IDS:
            if bid not in self.built[p] and bid not in self.over[p] and self._left(bid) > 0:
                out.append(bid)
        return out

    def _left(self, bid):
        """Tiles of ``bid`` left; light purple ones never run out here."""
        if B.cost(bid) != B.COINS:
            return 1
        used = 0
        for p in range(self.n):
            if bid in self.built[p] or bid in self.over[p]:
                used += 1
        return self.n - 1 - used

    def building_charge(self, p, bid, price=0):
        """(cubes, coins) p pays for ``bid``: 3 cubes, or the price less Bankhaus."""
        if B.cost(bid) == B.CUBES:
            return B.LIGHT_PRICE, 0
        if price > 0 and self.has(p, "bankhaus") and len(self.built[p]) + len(self.over[p]) >= 4:
            price -= 1
        return 0, price

    def worker_room(self, p):
        """Workers p can still take onto worker carriages this pass."""
        return PER_CARRIAGE * self.wcar[p] - self.hired[p]

    def goods_room(self, p):
        """Goods p's freight carriages hold; Lagerhaus makes one hold 3."""
        room = FREIGHT_ROOM * self.fcar[p]
        if room and self.has(p, "lagerhaus"):
            room += 1
        return room

    def cube_room(self, p):
        """Cubes p's coal carriage holds."""
        return BIG_COAL_ROOM if self.has(p, "wagenwerkstatt") else COAL_ROOM

    def standing(self):
        """Seats on the pioneer track, furthest forward / highest first."""
        pos, stamp = self.pos, self.stamp
        return sorted(range(self.n), key=lambda p: (pos[p], stamp[p]), reverse=True)

    def payday_preview(self, p):
        """(hired, free, pay, unpaid, vp_lost) for p if payday came now."""
        free, pay, unpaid, lost = scoring.payday(
            self.hired[p], self.coins[p], self.vp[p], self.has(p, "dienstwohnhaus")
        )
        return self.hired[p], free, pay, unpaid, lost

    def sale_preview(self, p, wine, sheep, grain, tools):
        """(coins, VP) p would get for these goods; ValueError if they don't fit."""
        self._player(p)
        counts = (wine, sheep, grain, tools)
        total = 0
        for c in counts:
            total += _count(c, "Goods count")
        if total == 0:
            raise ValueError("Nothing to sell")
        room = self.goods_room(p)
        if room == 0:
            raise ValueError("P%d has no freight carriage" % (p + 1))
        if total > room:
            raise ValueError("P%d's freight carriages hold %d goods" % (p + 1, room))
        return scoring.sale_value(counts)

    def final_inputs(self, p):
        """Input keys p's visible buildings need for the final scoring."""
        return [key for bid, key in scoring.END_ORDER if key and self.has(p, bid)]

    def final_missing(self):
        """(seat, key) of every final-scoring number not entered yet."""
        out = []
        for p in range(self.n):
            for key in self.final_inputs(p):
                if key not in self.fin[p]:
                    out.append((p, key))
        return out

    def score_lines(self, p):
        """[(label, points)...] of p's final scoring, ending with ("Total", t)."""
        return scoring.final_lines(
            self.n, self.vp[p], self.coins[p], self.cubes[p], self.built[p], self.zoll[p], self.fin[p]
        )

    def score(self, p):
        return self.score_lines(p)[-1][1]

    def ranking(self):
        """[(seat, total)...] best first; ties go to the one ahead on the track."""
        totals = [self.score(p) for p in range(self.n)]
        pos, stamp = self.pos, self.stamp
        seats = sorted(range(self.n), key=lambda p: (totals[p], pos[p], stamp[p]), reverse=True)
        return [(p, totals[p]) for p in seats]

    # ---- actions ------------------------------------------------------------

    def apply(self, action):
        """Apply one action; a ValueError leaves the game unchanged."""
        if not isinstance(action, (tuple, list)) or not action:
            raise ValueError("Not an action")
        kind = action[0]
        entry = _ACTIONS.get(kind) if isinstance(kind, str) else None
        if entry is None:
            raise ValueError("Unknown action")
        if self.ended:
            raise ValueError("The game is over")
        fewest, most, handler = entry
        if not fewest < len(action) <= most + 1:
            raise ValueError("Wrong number of values for " + kind)
        if len(action) > 1:
            self._player(action[1])
        # handlers unpack the action themselves: no slice, no bound method
        handler(self, action)

    def _player(self, p):
        if type(p) is not int:
            raise ValueError("Player must be a seat number")
        if not 0 <= p < self.n:
            raise ValueError("No player %d in this game" % (p + 1))

    def _need(self, phases, p=None):
        if self._phase not in phases:
            raise ValueError("Not now: it is the " + _LABELS[self._phase])
        if p is not None:
            who = self.acting()
            if p != who:
                raise ValueError("Not P%d's turn: P%d acts" % (p + 1, who + 1))

    def _do_ticket(self, a):
        p = a[1]
        self._need(("tickets",), p)
        self._turn += 1
        if self._turn == self.n:
            self._phase = "tiles"
            self._turn = 0

    def _do_tile(self, a):
        p = a[1]
        self._need(("tiles",), p)
        self._turn += 1
        if self._turn == TILES_EACH * self.n:
            self._phase = "hire"
            self._turn = 0

    def _do_hire(self, a):
        _, p, count = a
        self._need(("hire",), p)
        _count(count, "Workers")
        room = self.worker_room(p)
        if count > room:
            raise ValueError("P%d has room for %d workers" % (p + 1, room))
        left = WORKERS - sum(self.hired)
        if count > left:
            raise ValueError("Only %d workers left" % left)
        self.hired[p] += count
        self._turn += 1
        if self._turn == self.n:
            self._start_round(1)

    def _start_round(self, number):
        self._phase = "round"
        self._round = number
        self._turn = 0
        self._start_turn()

    def _start_turn(self):
        p = self.order[self._turn]
        self._gain_cubes(p, 2 if self.has(p, "kohlenlager") else 1)

    def _gain_cubes(self, p, count):
        self.cubes[p] = min(self.cube_room(p), self.cubes[p] + count)

    def _do_done(self, a):
        p = a[1]
        self._need(("round",), p)
        if self.cubes[p] == 0 and self.has(p, "signalmeisterei"):
            self.cubes[p] = 1
        self._turn += 1
        if self._turn < self.n:
            self._start_turn()
        elif self._round < ROUNDS:
            self._start_round(self._round + 1)
        else:
            self._phase = "payday"
            self._round = 0
            self._turn = 0

    def _do_build(self, a):
        p, bid = a[1], a[2]
        over = a[3] if len(a) > 3 else None
        price = a[4] if len(a) > 4 else 0
        self._need(("round",), p)
        title = B.name(bid)
        if bid in self.built[p] or bid in self.over[p]:
            raise ValueError("P%d already has a %s" % (p + 1, title))
        if self._left(bid) <= 0:
            raise ValueError("No %s left" % title)
        if over is not None:
            B.find(over)
            if over not in self.built[p]:
                raise ValueError("%s is not in P%d's station" % (B.name(over), p + 1))
        _count(price, "Price")
        if price and B.cost(bid) == B.CUBES:
            raise ValueError("%s costs 3 cubes, not coins" % title)
        cubes, coins = self.building_charge(p, bid, price)
        if self.cubes[p] < cubes:
            raise ValueError("%s needs %d cubes" % (title, cubes))
        if self.coins[p] < coins:
            raise ValueError("%s costs %d coins" % (title, coins))
        self.cubes[p] -= cubes
        self.coins[p] -= coins
        if over is None:
            self._advance(p)
        else:
            self.built[p].remove(over)
            self.over[p].append(over)
            self._to_top(p)
        self.built[p].append(bid)
        if bid == "kiosk":
            self._gain_cubes(p, KIOSK_CUBES)
        elif bid == "kantine":
            if self.worker_room(p) > 0 and sum(self.hired) < WORKERS:
                self.hired[p] += 1
        elif bid == "elektrizitaetswerk":
            self.vp[p] += POWER_VP
        # a built-over Wagenwerkstatt sends cubes above 8 back to the supply
        self.cubes[p] = min(self.cubes[p], self.cube_room(p))

    def _advance(self, p):
        if self.pos[p] != TOP:  # nothing lies beyond the top space
            self.pos[p] += 1
            self._land(p)

    def _to_top(self, p):
        self.pos[p] = TOP
        self._land(p)

    def _land(self, p):
        self.clock += 1
        self.stamp[p] = self.clock

    def _do_sale(self, a):
        _, p, wine, sheep, grain, tools = a
        self._need(("round",), p)
        coins, vp = self.sale_preview(p, wine, sheep, grain, tools)
        self.coins[p] += coins
        self.vp[p] += vp
        if self.has(p, "zollamt"):
            self.zoll[p] += 1

    def _do_carriage(self, a):
        _, p, kind = a
        self._need(("round",), p)
        if kind == "worker":
            cars = self.wcar
        elif kind == "freight":
            cars = self.fcar
        else:
            raise ValueError("Carriage: worker or freight")
        if sum(cars) >= CARRIAGES:
            raise ValueError("No %s carriage left" % kind)
        cars[p] += 1

    def _do_replace_ticket(self, a):
        p = a[1]
        self._need(("tickets", "round"), p)
        self.vp[p] = scoring.lower_vp(self.vp[p], TICKET_VP)

    def _do_payday(self, a):
        self._need(("payday",))
        for p in range(self.n):
            _, _, pay, _, lost = self.payday_preview(p)
            self.coins[p] -= pay
            self.vp[p] -= lost
            self.hired[p] = 0
        self._phase = "final" if self._pass == PASSES else "refill"

    def _do_refill(self, a):
        self._need(("refill",))
        self._pass += 1
        self.order = self.standing()
        self._phase = "tickets"
        self._turn = 0

    def _do_final(self, a):
        _, p, key, value = a
        self._need(("final",))
        bid = _INPUT_OF.get(key) if isinstance(key, str) else None
        if bid is None:
            raise ValueError("Unknown scoring input")
        if not self.has(p, bid):
            raise ValueError("P%d has no %s" % (p + 1, B.name(bid)))
        _count(value, "Number")
        if key == "halls" and value > 1:
            raise ValueError("Enter 1 (yes) or 0 (no)")
        self.fin[p][key] = value

    def _do_end(self, a):
        self._need(("final",))
        if self.final_missing():
            raise ValueError("Enter every final-scoring number first")
        self.ended = True

    def _do_vp(self, a):
        _, p, delta = a
        _delta(delta)
        self.vp[p] = scoring.lower_vp(self.vp[p], -delta)

    def _do_coins(self, a):
        _, p, delta = a
        _delta(delta)
        if self.coins[p] + delta < 0:
            raise ValueError("Not enough money: P%d has %d" % (p + 1, self.coins[p]))
        self.coins[p] += delta

    def _do_cubes(self, a):
        _, p, delta = a
        _delta(delta)
        if self.cubes[p] + delta < 0:
            raise ValueError("Not enough cubes: P%d has %d" % (p + 1, self.cubes[p]))
        self._gain_cubes(p, delta)


# kind -> (fewest, most values after the kind, handler)
_ACTIONS = {
    "ticket": (1, 1, Game._do_ticket),
    "tile": (1, 1, Game._do_tile),
    "hire": (2, 2, Game._do_hire),
    "done": (1, 1, Game._do_done),
    "build": (2, 4, Game._do_build),
    "sale": (5, 5, Game._do_sale),
    "carriage": (2, 2, Game._do_carriage),
    "replace_ticket": (1, 1, Game._do_replace_ticket),
    "payday": (0, 0, Game._do_payday),
    "refill": (0, 0, Game._do_refill),
    "final": (3, 3, Game._do_final),
    "vp": (2, 2, Game._do_vp),
    "coins": (2, 2, Game._do_coins),
    "cubes": (2, 2, Game._do_cubes),
    "end": (0, 0, Game._do_end),
}
