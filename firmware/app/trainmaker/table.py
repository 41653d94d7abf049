"""Trainmaker's play screen: one screen that follows the game's phase.

  cards / steam   enter a City card: counts of P, B, F (UP/DOWN, OK next),
                  then its goods (a Terminal is wild); the table's cards, or
                  the ones the Steam Engine draws
  roll / bonus    the player big, the face-up cards, the odds; OK rolls
  place           the train, the roll below it: Tip (under the cursor) places
                  the dice the tip names in one press (or switches the die
                  it names); else UP/DOWN move over the dice, OK chooses
                  one, then Place (or Pass when nothing fits)
  after_place     the train and the odds; roll again or stop
  score           pick which covered card the train scores
  over            the winner
A roll is applied to the game before its animation runs, so a power cut
cannot re-roll.  What a roll or a move led to (derail, no Locomotive,
scored ...) is shown once, then OK goes on; after a score that ended the
turn, the scorer may instead declare a met Contract there (Go on /
Contract).  Input state (cursor, chosen dice, a card half entered)
belongs to one game state and is dropped when
the game changes, undo included.  The odds are worked out once per state,
a slice per tick from the poll after the press that made it (the press
itself draws at once, with "..." where the odds will be; a roll's odds are
worked out while its dice tumble).  One solver is kept while the same
cards lie face up, so later states and turns reuse what it worked out.
What each phase shows is drawn by app.trainmaker.phases.
"""
from micropython import const

from app.events import UP, DOWN, OK, BACK, LONG
from app.trainmaker import phases
from app.trainmaker.card_entry import CardEntry
from app.trainmaker.text import card_text
from app.widgets import Screen

ROLL_MS = const(600)  # how long the dice tumble
FRAME_MS = const(80)
# Solver work per tick: a unit of the solver's steps is about 0.09 ms on a
# Pico (measured against host_tools/bench/reference.py), and no step is over
# 45 units, so a slice takes 5 to 12 ms.  While the hands may still be at the
# buttons (app.flash.AFTER_MS past a release) a slice is _NEAR units, a step or
# two: the solver's floats fill the heap, and the collection that comes of it
# takes 10-14 ms of its poll on a make deploy install (its code is in the heap).
_SLICE = const(50)
_NEAR = const(12)
_TICKS = const(0x3FFFFFFF)  # time.ticks_ms wraps at 2**30
_OUTCOMES = ("derail", "no_loco", "regained", "no_stock", "no_card", "scored")
# the phases after which other cards lie face up (a score draws one, the Steam Engine
# draws, new cards are entered) or none are wanted: no odds are asked for in them
_NEW_CARDS = ("score", "over", "cards", "steam")
TIP = "Tip"  # the option that follows the placing tip in one press


