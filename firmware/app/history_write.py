"""Writing the history (app.history): records, taking one back, clearing, the dice
counts, the repairs after a power cut.  Why a cut loses nothing: docs/history.md."""
# A record cut short fails its CRC and is not read (app.ringlog).  A game taken back
# from a file of a version before: a rewrite writes <file>.new in full, removes the
# file, renames .new; repair() drops a .new beside its file (incomplete) and renames
# one alone.  A clear made final renames history.clr to history.del, then clears the
# ring and removes the files.
# dice.log: ["g", L, P, B, F, C] per game once replaced, ["u", ...] per undone roll
# (every roll counts), each appended after the save it follows, ["r", ...] per
# redone roll (taken off again: the game counts it), appended before
# the redo's save: a cut loses dice from the count, never counts them twice.
import json

from micropython import const

from app.game_save import KEPT
from app.record_files import append_record, records

_COPY = const(2048)  # bytes of whole records a rewrite copies per append: few opens, little heap


def repair(h):
    fs = h.fs
    for path in h.paths() + (h.dice_log,):
        new = path + ".new"
        if fs.exists(new):
            if fs.exists(path):
                fs.remove(new)
            else:
                fs.rename(new, path)
    clr, dropping = h.file(h.CLR), h.file(h.DROPPING)
    if fs.exists(clr):
        fs.rename(clr, dropping)
    if fs.exists(dropping):
        _remove_all(h)


def _remove_all(h):
    fs = h.fs
    for _ in _clear_ring(h):
        pass
    for path in h.paths():
        fs.remove(path)
    fs.remove(h.file(h.DROPPING))


def _clear_ring(h):  # the ring's games gone: a snapshot record that holds none
    if h.index() and h.ring is not None:
        ring = h.ring
        while not ring.append(b"clear", 0, snap=True):
            yield  # a block erased, alone in its step
        ring.fold(ring.cur)
        h.at = []


def clear(h):  # hides every record; undo_clear() until the next action
    h.fs.append(h.file(h.CLR), "")
    h.cleared = True


def undo_clear(h):
    h.fs.remove(h.file(h.CLR))
    h.cleared = False


# The writing an action leads to is work for the polls after it (App.later): a
# generator doing one flash operation per step, queued in order with the game's
# save.  What it writes is taken when it is queued (a game's record: its result and
# its moment(), made into text in the work's first step, once the hands are off:
# History.owe).


def _settle(h):  # the next action: a clear still undoable becomes final
    if h.cleared:
        fs = h.fs
        dropping = h.file(h.DROPPING)
        fs.rename(h.file(h.CLR), dropping)
        yield
        yield from _clear_ring(h)
        for path in h.paths() + (dropping,):
            fs.remove(path)
            yield
        h.cleared = False


