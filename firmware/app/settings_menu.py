"""Settings (contrast, odds, sound, clearing the history, the roster) and About, with
the version it shows.  Loaded when Settings is opened from the main menu (app.menus)."""
import gc

from app.widgets import Menu, NumberEntry, TextView

# make deploy's version stamp: in the slot the launcher made the current folder
STAMP = "version.json"


def version_lines(fs):
    """What About says of the version and where the running code came from: the stamp
    make deploy wrote into the slot, else the one frozen into a firmware image (package
    version, git commit, "dirty" for uncommitted changes); without one (the simulator, a
    mip install, a damaged stamp) it says it does not know: the version is package.json's
    alone, which the gadget never reads."""
    s, source = _stamp(fs)
    try:
        lines = ["Schaffner " + s["version"]]
        if s.get("commit"):
            lines.append(s["commit"] + (" dirty" if s.get("dirty") else ""))
        return lines + [source]
    except (KeyError, TypeError, AttributeError):
        return ["Schaffner", "version unknown"]


def _stamp(fs):
    """(the running code's stamp, how it got onto the Pico or that it runs in the
    browser), (None, None) without one."""
    try:
        s = fs.read_json(STAMP)
    except (OSError, ValueError):
        pass
    else:
        # the web page's image carries a stamp for the board "browser" (host_tools/web)
        return s, "in the browser" if isinstance(s, dict) and s.get("board") == "browser" else "via make deploy"
    try:
        from firmware_stamp import STAMP as frozen  # type: ignore[import-not-found]  # make firmware's
    except ImportError:
        return None, None
    return frozen, "flashed firmware"


class SettingsMenu(Menu):
    # left, Settings takes what it opened out of the heap (App._left)
    LEAVES = ("app.settings_menu", "app.players", "app.name_entry")

    def __init__(self):
        Menu.__init__(self, "Settings", [], self.pick)

    def draw(self, app, ui):
        s = app.settings
        self.items = ["Contrast %d/10" % s["contrast"], "Odds " + ("on" if s["odds"] else "off"),
                      "Sound " + ("on" if s["sound"] else "off"),
                      "Undo clear" if app.history.cleared else "Clear history", "About", "Players"]
        Menu.draw(self, app, ui)

    def pick(self, app, index):
        s = app.settings
        if index == 0:
            app.push(NumberEntry("Contrast", "Screen contrast", s["contrast"], 1, 10, set_contrast))
            return
        if index == 3:
            from app.history_view import clear_history
            clear_history(app)
            return
        if index == 4:
            about(app)
            return
        if index == 5:
            app.open(_players(app))
            return
        key = ("odds", "sound")[index - 1]
        s[key] = not s[key]
        app.save_settings()


def _players(app):  # (App.open) its code, then the roster read from the flash
    from app.players import PlayersMenu, roster
    yield
    yield roster(app)
    app.push(PlayersMenu())


def about(app):
    gc.collect()
    app.push(TextView("About", version_lines(app.store.fs) + [
        "Railway games",
        "Free %d KB" % (gc.mem_free() // 1024),
        "Used %d KB" % (gc.mem_alloc() // 1024),
    ]))


def set_contrast(app, value):
    app.settings["contrast"] = value
    app.save_settings()
    app.pop()