class Table(Screen):
    PLAY = True

    def __init__(self):
        self.key = 0  # the state in play, counted up at every change _sync() sees
        self.seen_at = (None, -1)  # ... which it tells by the journal's game and count
        self.cur = 0  # cursor in the row of options (dice first when placing)
        self.sel = []  # dice chosen to place
        self.entry = CardEntry()  # a City card half entered
        self.tip_on = False  # the Tip option is offered (placing, odds on)
        self.seen = None  # state whose outcome was acknowledged
        self.anim = None  # state whose roll is tumbling
        self.t0 = None
        self.frame = 0
        self.drawn = None  # when the last tumble frame was drawn, until the next tick
        self.lead = 0  # how long a frame takes to draw, at most FRAME_MS
        self.okey = None  # state the odds belong to
        self.oval = None
        self.owed = False  # the odds came in the last poll: its frame is this poll's
        self.work = None  # the odds of state wkey being worked out, in steps
        self.wkey = None
        self.sv = None  # the solver for the face-up cards (needs sneeds)
        self.sneeds = None

    def let_go(self):
        """Drop the solver (its memory is another screen's while one is open over the
        table: App.push): the odds of the state in play are kept; the next state's make a
        new one."""
        self.sv = self.sneeds = self.work = self.wkey = None

    def _sync(self, app):
        # every action and every undo changes the journal's count, and an undo its game
        # too (an undo and an action between two polls still tell); a fold neither
        # (Journal.tidy, in the quiet polls); compared as they are: a poll makes no garbage
        j = app.session.journal
        at = self.seen_at
        if j.game is not at[0] or j.count() != at[1]:
            self.seen_at = (j.game, j.count())
            self.key += 1
            self.sel = []
            self.entry = CardEntry()
            g = app.session.game
            ph = g.phase()
            self.tip_on = app.settings["odds"] and ph == "place"
            if ph in _NEW_CARDS:
                self.let_go()  # the cards face up change from here: their solver is done with
            # placing with the Tip offered: the cursor on it, past the dice
            self.cur = len(g.unplaced()) if self.tip_on else 0
        return app.session.game

    def _pending(self, g):
        return g.event() in _OUTCOMES and self.seen != self.key

    def _rolling(self):
        return self.anim is not None and self.anim == self.key

    # --- time --------------------------------------------------------------
    def tick(self, app, now_ms):
        """The roll's tumbling, and a slice of the odds for the state in play,
        worked out here rather than in the press (not in a press's own poll), so
        the press shows at once.  A poll draws a frame or works on the odds, never
        both: the odds known, their frame is the next poll's (a slice and a frame
        in one poll held the buttons' polls 30 ms apart).  True when the screen
        changed."""
        if self.anim is not None and self._tumble(app, now_ms):
            return True
        if self.owed:
            self.owed = False
            return not self._rolling()  # (while the dice tumble, their last frame shows the odds)
        if not app.pressed and self.busy(app) and self._work_on_odds(app, now_ms):
            self.owed = True
        return False

    def ticking(self, app):
        """True while the dice tumble (the odds' slices come through busy())."""
        return self.anim is not None

    def busy(self, app):
        """True while the odds for the state in play are still to be worked out, or
        drawn."""
        g = self._sync(app)
        return self.owed or self.okey != self.key and self.wants_odds(app, g)

    def _work_on_odds(self, app, now_ms):
        """One slice of the odds; True once they are known."""
        if self.work is None or self.wkey != self.key:
            self.work = self.odds_steps(app.session.game)
            self.wkey = self.key
        done, value = self.advance(self.work, app, now_ms)
        if not done:
            return False
        self.work = None
        self.oval = value
        self.okey = self.key
        return True

    def advance(self, work, app, now_ms):
        """Run work (a generator of solver steps) for one slice, in a poll at
        now_ms: (True, its result) once it has ended, else (False, None)."""
        units = _SLICE if app.flash.hands_off(now_ms) else _NEAR
        spent = 0
        try:
            while spent < units:
                spent += next(work)
        except StopIteration as end:
            return True, end.value
        return False, None

    def _tumble(self, app, now_ms):
        """The dice tumble for ROLL_MS from the press, a frame every FRAME_MS.
        Drawing a frame takes time (lead: the longest so far, measured from
        the poll that drew it to the next), so the last frame, the roll and
        its odds, is begun that much early, and a tumble frame that would
        push it late is left out: the dice stop on the screen at ROLL_MS."""
        self._sync(app)
        if self.anim != self.key:  # undone meanwhile
            self.anim = None
            return True
        if self.t0 is None:  # the press's own poll, which draws the first frame
            self.t0 = self.drawn = now_ms
            self.lead = 0
            return False
        if self.drawn is not None:
            self.lead = min(FRAME_MS, max(self.lead, (now_ms - self.drawn) & _TICKS))
            self.drawn = None
        gone = (now_ms - self.t0) & _TICKS
        if gone + self.lead >= ROLL_MS:
            self.anim = None
            if app.session.game.event() == "derail":
                app.beep()
            return True
        f = gone // FRAME_MS
        if f != self.frame and gone + 2 * self.lead < ROLL_MS:
            self.frame = f
            self.drawn = now_ms
            return True
        return False

    # --- buttons -------------------------------------------------------------
    def handle(self, app, ev):
        g = self._sync(app)
        if self._rolling():
            self.anim = None  # a press shows the result at once
            if ev != BACK:
                return
        if ev == BACK:
            if g.phase() not in ("cards", "steam") or not self.entry.back():
                app.pop()
            return
        if self._pending(g):
            if g.window() is not None and ev in (UP, DOWN):
                self.cur ^= 1
            elif ev == OK and g.window() is not None and self.cur == 1:
                from app.trainmaker.standings import declare
                declare(app)
            elif ev == OK:
                self.seen = self.key
            return
        ph = g.phase()
        if ph in ("cards", "steam"):
            self.entry.handle(app, ev, "steam_card" if ph == "steam" else "card")
            return
        labels, k = self.ring(g)
        n = len(labels)
        if ev == UP:
            self.cur = (self.cur - 1) % n
        elif ev == DOWN:
            self.cur = (self.cur + 1) % n
        elif ev == OK:
            self._pick(app, g, ph, labels, k)

    def help(self, app):
        from app.trainmaker.helps import line  # loaded only when help is asked for
        return line(self, app, self._sync(app))

    def ring(self, g):
        """(labels of the options in cursor order, how many of them are dice)."""
        ph = g.phase()
        if ph == "place":
            free = g.unplaced()
            labels = [g.faces()[i] for i in free] + ([TIP, "Place"] if self.tip_on else ["Place"])
            if g.can_pass():
                labels.append("Pass")
            return labels, len(free)
        if ph == "score":
            return [card_text(g.faceup()[i]) for i in g.covered()], 0
        if ph == "over":
            return ["Players", "Scan"], 0
        roll = "Roll %d" % g.to_roll()
        return ([roll] if ph == "roll" else [roll, "Stop"]), 0

    def _pick(self, app, g, ph, labels, k):
        i = self.cur
        if i < k:
            d = g.unplaced()[i]
            if d in self.sel:
                self.sel.remove(d)
            else:
                self.sel.append(d)
            return
        label = labels[i]
        if ph == "score":
            app.do(("score", g.covered()[i]))
        elif label == TIP:
            app.do(self.tip_action(app, g))
        elif label == "Players":
            from app.trainmaker.standings import players
            players(app)
        elif label == "Scan":  # the finished game's code for BG Stats
            app.open_with("app.scan_view", "open_for_game")
        elif label == "Place":
            app.do(("place", sorted(self.sel)))
        elif label in ("Pass", "Stop"):
            app.do((label.lower(),))
        else:
            self.roll(app, g)
            return
        if g.event() == "derail":
            app.beep()

    def tip_action(self, app, g):
        """The action the tip names, as one action: its dice placed, or its
        Switch Track (the placing is the next tip), or Pass when nothing fits.
        The odds are worked out here if the press came before the polls that
        work them out."""
        while self.okey != self.key:
            self._work_on_odds(app, app.flash.now)
        best = self.oval
        if best is None:  # (odds off: no Tip is offered then)
            raise ValueError("No tip with the odds off")
        faces, switch = best[1], best[2]
        free = g.unplaced()
        if switch is not None:
            for i in free:
                if g.faces()[i] == switch[0]:
                    return ("switch", i, switch[1])
        if faces == "-":
            if g.can_pass():
                return ("pass",)
            raise ValueError("No card in reach: choose dice, then Place")
        dice = []
        for f in faces:
            for i in free:
                if i not in dice and g.faces()[i] == f:
                    dice.append(i)
                    break
        return ("place", sorted(dice))

    def roll(self, app, g):
        from schaffner.trainmaker.dice import roll_dice
        app.do(("roll", roll_dice(app.rng, g.to_roll())))
        self._sync(app)
        self.anim = self.key
        self.t0 = None
        self.frame = 0

    # --- the odds ------------------------------------------------------------
    def wants_odds(self, app, g):
        return app.settings["odds"] and g.phase() in ("roll", "bonus", "place", "after_place")

    def odds(self, app, g):
        """The odds for the decision in front of the player: (chance, derail or
        None), or when placing the best choice (chance, placed faces, switch);
        None when odds are off, not wanted, or not worked out yet."""
        if self.okey == self.key and self.wants_odds(app, g):
            return self.oval
        return None

    def solver(self, g):
        """The solver for the cards face up in g, kept while they stay."""
        needs = [c[0] for c in g.faceup()]
        if self.sv is None or needs != self.sneeds:
            from schaffner.trainmaker.solver import Solver
            self.sv = Solver(needs)
            self.sneeds = needs
        return self.sv

    def odds_steps(self, g):
        """odds() of state g worked out in steps (a generator; tick() drives it)."""
        from schaffner.trainmaker.solver import derail_chance
        sv = self.solver(g)
        t = 1 if g.has_switch() else 0
        ph = g.phase()
        if ph == "place":
            faces = "".join(g.faces()[i] for i in g.unplaced())
            best = yield from sv.best_steps(faces, g.stock(), bool(g.train()), t)
            return best or (0.0, "-", None)
        # any card only (the menu's odds view has them card by card)
        if ph == "after_place":
            n = len(g.unplaced())
            chance = (yield from sv.value_steps(sv.pack(g.stock()), n, t)) if self.sneeds else 0.0
            return (chance, derail_chance(n))
        chance = (yield from sv.fresh_steps(g.dice_count(), t)) if self.sneeds else 0.0
        return (chance, None)

    # --- drawing -------------------------------------------------------------
    def draw(self, app, ui):
        phases.draw(self, app, ui)
