"""Schaffner's device app: screens driven by logical button events, saving and undo."""
