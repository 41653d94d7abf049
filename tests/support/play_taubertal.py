"""Complete Der Taubertal-Express games through the app, press by press: 4 players
(FOUR, the ledger below) and 2 players (TWO, its ledger beside it).

``play(d)`` is a generator (it yields after each press or small group of
presses, so MicroPython collects garbage in between); the end-to-end test
runs it and the benchmark replays it.  It checks the screens' text when the
driver records what is drawn (the benchmark switches that off).

Seats: Red (start player), Blue, Green, Yellow.  Hand-kept ledger of the game
(cubes: +1 black at the start of each turn, at most 8 on the coal carriage):

pass 1  order R B G Y; hire R2 B1 G0 Y2
        R: +3 coins from the board (1+3=4), builds Kiosk for 2 (coins 2,
           cubes 1+3=4, pioneer 1)
        B: +1 cube (2+1=3), builds Elektrizitaetswerk for 3 cubes (+3 VP, pioneer 1
           on top of Red)
        G: couples a freight carriage; round 2 sells 1 wine 1 sheep: 1+2=3 coins, 4 VP
        payday: R pays 2 (0 left), B pays 1 (0), G nothing, Y has 1 for 2 workers:
           pays 1, -3 VP
pass 2  order B R G Y; G replaces a ticket in the draft (4-3=1 VP); R builds Postamt
        paid by hand (pioneer 2)
pass 3  order R B G Y; B builds Wasserturm (pioneer 2, on top of Red)
pass 4  order B R G Y; G builds Empfangshalle for 2 coins (4-2=2), Y Lokschuppen by hand
pass 5  order B R Y G; R builds Zollamt (pioneer 3), couples freight, sells 1 grain
        1 tools: 3 coins, 4 VP, 1 token to the customs office
pass 6  order R B Y G; Y builds Magazingebaeude, G Wagenmeisterei (G lands on top of Y)
pass 7  order R G Y B; R hires 1 and pays it (3-1=2 coins); B builds Dienstwohnhaus over
        Elektrizitaetswerk: to the top of the pioneer track
end     coins R2 B0 G2 Y0, cubes R8 B7 G8 Y8, VP R4 B3 G1 Y-3
final   the table says R has 5 coins and B's marker is on 12 VP: entered as counted.
        G: 2 passengers, halls in all 5 towns; Y: 3 empty spaces, 4 goods buildings
        R  4 + 5 + 8//2 + Zollamt 1 = 14, Postamt 14//5 = 2 -> 16
        B 12 + 0 + 7//2 + Wasserturm 2//2 = 16
        G  1 + 2 + 4 + Empfangshalle 2 + Wagenmeisterei 5 = 14
        Y -3 + 0 + 4 + Magazingebaeude 4 + Lokschuppen 3 x 1 = 8
        Blue and Red tie at 16: Blue is on top of the pioneer track and wins.
        The table finishes the game: it goes into the history.
"""
from appdriver import toward

R, B, G, Y = "Red", "Blue", "Green", "Yellow"

# pass -> (turn order, hires, {(round, name): [what happens before "End turn"]})
# build: (kind, building, over, dark purple price or None, next pass order)
PASSES = (
    ((R, B, G, Y), {R: 2, B: 1, Y: 2}, {
        (1, R): (("coins", 3), ("build", "Kiosk", None, 2, (R, B, G, Y))),
        (1, B): (("cubes", 1), ("build", "Elektrizit", None, None, (B, R, G, Y))),
        (1, G): (("carriage", "Freight"),),
        (2, G): (("sale", (1, 1, 0, 0), "3 coins", "+4 VP"),),
    }),
    ((B, R, G, Y), {}, {
        (1, R): (("build", "Postamt", None, 0, (R, B, G, Y)),),
    }),
    ((R, B, G, Y), {}, {
        (1, B): (("build", "Wasserturm", None, None, (B, R, G, Y)),),
    }),
    ((B, R, G, Y), {}, {
        (1, G): (("build", "Empfangshalle", None, 2, (B, R, G, Y)),),
        (1, Y): (("build", "Lokschuppen", None, 0, (B, R, Y, G)),),
    }),
    ((B, R, Y, G), {}, {
        (1, R): (("build", "Zollamt", None, None, (R, B, Y, G)), ("carriage", "Freight"),
                 ("sale", (0, 0, 1, 1), "3 coins", "+4 VP")),
    }),
    ((R, B, Y, G), {}, {
        (1, Y): (("build", "Magazin", None, 0, (R, Y, B, G)),),
        (1, G): (("build", "Wagenmeister", None, None, (R, G, Y, B)),),
    }),
    ((R, G, Y, B), {R: 1}, {
        (1, B): (("build", "Dienstwohnhaus", "Over Elektr", None, (B, R, G, Y)),),
    }),
)

