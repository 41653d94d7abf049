"""The settings, the roster and a setup's presses as records of a ring log of their own
(app.small_saves): what was saved last comes back, through power cuts at any byte and
operation, with no littlefs write once the files of a version before are gone."""
import json

from memfiles import MemFiles, PowerCut
from small import Keeper
from app.small_saves import saving
from app.store import NAMES, ROSTER, SETTINGS, SETUP
from support import raises

_RING = "/d/small.ring"


def _boot(fs):
    """The small saves as a boot finds them (in a Keeper, as in an App)."""
    return Keeper(fs, "/d")


def _values(fs):
    values = _boot(fs).values
    return {n: values.get(n) for n in NAMES}


def _save(k, name, value):
    k.save(name, value)


def _settings(v):
    return {"contrast": v % 10, "odds": v % 2 == 0, "sound": True, "games": v, "players": 2}


def _test_what_was_saved_last_comes_back_through_block_after_block():
    fs = MemFiles()
    k = _boot(fs)
    k.flash.finish()  # its blocks made
    want = {SETTINGS: None, SETUP: None, ROSTER: None}
    blocks = set()
    for v in range(120):
        name = NAMES[v % 3]
        value = _settings(v) if name == SETTINGS else list(range(v % 40)) if name == SETUP else {
            "names": ["Anna", "Bo%d" % v], "order": [1, 0]}
        _save(k, name, value)
        want[name] = value
        blocks.add(k.small.cur)
        if v % 10 == 9:
            yield
            assert _values(fs) == want, "after %d" % v
    assert blocks == {0, 1} and fs.rings[_RING].erases >= 3  # round the ring and more
    assert fs.files == {}  # no file written


def test_what_was_saved_last_comes_back_through_block_after_block():
    return _test_what_was_saved_last_comes_back_through_block_after_block()


def test_each_block_begins_with_every_value_and_the_block_before_is_erased_only_then():
    fs = MemFiles()
    k = _boot(fs)
    _save(k, ROSTER, {"names": ["Anna"], "order": [0]})
    first = k.small.cur
    while k.small.cur == first:
        _save(k, SETUP, list(range(100)))
    # the new block's first record holds the roster saved once, long before
    again = _boot(fs)
    assert again.small.first == again.small.cur != first
    assert again.values[ROSTER] == {"names": ["Anna"], "order": [0]} and again.values[SETUP] == list(range(100))


def _test_a_save_never_erases_and_programs_in_one_step_nor_erases_twice():
    fs = MemFiles()
    k = _boot(fs)
    _save(k, SETTINGS, _settings(1))
    ring = fs.rings[_RING]
    for v in range(150):
        k.flash.add(saving(k, SETUP, list(range(v % 50)), None))
        while k.flash.pending():
            erases, programs = ring.erases, ring.programs
            k.flash.step()
            assert ring.erases - erases <= 1 and (ring.erases == erases or ring.programs == programs)
        yield
    assert ring.erases >= 3


def test_a_save_never_erases_and_programs_in_one_step_nor_erases_twice():
    return _test_a_save_never_erases_and_programs_in_one_step_nor_erases_twice()


def test_the_boot_of_a_new_gadget_makes_the_blocks_and_erases_one_so_its_first_save_erases_nothing():
    from appdriver import Driver  # (here: the App's code is no other case's heap)
    d = Driver()
    d.app.flush()  # the polls after the first frame, before the hands come
    ring = d.fs.rings["/data/small.ring"]
    erases = ring.erases
    assert erases == 1
    d.pick("Settings").pick("Sound")
    d.app.flush()
    assert ring.erases == erases and d.app.settings["sound"] is False
    assert Keeper(d.fs).values[SETTINGS]["sound"] is False


def test_an_unknown_name_is_refused_and_nothing_queued():
    from appdriver import Driver
    d = Driver()
    d.app.flush()
    assert "No such small save" in str(raises(ValueError, d.app.small_save, "game", {}))
    assert not d.app.flash.pending()


def _test_a_setup_too_long_for_a_block_is_saved_as_none_and_the_rest_kept():
    fs = MemFiles()
    k = _boot(fs)
    _save(k, SETTINGS, _settings(3))
    yield
    _save(k, SETUP, [7] * 2100)  # 4,200 bytes of presses
    yield
    assert _values(fs) == {SETTINGS: _settings(3), SETUP: [], ROSTER: None}
    yield
    _save(k, SETUP, [1, 2])
    yield
    assert _values(fs)[SETUP] == [1, 2]


