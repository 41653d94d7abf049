"""Trainmaker's play screen as drawn: a phase of the turn at a time (the tumble of a
roll, what a roll or a move led to, card entry, rolling, placing, after placing,
scoring, the winner), each a function of the screen t, an app.trainmaker.table.Table,
whose state and odds it reads (_sync, _rolling, _pending, odds, ring, entry, cur).  A
module of its own so that neither half of the screen is a long import: on a make
deploy install an import holds its poll, and the whole screen's took 49 ms of one on
the emulated Pico.
"""
from app.colours import FG, colour_of
from app.trainmaker import draw as D
from app.trainmaker.text import card_text, goods_line

_SIDES = "LLPBFC"
GO_ON = "Go on"  # after a score that ended the turn: the turn passes
CONTRACT = "Contract"  # the scorer shows a met Contract instead


def last_actor(g):
    """Who the last action belonged to: the current player while the turn goes
    on, else the one before (the last seat when the Steam Engine is next)."""
    ph = g.phase()
    if ph in ("place", "after_place", "score", "bonus", "over"):
        return g.player()
    if ph == "steam":
        return g.players() - 1
    return (g.player() - 1) % g.players()


def last_roll(app):
    """Faces of the latest roll if it is among the last three actions, else ''."""
    acts = app.session.journal.actions
    for a in acts[-1:-4:-1]:
        if a[0] == "roll":
            return a[1]
    return ""


def draw(t, app, ui):
    g = t._sync(app)
    if t._rolling():
        _tumble(t, app, ui, g)
    elif t._pending(g):
        _outcome(t, app, ui, g)
    else:
        globals()["_" + g.phase()](t, app, ui, g)  # the phase's function: _roll, _place ...


def rows(ui):
    """y of the train row, the dice row and the text row under them (the
    text row a row of background above the footer, 3 on the Display Pack)."""
    top = ui.header_h + 1
    return top, top + D.size(ui) + ui.s, ui.footer_y - 10 * ui.s + 1


def place_rows(ui):
    """The placing screen's: y of the train, of the dice, and of the tip's
    rows (one on 128x64; two on the Display Pack, which has the height for
    a tip in words: its train row moves up into the icons' empty top).
    Under the dice their cursor (2 px, 4 on the Pack), a row of background
    and the tip's row; the train's rail clear of the dice."""
    low = rows(ui)[2]
    if ui.s == 1:
        return 12, low - 20, (low,)
    return 13, low - 58, (low - 19, low)


def _tumble(t, app, ui, g):
    rolled = last_roll(app)
    seed = (t.t0 or 0) + t.frame * 13
    tumble = "".join(_SIDES[((seed + i * 29) * 37 + 11) % 101 % 6] for i in range(len(rolled)))
    ui.header(app.session.label(app, last_actor(g), ui.cols - 8), "rolling")
    top, mid, _ = place_rows(ui)  # where the dice will lie when they stop
    if g.phase() == "place" and g.train():
        D.train(ui, g.train(), top)
    D.dice(ui, tumble, mid)


def _outcome(t, app, ui, g):
    ev = g.event()
    p = last_actor(g)
    ui.header(app.session.label(app, p, ui.cols))
    top, mid, low = rows(ui)
    acts = app.session.journal.actions
    kind = acts[-1][0] if acts else ""
    faces = last_roll(app) if kind in ("roll", "pass", "switch") else ""
    if ev == "scored":
        big, why = "Scored!", card_text(g.scored(p)[-1])
        ui.line(ui.rows - 1, goods_line(g, p))
    elif ev == "derail":
        big = "DERAIL!"
        if kind == "place":
            why = "All placed no C"
        elif kind == "roll" and faces.count("L") == len(faces):
            why = "Only Locos"
        elif kind == "roll":
            why = "Last die a car"
        else:
            why = "Nothing fits"
    elif ev == "no_card":
        big, why = "No card", "Train fits none"
    elif ev == "no_stock":
        big, why = "No car", "Turn over"
    else:
        big = "No Loco"
        why = "Switch is back" if ev == "regained" else "Turn over"
    c = FG
    if ui.colour and ev in ("derail", "scored"):
        c = colour_of("Red" if ev == "derail" else "Green")
    if faces:
        ui.big_text(big, top, c)
        D.dice(ui, faces, mid)
        ui.text(ui.cut(why, ui.cols), 0, low)
    else:
        ui.big_text(big, big_y(ui), c)
        ui.line(0, why)
    if g.window() is not None:
        D.options(ui, (GO_ON, CONTRACT), t.cur)
    else:
        ui.footer("OK: bonus train" if g.phase() == "bonus" else "OK: go on")


