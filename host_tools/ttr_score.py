"""Ticket to Ride Austria: the final scoring of a game kept in files.

    python -m host_tools ttr-score MAP CLAIMS [--stations] [--no-longest] [--no-west-east]
    python -m host_tools ttr-score MAP            (check a map file and summarise it)

MAP describes the board (cities, routes, tourist routes, tickets); CLAIMS says
who built which routes and holds which tickets.  Both formats are in
docs/ttr-map-format.md; examples in host_tools/maps/.  Prints the scoring table,
each player's breakdown and the ranking.  A bad file gets one message per
problem, ``FILE:LINE: message``, and exit status 1.

The reading of the text lives here; every rule (what a map or a claim may be,
and the scoring) is the rules core's, lib/schaffner/ttr_austria.
"""
import difflib
import os
import re
import sys

from . import paths

paths.device_code_on_path()
from schaffner.ttr_austria import points as pts  # noqa: E402
from schaffner.ttr_austria.board import EAST, NO_SIDE, WEST, Board  # noqa: E402
from schaffner.ttr_austria.claims import Claims  # noqa: E402
from schaffner.ttr_austria.final import score_board  # noqa: E402
from schaffner.ttr_austria.game import PARTS  # noqa: E402


class FileErrors(Exception):
    """Problems found in a file: a list of ``FILE:LINE: message`` strings."""

    def __init__(self, messages):
        super().__init__("\n".join(messages))
        self.messages = messages


def read_rows(path):
    """[(line number, [field, ...]), ...] of a map or claims file.

    Fields are separated by commas (semicolons or tabs work too, so a
    spreadsheet's CSV export reads as it is); ``#`` starts a comment; blank
    lines are skipped; quotes around a field and empty trailing fields are
    dropped; the first field (the kind of line) is lower-cased.
    """
    try:
        with open(path, encoding="utf-8-sig") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise FileErrors(["%s: cannot read: %s" % (path, exc)])
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        fields = [f.strip().strip('"').strip() for f in re.split(r"[,;\t]", line)]
        while fields and not fields[-1]:
            fields.pop()
        if fields:
            fields[0] = fields[0].lower()
            rows.append((number, fields))
    return rows


def _number(text, what):
    if not re.fullmatch(r"[+-]?\d+", text):
        raise ValueError("%s %r is not a whole number" % (what, text))
    return int(text)


def _penalty(text, what):
    """A penalty as printed on the board (-8) or as a plain 8: always 8."""
    return abs(_number(text, what))


def _side(text):
    side = {"": NO_SIDE, "west": WEST, "east": EAST}.get(text.lower())
    if side is None:
        raise ValueError("side %r must be west or east" % text)
    return side


# kind: (fields after the kind, how they read)
MAP_LINES = {
    "map": ("NAME",),
    "city": ("NAME", "[west|east]"),
    "route": ("CITY", "CITY", "LENGTH"),
    "double": ("CITY", "CITY", "LENGTH"),
    "tourist": ("CITY", "CITY", "LENGTH", "NAME", "PENALTY"),
    "ticket": ("CITY", "CITY", "VALUE", "[TOURIST ROUTE]"),
    "sonderzug": ("CITY", "CITY", "PUNKTE", "STRAFE", "TOURIST ROUTE"),
}
CLAIM_LINES = {
    "player": ("NAME",),
    "route": ("CITY", "CITY"),
    "ticket": ("CITY", "CITY"),
    "station": ("CITY",),
}


def _shape(kinds, fields):
    """The fields after the kind, checked against the kind's count."""
    spec = kinds.get(fields[0])
    if spec is None:
        raise ValueError("unknown line kind %r (expected %s)" % (fields[0], ", ".join(kinds)))
    args = fields[1:]
    least = len([s for s in spec if not s.startswith("[")])
    if not least <= len(args) <= len(spec) or "" in args[:least]:
        raise ValueError("expected: %s" % ", ".join((fields[0],) + spec))
    return args


