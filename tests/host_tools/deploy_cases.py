"""Versions and boards for the deploy's tests, and what it means that a board boots one.

A version is ("slots", Image) -- deployed by this deploy -- or ("old layout", files):
what the deploy before slots left (main.py, board.py, app/, drivers/ at the root, the
core in /lib/schaffner). A version from before Schaffner's own OLED driver has a board.py
that imports micropython-lib's ssd1306, which the deploy of its time put in /lib.
booted() applies the definition in host_tools/pico/planner.py to a FakeBoard.
"""
import json
import os

from fakeboard import FakeBoard
from host_tools.pico import deploy, planner
from host_tools.paths import ROOT

with open(os.path.join(ROOT, "firmware", "launcher.py"), "rb") as _f:
    LAUNCHER = _f.read()
OLDER_LAUNCHER = LAUNCHER + b"\n# an earlier launcher: the same rule, other bytes\n"
COMPILED = b"M\x06\x00\x1flauncher, compiled" * 40  # /launcher.mpy, which /main.py runs
OLDER_COMPILED = b"M\x06\x00\x1fan earlier launcher, compiled" * 40
DATA = {"/data/game.json": b'{"app": "schaffner", "v": 1, "game": "trainmaker"}',
        "/data/game.bak": b'{"app": "schaffner", "v": 1}',
        "/data/settings.json": b'{"contrast": 6}'}
SSD1306 = {"/lib/ssd1306.mpy": b"M\x06\x00\x1fssd1306 driver" + b"." * 3000}
LIB_DRIVER = b"import ssd1306\n"  # how a board.py from before our own driver begins
MPY = b"M\x06\x00\x1f"


def stamp(version, board="pico_oled"):
    return json.dumps({"board": board, "commit": "abc%04d" % len(version), "dirty": False,
                       "version": version}, sort_keys=True).encode()


def code(version, changed=(), added=(), removed=(), board="pico_oled", lib_driver=False):
    """A made-up slot image: the same files in every version, but those in changed
    carry the version in their bytes; added are there, removed are not. lib_driver: a
    version from before our own OLED driver."""
    names = ["main.mpy", "board.py", "app/__init__.mpy", "app/app.mpy", "app/menus.mpy",
             "drivers/__init__.mpy", "drivers/buttons.mpy", "schaffner/__init__.mpy",
             "schaffner/rules/__init__.mpy", "schaffner/rules/game.mpy",
             "schaffner/old/__init__.mpy", "schaffner/old/gone.mpy"]
    files = {}
    for n in [n for n in names if n not in removed] + list(added):
        body = ("%s %s" % (n, version if n in changed or n in added else "base")).encode()
        files[n] = (b"" if n.endswith(".py") else MPY) + body * (60 if "game" in n else 3)
    if "board.py" in files:
        files["board.py"] = (LIB_DRIVER if lib_driver else b"") + ("NAME = %r\n" % board).encode()
    return files


def needs_lib_driver(files):
    return files.get("board.py", b"").startswith(LIB_DRIVER)


def image(version, files, board="pico_oled", compiled=None):
    """compiled: the bytes of /launcher.mpy, which /main.py then runs; None: /main.py is
    the launcher's source."""
    return planner.Image(board, files, stamp(version, board), planner.MAIN_STUB if compiled else LAUNCHER,
                         MPY, compiled)


V1 = image("1.0", code("1.0"))
V2 = image("2.0", code("2.0", changed=("app/app.mpy", "schaffner/__init__.mpy"),
                       added=("app/extra.mpy",),
                       removed=("schaffner/old/__init__.mpy", "schaffner/old/gone.mpy")))
V0 = image("0.9", code("0.9", changed=("app/app.mpy", "app/menus.mpy", "drivers/buttons.mpy")))
V08 = image("0.8", code("0.8", changed=("app/app.mpy",), lib_driver=True))
V3 = image("3.0", code("3.0", changed=("app/app.mpy",)), compiled=COMPILED)


def old_layout(img):
    """The board as the deploy before slots left img: (version, files)."""
    files = {"/main.py": b"# main.py of the old layout\nimport board\n"}
    for rel, data in img.files.items():
        if rel == "main.mpy":
            continue
        files[("/lib/" if rel.startswith("schaffner/") else "/") + rel] = data
    if needs_lib_driver(img.files):
        files.update(SSD1306)
    return ("old layout", files)


def in_slot(img, slot, pointer=True, main=None, compiled=None):
    """Files of a board this deploy put img on, in slot: its /main.py (main, else the
    image's) and /launcher.mpy (compiled, else the image's, if it has one)."""
    d = "/slot_%s/" % slot
    files = {d + rel: data for rel, data in img.files.items()}
    files[d + "version.json"] = img.stamp
    if pointer:
        files["/slot.txt"] = slot.encode()
    files["/main.py"] = main or img.launcher
    if compiled or img.compiled:
        files[planner.LAUNCHER] = compiled or img.compiled
    if needs_lib_driver(img.files):
        files.update(SSD1306)
    return files


def _boots_slots(board, img):
    main = board.files.get("/main.py")
    if "/main.py" in board.partial or not planner.runs_launcher(main, board.files) \
            or planner.LAUNCHER in board.partial and main == planner.MAIN_STUB:
        return False
    named = board.files.get("/slot.txt")
    slot = planner.launcher.choose(
        named.decode().strip() if named is not None else None,
        lambda s: "/slot_%s/version.json" % s in board.files)
    if slot is None:
        return False
    d = "/slot_%s/" % slot
    modules = {p[len(d):]: data for p, data in board.files.items()
               if p.startswith(d) and p.endswith((".py", ".mpy", ".pack"))}
    driver = not needs_lib_driver(img.files) or (
        board.files.get("/lib/ssd1306.mpy") == SSD1306["/lib/ssd1306.mpy"]
        and "/lib/ssd1306.mpy" not in board.partial)
    return modules == img.files and board.files[d + "version.json"] == img.stamp and driver


def _boots_old_layout(board, files):
    return all(board.files.get(p) == data and p not in board.partial for p, data in files.items())


def booted(board, versions):
    """The names in versions ({name: version}) of those the board boots."""
    return [name for name, (kind, v) in sorted(versions.items())
            if (_boots_slots(board, v) if kind == "slots" else _boots_old_layout(board, v))]


def data_of(board):
    return {p: d for p, d in board.files.items() if p.startswith("/data/")}


def run(board, img):
    """One make deploy against board: (ok, message, printed lines)."""
    lines = []
    ok, message = deploy.session(board, img, out=lines.append, clock=lambda: 0.0)
    return ok, message, lines


def board_with(files, **kw):
    return FakeBoard(dict(files, **DATA), **kw)


def changing_calls(board):
    return [c for c in board.log if c[0] not in ("facts", "tree", "hashes", "read", "data_files", "reset")]
