"""What goes on the device, and where: the one list deploy, the compile check and the bench use.

Layout on the Pico (see DESIGN.md): the rules core in /lib/schaffner, the
firmware's packages at the root, main.py at the root (left as source so the
board runs it), the board's pin file as /board.py.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS_DIR = os.path.join(ROOT, "boards")


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
    files = _tree(os.path.join(ROOT, "lib", "schaffner"), "/lib/schaffner")
    for pkg in ("app", "drivers"):
        files += _tree(os.path.join(ROOT, "firmware", pkg), "/" + pkg)
    files.append((os.path.join(ROOT, "firmware", "main.py"), "/main.py"))
    files.append((os.path.join(BOARDS_DIR, board, "board.py"), "/board.py"))
    return files


def compiled_name(device_path):
    """Device path of the .mpy for a source file; main.py stays source so the board runs it."""
    if device_path == "/main.py":
        return device_path
    return device_path[:-3] + ".mpy"
