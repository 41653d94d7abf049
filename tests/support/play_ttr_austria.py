"""A complete 4-player Ticket to Ride Austria scoring, by button presses.

play(d) is a generator: it yields after every press (the MicroPython runner
collects garbage only between yields, so a step's garbage is one frame's).
Each yield gives the texts the screen should show then ((): nothing to
check), on either screen size with runs of spaces taken as one; the
end-to-end test checks them, the benchmark ignores them.  It
never reads files back and never reboots.

The sheet, options longest track + West-East + stations all on:
  Red     routes 1x1 3x2 4x3 6x1 = 1+8+21+15 = 45 (25 cars); tickets +12 +8 -5 = 15
          (a +7 entered by mistake and removed); Taurachbahn ticket+built +3;
          longest 14 (tied with Blue: both +10); West-East +10; 1 station left +4
          = 45+15+3+10+10+4 = 87
  Blue    routes 1x1 2x2 5x2 8x1 = 1+4+20+21 = 46 (23 cars); tickets -32 +10 = -22;
          tourist penalty -14; Schafbergbahn built without ticket -1; longest 14 +10;
          no West-East; 3 stations left +12 = 46-22-14-1+10+12 = 31
  Green   routes 4x4 5x1 = 28+10 = 38; tickets +20 +9 = 29; penalty -8;
          Taurachbahn "built only" refused (Red built it); Schafbergbahn ticket
          only -3; longest 10; West-East +10; no stations left
          = 38+29-8-3+10 = 66, 2 tickets done
  Yellow  routes 6x2 2x1 = 30+2 = 32; tickets +21 -1 = 20; longest 9; West-East +10;
          1 station left +4 = 32+20+10+4 = 66, 1 ticket done
Ranking: 1 Red 87, 2 Green 66, 3 Yellow 66 (the tie goes to Green: 2 tickets
done against 1), 4 Blue 31.  Then the table finishes the game (the history keeps it).
Before it, the table puts Jörg and Anna-Lena in the roster (Settings -> Players, the
letter wheel's fewest presses: NAMES, which test_players checks against
support/name_presses.py), and in the new game Jörg plays Red, Anna-Lena Blue, and
nobody Green and Yellow (those colours play as themselves).
"""
from app.flash import AFTER_MS
from appdriver import toward

# (name, as the screens write it, its presses: 20 and 27)
NAMES = (
    ("Jörg", "Joerg", ("LONG_UPx3", "UPx2", "OK", "LONG_UPx5", "OK", "LONG_DOWN", "OK", "LONG_DOWNx3", "OK",
                       "UP", "OK")),
    ("Anna-Lena", "Anna-Lena", ("LONG_DOWN", "DOWN", "OK", "DOWN", "OK", "DOWN", "OK", "LONG_DOWN", "DOWN", "OK",
                                "UPx2", "OK", "LONG_DOWNx2", "DOWNx3", "OKx2", "DOWN", "OK", "LONG_DOWN", "DOWN",
                                "OK", "UP", "OK")),
)

TOTALS = (87, 31, 66, 66)
RANKING = ((1, 0, 87), (2, 2, 66), (3, 3, 66), (4, 1, 31))


def press(d, *keys):
    """Each key as in Driver.press ('UPx3' = three presses), one step per press."""
    for key in keys:
        count = 1
        if "x" in key[1:]:
            key, n = key.rsplit("x", 1)
            count = int(n)
        for _ in range(count):
            d.press(key)
            yield ()


def pick(d, label):
    """Driver.pick one press at a time: the shorter way round to the row holding label, then OK."""
    for _ in range(20):
        top = d.app.top
        if label in top.items[top.index]:
            yield from press(d, "OK")
            return
        yield from press(d, toward(top, top.items, label))
    raise AssertionError("no row " + label)


def enter(d, start, value):
    """Step a number entry from start to value in the fewest presses: long presses by 5,
    one more past the value where that is shorter and stays in the entry's range, then
    single steps back; then OK."""
    diff = value - start
    key, back = ("UP", "DOWN") if diff > 0 else ("DOWN", "UP")
    diff = abs(diff)
    longs = diff // 5
    top = d.app.top
    if diff % 5 > 2 and top.lo <= start + (1 if diff == value - start else -1) * 5 * (longs + 1) <= top.hi:
        yield from press(d, "LONG_%sx%d" % (key, longs + 1), "%sx%d" % (back, 5 * (longs + 1) - diff), "OK")
        return
    yield from press(d, "LONG_%sx%d" % (key, longs), "%sx%d" % (key, diff % 5), "OK")


