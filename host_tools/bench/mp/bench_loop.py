"""The gadget's main loop in Pico time: a recorded game replayed press by press.

arg: 'board seed r_pico_ms k_render,k_show events', or the same with 'odds' for
the events: the Trainmaker odds at their hardest state.  k_render and k_show are
how much longer render() and show() take on the chip than R makes of their time
here (budgets.DRAWING, from make chip).  The board file runs on the bench's
``machine`` (buses that count what the display driver sends), the App saves
through ``flash.FlashFiles`` (what littlefs would do to the flash), and
firmware/main.py's Device does every poll, exactly as main.run drives it: a
step with the buttons' levels and the time, then the wait it asks for.

Time is Pico time, kept by this module: each poll lasts its time here (clock.py),
scaled by the reference workload (the Pico's R over this runtime's), plus
the bus time of what show() sent, plus the flash's stalls and littlefs's work
as the chip does it (flash.py; not the flash
model's own bookkeeping), plus the garbage collection after a frame was shown
(done between polls here, where this runtime can).
A short press holds its button 100 ms, a long one 800 ms; after each press
the loop runs on until the screen is at rest (no redraw, nothing waiting) and 360 ms
have passed since the release (make chip's pace), and after the last until no flash
work waits either (Loop.leave).

Prints a PRESS and a GAPS line per press (see Loop.report) and BENCH totals.
"""
import json

import clock
import reference
import stepper
from presses import presses

_HOLD_MS = 100
_LONG_HOLD_MS = 800
# the next press comes this long after a release at the soonest, the pace of make chip's
# presses (its rest, host_tools/chip/play.mjs, comes 360 ms after a release): the work that
# waits for the hands to leave (app.flash.AFTER_MS: a module's import, a collection) is done
# between presses, as there
_PACE_MS = 360
_LOST_MS = 300  # a press not seen this long after its release was lost
_REST_MS = 10000  # a screen still busy this long after a press is reported
_LEFT_MS = 30000  # flash work still waiting this long after the last press is reported


class _Button:
    """A button's pin as drivers.buttons.Edges sees it: a level and a handler."""

    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self):
        self.level = 1
        self.handler = None

    def value(self):
        return self.level

    def irq(self, handler=None, trigger=0, hard=False):
        self.handler = handler


