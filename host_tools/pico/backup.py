"""make backup / make restore: a gadget's saves, history and settings (its /data) to the PC
and back, onto the same gadget or another.

    python -m host_tools backup [--port P] [--out schaffner-backup.json | --out FOLDER]
    python -m host_tools restore FILE_OR_FOLDER [--port P]

A backup is one JSON file (FORMAT): every file of /data as base64 at its path under /data,
the version stamp of the Schaffner that wrote them, and when; the web page's "Save to file"
and "Open a file" write and read the same file. A folder holds the same manifest as
backup.json, and the files themselves under data/ (make export --from FOLDER/data reads them).

backup reads and changes nothing on the gadget. restore changes /data alone, and only once
it knows the gadget can take the backup: a backup written by a later Schaffner version than
the one the gadget runs is refused, as is anything that is not a backup, before the gadget
is asked to change anything. It then writes the files into /data.new and reads each back,
and switches with two renames (/data to /data.old, /data.new to /data) before removing
/data.old: a cut before the switch leaves /data as it was; a cut between the renames leaves
no /data, and the gadget finishes the switch at its next boot (firmware/app/store.py puts
/data.new in place; the next restore removes /data.old), or, should /data.new be gone, the
next restore puts /data.old back before it begins.
The game in play comes along with its log: the gadget finds where littlefs put the log's
files at its next boot (firmware/app/ringlog.py), as after any copy.
"""
import base64
import binascii
import hashlib
import json
import os
import time

from ..errors import ToolError
from . import planner
from .link import BoardError, BoardGone

FORMAT = "schaffner-backup/1"
DATA = "/data"
STAGE = "/data.new"
OLD = "/data.old"


class BackupError(ToolError):
    """Why the backup or the restore stopped, in words; nothing was changed."""


def make(files, written_by, when=None):
    """The backup's manifest: files {path under /data: bytes}; written_by: a stamp or None."""
    return {
        "format": FORMAT,
        "written_by": written_by,
        "when": when or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "files": {rel: base64.b64encode(data).decode() for rel, data in sorted(files.items())},
    }


def parse(manifest):
    """(files {path under /data: bytes}, written_by) of a manifest; BackupError if it is none."""
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise BackupError("this is not a Schaffner backup (no \"format\": \"%s\")" % FORMAT)
    files = manifest.get("files")
    if not isinstance(files, dict):
        raise BackupError("the backup lists no files")
    out = {}
    for rel, text in files.items():
        if not isinstance(rel, str) or not _safe(rel) or not isinstance(text, str):
            raise BackupError("the backup names a file outside /data: %r" % (rel,))
        try:
            out[rel] = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise BackupError("the backup's %s is not base64: the file is damaged" % rel)
    written_by = manifest.get("written_by")
    return out, written_by if isinstance(written_by, dict) else None


def _safe(rel):
    parts = rel.split("/")
    return bool(rel) and all(p and p not in (".", "..") for p in parts)


