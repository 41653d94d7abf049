"""The small saves (the settings, the roster, a setup's presses: app.small_saves) of a
gadget's flash, read and written as the app does."""
from app.flash import FlashQueue
from app.small_saves import owed, saving
from app.store import FileStore, small_values


class Keeper:
    """What app.small_saves keeps in an App: the store, the flash queue, the log (small),
    the list a save extended last; values: what a boot reads, and what it owes them
    done (the log's blocks made, the files of a version before removed)."""

    def __init__(self, fs, root="/data"):
        self.store = FileStore(root, fs)
        self.flash = FlashQueue()
        self.small = None
        self.small_items = None
        self.small_count = 0
        self.values, snapped = small_values(self)
        self.flash.add(owed(self, snapped))
        self.flash.finish()

    def save(self, name, value, items=None):
        """Save, all of the work done."""
        self.flash.add(saving(self, name, value, items))
        self.flash.finish()


def small_saved(fs, name, root="/data"):
    """The value saved under name (None if none)."""
    return Keeper(fs, root).values.get(name)


def small_put(fs, name, value, root="/data"):
    """Save value under name, all of the work done."""
    Keeper(fs, root).save(name, value)
