"""Trainmaker: the state of a game at the table and every action on it.

The gadget replaces the dice; the City and Contract cards stay on the table
and the players enter them.  An action is a tuple (kind, ...):

  ("card", needs, goods)     a newly revealed face-up City card
  ("deck_empty",)            the City deck is used up
  ("roll", faces)            the faces rolled, e.g. "LPBCCLF" (from roll_dice)
  ("place", [die, ...])      put these dice (indices) on the train
  ("switch", die, face)      Switch Track: set one unplaced die to a face
  ("pass",)                  accept a roll that allows nothing
  ("stop",)                  stop building (or skip a Double Locomotive Bonus)
  ("score", card)            score face-up card number `card`
  ("declare",)               the current player shows a met Contract and wins;
                             right after a score that ended a turn, the scorer
  ("steam_card", needs, goods)    a card the Steam Engine draws
  ("steam_contract", [need, ...]) the Steam Engine's face-up Contract

Randomness stays outside: the app calls roll_dice() and applies the faces,
so replaying the actions replays the game exactly (undo, saves).
"""

from micropython import const

from schaffner import handler

from .cards import (
    GOODS, check_contract, contract_met, covers, goods_win, is_wild, make_card, missing_goods,
)
from .dice import DICE, FACES, STOCK

STEAM = const(-1)  # player index that stands for the Steam Engine
STAT_NAMES = ("rolls", "derails", "trains", "cards")
_ROLLS = const(0)
_DERAILS = const(1)
_TRAINS = const(2)
_CARDS = const(3)


def _placeable(dice, placed, started):
    """Whether some legal placement of the dice not in placed (indices) keeps
    the train going.  Counted over the dice directly: a journal replays many
    actions in one go, and every string made here would be garbage."""
    n = stock = 0
    loco = cab = False
    for i in range(len(dice)):
        if i not in placed:
            n += 1
            f = dice[i]
            if f in STOCK:
                stock += 1
            elif f == "L":
                loco = True
            elif f == "C":
                cab = True
    if started:
        return cab or (stock > 0 and n >= 2)
    return loco and stock > 0 and (cab or n >= 3)


