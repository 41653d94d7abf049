"""The menus every game shares: main menu, settings, about, undo refusal."""
from appdriver import Driver


def test_boot_shows_main_menu_without_resume():
    d = Driver()
    d.shows("Schaffner", "New game", "History", "Settings")
    assert "Resume" not in d.text


def test_settings_toggle_and_persist_across_reboot():
    d = Driver()
    d.pick("Settings").shows("Odds on", "Sound on")
    d.pick("Odds")
    d.shows("Odds off")
    d.boot().pick("Settings").shows("Odds off", "Sound on")


def test_contrast_entry_clamps_and_saves():
    d = Driver()
    d.pick("Settings").pick("Contrast")
    d.press("UPx20", "OK").shows("Contrast 10/10")
    assert d.app.settings["contrast"] == 10


def test_about_shows_version_and_free_memory():
    d = Driver()  # no stamp here: the version is package.json's, which the app never reads
    d.pick("Settings").pick("About").shows("Schaffner", "version unknown", "Free ", " KB", "Used ")
    d.press("OK").shows("Clear history", "About")


def test_about_shows_the_stamp_make_deploy_wrote():
    from memfiles import MemFiles
    fs = MemFiles()
    fs.files["version.json"] = ('{"board": "pico_oled", "commit": "3f2a1bc", "dirty": true, '
                                '"version": "0.2.0"}')
    d = Driver(fs).pick("Settings").pick("About").shows("Schaffner 0.2.0", "3f2a1bc dirty",
                                                        "via make deploy", "Free ")
    fs.files["version.json"] = '{"board": "pico_oled", "commit": null, "dirty": false, "version": "0.2.1"}'
    d.press("OK").pick("About").shows("Schaffner 0.2.1")
    assert "dirty" not in d.text and "null" not in d.text and "None" not in d.text
    fs.files["version.json"] = '{"board": "browser", "commit": "3f2a1bc", "dirty": false, "version": "0.2.0"}'
    d.press("OK").pick("About").shows("Schaffner 0.2.0", "in the browser")  # the web page's image
    assert "make deploy" not in d.text


class _FrozenStamp:
    """What `from firmware_stamp import STAMP` finds in a firmware image (make firmware)."""
    STAMP = {"board": "pico_oled", "commit": "9c41d2e", "dirty": False, "time": 1796000000,
             "version": "0.3.0"}


def test_about_in_a_firmware_image_shows_its_frozen_stamp():
    import sys
    sys.modules["firmware_stamp"] = _FrozenStamp
    try:
        d = Driver().pick("Settings").pick("About")
    finally:
        del sys.modules["firmware_stamp"]
    d.shows("Schaffner 0.3.0", "9c41d2e", "flashed firmware")
    assert "dirty" not in d.text


def test_about_with_a_damaged_stamp_says_the_version_is_unknown():
    from memfiles import MemFiles
    for text in ('{"version": "0.2', '["0.2.0"]', '{"commit": "3f2a1bc"}', '{"version": 2}'):
        fs = MemFiles()
        fs.files["version.json"] = text
        Driver(fs).pick("Settings").pick("About").shows("Schaffner", "version unknown")


def test_back_on_main_menu_stays():
    d = Driver()
    d.press("BACK", "LONG_BACK").shows("New game")


def test_damaged_save_without_backup_is_kept_aside_and_says_so():
    from memfiles import MemFiles
    fs = MemFiles()
    torn = '{"app": "schaffner", "v": 1, "ga'
    fs.files["/data/game.json"] = torn
    d = Driver(fs)
    d.shows("Saved game", "damaged", "kept in", "/data/kept1")
    d.press("OK").shows("New game")
    assert "Resume" not in d.text
    assert fs.files == {"/data/kept1/game.json": torn}  # moved, never deleted
    d.boot().shows("New game")  # nothing left to complain about
    assert "damaged" not in d.text


