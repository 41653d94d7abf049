"""A device's game save for the tests of app.game_save: a tally stands in for a game
(Tally), a Box holds the flash queue, the GameSave and the tally in play, and sweep()
cuts the power at every byte and operation of what a Box does."""
from app.flash import FlashQueue
from app.game_save import UNDO, GameSave
from app.store import FileStore
from memfiles import MemFiles, PowerCut

FILE_PAD = 4100  # characters of padding that make a Box's snapshot too long for a block: a file


class Tally:
    """Stands in for a game: values added one by one; undo takes the last back."""

    def __init__(self, items):
        self.items = items

    @staticmethod
    def build(data):
        if not isinstance(data.get("items"), list):
            raise ValueError("not a tally")
        return Tally(data["items"])

    @staticmethod
    def replay(t, log):
        items = list(t.items)
        for record in log:
            if record == UNDO:
                items.pop()
            else:
                items.append(record[0])
        t.items = items


class Box:
    """A device over the files fs: its flash queue, its GameSave and the tally in play."""

    def __init__(self, fs, every=4, store=None, pad=0):
        self.fs = fs
        self.pad = pad  # characters of padding in each snapshot (FILE_PAD: the snapshot is a file)
        self.queue = FlashQueue()
        self.save = GameSave(store or FileStore("/d", fs), "game", self.snapshot, every, self.queue)
        self.tally, self.note = self.save.load(Tally.build, Tally.replay)
        self.save.prepare()

    def snapshot(self):
        if self.pad:
            return {"items": list(self.tally.items), "pad": "x" * self.pad}
        return {"items": list(self.tally.items)}

    def new(self):
        self.tally = Tally([])
        self.save.start()
        self.queue.finish()
        return self

    def add(self, *values):
        for v in values:
            self.tally.items.append(v)
            self.save.add([v])
            self.queue.finish()
        return self

    def undo(self):
        self.tally.items.pop()
        self.save.add(UNDO)
        self.queue.finish()
        return self

    def reboot(self):
        return Box(self.fs, self.save.every, self.save.store, self.pad)


def ring_of(fs):
    return fs.rings["/d/game.ring"]


def sweep(setup, act, between=False):
    """Cut the power at every byte and at every rename/remove/erase of act, reboot,
    and check the tally is as before or as after act (between: or anything from
    before to after, act doing several actions), and that the device goes on from
    there.  A generator: one step per cut (the heap is collected between steps)."""
    box = setup(MemFiles())
    before = box.reboot().tally.items
    written, done = box.fs.written, box.fs.done
    act(box)
    after = list(box.tally.items)
    cuts = [(b, None) for b in range(box.fs.written - written + 1)]
    cuts += [(None, o) for o in range(box.fs.done - done + 1)]
    seen = set()
    yield
    for budget, ops in cuts:
        box = setup(MemFiles())
        yield
        box.fs.budget, box.fs.ops = budget, ops
        try:
            act(box)
        except PowerCut:
            pass
        box.fs.budget = box.fs.ops = None
        again = box.reboot()
        got = list(again.tally.items)
        if between:
            assert got[:len(before)] == before and got == after[:len(got)], "cut at %r: %r" % ((budget, ops), got)
        else:
            assert got in (before, after), "cut at %r: %r" % ((budget, ops), got)
        seen.add(got == after)
        box = None  # (the gadget before the cut: its heap collected before the next step)
        yield
        again.add(-1)  # the device goes on, and a reboot finds it all
        assert again.reboot().tally.items == got + [-1], "after the cut at %r" % ((budget, ops),)
        yield
    assert seen == {False, True}  # the cuts reach from before the write to after it


def nearly_full(fs):
    """A Box whose first block has room for less than 100 bytes more."""
    box = Box(fs, every=1000).new()
    v = 0
    while box.save.ring.cur < 0 or box.save.ring.pos < 4096 - 100:
        box.add([v, "abcdefghij" * (5 if box.save.ring.pos > 3000 else 100)])
        v += 1
    assert box.save.ring.cur == 0
    return box


def poll(box, now, pressed=False):
    """One poll of the device at now: a step of the flash work due, as the app does."""
    if box.queue.due(pressed, now):
        box.queue.step(False)


def press(box, now, v):
    """A press at now that adds v: the action logged, its frame out in this poll."""
    box.tally.items.append(v)
    box.save.add([v])
    poll(box, now, True)


def act_with_a_press_in_the_snapshot(box):
    box.tally.items.append(3)
    box.save.add([3])  # the log's third record: its fold comes due
    q = box.queue
    q.step()
    q.step()  # the record programmed
    q.step()  # the fold begins: the game as it is taken
    if box.pad:
        q.step()  # the snapshot's file opened
    # a press meanwhile: its record goes ahead of the file's rest, or after the snapshot
    # record (which does not hold it: a boot reads the log from there on)
    box.tally.items.append(4)
    box.save.add([4])
    q.finish()