# pass -> the payday lines, in turn order
PAYDAYS = {
    1: ((R, "Hired 2", "pays 2 coins"), (B, "Hired 1", "pays 1 coin"),
        (G, "Hired 0", "pays nothing"), (Y, "Hired 2", "pays 1, -3 VP")),
    7: ((R, "Hired 1", "pays 1 coin"), (G, "Hired 0", "pays nothing")),
}


def choose(d, label):
    """d.pick, a few presses a step: a long list does not pile up a step's garbage."""
    for i in range(40):
        top = d.app.top
        items = getattr(top, "items", None)
        if items is not None and label in items[top.index]:
            d.press("OK")
            return
        d.press(toward(top, items, label))
        if i % 3 == 2:
            yield
    raise AssertionError("no menu row %r on: %s" % (label, d.text))


def see(d, *parts):
    """Check the screen when the driver records what is drawn."""
    if d.app.ui.drawn is not None:
        d.shows(*parts)


def play(d, game=None):
    """Play ``game`` (FOUR, the default, or TWO) from the main menu to its ranking."""
    game = game or FOUR
    players = game["players"]
    yield from choose(d, "New game")
    yield
    yield from choose(d, "Taubertal")
    yield
    d.press(*(("UPx%d" % (players - 2), "OK") if players > 2 else ("OK",)))
    yield
    d.press("OKx%d" % players)  # Red starts, then Blue, Green, Yellow clockwise
    see(d, "Set up", "Action tiles", "%d" % (3 * players))
    yield
    d.press("OKx5")
    see(d, *game["cubes"])
    yield
    d.press("OK")
    yield
    for number in range(1, 8):
        yield from one_pass(d, game, number)
    yield from game["final"](d)


def one_pass(d, game, number):
    order, hires, turns = game["passes"][number - 1]
    for name in order:
        see(d, "Pass %d: tickets" % number, name, "takes a ticket")
        if number == 2 and name == G:
            yield from replace_ticket(d, name)
        d.press("OK")
        yield
    for tile in range(1, 4):
        for name in order:
            see(d, "Pass %d: tiles" % number, name, "Tile %d of 3" % tile)
            d.press("OK")
            yield
    for name in order:
        n = hires.get(name, 0)
        see(d, "Pass %d: hiring" % number, name, "room: 2 workers")
        d.press("OK")
        if n:
            d.press("UPx%d" % n)
        d.press("OK")
        yield
    for rnd in (1, 2, 3):
        for name in order:
            see(d, "Pass %d: Round %d" % (number, rnd), name, "OK: the turn")
            for step in turns.get((rnd, name), ()):
                yield from turn_step(d, name, step)
            d.press("OK")
            see(d, name, "End turn", "Build")
            d.press("OK")
            yield
    pays = game["paydays"].get(number, ())
    for i in range(len(order)):
        see(d, "Pass %d: payday" % number, order[i])
        if i < len(pays):
            see(d, *pays[i])
        d.press("OK")
        yield
    if number < 7:
        see(d, "Pass %d: ends" % number, "Refill goods")
        d.press("OK")
        nxt = game["passes"][number][0]
        see(d, "Pass %d order" % (number + 1), "1 " + nxt[0], "%d %s" % (len(nxt), nxt[-1]))
        d.press("OK")
        yield


def replace_ticket(d, name):
    d.press("LONG_OK")  # the help, with the menu under it
    yield from choose(d, "Replace ticket")
    see(d, name + ": no room", "-3 VP", "VP floor -5", "Replace it?")
    d.press("UP", "OK")
    yield


def turn_step(d, name, step):
    kind = step[0]
    d.press("OK")
    see(d, name, "End turn")
    if kind in ("coins", "cubes"):
        yield from choose(d, "VP/coins/cubes")
        yield from choose(d, "Coins" if kind == "coins" else "Cubes")
        d.press("UPx%d" % step[1])
        see(d, "+%d" % step[1])
        d.press("OK", "BACK", "BACK")
    elif kind == "carriage":
        yield from choose(d, "Couple carriage")
        yield from choose(d, step[1])
        see(d, name + ": freight holds 2 goods")
        d.press("OK")  # dismisses the message
    elif kind == "sale":
        yield from choose(d, "Sale")
        for count in step[1]:
            if count:
                d.press("UPx%d" % count)
            d.press("OK")
        see(d, "Sale: " + name, step[2], step[3])
        d.press("OK")
    else:
        yield from build(d, name, step)
    yield