class Loop:
    def __init__(self, board_name, seed, r_pico_ms, drawing):
        import sys

        # The boards' native loops (drivers.gs4_native, drivers.mono_native) are machine code
        # for the RP2040, which this runtime cannot load: the drivers here draw and send through
        # framebuf, as they do without them, and make chip times the native loops.
        for name in ("drivers.gs4_native", "drivers.mono_native"):
            sys.modules[name] = None
        import board
        import machine
        import main
        from app.app import App
        from app.flash import OsFiles
        from app.store import FileStore
        from drivers.buttons import Debouncer, Edges
        from flash import FlashFiles
        from schaffner.rng import Rng

        if board.NAME != board_name:
            raise ValueError("image is for %s" % board.NAME)
        reference.workload()  # warm up
        # the fastest of five: the host's hiccups only ever add time
        self.ref_us = min(reference.time_us(reference.workload, 1, clock.now_us) for _ in range(5))
        # render() and show() against the reference, as make chip found them (budgets.DRAWING):
        # their time beyond what R gives is added to a clock of this loop's own
        self.k_render, self.k_show = drawing
        self.extra_us = 0.0
        self.machine = machine
        self.board = board
        colours = main.palette()
        board.gs4_native = board.mono_native = None
        self.display = board.display(colours)
        # Pico ms per host us, at the clock the board runs the chip at (R is at reference.HZ)
        self.scale = r_pico_ms * 1000 / self.ref_us / 1000 * reference.HZ / machine.freq()
        # a gadget past its first boot, uncounted: the work its first boot left the polls after
        # its first frame (the game log's, the history's and the small saves' blocks made) done
        App(self.display, board.WIDTH, board.HEIGHT, FileStore("/data", OsFiles()), Rng(seed), colours).flush()
        self.files = FlashFiles(clock.now_us)
        self.flash = self.files.flash
        app = App(self.display, board.WIDTH, board.HEIGHT, FileStore("/data", self.files), Rng(seed), colours)
        app.resume()  # the saved game built, as main.start does after the first frame
        self.app = app
        self.now = 0.0  # Pico ms
        self.polls = 0
        self.gap = (0.0, "")  # the longest gap between polls in the current press, and what it was
        self.gaps = []  # (key, gap, what) of each poll of the current press
        self.kinds = {}  # how many polls of each kind the current press has had
        self.save_gap = 0.0  # the longest of them that saved
        self.actions = 0
        self.screen = "-"
        self.render_us = 0
        self.show_end = None
        self.show_bus_ms = 0.0
        self.shows = 0
        self._instrument()
        # the board's edge interrupts, at the Pico times the bench presses and lets go
        self.pins = [_Button() for _ in range(4)]
        self.edge_ms = 0
        self.edges = Edges(self.pins, lambda: self.edge_ms)
        self.dev = main.Device(self.display, app, Debouncer(edges=self.edges), board.led, board.buzz, board.contrast)

    def edge(self, bit, at_ms, level):
        """The button of bit goes to level at at_ms: its interrupt runs (after the
        poll in progress then, which the bench cannot cut in two; its time is right)."""
        pin = self.pins[(1, 2, 4, 8).index(bit)]
        pin.level = level
        self.edge_ms = int(at_ms)
        pin.handler(pin)

    def _instrument(self):
        """Time handle(), render(), the start and end of show() and the bus time of show()."""
        app = self.app
        display = self.display
        handle = app.handle
        render = app.render
        show = display.show
        do = app.do
        undo = app.undo
        self.handled = []
        self.done = []

        def timed_handle(ev):
            self.screen = type(app.top).__name__
            self.handled.append(ev)
            return handle(ev)

        def timed_render():
            t = clock.now_us()
            render()
            took = clock.now_us() - t
            self.render_us += took * self.k_render
            self.extra_us += took * (self.k_render - 1)

        def timed_show():
            self.shows += 1
            self.show_start = self.now_us()
            bus = self.machine.bus_us
            t = clock.now_us()
            show()
            self.extra_us += (clock.now_us() - t) * (self.k_show - 1)
            self.show_bus_ms += (self.machine.bus_us - bus) / 1000
            self.show_end = self.now_us()

        def logged_do(action):
            do(action)
            self.done.append(action[0])

        def logged_undo():
            undo()
            self.done.append("undo")

        app.handle = timed_handle
        app.render = timed_render
        display.show = timed_show
        app.do = logged_do
        app.undo = logged_undo

    def now_us(self):
        """The host's clock, plus the time render() and show() take on the chip beyond R's."""
        return clock.now_us() + self.extra_us

    def poll(self, raw):
        """One turn of main.run (a generator: it yields once, after a frame was shown,
        for the collection); sets self.last to what the poll did."""
        self.handled = []
        self.done = []
        self.show_end = None
        self.show_start = None
        self.show_bus_ms = 0.0
        self.render_us = 0
        start = self.now
        stall = self.flash.stall_ms + self.flash.lfs_ms
        programmed = self.flash.programmed
        erases = self.flash.erases
        bus = self.machine.bus_us
        model = self.files.model_us
        loading = self.app.loading[0] if self.app.loading else None
        t0 = self.now_us()
        showed = self.dev.step(raw, int(start))
        t1 = self.now_us()
        t0 += self.files.model_us - model  # the flash model's own time is no Pico's
        stall = self.flash.stall_ms + self.flash.lfs_ms - stall
        ms = (t1 - t0) * self.scale + stall + (self.machine.bus_us - bus) / 1000
        last = {"shown": showed, "start": start, "stall": stall,
                "erases": self.flash.erases - erases, "events": self.handled, "done": self.done}
        if self.show_end is not None:
            # when the frame was out, in Pico time (a poll that shows does not save)
            last["shown_at"] = start + (self.show_end - t0) * self.scale + stall + self.show_bus_ms
        if self.handled:
            # handle + save + render: up to show() if the poll showed its frame, else all of it
            last["compute"] = (self.show_start - t0) * self.scale + stall if self.show_end is not None else ms
        shown = 0.0 if self.show_end is None else (self.show_end - self.show_start) * self.scale
        drawn = self.render_us * self.scale
        bus_ms = (self.machine.bus_us - bus) / 1000
        collect = 0.0
        if showed:
            yield  # the collection Device._show asks for, timed by the stepper
            collect = stepper.gc_us * self.scale
            ms += collect
        # where the poll's time went: the rest of the CPU (handle, tick), render(), show()'s own
        # CPU, the bus, the collection, the flash
        parts = "%.1f+%.1f+%.1f+%.1f+%.1f+%.1f" % (ms - drawn - shown - bus_ms - collect - stall, drawn, shown,
                                                  bus_ms, collect, stall)
        end = start + ms
        last["end"] = end
        wait = self.dev.wait_ms(int(start), int(end))
        self.now = end + wait
        self.polls += 1
        self.actions += len(self.done)
        # the gap as make chip counts it: the time awake, for while it sleeps main.run watches
        # the pins (a millisecond at a time) and polls at once on an edge
        gap = ms
        if self.handled:
            what, kind = "press %s %s" % (self.screen, ",".join(self.done) or "-"), "press"
        elif self.flash.programmed != programmed:
            what = kind = "save"
        elif showed:
            what = kind = "show %s" % type(self.app.top).__name__
        elif self.render_us:
            what = kind = "tick %s" % type(self.app.top).__name__
        elif loading is not None and self.app.loading[:1] != [loading]:  # (a room-making collection keeps it)
            what = kind = "load %s" % loading
        else:
            what = kind = "idle"
        # the same piece of work in every run of the replay: the how-many-th of its kind in this press
        n = self.kinds.get(kind, 0)
        self.kinds[kind] = n + 1
        self.gaps.append(("%s#%d" % (kind.replace(" ", "/"), n), gap, what, parts))
        if gap > self.gap[0]:
            self.gap = (gap, what)
        if what == "save" and gap > self.save_gap:
            self.save_gap = gap
        self.last = last

    def press(self, ev, wait=0):
        """Press and release the button of event ev, then run until the screen is at
        rest, and at least wait ms after the press was seen; yields between polls.  Sets self.result: the poll that handled the press,
        how long the screen took to come to rest, how often the press was lost
        (pressed and released within one long poll: then it is pressed again), and
        when its last frame was pushed."""
        hold = _LONG_HOLD_MS if ev & 4 else _HOLD_MS
        bit = 1 << (ev & 3)
        down = self.now
        seen = None
        rest = None
        drawn = None  # the last frame pushed since the press was seen
        lost = 0
        self.gap = (0.0, "")
        self.save_gap = 0.0
        let_go = False
        self.edge(bit, down, 0)
        self.gaps = []
        self.kinds = {}
        while True:
            if not let_go and self.now - down >= hold:
                self.edge(bit, down + hold, 1)
                let_go = True
            raw = bit if self.now - down < hold else 0
            yield from self.poll(raw)
            last = self.last
            if last["events"]:
                if seen is not None or last["events"] != [ev]:
                    raise ValueError("pressed %d, the app got %r" % (ev, last["events"]))
                seen = last
                rest = last["end"]
            elif seen is not None:
                if last["shown"]:
                    drawn = last.get("shown_at", last["end"])
                if last["shown"] or last["stall"]:
                    rest = last["end"]
                elif (self.now - down >= hold + _PACE_MS and self.now - seen["start"] >= wait
                      and not self.dev.busy()):
                    break
            elif self.now - down >= hold + _LOST_MS:
                lost += 1
                if lost > 3:
                    raise ValueError("pressed %d on %s four times: never seen" % (ev, type(self.app.top).__name__))
                down = self.now
                let_go = False
                self.edge(bit, down, 0)
            if seen is not None and "press" not in seen and "shown_at" in last:
                seen["press"] = last["shown_at"] - seen["start"]  # its frame, in its poll or the next
            if self.now - down > _REST_MS + wait:
                raise ValueError("%s is not at rest %d ms after pressing %d (%s)" % (
                    type(self.app.top).__name__, _REST_MS, ev, "busy" if self.app.busy() else "redrawing"))
        if drawn is None:
            drawn = seen.get("shown_at", rest)
        self.result = (seen, rest - seen["start"], lost, drawn - seen["start"])

    def leave(self):
        """The hands leave the gadget: polls with no button down until no flash work
        waits.  The work deferred until then (a finished game's history record, which
        owes the game its mark until written) is done, as the recording's driver, which
        saves each press at once, had done it."""
        end = self.now + _LEFT_MS
        while self.app.flash.work:
            if self.now > end:
                raise ValueError("flash work still waits %d ms after the last press" % _LEFT_MS)
            yield from self.poll(0)

    def report(self, i, ev):
        """One PRESS line: index, event, screen, actions, press -> frame pushed,
        compute, time to rest, the longest gap between polls meanwhile, the longest
        of a poll that saved, presses lost, erases so far, what the longest poll did, the
        last frame pushed (a roll's: its odds or its tumble's end; the time to rest also
        counts the flash work after it); then a GAPS line: each poll's gap as key=ms=what=parts (key names the same poll in
        every replay, what says what it did, parts where its time went in ms: the rest
        of the CPU (handle, tick) + render() + show()'s CPU + bus + collection + flash)."""
        seen, settle, lost, drawn = self.result
        print("PRESS %d %d %s %s %.2f %.2f %.2f %.2f %.2f %d %d %s %.2f" % (
            i, ev, self.screen, ",".join(seen["done"]) or "-", seen["press"], seen["compute"],
            settle, self.gap[0], self.save_gap, lost, self.flash.erases, self.gap[1].replace(" ", "/"), drawn))
        print("GAPS %d %s" % (i, " ".join("%s=%.2f=%s=%s" % (k, g, w.replace(" ", "/"), parts)
                                          for k, g, w, parts in self.gaps)))

    def totals(self):
        print("BENCH reference_us %d" % self.ref_us)
        print("BENCH polls %d" % self.polls)
        print("BENCH actions %d" % self.actions)
        print("BENCH file_bytes %d" % self.flash.data)
        print("BENCH erases %d" % self.flash.erases)
        print("BENCH programmed %d" % self.flash.programmed)
        print("BENCH stall_ms %.1f" % self.flash.stall_ms)
        print("BENCH shows %d" % self.shows)
        print("BENCH bus_bytes %d" % self.machine.bus_bytes)
        print("BENCH bus_ms %.1f" % (self.machine.bus_us / 1000))


