"""make screenshots: the README's pictures, made by the simulator.

Each game's end-to-end test script (tests/support/play_<game>.py) is played
once on CPython to learn its presses; the simulator then plays the same
presses under the real MicroPython runtime with the same dice seed, and the
frames whose drawn text matches a shot's words are written to docs/screens/.
"history" is the Trainmaker script followed by a look at the history it left;
"players" the TtR script (Jörg and Anna-Lena typed into the roster and seated)
followed by a look at History -> By player; "scan" the TtR script's recorded walk,
which ends on a 2-player game's code for BG Stats.
"""
import os
import shutil
import tempfile

from .. import paths
from ..errors import ToolError
from . import device as sim
from . import frames

SEED = 7
OUT = os.path.join(paths.ROOT, "docs", "screens")

# (file name, board, game, words that must all be on the frame, which match: 0 first, -1 last)
SHOTS = (
    ("menu", "pico_oled", None, ("New game", "Settings"), 0),
    ("taubertal-turn", "pico_oled", "taubertal", ("Pass 2", "Round"), 0),
    ("taubertal-sale", "pico_oled", "taubertal", ("coins", "VP (2 each)"), 0),
    ("taubertal-payday", "pico_oled", "taubertal", ("payday", "pays"), 0),
    ("taubertal-ranking", "pico_oled", "taubertal", ("Ranking", "1 Blue"), -1),
    ("taubertal-ranking-pack", "pico_display_pack", "taubertal", ("Ranking", "1 Blue"), -1),
    ("trainmaker-roll", "pico_oled", "trainmaker", ("Place",), 0),
    ("trainmaker-odds", "pico_oled", "trainmaker", ("%",), 3),
    ("trainmaker-roll-pack", "pico_display_pack", "trainmaker", ("%",), 3),
    ("trainmaker-winner", "pico_oled", "trainmaker", ("wins the game",), -1),
    ("trainmaker-help", "pico_oled", "trainmaker", ("Trainmaker", "Tip places:"), 0),
    ("ttr-player", "pico_oled", "ttr_austria", ("Routes", "Tickets"), -1),
    ("ttr-ranking", "pico_oled", "ttr_austria", ("Ranking", "Tie: by tickets"), 0),
    ("history", "pico_oled", "history", ("History", "By colour", "Trainmaker"), 0),
    ("history-game", "pico_oled", "history", ("Game 1", "1 Red"), 0),
    ("dice-check", "pico_oled", "history", ("Dice check", "p="), 0),
    ("dice-check-pack", "pico_display_pack", "history", ("Dice check", "p="), 0),
    ("name-entry", "pico_oled", "ttr_austria", ("New player", "Joe_"), 0),
    ("who-plays-pack", "pico_display_pack", "ttr_austria", ("Who is Red?", "Joerg"), 0),
    ("ttr-player-pack", "pico_display_pack", "ttr_austria", ("Joerg", "Routes", "Tickets"), -1),
    ("by-player", "pico_oled", "players", ("Joerg", "Plays", "Wins"), 0),
    ("by-player-pack", "pico_display_pack", "players", ("Joerg", "Plays", "Wins"), 0),
    ("scan-pack", "pico_display_pack", "scan", ("Scan with", "BG Stats"), 0),
)


def look_at_history(d):
    """From the end of a game: the history list, the game's result, the dice check."""
    d.press("BACKx6")
    d.pick("History")
    d.pick("Trainmaker")
    d.press("BACK")
    d.pick("Dice check")
    d.tick(1 << 20)


def look_at_players(d):
    """From the end of the TtR game: History -> By player, Jörg's page."""
    d.press("BACKx6")
    d.pick("History")
    d.pick("By player")
    d.tick(1 << 20)
    d.pick("Joerg")


def presses(game, board):
    """The game's test script played on CPython; its presses as simulator steps."""
    paths.device_code_on_path(support=True)
    from appdriver import Driver
    from memfiles import MemFiles
    from schaffner.rng import Rng
    w, h, colour = sim.BOARDS[board]
    d = Driver(MemFiles(), Rng(SEED), width=w, height=h, colour=colour)
    script = {"history": "trainmaker", "players": "ttr_austria", "scan": "ttr_austria"}.get(game, game)
    script = __import__("play_" + script)
    for _ in (script.recorded if game == "scan" else script.play)(d):
        pass
    if game == "history":
        look_at_history(d)
    elif game == "players":
        look_at_players(d)
    steps = []
    for e in d.log:
        steps.append(("ev", e) if e >= 0 else ("at", -1 - e))
    return steps


def film(board, steps):
    """Play steps in the simulator; return [(drawn text, rows)] for every frame."""
    save = tempfile.mkdtemp(prefix="schaffner-shots-")
    dev = sim.Device(board, SEED, save)
    shots = [(dev.text, dev.rows())]
    try:
        for kind, value in steps:
            if kind == "ev":
                dev.press(value)
            else:
                dev.tick(value)
            shots.append((dev.text, dev.rows()))
    finally:
        dev.close()
        shutil.rmtree(save, ignore_errors=True)
    if dev.errors:
        raise ToolError("the simulator reported errors:\n" + "\n".join(dev.errors))
    return shots


def arguments(parser):
    pass


def run(state, args):
    os.makedirs(OUT, exist_ok=True)
    films = {}
    for name, board, game, words, which in SHOTS:
        key = (board, game)
        if key not in films:
            films[key] = film(board, presses(game, board) if game else [])
        palette = sim.BOARDS[board][2] and sim.palette_of(True)
        matches = [rows for text, rows in films[key] if all(w in " ".join(text) for w in words)]
        if not matches:
            raise ToolError("no frame for %s shows %r" % (name, words))
        rows = matches[which] if -len(matches) <= which < len(matches) else matches[-1]
        path = os.path.join(OUT, name + ".png")
        frames.write_png(path, rows, palette or None, scale=3 if board == "pico_oled" else 2)
        state.out("wrote %s" % os.path.relpath(path, paths.ROOT))
    return 0
