"""The app: a stack of screens, the game in play, saving after every action, undo.

Driven by logical button events (app.events); draws onto the canvas it is
handed (app.ui); never touches pins or clocks: time comes in through tick(),
the date through today() (main.py's: (year, month, day), or None).
Saving is work for the polls after a press (the flash queue, app.flash): the
press puts its frame on the screen first (main.py shows it in the poll that
takes the press), then each following poll writes one small piece, while
busy() tells the main loop to poll again at once; what may erase waits for
the hands to leave the buttons (main.py tells the queue when they are at them).  So is loading a game's
code: a module's first import can take 30 ms on a Pico, so the modules a game
will need are imported one per poll while its setup screens are shown, in the
hands' pauses (preload()).
"""
import gc
import sys

from micropython import const

from app import forget, games
from app.colours import colour_of
from app.events import BACK, LONG, OK
from app.menus import MainMenu
from app.flash import DEFER, NOW, FlashQueue
from app.game_save import UNDO, GameSave
from app.store import NAMES, PLAYS, PLAYS_BLOCKS, SETTINGS, SETUP, FileStore, small_values
from app.ui import Ui, wrap

SAVE = "game"
# games: the last key a game got (app.history), so keys stay new if a save is lost;
# players: how many the roster holds (app.players), so a new game knows whether to ask
# who plays a colour without loading the roster
DEFAULT_SETTINGS = {"contrast": 6, "odds": True, "sound": True, "games": 0, "players": 0}
# the heap an import may take on a make deploy install: its file read whole, its code, its
# names (app.app's 7 KB file the largest)
_IMPORT_ROOM = const(16 * 1024)


