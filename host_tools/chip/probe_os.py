# make chip's probe, put on the emulated Pico as /lib/os.py (never on a gadget): MicroPython
# finds an extensible built-in's extension on sys.path first, so the app imports this, which is
# the built-in os with two things added. emulated.py writes the two settings above this line.
#
# - os.urandom(4) gives _SEED: main.start seeds the dice with it, so the chip rolls the dice the
#   simulator rolled for the same presses.
# - The launcher's os.chdir into a slot loads that slot's main and wraps its start: each event
#   the app takes raises GP22 for a moment, GP26 is high while the app draws a frame and GP27
#   while the display sends it (the player times them: a few pin writes, tens of us). With
#   _TALK, the app also prints the number of actions in its journal at start (and the slot it
#   runs) and after each event, and each frame shown the heap allocated before its collection
#   and left after it, when either is the most so far: the fault runs read them. The timed
#   runs stay quiet: printing, and gc.mem_alloc() above all (it walks the heap), would be
#   timed with the press.
import sys

_path = sys.path[:]
sys.path.clear()  # an empty sys.path imports the built-in
try:
    from os import *  # noqa: F401,F403
    from os import chdir as _chdir, urandom as _urandom
finally:
    sys.path.extend(_path)
    del _path

_seeded = False


def urandom(n):
    global _seeded
    if n == 4 and not _seeded:
        _seeded = True
        return _SEED.to_bytes(4, "little")  # noqa: F821
    return _urandom(n)


def _count(app):
    s = app.session
    return -1 if s is None else s.journal.folded + len(s.journal.actions)


def _wrap(main):
    import gc
    from machine import Pin

    mark = Pin(22, Pin.OUT, value=0)
    drawing = Pin(26, Pin.OUT, value=0)
    sending = Pin(27, Pin.OUT, value=0)
    peak = [0, 0]
    show = main.Device._show
    start = main.start

    def shown(self):
        # the most allocated before a collection (garbage included) and the most left after
        # one: gc.mem_alloc() walks the heap (9 ms on the chip), so only runs that talk ask
        used = gc.mem_alloc()
        show(self)  # ends with the collection
        live = gc.mem_alloc()
        if used > peak[0] or live > peak[1]:
            peak[0] = max(used, peak[0])
            peak[1] = max(live, peak[1])
            print("CHIP heap", peak[0], peak[1], live + gc.mem_free())

    def started(display, colours, wdt=None):
        device = start(display, colours, wdt)
        app = device.app
        handle = app.handle

        def handled(ev):
            mark.value(1)
            mark.value(0)
            changed = handle(ev)
            if _TALK:  # noqa: F821
                print("CHIP n", _count(app))
            return changed

        app.handle = handled
        render = app.render
        send = device.display.show

        def rendered():
            drawing.value(1)
            render()
            drawing.value(0)

        def sent():
            sending.value(1)
            send()
            sending.value(0)

        app.render = rendered
        device.display.show = sent
        if _TALK:  # noqa: F821
            print("CHIP boot", _count(app), getcwd())
        return device

    if _TALK:  # noqa: F821
        main.Device._show = shown
    main.start = started


def chdir(path):
    _chdir(path)
    if path.startswith("/slot_"):
        import main
        _wrap(main)
