"""Schaffner in a simulator: the firmware's App under the real MicroPython runtime.

  python host_tools/sim.py                  interactive in a terminal (arrows, Enter, Backspace)
  python host_tools/sim.py --script "OK DOWN LONG_BACK" --out shots/
                                            scripted: each frame out as PNG and as text
  (no terminal)                             plays the demo script, prints its screens as text

Keys: Up/Down arrows, Enter = OK, Backspace = BACK; press L first for a long
press (U = long BACK, the undo); Q quits.  Saves go to --save-dir (default
sim-save/), so a game survives quitting.
"""
import argparse
import json
import os
import select
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "firmware"))

import frames  # noqa: E402

BOARDS = {"pico_oled": (128, 64, False), "pico_display_pack": (240, 135, True),
          "pico_oled_sh1106": (128, 64, False), "pico_lcd_114": (240, 135, True)}
BUTTONS = ("UP", "DOWN", "OK", "BACK")
LONG = 4

DEMO = (
    "OK OK OK OK OK "          # new game: Taubertal-Express, 2 players, Red starts, Blue next
    "OKx6 "                    # the setup checklist
    "OK "                      # Red takes the first ticket
    "BACK DOWNx4 OK DOWN OK "  # to the main menu; settings: odds off
    "DOWNx3 OK"                # about
)


def palette_of(colour):
    if not colour:
        return None
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    sys.path.insert(0, os.path.join(ROOT, "tests", "support", "shims"))
    from app.colours import PALETTE
    return PALETTE


class Device:
    """The node process running MicroPython with the app inside."""

    def __init__(self, board, seed, save_dir):
        self.width, self.height, self.colour = BOARDS[board]
        self.palette = palette_of(self.colour)
        self.proc = subprocess.Popen(
            ["node", os.path.join(HERE, "sim.mjs"), save_dir],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
        )
        self.frame = self.text = None
        self.errors = []
        self.send("BOOT %d %d %d %d" % (self.width, self.height, 1 if self.colour else 0, seed))
        if self.frame is None:
            raise RuntimeError("the simulated device did not start:\n" + "\n".join(self.errors))

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        changed = False
        while True:
            reply = self.proc.stdout.readline()
            if not reply:
                raise RuntimeError("the simulator stopped: " + "\n".join(self.errors))
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
            raise ValueError("unknown step %r in script" % word)
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
            dev.tick(now)
    return texts


def read_key(fd):
    data = os.read(fd, 8)
    if data in (b"\x1b[A", b"k"):
        return "UP"
    if data in (b"\x1b[B", b"j"):
        return "DOWN"
    if data in (b"\r", b"\n"):
        return "OK"
    if data in (b"\x7f", b"\x08", b"\x1b[D", b"\x1b"):
        return "BACK"
    return data.decode(errors="ignore").lower()


def interactive(dev):
    import termios
    import tty
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    long_next = False
    start = time.monotonic()
    shown = None
    try:
        tty.setcbreak(fd)
        sys.stdout.write("\x1b[2J")
        while True:
            if (dev.frame, long_next, len(dev.errors)) != shown:
                shown = (dev.frame, long_next, len(dev.errors))
                sys.stdout.write("\x1b[H" + frames.ansi(dev.rows(), dev.palette or frames.MONO) + "\n")
                sys.stdout.write("\x1b[K arrows/Enter/Backspace, L = long next, U = undo, Q = quit %s\n"
                                 % ("[LONG]" if long_next else ""))
                for e in dev.errors[-5:]:
                    sys.stdout.write("\x1b[K" + e + "\n")
                sys.stdout.flush()
            ready, _, _ = select.select([fd], [], [], 0.05)
            if not ready:
                dev.tick(int((time.monotonic() - start) * 1000))
                continue
            key = read_key(fd)
            if key == "q":
                break
            if key == "l":
                long_next = not long_next
                continue
            if key == "u":
                dev.press(3 | LONG)
                continue
            if key in BUTTONS:
                dev.press(BUTTONS.index(key) | (LONG if long_next else 0))
                long_next = False
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        sys.stdout.write("\x1b[0m\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", choices=sorted(BOARDS), default="pico_oled")
    ap.add_argument("--script", help="button presses, e.g. 'OK DOWNx2 LONG_BACK WAIT500'")
    ap.add_argument("--script-file")
    ap.add_argument("--out", help="folder for frame_NNN.png and frame_NNN.txt")
    ap.add_argument("--seed", type=int, default=None, help="dice seed (default: from the host)")
    ap.add_argument("--save-dir", default=os.path.join(ROOT, "sim-save"))
    ap.add_argument("--fresh", action="store_true", help="start without the saved game")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3), "little")
    if args.fresh and os.path.isdir(args.save_dir):
        for name in os.listdir(args.save_dir):
            path = os.path.join(args.save_dir, name)
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)  # the game's log is a folder
    script = args.script
    if args.script_file:
        with open(args.script_file) as f:
            script = f.read()
    dev = Device(args.board, seed, args.save_dir)
    try:
        if script is None and sys.stdin.isatty() and sys.stdout.isatty():
            interactive(dev)
        else:
            if script is None:
                print("No terminal: playing the demo script (make sim in a terminal to play).")
                script = DEMO
            run_script(dev, parse_script(script), args.out, show=not args.quiet)
    finally:
        dev.close()
    if dev.errors:
        print("\n".join(dev.errors), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
