# make chip's probe, put on the emulated Pico as /lib/os.py (never on a gadget): MicroPython
# finds an extensible built-in's extension on sys.path first, so the app imports this, which is
# the built-in os with two things added. emulated.py writes the two settings above this line.
#
# - os.urandom(4) gives _SEED: main.start seeds the dice with it, so the chip rolls the dice the
#   simulator rolled for the same presses.
# - That first os.urandom(4) comes from start() in the gadget's main module (main in a slot,
#   gadget in a firmware image), just before it makes its Device: the probe puts its own
#   Device maker in the module's place, which marks what the device does: each event
#   the app takes raises GP22 for a moment, GP26 is high while the app draws a frame and GP27
#   while the display sends it (the player times them: a few pin writes, tens of us). With
#   _TALK, the app also prints the number of actions in its journal at start (and the folder
#   it runs from) and after each event, and each frame shown the heap allocated before its
#   collection and left after it, when either is the most so far: the fault runs read them.
#   Those runs collect garbage every 4 KB allocated, so the first figure is the heap in use
#   to within 4 KB, not what a press allocated and dropped; with it, MicroPython's pools of
#   names (micropython.qstr_info(): a make deploy install interns its code's names in the
#   heap, in pools that double, a new one taken at once when the last is full). The timed
#   runs stay quiet: printing, and gc.mem_alloc() above all (it walks the heap), would be
#   timed with the press.
import sys

_path = sys.path[:]
sys.path.clear()  # an empty sys.path imports the built-in
try:
    from os import *  # noqa: F401,F403
    from os import urandom as _urandom
finally:
    sys.path.extend(_path)
    del _path

_seeded = False
_COLLECT_EVERY = 4096


def urandom(n):
    global _seeded
    if n == 4 and not _seeded:
        _seeded = True
        _wrap(sys.modules.get("main") or sys.modules["gadget"])
        return _SEED.to_bytes(4, "little")  # noqa: F821
    return _urandom(n)


def _count(app):
    # the saved game built, as main.start does right after (at the first frame); an earlier
    # release (make chip-upgrade's) builds it in App() and has no resume()
    resume = getattr(app, "resume", None)
    if resume is not None:
        resume()
    s = app.session
    return -1 if s is None else s.journal.folded + len(s.journal.actions)


def _wrap(main):
    import gc
    import micropython
    from machine import Pin

    mark = Pin(22, Pin.OUT, value=0)
    drawing = Pin(26, Pin.OUT, value=0)
    sending = Pin(27, Pin.OUT, value=0)
    peak = [0, 0]
    device_class = main.Device
    show = device_class._show

    def shown(self, *collect):
        # the most allocated before a collection and the most left after one:
        # gc.mem_alloc() walks the heap (9 ms on the chip), so only runs that talk ask.
        # collect: (False,) for a frame time drew, which leaves its garbage to the app
        # (main.Device._show); an earlier release's _show takes none and always collects;
        # a press's frame whose poll ran long leaves it too (app.litter says so)
        used = gc.mem_alloc()
        show(self, *collect)
        live = gc.mem_alloc() if (not collect or collect[0]) and not getattr(self.app, "litter", False) else 0
        if used > peak[0] or live > peak[1]:
            peak[0] = max(used, peak[0])
            peak[1] = max(live, peak[1])
            print("CHIP heap", peak[0], peak[1], gc.mem_alloc() + gc.mem_free())
            micropython.qstr_info()

    def made(*args, **kwargs):
        device = device_class(*args, **kwargs)
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
            print("CHIP boot", _count(app), getcwd())  # noqa: F405
        return device

    if _TALK:  # noqa: F821
        device_class._show = shown
        # garbage collected every 4 KB allocated: what a press allocated and dropped does not
        # count, so the most allocated before a frame's collection is what the app holds, to 4 KB
        gc.threshold(_COLLECT_EVERY)
    main.Device = made