def digest(app):
    """A short fingerprint of the game in play, to check a replay reached the same end:
    its save without the time in play (the loop's clock is the host's, scaled), the game
    as it stands and its count in place of the journal (which of its actions are folded
    depends on when the quiet polls came: Journal.tidy)."""
    s = app.session
    if s is not None:
        d = s.to_dict()
        d.pop("ms", None)
        j = s.journal
        d["journal"] = {"game": j.game.to_dict(), "count": j.count(), "undone": d["journal"]["undone"]}
    text = json.dumps(d) if s is not None else "none"
    return "%d.%d" % (len(text), sum(text.encode()) & 0xFFFF)


def main(arg):
    board_name, seed, r_pico, drawing, what = arg.split()

    def run():
        loop = Loop(board_name, int(seed), float(r_pico), tuple(float(k) for k in drawing.split(",")))
        yield
        for _ in range(5):  # the buttons are read once before any is pressed
            yield from loop.poll(0)
        if what == "odds":
            yield from _odds(loop)
        else:
            i = 0
            for ev, wait in presses(what):
                yield from loop.press(ev, wait)
                loop.report(i, ev)
                i += 1
            yield from loop.leave()
            print("BENCH digest %s" % digest(loop.app))
        loop.totals()

    return run()


def _odds(loop):
    """Trainmaker at its hardest odds: two players, three Terminal cards
    (PPPB, BBFF, PFFF), Switch Track held, at the start of a turn; then the roll."""
    from app import games
    from schaffner.journal import Journal

    app = loop.app
    mod = games.module("trainmaker")
    cls = mod.game_class()
    cards = [("card", needs, "wild") for needs in ("PPPB", "BBFF", "PFFF")]
    app.session = games.Session("trainmaker", ["Red", "Blue"], Journal(cls, cls.new(2).to_dict(), cards))
    app.saves.start()
    app.flush()
    app.push(mod.play_screen())
    loop.dev.refresh()
    start = loop.now
    rest = start
    while True:
        yield from loop.poll(0)
        if loop.last["shown"]:
            rest = loop.last["end"]
        elif not loop.dev.busy():
            break
    print("BENCH odds_turn_start_ms %.1f" % (rest - start))
    yield from loop.press(2, 800)  # OK: roll, and the tumble
    loop.report(0, 2)
