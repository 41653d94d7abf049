"""A kept game as BG Stats has it: the link its app imports a play from (the scan
code), and the names and BoardGameGeek ids the export's play file shares.

docs/bgstats.md says what the link holds and why it is cut to fit.
"""
# The link is BG Stats' documented import, createPlay.html?data=<JSON>, the JSON
# URL-encoded.  Only what a query may not carry is escaped: ':' and ',' stay as
# they are (RFC 3986 allows both in a query; a decoder reads them the same), a
# third of the encoded length saved.  Fields BG Stats can do without are added
# in order of use only while the link still fits the room given.

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "Schaffner"

# game id -> (BG Stats' game name, BoardGameGeek id or 0 where none was
# confirmed, the board): Austria is a fan map for Ticket to Ride (9209).  A game
# not named here goes to BG Stats under its title in app.games, with no id.
GAMES = {
    "taubertal": ("Der Taubertal-Express", 0, ""),
    "trainmaker": ("Trainmaker", 0, ""),
    "ttr_austria": ("Ticket to Ride", 9209, "Austria (fan map)"),
}

_KEEP = b"-._~:,"  # besides letters and digits: left as they are


def game(game_id):
    """(BG Stats' name, BoardGameGeek id or 0, board) of a game; ValueError for a game
    the gadget does not have."""
    g = GAMES.get(game_id)
    if g is None:
        from app.games import title
        return title(game_id), 0, ""
    return g


def seat_name(rec, i):
    """The name seat i of a record plays under: the person's (the record's "n"), or
    the colour where the colour played as itself or the record names nobody."""
    n = rec.get("n")
    return n[i] if n and i < len(n) and n[i] else rec["p"][i][0]


def play_date(rec):
    """"YYYY-MM-DD HH:MM:SS" of a record (the time of day where it keeps one, else
    00:00:00), or None when the gadget's clock was not set."""
    d = rec.get("d")
    if not d:
        return None
    return "%s %s:00" % (d, rec.get("c") or "00:00")


def minutes(rec):
    """How long the game took, in minutes, or None where the record does not say."""
    m = rec.get("m")
    return m if type(m) is int and m > 0 else None


def _escape(text):
    # a JSON string's content, URL-encoded: UTF-8, every byte but the kept ones as %XX
    out = []
    for b in text.replace("\\", "\\\\").replace('"', '\\"').encode():
        if 48 <= b <= 57 or 65 <= b <= 90 or 97 <= b <= 122 or b in _KEEP:
            out.append(chr(b))
        else:
            out.append("%%%02X" % b)
    return "".join(out)


_Q = "%22"  # "


def _str(key, value):
    return _Q + key + _Q + ":" + _Q + _escape(value) + _Q


def _raw(key, value):
    return _Q + key + _Q + ":" + value


def _field(rec, field):
    # the encoded piece an optional field adds (after a comma, inside its object)
    if field == "sourcePlayId":
        return _str(field, "%s-%d" % (rec["g"], rec["k"]))
    if field == "playDate":
        return _str(field, play_date(rec))
    if field == "bggId":
        return _raw(field, str(game(rec["g"])[1]))
    if field == "board":
        return _str(field, game(rec["g"])[2])
    if field == "durationMin":
        return _raw(field, str(minutes(rec)))
    return _raw(field, "true")  # startPlayer


def _data(rec, extra):
    # the encoded JSON of a record with the optional fields named in extra
    head = [_str("sourceName", SOURCE)]
    for key in ("sourcePlayId", "playDate"):
        if key in extra:
            head.append(_field(rec, key))
    g = [_str("name", game(rec["g"])[0])]
    if "bggId" in extra:
        g.append(_field(rec, "bggId"))
    head.append(_raw("game", "%7B" + ",".join(g) + "%7D"))
    for key in ("board", "durationMin"):
        if key in extra:
            head.append(_field(rec, key))
    players = []
    for i, p in enumerate(rec["p"]):
        f = [_str("name", seat_name(rec, i)), _raw("score", str(p[1]))]
        if p[2] == 1:
            f.append(_raw("winner", "true"))
        if i == 0 and "startPlayer" in extra:
            f.append(_field(rec, "startPlayer"))
        players.append("%7B" + ",".join(f) + "%7D")
    head.append(_raw("players", "%5B" + ",".join(players) + "%5D"))
    return "%7B" + ",".join(head) + "%7D"


def optional(rec):
    """The fields BG Stats can do without that this record has, most useful first:
    the game's BoardGameGeek id, the date, the board, the minutes it took, an id
    that makes a second scan of the same play a duplicate BG Stats recognises, who
    started."""
    name, bgg, board = game(rec["g"])
    out = []
    if bgg:
        out.append("bggId")
    if play_date(rec):
        out.append("playDate")
    if board:
        out.append("board")
    if minutes(rec):
        out.append("durationMin")
    out.append("sourcePlayId")
    out.append("startPlayer")
    return out


def link(rec, room):
    """The BG Stats link of a record in at most room bytes, and the optional fields
    it left out; ValueError when even the fields BG Stats needs do not fit."""
    # Each optional field adds its piece and a comma wherever it goes, so the
    # choice is made on lengths and the link built once more at most: the scan
    # screen's press allocates two links, not one per field.
    text = LINK + _data(rec, ())
    size = len(text)
    if size > room:
        raise ValueError("The play is %d bytes as a link; a code here holds %d" % (size, room))
    extra = []  # type: list[str]
    left = []
    for field in optional(rec):
        more = len(_field(rec, field)) + 1
        if size + more <= room:
            extra.append(field)
            size += more
        else:
            left.append(field)
    if extra:
        text = LINK + _data(rec, extra)
    return text, left
