"""firmware/main.py: the poll loop, LED, beeps, contrast, error screen, safe start.

Host only: main.py imports the board file and ``machine``; here both are stand-ins,
and the loop is driven one ``Device.step`` at a time with a made-up clock.
"""
import importlib
import os
import sys
import tempfile
import types

import framebuf

from app.events import BACK, LONG, OK, UP
from drivers.buttons import Debouncer

CPYTHON_ONLY = "main.py with stand-ins for the board file and machine in sys.modules"


class Screen(framebuf.FrameBuffer):
    """A 128x64 mono canvas that remembers the text drawn and counts show()."""

    def __init__(self):
        super().__init__(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        self.shown = 0
        self.texts = []

    def text(self, s, x, y, c=1):
        self.texts.append((s, x, y))
        super().text(s, x, y, c)

    def show(self):
        self.shown += 1


class FakeApp:
    def __init__(self):
        self.handled = []
        self.renders = 0
        self.ticks = 0
        self.animating = False  # tick() reports a change
        self.working = False
        self.ticking_screen = True  # polls at the quick period unless a test says otherwise
        self.rgb = (230, 40, 40)
        self.settings = {"contrast": 6}
        self.beeps = 0
        self.flash = self  # the app's flash queue: what main.py asks it, answered here
        self.touched = []  # (ms, held) of each touch()
        self.deferred = -1  # what wait_ms() answers: flash work deferred for this long
        self.asked = 0  # busy() calls

    def touch(self, now_ms, held):
        self.touched.append((now_ms, held))

    def wait_ms(self, now_ms):
        return self.deferred

    def handle(self, ev):
        self.handled.append(ev)
        return ev != UP  # UP changes nothing on this screen

    def tick(self, now_ms):
        self.ticks += 1
        return self.animating

    def render(self):
        self.renders += 1

    def busy(self):
        self.asked += 1
        return self.working

    def ticking(self):
        return self.ticking_screen

    def led(self):
        return self.rgb


class Recorder(list):
    def __call__(self, *args):
        self.append(args[0] if len(args) == 1 else args)


class Watchdog:
    fed = 0

    def feed(self):
        self.fed += 1


def _fake_board(raw=0):
    board = types.ModuleType("board")
    board.WIDTH, board.HEIGHT, board.COLOUR = 128, 64, False
    board.raw = raw
    board.read_buttons = lambda: board.raw
    board.led = board.buzz = board.edges = None
    board.contrast = Recorder()
    return board


def _main():
    saved = sys.modules.get("board")
    sys.modules["board"] = _fake_board()
    try:
        return importlib.import_module("main")
    finally:
        if saved is None:
            sys.modules.pop("board")
        else:
            sys.modules["board"] = saved


main = _main()


def _device(**hw):
    app = FakeApp()
    screen = Screen()
    dev = main.Device(screen, app, Debouncer(), **hw)
    return dev, app, screen


def _press(dev, bits, start, held_ms):
    """Hold bits from start for held_ms, release, and poll 100 ms more; return the time."""
    t = start
    for _ in range(held_ms // 10):
        dev.step(bits, t)
        t += 10
    for _ in range(10):
        dev.step(0, t)
        t += 10
    return t


def test_boot_draws_once_and_lights_the_led():
    led, contrast = Recorder(), Recorder()
    dev, app, screen = _device(led=led, contrast=contrast)
    assert (app.renders, screen.shown) == (1, 1)
    assert led == [(230, 40, 40)] and contrast == [6]


def test_a_press_reaches_the_app_and_redraws():
    wdt = Watchdog()
    dev, app, screen = _device(wdt=wdt)
    dev.step(0, 0)
    _press(dev, 1 << OK, 10, 100)
    assert app.handled == [OK]
    assert (app.renders, screen.shown) == (2, 2)
    assert wdt.fed == 1 + 10 + 10  # every step feeds the watchdog


def test_long_press_and_no_redraw_when_nothing_changed():
    dev, app, screen = _device()
    dev.step(0, 0)
    _press(dev, 1 << UP, 10, 100)  # handled, but the app reports no change
    assert app.handled == [UP] and screen.shown == 1
    _press(dev, 1 << BACK, 1000, 800)
    assert app.handled == [UP, BACK | LONG] and screen.shown == 2


def test_animation_redraws_without_a_press_drawn_in_one_poll_shown_in_the_next():
    dev, app, screen = _device()
    app.ticking_screen = False
    app.animating = True
    assert dev.step(0, 0) is False  # drawn, not yet shown
    assert (app.renders, screen.shown, app.ticks) == (2, 1, 1) and dev.busy()
    assert dev.wait_ms(0, 1) == 0  # the next poll at once, though nothing ticks
    assert dev.step(0, 1) is True  # shown, and nothing else done in its poll
    assert (app.renders, screen.shown, app.ticks) == (2, 2, 1) and not dev.busy()


def test_a_press_takes_the_place_of_a_frame_drawn_for_the_next_poll():
    dev, app, screen = _device()
    dev.step(0, 0)
    for t in (10, 20, 30, 40):
        dev.step(1 << OK, t)  # held past the debounce: taken when let go
    app.animating = True
    dev.step(1 << OK, 50)  # drawn, to be shown in the next poll
    app.animating = False
    assert dev.step(0, 60) is True  # let go: the press drawn and shown at once instead
    assert app.handled == [OK] and (app.renders, screen.shown) == (3, 2)
    assert dev.step(0, 70) is False and screen.shown == 2


def test_a_press_is_drawn_and_shown_in_the_poll_that_takes_it():
    dev, app, screen = _device()
    dev.step(0, 0)
    for t in (10, 20, 30, 40, 50):
        assert dev.step(1 << OK, t) is False  # held: nothing yet
    assert dev.step(0, 60) is True  # let go: taken, drawn and shown at once
    assert app.handled == [OK] and (app.renders, screen.shown) == (2, 2)
    assert dev.step(0, 70) is False and screen.shown == 2  # and once only


def test_a_press_s_frame_is_collected_after_at_once_and_a_frame_time_drew_leaves_it_to_the_app():
    dev, app, screen = _device()
    collected = Recorder()
    real = main.gc
    main.gc = types.SimpleNamespace(collect=lambda: collected(1))
    try:
        dev.step(0, 0)
        dev.step(1 << OK, 10)
        dev.step(1 << OK, 40)
        dev.step(0, 50)  # taken, drawn, shown, then collected
        assert screen.shown == 2 and collected == [1] and app.litter is False
        app.animating = True
        dev.step(0, 60)
        app.animating = False
        dev.step(0, 61)  # time drew a frame, shown: the app collects once the hands are off
        assert screen.shown == 3 and collected == [1] and app.litter is True
    finally:
        main.gc = real


def _slowed(app, clock, took):
    """app.handle takes took[0] ms of the clock (clock[0]) at each press."""
    handle = app.handle

    def slow(ev):
        clock[0] += took[0]
        return handle(ev)

    app.handle = slow


def test_a_press_whose_poll_ran_long_by_its_drawing_is_shown_in_the_next_poll_and_collected_after():
    clock = [0]  # the ms ticks: each poll's start, plus what a press's handling took (took)
    took = [19]
    dev, app, screen = _device(clock=lambda: clock[0], late=True)
    collected = Recorder()
    real = main.gc
    main.gc = types.SimpleNamespace(collect=lambda: collected(1))
    _slowed(app, clock, took)
    try:
        dev.step(0, 0)
        dev.step(1 << OK, 10)
        dev.step(1 << OK, 40)
        clock[0] = 50  # drawn 19 ms into its poll: shown in it
        assert dev.step(0, 50) is True and screen.shown == 2 and collected == [1]
        took[0] = 20  # a game's end: its scoring, then a new screen to draw
        dev.step(1 << OK, 100)
        dev.step(1 << OK, 130)
        clock[0] = 140
        assert dev.step(0, 140) is False and (app.renders, screen.shown) == (3, 2) and collected == [1]
        assert dev.busy() and dev.wait_ms(140, 160) == 0  # the next poll at once, to show it
        assert dev.step(0, 160) is True and (app.renders, screen.shown) == (3, 3) and collected == [1, 1]
        assert app.litter is False and app.handled == [OK, OK] and app.ticks == 7  # (none in that poll)
        assert dev.step(0, 170) is False and screen.shown == 3
    finally:
        main.gc = real


def test_a_press_whose_poll_its_collection_would_take_past_45_ms_leaves_it_to_the_app():
    clock = [0]  # the ms ticks: a poll's start, plus what its press's handling and the collection took
    took = [10]
    collect_ms = [0]
    dev, app, screen = _device(clock=lambda: clock[0])  # a make deploy install's: no frame split
    collected = Recorder()
    real = main.gc

    def collect():
        collected(1)
        clock[0] += collect_ms[0]

    main.gc = types.SimpleNamespace(collect=collect)
    _slowed(app, clock, took)
    try:
        collect_ms[0] = 24  # the code in the heap: the first collection says how long one takes
        clock[0] = 100
        dev.step(0, 100)
        dev.step(1 << OK, 110)
        dev.step(1 << OK, 140)
        clock[0] = 150
        assert dev.step(0, 150) is True and collected == [1] and app.litter is False  # 10 + 24 ms
        took[0] = 22  # 22 + 24 ms: past 45, its garbage left for the hands' pause
        dev.step(1 << OK, 200)
        dev.step(1 << OK, 230)
        clock[0] = 240
        assert dev.step(0, 240) is True and screen.shown == 3 and collected == [1] and app.litter is True
        took[0] = 21  # 21 + 24 ms: in its poll
        dev.step(1 << OK, 300)
        dev.step(1 << OK, 330)
        clock[0] = 340
        assert dev.step(0, 340) is True and collected == [1, 1] and app.litter is False
        collect_ms[0] = 5  # a smaller heap: the next collection is quicker ...
        took[0] = 15
        for t in (400, 430):
            dev.step(1 << OK, t)
        clock[0] = 440
        assert dev.step(0, 440) is True and collected == [1, 1, 1]
        took[0] = 39  # ... and a longer press's poll collects too: 39 + 5 ms
        for t in (500, 530):
            dev.step(1 << OK, t)
        clock[0] = 540
        assert dev.step(0, 540) is True and collected == [1, 1, 1, 1] and app.litter is False
    finally:
        main.gc = real


def test_a_press_and_an_animation_in_one_poll_give_one_frame():
    dev, app, screen = _device()
    dev.step(0, 0)
    dev.step(1 << OK, 10)
    dev.step(1 << OK, 40)  # held past the debounce
    app.animating = True
    assert dev.step(0, 50) is True
    assert app.handled == [OK] and (app.renders, screen.shown) == (2, 2)


def test_an_idle_gadget_polls_less_often_and_a_press_brings_the_quick_polls_back():
    dev, app, screen = _device()
    app.ticking_screen = False
    dev.step(0, 0)
    assert dev.wait_ms(100, 103) == 47  # nothing down, nothing ticks: the long period
    dev.step(1 << OK, 110)  # a button goes down (its edge woke the loop)
    assert dev.wait_ms(110, 111) == 9
    dev.step(1 << OK, 150)
    dev.step(0, 160)  # let go: taken
    assert app.handled == [OK] and dev.wait_ms(160, 161) == 49
    app.ticking_screen = True  # a screen that animates
    assert dev.wait_ms(160, 161) == 9


def test_the_next_poll_comes_at_once_while_the_app_has_work():
    dev, app, screen = _device()
    assert dev.wait_ms(100, 103) == 7  # the rest of the 10 ms period
    assert dev.wait_ms(100, 125) == 0  # a long poll: the next one at once
    assert dev.wait_ms(2**30 - 2, 1) == 7  # across the wrap of ticks_ms
    app.working = True
    assert dev.wait_ms(100, 101) == 0


def test_after_a_poll_as_long_as_an_erase_the_next_comes_at_once_and_nothing_is_asked():
    dev, app, screen = _device()
    app.ticking_screen = False
    assert dev.wait_ms(100, 144) == 6 and app.asked == 1  # idle: the rest of the long period
    app.deferred = 2  # flash work due sooner: not even that is asked after a long poll
    assert dev.wait_ms(100, 145) == 0 and app.asked == 1
    assert dev.wait_ms(2**30 - 5, 40) == 0 and app.asked == 1  # across the wrap of ticks_ms


def test_the_app_hears_of_the_hands_at_the_buttons_and_its_deferred_work_wakes_the_loop():
    dev, app, screen = _device()
    app.ticking_screen = False
    dev.step(0, 0)
    assert app.touched == []
    dev.step(1 << OK, 10)
    dev.step(1 << OK, 50)
    dev.step(0, 60)  # let go: taken, and nothing is down any more
    dev.step(0, 100)
    dev.step(0, 150)
    assert app.handled == [OK] and app.touched == [(10, True), (50, True), (60, False)]
    assert dev.wait_ms(150, 151) == 49
    app.deferred = 30  # the app's flash work comes due in 30 ms: the loop wakes for it
    assert dev.wait_ms(150, 151) == 30


def test_the_next_poll_comes_when_a_held_button_turns_long():
    dev, app, screen = _device()
    dev.step(0, 0)
    for t in range(10, 700, 10):
        dev.step(1 << BACK, t)  # pressed at 10: long at 710
    assert dev.wait_ms(690, 690) == 10
    assert dev.wait_ms(700, 704) == 6  # 6 ms to the long mark, before the period's end
    dev.step(1 << BACK, 710)
    assert app.handled == [BACK | LONG]
    assert dev.wait_ms(710, 711) == 9  # nothing is due any more


class _Moved(Debouncer):
    """A debouncer whose pins change during the loop's n-th sleep (an edge in a wait)."""

    def __init__(self, at):
        Debouncer.__init__(self)
        self.at = at


class _Reset(Exception):
    pass


def _run(dev, sleeps):
    """main.run on a fake board until sleeps sleeps; every look at the clock costs 2 ms.
    Returns the sleeps and the clock's value at each step."""
    board = _fake_board()
    clock = types.SimpleNamespace(now=0, slept=[], steps=[])

    def sleep_ms(ms):
        clock.slept.append(ms)
        if len(clock.slept) == sleeps:
            raise _Reset()
        if len(clock.slept) == getattr(dev.buttons, "at", 0):
            dev.buttons.moved[0] = 1  # the pin's interrupt, during this sleep
        clock.now += ms

    def ticks_ms():
        clock.now += 2
        return clock.now

    step = dev.step

    def counted(raw, now_ms):
        clock.steps.append(now_ms)
        return step(raw, now_ms)

    dev.step = counted
    saved = (main.board, main.time)
    main.board, main.time = board, types.SimpleNamespace(ticks_ms=ticks_ms, sleep_ms=sleep_ms)
    try:
        try:
            main.run(dev)
        except _Reset:
            pass
    finally:
        main.board, main.time = saved
    return clock.slept, clock.steps


def test_run_sleeps_what_is_left_of_the_period_a_millisecond_at_a_time():
    dev, app, screen = _device()
    slept, steps = _run(dev, 17)
    # each poll: 2 ms to look at the clock, 2 more after the step; 8 ms slept, 1 at a time
    assert slept == [1] * 17
    assert steps == [2, 14, 26]


def test_run_polls_at_once_when_a_pin_changes_in_its_sleep():
    app = FakeApp()
    dev = main.Device(Screen(), app, _Moved(2))
    slept, steps = _run(dev, 4)
    assert steps == [2, 8]  # woken after 2 of its 8 ms
    assert not dev.buttons.moved[0]  # cleared before the poll it woke took its sample


def test_led_and_contrast_follow_the_app_only_when_they_change():
    led, contrast = Recorder(), Recorder()
    dev, app, screen = _device(led=led, contrast=contrast)
    dev.step(0, 0)
    _press(dev, 1 << OK, 10, 50)
    app.rgb = None  # the game is over: LED off
    app.settings["contrast"] = 9
    _press(dev, 1 << OK, 500, 50)
    assert led == [(230, 40, 40), None]
    assert contrast == [6, 9]


def test_a_beep_sounds_for_60_ms():
    buzz = Recorder()
    dev, app, screen = _device(buzz=buzz)
    app.beeps = 2  # two beeps asked for since the last poll: one sound
    dev.step(0, 1000)
    assert buzz == [2400] and app.beeps == 0
    dev.step(0, 1050)
    assert buzz == [2400]
    dev.step(0, 1060)
    assert buzz == [2400, 0]


def test_beeps_are_consumed_without_a_buzzer():
    dev, app, screen = _device()
    app.beeps = 3
    dev.step(0, 0)
    assert app.beeps == 0


def test_error_screen_fits_the_oled():
    screen = Screen()
    main.show_error(screen, ValueError("the save file is damaged beyond repair"))
    texts = screen.texts
    assert texts[0] == ("Error", 0, 0)
    # "ValueError: the save file is damaged beyond repair" in 16-column lines
    assert [t[0] for t in texts[1:5]] == ["ValueError: the ", "save file is dam", "aged beyond repa", "ir"]
    assert texts[-2:] == [("See /error.txt", 0, 48), ("Press to restart", 0, 56)]
    assert all(len(s) <= 16 for s, _, _ in texts) and screen.shown == 1


def test_fail_records_shows_and_restarts_on_a_fresh_press():
    board = _fake_board(raw=1 << OK)  # OK still held from before the crash
    presses = iter([1 << OK] * 5 + [0] * 5 + [1 << OK] * 5 + [0] * 5)
    board.read_buttons = lambda: next(presses)
    clock = types.SimpleNamespace(now=0)

    def sleep_ms(ms):
        clock.now += ms

    fake_time = types.SimpleNamespace(ticks_ms=lambda: clock.now, sleep_ms=sleep_ms)
    machine = types.ModuleType("machine")

    def reset():
        raise _Reset()

    machine.reset = reset
    wdt = Watchdog()
    screen = Screen()
    with tempfile.TemporaryDirectory() as tmp:
        saved = (main.board, main.time, main._ERROR_FILE, sys.modules.get("machine"))
        main.board, main.time, main._ERROR_FILE = board, fake_time, os.path.join(tmp, "error.txt")
        sys.modules["machine"] = machine
        main.sys.print_exception = lambda exc, f=sys.stderr: f.write("%s: %s\n" % (type(exc).__name__, exc))
        try:
            try:
                main.fail(screen, RuntimeError("boom"), wdt)
            except _Reset:
                pass
            else:
                raise AssertionError("no restart")
            with open(main._ERROR_FILE) as f:
                assert "RuntimeError: boom" in f.read()
        finally:
            main.board, main.time, main._ERROR_FILE, old_machine = saved
            del main.sys.print_exception
            if old_machine is None:
                sys.modules.pop("machine")
            else:
                sys.modules["machine"] = old_machine
    assert screen.texts[1][0] == "RuntimeError: bo" and screen.shown == 1
    # the held OK only counts once released and pressed again: 15 polls, the release the 16th
    assert clock.now == 150 and wdt.fed == clock.now // 10


def test_back_held_at_power_up_starts_nothing():
    board = _fake_board(raw=1 << BACK)

    def display():
        raise AssertionError("display started")

    board.display = display
    saved = main.board
    main.board = board
    try:
        main.main()
    finally:
        main.board = saved


def test_start_builds_the_real_app():
    screen = Screen()
    board = _fake_board()
    import fake_rp2  # (tests/support) the Pico's flash; the log's files are not on it: the log goes through them
    sys.modules["rp2"] = fake_rp2
    with tempfile.TemporaryDirectory() as tmp:
        saved = (main.board, main._SAVE_DIR)
        main.board, main._SAVE_DIR = board, os.path.join(tmp, "data")
        try:
            dev = main.start(screen, main.palette())
        finally:
            main.board, main._SAVE_DIR = saved
        assert os.path.isdir(os.path.join(tmp, "data"))
    assert screen.shown == 1 and any(screen.pixel(x, y) for x in range(128) for y in range(64))
    assert board.contrast == [dev.app.settings["contrast"]]
    assert not dev.late and not dev.app.code_in_flash  # a make deploy install's: each frame in its press's poll
    dev.step(0, 0)
    dev.step(1 << OK, 10)  # a real App takes a real press


def test_the_date_reaches_the_app_only_once_the_clock_is_set():
    saved = main.time
    try:
        main.time = types.SimpleNamespace(localtime=lambda: (2021, 1, 1, 0, 5, 0, 4, 1))
        assert main.today() is None  # a Pico's clock after power-up, never set
        main.time = types.SimpleNamespace(localtime=lambda: (2025, 5, 12, 20, 15, 0, 0, 132))
        assert main.today() == (2025, 5, 12, 20, 15)
    finally:
        main.time = saved
