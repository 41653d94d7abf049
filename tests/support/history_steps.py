"""Helpers for the history tests: the records kept, the way to the history screen."""


def old_slot(size, text):  # a record as the versions before wrote it: a line padded to its slot
    return "\n" + text + " " * (size - 1 - len(text))


def kept(d):
    """Every record the history keeps, oldest first."""
    from app.history_read import count, read  # not the screens' module: less heap
    h = d.app.history
    return [read(h, i) for i in range(count(h))]


def on_flash(fs, folder="/data/plays.ring"):
    """The keys of the games the history's ring on fs (memory files) holds, as a boot
    reads them."""
    import json
    from app.ringlog import RingLog
    out = []
    blocks = fs.rings.get(folder)
    for data in RingLog(blocks).read(-1) if blocks is not None else ():
        if data[:1] == b"{":
            out.append(json.loads(data)["k"])
        elif data == b"-" and out:
            out.pop()
    return out


def open_history(d):
    """From wherever the game left the screen: the main menu, then History."""
    d.press("BACKx6")
    d.pick("History")


def counted(d):
    """The faces the dice check counts: dice.log's and the game in play's."""
    from app.history_write import totals
    from app.history import tally
    s = d.app.session
    return totals(d.fs, "/data/dice.log", tally(s.game) if s is not None else None)


def forget_screens():
    """A reboot unloads every module; the tests' runtime keeps them.  The history's
    modules, which a boot does not load (the app loads them in the polls after it),
    go as they would."""
    import sys
    for name in ("app.history_view", "app.history_read", "app.by_player", "app.seats", "app.dice_check",
                 "app.history_write", "app.history"):
        sys.modules.pop(name, None)
        package = sys.modules["app"]
        if hasattr(package, name[4:]):
            delattr(package, name[4:])  # the package's own reference to it