class Game:
    def __init__(self, players=2, steam=False, contract=None):
        if not isinstance(players, int) or players < 1 or players > 6:
            raise ValueError("1 to 6 players")
        if contract is not None and not steam:
            raise ValueError("No Steam Engine in this game")
        self._players = players
        self._steam = bool(steam)
        self._contract = None if contract is None else check_contract(contract)
        self._cur = 0
        self._round = 1
        self._phase = "cards"
        self._faceup = []
        self._deck_out = False
        self._scored = [[] for _ in range(players)]  # type: list
        self._token = [True] * players
        self._stats = [[0, 0, 0, 0] for _ in range(players)]
        self._n = DICE
        self._dice = ""
        self._train = []
        self._train_no = 0
        self._winner = None
        self._win = ""
        self._event = ""
        self._steam_cards = []
        self._steam_drawn = 0
        self._tally = [0] * len(FACES)  # faces rolled this game, in FACES order
        # the seat whose score ended its turn, until the next action: it may
        # still declare its Contract met (window())
        self._window = None

    @classmethod
    def new(cls, players=2, steam=False, contract=None):
        """players 1-6 (player 0 starts); steam adds the Steam Engine."""
        return cls(players, steam, contract)

    # ----- persistence -----

    def to_dict(self):
        return {
            "players": self._players,
            "steam": self._steam,
            "contract": None if self._contract is None else list(self._contract),
            "cur": self._cur,
            "round": self._round,
            "phase": self._phase,
            "faceup": [list(c) for c in self._faceup],
            "deck_out": self._deck_out,
            "scored": [[list(c) for c in cs] for cs in self._scored],
            "token": list(self._token),
            "stats": [list(s) for s in self._stats],
            "n": self._n,
            "dice": self._dice,
            "train": list(self._train),
            "train_no": self._train_no,
            "winner": self._winner,
            "win": self._win,
            "event": self._event,
            "steam_cards": [list(c) for c in self._steam_cards],
            "steam_drawn": self._steam_drawn,
            "tally": list(self._tally),
            "window": self._window,
        }

    @classmethod
    def from_dict(cls, d):
        try:
            g = cls(d["players"], d["steam"], d["contract"])
            g._cur = d["cur"]
            g._round = d["round"]
            g._phase = d["phase"]
            g._faceup = [(c[0], c[1]) for c in d["faceup"]]
            g._deck_out = d["deck_out"]
            g._scored = [[(c[0], c[1]) for c in cs] for cs in d["scored"]]
            g._token = list(d["token"])
            g._stats = [list(s) for s in d["stats"]]
            g._n = d["n"]
            g._dice = d["dice"]
            g._train = list(d["train"])
            g._train_no = d["train_no"]
            g._winner = d["winner"]
            g._win = d["win"]
            g._event = d["event"]
            g._steam_cards = [(c[0], c[1]) for c in d["steam_cards"]]
            g._steam_drawn = d["steam_drawn"]
            tally = d.get("tally", g._tally)  # saves from before the dice check have none
            if len(tally) != len(FACES):
                raise TypeError
            g._tally = list(tally)
            g._window = d.get("window")  # saves from before it have none
        except (KeyError, TypeError, IndexError):
            raise ValueError("Not a saved Trainmaker game")
        return g

    # ----- queries -----

    def phase(self):
        """cards, roll, place, after_place, score, bonus, steam or over."""
        return self._phase

    def player(self):
        """Whose turn it is: 0..players-1, or STEAM while the Steam Engine draws."""
        return STEAM if self._phase == "steam" else self._cur

    def players(self):
        return self._players

    def round_no(self):
        return self._round

    def event(self):
        """What the last action led to: '', stuck, derail, no_loco, regained,
        no_stock, complete, no_card, stopped, scored, switched, steam, won."""
        return self._event

    def faces(self):
        """The current train's dice faces, one letter each ('' before its first roll)."""
        return self._dice

    def dice_count(self):
        """How many dice the current train is built from (7, or fewer in a bonus)."""
        return self._n

    def dice(self):
        """[(face, placed)] for each die of the current train ('' before its first roll)."""
        return [(self._dice[i] if self._dice else "", i in self._train) for i in range(self._n)]

    def unplaced(self):
        """Indices of the dice not on the train."""
        if not self._dice:
            return []
        return [i for i in range(self._n) if i not in self._train]

    def to_roll(self):
        """How many faces the next ("roll", faces) must carry; 0 if no roll is due."""
        if self._phase in ("roll", "bonus"):
            return self._n
        if self._phase == "after_place":
            return self._n - len(self._train)
        return 0

    def train(self):
        """The train's faces from the Locomotive on, e.g. 'LLPBC'."""
        return "".join(self._dice[i] for i in self._train)

    def stock(self):
        """(Passenger Cars, Boxcars, Flatcars) on the train."""
        return (self._on_train("P"), self._on_train("B"), self._on_train("F"))

    def _on_train(self, face):
        k = 0
        for i in self._train:
            if self._dice[i] == face:
                k += 1
        return k

    def locomotives(self):
        return self._on_train("L")

    def complete(self):
        return self._on_train("C") > 0

    def faceup(self):
        """Face-up City cards as (needs, goods) tuples."""
        return list(self._faceup)

    def covered(self):
        """Indices of face-up cards the train's rolling stock carries."""
        s = self.stock()
        return [i for i in range(len(self._faceup)) if covers(s, self._faceup[i][0])]

    def window(self):
        """The seat whose score just ended its turn, until the next action (it
        may still declare a met Contract, before the next player or the Steam
        Engine acts), else None."""
        return self._window

    def declarer(self):
        """Who a "declare" now makes the winner."""
        return self._cur if self._window is None else self._window

    def has_switch(self, player=None):
        """Whether the player (default: current) still holds the Switch Track token."""
        return self._token[self._cur if player is None else player]

    def can_pass(self):
        """After a roll that allows no useful placement (only then is "pass" legal)."""
        return self._phase == "place" and not _placeable(self._dice, self._train, bool(self._train))

    def legal(self):
        """Action kinds allowed now."""
        ph = self._phase
        if ph == "over":
            return []
        if ph == "steam":
            kinds = ["steam_card", "deck_empty"]
        elif ph == "cards":
            kinds = ["card", "deck_empty", "declare"]
        elif ph == "place":
            kinds = ["place", "declare"]
            if self._token[self._cur]:
                kinds.append("switch")
            if self.can_pass():
                kinds.append("pass")
        elif ph == "score":
            kinds = ["score", "declare"]
        else:
            kinds = ["roll", "stop", "declare"] if ph != "roll" else ["roll", "declare"]
        if self._window is not None and "declare" not in kinds:
            kinds.append("declare")
        if self._steam:
            kinds.append("steam_contract")
        return kinds

    def pick(self, faces):
        """Indices of unplaced dice showing these faces, e.g. pick('LP')."""
        free = self.unplaced()
        out = []
        for f in faces:
            for i in free:
                if self._dice[i] == f and i not in out:
                    out.append(i)
                    break
            else:
                raise ValueError("No unplaced %.1s" % (f,))
        return out

    def stats(self, player=None):
        """(rolls, derails, trains completed, cards scored) - see STAT_NAMES."""
        return tuple(self._stats[self._cur if player is None else player])

    def scored(self, player=None):
        return list(self._scored[self._cur if player is None else player])

    def goods(self, player=None):
        """Scored cards per goods type, in GOODS order, then the wild ones."""
        cs = self._scored[self._cur if player is None else player]
        out = [0] * (len(GOODS) + 1)
        for c in cs:
            out[len(GOODS) if is_wild(c) else GOODS.index(c[1])] += 1
        return tuple(out)

    def goods_missing(self, player=None):
        """Goods types the player lacks, and how many wild cards they hold."""
        cs = self._scored[self._cur if player is None else player]
        wild = [c for c in cs if is_wild(c)]
        return missing_goods([c for c in cs if not is_wild(c)]), len(wild)

    def tally(self):  # faces rolled this game, in FACES order
        return tuple(self._tally)

    def winner(self):
        """None, a player index, or STEAM."""
        return self._winner

    def win_reason(self):
        """'goods' or 'contract' once someone has won."""
        return self._win

    def steam(self):
        return self._steam

    def steam_cards(self):
        return list(self._steam_cards)

    def steam_drawn(self):
        """Rolling stock worth of cards the Steam Engine drew this time."""
        return self._steam_drawn

    def steam_contract(self):
        return None if self._contract is None else list(self._contract)

    # ----- actions -----

    def apply(self, action):
        """Apply one action (see _ACTIONS); a ValueError leaves the game unchanged."""
        handler(_ACTIONS, action, self._phase == "over")(self, action)
        if action[0] != "score":
            self._window = None  # the scorer's moment has passed

    def _need(self, phases):
        if self._phase not in phases:
            raise ValueError(_WRONG.get(self._phase, "Not now"))

    def _do_card(self, a):
        _, needs, goods = a
        self._need(("cards",))
        card = make_card(needs, goods)
        self._faceup.append(card)
        self._event = ""
        if len(self._faceup) >= 3:
            self._phase = "roll"

    def _do_deck_empty(self, a):
        self._need(("cards", "steam"))
        self._deck_out = True
        self._event = ""
        if self._phase == "steam":
            self._start_turn()
        else:
            self._phase = "roll"

    def _do_roll(self, a):
        faces = a[1]
        self._need(("roll", "bonus", "after_place"))
        want = self.to_roll()
        if not isinstance(faces, str) or len(faces) != want:
            raise ValueError("Roll %d dice" % want)
        for f in faces:
            if f not in FACES:
                raise ValueError("No die face %.1s" % (f,))
        initial = self._phase == "roll" and self._train_no == 0
        if self._phase == "after_place":
            dice = list(self._dice)
            k = 0
            for i in range(self._n):
                if i not in self._train:
                    dice[i] = faces[k]
                    k += 1
            self._dice = "".join(dice)
        else:
            self._dice = faces
            self._train = []
        self._stats[self._cur][_ROLLS] += 1
        for f in faces:
            self._tally[FACES.index(f)] += 1
        self._phase = "place"
        self._event = ""
        self._settle(initial)

    def _unplaced_faces(self):
        return "".join(self._dice[i] for i in self.unplaced())

    def _settle(self, initial):
        """After a roll or a switch: end the turn if nothing can be done."""
        started = bool(self._train)
        if _placeable(self._dice, self._train, started):
            return
        faces = self._unplaced_faces()
        if initial and "L" not in faces and not self._token[self._cur]:
            self._token[self._cur] = True
            self._event = "regained"
            self._end_turn()
        elif self._token[self._cur] and self._rescuable(faces, started):
            self._event = "stuck"
        else:
            self._fail()

    def _rescuable(self, faces, started):
        for i in range(len(faces)):
            for f in FACES:
                if f != faces[i] and _placeable(faces[:i] + f + faces[i + 1:], (), started):
                    return True
        return False

    def _fail(self):
        if self._train:
            self._stats[self._cur][_DERAILS] += 1
            self._event = "derail"
        else:
            self._event = "no_stock" if "L" in self._unplaced_faces() else "no_loco"
        self._end_turn()

    def _do_place(self, a):
        dice = a[1]
        self._need(("place",))
        if not isinstance(dice, (list, tuple)) or not dice:
            raise ValueError("Choose at least one die")
        locos = cabs = 0  # among the dice picked
        for i in dice:
            if not isinstance(i, int) or i < 0 or i >= self._n:
                raise ValueError("There is no die %.4s" % (i,))
            if i in self._train:
                raise ValueError("Die %d is already on the train" % (i + 1))
            if dice.count(i) > 1:
                raise ValueError("Die %d chosen twice" % (i + 1))
            if self._dice[i] == "L":
                locos += 1
            elif self._dice[i] == "C":
                cabs += 1
        if cabs > 1:
            raise ValueError("A train has only one Caboose")
        if self._train:
            if locos:
                raise ValueError("No Locomotive after the first roll")
        else:
            if not locos:
                raise ValueError("A train starts with a Locomotive")
            if locos + cabs == len(dice):
                raise ValueError("Place rolling stock too")
        for kind in ("L", STOCK, "C"):
            for i in dice:
                if self._dice[i] in kind:
                    self._train.append(i)
        if cabs:
            self._stats[self._cur][_TRAINS] += 1
            if self.covered():
                self._phase = "score"
                self._event = "complete"
            else:
                self._event = "no_card"
                self._end_turn()
        elif len(self._train) == self._n:
            self._stats[self._cur][_DERAILS] += 1
            self._event = "derail"
            self._end_turn()
        else:
            self._phase = "after_place"
            self._event = ""

    def _do_switch(self, a):
        _, die, face = a
        self._need(("place",))
        if not self._token[self._cur]:
            raise ValueError("Switch Track is already used")
        if not isinstance(die, int) or die < 0 or die >= self._n:
            raise ValueError("There is no die %.4s" % (die,))
        if die in self._train:
            raise ValueError("Die %d is already on the train" % (die + 1))
        if not isinstance(face, str) or len(face) != 1 or face not in FACES:
            raise ValueError("No die face %.4s" % (face,))
        if self._dice[die] == face:
            raise ValueError("Die %d already shows that" % (die + 1))
        self._dice = self._dice[:die] + face + self._dice[die + 1:]
        self._token[self._cur] = False
        self._event = "switched"
        self._settle(False)

    def _do_pass(self, a):
        self._need(("place",))
        if not self.can_pass():
            raise ValueError("A die can be placed")
        self._fail()

    def _do_stop(self, a):
        self._need(("after_place", "bonus"))
        self._event = "stopped"
        self._end_turn()

    def _do_score(self, a):
        card = a[1]
        self._need(("score",))
        if not isinstance(card, int) or card < 0 or card >= len(self._faceup):
            raise ValueError("There is no card %.4s" % (card,))
        if card not in self.covered():
            raise ValueError("The train does not carry that card's needs")
        scorer = self._cur
        scored = self._scored[scorer]
        scored.append(self._faceup.pop(card))
        self._stats[self._cur][_CARDS] += 1
        self._event = "scored"
        if goods_win(scored):
            self._over(self._cur, "goods")
        elif self.locomotives() >= 2 and self._faceup:
            self._phase = "bonus"
            self._n = len(self._train)
            self._dice = ""
            self._train = []
            self._train_no += 1
        else:
            self._end_turn()
            self._window = scorer

    def _do_declare(self, a):
        w = self._window
        if w is None:
            self._need(("cards", "roll", "place", "after_place", "score", "bonus"))
        else:
            # the game ends in the scorer's turn: it had passed only on the table's word
            if w == self._players - 1:
                self._round -= 1
            self._cur = w
        self._over(self._cur, "contract")

    def _do_steam_card(self, a):
        _, needs, goods = a
        self._need(("steam",))
        card = make_card(needs, goods)
        self._steam_cards.append(card)
        self._steam_drawn += len(card[0])
        self._event = "steam"
        if self._contract is not None and contract_met(self._contract, self._steam_cards):
            self._over(STEAM, "contract")
        elif self._steam_drawn >= 3:
            self._start_turn()

    def _do_steam_contract(self, a):
        reqs = a[1]
        if not self._steam:
            raise ValueError("No Steam Engine in this game")
        self._contract = check_contract(reqs)
        self._event = ""
        if contract_met(self._contract, self._steam_cards):
            self._over(STEAM, "contract")

    def _over(self, who, why):
        self._winner = who
        self._win = why
        self._phase = "over"
        self._event = "won"

    def _end_turn(self):
        self._n = DICE
        self._dice = ""
        self._train = []
        self._train_no = 0
        self._cur += 1
        if self._cur == self._players:
            self._cur = 0
            self._round += 1
            if self._steam and not self._deck_out:
                self._phase = "steam"
                self._steam_drawn = 0
                return
        self._start_turn()

    def _start_turn(self):
        if len(self._faceup) < 3 and not self._deck_out:
            self._phase = "cards"
        else:
            self._phase = "roll"


# kind -> (fewest, most values after the kind, the function doing it): Game.apply
_ACTIONS = {
    "card": (2, 2, Game._do_card), "deck_empty": (0, 0, Game._do_deck_empty),
    "roll": (1, 1, Game._do_roll), "place": (1, 1, Game._do_place),
    "switch": (2, 2, Game._do_switch), "pass": (0, 0, Game._do_pass), "stop": (0, 0, Game._do_stop),
    "score": (1, 1, Game._do_score), "declare": (0, 0, Game._do_declare),
    "steam_card": (2, 2, Game._do_steam_card), "steam_contract": (1, 1, Game._do_steam_contract),
}

_WRONG = {
    "cards": "Enter the face-up City cards first",
    "roll": "Roll the dice first",
    "bonus": "Roll for the bonus train or stop",
    "place": "Place dice from this roll first",
    "after_place": "Roll again or stop",
    "score": "The train is complete: score a card",
    "steam": "Enter the Steam Engine's cards first",
}