def _rewrite(h, path, keep):  # keep the first records of path, atomically
    fs = h.fs
    size = h.slot_of(path)
    new = path + ".new"
    fs.remove(new)
    yield
    step = max(1, _COPY // size)  # records: 8 of the old 256-byte slots, 2 of today's
    for i in range(0, keep, step):
        fs.append(new, fs.read_at(path, i * size, min(step, keep - i) * size))
        yield
    fs.remove(path)
    if keep:
        yield
        fs.rename(new, path)


def _retract(h):  # take back the newest record
    if h.index():
        while not h.ring.append(b"-", 0):
            yield
        h.at.pop()
        return
    for path in reversed(h.paths()):
        n = h.fs.size(path) // h.slot_of(path)
        if n:
            yield from _rewrite(h, path, n - 1)
            return


def retract(h):  # _retract, all at once (at boot, after a power cut)
    for _ in _retract(h):
        pass


def ring(h):
    # h's RingLog (returned), its index read, its blocks made first where they are not all
    # there (a boot makes them, app.App: here only what a power cut kept it from making)
    h.index()
    if h.ring is None:
        fs = h.fs
        folder = h.file(h.RING)
        while fs.make_block(folder, h.blocks):
            yield
        h.app.plays = fs.ring(folder, h.blocks, True)
        h.drop()
        h.index()  # (nothing, or what a cut left of a first game kept)
    return h.ring


def _append(h, text):
    r = yield from ring(h)
    data = text.encode()
    if r.space(len(data)) < 0:  # every block holds games: the oldest block's go
        k = r.first
        r.fold((k + 1) % r.n)
        h.at = [e for e in h.at if e >> 24 != k]
    while not r.append(data, 0):
        yield  # a block erased, alone in its step
    h.at.append(r.cur << 24 | (r.pos - 2 - len(data)) << 12 | len(data))
    if r.ahead(False):
        yield
        r.ahead(True)  # the next block erased before a game needs it, alone in its step:
        yield  # what follows the append (the game marked kept) held that poll 50 ms beside it


def after_do(h, app, res):  # res: the result of the game the action ended, or None
    # a clear still undoable becomes final in the polls after the action; the record of a
    # game it ended is owed (History.owe)
    if h.cleared:
        app.later(_settling(h, app))
    if res is not None:
        h.owe(app, res)


def owing(h, app, s, res, at):  # the record of game s, which ended (History.owe's work)
    work = h.owing  # this work (History.owe made it so before its first step)
    try:
        text = fit(h.slot, record(app, res, s, at))
    except ValueError:
        s.owed = False
        h.owing = None
        app.notify(h.failed)
        return
    del res, at
    yield
    try:
        if h.newest_key() == s.key:
            yield from _retract(h)  # a record a power cut left behind, or this game's before
        yield  # the reading above in a poll of its own: the append may erase
        yield from _append(h, text)
    except OSError:
        app.notify(h.failed)  # still owed: the next boot tries again
        return
    finally:
        h.drop()  # (History.drop: this work held the index)
    del text
    _kept(app, s)
    if h.owing is work:  # done: nothing to hasten or cancel, and no generator of its keeps this
        h.owing = None  # module's code in the heap (app.new_game.leaving takes it out)


def _kept(app, s):
    # the history holds the game s, which ended: nothing is owed, which the game's log
    # says at once if s is still the game in play
    if s.owed and app.session is s:
        s.owed = False
        app.saves.add(KEPT)


def owed(h, app):
    # a boot found the game in play over and its record owed (games.Session.owed): written
    # at the hands' first pause, unless it is there (the cut came after the append; the
    # history cannot be cleared meanwhile: opening it writes what is owed first)
    s = app.session
    if h.newest_key() == s.key:
        _kept(app, s)
    else:
        h.owe(app, s.ui.result(s.game, s.names))


def _settling(h, app):
    try:
        yield from _settle(h)
    except OSError:
        app.notify(h.failed)
    h.drop()


def after_undo(h, app, before):
    s = app.session
    was = h.tally(before)
    undone = None
    if was is not None:
        now = h.tally(s.game)
        undone = [was[i] - now[i] for i in range(len(was))]
    return _after_undo(h, app, s.key, undone, s.ui.result(s.game, s.names) is None)


def _after_undo(h, app, key, undone, reopened):
    try:
        yield from _settle(h)
        if undone is not None and sum(undone):
            append_record(h.fs, h.dice_log, ["u"] + undone)
            yield
        if reopened and h.newest_key() == key:
            yield from _retract(h)
    except OSError:
        app.notify(h.failed)
    h.drop()


def replaced(h, app, old):  # a clear to make final first (else History.replaced alone)
    return _replaced(h, app, h.tally(old.game) if old is not None else None)


def _replaced(h, app, t):
    try:
        yield from _settle(h)
        if t is not None:
            append_record(h.fs, h.dice_log, ["g"] + list(t))
            if h.fs.size(h.dice_log) > h.tidy:
                yield
                yield from _tidy(h.fs, h.dice_log)
    except OSError:
        app.notify(h.failed)
    h.drop()


def tidied(h, app):  # the dice file summed up (History._dice found it long)
    try:
        yield from _tidy(h.fs, h.dice_log)
    except OSError:
        app.notify(h.failed)


def totals(fs, path, live=None):
    # faces counted in the dice file at path (damaged records skipped), plus live:
    # the tally of the game in play
    total = list(live) if live is not None else [0, 0, 0, 0, 0]
    for r in records(fs, path):
        if _counts(r):
            for i in range(5):
                total[i] += -r[i + 1] if r[0] == "r" else r[i + 1]
    return total


def _counts(r):  # "g", "u" or "r", then five counts
    if not (isinstance(r, list) and len(r) == 6 and r[0] in ("g", "u", "r")):
        return False
    for k in r[1:]:
        if type(k) is not int or k < 0:
            return False
    return True


def _tidy(fs, path):  # the dice file as one record with the same counts
    new = path + ".new"
    fs.remove(new)
    yield
    t = totals(fs, path)
    for i in range(5):
        t[i] = max(0, t[i])  # a redo's "r" whose undo's "u" a cut lost takes more than there is
    append_record(fs, new, ["u"] + t)
    yield
    fs.remove(path)
    yield
    fs.rename(new, path)


def record(app, res, s, at):
    return ascii_json(json.dumps(record_of(app, res, s, at), separators=(",", ":")))


def record_of(app, res, s, at):
    # the record of game s as a dict, as it is read back; at: its moment when it ended
    # (app.history.moment)
    now, ms, count = at
    return {"v": 2, "k": s.key, "g": s.game_id, "d": "%04d-%02d-%02d" % now[:3] if now else None,
            "c": "%02d:%02d" % now[3:5] if now and len(now) >= 5 else None,
            "m": max(1, (ms + 30000) // 60000) if ms else None,
            "a": count, "t": res["turns"], "w": res["winner"], "h": res["win"],
            "b": res["tiebreak"], "u": res["unit"],
            "p": [[s.names[i], res["scores"][i], res["places"][i]] for i in range(len(s.names))],
            "n": s.players}


def ascii_json(text):  # non-ASCII as JSON escapes (CPython's json does so already): a byte a character
    # read from the UTF-8 bytes: on MicroPython each character a str yields is interned, and
    # one more interned name can grow the table of them by 7.7 KB at once (a game's end, on
    # the Display Pack's make deploy install)
    raw = text.encode()
    if len(raw) == len(text):
        return text
    out = bytearray()
    i = 0
    while i < len(raw):
        b = raw[i]
        if b < 0x80:
            out.append(b)
            i += 1
            continue
        n = 1 if b < 0xE0 else 2 if b < 0xF0 else 3  # continuation bytes
        cp = b & (0x3F >> n)
        for k in range(i + 1, i + n + 1):
            cp = cp << 6 | raw[k] & 0x3F
        i += n + 1
        if cp > 0xFFFF:  # past the first plane: a surrogate pair, as JSON spells it
            cp -= 0x10000
            out += ("\\u%04x\\u%04x" % (0xD800 | cp >> 10, 0xDC00 | cp & 0x3FF)).encode()
        else:
            out += ("\\u%04x" % cp).encode()
    return bytes(out).decode()


def fit(size, text):  # text, shorter than size bytes (a slot of the files before)
    if len(text) >= size:
        raise ValueError("A history record is longer than %d bytes" % (size - 1))
    return text
