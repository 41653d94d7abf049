"""What a boot finds to repair or make in the saves, imported only then: a
restore or a move of the saves cut between its renames, a snapshot cut before
its renames, a save that cannot be read (put aside, never deleted), a game
log's blocks not made yet (a new gadget)."""
from micropython import const

from app import forget
from app.ringlog import BLOCK

_FIRST = const(600)  # a new file's first bytes: more than littlefs keeps inline, so its block is erased (measured)


def heal(fs, root):
    """No folder root, but root.old: a restore or a move of the saves
    (host_tools/pico/backup.py) cut between its two renames (root to root.old,
    then root.new, whole and read back, to root) is finished; without root.new,
    root.old goes back."""
    new = root + ".new"
    fs.rename(new if fs.exists(new) else root + ".old", root)


def commit(store, name):
    """Put a complete name.new of the store (app.store) in place of name.json,
    which becomes name.bak (a rename replaces the file it is given as the new
    name): the renames of a save a power cut stopped after its text was whole."""
    fs = store.fs
    store.listing = None  # (a boot's: the folder changes)
    cur = store._path(name, "json")
    if fs.exists(cur):
        fs.rename(cur, store._path(name, "bak"))
    fs.rename(store._path(name, "new"), cur)


def keep_aside(store, name, extra=()):
    """Move every copy of the store's save name (and the files named in extra) into
    a new folder kept<N> beside them; return the folder's path."""
    fs, root = store.fs, store.root
    n = 1
    while fs.exists("%s/kept%d" % (root, n)):
        n += 1
    folder = "%s/kept%d" % (root, n)
    fs.makedirs(folder)
    for path in [store._path(name, ext) for ext in ("new", "json", "bak")] + list(extra):
        if fs.exists(path):
            dest = folder + path[len(root):]
            fs.makedirs(dest.rsplit("/", 1)[0])  # a log's own folder
            fs.rename(path, dest)
    return folder


def missing_block(fs, folder, n):
    """The path of a file of the ring log in folder/0 .. n-1 that is not there, or not a
    block long (a file app.flash.OsFiles.make_block began when a power cut came), None
    when each is."""
    for k in range(n):
        path = "%s/%d" % (folder, k)
        if fs.size(path) != BLOCK:
            return path
    return None


def make_block(fs, folder, n):
    """app.flash.OsFiles.make_block: a missing file of the ring log in folder/0 .. n-1 made
    in two calls, each a step of its own: its first bytes (_FIRST: more than littlefs keeps
    in the folder's own block, so the file's block is erased, 45 ms on a Pico), then the
    rest (10 ms; 56 in one call); False when none is missing."""
    if fs.half is not None:
        f = fs.half[0]
        fs.half = None
        f.write(b"\xff" * (BLOCK - _FIRST))
        f.close()
        return True
    path = missing_block(fs, folder, n)
    if path is None:
        forget("app.repair")  # all made: a new gadget's first boot needs it, its games do not
        return False
    fs.makedirs(folder)
    fs.look(fs.seen is not None)
    f = open(path, "wb")
    fs.half = f, path
    f.write(b"\xff" * _FIRST)
    return True


def making(fs, folder, n):
    """Work that makes the ring log's files folder/0 .. n-1 where they are missing, a step
    each half of one (make_block)."""
    while fs.make_block(folder, n):
        yield


def making_plays(app, folder, n):
    """making() for the history's ring (App.plays), then its blocks to the app."""
    fs = app.store.fs
    yield from making(fs, folder, n)
    app.plays = fs.ring(folder, n, False)
