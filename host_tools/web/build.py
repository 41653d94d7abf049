"""make web: Schaffner in the browser, built into build/web/ and served on localhost.

The page (host_tools/web/) runs the pinned MicroPython WebAssembly runtime from
node_modules on the device image as make deploy puts it on a Pico (device_files.py,
compiled with mpy-cross), on the virtual board (host_tools/wasm/virtual_board.py, the
page's /board.py), with the browser watching it: web_device.py is the glue page.js calls.

  python -m host_tools web              build, then serve until Ctrl-C
  python -m host_tools web --port 8080  on another port (0: any free one)
  python -m host_tools web --build-only
"""
import functools
import hashlib
import http.server
import json
import os
import shutil
import struct
import tempfile

from .. import mpy
from ..device_files import boards, compiled_name, device_files
from ..errors import ToolError
from ..paths import BUILD, HOST_TOOLS, ROOT
from ..pico.compiled import make_stamp

SOURCE = os.path.join(HOST_TOOLS, "web")
OUT = os.path.join(BUILD, "web")
RUNTIME = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE = ("index.html", "style.css", "page.js", "backup.js", "manifest.webmanifest", "icon.svg")
# the page's own Python: the virtual board as the page's board, and the glue page.js calls
BOARD_FILES = ((os.path.join(HOST_TOOLS, "wasm", "virtual_board.py"), "/board.py"),
               (os.path.join(SOURCE, "web_device.py"), "/web_device.py"))
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml", ".bin": "application/octet-stream"}


def image_files():
    """(host path, device path) of the image: a Pico's files (the first board's; boards
    differ only in /board.py and their display's driver, which the browser does not
    use), with the virtual board in place of the real one."""
    files = [(host, dev) for host, dev in device_files(boards()[0]) if dev != "/board.py"]
    return files + list(BOARD_FILES)


def compiled(host, device, tmp):
    """The file's bytes as the device gets them: .mpy from mpy-cross, main.py as source."""
    target = compiled_name(device)
    if target.endswith(".py"):
        with open(host, "rb") as f:
            return target, f.read()
    out = os.path.join(tmp, "out.mpy")
    proc = mpy.cross(host, out, device[1:])
    if proc.returncode:
        raise ToolError("mpy-cross failed on %s: %s" % (host, (proc.stdout + proc.stderr).strip()))
    with open(out, "rb") as f:
        return target, f.read()


def write_image(path):
    """One file for the page to fetch: a 4-byte little-endian length, a JSON index
    [[device path, size]...] of that length, then the files' bytes in that order. With
    them the version stamp make deploy writes, for About."""
    with tempfile.TemporaryDirectory() as tmp:
        files = [compiled(host, dev, tmp) for host, dev in image_files()]
    files.append(("/version.json", make_stamp("browser")))
    index = json.dumps([[dev, len(data)] for dev, data in files]).encode()
    with open(path, "wb") as f:
        f.write(struct.pack("<I", len(index)))
        f.write(index)
        for _, data in files:
            f.write(data)
    return len(files)


def build(out=OUT):
    """Write the page into out; return the number of device files in its image."""
    if not os.path.isfile(os.path.join(RUNTIME, "micropython.wasm")):
        raise ToolError("the MicroPython runtime is missing: run make deps (npm ci) first")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    for name in PAGE:
        shutil.copyfile(os.path.join(SOURCE, name), os.path.join(out, name))
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copyfile(os.path.join(RUNTIME, name), os.path.join(out, name))
    count = write_image(os.path.join(out, "image.bin"))
    cached = sorted(os.listdir(out))
    digest = hashlib.sha256()
    for name in cached:
        with open(os.path.join(out, name), "rb") as f:
            digest.update(name.encode() + b"\0" + f.read())
    with open(os.path.join(SOURCE, "sw.js")) as f:
        worker = f.read()
    stamp = "const VERSION = %s;\nconst FILES = %s;" % (
        json.dumps(digest.hexdigest()[:16]), json.dumps(["./"] + cached))
    with open(os.path.join(out, "sw.js"), "w") as f:
        f.write(worker.replace("/* BUILD */", stamp))
    return count


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types a page of modules and WebAssembly needs, revalidated
    on every load so a rebuilt page shows up; quiet."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        pass


def server(directory=OUT, port=8000):
    """An HTTP server for directory on 127.0.0.1 (port 0: any free one); serve_forever() runs it."""
    handler = functools.partial(Handler, directory=directory)
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def url(srv):
    return "http://127.0.0.1:%d/" % srv.server_address[1]


def arguments(parser):
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--build-only", action="store_true")


def run(state, args):
    count = build()
    state.out("built %s: the page, the runtime and the device image (%d files)" % (os.path.relpath(OUT, ROOT), count))
    if args.build_only:
        return 0
    try:
        srv = server(port=args.port)
    except OSError as exc:
        raise ToolError("cannot serve on port %d (%s): try make web WEB_PORT=8080" % (args.port, exc.strerror))
    state.out("Schaffner in the browser: %s  (Ctrl-C stops)" % url(srv))
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0