def build(d, name, step):
    _, building, over, price, after = step
    yield from choose(d, "Build")
    see(d, "Build", "Kiosk")
    yield from choose(d, building)
    yield
    if getattr(d.app.top, "title", "") == "Where?":
        yield from choose(d, over or "Free space")
    if price is not None:
        see(d, "Price on board", "0: paid already")
        if price:
            d.press("UPx%d" % price)
        d.press("OK")
        see(d, "Pay %d coins" % price if price else "Paid by hand", "Pioneer: +1", "Build it?")
    else:
        see(d, "Pay 3 cubes", "Pioneer: " + ("top" if over else "+1"))
    d.press("UP", "OK")
    see(d, "Next pass order", "1 " + after[0], "2 " + after[1], "%d %s" % (len(after), after[-1]))
    d.press("OK")
    yield


def final(d):
    see(d, "Final score", "Ranking")
    yield from choose(d, R)
    see(d, "Check Red", "Coins 2", "Cubes 8")
    yield from choose(d, "Coins")
    d.press("UPx3", "OK")
    see(d, "Coins 5")
    yield
    d.press("BACK")
    yield from choose(d, B)
    yield from choose(d, "Track VP")
    d.press("LONG_UP", "UPx4", "OK")
    see(d, "Track VP 12")
    yield
    d.press("BACK")
    yield from choose(d, G)
    yield from choose(d, "Passengers")
    d.press("UPx2", "OK")
    yield
    yield from choose(d, "5 towns")
    see(d, "Wagenmeisterei", "Yes, +5 VP")
    d.press("OK")
    see(d, "Passengers 2", "5 towns yes")
    yield
    d.press("BACK")
    yield from choose(d, Y)
    yield from choose(d, "Empty spaces")
    see(d, "Lokschuppen", "1 VP each")
    d.press("UPx3", "OK")
    yield
    yield from choose(d, "Goods bldgs")
    d.press("UPx4", "OK")
    see(d, "Points 8")
    yield
    d.press("BACK")
    yield from choose(d, "Ranking")
    see(d, "1 Blue", "2 Red", "3 Green", "4 Yellow", "Tie: pioneer")
    d.press("OK")
    see(d, "Blue", "Track VP", "12", "Wasserturm")
    yield
    d.press("BACK", "DOWN")
    d.press("OK", "DOWN")
    see(d, "Zollamt", "Postamt", "Total", "16")
    yield
    d.press("BACK", "BACK")
    yield from choose(d, "Finish game")
    see(d, "Scores final", "history", "Finish", "Not yet")
    d.press("UP", "OK")
    see(d, "Ranking", "1 Blue")
    yield
    d.press("BACK")
    see(d, "Game over", "Ranking")
    yield


FOUR = {
    "players": 4, "passes": PASSES, "paydays": PAYDAYS, "final": final,
    "cubes": ("Black cubes", "Yellow", "3", "+1 coin each"),
}


# --- the 2-player game: Red (start player) and Blue --------------------------------
#
# pass 1  order R B; hire R1
#         R: +3 coins (1+3=4), builds Kiosk for 2 (coins 2, cubes 1+3=4, pioneer 1)
#         B: +1 cube (2+1=3), builds Elektrizitaetswerk for 3 cubes (0 left, +3 VP,
#            pioneer 1 on top of Red)
#         R: round 2 couples a freight carriage, round 3 sells 1 wine 1 sheep: 3 coins
#            (2+3=5), 4 VP
#         payday: R pays 1 (4 left), B nothing
# pass 4  order B R; B builds Wasserturm (8 cubes, 5 left; pioneer 2)
# pass 7  order B R; hire B2; R builds Postamt paid by hand (pioneer 2, on top)
#         payday: B has 1 coin for 2 workers: pays 1, -3 VP (3-3=0); R nothing
# end     coins R4 B0, cubes R8 B8 (full from pass 2 on), VP R4 B0
# final   the table says R has 5 coins and B's marker is on 11 VP: entered as counted.
#         R  4 + 5 + 8//2 = 13, Postamt 13//5 = 2 -> 15
#         B 11 + 0 + 8//2 + Wasserturm 2//2 = 16: Blue wins.
TWO_PASSES = (
    ((R, B), {R: 1}, {
        (1, R): (("coins", 3), ("build", "Kiosk", None, 2, (R, B))),
        (1, B): (("cubes", 1), ("build", "Elektrizit", None, None, (B, R))),
        (2, R): (("carriage", "Freight"),),
        (3, R): (("sale", (1, 1, 0, 0), "3 coins", "+4 VP"),),
    }),
    ((B, R), {}, {}),
    ((B, R), {}, {}),
    ((B, R), {}, {
        (1, B): (("build", "Wasserturm", None, None, (B, R)),),
    }),
    ((B, R), {}, {}),
    ((B, R), {}, {}),
    ((B, R), {B: 2}, {
        (1, R): (("build", "Postamt", None, 0, (R, B)),),
    }),
)