def _cards(t, app, ui, g):
    t.entry.draw(ui, rows(ui), "City card %d/3" % (len(g.faceup()) + 1), "", "Cars it needs")


def _steam(t, app, ui, g):
    t.entry.draw(ui, rows(ui), "Steam Engine", "", "Drew %d/3+ cars" % g.steam_drawn())


def _odds_or(t, app, ui, g, row, hint):
    o = t.odds(app, g)
    if o is not None:
        D.odds_row(ui, row, "Card", o[0])
    else:
        ui.line(row, "Card ..." if app.settings["odds"] else hint)
    return o


def _roll_start(t, app, ui, g, right, hint):
    ui.header("Round %d" % g.round_no(), right)
    cards = " ".join(c[0] for c in g.faceup()) or "no cards"
    ui.line(0, ("Cards " + cards) if len(cards) + 6 <= ui.cols else cards)
    name = app.session.names[g.player()]
    y = big_y(ui)
    ui.big_text(app.session.label(app, g.player(), ui.cols), y)
    ui.player_mark(0, y + 2 * ui.s, name)
    _odds_or(t, app, ui, g, ui.rows - 1, hint)
    D.options(ui, t.ring(g)[0], t.cur)


def _roll(t, app, ui, g):
    _roll_start(t, app, ui, g, "", "Loco+car first")


def _bonus(t, app, ui, g):
    _roll_start(t, app, ui, g, "Bonus!", "Train dice only")


def _place(t, app, ui, g):
    started = bool(g.train())
    ui.header(app.session.label(app, g.player(), ui.cols - 9), "re-roll" if started else "1st roll")
    top, mid, tips = place_rows(ui)
    if started:
        D.train(ui, g.train(), top)
    else:
        ui.text(ui.cut("Loco + 1 car", ui.cols), 0, ui.header_h + 1)
    free = g.unplaced()
    faces = "".join(g.faces()[i] for i in free)
    chosen = [i for i in range(len(free)) if free[i] in t.sel]
    labels, k = t.ring(g)
    D.dice(ui, faces, mid, chosen, t.cur if t.cur < k else -1)
    o = t.odds(app, g)
    if g.event() == "stuck":
        lines = ["Stuck: Switch?"]
    elif o is not None:
        from app.trainmaker.tip import tip_lines
        lines = tip_lines(o, ui.cols, len(tips))
    elif app.settings["odds"]:
        lines = ["Tip ..."]
    else:
        lines = ["1+ die, no Loco"] if started else []
    if not started and len(lines) < len(tips):
        lines.append("Caboose ends it")  # the first roll's other rule, where there is room
    lines = ui.cut(lines, len(tips))
    for i in range(len(lines)):
        ui.text(ui.cut(lines[i], ui.cols), 0, tips[len(tips) - len(lines) + i])
    x = D.options(ui, labels[k:], t.cur - k)
    if o is not None:
        right = D.pct(o[0])
        if x + ui.width_of(right) <= ui.w:
            ui.right(right, ui.footer_y)


def _after_place(t, app, ui, g):
    ui.header(app.session.label(app, g.player(), ui.cols - 8), "%d left" % len(g.unplaced()))
    top, mid, low = rows(ui)
    D.train(ui, g.train(), top)
    o = _odds_or(t, app, ui, g, 2, "Re-roll: 1+ die")
    if o is not None:
        # no card in reach: stopping at least spares the derail
        ui.line(3, "Tip: stop" if o[0] == 0 else "Derail risk " + D.pct(o[1]))
    elif not app.settings["odds"]:
        ui.line(3, "Stop: no card")
    D.options(ui, t.ring(g)[0], t.cur)


def _score(t, app, ui, g):
    ui.header(app.session.label(app, g.player(), ui.cols - 9), "complete")
    ui.line(0, "Score one card:")
    labels = t.ring(g)[0]
    for i in range(min(len(labels), ui.rows - 1)):
        if i == t.cur:
            ui.bar(i + 1, labels[i])
        else:
            ui.line(i + 1, labels[i])
    ui.footer("OK: score it")


def _over(t, app, ui, g):
    p = g.winner()
    name = "Steam Engine" if p < 0 else app.session.names[p]
    if g.win_reason() == "goods":
        ui.header("All 6 goods")
        ui.line(0, "Terminals: wild")
    else:
        ui.header("Contract met")
    y = big_y(ui)
    ui.big_text(name, y)
    if p >= 0:
        ui.player_mark(0, y + 2 * ui.s, name)
    ui.line(ui.rows - 1, "wins the game!")
    D.options(ui, t.ring(g)[0], t.cur)


def big_y(ui):
    """Top of the big type, between body row 0 and the last body row."""
    return (2 * ui.body_y + ui.rows * ui.pitch - 8 * ui.big) // 2