def routes(d, counts):
    yield from pick(d, "Routes")
    yield ("1-car  1pt", "cars")
    for length, count in counts:
        yield from pick(d, "%d-car" % length)
        yield from enter(d, 0, count)
        yield ("%d-car" % length, "x%d" % count)
    yield from press(d, "BACK")
    yield ("VP", "Routes")


def ticket(d, value, done):
    yield from pick(d, "Add ticket")
    yield ("Value (Punkte)", "10")
    yield from enter(d, 10, value)
    yield ("Done", "Failed")
    yield from pick(d, "Done" if done else "Failed")
    yield ("%s%d" % ("+" if done else "-", value),)


def tickets(d, entries):
    yield from pick(d, "Tickets")
    yield ("Add ticket", "Sonderz: Punkte")
    for value, done in entries:
        yield from ticket(d, value, done)
    yield from press(d, "BACK")
    yield ("Tickets x%d" % len(entries),)


def penalty(d, value):
    yield from pick(d, "Tourist")
    yield ("Add penalty", "Once per path")
    yield from pick(d, "Add penalty")
    yield ("Penalty/Strafe",)
    yield from enter(d, 5, value)
    yield ("-%d" % value,)
    yield from press(d, "BACK")
    yield ("Tourist x1",)


def bahn(d, which, state):
    yield from pick(d, which)
    yield ("Ticket+built", "Built only", "Also in Routes")
    yield from pick(d, state)
    yield (which,)


def longest(d, cars):
    yield from pick(d, "Longest")
    yield ("Cars", "Set by hand", "All tied: +10")
    yield from pick(d, "Cars")
    yield ("Track in cars",)
    yield from enter(d, 0, cars)
    yield ("Cars", "%d" % cars)
    yield from press(d, "BACK")
    yield ("Longest %dc" % cars,)


def stations(d, left):
    yield from pick(d, "Stations")
    yield ("Unused, 4 each", "3")
    yield from enter(d, 3, left)
    yield ("Stations x%d" % left,)