def test_foreign_and_newer_saves_are_not_resumed_but_kept():
    from memfiles import MemFiles
    fs = MemFiles()
    fs.files["/data/game.json"] = '{"app": "other", "v": 1}'
    fs.files["/data/kept1/game.json"] = "an older one, kept before"
    newer = '{"app": "schaffner", "v": 3, "game": "taubertal", "gen": 4}'
    fs.files["/data/game.bak"] = newer
    fs.files["/data/game.l0"] = '\n{"gen": 4}\n["done", 0]'
    d = Driver(fs)
    d.shows("other version", "/data/kept2")
    d.press("OK")
    assert "Resume" not in d.text
    assert fs.files["/data/kept2/game.bak"] == newer
    assert sorted(fs.files) == ["/data/kept1/game.json", "/data/kept2/game.bak",
                                "/data/kept2/game.json", "/data/kept2/game.l0"]


def test_an_idle_poll_allocates_nothing():
    # at 100 polls a second, an allocation there would call for a garbage collection every
    # few seconds, one a press could have to wait for
    import micropython
    if getattr(micropython, "heap_lock", None) is None:  # CPython: no heap to lock
        return
    from play_taubertal import new_game
    for d in (Driver(), new_game(Driver(), 2)):
        d.app.tick(0)  # the press's poll
        while d.app.busy():  # the game's modules, one a poll
            d.app.tick(1)
        d.app.tick(2)  # then the history, once; and the screen's hooks are known
        t = 10
        micropython.heap_lock()
        try:
            while t < 100:
                d.app.tick(t)
                d.app.busy()
                t += 10
        finally:
            micropython.heap_unlock()


class _Rows:
    """The rows a menu draws (ui.rows of them, one more with no hint) by row: '>' marks the
    cursor's."""
    rows = 4

    def __init__(self):
        self.shown = {}

    def header(self, title, right=""):
        pass

    def line(self, r, s):
        self.shown[r] = s

    def bar(self, r, s):
        self.shown[r] = ">" + s


def _on_screen(menu):
    ui = _Rows()
    menu.draw(None, ui)
    return [ui.shown[r] for r in sorted(ui.shown)]


def test_a_long_list_stays_while_its_cursor_moves_and_turns_a_page_at_an_edge():
    from app.events import DOWN, UP, LONG
    from app.widgets import Menu
    m = Menu("Build", ["b%d" % i for i in range(12)], None)
    assert _on_screen(m) == [">b0", "b1", "b2", "b3", "b4"]  # no hint: 5 rows
    seen = []
    for ev in (DOWN,) * 5 + (UP,):
        m.handle(None, ev)
        seen.append(_on_screen(m))
    assert seen[3] == ["b0", "b1", "b2", "b3", ">b4"]  # the list stayed
    assert seen[4] == ["b4", ">b5", "b6", "b7", "b8"]  # the next page, b4 still in view
    assert seen[5] == [">b4", "b5", "b6", "b7", "b8"]
    m.handle(None, UP)
    assert _on_screen(m) == ["b0", "b1", "b2", ">b3", "b4"]  # back a page, b4 in view
    m.index = 0
    m.handle(None, UP)  # wraps to the last row: the list's end
    assert _on_screen(m) == ["b7", "b8", "b9", "b10", ">b11"]
    m.handle(None, DOWN)
    assert _on_screen(m) == [">b0", "b1", "b2", "b3", "b4"]


def test_a_list_opened_or_jumped_in_shows_its_cursor_in_the_middle():
    from app.events import DOWN, LONG
    from app.widgets import Menu
    m = Menu("Build", ["b%d" % i for i in range(20)], None, index=9)
    assert _on_screen(m) == ["b7", "b8", ">b9", "b10", "b11"]

    class App:
        class ui:
            rows = 4
    m.handle(App, DOWN | LONG)  # four rows on: past the list's last row shown
    assert _on_screen(m) == ["b11", "b12", ">b13", "b14", "b15"]
    m.items = m.items[:14]  # an undo shortened it: its end shown
    assert _on_screen(m) == ["b9", "b10", "b11", "b12", ">b13"]


def test_two_rows_or_one_turn_whole_pages():
    from app.widgets import Menu

    def tops(rows):
        m = Menu("x", ["a", "b", "c"], None)
        out = []
        for i in (0, 1, 2, 1, 0):
            m.index = i
            out.append(m.window(3, rows))
        return out
    assert tops(2) == [0, 0, 1, 1, 0]  # the cursor on b is in view of b, c
    assert tops(1) == [0, 1, 2, 1, 0]
