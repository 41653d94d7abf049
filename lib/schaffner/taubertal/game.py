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
Game.apply checks an action's shape; what it does is in actions.py.
"""
from schaffner import handler

from . import buildings as B
from . import scoring
from .numbers import BIG_COAL_ROOM, COAL_ROOM, FREIGHT_ROOM, PASSES, PER_CARRIAGE, ROUNDS, TILES_EACH, whole_number
from .setup import START_COINS, check_players, start_cubes

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
_ACTIONS = None  # type: dict | None  # actions.ACTIONS, once the first action came


def _actions():
    """kind -> (fewest, most values after the kind, handler): actions.py, imported
    with the first action, so the two load in polls of their own."""
    global _ACTIONS
    if _ACTIONS is None:
        from .actions import ACTIONS
        _ACTIONS = ACTIONS
    return _ACTIONS


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
        """Building ids p may still build (not owned, tiles left: _left's count, here from
        the table by index: the build menu works it out for all 22 at once, which with a
        lookup of each id took 1.7 ms of the 5.4 its first frame took a Pico)."""
        built = self.built
        over = self.over
        out = []
        i = 0
        for bid in B.IDS:
            if bid not in built[p] and bid not in over[p]:
                used = 0
                if B.BUILDINGS[i][2] == B.COINS:
                    for q in range(self.n):
                        if bid in built[q] or bid in over[q]:
                            used += 1
                if used < self.n - 1:
                    out.append(bid)
            i += 1
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
            total += whole_number(c, "Goods count")
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
        do = handler(_actions(), action, self.ended)
        if len(action) > 1:
            self._player(action[1])
        do(self, action)

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
