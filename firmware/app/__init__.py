"""Schaffner's device app: screens driven by logical button events, saving and undo."""
import sys


def forget(*names):
    """Take modules out of the heap (a screen left, code a game does without): out of
    sys.modules and off their package, so nothing keeps them; imported again when next
    needed (on a Pico about 30 ms from a make deploy install's files, 1 ms from a
    firmware image's flash)."""
    for name in names:
        if name is not None and sys.modules.pop(name, None) is not None:
            pkg, _, leaf = name.rpartition(".")
            parent = sys.modules.get(pkg)
            if parent is not None and hasattr(parent, leaf):
                delattr(parent, leaf)
