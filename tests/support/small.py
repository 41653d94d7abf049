"""The small saves (the settings, the roster, a setup's presses: app.small_saves) of a
gadget's flash, read and written as the app does."""
from app.flash import FlashQueue
from app.small_saves import SmallSaves
from app.store import FileStore


def small_saved(fs, name, root="/data"):
    """The value saved under name (None if none)."""
    return SmallSaves(FileStore(root, fs), FlashQueue()).load(name)


def small_put(fs, name, value, root="/data"):
    """Save value under name, all of the work done."""
    queue = FlashQueue()
    queue.add(SmallSaves(FileStore(root, fs), queue).saving(name, value))
    queue.finish()
