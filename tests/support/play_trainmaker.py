"""A complete 3-player Trainmaker game with the Steam Engine, by button presses.

play(d) is a generator: it yields after each press or small group of presses
(the MicroPython runner collects garbage only between yields).  Each yield
gives texts the screen must show then, worked out from the game (screen()):
the end-to-end test checks them, the benchmark ignores them.  The dice come
from d.app.rng, so a Driver with Rng(SEED) plays the same game every time.
The City deck is DECK, in this order, as the table would turn it over; the
presses are decided from the game on screen: every placement is the tip the
screen shows (the solver's best choice, Switch Track included), a re-roll
unless no card can be reached any more, the covered card with goods the
player lacks.  It never reads files back and never reboots.
"""
from app.flash import AFTER_MS
from app.trainmaker.draw import pct
from app.trainmaker.tip import tip_lines
from schaffner.trainmaker.cards import GOODS

SEED = 16  # Red wins by goods in round 5; derails, Switch Track, bonus trains, a stop
CONTRACT = ("terminal", "terminal")  # the Steam Engine's face-up Contract
# The 40 City cards: per goods type 1 Whistlestop, 3 Depots, 2 Stations; 4 wild Terminals.
DECK = (
    ("PB", "coal"), ("F", "cattle"), ("PPF", "mail"), ("BF", "corn"), ("PP", "timber"),
    ("BBF", "passengers"), ("B", "mail"), ("PF", "cattle"), ("FF", "coal"), ("PBF", "timber"),
    ("BB", "corn"), ("P", "passengers"), ("PPB", "cattle"), ("PB", "mail"), ("BFF", "coal"),
    ("PF", "passengers"), ("F", "timber"), ("PFF", "corn"), ("BF", "mail"), ("PPBF", "wild"),
    ("PP", "cattle"), ("B", "coal"), ("PBB", "passengers"), ("FF", "timber"), ("BF", "cattle"),
    ("PBF", "corn"), ("PB", "passengers"), ("P", "corn"), ("PBBF", "wild"), ("BB", "timber"),
    ("PPF", "coal"), ("PF", "corn"), ("BFF", "mail"), ("FF", "passengers"), ("PFFF", "wild"),
    ("PB", "timber"), ("F", "mail"), ("PPB", "cattle"), ("BBFF", "wild"), ("BB", "coal"),
)


class Clock:
    """The device's milliseconds, advanced by the playthrough as the device's
    main loop would between presses (d.tick logs the time for replays)."""

    def __init__(self):
        self.now = 0

    def settle(self, d):
        """Let the roll animation run to its end."""
        for _ in range(8):
            self.now += 100
            d.tick(self.now)

    def idle(self, d):
        """One poll with no press: the play screen works out the odds then."""
        self.now += 10
        d.tick(self.now)


FEW = (("PB", "coal"), ("BBF", "corn"), ("PPF", "mail"))  # three short cards: the odds tests'


def new_game(d, players=3, contract=CONTRACT):
    """New game, players seats (Red, Blue, ...), Steam Engine with this
    Contract (none: no Steam Engine).  Yields texts to check on the way."""
    d.pick("New game")
    d.pick("Trainmaker")
    yield ("Trainmaker", "1..6")
    d.press(*(("UPx%d" % (players - 2), "OK") if players > 2 else ("DOWN", "OK") if players < 2 else ("OK",)))
    d.press("OKx%d" % players)  # Red, Blue, Green ... in seat order
    yield ("Steam Engine?",)
    if not contract:
        d.press("OK")
        return
    d.press("DOWN", "OK")
    for need in contract:
        d.pick(need)
    yield ("Contract",)
    d.pick("Done")


def first_roll_steps(seed, players=2, odds=True):
    """A Driver with Rng(seed) at Red's first roll with FEW face up, and its game: the
    value of this generator, a step per screen (under MicroPython the heap is collected
    between them)."""
    from appdriver import Driver
    from schaffner.rng import Rng
    d = Driver(rng=Rng(seed))
    if not odds:
        d.app.settings["odds"] = False
    yield
    g = yield from start_steps(d, players, cards=FEW)
    return d, g


def _done(steps):
    """The value of a generator of steps, run to its end."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def start(d, players=3, contract=(), cards=DECK[:3]):
    """A new game by presses, with these face-up cards entered (for the tests)."""
    return _done(start_steps(d, players, contract, cards))


def start_steps(d, players=3, contract=(), cards=DECK[:3]):
    """start() a step at a time (a generator: the heap is collected between its steps
    under MicroPython); its value: start's."""
    for _ in new_game(d, players, contract):
        yield
    for c in cards:
        yield from card_steps(d, *c)
    return d.app.session.game


def card(d, needs, goods):
    """Enter a City card: counts of P, B, F, then its goods (none for a Terminal),
    the shorter way from "?" (DOWN to the first goods type, UP to the last)."""
    for _ in card_steps(d, needs, goods):
        pass


def card_steps(d, needs, goods):
    """card(), a generator: a step per count and for the goods."""
    for face in "PBF":
        n = needs.count(face)
        d.press(*(("UPx%d" % n, "OK") if n else ("OK",)))
        yield
    if len(needs) < 4:
        i = GOODS.index(goods)
        d.press("DOWNx%d" % (i + 1) if i < 3 else "UPx%d" % (len(GOODS) - i), "OK")
        yield


def to(d, label):
    """Move the play screen's cursor onto the option label, then OK."""
    t = d.app.top
    labels = t.ring(t._sync(d.app))[0]  # (an action done without a press: the screen's state follows)
    steps = (labels.index(label) - t.cur) % len(labels)
    d.press(*(("DOWNx%d" % steps, "OK") if steps else ("OK",)))


