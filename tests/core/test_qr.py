"""The QR encoder (schaffner.qr) against the standard's structure: sizes and
capacities from its tables, the finder, timing and alignment patterns, the
format and version information as the standard's own examples spell them, the
masks, and bad input refused.  An independent decoder reads the codes back in
test_qr_decode.py (CPython)."""
from schaffner import qr
from schaffner.rng import Rng
from support import raises, stepped


def test_capacities_and_versions_from_the_tables():
    # byte mode at level L: version 1 holds 17 bytes, 2 32, 5 106, 9 230, 10 271
    assert [qr.capacity(v) for v in (1, 2, 5, 9, 10)] == [17, 32, 106, 230, 271]
    assert qr.version_for(1) == 1 and qr.version_for(17) == 1 and qr.version_for(18) == 2
    assert qr.version_for(271) == 10
    assert qr.make(b"x" * 32).size == 25 and qr.make(b"x" * 271).size == 57


def test_bad_input_is_refused():
    assert "at most 271" in str(raises(ValueError, qr.version_for, 272))
    assert "at most 271" in str(raises(ValueError, qr.QrCode, b"x" * 272))
    assert "Nothing" in str(raises(ValueError, qr.QrCode, b""))
    assert "mask" in str(raises(ValueError, qr.QrCode, b"x", 8))
    assert "1 to 10" in str(raises(ValueError, qr.capacity, 11))


def finder_at(code, x0, y0):
    for dy in range(7):
        for dx in range(7):
            d = max(abs(dx - 3), abs(dy - 3))
            if bool(code.dark(x0 + dx, y0 + dy)) != (d != 2):
                return False
    return True


def test_finders_separators_timing_and_the_dark_module():
    c = qr.make(b"https://example.org/")
    n = c.size
    assert finder_at(c, 0, 0) and finder_at(c, n - 7, 0) and finder_at(c, 0, n - 7)
    for i in range(8):  # the separators: light
        assert not c.dark(7, i) and not c.dark(i, 7) and not c.dark(n - 8, i) and not c.dark(i, n - 8)
    for i in range(8, n - 8):  # timing: dark on even
        assert bool(c.dark(i, 6)) == (i % 2 == 0) and bool(c.dark(6, i)) == (i % 2 == 0)
    assert c.dark(8, n - 8)


def test_alignment_patterns_of_version_10():
    c = qr.make(b"x" * 250)
    assert c.version == 10
    for cx, cy in ((28, 6), (6, 28), (28, 28), (50, 28), (28, 50), (50, 50)):
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                assert bool(c.dark(cx + dx, cy + dy)) == (max(abs(dx), abs(dy)) != 1), (cx, cy)


def format_bits(c):
    # the copy around the top-left finder, bit 14 first as the standard prints it
    cells = [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8),
             (5, 8), (4, 8), (3, 8), (2, 8), (1, 8), (0, 8)]
    v = 0
    for i in range(14, -1, -1):
        x, y = cells[i]
        v = v << 1 | (1 if c.dark(x, y) else 0)
    return v


def test_format_information_as_the_standard_spells_it():
    # level L: mask 0 is 111011111000100, mask 7 is 110100101110110 (the standard's table)
    assert format_bits(qr.make(b"abc", 0)) == 0b111011111000100
    assert format_bits(qr.make(b"abc", 7)) == 0b110100101110110
    c = qr.make(b"abc", 4)
    n = c.size
    second = 0  # the copy beside the other two finders, the same bits
    for i in range(14, -1, -1):
        x, y = (n - 1 - i, 8) if i < 8 else (8, n - 15 + i)
        second = second << 1 | (1 if c.dark(x, y) else 0)
    assert second == format_bits(c)


