"""The games the gadget runs, and the session that holds the one in play.

GAMES is the registry: one row per game, (id, title, fewest players, most
players).  Each game's screens are the package ``app.<id>``, imported only
when that game is set up or played, so a game never opened costs no RAM.
Its ``__init__`` is the entry point and provides:

  game_class()                the rules core's Game class (from schaffner.<id>)
  setup(app, names)           screens asking anything else the game needs,
                              ending in app.start_game(id, names, game)
  play_screen()               the screen the game is played on
  describe(action, names, g)  short text for "Undone: ..." (g: the game as it
                              was when the action was applied, i.e. after the undo)
  acting(g)                   seat of the player who acts now, or None (for the LED)
  menu(app)                   optional: the game's menu, which a long OK opens
                              under the screen's help (app.help)
  result(g, names)            None until the game is over, then what the history
                              keeps (the dict docs/architecture.md describes)

docs/architecture.md says how to add a game.
"""
import sys

from app.game_save import KEPT, UNDO

_KEEP = 64  # Journal.from_dict's keep and fold: a replayed log folds where the journal would
_FOLD = 32

VERSION = 2  # of the save: 1 was a whole save per action, 2 a snapshot with a log

GAMES = (
    ("taubertal", "Taubertal-Expr.", 2, 4),
    ("trainmaker", "Trainmaker", 1, 6),
    ("ttr_austria", "TtR Austria", 2, 5),
)


def row(game_id):
    for r in GAMES:
        if r[0] == game_id:
            return r
    raise ValueError("Unknown game %r" % (game_id,))


def title(game_id):
    return row(game_id)[1]


def others(game_id, names=None):
    """Of names (None: the modules in the heap) those of every game but game_id (None:
    of every game), app.<id>... and schaffner.<id>...: what leaves the heap as a game
    starts, or as a setup that may have preloaded another game's is left."""
    if names is None:
        names = sys.modules
        # this runs in the press that starts a game, where a walk of every module's
        # name takes 5 ms: a game's modules come in with its package, and only this
        # takes the packages out, so with none of theirs in there is nothing to find
        for g in GAMES:
            if g[0] != game_id and ("app." + g[0] in names or "schaffner." + g[0] in names):
                break
        else:
            return []
    out = []
    for name in names:
        at = 4 if name.startswith("app.") else 10 if name.startswith("schaffner.") else 0
        if at:
            for g in GAMES:
                gid = g[0]  # compared in place: a split of every name was garbage enough for a collection
                end = at + len(gid)
                if gid != game_id and name.startswith(gid, at) and (len(name) == end or name.startswith(".", end)):
                    out.append(name)
                    break
    return out


def module(game_id):
    """The game's entry point, imported on first use."""
    row(game_id)
    return __import__("app." + game_id, None, None, ("x",))


