"""Last week's games survive the upgrade: the saves every earlier version wrote load here
(the cases of test_saves_upgrade_<game>.py, one file a game: each runs in a fresh runtime
under MicroPython, with the code of one game loaded, as a Pico boots with one game in play).

tests/fixtures/saves/<commit>-<game>/ holds what that version's own code left in /data
after a changed setting, a whole Trainmaker game (kept in its history, where it keeps one)
and a game of <game> played partway (make_saves.py there made them; its README lists the
versions), and expected.json, what that version saw. Each is put on this version's stand-in
file system as it would be on the Pico (the ring log's 4 KB files as the flash under them)
and booted: the game in play must come back with every action (the same actions, none
folded away, none undone lost), go on (an undo and its redo, then a power cut), and keep
the history's games and the settings.
"""
import json
import os

from appdriver import Driver
from memfiles import MemBlocks, MemFiles
from schaffner.rng import Rng

_RING = "game.ring"
FIXTURES = __file__.rsplit("/", 2)[0] + "/fixtures/saves"  # tests/fixtures/saves; /fixtures/saves on MicroPython


def _is_dir(path):
    return os.stat(path)[0] & 0x4000 != 0


def _load(name):
    """The fixture's /data on a MemFiles."""
    fs = MemFiles()
    top = FIXTURES + "/" + name
    todo = [""]
    while todo:
        rel = todo.pop()
        for entry in sorted(os.listdir(top + "/data" + rel)):
            path = rel + "/" + entry
            full = top + "/data" + path
            if _is_dir(full):
                todo.append(path)
            elif rel == "/" + _RING:
                ring = fs.rings.get("/data" + rel)
                if ring is None:
                    ring = fs.rings["/data" + rel] = MemBlocks(8, fs)
                with open(full, "rb") as f:
                    block = f.read()
                # as the stand-in keeps a block: up to the end of its last page programmed
                end = len(block)
                while end and block[end - 1] == 0xFF:
                    end -= 1
                ring.put(int(entry), block[:(end + 255) // 256 * 256])
                del block
            else:
                with open(full) as f:
                    fs.files["/data" + path] = f.read()
    return fs


def _expected(name):
    with open(FIXTURES + "/" + name + "/expected.json") as f:
        return json.load(f)


def _plain(values):
    """JSON's view of a list of actions (tuples and lists alike)."""
    return json.loads(json.dumps([list(a) for a in values]))


def _in_play(d, want):
    s = d.app.session
    assert s is not None, "no game in play: %s" % d.text
    j = s.journal
    assert s.game_id == want["game"] and list(s.names) == want["names"], (s.game_id, s.names)
    # every action there: the ones not folded into the game's base the same, and as many in
    # all as the old version had (a version before the fold's count kept no count of the
    # actions it had folded: as many as it held, at least)
    n = len(j.actions)
    if want["counts_folded"]:
        assert j.folded + n == want["folded"] + len(want["actions"]), (j.folded, n)
    else:
        assert j.folded + n >= len(want["actions"]), (j.folded, n)
    assert _plain(j.actions) == want["actions"][len(want["actions"]) - n:], "the actions differ"
    assert _plain(getattr(j, "undone", ())) == want["undone"]
    return j.folded + len(j.actions)


def _check(name):
    fs = _load(name)
    yield  # the heap collected before the boot, as on a Pico
    d = Driver(fs, Rng(1))
    yield
    want = _expected(name)
    assert not any(p.startswith("/data/kept") for p in fs.files), sorted(fs.files)
    d.shows("Resume game")
    count = _in_play(d, want)
    yield
    # the history's games and the settings, as the old version had them
    from app import history_view
    h = d.app.history
    kept = [history_view.read(h, i) for i in range(history_view.count(h))]
    assert [[r["g"], r["w"]] for r in kept] == want["history"]
    for key, value in want["settings"].items():
        if key in d.app.settings:
            assert d.app.settings[key] == value, (key, d.app.settings[key], value)
    assert want["settings"]["sound"] is False and d.app.settings["sound"] is False
    yield
    # the game goes on: resumed, its last action taken back and done again, a power cut
    d.pick("Resume game")
    d.press("LONG_BACK").shows("Undone")
    assert d.app.session.journal.folded + len(d.app.session.journal.actions) == count - 1
    d.press("LONG_OK")
    assert _plain(d.app.session.journal.actions)[-1] == want["actions"][-1]
    yield
    d.power_off()
    yield
    d.boot().shows("Resume game")
    assert d.app.session.journal.folded + len(d.app.session.journal.actions) == count
    assert _plain(d.app.session.journal.actions)[-1] == want["actions"][-1]
    assert not any(p.startswith("/data/kept") for p in fs.files)
    d.power_off()


def fixtures(game=None):
    """The fixtures' names (<commit>-<game>), of one game or all."""
    return sorted(n for n in os.listdir(FIXTURES) if _is_dir(FIXTURES + "/" + n)
                  and (game is None or n.split("-", 1)[1] == game))


def every_version_is_here():
    names = fixtures()
    versions = sorted(set(n.split("-")[0] for n in names))
    assert len(versions) >= 7 and "7a45f6d" in versions  # 0.1.0 and the layouts before it
    for v in versions:
        for game in ("taubertal", "trainmaker", "ttr_austria"):
            assert v + "-" + game in names, v + "-" + game


def every_save_of(game):
    """Each version's fixture with game in play, one after the other (a generator)."""
    for name in fixtures(game):
        steps = _check(name)
        while True:
            try:
                next(steps)
            except StopIteration:
                break
            except AssertionError as exc:
                raise AssertionError("%s: %s" % (name, exc))
            yield
        steps = None  # the finished fixture's files and app, collected before the next
        yield
