"""The screen at rest after each press of a recorded game, as the simulator's App draws it (for make chip).

arg: 'board seed events', as bench_replay takes them.  After a press the app
saves, is ticked at the times the script let pass, then until it has nothing
left to do (the odds, the history): the screen a player sees once the gadget
is idle, which make chip compares with the emulated chip's display.

Prints one line per press: ``REST i screen actions hex`` (the screen the press
was made on, the actions it did or ``-``, the frame buffer of the virtual board:
MONO_HLSB on the OLED, GS4_HMSB on the Display Pack).
"""
import binascii

import virtual_board
from bench_replay import make_app


def main(arg):
    board, seed, events = arg.split()
    app = make_app(board, int(seed))
    done = []
    do, undo = app.do, app.undo

    def logged_do(action):
        do(action)
        done.append(action[0])

    def logged_undo():
        undo()
        done.append("undo")

    app.do = logged_do
    app.undo = logged_undo

    def report(i, screen, now):
        virtual_board.rest(app, now)
        print("REST %d %s %s %s" % (i, screen, ",".join(done) or "-", binascii.hexlify(app.ui.fb.buffer).decode()))

    def run():
        now = 0
        i = -1
        screen = None
        pos = 0
        while pos < len(events):
            if events[pos] == "t":
                end = events.index(".", pos)
                now = int(events[pos + 1:end])
                pos = end + 1
                if app.tick(now):
                    app.render()
                continue
            if i >= 0:
                report(i, screen, now)
                yield
            i += 1
            done.clear()
            screen = type(app.top).__name__
            virtual_board.press(app, ord(events[pos]) - 48)
            pos += 1
        report(i, screen, now)

    return run()
