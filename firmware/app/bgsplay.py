"""The kept games as BG Stats' play file (history.bgsplay): what make export writes
and the web page's "BG Stats file" button saves.  Never imported on the gadget.

docs/bgstats.md has the format as written here and what each play carries.
"""
# Every uuid is name-based, so an export made again gives each play, player and
# game the uuid it had and BG Stats adds nothing twice: a UUID of version 8 from
# SHA-256 of a name (RFC 9562, B.2; hashlib.sha256 is on both runtimes, SHA-1 is
# not on MicroPython).  A play's name is its record's stable contents: a kept
# record never changes.
import hashlib
import json

from binascii import hexlify

from app import bgstats
from app.games import GAMES as REGISTRY

ABOUT = ("A play file for BG Stats, written by Schaffner: open it with BG Stats "
         "(share, open in, or its import) to add the games the gadget kept.")
NO_DATE = " 00:00:00"  # the time of a play kept with a date only


def uuid(name):
    b = bytearray(hashlib.sha256(("schaffner:" + name).encode()).digest()[:16])
    b[6] = b[6] & 0x0F | 0x80  # version 8
    b[8] = b[8] & 0x3F | 0x80  # the RFC's variant
    h = hexlify(bytes(b)).decode()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def play_name(rec):
    # every field a kept record has, in one order on both runtimes
    ps = rec["p"]
    seats = ";".join("%s,%d,%d" % (bgstats.seat_name(rec, i), ps[i][1], ps[i][2]) for i in range(len(ps)))
    return "play|%s|%d|%s|%d|%s|%s|%s|%s|%s|%s" % (
        rec["g"], rec["k"], rec["d"] or "", rec["a"], "" if rec["t"] is None else rec["t"],
        rec["w"], rec["h"], rec["b"], rec["u"], seats)


def _players_of(row, game_id):
    for r in REGISTRY:
        if r[0] == game_id:
            return r[2 + row]
    return 0


def chunks(recs, now):
    """The file's text, a piece at a time: the plays one by one as recs (any
    iterable of records, oldest first) gives them, then the players and games they
    named, so a long history never sits in the heap whole.  now: "YYYY-MM-DD
    HH:MM:SS", the export's time: the modification date, and the date of a play the
    gadget kept without one (its clock was not set)."""
    players = [{"uuid": uuid("me"), "id": 1, "name": "Me", "isAnonymous": False,
                "modificationDate": now, "bggUsername": ""}]
    by_name = {}  # type: dict[str, int]
    games = []  # type: list[dict]
    by_game = {}  # type: dict[str, int]
    yield '{"about":%s,"plays":[' % json.dumps(ABOUT)
    first = True
    for rec in recs:
        gid = rec["g"]
        name, bgg, board = bgstats.game(gid)
        if gid not in by_game:
            by_game[gid] = len(games) + 1
            games.append({"uuid": uuid("game|" + gid), "id": by_game[gid], "name": name, "modificationDate": now,
                          "cooperative": False, "highestWins": True, "noPoints": False, "usesTeams": False,
                          "urlThumb": "", "urlImage": "", "bggName": name if bgg else "", "bggYear": 0,
                          "bggId": bgg, "designers": "", "isBaseGame": 1, "isExpansion": 0, "rating": 0,
                          "minPlayerCount": _players_of(0, gid), "maxPlayerCount": _players_of(1, gid),
                          "minPlayTime": 0, "maxPlayTime": 0, "minAge": 0})
        scores = []
        for seat, p in enumerate(rec["p"]):
            who = bgstats.seat_name(rec, seat)
            if who not in by_name:
                by_name[who] = len(players) + 1
                players.append({"uuid": uuid("player|" + who), "id": by_name[who], "name": who,
                                "isAnonymous": False, "modificationDate": now, "bggUsername": ""})
            scores.append({"score": str(p[1]), "winner": p[2] == 1, "newPlayer": False, "startPlayer": seat == 0,
                           "playerRefId": by_name[who], "role": "", "rank": p[2], "seatOrder": seat + 1})
        day = bgstats.play_date(rec)
        yield ("" if first else ",") + json.dumps({
            "uuid": uuid(play_name(rec)), "modificationDate": day or now, "entryDate": day or now,
            "playDate": day or now[:10] + NO_DATE, "usesTeams": False, "durationMin": bgstats.minutes(rec) or 0, "ignored": False,
            "manualWinner": True, "rounds": 0, "gameRefId": by_game[gid], "board": board, "scoringSetting": 0,
            "playerScores": scores, "expansionPlays": []})
        first = False
    yield '],"players":%s,"games":%s,"locations":[],"userInfo":{"meRefId":1}}' % (
        json.dumps(players), json.dumps(games))


def dumps(recs, now):
    """The whole file's text (chunks() joined)."""
    return "".join(chunks(recs, now))
