"""/main.py of a Pico that make deploy set up: start the copy of Schaffner in the active slot.

The deploy keeps two copies of the code, /slot_a and /slot_b (each holds main.mpy,
board.py, app/, drivers/, schaffner/ and version.json), and the name of the one to run,
"a" or "b", in /slot.txt. A slot counts as complete once its version.json is there: the
deploy writes that file last, after reading every other file back. It only ever writes
into a slot this launcher would not start, and switches /slot.txt with one rename, so a
deploy cut off at any point leaves a complete slot to start: the old one before the
switch, the new one after. See host_tools/deploy.py.
"""
import os

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


def run():
    name = choose(_named(), _complete)
    if name is None:
        print("Schaffner: no complete copy on this board; run make deploy")
        return
    # '' heads sys.path, so from here on the slot's modules are the ones imported
    os.chdir(slot_dir(name))
    import main

    main.main()


if __name__ == "__main__":
    run()