def test_a_setup_too_long_for_a_block_is_saved_as_none_and_the_rest_kept():
    return _test_a_setup_too_long_for_a_block_is_saved_as_none_and_the_rest_kept()


def _test_a_growing_list_is_saved_as_what_it_gained():
    fs = MemFiles()
    k = _boot(fs)
    presses = []
    for v in range(40):
        presses.append(v % 8)
        written = fs.written
        _save_more(k, presses)
        if v and k.small.cur == 0:  # (a new block's snapshot holds them all)
            assert fs.written - written <= 6 + len('{"+setup":[7]}'), "press %d" % v
        yield
        assert _values(fs)[SETUP] == presses, "after press %d" % v
        yield
    again = [1]  # another setup's list: saved whole, never added to the one before
    _save_more(k, again)
    assert _values(fs)[SETUP] == [1]
    _save(k, SETUP, [])  # the setup over; the next list is saved whole too
    _save_more(k, again)
    assert _values(fs)[SETUP] == [1]


def test_a_growing_list_is_saved_as_what_it_gained():
    return _test_a_growing_list_is_saved_as_what_it_gained()


def _save_more(k, items):
    k.save(SETUP, None, items)


def _test_a_growing_list_too_long_for_a_block_stays_none_and_gains_nothing():
    fs = MemFiles()
    k = _boot(fs)
    presses = [7] * 2100
    _save_more(k, presses)
    yield
    presses.append(1)
    _save_more(k, presses)  # saved whole again, and left out again
    yield
    assert _values(fs) == {SETTINGS: None, SETUP: [], ROSTER: None}


def test_a_growing_list_too_long_for_a_block_stays_none_and_gains_nothing():
    return _test_a_growing_list_too_long_for_a_block_stays_none_and_gains_nothing()


def _old_files(fs):
    """A gadget of a version before: its small saves are files."""
    fs.files["/d/settings.json"] = json.dumps(_settings(5))
    fs.files["/d/settings.bak"] = json.dumps(_settings(4))
    fs.files["/d/roster.json"] = json.dumps({"names": ["Jo"], "order": [0]})
    fs.files["/d/setup.json"] = "[0, 2]"


def test_the_files_of_a_version_before_load_and_the_first_save_takes_them_in():
    fs = MemFiles()
    _old_files(fs)
    k = _boot(fs)
    assert k.values[ROSTER] == {"names": ["Jo"], "order": [0]} and k.small.first < 0  # (its blocks made)
    _save(k, SETUP, [0, 2, 1])
    assert fs.files == {}  # the files removed once a snapshot record holds them
    assert _values(fs) == {SETTINGS: _settings(5), SETUP: [0, 2, 1], ROSTER: {"names": ["Jo"], "order": [0]}}


def _sweep(setup, act):
    """Cut the power at every byte and every operation of act(k) (a Keeper), then boot:
    the values are those before act or after it, and a save after the cut comes back.
    (A generator: the heap is collected between its steps.)"""
    base = setup(MemFiles())
    yield
    fs = _copy(base)
    before = _values(fs)
    k = _boot(fs)
    written, done = fs.written, fs.done
    act(k)
    after = _values(fs)
    cuts = [(b, None) for b in range(fs.written - written + 1)]
    cuts += [(None, o) for o in range(fs.done - done + 1)]
    seen = set()
    k = fs = None
    yield
    for budget, ops in cuts:
        fs = _copy(base)
        k = _boot(fs)
        fs.budget, fs.ops = budget, ops
        try:
            act(k)
        except PowerCut:
            pass
        fs.budget = fs.ops = None
        k = None
        yield
        got = _values(fs)
        assert got in (before, after), "cut at %r: %r" % ((budget, ops), got)
        seen.add(got == after)
        yield
        k = _boot(fs)
        _save(k, SETTINGS, _settings(9))  # (and the files' removal, where a cut left them)
        k = None
        yield
        got[SETTINGS] = _settings(9)
        assert _values(fs) == got and fs.files == {}, "after the cut at %r" % ((budget, ops),)
        fs = None
        yield
    assert seen == {False, True}


