"""make sim: the gadget in a terminal, under the real MicroPython runtime.

  python -m host_tools sim                  interactive in a terminal (arrows, Enter, Backspace)
  python -m host_tools sim --script "OK DOWN LONG_BACK" --out shots/
                                            scripted: each frame out as PNG and as text
  (no terminal)                             plays the demo script, prints its screens as text

Keys: Up/Down arrows, Enter = OK, Backspace = BACK; press L first for a long
press (U = long BACK, the undo); Q quits.  Saves go to --save-dir (default
sim-save/), so a game survives quitting.
"""
import os
import select
import shutil
import sys
import time

from .. import paths
from . import frames
from .device import BOARDS, BUTTONS, LONG, Device, parse_script, run_script

DEMO = (
    "OK OK OK OK OK "          # new game: Taubertal-Express, 2 players, Red starts, Blue next
    "OKx6 "                    # the setup checklist
    "OK "                      # Red takes the first ticket
    "BACK DOWNx4 OK DOWN OK "  # to the main menu; settings: odds off
    "DOWNx3 OK"                # about
)


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


def arguments(parser):
    parser.add_argument("--board", choices=sorted(BOARDS), default="pico_oled")
    parser.add_argument("--script", help="button presses, e.g. 'OK DOWNx2 LONG_BACK WAIT500'")
    parser.add_argument("--script-file")
    parser.add_argument("--out", help="folder for frame_NNN.png and frame_NNN.txt")
    parser.add_argument("--seed", type=int, default=None, help="dice seed (default: from the host)")
    parser.add_argument("--save-dir", default=os.path.join(paths.ROOT, "sim-save"))
    parser.add_argument("--fresh", action="store_true", help="start without the saved game")
    parser.add_argument("--quiet", action="store_true")


def run(state, args):
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3), "little")
    if args.fresh and os.path.isdir(args.save_dir):
        for name in os.listdir(args.save_dir):
            path = os.path.join(args.save_dir, name)
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)  # the game's log is a folder
    script = args.script
    if args.script_file:
        with open(args.script_file) as f:
            script = f.read()
    if script is None and not (sys.stdin.isatty() and sys.stdout.isatty()):
        state.out("No terminal: playing the demo script (make sim in a terminal to play).")
        script = DEMO
    steps = None if script is None else parse_script(script)  # a bad script is refused before the start
    dev = Device(args.board, seed, args.save_dir)
    try:
        if steps is None:
            interactive(dev)
        else:
            run_script(dev, steps, args.out, show=not args.quiet)
    finally:
        dev.close()
    if dev.errors:
        print("\n".join(dev.errors), file=sys.stderr)
        return 1
    return 0