def place(d, g, best):
    """Follow the tip: Tip, under the cursor, places its dice (or makes its Switch
    Track) in one press."""
    assert d.app.top.ring(g)[0][d.app.top.cur] == "Tip"
    d.press("OK")


def score(d, g):
    """The covered card whose goods the player lacks (else the first)."""
    missing = g.goods_missing()[0]
    cover = g.covered()
    pick = 0
    for k in range(len(cover)):
        c = g.faceup()[cover[k]]
        if c[1] in missing or len(c[0]) == 4:
            pick = k
            break
    d.press(*(("DOWNx%d" % pick, "OK") if pick else ("OK",)))


def screen(d):
    """Texts the play screen shows for the game's state."""
    g = d.app.session.game
    t = d.app.top
    ph = g.phase()
    if ph == "over":
        return ("wins the game!", "Steam Engine" if g.winner() < 0 else d.app.session.names[g.winner()])
    if t._pending(g):
        if g.window() is not None:  # a score that ended the turn: the scorer may declare
            return (BIG[g.event()], "Go on", "Contract")
        return (BIG[g.event()], "OK: bonus train" if ph == "bonus" else "OK: go on")
    if ph == "cards":
        return ("City card %d/3" % (len(g.faceup()) + 1),)
    if ph == "steam":
        return ("Steam Engine", "Drew %d/3+ cars" % g.steam_drawn())
    name = d.app.session.names[g.player()]
    o = t.odds(d.app, g)  # once the device has polled after the press
    if ph == "place":
        if g.event() == "stuck":
            tip = ("Stuck: Switch?", "Pass")
        else:
            # in words where they fit (one row on 128x64, two on the Display Pack), else letters
            rows = tip_lines(o, d.app.ui.cols, 1 if d.app.ui.s == 1 else 2) if o is not None else ()
            tip = () if o is None else tuple(rows) + (pct(o[0]),)
        return (name, "dice " + "".join(g.faces()[i] for i in g.unplaced()), "Place") + tip
    if ph == "after_place":
        odds = () if o is None else ("Card " + pct(o[0]), "Tip: stop" if o[0] == 0 else "Derail risk " + pct(o[1]))
        return (name, "train " + g.train(), "Roll %d" % len(g.unplaced()), "Stop") + odds
    if ph == "score":
        return ("Score one card:",)
    odds = () if o is None else ("Card " + pct(o[0]),)
    return (name, "Round %d" % g.round_no(), "Roll %d" % g.to_roll()) + odds


BIG = {"derail": "DERAIL!", "scored": "Scored!", "no_card": "No card", "no_stock": "No car",
       "no_loco": "No Loco", "regained": "Switch is back"}


def play(d):
    for expect in new_game(d):
        yield expect
    assert d.app.session.game.steam_contract() == list(CONTRACT)
    yield screen(d)
    clock = Clock()
    dealt = 0
    looked = False
    for _ in range(4000):
        g = d.app.session.game
        t = d.app.top
        ph = g.phase()
        if ph == "over":
            return
        if t._pending(g):
            d.press("OK")
        elif ph in ("cards", "steam"):
            if dealt < len(DECK):
                card(d, *DECK[dealt])
                dealt += 1
            else:
                d.press("LONG_OK")
                d.pick("Deck is empty")
                d.press("UP", "OK")
        elif not g.faceup() and ph in ("roll", "bonus", "after_place"):
            # the deck is out and every card scored: the player shows a met Contract
            d.press("LONG_OK")
            d.pick("Contract met")
            d.press("UP", "OK")
        elif ph == "place":
            place(d, g, t.odds(d.app, g))
        elif ph == "score":
            score(d, g)
        elif ph == "after_place" and t.odds(d.app, g)[0] == 0:
            to(d, "Stop")
        else:
            name = d.app.session.names[g.player()]
            d.press("OK")  # Roll
            clock.settle(d)
            if not looked and g.round_no() == 3:
                looked = True
                d.press("LONG_OK")
                d.pick("Roll history")
                yield ("Last rolls", "Reading ...")
                clock.idle(d)
                clock.now += AFTER_MS  # its code comes once the hands have left the buttons
                for _ in range(7):  # the journal is replayed a few actions per poll
                    clock.idle(d)
                    yield ()
                yield ("Last rolls", name + " " + d.app.session.journal.actions[-1][1])
                d.press("OK", "BACK")
        yield screen(d)
        clock.idle(d)
        yield screen(d)
    raise AssertionError("the game did not end")


def watch_fit(ui):
    """Record every text that would run off the screen or be cut short."""
    cut = []
    text, line, header, footer, bar = ui.text, ui.line, ui.header, ui.footer, ui.bar

    def text_(s, x, y, c=1, scale=0):
        if x + len(s) * 8 * (scale or ui.s) > ui.w:
            cut.append(s)
        text(s, x, y, c, scale)

    def line_(row, s, c=1, x=0):
        if len(s) > (ui.w - x) // ui.cw:
            cut.append(s)
        line(row, s, c, x)

    def header_(left, right=""):
        if len(left) + (len(right) + 1 if right else 0) > ui.cols:
            cut.append(left + "|" + right)
        header(left, right)

    def footer_(hint):
        if len(hint) > ui.cols:
            cut.append(hint)
        footer(hint)

    def bar_(row, s):
        if len(s) > ui.cols:
            cut.append(s)
        bar(row, s)

    ui.text, ui.line, ui.header, ui.footer, ui.bar = text_, line_, header_, footer_, bar_
    return cut
