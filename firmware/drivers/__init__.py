"""Display driver and button debouncer used by main.py; pins are wired up in board.py."""
