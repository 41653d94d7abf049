"""make export: the games a Pico kept, as history.csv, history.json and history.bgsplay
(BG Stats' play file), and a summary.

    python -m host_tools export [--port /dev/ttyACM0] [--out FOLDER]
    python -m host_tools export --from FILE_OR_FOLDER [--out FOLDER]

From a Pico (found on USB by its vendor id, or --port), over the link every tool uses
(pico/link.py): one raw-REPL session, which stops the running app and feeds its watchdog
meanwhile, reads every file of /data, then resets the board: the app starts again at
once, and a game in play is offered again with "Resume game", from its save.  The read
writes nothing on the board.  With no Pico connected it says so and changes nothing.

--from reads a copy instead: a folder holding the files of the Pico's /data
(the folder plays.ring, history.old, history.log, plays.old, plays.log, dice.log, and the save of the game in play:
its log with the snapshot in it, the folder game.ring, and game.json and game.log from a
version before; the gadget's dice check counts its dice too), or one history file.

The files' format and history.json's schema: docs/history.md.  A damaged
record is reported with its number and place; every complete record is still
exported.  Exit status: 0 all read, 1 some record damaged (the rest written),
2 nothing read.
"""
import csv
import datetime
import json
import os
import tempfile

from . import paths
from .errors import ToolError
from .pico.link import BoardError, BoardGone

paths.device_code_on_path()
from app import bgsplay  # noqa: E402
from app.colours import NAMES  # noqa: E402
from app.dice_check import verdict, weights  # noqa: E402
from app.flash import OsFiles  # noqa: E402
from app.game_save import GameSave  # noqa: E402
from app.games import GAMES, Session  # noqa: E402
from app.history import BLOCKS, OLD_SLOT, SLOT, tally  # noqa: E402
from app.history_write import totals  # noqa: E402
from app.ringlog import BLOCK, RingLog  # noqa: E402
from app.store import FileStore  # noqa: E402
from schaffner.trainmaker.dice import NAMES as FACE_NAMES  # noqa: E402

# oldest first, each with its slot: the versions before names wrote the first two; the
# versions before the ring the last two
HISTORY_FILES = ("history.old", "history.log", "plays.old", "plays.log")
SLOTS = {"history.old": OLD_SLOT, "history.log": OLD_SLOT, "plays.old": SLOT, "plays.log": SLOT}
RING = "plays.ring"  # the games kept since, after those of the files
LOG_FOLDERS = ("game.ring", "game.log", RING)  # the game in play's log, a version before's, the history's
SCHEMA = "schaffner-history/1"
CSV_COLUMNS = ("number", "date", "time", "duration_min", "game", "title", "players", "seat", "colour", "name",
               "score", "score_unit", "place", "won", "winner", "won_by", "tiebreak", "turns", "actions")


class ExportError(ToolError):
    """Why nothing could be exported, in one line for the user (exit status 2)."""

    def __init__(self, message):
        ToolError.__init__(self, message, code=2)


# --- reading ---------------------------------------------------------------------

def read_pico(board):
    """{name under /data: bytes} of /data's files and of the game's log folders
    (docs/architecture.md), from a board on the link.  Read through littlefs, a file of the
    ring gives the flash block beneath it as the gadget programmed it."""
    files = {}
    for path, data in board.data_files().items():
        parts = path[len("/data/"):].split("/")
        if len(parts) == 1 or (len(parts) == 2 and parts[0] in LOG_FOLDERS):
            files["/".join(parts)] = data
    return files


def read_copy(path):
    """{name: bytes} from a copy of /data (a folder) or a single history file."""
    if os.path.isdir(path):
        files = {}
        names = sorted(os.listdir(path))
        for folder in LOG_FOLDERS:
            if os.path.isdir(os.path.join(path, folder)):
                names += [folder + "/" + n for n in sorted(os.listdir(os.path.join(path, folder)))]
        for name in names:
            p = os.path.join(path, name)
            if os.path.isfile(p):
                with open(p, "rb") as f:
                    files[name] = f.read()
        if not any(n in files for n in HISTORY_FILES + ("dice.log", RING + "/0")):
            raise ExportError("%s holds no plays.ring, plays.log, plays.old, history.log, history.old or dice.log"
                              % path)
        return files
    if not os.path.exists(path):
        raise ExportError("no such file or folder: %s" % path)
    name = os.path.basename(path)
    with open(path, "rb") as f:  # one file: by its name, else as the versions before named it
        return {name if name in SLOTS else "history.log": f.read()}