def _hint(message, names):
    """Add a likely intended name to an 'unknown city/tourist route' message."""
    for prefix in ("Unknown city ", "Unknown tourist route "):
        if message.startswith(prefix):
            close = difflib.get_close_matches(message[len(prefix):], names, 1, 0.75)
            if close:
                return "%s (did you mean %s?)" % (message, close[0])
    return message


def parse_map(path, west_east=True):
    """Read a map file into a Board; FileErrors lists every problem found."""
    board = Board(os.path.basename(path))
    errors = []
    tourist_line = {}
    for number, fields in read_rows(path):
        try:
            args = _shape(MAP_LINES, fields)
            kind = fields[0]
            if kind == "map":
                board.name = args[0]
            elif kind == "city":
                board.add_city(args[0], _side(args[1] if len(args) > 1 else ""))
            elif kind in ("route", "double"):
                board.add_route(args[0], args[1], _number(args[2], "length"), 2 if kind == "double" else 1)
            elif kind == "tourist":
                board.add_tourist(args[0], args[1], _number(args[2], "length"), args[3],
                                  _penalty(args[4], "penalty"))
                tourist_line.setdefault(args[3], number)
            elif kind == "ticket":
                board.add_ticket(args[0], args[1], _number(args[2], "value"), args[3] if len(args) > 3 else None)
            else:
                board.add_sonderzug(args[0], args[1], _number(args[2], "Punkte"), _penalty(args[3], "Strafe"),
                                    args[4])
        except ValueError as exc:
            names = board.cities + [t[0] for t in board.tourists]
            errors.append("%s:%d: %s" % (path, number, _hint(str(exc), names)))
    for t in range(len(board.tourists)):
        if not board.tickets_of(t):
            name = board.tourists[t][0]
            errors.append("%s:%d: tourist route %s has no ticket (a ticket or sonderzug line naming it)"
                          % (path, tourist_line[name], name))
    if not board.routes and not errors:
        errors.append("%s: no routes" % path)
    if west_east and board.cities:
        for side, word in ((WEST, "west"), (EAST, "east")):
            if not board.side_cities(side):
                errors.append("%s: no city is marked %s (needed for the West-to-East bonus; "
                              "or use --no-west-east)" % (path, word))
    if errors:
        raise FileErrors(errors)
    return board


def parse_claims(path, board, stations=False):
    """Read a claims file against ``board``; FileErrors lists every problem."""
    claims = Claims(board)
    errors = []
    claim_line = {}
    player = -1
    for number, fields in read_rows(path):
        try:
            args = _shape(CLAIM_LINES, fields)
            kind = fields[0]
            if kind == "player":
                player = claims.add_player(args[0])
            elif player < 0:
                raise ValueError("%s line before the first player line" % kind)
            elif kind == "route":
                claim_line[(player, claims.add_route(player, args[0], args[1]))] = number
            elif kind == "ticket":
                claims.add_ticket(player, args[0], args[1])
            elif not stations:
                raise ValueError("a station, but stations are off (use --stations)")
            else:
                claims.add_station(player, args[0])
        except ValueError as exc:
            errors.append("%s:%d: %s" % (path, number, _hint(str(exc), board.cities)))
    for r in claims.double_conflicts():
        later = claims.builders(r)[1]
        errors.append("%s:%d: with 2 or 3 players only one track of double route %s may be built"
                      % (path, claim_line[(later, r)], board.route_name(r)))
    if len(claims.names) < pts.MIN_PLAYERS and not errors:
        errors.append("%s: needs at least 2 players (player, NAME lines)" % path)
    if errors:
        raise FileErrors(errors)
    return claims


def _signed(n):
    return "%+d" % n if n else "0"