def _copy(fs):
    """A gadget whose flash holds what fs's does."""
    other = MemFiles()
    other.files = dict(fs.files)
    for folder, blocks in fs.rings.items():
        other.ring(folder, blocks.count, True).data = [bytearray(b) for b in blocks.data]
    return other


def _full_block(fs):
    """A ring whose block in use has room for one more short record, not two."""
    k = _boot(fs)
    _save(k, ROSTER, {"names": ["Anna", "Bo"], "order": [1, 0]})
    v = 0
    while k.small.pos < 4096 - 200:
        _save(k, SETUP, list(range(v % 30)))
        v += 1
    while k.small.pos + 6 + 30 <= 4096:
        _save(k, SETUP, [v % 8])
        v += 1
    return fs


def _test_a_power_cut_anywhere_in_a_record_leaves_the_save_before_or_after_it():
    yield from _sweep(_full_block, lambda k: _save(k, SETUP, [1, 2, 3]))


def test_a_power_cut_anywhere_in_a_record_leaves_the_save_before_or_after_it():
    return _test_a_power_cut_anywhere_in_a_record_leaves_the_save_before_or_after_it()


def _test_a_power_cut_anywhere_in_a_new_blocks_snapshot_leaves_the_save_before_or_after_it():
    yield from _sweep(_full_block, lambda k: _save(k, SETTINGS, _settings(7)))


def test_a_power_cut_anywhere_in_a_new_blocks_snapshot_leaves_the_save_before_or_after_it():
    return _test_a_power_cut_anywhere_in_a_new_blocks_snapshot_leaves_the_save_before_or_after_it()


def _presses_saved(fs):
    k = _boot(fs)
    _save_more(k, _PRESSES)
    return fs


_PRESSES = [0, 2, 1]


def _test_a_power_cut_anywhere_in_a_press_added_leaves_the_presses_before_or_after_it():
    def act(k):
        presses = list(_PRESSES)
        k.small_items, k.small_count = presses, 3  # as the save of them in this boot left them
        presses.append(3)
        fs = k.store.fs
        written = fs.written
        _save_more(k, presses)
        assert fs.written - written <= 6 + len('{"+setup":[3]}')
    yield from _sweep(_presses_saved, act)


def test_a_power_cut_anywhere_in_a_press_added_leaves_the_presses_before_or_after_it():
    return _test_a_power_cut_anywhere_in_a_press_added_leaves_the_presses_before_or_after_it()


def _old_files_and_ring(fs):
    _old_files(fs)
    _boot(fs)  # (which makes the log's blocks)
    return fs


def _test_a_power_cut_anywhere_in_taking_in_the_files_of_a_version_before_loses_nothing():
    yield from _sweep(_old_files_and_ring, lambda k: _save(k, ROSTER, {"names": [], "order": []}))


def test_a_power_cut_anywhere_in_taking_in_the_files_of_a_version_before_loses_nothing():
    return _test_a_power_cut_anywhere_in_taking_in_the_files_of_a_version_before_loses_nothing()


def _test_a_read_between_a_snapshots_steps_never_has_it_erase_the_block_in_play():
    fs = _full_block(MemFiles())
    yield
    k = _boot(fs)
    fs.budget = 20  # a new block's snapshot cut short: its header there, the record not
    try:
        k.save(SETTINGS, _settings(7))
    except PowerCut:
        pass
    fs.budget = None
    yield
    k = _boot(fs)
    assert k.small.cur != k.small.first and k.small.pos == 4096
    work = saving(k, SETTINGS, _settings(8), None)
    next(work)  # the snapshot taken: the block it needs erased in the next step
    k.small.read(-1)  # the roster read meanwhile: where the log goes, from the flash again
    for _ in work:
        pass
    setup = k.values[SETUP]
    k = work = None
    yield
    assert _values(fs) == {SETTINGS: _settings(8), SETUP: setup, ROSTER: {"names": ["Anna", "Bo"], "order": [1, 0]}}


def test_a_read_between_a_snapshots_steps_never_has_it_erase_the_block_in_play():
    return _test_a_read_between_a_snapshots_steps_never_has_it_erase_the_block_in_play()