TWO_PAYDAYS = {
    1: ((R, "Hired 1", "pays 1 coin"), (B, "Hired 0", "pays nothing")),
    7: ((B, "Hired 2", "pays 1, -3 VP"), (R, "Hired 0", "pays nothing")),
}


def final_two(d):
    see(d, "Final score", "Ranking")
    yield from choose(d, R)
    see(d, "Check Red", "Coins 4", "Cubes 8")
    yield from choose(d, "Coins")
    d.press("UP", "OK")
    see(d, "Coins 5")
    yield
    d.press("BACK")
    yield from choose(d, B)
    yield from choose(d, "Track VP")
    d.press("LONG_UP", "UPx6", "OK")
    see(d, "Track VP 11")
    yield
    d.press("BACK")
    yield from choose(d, "Ranking")
    see(d, "1 Blue", "2 Red")
    assert "Tie: pioneer" not in d.text  # 16 to 15: no tie, so no tie rule
    d.press("OK")
    see(d, "Blue", "Track VP", "11", "Wasserturm")
    yield
    d.press("BACK")
    yield


TWO = {
    "players": 2, "passes": TWO_PASSES, "paydays": TWO_PAYDAYS, "final": final_two,
    "cubes": ("Black cubes", "Blue", "1", "+1 coin each"),
}


def strict(d):
    """Make d's screen refuse text that would be cut off or big type that is not big."""
    ui = d.app.ui
    cols = ui.cols
    header, line, bar, footer, big_text = ui.header, ui.line, ui.bar, ui.footer, ui.big_text

    def check(ok, what, s):
        # only this game's screens: its setup, and what lies on its play screen
        stack, s = d.app.stack, d.app.session
        ours = (s is not None and s.game_id == "taubertal" and len(stack) > 1
                and getattr(stack[1], "PLAY", False)) or type(d.app.top).__name__ == "SetupView"
        if ours and not ok:
            raise AssertionError("%s cut off on %dx%d: %r" % (what, ui.w, ui.h, s))

    def strict_header(left, right=""):
        check(len(left) + (len(right) + 1 if right else 0) <= cols, "header", left + "|" + right)
        header(left, right)

    def strict_line(row, s, c=1, x=0):
        check(len(s) <= (ui.w - x) // ui.cw, "line", s)
        line(row, s, c, x)

    def strict_bar(row, s):
        check(len(s) <= cols, "bar", s)
        bar(row, s)

    def strict_footer(hint):
        check(len(hint) <= cols, "footer", hint)
        footer(hint)

    def strict_big(s, y, c=1):
        check(ui.width_of(s, ui.big - (ui.s - 1)) <= ui.w, "big text", s)
        big_text(s, y, c)

    ui.header, ui.line, ui.bar, ui.footer, ui.big_text = (
        strict_header, strict_line, strict_bar, strict_footer, strict_big)
    return d


# --- helpers for the focused tests ---------------------------------------------

def new_game(d, players):
    """From the main menu to the first screen of play (seats in NAMES order)."""
    for _ in new_game_steps(d, players):
        pass
    return d


def new_game_steps(d, players):
    """new_game(), a generator: a step per screen of the setup (under MicroPython the
    heap is collected between them)."""
    d.pick("New game")
    d.pick("Taubertal")
    yield
    if players > 2:
        d.press("UPx%d" % (players - 2))
    d.press("OK", "OKx%d" % players)
    yield
    d.press("OKx6")
    yield


def quick(g):
    """The action that moves the game on with nothing happening."""
    ph = g.phase()
    p = g.acting()
    if ph == "hire":
        return ("hire", p, 0)
    if ph == "round":
        return ("done", p)
    if p is None:
        return (ph,)
    return ("ticket" if ph == "tickets" else "tile", p)


def skip_to(d, phase, pass_no=1, round_no=0):
    """Record quiet actions straight into the app until the game gets there (a generator)."""
    app = d.app
    while True:
        g = app.session.game
        if g.phase() == phase and g.pass_no() == pass_no and g.round_no() == round_no:
            break
        app.do(quick(g))
        app.flush()
        yield
    app.render()


def record(d, *actions):
    """Actions recorded straight into the app, then the screen drawn again."""
    for a in actions:
        d.app.do(a)
        d.app.flush()
    d.app.render()
    return d