def play(d):
    yield from pick(d, "Settings")
    yield from pick(d, "Players")
    for _, shown, keys in NAMES:
        yield from pick(d, "Add player")
        yield ("New player", "_")
        yield from press(d, *keys)
        yield (shown, "Add player")
    yield from press(d, "BACK", "BACK")
    yield from pick(d, "New game")
    yield from pick(d, "TtR Austria")
    yield ("Players",)
    yield from press(d, "UPx2", "OK", "OK")  # 4 players; Red in seat 1
    yield ("Who is Red?", "Joerg", "Anna-Lena", "New player", "Nobody")
    yield from press(d, "OK", "OK")  # Jörg; Blue in seat 2
    yield ("Who is Blue?", "Anna-Lena")
    yield from press(d, "OK", "OK", "DOWN", "OK", "OK", "DOWN", "OK")  # Anna-Lena; Green, Yellow: nobody
    yield ("TtR options", "Longest", "West-East", "Stations", "Start scoring")
    yield from pick(d, "Stations")
    yield ("Stations      on",)
    yield from pick(d, "Start scoring")
    yield ("TtR Austria", "Ticket draw", "Red", "Yellow")
    yield from press(d, "OK")
    yield ("Start: draw 6,", "keep 3+", "Later: draw 4,", "keep 1+")
    yield from press(d, "OK")

    yield from pick(d, "Red")
    yield ("12 VP", "Routes")  # the title: Jörg (the Display Pack), Red J (the OLED)
    yield from routes(d, ((1, 1), (3, 2), (4, 3), (6, 1)))
    yield ("Routes        45",)
    yield from tickets(d, ((12, True), (8, True), (5, False), (7, True)))
    yield from pick(d, "Tickets")
    yield from pick(d, "+7")
    yield ("Remove ticket", "+7 done?")
    yield from press(d, "UP", "OK")
    yield ("Add ticket", "-5")
    yield from press(d, "BACK")
    yield ("Tickets x3   +15",)
    yield from bahn(d, "Taurach", "Ticket+built")
    yield from longest(d, 14)
    yield from pick(d, "West-East")
    yield ("West-East    +10",)
    yield from stations(d, 1)
    yield ("87 VP",)
    yield from press(d, "BACK")
    yield ("Red           87",)

    yield from pick(d, "Blue")
    yield from routes(d, ((1, 1), (2, 2), (5, 2), (8, 1)))
    yield from tickets(d, ((32, False), (10, True)))
    yield from penalty(d, 14)
    yield from bahn(d, "Schafberg", "Built only")
    yield from longest(d, 14)
    yield ("31 VP", "Longest 14c  +10")  # the title: Anna-L. (the Display Pack), Blue A (the OLED)
    yield from press(d, "BACK")

    yield from pick(d, "Green")
    yield from routes(d, ((4, 4), (5, 1)))
    yield from tickets(d, ((20, True), (9, True)))
    yield from penalty(d, 8)
    yield from pick(d, "Taurach")
    yield from pick(d, "Built only")
    yield ("Taurachbahn is", "built by another")
    yield from press(d, "OK", "BACK")
    yield ("Taurach        0",)
    yield from bahn(d, "Schafberg", "Ticket only")
    yield from longest(d, 10)
    yield from pick(d, "West-East")
    yield from stations(d, 0)
    yield ("Green", "66 VP")
    yield from press(d, "BACK")

    yield from pick(d, "Yellow")
    yield from routes(d, ((6, 2), (2, 1)))
    yield from tickets(d, ((21, True), (1, False)))
    yield from longest(d, 9)
    yield from pick(d, "West-East")
    yield from stations(d, 1)
    yield ("Yellow", "66 VP")
    yield from press(d, "BACK")
    yield ("Red           87", "Blue          31", "Green         66", "Yellow        66")

    yield from pick(d, "Ranking")
    yield ("Ranking", "1 Red", "2 Green", "3 Yellow", "4 Blue", "Tie: by tickets")
    yield from press(d, "OK")
    yield ("Red 87", "1-car x1      +1", "3-car x2      +8", "4-car x3     +21", "Tkt done x2  +20")
    yield from press(d, "DOWNx6")
    yield ("Taurachbahn   +3", "Longest      +10", "West-East    +10", "Stations x1   +4", "Total         87")
    yield from press(d, "BACK")
    yield from pick(d, "Green")
    yield ("Green 66", "4-car x4     +28")
    yield from press(d, "BACK")
    yield from pick(d, "Finish game")
    yield ("Finish game", "Scores final", "Finish", "Not yet")
    yield from press(d, "UP", "OK")
    yield ("Ranking", "1 Red", "4 Blue")
    assert d.app.session.game.ended and "Finish game" not in d.app.top.items


def recorded(d):
    """What make bench and make chip replay (bench_record): the scoring, then the
    table's next game and its code for BG Stats, so the chip shows a code too."""
    yield from play(d)
    yield from next_game_for_bg_stats(d)


def next_game_for_bg_stats(d):
    """The table's next game, two players: Red's one 1-car route against Blue's none,
    finished; then, from its ranking, its code for BG Stats (on the Display Pack; the
    OLED says in words why it shows none), made in the polls, and back.  (From the
    ranking, not History: the bench replays with files that keep nothing.)"""
    yield from press(d, "BACKx6")
    yield from pick(d, "New game")
    yield ("Start a new game?",)
    yield from press(d, "UP", "OK")
    yield from pick(d, "TtR Austria")
    yield ("Players", "2")
    yield from press(d, "OK", "OK")  # 2 players; Red in seat 1
    yield ("Who is Red?", "Joerg")
    yield from press(d, "OK", "OK")  # Jörg; Blue in seat 2
    yield ("Who is Blue?", "Nobody")
    yield from pick(d, "Nobody")  # Blue plays as itself: a link short enough for one code
    yield from pick(d, "Start scoring")
    yield from press(d, "OKx2")
    yield ("Red", "Blue", "Ranking")
    yield from pick(d, "Red")
    yield from routes(d, ((1, 1),))
    yield from press(d, "BACK")
    yield from pick(d, "Ranking")
    yield from pick(d, "Finish game")
    yield from press(d, "UP", "OK")
    yield ("Ranking", "1 Red", "2 Blue")
    yield from pick(d, "BG Stats code")
    d.tick(10)  # the press's poll (the script's clock starts at 0)
    d.tick(10 + AFTER_MS)  # the hands gone: the code, made a slice per poll
    yield ("BG Stats",) if d.app.ui.h < 135 else ("Scan with", "BG Stats")
    yield from press(d, "BACK")
    yield ("Ranking", "1 Red")
