"""Trainmaker: what both the play screen and the game menu open, the players'
statistics and a met Contract's declaring; preloaded with the game (the game menu is
not: it loads with the long OK that opens it).
"""
from app.trainmaker.text import card_text, goods_line
from app.ui import plural, spread, wrap
from app.widgets import Confirm, Menu, TextView


def act(app, action):
    """The action done, and back to the play screen."""
    app.do(action)
    app.back_to_play()


def declare(app):
    g = app.session.game
    name = app.session.names[g.declarer()]
    app.push(Confirm("Contract", name + " shows a met Contract and wins?", lambda a: act(a, ("declare",))))


def players(app):
    g = app.session.game
    names = app.session.names
    cols = app.ui.cols
    items = [spread(names[p], plural(g.stats(p)[3], "card"), cols) for p in range(g.players())]
    if g.steam():
        items.append(spread("Steam", plural(len(g.steam_cards()), "card"), cols))
    app.push(Menu("Players", items, _player))


def _player(app, p):
    g = app.session.game
    cols = app.ui.cols
    if p == g.players():
        lines = [spread("Cards", "%d" % len(g.steam_cards()), cols)]
        lines += [card_text(c) for c in g.steam_cards()]
        lines.append("Contract:")
        lines += [" " + n for n in (g.steam_contract() or ["not entered"])]
        app.push(TextView("Steam", lines))
        return
    r = g.stats(p)
    lines = [spread("Rolls", "%d" % r[0], cols), spread("Derails", "%d" % r[1], cols),
             spread("Trains", "%d" % r[2], cols), spread("Cards", "%d" % r[3], cols),
             spread("Switch", "in hand" if g.has_switch(p) else "used", cols)]
    missing = g.goods_missing(p)[0]
    lines.append(goods_line(g, p))
    lines += [card_text(c) for c in g.scored(p)]
    if missing:
        lines += wrap("Lacks " + " ".join(missing), cols)
    lines.append("Terminals wild")
    app.push(TextView(app.session.names[p], lines))