class App:
    def __init__(self, canvas, width, height, storage, rng, palette=None, today=None, code_in_flash=False):
        self.ui = Ui(canvas, width, height, colour=palette is not None)
        self.palette = palette
        self.store = storage if storage is not None else FileStore("/data")
        self.store.look()  # the saves' folder listed once for the reads below
        self.rng = rng
        self.today = today
        self._history = None
        self.flash = FlashQueue()  # all flash work, in the order it must reach the flash
        # the settings, the roster and a setup's presses: their log (app.small_saves), the
        # list a save of them extended last (a setup's presses) and how many of its items
        self.small = None
        self.small_items = None
        self.small_count = 0
        small, snapped = small_values(self)
        if self.small is None or snapped and any(self.store.has("%s.%s" % (n, e)) for n in NAMES for e in ("json", "bak", "new")):
            self.later(self._small(None, snapped, None))  # what the boot owes them: blocks made, files removed
        self.settings = dict(DEFAULT_SETTINGS)
        saved = small.get(SETTINGS)
        if isinstance(saved, dict):
            for k in DEFAULT_SETTINGS:
                if type(saved.get(k)) is type(DEFAULT_SETTINGS[k]):
                    self.settings[k] = saved[k]
        # the game in play (games.Session); where the save holds one, built by resume() after
        # the boot's first frame (a plain attribute: the screens look at it at every press)
        self.session = None
        self._saved = None  # until then, its save read (games.Saved)
        self.message = None
        self.answer = None  # the message is a question: this key ...
        self.then = None  # ... does this (then(app))
        self.beeps = 0
        # while a new game is being set up (screens from this depth up), long BACK
        # must not undo the previous game's last action
        self.setup_depth = 0
        self.setup_log = None  # its presses so far, saved as they come (new_game.choose_game)
        self.seating = None  # the setup's name per seat ("": the colour plays as itself)
        self.clock = None  # now_ms of the last tick: the game in play counts the time between
        self.stack = []
        self.pressed = False  # an event came in this poll: its frame goes out before any other work
        self.events = 0  # events handled: what a screen made for one, its frame may use (ttr_austria.rows)
        self.loading = []  # modules to import, one per poll (preload)
        self.roomy = False  # room made for the next import (_load)
        self.opening = None  # a screen's opening, a step a poll (open())
        # the code is in flash (a firmware image: main.start): a module imported at need costs
        # a millisecond or two, not a read of it from the file system (tens on a Pico)
        self.code_in_flash = code_in_flash
        self.litter = False  # frames were drawn since the garbage was last collected
        self.saves = GameSave(self.store, SAVE, self._snapshot, queue=self.flash)
        # the save read, its game not yet built: the first frame waits for none of its modules
        saved, note = self.saves.load(games.Saved, games.Saved.replay)
        if self.saves.ring is None:  # a new gadget: its log's blocks, in the polls after the first frame,
            self.later(self.saves.making())  # not left for a pause: the hands have not come yet
        # the history's ring (app.history): its blocks found in the boot's walk to the saves
        # (the History, made later, walks to none: 20-150 ms outside a boot), else made in the
        # polls after the first frame (a new gadget's, an upgrade's first boot, a boot after a
        # cut stopped that): made at a game's end, they held its pause 200 ms and were most of
        # its erases
        plays = self.store.root + "/" + PLAYS
        self.plays = self.store.fs.ring(plays, PLAYS_BLOCKS, False)
        if self.plays is None:
            from app.repair import making_plays
            self.later(making_plays(self, plays, PLAYS_BLOCKS))
        self._saved = saved
        if saved is not None:
            self.preload(saved.game_id)
        else:  # the main menu's first entry is New game: its setup loads after the first frame
            self.loading.append("app.new_game")
        self.stack.append(MainMenu())
        events = small.get(SETUP)
        del small
        self.store.look(False)
        if isinstance(events, list) and events:  # [] once the setup is over
            if self.saves.begun:  # the game it started is in the log: the setup is over
                self._setup_saved([])
            else:
                self.resume()  # the setup ends in a new game, which replaces the one in play
                self._resume_setup(events)
        if note is not None:
            self.resume()  # the copy before, snapshot again at once (_noted)
        self._noted(note)
        self.dirty = True

    def resume(self):
        """The saved game built, its rules imported and its log replayed, where the boot left
        it for after the first frame (main.start); True when there is a message to show (a
        save that did not fit its game)."""
        saved = self._saved
        if saved is not None:
            self._saved = None
            self.session, note = games.build(saved, self.saves)
            self._noted(note)
        return self.message is not None

    def in_play(self):
        """The game in play as the main menu shows it, (game id, whether an action can be
        undone, and redone), or None; from its save (games.Saved) while it is not built."""
        s = self._saved
        if s is not None:
            return s.game_id, s.actions > 0, s.undone > 0
        s = self.session
        return None if s is None else (s.game_id, s.journal.can_undo(), len(s.journal.undone) > 0)

    def _noted(self, note):
        """What loading the save had to say (GameSave.load's note)."""
        if note == "fell back":
            self.saves.start()  # a clean snapshot, away from the damage
            self.notify("The last save was damaged. Restored the one before.")
        elif note is not None:
            self.notify("Saved game damaged or from other version: kept in %s." % note)

    def _resume_setup(self, events):
        """A setup a power cut interrupted: its presses again, from the game menu
        (what a setup's screens show follows from their presses alone)."""
        from app.new_game import choose_game
        self.setup_depth = 2
        choose_game(self)
        self.setup_log = None  # replayed, not saved again press by press
        for ev in events:
            if type(ev) is int and 0 <= ev < 8:
                self.handle(ev)
        self._setup_saved(events)

    def _setup_saved(self, log):
        if self.setup_depth and len(self.stack) >= self.setup_depth:
            self.setup_log = log
            self.small_save(SETUP, None, log)  # the presses since the last
        else:  # the game started, or the setup was left: a boot must not start it again
            self.setup_log = None
            # at once, unless the game in play is a new game's record in the log (a boot
            # that finds it leaves the setup alone): then off the buttons, ahead of the
            # game's snapshot (once that is made, a boot no longer sees the record, and
            # would set the game up again)
            self.small_save(SETUP, [], None, DEFER if self.saves.begun else NOW)
            if self.saves.folding is not None:
                self.flash.to_back(self.saves.folding)

    # --- screens -------------------------------------------------------
    def push(self, screen):
        # a screen over another takes the room of what that one keeps for its polls'
        # work (Trainmaker's table: its solver, let_go)
        let_go = getattr(self.top, "let_go", None)
        if let_go is not None:
            let_go()
        self.stack.append(screen)

    def pop(self):
        if len(self.stack) > 1:
            self._left(self.stack.pop())

    def replace(self, screen):
        old = self.stack[-1]
        self.stack[-1] = screen
        self._left(old)

    def home(self):
        while len(self.stack) > 1:
            self._left(self.stack.pop())

    def back_to_play(self):
        """Pop down to the game's play screen (the one marked PLAY)."""
        while len(self.stack) > 2 and not getattr(self.top, "PLAY", False):
            self._left(self.stack.pop())

    # A screen that opens a part of the app a game does without (Settings, the
    # history) names its modules in LEAVES: they leave the heap when it is left;
    # in LEAVES_IMAGE, those that leave it with the code in flash only (an import is a
    # millisecond there; a make deploy install's reads the flash: it keeps them).
    def _left(self, screen):
        names = getattr(screen, "LEAVES", None)
        if names:
            forget(*names)
            h = self._history
            if h is not None and h.at is not None:  # the history's index, read for the screen
                self.later(h.dropped())
        if self.code_in_flash:
            forget(*getattr(screen, "LEAVES_IMAGE", ()))

    @property
    def top(self):
        return self.stack[-1]

    def notify(self, text, answer=None, then=None):
        """A boxed message over the screen; the next button only dismisses it, or
        if it is answer, does then(app) too (nothing can change meanwhile)."""
        self.message = text
        self.answer = answer
        self.then = then

    # A screen whose code a press would import opens through work, a generator: its imports,
    # or a read of what it shows, a step each, then the screen pushed.  With the code in flash
    # (an import a millisecond or two) all at once; on a make deploy install (an import 10-40
    # ms) a step a poll from the poll that took the press, its frame in the polls after the
    # last (a game menu's four imports held a long OK's poll 94 ms).  A press that comes
    # meanwhile opens it at once (opened()), then goes to it.
    def open(self, work):
        self.opening = work
        if self.code_in_flash:
            self.opened()

    def open_with(self, name, fn, *args):  # open(): module name's fn(app, *args) pushes the screen
        self.open(_calling(name, fn, (self,) + args))

    def opened(self, every=True):
        # the screen being opened: a step of its work, or (every) all of them; True once open
        # (its work refused: the player told why, as for a press)
        try:
            for _ in self.opening or ():
                if not every:
                    return False
        except ValueError as exc:
            self.notify(str(exc.args[0]) if exc.args else "Not allowed")
        self.opening = None
        return True

    # A long OK, on every screen: the screen's help, with the game's menu while
    # the game is on screen (app.help, loaded when first asked for).
    def help(self):
        self.open_with("app.help", "open_help")

    def beep(self):
        if self.settings["sound"]:
            self.beeps += 1

    # --- events ----------------------------------------------------------
    def handle(self, ev):
        """One button event; returns True when the screen changed."""
        self.pressed = True
        self.events += 1
        log = self.setup_log  # not the press that opens the game menu: it is the log's start
        if self.setup_depth and len(self.stack) < self.setup_depth:  # the setup was left
            self.setup_depth = 0
            gid = self.session and self.session.game_id  # a game it preloaded leaves the heap
            forget(*games.others(gid))
            for name in games.others(gid, self.loading):
                self.loading.remove(name)
        try:
            if self.opening is not None:  # the screen a press opens, opened (and drawn: a menu
                self.opened()  # knows its rows once drawn) before the next press goes to it
                self.render()
            if self.message is not None:
                self.message = None
                if ev == self.answer:
                    self.then(self)  # type: ignore[misc]  # set with answer, by notify
            elif ev == BACK | LONG and self.session is not None and len(self.stack) > 1 and not self.setup_depth:
                self.undo()
            elif ev == OK | LONG:
                self.help()
            else:
                self.top.handle(self, ev)
        except ValueError as exc:
            self.notify(str(exc.args[0]) if exc.args else "Not allowed")
        if log is not None:
            log.append(ev)
            self._setup_saved(log)
        return self.opening is None  # a screen being opened: nothing to show until it is

    def tick(self, now_ms):
        """Time passes (every poll): a piece of saving if some is waiting, alone in
        its poll (deferred saving not while the top screen works or draws as time
        passes); else the top screen's tick: animations, and a slice of work such
        as the odds (a screen leaves its work for the next poll while app.pressed,
        so a press's frame goes out first); and when that drew nothing, and the
        screen neither works nor draws, a module preload() asked for (once the
        hands have left the buttons AFTER_MS: a press that came meanwhile would
        wait for it), or once they are all in, the history (App.history) of a
        game in play, or once the hands are off, the garbage of the frames time
        drew, then the journal's oldest actions folded into its base (Journal.tidy).
        True when the screen changed."""
        s = self.session
        if s is not None and s.ms is not None and self.clock is not None and s.ms < 0x20000000:
            # ticks_ms wraps at 2**30; past 6 days the count stops, a small int to the end
            s.ms += (now_ms - self.clock) & 0x3FFFFFFF
        self.clock = now_ms
        try:
            # the top screen's work for the polls, or what time draws on it (a roll's tumble):
            # the player waits for it or watches it, so deferred flash work, imports and the
            # frames' garbage wait for it (deferred flash work at the hands' pause held a
            # tumble's last frame 116 ms on the emulated Pico)
            if self.opening is not None:  # a screen a press opens: the player waits for it
                return self.opened(False)
            held = self._held()
            if self.flash.due(self.pressed, now_ms, held):
                return self._save(self.flash.step)
            top = self.top
            t = getattr(type(top), "tick", None)
            if t and t(top, self, now_ms):
                return True
            if not self.pressed and not held:
                if self.loading:
                    if self.flash.hands_off(now_ms):  # an import holds a poll 10-50 ms
                        self._load()
                elif self._history is None and self.session is not None:
                    # made while nothing waits: it looks for files a power cut
                    # left, which the press that ends the game should not do; and
                    # once the hands are off (22 ms of a make deploy install's poll
                    # right after a game's first press, on the emulated Display Pack)
                    if self.flash.hands_off(now_ms):
                        self._history = self._make_history()
                elif self.litter and self.flash.hands_off(now_ms):
                    self.litter = False
                    gc.collect()  # what frames drawn by time left (main.Device._show)
                elif s is not None and s.journal.untidy():
                    # after the collection: a fold first held it until the next press came
                    # (24.5 ms with the hands back, Taubertal's payday on the OLED's deploy)
                    if self.flash.hands_off(now_ms):  # 2-3 ms of a Pico for an action
                        s.journal.tidy()  # (its garbage goes with the next frame's)
            return False
        finally:
            self.pressed = False

    def busy(self):
        """True while work waits for the next poll, which should then come at once."""
        if self.opening is not None or self._screen_busy():
            return True
        held = self.ticking()  # (_held(), the screen's own work asked once)
        return self.flash.due(False, None, held) or not held and self._loads()

    def _held(self):
        """The top screen works for the polls or draws as time passes (tick())."""
        return self._screen_busy() or self.ticking()

    def _loads(self):
        return len(self.loading) > 0 and self.flash.hands_off(self.flash.now)
    def ticking(self):
        """True while the top screen wants time to pass poll by poll: it says so
        (its ticking(app)), or it has a tick and does not say."""
        top = self.top
        says = getattr(type(top), "ticking", None)
        if says is not None:
            return says(top, self)
        return getattr(type(top), "tick", None) is not None

    def _screen_busy(self):
        # the screen's class asked, not the screen: a bound method made at every poll
        # would be garbage, and a collection is 10-14 ms of a make deploy install's poll
        top = self.top
        b = getattr(type(top), "busy", None)
        return bool(b and b(top, self))

    def preload(self, game_id):
        """Import the game's code in the polls to come, one module a poll: the
        journal (which a boot leaves for the saved game, games.Saved), its
        entry point, then the modules its PRELOAD names (those its screens
        import when they first need them), then the history's, which the end of
        a game needs (not what writes a game's end, which its work imports: app.history);
        with the code in flash, not the game's LATER (screens opened aside, or at its end):
        they are imported then, and no game holds them meanwhile."""
        games.row(game_id)
        for name in ("schaffner.journal", "app." + game_id, "app.history"):
            if name not in self.loading:
                self.loading.append(name)

    def want(self, name):
        """A module a screen will soon need, imported in the hands' pauses to come (as
        preload's), unless it is in or asked for."""
        if name not in sys.modules and name not in self.loading:
            self.loading.append(name)

    def unload(self, name):
        """A module asked for after all not wanted: off the list, and out of the heap if
        it came in."""
        if name in self.loading:
            self.loading.remove(name)
        if name in sys.modules:  # (a look, no call: the final scoring asks at every frame)
            forget(name)

    def _load(self):
        if not self.code_in_flash and not self.roomy:
            # a make deploy install's import reads its file whole and makes its code in the
            # heap: a collection that comes in it holds the poll 30 ms more (55 ms on the
            # Display Pack), so where the heap is short it comes in a poll of its own first
            self.roomy = True
            free = getattr(gc, "mem_free", None)  # (8 ms: it walks the heap; CPython has none)
            if free is not None and free() < _IMPORT_ROOM:
                gc.collect()
            return
        self.roomy = False
        name = self.loading.pop(0)
        mod = __import__(name, None, None, ("x",))
        at = 0
        deps = getattr(mod, "PRELOAD", ())
        if not self.code_in_flash:
            deps += getattr(mod, "LATER", ())
        setup = () if self.setup_depth else getattr(mod, "SETUP", ())  # no setup under way: not its screens
        for dep in deps:
            if dep not in sys.modules and dep not in self.loading and dep not in setup:
                self.loading.insert(at, dep)  # before the history's
                at += 1

    def render(self):
        ui = self.ui
        ui.clear()
        if ui.colour:
            ui.band = self.acting_colour()
        self.top.draw(self, ui)
        if self.message is not None:
            self._draw_message(ui, self.message)
        self.dirty = False

    def _draw_message(self, ui, text):
        lines = ui.cut(wrap(text, ui.cols - 1), ui.rows + 1)
        h = len(lines) * ui.pitch + 6
        y = max(0, (ui.h - h) // 2)
        ui.fb.fill_rect(0, y, ui.w, h, 0)
        ui.fb.rect(0, y, ui.w, h, 1)
        for i, s in enumerate(lines):
            ui.text(s, 4, y + 3 + i * ui.pitch)

    @property
    def history(self):
        """The games kept (app.history), loaded the first time they are needed."""
        if self._history is None:
            self._history = self._make_history()
        return self._history

    def _make_history(self):
        from app.history import History
        return History(self)

    # --- the game in play --------------------------------------------------
    def start_game(self, game_id, names, game):
        """Play game, which the setup has just made (the core's Game, built once: a
        start press draws its frame sooner).  The new game is a record of the
        game's log, programmed at once after the old game's records (a power cut
        before it leaves the old game whole), its snapshot deferred
        (GameSave.start); the settings hold the new key once the hands leave the
        buttons, and a key is never handed out twice, for the next one is above
        the game in play's too.  Who plays each colour is what the setup chose
        (self.seating)."""
        mod = games.module(game_id)
        old = self.session
        if old is not None and old.owed:  # its record first: once the new game's is on flash, a boot
            h = self.history  # would no longer see the old game (made now, a boot's queues it)
            if h.owing is not None:
                self.flash.hasten(h.owing)
        key = max(old.key if old is not None else 0, self.settings["games"]) + 1
        self.settings["games"] = key
        self.save_settings()
        players = self.seating if self.seating and len(self.seating) == len(names) else None
        self.seating = None
        if players is not None and any(players):
            from app.players import played
            played(self, players)
        from schaffner.journal import Journal

        self.session = games.Session(game_id, names, Journal.begin(game), key, players)
        self.setup_depth = 0
        self.saves.start(True)
        if self._history is not None or (old is not None and _rolled(old.game) is not None):
            # queued after the new game's record, so a power cut can lose the
            # old one's dice from the count but never count them twice
            self.history.replaced(self, old)
        self.home()
        # the setup is done: its screens leave the heap until the next one (app.new_game.leaving)
        from app.new_game import leaving
        setup = leaving(mod, game_id, self.code_in_flash)
        forget(*setup)
        self.loading = [n for n in self.loading if n not in setup]  # a preload not yet done
        self.open_game(mod.play_screen())

    def open_game(self, screen):
        """Put the game's play screen over the main menu: the game is on screen
        while it is there (led())."""
        screen.game = True  # on the screen itself: nothing keeps it once it is left
        self.push(screen)

    def _playing(self):
        s = self.session
        if s is None:
            raise ValueError("No game in play")
        return s

    def do(self, action):
        """Apply one action to the game and log it; a ValueError changes nothing."""
        s = self._playing()
        s.journal.do(action)
        res = s.ui.result(s.game, s.names)
        if self._history is not None or res is not None:
            # the game's record is queued before the action that ended it
            self.history.after_do(self, res)
        self.saves.add(list(action))

    def undo(self):
        """Take back the last action; it can be redone until the next action."""
        s = self.session
        if s is None or not s.journal.can_undo():
            raise ValueError("Nothing to undo")
        before = s.game
        action = s.journal.undo()
        self.saves.add(UNDO)
        if self._history is not None or s.ui.result(before, s.names) is not None or _rolled(before) != _rolled(s.game):
            self.history.after_undo(self, before)  # queued after the undo
        self.notify("Undone: %s\nHold OK: redo" % s.ui.describe(action, s.names, s.game), OK | LONG, App.redo)

    def redo(self):
        """The last undone action again, saved as a redo (app.redo, loaded only for
        it); ValueError when nothing was undone."""
        from app.redo import redo
        redo(self, self._playing(), self._history is not None)

    def _snapshot(self):
        return self._playing().to_dict()

    def later(self, work, kind=NOW, key=None):
        """Flash work (a generator, one flash operation per step) for the polls to
        come, in order with the game's save; kind and key as app.flash's
        FlashQueue.add takes them."""
        self.flash.add(work, kind, key)

    def flush(self):
        """Save everything waiting, now."""
        self._save(self.flash.finish)

    def hurry(self, work):
        """Queued work done now, with what must reach the flash before it."""
        self._save(lambda: self.flash.hasten(work, True))

    def _save(self, work):
        # True when the screen changed: a message, the queue's or the work's own (the history's)
        said = self.message
        try:
            work()
        except OSError:
            # the action stands; the player must know it will not survive a power cut
            self.notify("Could not save! Storage full or damaged.")
            return True
        return self.message is not said

    def save_settings(self):
        """Saved when the hands leave the buttons (before a new game's snapshot)."""
        self.small_save(SETTINGS, dict(self.settings))

    def small_save(self, name, value, items=None, kind=DEFER):
        """Save value under name among the small saves (app.small_saves), or (items not
        None) the list items, which grows, as what it gained; queued as kind, keyed by
        name.  ValueError for a name that is none of them."""
        if name not in NAMES:
            raise ValueError("No such small save: %s" % name)
        self.later(self._small(name, value, items), kind, name)

    def _small(self, name, value, items):
        # name None: what a boot owes the small saves (app.small_saves.owed; value: whether it read the log's)
        yield
        from app import small_saves  # in a step of its own: a make deploy install reads it from the flash
        yield
        if name is None:
            yield from small_saves.owed(self, value)
        else:
            yield from small_saves.saving(self, name, value, items)
        del small_saves
        # out of the heap till the next save (its import is a step of its own: a millisecond with
        # the code in flash, 9 ms on a make deploy install, in the hands' pause for all but a
        # setup's end), unless a setup is under way (its presses' saves come one after another)
        # or a save waits
        if self.setup_log is None and len([p for p in self.flash.work if p[2] in NAMES]) < 2:
            forget("app.small_saves")

    # (Comments, not docstrings, from here on: compiled from source, as the tests
    # compile it under MicroPython, a docstring takes heap.)

    # (r, g, b) of the player who acts now, for a board's RGB LED (acting_colour())
    def led(self):
        c = self.acting_colour() if self.palette is not None else None
        return None if c is None else self.palette[c]

    # Palette index of the player who acts now while the game is on screen: its
    # play screen, or anything opened from it (a question, the game menu). None
    # everywhere else (the main menu and what it opens, a question asked there
    # included), and when nobody acts (the game is over).  The LED shows it, and
    # a colour screen's title bar.
    def acting_colour(self):
        if len(self.stack) < 2 or not getattr(self.stack[1], "game", False):
            return None
        s = self.session
        if s is None:
            return None
        who = s.ui.acting(s.game)
        return None if who is None else colour_of(s.names[who])


def _calling(name, fn, args):  # App.open_with's work (and fn's, where it is work too)
    mod = __import__(name, None, None, ("x",))
    yield
    work = getattr(mod, fn)(*args)
    if work is not None:
        yield from work


def _rolled(game):
    """The faces a game with dice has rolled (Trainmaker's tally()), else None."""
    t = getattr(game, "tally", None)
    return t() if t else None