def map_summary(board):
    doubles = len([r for r in board.routes if r[3] == 2])
    spaces = sum(r[2] * r[3] for r in board.routes)
    sonder = len([t for t in board.tickets if t[4]])
    return "\n".join([
        "Map %s: OK" % board.name,
        "  %d cities (west: %s; east: %s)" % (
            len(board.cities),
            ", ".join(board.cities[c] for c in board.side_cities(WEST)) or "-",
            ", ".join(board.cities[c] for c in board.side_cities(EAST)) or "-"),
        "  %d routes (%d double), %d train spaces" % (len(board.routes), doubles, spaces),
        "  %d tourist routes: %s" % (len(board.tourists), ", ".join(
            "%s -%d" % t for t in board.tourists) or "-"),
        "  %d tickets (Sonderzüge: %d)" % (len(board.tickets), sonder),
    ])


def report(board, claims, game, details):
    """The scoring table, each player's breakdown and details, the ranking."""
    n = game.players
    names = claims.names
    width = max(6, max(len(s) for s in names))
    out = []
    opts = "longest track %s, West-East %s, stations %s" % tuple(
        "on" if on else "off" for on in (game.longest_on, game.we_on, game.stations_on))
    out.append("Ticket to Ride Austria - final scoring, map: %s" % board.name)
    out.append("Options: " + opts)
    out.append("")
    parts = [game.parts(p) for p in range(n)]
    shown = [i for i in range(len(PARTS)) if i < 2 or [1 for p in range(n) if parts[p][i]]]
    out.append("%-16s" % "" + "".join(" %*s" % (width, s) for s in names))
    for i in shown:
        out.append("%-16s" % PARTS[i] + "".join(" %*s" % (width, _signed(parts[p][i])) for p in range(n)))
    out.append("%-16s" % "Total" + "".join(" %*d" % (width, game.total(p)) for p in range(n)))
    for p in range(n):
        d = details[p]
        out.append("")
        out.append("%s: %d points (%d train cars, longest track %d)" % (
            names[p], game.total(p), d["trains"], d["longest"]))
        for label, points in game.breakdown(p):
            out.append("  %-16s %5s" % (label, _signed(points)))
        for t, done in d["tickets"]:
            ticket = board.tickets[t]
            kind = "Sonderzug" if ticket[4] else "ticket"
            out.append("    %s %s %d: %s" % (kind, board.ticket_name(t), ticket[2],
                                             "done" if done else "not done"))
        for u in d["fined"]:
            out.append("    tourist route %s: -%d" % board.tourists[u])
        for r in d["borrowed"]:
            out.append("    station uses %s of %s" % (
                board.route_name(r), "/".join(names[q] for q in claims.builders(r))))
        if d["we"] and game.we_on:
            out.append("    West-to-East path")
    out.append("")
    out.append("Ranking (ties: most completed tickets, then longest track)")
    holders = game.longest_holders()
    for place, p, total in game.ranking():
        note = "%d tickets done" % game.done_tickets(p)
        if holders[p]:
            note += ", longest track"
        out.append("  %d. %-*s %4d  (%s)" % (place, width, names[p], total, note))
    return "\n".join(out)


def arguments(parser):
    parser.add_argument("map", help="map file (docs/ttr-map-format.md)")
    parser.add_argument("claims", nargs="?", help="claims file; without it the map is only checked")
    parser.add_argument("--stations", action="store_true", help="Europe-edition stations: +4 per unused")
    parser.add_argument("--no-longest", action="store_true", help="no 10-point longest-track bonus")
    parser.add_argument("--no-west-east", action="store_true", help="no 10-point West-to-East bonus")


def run(state, args):
    try:
        board = parse_map(args.map, not args.no_west_east)
        if args.claims is None:
            state.out(map_summary(board))
            return 0
        claims = parse_claims(args.claims, board, args.stations)
        game, details = score_board(board, claims, not args.no_longest, not args.no_west_east, args.stations)
    except FileErrors as exc:
        for message in exc.messages:  # FILE:LINE: message, one a line, as a compiler gives them
            print(message, file=sys.stderr)
        return 1
    state.out(report(board, claims, game, details))
    return 0