def write(path, manifest):
    """A .json path: one file; anything else: a folder with backup.json and data/."""
    if path.endswith(".json"):
        with open(path, "w") as f:
            json.dump(manifest, f, indent=1, sort_keys=True)
            f.write("\n")
        return
    os.makedirs(os.path.join(path, "data"), exist_ok=True)
    for rel, text in manifest["files"].items():
        dest = os.path.join(path, "data", *rel.split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as f:
            f.write(base64.b64decode(text))
    listed = dict(manifest, files=sorted(manifest["files"]))
    with open(os.path.join(path, "backup.json"), "w") as f:
        json.dump(listed, f, indent=1, sort_keys=True)
        f.write("\n")


def read(path):
    """The manifest of a backup file or folder."""
    try:
        if os.path.isdir(path):
            with open(os.path.join(path, "backup.json")) as f:
                manifest = json.load(f)
            if isinstance(manifest, dict) and isinstance(manifest.get("files"), list):
                files = {}
                for rel in manifest["files"]:
                    if not isinstance(rel, str) or not _safe(rel):
                        raise BackupError("the backup names a file outside /data: %r" % (rel,))
                    with open(os.path.join(path, "data", *rel.split("/")), "rb") as f:
                        files[rel] = base64.b64encode(f.read()).decode()
                manifest = dict(manifest, files=files)
            return manifest
        with open(path) as f:
            return json.load(f)
    except OSError as exc:
        raise BackupError("cannot read %s: %s" % (path, exc))
    except ValueError:
        raise BackupError("%s is not a Schaffner backup (not JSON)" % path)


def running_stamp(board):
    """The stamp of the Schaffner the gadget runs (the launcher's rule), or None."""
    facts = board.facts()
    files, dirs = board.tree()
    texts = {p: board.read(p) for p in planner.texts_to_read(files)}
    known = planner.Facts(facts, files, dirs, texts)
    live = planner.live_slot(known)
    slot = None
    if live is not None:
        try:
            slot = json.loads(texts.get(planner._stamp(live), b""))
        except ValueError:
            slot = None
    flashed = facts.get("flashed")
    if live is not None and planner.launcher.runs_slot(slot, flashed):
        return slot
    return flashed


def _version(stamp):
    return planner.launcher.newness(stamp)[0]


def refusal(written_by, running):
    """Why the gadget running `running` cannot take a backup written by `written_by`, or None."""
    if running is None:
        return "the gadget runs no Schaffner it can name (make deploy or flash it first)"
    if written_by is not None and _version(written_by) > _version(running):
        return ("the backup was written by Schaffner %s, later than the %s this gadget runs: "
                "update the gadget first (make firmware, or make deploy)"
                % (written_by.get("version"), running.get("version")))
    return None


def backup(board, out, say=print):
    files = board.data_files()
    manifest = make({p[len(DATA) + 1:]: d for p, d in files.items()}, running_stamp(board))
    write(out, manifest)
    say("backup: %d files, %d bytes of /data, written by %s -> %s" % (
        len(files), sum(len(d) for d in files.values()), _name(manifest["written_by"]), out))


def _name(stamp):
    return planner.describe_stamp(json.dumps(stamp)) if stamp else "an unnamed version"


def restore(board, manifest, say=print):
    """Put the backup's files in the gadget's /data in place of what it holds."""
    files, written_by = parse(manifest)
    why = refusal(written_by, running_stamp(board))
    if why:
        raise BackupError(why + "; nothing was changed")
    _, dirs = board.tree(include_data=True)
    if OLD in dirs and DATA not in dirs:
        board.rename(OLD, DATA)  # a restore cut between its renames: the saves it replaced
    for leftover in (STAGE, OLD):
        if leftover in board.tree(include_data=True)[1]:
            _remove_tree(board, leftover)
    board.mkdir(STAGE)
    made = {STAGE}
    for rel in sorted(files):
        parts = rel.split("/")
        for i in range(1, len(parts)):
            d = STAGE + "/" + "/".join(parts[:i])
            if d not in made:
                board.mkdir(d)
                made.add(d)
        board.put(STAGE + "/" + rel, files[rel])
    back = board.hashes([STAGE + "/" + rel for rel in files])
    for rel, data in files.items():
        if back[STAGE + "/" + rel] != (len(data), hashlib.sha256(data).hexdigest()):
            raise BackupError("%s read back from the gadget differs from the backup's; /data "
                              "was not changed (run the restore again)" % rel)
    if DATA in board.tree(include_data=True)[1]:
        board.rename(DATA, OLD)
    board.rename(STAGE, DATA)
    if OLD in board.tree(include_data=True)[1]:
        _remove_tree(board, OLD)
    say("restore: %d files, %d bytes into /data, written by %s" % (
        len(files), sum(len(d) for d in files.values()), _name(written_by)))


def _remove_tree(board, top):
    files, dirs = board.tree(include_data=True)
    for path in sorted((p for p in files if p.startswith(top + "/")), reverse=True):
        board.remove(path)
    for path in sorted((d for d in dirs if d == top or d.startswith(top + "/")), reverse=True):
        board.rmdir(path)


def backup_arguments(parser):
    parser.add_argument("--out", default="schaffner-backup.json",
                        help="a .json file, or a folder (default: schaffner-backup.json)")
    parser.add_argument("--port", help="serial port (default: find the Pico on USB)")


def restore_arguments(parser):
    parser.add_argument("source", help="a backup file (.json) or folder")
    parser.add_argument("--port", help="serial port (default: find the Pico on USB)")


def run_backup(state, args):
    _on_the_gadget(state, args.port, "backup", lambda board: backup(board, args.out, state.out))


def run_restore(state, args):
    manifest = read(args.source)
    parse(manifest)  # refuse what is no backup before a gadget is asked
    _on_the_gadget(state, args.port, "restore", lambda board: restore(board, manifest, state.out))


def _on_the_gadget(state, port, command, work):
    """work(board) on the Pico at port (or the one on USB), reset afterwards whatever happened."""
    board = state.pico(state.port(port))
    try:
        work(board)
    except BoardGone as exc:
        raise BackupError("the board went away (%s): run the %s again" % (exc, command))
    except BoardError as exc:
        raise BackupError("the board refused an operation (%s): run the %s again" % (exc, command))
    finally:
        board.reset()
