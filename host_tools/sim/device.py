"""The simulated gadget, seen from the PC: the engine (engine.mjs: the MicroPython
WebAssembly runtime running the gadget on the virtual board) in a node process, its frames
and the words drawn on them; scripts of presses for it.

A script is button names (UP DOWN OK BACK, LONG_OK ..., DOWNx3 for three presses) and
WAIT500 to let 500 ms pass (the dice animation).
"""
import json
import os
import subprocess

from .. import paths
from ..errors import ToolError
from . import frames

paths.device_code_on_path()
from ..wasm.virtual_board import BOARDS as _BOARDS  # noqa: E402

# board -> (width, height, colour screen)
BOARDS = {name: facts[:3] for name, facts in _BOARDS.items()}
BUTTONS = ("UP", "DOWN", "OK", "BACK")
LONG = 4
ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engine.mjs")


def palette_of(colour):
    """The app's colours for a colour screen, None for a mono one."""
    if not colour:
        return None
    from app.colours import PALETTE
    return PALETTE


class Device:
    """The engine's node process: the gadget on the virtual board, one command a call."""

    def __init__(self, board, seed, save_dir):
        self.width, self.height, self.colour = BOARDS[board]
        self.palette = palette_of(self.colour)
        self.proc = subprocess.Popen(
            ["node", ENGINE, save_dir],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=paths.ROOT,
        )
        self.frame = self.text = None
        self.errors = []
        self.send("BOOT %s %d" % (board, seed))
        if self.frame is None:
            raise ToolError("the simulated device did not start:\n" + "\n".join(self.errors))

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        changed = False
        while True:
            reply = self.proc.stdout.readline()
            if not reply:
                raise ToolError("the simulator stopped: " + "\n".join(self.errors))
            reply = reply.rstrip("\n")
            if reply == "END":
                return changed
            kind, _, rest = reply.partition(" ")
            if kind == "FRAME":
                changed = rest != self.frame
                self.frame = rest
            elif kind == "TEXT":
                self.text = json.loads(rest)
            elif kind == "ERR":
                self.errors.append(rest)

    def press(self, event):
        return self.send("EV %d" % event)

    def tick(self, now_ms):
        return self.send("TICK %d" % now_ms)

    def rows(self):
        return frames.decode(self.frame, self.width, self.height, self.palette)

    def close(self):
        try:
            self.proc.stdin.write("QUIT\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        self.proc.wait(timeout=10)


def parse_script(text):
    """'OK DOWNx3 LONG_BACK WAIT500' -> [('ev', 2), ('ev', 1) x3, ('ev', 7), ('wait', 500)]."""
    steps = []
    for word in text.split():
        count = 1
        if "x" in word[1:] and word.rsplit("x", 1)[1].isdigit():
            word, n = word.rsplit("x", 1)
            count = int(n)
        w = word.upper()
        if w.startswith("WAIT") and w[4:].isdigit():
            steps += [("wait", int(w[4:]))] * count
            continue
        long = w.startswith("LONG_")
        base = w[5:] if long else w
        if base not in BUTTONS:
            raise ToolError("unknown step %r in the script (UP DOWN OK BACK, LONG_..., DOWNx3, WAIT500)" % word)
        steps += [("ev", BUTTONS.index(base) | (LONG if long else 0))] * count
    return steps


def run_script(dev, steps, out_dir=None, show=True):
    """Play steps; write frame_NNN.png/.txt per frame into out_dir; return the text frames."""
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
    texts = []
    now = 0

    def emit(label):
        texts.append(dev.text)
        n = len(texts) - 1
        rows = dev.rows()
        if out_dir:
            frames.write_png(os.path.join(out_dir, "frame_%03d.png" % n), rows, dev.palette)
            with open(os.path.join(out_dir, "frame_%03d.txt" % n), "w") as f:
                f.write("\n".join(dev.text) + "\n")
        if show:
            print("--- %d: %s ---" % (n, label))
            if not dev.colour:
                print(frames.blocks(rows))
            print("text: " + " | ".join(dev.text))

    emit("boot")
    for kind, value in steps:
        if kind == "wait":
            end = now + value
            while now < end:
                now += 50
                if dev.tick(now):
                    emit("after %d ms" % now)
        else:
            dev.press(value)
            name = ("long " if value & LONG else "") + BUTTONS[value & 3]
            emit(name)
            now += 50
            if dev.tick(now):  # the polls after the press: what they draw (a code made, a screen in its place)
                emit("after %d ms" % now)
    return texts
