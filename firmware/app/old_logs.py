"""Reading a game's log as the versions before the ring log wrote it: JSON lines in
segments ``name.log/0``, ``name.log/1`` ... (or ``name.l0`` ... beside the
snapshot), each segment headed by the generation of the snapshot it follows.
Imported only when a boot finds such a segment (app.game_save); the next
snapshot removes them.
"""
from app.record_files import records


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
