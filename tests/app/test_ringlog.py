"""The game's log on raw flash (app.ringlog): records, blocks in turn, power cuts
while programming or erasing, worn pages."""
from app.ringlog import BLOCK, RingLog, crc16, head_of
from memfiles import MemBlocks
from support import raises


def _log(n=3):
    return RingLog(MemBlocks(n))


def _reboot(ring):
    again = RingLog(ring.dev)
    return again


def _write(ring, data, gen):
    while not ring.append(data, gen):
        pass


def _cut_at(saved, pos, rec, bit):
    """The block saved with rec programmed at pos up to its bit-th bit, the rest still erased."""
    block = bytearray(saved)
    for b in range(bit):
        if not rec[b // 8] >> (b % 8) & 1:
            block[pos + b // 8] &= ~(1 << (b % 8)) & 0xFF
    return block


def test_crc16_is_ccitt_false():
    assert crc16(b"123456789") == 0x29B1  # the catalogue's check value
    assert crc16(b"") == 0xFFFF


def test_records_read_back_from_a_generation_on_in_order():
    ring = _log()
    assert ring.read(1) == []
    for i in range(5):
        _write(ring, b"[%d]" % i, 1 if i < 3 else 2)
    # a snapshot of generation 1 is followed by its records and those of a snapshot after it
    # that a power cut stopped; one of generation 2 holds every record of 1
    assert _reboot(ring).read(1) == [b"[0]", b"[1]", b"[2]", b"[3]", b"[4]"]
    assert _reboot(ring).read(3) == [] and _reboot(ring).read(0) == _reboot(ring).read(1)
    again = _reboot(ring)
    assert again.read(2) == [b"[3]", b"[4]"] and again.top == 2
    _write(again, b"[5]", 2)  # goes on after the last one
    assert _reboot(ring).read(2) == [b"[3]", b"[4]", b"[5]"]


def test_layout_on_flash():
    ring = _log()
    assert ring.append(b"ab", 7) is False  # the first block erased first
    assert ring.append(b"ab", 7) is True
    block = ring.dev.get(0)
    assert len(block) == 256  # one page programmed: the rest of the block still erased
    head = b"SR" + bytes((0, 0, 0, 0))
    assert block[:8] == head + crc16(head).to_bytes(2, "little")
    rec = bytes((2, 0, 7, 0)) + b"ab"
    assert block[8:16] == rec + crc16(rec).to_bytes(2, "little")
    assert block[16:] == b"\xff" * 240


def _test_blocks_are_used_in_turn_and_erased_only_when_their_records_are_history():
    ring = _log(3)
    data = b"x" * 1000  # four to a block
    for i in range(12):
        _write(ring, data, 1)
        yield  # the heap collected, as between polls on the Pico
    assert ring.cur == 2 and ring.dev.erases == 3
    err = raises(OSError, ring.append, data, 1)  # block 0 still holds records in play
    assert err.args[0] == 28 and ring.dev.erases == 3
    assert _reboot(ring).read(1) == [data] * 12
    ring.fold()  # a snapshot holds them now
    _write(ring, b"[1]", 2)  # 64 bytes are left in block 2
    _write(ring, data, 2)  # block 0 erased for this one
    assert ring.cur == 0 and ring.dev.erases == 4
    again = _reboot(ring)
    assert again.read(2) == [b"[1]", data] and again.cur == 0 and again.seq == [3, 1, 2]
    assert _reboot(ring).read(1) == [data] * 8 + [b"[1]", data]  # blocks 1 and 2 still hold 8 of 1


def test_blocks_are_used_in_turn_and_erased_only_when_their_records_are_history():
    return _test_blocks_are_used_in_turn_and_erased_only_when_their_records_are_history()


def _test_a_record_too_long_for_a_block_is_refused_and_nothing_changes():
    ring = _log()
    _write(ring, b"[1]", 1)
    before = [bytes(ring.dev.get(k)) for k in range(3)]
    raises(ValueError, ring.append, b"x" * (BLOCK - 13), 1)
    yield
    assert [ring.dev.get(k) for k in range(3)] == before
    del before
    yield
    _write(ring, b"x" * (BLOCK - 14), 1)  # the most a block takes, in a block of its own
    assert _reboot(ring).read(1) == [b"[1]", b"x" * (BLOCK - 14)]


def test_a_record_too_long_for_a_block_is_refused_and_nothing_changes():
    return _test_a_record_too_long_for_a_block_is_refused_and_nothing_changes()


def _test_a_record_cut_at_any_bit_is_not_read_and_the_log_goes_on_in_the_next_block():
    dev = MemBlocks(3)
    ring = RingLog(dev)
    for i in range(3):
        _write(ring, b"[%d]" % i, 1)
    pos = ring.pos
    saved = bytes(dev.get(0))
    rec = bytes((6, 0, 1, 0)) + b"[cut1]"
    rec += crc16(rec).to_bytes(2, "little")
    for bit in range(len(rec) * 8):  # the program stopped with only some bits cleared
        block = _cut_at(saved, pos, rec, bit)
        dev.put(0, block)
        whole = bytes(block[pos:pos + len(rec)]) == rec  # the bits left were 1s already
        got = [b"[0]", b"[1]", b"[2]"] + ([b"[cut1]"] if whole else [])
        again = RingLog(dev)
        assert again.read(1) == got, bit
        _write(again, b"[3]", 1)
        assert RingLog(dev).read(1) == got + [b"[3]"], bit
        dev.erase(1)
        yield


def test_a_record_cut_at_any_bit_is_not_read_and_the_log_goes_on_in_the_next_block():
    return _test_a_record_cut_at_any_bit_is_not_read_and_the_log_goes_on_in_the_next_block()


def _told(ring, gen):
    """The records read() tells each(k, pos, n, c) of (its each mode), read from the flash."""
    out = []

    def each(k, pos, n, c):
        data = bytearray(n)
        ring.dev.read(k, pos + 4, data)
        assert data[0] == c
        out.append(bytes(data))
    assert ring.read(gen, each) == []
    return out


def _test_told_records_are_the_ones_read_and_a_blocks_last_is_checked_cut_at_any_bit():
    dev = MemBlocks(3)
    ring = RingLog(dev)
    for i in range(3):
        _write(ring, b"[%d]" % i, 1)
    _write(ring, b"[" + b"x" * 700 + b"]", 1)  # longer than read()'s window
    _write(ring, b"[4]", 1)
    first = [b"[0]", b"[1]", b"[2]", b"[" + b"x" * 700 + b"]", b"[4]"]
    assert _told(RingLog(dev), 1) == RingLog(dev).read(1) == first
    pos = ring.pos
    saved = bytes(dev.get(0))
    rec = bytes((6, 0, 1, 0)) + b"[cut1]"
    rec += crc16(rec).to_bytes(2, "little")
    for bit in range(0, len(rec) * 8, 3):  # the program stopped with only some bits cleared
        block = _cut_at(saved, pos, rec, bit)
        dev.put(0, block)
        whole = bytes(block[pos:pos + len(rec)]) == rec
        got = first + ([b"[cut1]"] if whole else [])
        again = RingLog(dev)
        assert _told(again, 1) == got, bit
        _write(again, b"[5]", 1)
        assert _told(RingLog(dev), 1) == got + [b"[5]"], bit
        dev.erase(1)
        yield


def test_told_records_are_the_ones_read_and_a_blocks_last_is_checked_cut_at_any_bit():
    return _test_told_records_are_the_ones_read_and_a_blocks_last_is_checked_cut_at_any_bit()


def _test_an_erase_cut_short_leaves_a_block_that_is_erased_again_before_use():
    dev = MemBlocks(2)
    ring = RingLog(dev)
    for i in range(8):
        _write(ring, b"y" * 1000, 1)  # both blocks full
        yield
    ring.fold()
    _write(ring, b"w" * 100, 2)  # block 0 erased and reused
    block = dev.get(1)
    block[:2048] = b"\xff" * 2048  # its erase stopped halfway
    dev.put(1, block)
    again = RingLog(dev)
    assert again.read(2) == [b"w" * 100] and again.seq[1] == -1
    erases = dev.erases
    for i in range(4):
        _write(again, b"z" * 1000, 2)
        yield
    assert dev.erases == erases + 1 and again.cur == 1
    assert RingLog(dev).read(2) == [b"w" * 100] + [b"z" * 1000] * 4


def test_an_erase_cut_short_leaves_a_block_that_is_erased_again_before_use():
    return _test_an_erase_cut_short_leaves_a_block_that_is_erased_again_before_use()


def test_a_page_that_does_not_take_the_record_sends_it_to_the_next_block():
    dev = MemBlocks(2)
    ring = RingLog(dev)
    _write(ring, b"[0]", 1)
    program = dev.program

    def worn(k, off, data):  # a bit that stays 1
        data = bytearray(data)
        data[ring.pos % 256 + 1] |= 0x01  # the length's high byte, 0: a bit not cleared
        program(k, off, data)

    dev.program = worn
    assert ring.append(b"[1]", 1) is False and ring.pos == BLOCK
    dev.program = program
    _write(ring, b"[1]", 1)
    assert ring.cur == 1 and RingLog(dev).read(1) == [b"[0]", b"[1]"]


def _test_the_next_block_is_erased_ahead_and_a_record_then_needs_no_erase():
    ring = _log(3)
    _write(ring, b"x" * 1000, 1)
    assert ring.ahead(True) is False  # three quarters of block 0 left
    for i in range(2):
        _write(ring, b"x" * 1000, 1)
    _write(ring, b"x" * 100, 1)  # less than a quarter of block 0 left
    yield
    erases = ring.dev.erases
    assert ring.ahead(False) and ring.dev.erases == erases  # it wants erasing: asked, nothing done
    assert ring.ahead(True) is True and ring.dev.erases == erases + 1
    assert ring.ahead(False) is False and ring.ahead(True) is False  # erased already
    _write(ring, b"x" * 900, 1)  # the last to fit in block 0
    assert ring.append(b"y" * 1000, 1) is True and ring.cur == 1  # straight into block 1
    assert ring.dev.erases == erases + 1
    assert _reboot(ring).read(1) == [b"x" * 1000] * 3 + [b"x" * 100, b"x" * 900, b"y" * 1000]


def test_the_next_block_is_erased_ahead_and_a_record_then_needs_no_erase():
    return _test_the_next_block_is_erased_ahead_and_a_record_then_needs_no_erase()


def _test_a_fold_keeps_the_blocks_of_the_records_after_the_snapshot():
    ring = _log(2)
    for i in range(4):
        _write(ring, b"x" * 1000, 1)
    _write(ring, b"y" * 1000, 2)  # made while the snapshot of generation 2 was written: block 1
    for i in range(3):
        _write(ring, b"y" * 1000, 2)
    yield
    ring.fold(1)  # block 0 is history now, block 1 holds records in play
    assert ring.first == 1 and ring.ahead(True) is True and ring.cur == 1
    again = _reboot(ring)
    assert again.read(2) == [b"y" * 1000] * 4 and again.first == 1
    _write(again, b"z" * 1000, 2)  # block 0, erased ahead: its header makes it the newest
    assert again.cur == 0
    err = raises(OSError, _write, again, b"z" * 4000, 2)  # block 1 still in play
    assert err.args[0] == 28


def test_a_fold_keeps_the_blocks_of_the_records_after_the_snapshot():
    return _test_a_fold_keeps_the_blocks_of_the_records_after_the_snapshot()


def test_a_device_with_a_crc_of_its_own_reads_and_writes_the_same_records():
    from app.ringlog import crc16_on
    calls = []

    def counted(crc, data, table):  # a stand-in for the Pico's native one (drivers.crc_native)
        calls.append(len(data))
        return crc16_on(crc, data, table)

    plain = _log()
    _write(plain, b"[1,2]", 4)
    dev = MemBlocks(3)
    dev.crc16_on = counted
    ring = RingLog(dev)
    assert ring.crc_on is counted
    _write(ring, b"[1,2]", 4)
    assert calls and dev.data == plain.dev.data  # the same bytes on flash
    del calls[:]
    assert RingLog(dev).read(4) == [b"[1,2]"] == RingLog(plain.dev).read(4)
    assert calls  # the device's CRC checked what it read
    dev.crc16_on = lambda crc, data, table: crc16_on(crc, data, table) ^ 1  # a CRC that disagrees reads nothing
    assert RingLog(dev).read(4) == []


def _snap(ring, data, gen):
    while not ring.append(data, gen, snap=True):
        pass


def test_the_records_in_play_begin_at_the_newest_snapshot_record():
    ring = _log(3)
    _write(ring, b"[0]", 1)
    _snap(ring, b"{S2}", 2)
    _write(ring, b"[1]", 2)
    _snap(ring, b"{S3}", 3)
    _write(ring, b"[2]", 3)
    rec = bytes((4, 0x80, 3, 0)) + b"{S3}"  # the length's top bit: a snapshot record
    at = ring.dev.get(0).find(rec)
    assert at > 0 and ring.dev.get(0)[at + 8:at + 10] == crc16(rec).to_bytes(2, "little")
    for gen in (-1, 1, 2, 3):  # of any generation, or from a snapshot in the files before them
        again = _reboot(ring)
        assert again.read(gen) == [b"{S3}", b"[2]"] and again.snap == 3 and again.top == 3, gen
    again = _reboot(ring)
    assert again.read(4) == [] and again.snap == -1  # a snapshot in the files newer than them all
    again = _reboot(ring)
    again.read(3)
    _write(again, b"[3]", 3)
    assert _reboot(ring).read(-1) == [b"{S3}", b"[2]", b"[3]"]


def _test_a_snapshot_record_cut_at_any_bit_leaves_the_one_before_in_play():
    dev = MemBlocks(3)
    ring = RingLog(dev)
    _snap(ring, b"{S1}", 1)
    _write(ring, b"[0]", 1)
    _write(ring, b"[1]", 2)  # made after the next snapshot was taken, before it was programmed
    pos = ring.pos
    saved = bytes(dev.get(0))
    rec = bytes((4, 0x80, 2, 0)) + b"{S2}"
    rec += crc16(rec).to_bytes(2, "little")
    for bit in range(len(rec) * 8):  # the program stopped with only some bits cleared
        block = _cut_at(saved, pos, rec, bit)
        dev.put(0, block)
        whole = bytes(block[pos:pos + len(rec)]) == rec  # the bits left were 1s already
        got = [b"{S2}"] if whole else [b"{S1}", b"[0]", b"[1]"]
        again = RingLog(dev)
        assert again.read(-1) == got and again.snap == (2 if whole else 1) and again.top == 2, bit
        _write(again, b"[2]", 2)  # the log goes on: after the cut, in the next block
        blank = bytes(block[pos:pos + len(rec)]) == b"\xff" * len(rec)  # not begun: the block goes on
        assert RingLog(dev).read(-1) == got + [b"[2]"] and (again.cur == 0) == (whole or blank), bit
        dev.erase(1)
        yield


def test_a_snapshot_record_cut_at_any_bit_leaves_the_one_before_in_play():
    return _test_a_snapshot_record_cut_at_any_bit_leaves_the_one_before_in_play()


def test_space_says_where_a_record_goes():
    ring = _log(2)
    assert ring.space(100) == 0  # nothing erased yet
    ring.erase_next()
    assert ring.space(100) == 1 and ring.dev.erases == 1
    _write(ring, b"x" * 3000, 1)
    assert ring.space(1000) == 1 and ring.space(1100) == 0  # 1,082 bytes left in block 0
    ring.erase_next()
    assert ring.space(1100) == 1 and ring.space(4082) == 1 and ring.space(4083) == -1
    _write(ring, b"y" * 4000, 1)  # into block 1
    assert ring.cur == 1 and ring.space(200) == -1  # block 0 holds records in play
    ring.fold(1)
    assert ring.space(200) == 0 and ring.dev.erases == 2


def test_a_record_cut_where_its_crc_happens_to_hold_is_still_not_read():
    # a snapshot record of 927 bytes programmed to its 865th: the rest, its CRC too, reads
    # 0xFF, and the CRC of what is there happens to be 0xFFFF (one tail in 65,536)
    data = b"[" + b",".join(b"%d" % i for i in range(259)) + b"]"
    rec = head_of(len(data), 2, True) + data
    cut = rec[:865] + b"\xff" * (len(rec) + 2 - 865)
    assert crc16(cut[:-2]) == 0xFFFF
    ring = _log(2)
    _snap(ring, b"{S1}", 1)
    block = bytearray(ring.dev.get(0))
    at = ring.pos
    block[at:at + len(cut)] = cut
    ring.dev.put(0, block)
    again = _reboot(ring)
    assert again.read(-1) == [b"{S1}"] and again.snap == 1 and again.pos == BLOCK


def test_a_record_ending_in_0xff_is_refused_and_nothing_changes():
    ring = _log(2)
    _write(ring, b"[1]", 1)
    before = bytes(ring.dev.get(0))
    for data in (b"", b"ab\xff"):
        raises(ValueError, ring.append, data, 1)
    assert ring.dev.get(0) == before and _reboot(ring).read(1) == [b"[1]"]
