"""The browser test's script, from the games' own end-to-end scripts (tests/support/play_*.py).

Each part is played on CPython with the test driver; every press is noted with the
words it leaves on the screen (after any animation it starts has run), so e2e.mjs can
make the same presses on the page's buttons and expect the same screens. Steps:
  {"load": true, "words": [...]}                    the page's first load
  {"press": "OK" | "long BACK" ..., "words": [...], "wait_ms": n}
                                                    wait_ms: time the script let pass
                                                    after the press (an animation)
  {"reload": true, "offline": bool, "words": [...]}   the page loaded again
  {"board": name, "words": [...]}                   the board switch clicked (in a game,
                                                    the page opens the game's very play
                                                    screen, its state kept)
  {"type": "a" | "\n", "words": [...]}             a character typed on the keyboard
                                                    (the name entry; "\n": Enter, done)
  {"shot": name, "rows": ["0f1..."...], "led": css}  the screen must show this frame
                                                    (a hex digit, the colour index, a
                                                    pixel) and the LED this colour
The shots' frames come from the simulator (host_tools/sim: the same MicroPython
runtime, its own decoding of the frame buffer) replaying the part's presses, since
CPython's framebuf stand-in has a font of its own.
Parts, each in a fresh browser profile:
  taubertal   OLED board, the whole 2-player game play_taubertal.TWO. After Blue's
              first ticket of pass 4 the page is reloaded with the network off, the
              game resumed from the main menu, the pick undone (long BACK) and made again.
  trainmaker  Display Pack, the dice seeded with play_trainmaker.SEED: a new 3-player
              game with the Steam Engine, its cards, and Red's whole first turn, each
              placing the tip taken in one press ("tip": true on that step); mid-turn
              the board switched to the OLED and back, the LED in Red's colour after.
  names       OLED board: Anna typed on the keyboard into the roster (Settings ->
              Players), a 2-player TtR game with Anna as Red and Blue as itself,
              Red's page ("Red Anna"), the game finished, and History -> By player.
  switch      a laptop's window: a new 2-player Taubertal game on the OLED board,
              switched to the Display Pack in pass 1's tile draft, back to the OLED
              in its hiring, and with Red's turn menu open in round 1 to the Display
              Pack again; every switch lands on the game's play screen.

  python tests/web/scenario.py OUT.json
"""
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # run as a script: the package host_tools from the repository
from host_tools import paths  # noqa: E402
from host_tools.sim import device as sim  # noqa: E402

paths.device_code_on_path(support=True)
from app.app import App  # noqa: E402
from app.events import OK, name  # noqa: E402
from appdriver import Driver  # noqa: E402
from memfiles import MemFiles  # noqa: E402
from schaffner.rng import Rng  # noqa: E402
import play_taubertal  # noqa: E402
import play_trainmaker  # noqa: E402


class Recorder(Driver):
    """The test driver, noting each press and the words on the screen it leaves."""

    def __init__(self, board, seed=None):
        self.steps = []
        self.marks = []  # (log length, "boot" and the board | "shot" and its step)
        self.board = board
        w, h, colour = sim.BOARDS[board]
        self.seed = seed
        self.clock = 0  # the script's milliseconds at its last tick
        self.pressed_at = 0
        Driver.__init__(self, MemFiles(), self._rng(), w, h, colour)

    def _rng(self):
        # the page seeds the dice anew at every boot; the test gives it the same seed each time
        return Rng(self.seed) if self.seed is not None else None

    def boot(self, resume=False):
        self.rng = self._rng()
        playing = self.app.stack[1] if resume else None
        if hasattr(self, "log"):
            self.marks.append((len(self.log), "boot", (self.board, resume)))
        Driver.boot(self)
        self.noted = len(self.log)
        render = self.app.render
        if resume:  # what the page does when the player switches boards in a game: the same play screen
            self.app.open_game(playing)
            render()

        def render_and_note():
            render()
            words = list(self.app.ui.drawn)
            if len(self.log) > self.noted and self.log[-1] >= 0:
                self.steps.append({"press": name(self.log[-1]), "words": words})
                self.pressed_at = self.clock
            elif self.steps:
                self.steps[-1]["words"] = words  # time passed: the screen it settles on
            self.noted = len(self.log)

        self.app.render = render_and_note
        return self

    def tick(self, now_ms):
        Driver.tick(self, now_ms)
        self.clock = now_ms
        if self.steps and "press" in self.steps[-1]:
            self.steps[-1]["wait_ms"] = now_ms - self.pressed_at
        return self

    def type(self, ch):
        """A character typed on the page's keyboard, as web_device.type_key takes it."""
        app = self.app
        if ch == "\n":
            app.top.done(app)
        else:
            app.top.type(app, ch)
        App.render(app)  # not the noting render: a typed key is a step of its own
        self.app.flush()
        self.step(type=ch)

    def step(self, **fields):
        fields["words"] = list(self.app.ui.drawn)
        self.steps.append(fields)

    def use(self, board, in_game=False):
        """Power on again as board (the page's board switch); in_game: the player was
        in the game, and the page lands on its play screen, as Resume game does."""
        self.board = board
        self.width, self.height, self.colour = sim.BOARDS[board]
        return self.boot(in_game)

    def shot(self, title):
        """A shot of the screen now (its frame filled in by film()); the LED's colour."""
        rgb = self.app.led()
        step = {"shot": title, "led": "#%02x%02x%02x" % rgb if rgb else ""}
        self.steps.append(step)
        self.marks.append((len(self.log), "shot", step))

    def film(self, first_board):
        """Replay the presses in the simulator, rebooting where the page does; fill in
        each shot's frame."""
        save = tempfile.mkdtemp(prefix="schaffner-web-")
        seed = self.seed or 0
        dev = sim.Device(first_board, seed, save)
        done = 0
        try:
            for at, kind, what in self.marks:
                for e in self.log[done:at]:
                    if e >= 0:
                        dev.press(e)
                    else:
                        dev.tick(-1 - e)
                done = at
                if kind == "boot":
                    board, resume = what
                    dev.close()
                    dev = sim.Device(board, seed, save)
                    if resume:
                        dev.press(OK)  # the main menu's first row: Resume game
                else:
                    what["rows"] = ["".join("%x" % v for v in row) for row in dev.rows()]
        finally:
            dev.close()
            shutil.rmtree(save, ignore_errors=True)
        if dev.errors:
            raise SystemExit("the simulator reported errors:\n" + "\n".join(dev.errors))