# --- records -----------------------------------------------------------------------

def _int(v):
    return type(v) is int


def check_record(rec):
    """Why a parsed record is not one the device writes, or None."""
    if not isinstance(rec, dict):
        return "not a record"
    if rec.get("v") not in (1, 2):
        return "unknown record version %r" % (rec.get("v"),)
    kinds = {"k": _int, "g": str, "a": _int, "w": str, "h": str, "b": str, "u": str, "p": list}
    for key, kind in kinds.items():
        value = rec.get(key)
        if not (kind(value) if kind is _int else isinstance(value, kind)):
            return "field %r missing or wrong" % key
    d = rec.get("d")
    if d is not None and not (isinstance(d, str) and len(d) == 10 and d[4] == d[7] == "-"):
        return "date %r is not YYYY-MM-DD" % (d,)
    if rec.get("t") is not None and not _int(rec["t"]):
        return "turns %r is not a number" % (rec["t"],)
    if not rec["p"]:
        return "no players"
    for p in rec["p"]:
        if not (isinstance(p, list) and len(p) == 3 and isinstance(p[0], str) and _int(p[1]) and _int(p[2])):
            return "player %r is not [colour, score, place]" % (p,)
    c = rec.get("c")
    if c is not None and not (isinstance(c, str) and len(c) == 5 and c[2] == ":"):
        return "time %r is not HH:MM" % (c,)
    m = rec.get("m")
    if m is not None and not (_int(m) and m > 0):
        return "minutes %r are not a number" % (m,)
    n = rec.get("n")
    if n is not None and not (isinstance(n, list) and len(n) == len(rec["p"]) and all(isinstance(x, str) for x in n)):
        return "names %r are not one per player" % (n,)
    return None


def names_of(rec):
    """The name per seat ("" where the colour played as itself; a v 1 record has none)."""
    return rec.get("n") or [""] * len(rec["p"])


def cleared(files):
    """Why the device shows no games although files are there, or None."""
    if "history.clr" in files:
        return "the history was cleared on the gadget (undoable there until the next action)"
    if "history.del" in files:
        return "the history was cleared on the gadget"
    return None


def records(files, names=None):
    """(records oldest first, problems): every complete record the device shows.
    names: what to call each file in a message (default its name on the device)."""
    out = []
    problems = []
    if cleared(files):
        return out, problems
    for name in HISTORY_FILES:
        data = files.get(name, b"")
        if data and not data.startswith(b"\n{"):
            problems.append("%s is not a Schaffner history file (its records start with a new line and '{'); "
                            "left out" % (names or {}).get(name, name))
            continue
        size = SLOTS[name]
        whole = len(data) // size
        for i in range(whole):
            where = "%s record %d (bytes %d-%d)" % (name, i + 1, i * size, (i + 1) * size - 1)
            _take(data[i * size:(i + 1) * size], where, out, problems)
        if len(data) % size:
            problems.append("%s ends with an incomplete record (%d bytes after byte %d), cut off while it was "
                            "written; the device drops it too" % (name, len(data) % size, whole * size))
    for where, data in ring_records(files):
        _take(data, where, out, problems)
    return out, problems


def _take(data, where, out, problems):
    """The record in data (bytes) added to out, else why not to problems."""
    try:
        rec = json.loads(data.decode("ascii"))
    except (ValueError, UnicodeDecodeError):
        problems.append("%s is damaged: not a complete record; left out" % where)
        return
    why = check_record(rec)
    if why:
        problems.append("%s is damaged: %s; left out" % (where, why))
    else:
        out.append(rec)


class _Blocks:
    """The ring's files as its blocks (app.ringlog), a missing one erased flash."""

    def __init__(self, files):
        self.files = files
        self.count = BLOCKS

    def read(self, k, off, buf):
        data = self.files.get("%s/%d" % (RING, k), b"").ljust(BLOCK, b"\xff")
        buf[:] = data[off:off + len(buf)]


