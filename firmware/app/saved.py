"""A boot's saved game before it is built: what the main menu's first frame shows of it,
from its save alone (the game's rules not imported: app.app), and its building. The app
imports this module at boot and lets it go once the game is built (App._build)."""
from app.game_save import UNDO
from app.games import VERSION, Session, row

_KEEP = 64  # Journal.from_dict's keep and fold: a replayed log folds where the journal would
_FOLD = 32


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