def taubertal():
    d = Recorder("pico_oled")
    d.step(load=True)
    reloaded = False
    for _ in play_taubertal.play(d, play_taubertal.TWO):
        g = d.app.session.game if d.app.session else None
        if not reloaded and g and g.pass_no() == 4 and g.phase() == "tickets" and g.acting() == 0:
            reloaded = True
            d.shot("taubertal-pass4")
            d.boot()
            d.step(reload=True, offline=True)
            d.pick("Resume")
            d.press("LONG_BACK").shows("Undone: Blue took a ticket")
            d.press("OK").shows("Pass 4: tickets", "Blue", "Pick 1 of 2")
            d.press("OK")
    if not reloaded:
        raise SystemExit("the Taubertal script never reached the reload point")
    d.shot("taubertal-ranking")
    d.film("pico_oled")
    return d.steps


def trainmaker():
    d = Recorder("pico_oled", play_trainmaker.SEED)
    d.step(load=True)
    d.use("pico_display_pack")
    d.step(board="pico_display_pack")
    shot = over = switched = False
    for _ in play_trainmaker.play(d):
        if over:  # the script's next poll has worked out the odds for Blue
            d.film("pico_oled")
            if not switched or not any(s.get("tip") for s in d.steps):
                raise SystemExit("Red's turn had no placing after a roll")
            return d.steps
        g = d.app.session.game if d.app.session else None
        if g is None or g.phase() in ("cards", "steam"):
            continue
        acts = d.app.session.journal.actions
        if acts and acts[-1][0] == "place" and d.steps[-1].get("press") == "OK" and "tip" not in d.steps[-1]:
            d.steps[-1]["tip"] = True  # the press on Tip placed the dice: one press
        if not shot and g.phase() == "place" and "Tip ..." not in d.text:  # the odds are in: nothing moves
            shot = True
            d.shot("trainmaker-roll")
        if shot and not switched and g.phase() == "after_place":
            switched = True  # mid-turn, to the OLED and back: the same screen, the LED Red's
            d.tick(d.clock + 10)  # the press's screen settled (its odds), as the page's polls settle it
            for board in ("pico_oled", "pico_display_pack"):
                d.use(board, in_game=True)
                d.step(board=board)
                d.tick(d.clock + 10)  # the odds worked out, as the page does in its polls
            d.shot("trainmaker-switched")
        over = g.player() != 0
    raise SystemExit("the Trainmaker script ended before Red's turn did")


def switch():
    d = Recorder("pico_oled")
    d.step(load=True)
    switches = (("tiles", "pico_display_pack"), ("hire", "pico_oled"), ("round", "pico_display_pack"))
    for _ in play_taubertal.play(d, play_taubertal.TWO):
        g = d.app.session.game if d.app.session else None
        if g is None or g.phase() != switches[0][0]:
            continue
        phase, board = switches[0]
        switches = switches[1:]
        if not switches:
            d.press("OK")  # Red opens the turn menu: a screen over the play screen
        d.use(board, in_game=True)
        d.step(board=board)
        if phase == "tiles":
            d.shot("switch-pack")
        elif not switches:
            d.press("OK")  # the turn menu again, on the new board
            d.film("pico_oled")
            return d.steps
    raise SystemExit("the Taubertal script never reached round 1")


def names():
    d = Recorder("pico_oled")
    d.step(load=True)
    d.pick("Settings").pick("Players").pick("Add player")
    for ch in "anna\n":
        d.type(ch)
    d.shows("Anna", "Add player")
    d.press("BACK", "BACK")
    d.pick("New game").pick("TtR Austria").press("OK")  # 2 players
    d.pick("Red").shows("Who is Red?", "Anna").pick("Anna")
    d.pick("Blue").pick("Nobody")
    d.pick("Start scoring").press("OK", "OK")  # the ticket draw's two pages
    d.pick("Red").shows("Red Anna")
    d.press("BACK")
    d.pick("Ranking").pick("Finish game").press("UP", "OK").shows("Ranking", "1 Red")
    d.press("BACK", "BACK")
    d.pick("History").pick("By player")
    d.tick(1000)
    d.shows("By player", "Anna")
    d.pick("Anna").shows("TtR Austria", "Plays")
    return d.steps


def main(argv):
    if len(argv) != 2:
        raise SystemExit("usage: scenario.py OUT.json")
    parts = {"taubertal": taubertal(), "trainmaker": trainmaker(), "switch": switch(), "names": names(),
             "seed": play_trainmaker.SEED}
    with open(argv[1], "w") as f:
        json.dump(parts, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
