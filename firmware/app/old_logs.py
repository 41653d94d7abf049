"""Reading a game's log as the versions before the ring log wrote it: JSON lines in
segments ``name.log/0``, ``name.log/1`` ... (or ``name.l0`` ... beside the
snapshot), each segment headed by the generation of the snapshot it follows.
Imported only when a boot finds such a segment (app.game_save); the next
snapshot removes them (removing()).
"""
from app.record_files import records


def paths(fs, layouts):
    """The paths of the segments in each of layouts (a path with %d for the
    segment's number), oldest first."""
    found = []
    for where in layouts:
        k = 0
        while fs.exists(where % k):
            found.append(where % k)
            k += 1
    return found


def removing(fs, found, folder):
    """Work for the flash queue (app.flash): the segments at found removed, a step
    each, then their folder (empty now: littlefs removes an empty folder as it
    does a file; none for the layout beside the snapshot)."""
    for path in found:
        fs.remove(path)
        yield
    fs.remove(folder)


def read(fs, paths, gen, log):
    """Add to log the records of the segments at paths (oldest first) that follow
    the snapshot of generation gen; return the highest generation a segment
    is headed by."""
    high = 0
    for path in paths:
        head = None
        for record in records(fs, path):
            if head is None:  # the segment's first record: the generation it follows
                head = record.get("gen", -1) if isinstance(record, dict) else -1
                high = max(high, head)
            elif head == gen:
                log.append(record)
    return high
