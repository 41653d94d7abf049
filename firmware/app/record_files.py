"""Files of one JSON record per line (the history's dice counts, and the game
logs of the versions before: app.old_logs).

Each record starts with a newline, so a record a power cut tore off never runs
into the next one; a torn record does not parse and is skipped.
"""
import json


def append_record(fs, path, record):
    """Add record (a list or a dict of JSON values) at the end of the file at path."""
    if not isinstance(record, (list, dict)):
        raise ValueError("A record is a list or a dict")
    fs.append(path, "\n" + json.dumps(record))


def records(fs, path):
    """The complete records (lists and dicts) of the file at path, oldest first
    (none if it is missing)."""
    if not fs.exists(path):
        return
    lines = fs.lines(path)
    try:
        for line in lines:
            if len(line) < 2:
                continue
            try:
                record = json.loads(line)
            except ValueError:
                continue  # torn by a power cut: a number alone could look whole, a list cannot
            if isinstance(record, (list, dict)):
                yield record
    finally:
        lines.close()  # the file, when the reader stops early
