"""/launcher.mpy of a Pico that make deploy set up (its /main.py runs it: compiled, it loads
faster than MicroPython compiles this source), and main.py frozen into a Schaffner firmware
image: start the newest copy of Schaffner the Pico holds.

The deploy keeps two copies of the code, /slot_a and /slot_b (each holds code.pack, every
module compiled in one file; packfs.mpy, which reads it; and version.json), and the name
of the one to run, "a" or "b", in /slot.txt. A slot counts as complete once its
version.json is there: the deploy writes that file last, after reading every other file
back. It only ever writes into a slot this launcher would not start, and switches
/slot.txt with one rename, so a deploy cut off at any point leaves a complete slot to
start: the old one before the switch, the new one after. See host_tools/pico/deploy.py.

A firmware image (make firmware) holds one more copy, frozen: its stamp as the module
firmware_stamp and firmware/main.py as the module gadget. The rp2 port runs a frozen
main.py before the file system's, so on such a Pico this code decides alone: the slot runs
if its code is newer than the image's (newness()), else the frozen copy, which costs no
heap for its code. Flashing an image never touches the file system, so /data and the slots
stay as they were.
"""
import os
import sys

sys.modules["os"] = os  # MicroPython keeps no built-in there, and would search the flash at every import of it
SLOTS = ("a", "b")
SLOT_FILE = "/slot.txt"
STAMP = "version.json"


def slot_dir(name):
    return "/slot_" + name


def choose(named, complete):
    """The slot to start: the one /slot.txt names when complete, else the other one when
    complete, else None. named: the text of /slot.txt (None if unreadable);
    complete(name) -> bool."""
    first = named if named in SLOTS else SLOTS[0]
    second = SLOTS[1] if first == SLOTS[0] else SLOTS[0]
    for name in (first, second):
        if complete(name):
            return name
    return None


def newness(stamp):
    """A stamp's place in time, to compare: the package version, then the commit's time,
    then uncommitted changes over that commit. An unreadable stamp (None) is the oldest."""
    if not isinstance(stamp, dict):
        return ((), 0, 0)
    parts = []
    for part in str(stamp.get("version", "")).split("."):
        try:
            parts.append(int(part))
        except ValueError:
            parts.append(0)
    time = stamp.get("time")
    # a damaged stamp's odd values count as none: comparing them must not stop the boot
    return (tuple(parts), time if type(time) is int else 0, 1 if stamp.get("dirty") else 0)


def runs_slot(slot_stamp, flashed_stamp):
    """Whether a complete slot runs rather than the image's frozen copy (flashed_stamp None:
    the firmware has none). On a tie the frozen copy runs."""
    return flashed_stamp is None or newness(slot_stamp) > newness(flashed_stamp)


def _complete(name):
    try:
        os.stat(slot_dir(name) + "/" + STAMP)
        return True
    except OSError:
        return False


def _named():
    try:
        with open(SLOT_FILE) as f:
            return f.read().strip()
    except OSError:
        return None


def _slot_stamp(name):
    import json

    try:
        with open(slot_dir(name) + "/" + STAMP) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def _flashed():
    path = sys.path[:]
    sys.path[:] = [".frozen"]  # an image's frozen modules alone: a make deploy install has none, and no flash to search for it
    try:
        from firmware_stamp import STAMP as stamp  # type: ignore[import-not-found]  # in an image only
    except ImportError:
        return None
    finally:
        sys.path[:] = path
    return stamp


def run():
    name = choose(_named(), _complete)
    flashed = _flashed()
    if name is not None and (flashed is None or runs_slot(_slot_stamp(name), flashed)):
        # '' heads sys.path, so from here on the slot's modules are the ones imported
        os.chdir(slot_dir(name))
        try:
            import packfs  # the slot's code read from its pack (a slot from before has none)
        except ImportError:
            pass
        else:
            packfs.enter(slot_dir(name))
            del packfs
        import main

        main.main()
    elif flashed is not None:
        # frozen modules first: files an earlier layout left at the root must not shadow them
        sys.path.insert(0, ".frozen")
        import gadget  # type: ignore[import-not-found]  # firmware/main.py, frozen as gadget

        gadget.main()
    else:
        print("Schaffner: no complete copy on this board; run make deploy")


if __name__ == "__main__":
    run()