def test_version_information_of_version_7():
    c = qr.make(b"x" * 150)  # 7: 000111110010010100
    assert c.version == 7
    n = c.size
    bits = 0
    for i in range(17, -1, -1):
        bits = bits << 1 | (1 if c.dark(n - 11 + i % 3, i // 3) else 0)
    assert bits == 0b000111110010010100
    mirrored = 0
    for i in range(17, -1, -1):
        mirrored = mirrored << 1 | (1 if c.dark(i // 3, n - 11 + i % 3) else 0)
    assert mirrored == bits


def test_the_mask_with_the_lowest_penalty_and_each_mask_by_choice():
    c = qr.make(b"https://app.bgstatsapp.com/")
    assert 0 <= c.mask <= 7
    assert [qr.make(b"abc", m).mask for m in range(8)] == list(range(8))
    # a mask changes data modules only: the finders stay
    for m in range(8):
        assert finder_at(qr.make(b"abc", m), 0, 0)


def test_making_yields_between_slices():
    c = qr.QrCode(b"x" * 271)
    steps = 0
    for _ in c.making():
        steps += 1
        assert not c.ready
    # each mask scored in 15 slices (57 lines, 4 a slice), the lines made in 57 (2 a slice,
    # rows and columns), the chosen mask applied in 8
    assert c.ready and steps > 8 * 15 + 57 + 8
    assert not c.cells and len(c.bits) == (57 * 57 + 7) // 8  # a bit a module is what it keeps


def bits(modules):
    """A line as line_penalty takes it: module i (character i, "1" dark) in bit i."""
    return sum(1 << i for i in range(len(modules)) if modules[i] == "1")


def test_a_lines_runs_and_finder_like_runs_by_hand():
    assert qr.line_penalty(bits("00000000000"), 11) == 9  # a run of 11: 3, and 1 for each of 6 more
    assert qr.line_penalty(bits("1111101010"), 10) == 3  # a run of 5, the rest alternating
    assert qr.line_penalty(bits("1111011110"), 10) == 0  # runs of 4 cost nothing
    assert qr.line_penalty(bits("10111010000"), 11) == 40  # 1:1:3:1:1, then 4 light
    assert qr.line_penalty(bits("00001011101"), 11) == 40  # 4 light, then 1:1:3:1:1
    assert qr.line_penalty(bits("000010111010000"), 15) == 80  # both ways round
    assert qr.line_penalty(bits("1011101000"), 10) == 0  # the fourth light module is past the end


FINDER_LIKE = ((1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0), (0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1))


def reference_line(line):
    """Rules 1 and 3 for one line (a sequence of 0 and 1), module by module as the
    standard writes them: the check on the encoder's faster way with chunks."""
    n = len(line)
    p = 0
    run = 1
    for i in range(1, n + 1):
        if i < n and line[i] == line[i - 1]:
            run += 1
            continue
        if run >= 5:
            p += run - 2
        run = 1
    for i in range(n - 10):
        for pattern in FINDER_LIKE:
            j = 0
            while j < 11 and line[i + j] == pattern[j]:
                j += 1
            if j == 11:
                p += 40
    return p


def reference_penalty(code):
    """The standard's four rules module by module."""
    n = code.size
    rows = [bytearray(1 if code.dark(x, y) else 0 for x in range(n)) for y in range(n)]
    p = 0
    for y in range(n):
        p += reference_line(rows[y]) + reference_line(bytearray(rows[x][y] for x in range(n)))
    for y in range(1, n):
        for x in range(1, n):
            if rows[y][x] == rows[y - 1][x] == rows[y][x - 1] == rows[y - 1][x - 1]:
                p += 3
    share = sum(sum(row) for row in rows)
    return p + abs(share * 20 - n * n * 10) // (n * n) * 10


@stepped
def test_a_long_lines_penalty_across_its_chunks():
    # a version 10 line (57 modules) is scored in chunks of 19 start positions:
    # every finder-like run at every offset, and random lines, as the standard counts
    rnd = Rng(5741)
    for pattern in ("10111010000", "00001011101"):
        for at in range(57 - 10):
            line = [rnd.getrandbits(1) for _ in range(57)]
            line[at:at + 11] = [int(c) for c in pattern]
            assert qr.line_penalty(bits("".join(str(c) for c in line)), 57) == reference_line(line), (pattern, at)
            yield
    for _ in range(40):
        n = (21, 25, 41, 57)[rnd.getrandbits(2)]
        line = [rnd.getrandbits(1) & rnd.getrandbits(1) for _ in range(n)]  # mostly light: long runs
        assert qr.line_penalty(bits("".join(str(c) for c in line)), n) == reference_line(line)
        yield


@stepped
def test_the_chosen_mask_is_the_first_of_the_lowest_penalty():
    for data in (b"abc", b"https://app.bgstatsapp.com/createPlay.html?data=", bytes(range(90)), b"\xff" * 200):
        scores = []
        for m in range(8):
            scores.append(reference_penalty(qr.make(data, m)))
            yield  # the collector runs between steps under MicroPython, as between a Pico's polls
        assert qr.make(data).mask == scores.index(min(scores)), (data[:8], scores)


@stepped
def test_the_penalty_from_whole_lines_is_the_standards():
    for data in (b"abc", bytes(range(90)), b"\xff" * 200):
        for mask in range(8):
            code = qr.make(data, mask)
            n = code.size
            k = (n + 18) // 19  # chunks a line
            # the made code as the encoder's cells hold it: the function patterns of a
            # code begun afresh, every module's colour from the code
            cells = qr.QrCode(data, mask)
            cells.cells = bytearray(n * n)
            for _ in cells._functions():
                pass
            for i in range(n * n):
                cells.cells[i] = (cells.cells[i] & 2) | code.dark(i % n, i // n)
            unmasked = [0] * (12 * k)
            lines = [[0] * (n * k) for _ in range(4)]
            for _ in cells._lines(k, lines):
                pass
            penalty = sum(qr._penalty(lines, unmasked, unmasked, qr._within(n)))
            assert penalty == reference_penalty(code), (data[:8], mask)
            yield


def test_no_generator_used_has_a_zero_coefficient():
    # the error correction works with the coefficients' logs, which a zero has none of
    for ec, _, _, _ in qr._BLOCKS:
        assert min(qr._generator(ec)) > 0, ec


def test_the_written_out_tables_are_gf256s_and_the_bit_counts():
    exp = bytearray(512)
    log = bytearray(256)
    v = 1
    for i in range(255):
        exp[i] = v
        log[v] = i
        v <<= 1
        if v & 0x100:
            v ^= 0x11D  # x^8 + x^4 + x^3 + x^2 + 1
    for i in range(255, 512):
        exp[i] = exp[i - 255]
    assert qr._EXP == bytes(exp) and qr._LOG == bytes(log)
    assert qr._ONES == bytes(bin(i).count("1") for i in range(1024))
    assert qr._mul(2, 0x80) == 0x1D  # x^8, reduced by the polynomial
    assert all(qr._mul(a, qr._EXP[255 - qr._LOG[a]]) == 1 for a in range(1, 256))  # each has its inverse