class Session:
    """The game in play: which game, who plays (in seat order from the start player: names,
    the colours; players, the roster's name per seat, "" where the colour plays as itself),
    the journal, a key no other game on this device had (app.history), ms: how long
    it has been in play (None for a game saved before it was counted), and owed: the game is
    over and the history does not hold it yet (its record waits for the hands to leave the
    buttons, app.history_write; a boot finds it owed after a power cut, and writes it)."""

    def __init__(self, game_id, names, journal, key=0, players=None, ms=0, owed=False):
        self.game_id = game_id
        self.names = names
        self.players = list(players) if players else [""] * len(names)
        self.journal = journal
        self.key = key
        self.ms = ms
        self.owed = owed
        self.ui = module(game_id)

    @property
    def game(self):
        return self.journal.game

    def label(self, app, seat, room):
        """Seat's colour, with the name of who plays it where there is one (app.seats,
        imported only then: a game of colours alone does without it)."""
        if not self.players[seat]:
            return self.names[seat]
        from app.seats import label
        return label(app, seat, room)

    def to_dict(self):
        d = {"app": "schaffner", "v": VERSION, "game": self.game_id, "names": self.names,
             "players": self.players, "ms": self.ms, "key": self.key, "journal": self.journal.to_dict()}
        if self.owed:
            d["owed"] = 1
        return d

    @classmethod
    def from_dict(cls, data):
        """Rebuild a saved session (this version's save or the one before);
        ValueError for anything else."""
        from schaffner.journal import Journal  # (imported when a game is first built: not for a boot's first frame)

        if not isinstance(data, dict) or data.get("app") != "schaffner":
            raise ValueError("Not a Schaffner save")
        if data.get("v") not in (1, VERSION):
            raise ValueError("Saved by another version")
        game_id = data.get("game")
        names = data.get("names")
        if not isinstance(names, list):
            raise ValueError("Not a Schaffner save")
        key = data.get("key", 0)  # saves from before the history have none
        players = data.get("players")  # saves from before names have none
        ms = data.get("ms")  # nor the time in play
        owed = data.get("owed", 0)  # nor a record owed: they wrote it before the action's
        if type(key) is not int or (players is not None and not _players(players, len(names))) \
                or (ms is not None and type(ms) is not int) or type(owed) is not int or owed not in (0, 1):
            raise ValueError("Not a Schaffner save")
        ui = module(game_id)
        return cls(game_id, names, Journal.from_dict(ui.game_class(), data.get("journal")), key, players, ms,
                   owed == 1)

    @staticmethod
    def replay(session, log):
        """Apply the records of the save's log (actions, UNDO, REDO and KEPT) to the
        session; ValueError, and nothing changed, if one does not fit.  An action or a
        redo owes the history the game if it is over after them, until a KEPT; an undo
        owes nothing new (its record is taken back at once, app.history_write)."""
        from schaffner.journal import REDO

        entries = []  # type: list[list | dict | None]
        owed = session.owed
        for record in log:
            if record == UNDO:
                entries.append(None)
            elif record == KEPT:
                owed = False
            elif isinstance(record, list) or record == REDO:
                entries.append(record)
                owed = True
            else:
                raise ValueError("Not a record of ours")
        session.journal.restore(entries)
        session.owed = owed and session.ui.result(session.game, session.names) is not None


class Saved:
    """A game as its save holds it, its rules not loaded yet (a boot's first frame waits for
    no game's modules): which game, whether an action can be undone or redone (what the main
    menu shows of it), and the snapshot's data with the records logged since, which
    build() makes into the Session."""

    def __init__(self, data):
        # the header as Session.from_dict checks it, as far as the first frame needs it (the
        # rest is checked when the game is built, and falls back as the boot did)
        if not isinstance(data, dict) or data.get("app") != "schaffner" or data.get("v") not in (1, VERSION):
            raise ValueError("Not a Schaffner save")
        self.game_id = data.get("game")
        row(self.game_id)
        journal = data.get("journal")
        actions = journal.get("actions") if isinstance(journal, dict) else None
        undone = journal.get("undone", []) if isinstance(journal, dict) else None
        if not isinstance(actions, list) or not isinstance(undone, list):
            raise ValueError("Not a saved game")
        self.data = data
        self.log = []
        self.actions = len(actions)  # as Journal.restore counts them, without the game
        self.undone = len(undone)

    @staticmethod
    def replay(saved, log):
        """The records logged after the snapshot, counted as the journal takes them (an undo
        takes back the last action, a redo does it again, an action ends what could be
        redone); ValueError where the journal would refuse one."""
        actions = saved.actions
        undone = saved.undone
        for record in log:
            if record == KEPT:
                continue
            if record == UNDO:
                if not actions:
                    raise ValueError("Nothing to undo")
                actions -= 1
                undone += 1
                continue
            if isinstance(record, list):
                undone = 0
            elif undone:  # a redo (Session.replay refuses what is none)
                undone -= 1
            else:
                raise ValueError("Nothing to redo")
            actions += 1
            if actions > _KEEP + _FOLD:
                actions -= _FOLD
        saved.actions = actions
        saved.undone = undone
        saved.log = log


def build(saved, saves):
    """(the Session, note) of saved: its game's rules imported and the log replayed; note
    "fell back" when the log does not fit the game (the snapshot alone then, as
    GameSave.load gives it). A snapshot that does not fit its game: saves (its GameSave)
    loaded again, whole, which falls back to the copy before as it always did."""
    try:
        session = Session.from_dict(saved.data)
    except ValueError:
        saved = None  # (its data's heap is the load's)
        return saves.load(Session.from_dict, Session.replay)
    if saved.log:
        try:
            Session.replay(session, saved.log)
        except (ValueError, KeyError, TypeError, IndexError):
            return session, "fell back"
    return session, None


def _players(players, n):  # a name (or "") per seat
    if not isinstance(players, list) or len(players) != n:
        return False
    for p in players:
        if not isinstance(p, str):
            return False
    return True