def ring_records(files):
    """(where, bytes) of the games the history's ring holds, oldest first, as the gadget
    reads them: a record "-" takes back the game before it, a clear's record (the
    snapshot the ring's records in play begin with) holds none."""
    if not any("%s/%d" % (RING, k) in files for k in range(BLOCKS)):
        return []
    found = []
    blocks = _Blocks(files)

    def each(k, pos, n, c):
        if c == 0x7B:  # {
            data = bytearray(n)
            blocks.read(k, pos + 4, data)
            found.append(("%s/%d record at byte %d" % (RING, k, pos), bytes(data)))
        elif c == 0x2D and found:  # -
            found.pop()
    RingLog(blocks).read(-1, each)
    return found


def game_in_play(files):
    """The session the gadget would resume from these files (its save), or None."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in files.items():
            path = os.path.join(tmp, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
        try:
            return GameSave(FileStore(tmp, OsFiles()), "game", None).load(Session.from_dict, Session.replay)[0]
        except ValueError:
            return None


def left_by_a_cut(recs, session):
    """Whether the newest record is one the gadget drops before it shows the history:
    the game in play's, which is not over (a power cut came before its ending was saved)."""
    return bool(recs and session is not None and session.key and recs[-1]["k"] == session.key
                and session.ui.result(session.game, session.names) is None)


def dice_counts(files, session):
    """(faces counted, problems): dice.log's records and the game in play's rolls, as the
    gadget's dice check counts them."""
    data = files.get("dice.log")
    live = tally(session.game) if session is not None else None
    if data is None and live is None:
        return None, []
    problems = []
    for n, line in enumerate((data or b"").decode("ascii", "replace").split("\n")):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
            ok = (isinstance(r, list) and len(r) == 6 and r[0] in ("u", "g", "r")
                  and all(_int(x) and x >= 0 for x in r[1:]))
        except ValueError:
            ok = False
        if not ok:
            problems.append("dice.log line %d is damaged; left out" % n)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "dice.log"), "wb") as f:
            f.write(data or b"")
        return totals(OsFiles(), os.path.join(tmp, "dice.log"), live), problems


# --- output -------------------------------------------------------------------------

def title(game_id):
    for row in GAMES:
        if row[0] == game_id:
            return row[1]
    return game_id


def entries(recs):
    """history.json's games (docs/history.md), oldest first, numbered as the device numbers them."""
    out = []
    for i, r in enumerate(recs):
        names = names_of(r)
        out.append({
            "number": i + 1, "key": r["k"], "game": r["g"], "title": title(r["g"]), "date": r["d"],
            "time": r.get("c"), "duration_min": r.get("m"),
            "players": [{"seat": s + 1, "colour": p[0], "name": names[s], "score": p[1], "place": p[2],
                         "won": p[2] == 1} for s, p in enumerate(r["p"])],
            "winner": r["w"], "won_by": r["h"], "tiebreak": r["b"], "turns": r["t"], "actions": r["a"],
            "score_unit": r["u"],
        })
    return out


def dice_summary(counts):
    if counts is None:
        return None
    n = sum(counts)
    w = weights()
    words, stat, p = verdict(counts) if n else ("No dice rolled", None, None)
    return {"dice": n, "faces": dict(zip(FACE_NAMES, counts)),
            "expected": dict(zip(FACE_NAMES, [round(n * k / 6, 1) for k in w])),
            "chi_square": stat, "degrees_of_freedom": len(counts) - 1, "p_value": p, "verdict": words}


