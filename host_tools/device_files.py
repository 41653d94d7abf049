"""What goes on the device, and where: the one list deploy, firmware, the compile and type
checks, the bench and the web page use.

On the device (the image's paths, device paths): the rules core in /lib/schaffner, the
firmware's packages at the root, main.py at the root (left as source so the board runs
it), the board's pin file as /board.py.  In a slot of make deploy (slot_path) the rules
core is at schaffner/ and every file is compiled to .mpy (board.py too: MicroPython loads
it faster than it compiles the source at every boot; its pins are in boards/<board>/).
"""
import os
import re

from .paths import BOARDS as BOARDS_DIR
from .paths import ROOT

# Rules-core modules the gadget never imports: Ticket to Ride's map mode, which
# host_tools/ttr_score.py uses (the gadget scores numbers entered by hand).  They
# stay out of the image (7 KB of .mpy); tests/test_imports.py checks that no
# device file needs them, and the compile check still compiles them.
HOST_ONLY = tuple("/lib/schaffner/ttr_austria/%s.py" % m for m in ("board", "claims", "final", "network"))


def boards():
    return sorted(
        name for name in os.listdir(BOARDS_DIR)
        if os.path.isfile(os.path.join(BOARDS_DIR, name, "board.py"))
    )


def _tree(host_dir, device_dir):
    found = []
    for dirpath, dirnames, filenames in os.walk(host_dir):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith(".py"):
                host = os.path.join(dirpath, name)
                rel = os.path.relpath(host, host_dir).replace(os.sep, "/")
                found.append((host, device_dir + "/" + rel))
    return found


def device_files(board):
    """(host path, device path) for every source file of the image for ``board``."""
    if board not in boards():
        raise ValueError("unknown board %r (known: %s)" % (board, ", ".join(boards())))
    files = [f for f in core_files() if f[1] not in HOST_ONLY]
    files += _tree(os.path.join(ROOT, "firmware", "app"), "/app")
    main = (os.path.join(ROOT, "firmware", "main.py"), "/main.py")
    pins = (os.path.join(BOARDS_DIR, board, "board.py"), "/board.py")
    files += _drivers([main[0], pins[0]])
    slot = (os.path.join(ROOT, "firmware", "packfs.py"), "/packfs.py")  # the launcher's, for a slot
    return files + [main, pins, slot]


def _drivers(importers):
    """The drivers the files at importers need, and the drivers those need: a board
    carries the driver of its own display only."""
    found = _tree(os.path.join(ROOT, "firmware", "drivers"), "/drivers")
    wanted = {"__init__"}
    todo = list(importers)
    while todo:
        with open(todo.pop()) as f:
            source = f.read()
        for name in re.findall(r"(?:from|import) drivers(?:\.(\w+)| import (\w+))", source):
            name = name[0] or name[1]
            if name not in wanted:
                wanted.add(name)
                todo.append(os.path.join(ROOT, "firmware", "drivers", name + ".py"))
    return [f for f in found if f[1][len("/drivers/"):-3] in wanted]


def core_files():
    """(host path, device path) of every file of the rules core, HOST_ONLY ones too."""
    return _tree(os.path.join(ROOT, "lib", "schaffner"), "/lib/schaffner")


def compiled_name(device_path):
    """Device path of the .mpy for a source file; main.py stays source so the board runs it."""
    if device_path == "/main.py":
        return device_path
    return device_path[:-3] + ".mpy"


def slot_path(device_path):
    """Where a device file goes in a slot: /lib/schaffner/x.py -> schaffner/x.mpy."""
    rel = device_path[len("/lib/"):] if device_path.startswith("/lib/") else device_path[1:]
    return rel[:-3] + ".mpy"


def source_name(device_path):
    """The name tracebacks on the board give a device file: its place in the slot, as the
    import reads it (schaffner/x.mpy, app/app.mpy), never the host's path.  The import
    interns that path as a name of its own (MicroPython's builtinimport.c); a .py name
    would be one more, for every module: 47 of the names a game of Trainmaker on the Display
    Pack had interned by its game menu, which took it past MicroPython's sixth pool of names:
    the seventh takes 8 KB of a make deploy install's heap at once (docs/performance.md)."""
    return slot_path(device_path)
