"""make test's browser test: the built page served on localhost, played in headless
Chromium by tests/web/e2e.mjs with the steps of tests/web/scenario.py.

Where there is no Chromium it installs Debian's chromium with apt-get when it runs as
root (as CI does); otherwise it says plainly that the browser test was NOT run and how
to run it, and exits 0 (the rest of make test stands), except in CI (CI set), where a
browser that cannot be had fails.

  python tests/web/run.py             the test; pictures in build/web-test/
  python tests/web/run.py --readme    also the README's pictures of the page
"""
import os
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

import scenario  # noqa: E402  (beside this file; it puts the repository on sys.path)
from host_tools.web import build as web  # noqa: E402

OUT = os.path.join(ROOT, "build", "web-test")
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
# README picture -> the test's screenshot it is
README = {"web-oled.png": "taubertal-pass4-page.png", "web-pack.png": "trainmaker-roll-page.png",
          "web-laptop.png": "switch-laptop.png"}


def find_browser():
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    return None


def get_browser():
    """(a Chromium, None), or (None, why there is none): CHROMIUM if given, else one on the
    PATH, else Debian's chromium installed with apt-get when this runs as root."""
    given = os.environ.get("CHROMIUM")
    if given:
        return (given, None) if os.path.isfile(given) else (None, "CHROMIUM=%s is no file" % given)
    found = find_browser()
    if found:
        return found, None
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return None, "no Chromium here, and none was installed (that takes root and apt-get)"
    print("web: no Chromium here: installing Debian's chromium (apt-get, as root)", flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], env=env, stdout=subprocess.DEVNULL)
    found = find_browser()
    return (found, None) if found else (None, "apt-get could not install Debian's chromium")


def not_run(why):
    """The browser test could not run here: say so plainly, last, and how to run it."""
    print("web: NOT RUN - %s: the browser test did not run, so this was not every test.\n"
          "     Install one (Debian: sudo apt-get install chromium) or name one\n"
          "     (CHROMIUM=/path/to/chromium), then: make test-web" % why)


def page_backup_restores(path):
    """The file the page saved is one make restore takes: 0, else 1 with why."""
    import json

    from host_tools.pico import backup
    from host_tools.pico.compiled import make_stamp

    try:
        files, written_by = backup.parse(backup.read(path))
        # a gadget deployed from this tree is what would take it
        why = backup.refusal(written_by, json.loads(make_stamp("pico_oled")))
    except backup.BackupError as exc:
        why = str(exc)
    if why or not files:
        print("web: FAILED - the page's backup is not one make restore takes: %s" % (why or "no files"))
        return 1
    print("web: the page's backup is one make restore takes (%d files of /data)" % len(files))
    return 0


# the game the page keeps for the scan screen: two players, a code that fits the Display Pack
KEPT = {"v": 1, "k": 3, "g": "trainmaker", "d": "2026-05-01", "a": 40, "t": 12, "w": "Red", "h": "goods",
        "b": "", "u": "cards", "p": [["Red", 7, 1], ["Blue", 5, 2]]}


def kept_game_backup(path):
    """A backup (make backup's file) whose history holds KEPT, for the page to open."""
    import base64
    import json

    text = json.dumps(KEPT, separators=(",", ":"))
    log = ("\n" + text + " " * (255 - len(text))).encode()  # a record of the versions before: a slot of its file
    with open(path, "w") as f:
        json.dump({"format": "schaffner-backup/1", "written_by": None, "when": "2026-05-01T20:00:00Z",
                   "files": {"history.log": base64.b64encode(log).decode()}}, f)


def scan_code_decodes(out):
    """The code on the page's screen, from the screenshot's pixels, read by zxing-cpp:
    the kept game's BG Stats link.  0, else 1 with what it read."""
    import json

    import zxingcpp

    from app.bgstats import link
    from app.scan_view import version_shown
    from schaffner.qr import capacity

    with open(os.path.join(out, "scan-screen.json")) as f:
        size = json.load(f)
    with open(os.path.join(out, "scan-screen.grey"), "rb") as f:
        grey = f.read()
    img = memoryview(grey).cast("B", (size["height"], size["width"]))
    found = zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)
    want = link(KEPT, capacity(version_shown(135)))[0]
    if len(found) != 1 or found[0].text != want:
        print("web: FAILED - the page's scan screen decodes to %r, not %r" % ([f.text for f in found], want))
        return 1
    print("web: the page's scan screen decodes to the kept game's BG Stats link (%d bytes)" % len(want))
    return 0


def main(argv):
    browser, why = get_browser()
    if browser is None:
        if os.environ.get("CI"):
            print("web: FAILED - %s (in CI the browser test must run)" % why)
            return 1
        not_run(why)
        return 0
    started = time.monotonic()
    web.build()
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    steps = os.path.join(OUT, "scenario.json")
    scenario.main(["scenario.py", steps])
    kept_game_backup(os.path.join(OUT, "kept-game-backup.json"))
    srv = web.server(port=0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    print("web: page and steps ready in %.0f s; the page at %s in %s"
          % (time.monotonic() - started, web.url(srv), browser), flush=True)
    try:
        rc = subprocess.call(
            ["node", os.path.join(HERE, "e2e.mjs"), web.url(srv), steps, OUT],
            cwd=ROOT, env=dict(os.environ, CHROMIUM=browser),
        )
    finally:
        srv.shutdown()
        srv.server_close()
    if rc == 0:
        rc = page_backup_restores(os.path.join(OUT, "schaffner-backup.json"))
    if rc == 0:
        rc = scan_code_decodes(OUT)
    if rc == 0 and "--readme" in argv:
        for name, shot in README.items():
            shutil.copyfile(os.path.join(OUT, shot), os.path.join(ROOT, "docs", "screens", name))
            print("wrote docs/screens/" + name)
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