def write_csv(path, games):
    with open(path, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(CSV_COLUMNS)
        for g in games:
            for p in g["players"]:
                out.writerow([g["number"], g["date"] or "", g["time"] or "",
                              "" if g["duration_min"] is None else g["duration_min"], g["game"], g["title"],
                              len(g["players"]), p["seat"], p["colour"], p["name"], p["score"], g["score_unit"],
                              p["place"], "yes" if p["won"] else "no",
                              g["winner"], g["won_by"], g["tiebreak"], "" if g["turns"] is None else g["turns"],
                              g["actions"]])


def summary(games, dice):
    """The table printed at the end: plays and wins per game and colour, the dice check."""
    lines = ["%d games kept" % len(games)]
    if games:
        lines.append("%-16s %-7s %5s %5s" % ("Game", "Colour", "Plays", "Wins"))
        per = {}
        for g in games:
            for p in g["players"]:
                c = per.setdefault((g["game"], p["colour"]), [0, 0])
                c[0] += 1
                c[1] += 1 if p["won"] else 0
        ids = [row[0] for row in GAMES]

        def order(item):  # as the gadget's "By colour": the registry's order, then the colours'
            (game, colour), _ = item
            return (ids.index(game) if game in ids else len(ids), game,
                    NAMES.index(colour) if colour in NAMES else len(NAMES), colour)

        for (game, colour), (plays, wins) in sorted(per.items(), key=order):
            lines.append("%-16s %-7s %5d %5d" % (title(game), colour, plays, wins))
    if dice is not None:
        lines.append("")
        lines.append("Dice check: %s, %d dice" % (dice["verdict"], dice["dice"]))
        if dice["p_value"] is not None:
            lines.append("chi-square %.2f, %d degrees of freedom, p = %.4f (fair if p >= 0.01)" % (
                dice["chi_square"], dice["degrees_of_freedom"], dice["p_value"]))
        lines.append("%-14s %8s %9s" % ("Face", "Rolled", "Expected"))
        for face in FACE_NAMES:
            lines.append("%-14s %8d %9.1f" % (face, dice["faces"][face], dice["expected"][face]))
    return lines


def export(files, out_dir, source, say=print, names=None, now=None):
    """Write history.csv, history.json and history.bgsplay into out_dir; return the
    exit status.  now: "YYYY-MM-DD HH:MM:SS" for the play file (default: this moment)."""
    recs, problems = records(files, names)
    session = game_in_play(files)
    if left_by_a_cut(recs, session):
        recs.pop()
        say("the newest record is the game in play's, which is not over: left by a power cut, and "
            "dropped as the gadget drops it")
    counts, dice_problems = dice_counts(files, session)
    problems += dice_problems
    games = entries(recs)
    dice = dice_summary(counts)
    os.makedirs(out_dir, exist_ok=True)
    write_csv(os.path.join(out_dir, "history.csv"), games)
    with open(os.path.join(out_dir, "history.json"), "w") as f:
        json.dump({"schema": SCHEMA, "source": source, "games": games, "dice": dice, "problems": problems},
                  f, indent=1)
        f.write("\n")
    if now is None:
        now = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    with open(os.path.join(out_dir, "history.bgsplay"), "w", encoding="utf-8") as f:
        f.write(bgsplay.dumps(recs, now))
    for p in problems:
        say("problem: " + p)
    if cleared(files):
        say(cleared(files) + ": no games to export")
    for line in summary(games, dice):
        say(line)
    say("wrote %s, %s and %s (for BG Stats)" % tuple(os.path.join(out_dir, "history." + x)
                                                     for x in ("csv", "json", "bgsplay")))
    return 1 if problems else 0


def arguments(parser):
    parser.add_argument("--port", help="the Pico's serial port (default: find it on USB)")
    parser.add_argument("--from", dest="source", metavar="FILE_OR_FOLDER",
                        help="read a copy: a folder with the files of /data, or one history file")
    parser.add_argument("--out", default=".", help="folder for history.csv, history.json and history.bgsplay (default: here)")


def run(state, args):
    names = None
    if args.source:
        files = read_copy(args.source)
        source = "file " + args.source
        if not os.path.isdir(args.source):
            names = {"history.log": args.source}
    else:
        try:
            port = state.port(args.port)
            state.out("reading %s (the gadget restarts afterwards; a game in play resumes from its save)" % port)
            board = state.pico(port)
        except ToolError as exc:
            raise ExportError(str(exc))
        try:
            files = read_pico(board)
        except (BoardGone, BoardError) as exc:
            raise ExportError("reading the Pico on %s failed (%s): plug it in and try again" % (port, exc))
        finally:
            board.reset()
        source = "pico " + port
    return export(files, args.out, source, state.out, names)
