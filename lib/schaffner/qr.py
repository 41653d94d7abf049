"""QR codes (ISO/IEC 18004): byte mode, error correction level L, versions 1 to 10.

Level L (7 % of the codewords can be restored) is chosen on purpose: a code on a
screen is never torn or soiled, and every byte it carries makes it denser, so the
room goes to data.  Version 10 (57 modules) is the largest a 135-pixel screen
holds at 2 pixels a module inside the standard's quiet zone of 4 modules: 271
bytes.  The work is a generator (QrCode.making) so a caller on a device can do it
a slice per poll; make() runs it at once.  Modules live in one bytearray (bit 0
dark, bit 1 a function pattern), about 3 KB at version 10.
"""
from micropython import const

_MOST = const(10)
_DARK = const(1)
_FUNCTION = const(2)

# per version 1..10 at level L: (EC codewords per block, blocks of the first group,
# data codewords per block there, blocks of the second group with one codeword more)
_BLOCKS = (
    (7, 1, 19, 0), (10, 1, 34, 0), (15, 1, 55, 0), (20, 1, 80, 0), (26, 1, 108, 0),
    (18, 2, 68, 0), (20, 2, 78, 0), (24, 2, 97, 0), (30, 2, 116, 0), (18, 2, 68, 2),
)
# the second alignment coordinate per version (the first is 6, version 1 has none);
# versions 7 to 10 have three, the middle one halfway
_ALIGN = (0, 18, 22, 26, 30, 34, 38, 42, 46, 50)

# GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11d): powers of 2, and logs
_EXP = bytearray(512)
_LOG = bytearray(256)
_v = 1
for _i in range(255):
    _EXP[_i] = _v
    _LOG[_v] = _i
    _v <<= 1
    if _v & 0x100:
        _v ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]
del _v, _i


def _mul(a, b):
    if a == 0 or b == 0:
        return 0
    return _EXP[_LOG[a] + _LOG[b]]


def capacity(version):
    """Bytes a code of this version (1 to 10) carries in byte mode."""
    if not 1 <= version <= _MOST:
        raise ValueError("QR versions here are 1 to %d" % _MOST)
    ec, n1, k1, n2 = _BLOCKS[version - 1]
    bits = (n1 * k1 + n2 * (k1 + 1)) * 8 - 4 - (8 if version < 10 else 16)
    return bits // 8


def version_for(n):
    """The smallest version that carries n bytes; ValueError past version 10."""
    for v in range(1, _MOST + 1):
        if n <= capacity(v):
            return v
    raise ValueError("Too long for a QR code: %d bytes, at most %d" % (n, capacity(_MOST)))


def _generator(degree):
    # the Reed-Solomon generator polynomial (x - 2^0)...(x - 2^(degree-1)), highest
    # coefficient (1) left out, coefficients highest power first
    g = bytearray(degree)
    g[degree - 1] = 1
    root = 1
    for _ in range(degree):
        for j in range(degree):
            g[j] = _mul(g[j], root) ^ (g[j + 1] if j + 1 < degree else 0)
        root = _mul(root, 2)
    return g


def _ec(data, start, count, logs, rem):
    # into rem: the remainder of data[start:start+count] * x^len(logs) divided by
    # the generator, whose coefficients come as their logs (none of the
    # generators here has a zero coefficient); yields every 16 codewords
    n = len(logs)
    for i in range(start, start + count):
        f = data[i] ^ rem[0]
        if f:
            lf = _LOG[f]
            for j in range(n - 1):
                rem[j] = rem[j + 1] ^ _EXP[logs[j] + lf]
            rem[n - 1] = _EXP[logs[n - 1] + lf]
        else:
            rem[0:n - 1] = rem[1:n]
            rem[n - 1] = 0
        if i & 15 == 15:
            yield


def _put(buf, at, value, width):
    # value's width bits, highest first, at bit position at of buf; the next position
    for i in range(width - 1, -1, -1):
        if value >> i & 1:
            buf[at >> 3] |= 0x80 >> (at & 7)
        at += 1
    return at


def _bch(value, poly, bits):
    # value shifted left by bits, plus the remainder of dividing it by poly
    r = value << bits
    top = len(bin(poly)) - 3
    for i in range(len(bin(r)) - 3, bits - 1, -1):
        if r >> i & 1:
            r ^= poly << (i - top)
    return value << bits | r


def _masked(mask, x, y):
    if mask == 0:
        return (x + y) % 2 == 0
    if mask == 1:
        return y % 2 == 0
    if mask == 2:
        return x % 3 == 0
    if mask == 3:
        return (x + y) % 3 == 0
    if mask == 4:
        return (x // 3 + y // 2) % 2 == 0
    if mask == 5:
        return x * y % 2 + x * y % 3 == 0
    if mask == 6:
        return (x * y % 2 + x * y % 3) % 2 == 0
    return ((x + y) % 2 + x * y % 3) % 2 == 0


class QrCode:
    """A QR code of data (bytes): self.size modules a side, dark(x, y) once made."""

    def __init__(self, data, mask=-1):
        # mask: 0 to 7 to use that one; -1 (the default) picks the one the
        # standard's penalty rules score lowest
        if not data:
            raise ValueError("Nothing to put in a QR code")
        if not -1 <= mask <= 7:
            raise ValueError("A QR mask is 0 to 7")
        self.data = bytes(data)
        self.version = version_for(len(self.data))
        self.size = 17 + 4 * self.version
        self.cells = bytearray(self.size * self.size)
        self.mask = mask
        self.ready = False

    def dark(self, x, y):
        return self.cells[y * self.size + x] & _DARK

    def making(self):
        """Make the code, yielding between slices of work (16 codewords' error
        correction, two columns placed, a mask's lines scored sixteen at a time,
        eight rows masked), each about 10 ms on a Pico; self.ready once done."""
        self._functions()
        yield
        codewords = bytearray()
        for _ in self._codewords(codewords):
            yield
        for _ in self._place(codewords):
            yield
        del codewords
        if self.mask < 0:
            for _ in self._choose():
                yield
        for _ in self._apply(self.mask):
            yield
        self._format(self.mask)
        self.ready = True

    def _choose(self):
        # the mask of the lowest penalty (the first of equals), each scored on
        # the rows and columns as integers (module i in bit i) so a rule is a few
        # operations a line, not a few a module
        n = self.size
        rows, cols, free_rows, free_cols = self._lines()
        yield
        best = -1
        for mask in range(8):
            self._format(mask)  # the format's modules are in row 8 and column 8
            self._patch(rows, cols)
            across = _repeat(n, 6, [_unit(mask, 6, y, True) for y in range(12)])
            down = _repeat(n, 12, [_unit(mask, 12, x, False) for x in range(6)])
            masked_rows = [rows[y] ^ (across[y % 12] & free_rows[y]) for y in range(n)]
            masked_cols = [cols[x] ^ (down[x % 6] & free_cols[x]) for x in range(n)]
            penalty = 0
            for p in _penalty(masked_rows, masked_cols, n):
                penalty += p
                yield
            if best < 0 or penalty < best:
                best = penalty
                self.mask = mask

    def _lines(self):
        # the rows and columns as integers (bit x of row y, bit y of column x):
        # of the dark modules, and of the modules no function pattern holds
        n = self.size
        cells = self.cells
        width = (n + 7) >> 3
        lines = [[bytearray(width) for _ in range(n)] for _ in range(4)]
        dark_rows, dark_cols, free_rows, free_cols = lines
        for y in range(n):
            at = y * n
            dr = dark_rows[y]
            fr = free_rows[y]
            yb = y >> 3
            ybit = 1 << (y & 7)
            for x in range(n):
                c = cells[at + x]
                xb = x >> 3
                xbit = 1 << (x & 7)
                if c & _DARK:
                    dr[xb] |= xbit
                    dark_cols[x][yb] |= ybit
                if not c & _FUNCTION:
                    fr[xb] |= xbit
                    free_cols[x][yb] |= ybit
        return [[int.from_bytes(b, "little") for b in bufs] for bufs in lines]

    def _patch(self, rows, cols):
        # row 8 and column 8 as the cells hold them now (the format just written)
        n = self.size
        cells = self.cells
        for i in range(n):
            bit = 1 << 8
            rows[i] = rows[i] | bit if cells[i * n + 8] & _DARK else rows[i] & ~bit
            cols[i] = cols[i] | bit if cells[8 * n + i] & _DARK else cols[i] & ~bit
            bit = 1 << i
            rows[8] = rows[8] | bit if cells[8 * n + i] & _DARK else rows[8] & ~bit
            cols[8] = cols[8] | bit if cells[i * n + 8] & _DARK else cols[8] & ~bit

    # --- function patterns -------------------------------------------------
    def _set(self, x, y, dark):
        self.cells[y * self.size + x] = _FUNCTION | (_DARK if dark else 0)

    def _functions(self):
        n = self.size
        for i in range(n):
            self._set(6, i, i % 2 == 0)
            self._set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x = cx + dx
                    y = cy + dy
                    if 0 <= x < n and 0 <= y < n:
                        d = max(abs(dx), abs(dy))
                        self._set(x, y, d != 2 and d != 4)
        v = self.version
        if v > 1:
            last = _ALIGN[v - 1]
            at = (6, last) if v < 7 else (6, (6 + last) // 2, last)
            for cx in at:
                for cy in at:
                    if (cx == 6 and cy == 6) or (cx == 6 and cy == last) or (cx == last and cy == 6):
                        continue  # on a finder
                    for dy in range(-2, 3):
                        for dx in range(-2, 3):
                            self._set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self._format(0)  # reserves the format areas; written again per mask
        if v >= 7:
            bits = _bch(v, 0x1F25, 12)
            for i in range(18):
                a = n - 11 + i % 3
                b = i // 3
                self._set(a, b, bits >> i & 1)
                self._set(b, a, bits >> i & 1)

    def _format(self, mask):
        n = self.size
        bits = _bch(1 << 3 | mask, 0x537, 10) ^ 0x5412  # level L is 01
        for i in range(15):
            bit = bits >> i & 1
            if i < 6:
                self._set(8, i, bit)
            elif i < 8:
                self._set(8, i + 1, bit)
            elif i == 8:
                self._set(7, 8, bit)
            else:
                self._set(14 - i, 8, bit)
            if i < 8:
                self._set(n - 1 - i, 8, bit)
            else:
                self._set(8, n - 15 + i, bit)
        self._set(8, n - 8, True)  # the dark module

    # --- data ----------------------------------------------------------------
    def _codewords(self, out):
        # into out: the data codewords in blocks and their EC codewords,
        # interleaved column by column; yields within and after each block's EC
        ec, n1, k1, n2 = _BLOCKS[self.version - 1]
        total = n1 * k1 + n2 * (k1 + 1)
        buf = bytearray(total)
        d = self.data
        # the bit stream: mode 0100, the count, the bytes; the terminator's
        # zeros and the pad to a whole byte are the buffer's own zeros
        at = _put(buf, 0, 4, 4)
        at = _put(buf, at, len(d), 8 if self.version < 10 else 16)
        i = at >> 3  # 12 or 20 bits so far: each byte's halves straddle two bytes
        for b in d:
            buf[i] |= b >> 4
            buf[i + 1] = (b & 15) << 4
            i += 1
        at += 8 * len(d)
        yield
        at = (at + 7) // 8 if at + 4 > total * 8 else (at + 4 + 7) // 8
        pad = 0xEC
        while at < total:
            buf[at] = pad
            at += 1
            pad ^= 0xEC ^ 0x11
        logs = bytes(_LOG[g] for g in _generator(ec))
        blocks = n1 + n2
        ecs = []
        start = 0
        for b in range(blocks):
            k = k1 + (1 if b >= n1 else 0)
            rem = bytearray(ec)
            for _ in _ec(buf, start, k, logs, rem):
                yield
            ecs.append(rem)
            start += k
            yield
        for i in range(k1 + 1):
            start = 0
            for b in range(blocks):
                k = k1 + (1 if b >= n1 else 0)
                if i < k:
                    out.append(buf[start + i])
                start += k
        for i in range(ec):
            for b in range(blocks):
                out.append(ecs[b][i])

    def _place(self, codewords):
        # two columns at a time from the right edge, up then down, skipping the
        # timing column; remainder bits stay light
        n = self.size
        cells = self.cells
        bit = 0
        total = len(codewords) * 8
        right = n - 1
        upward = True
        while right > 0:
            if right == 6:
                right = 5
            for k in range(n):
                y = n - 1 - k if upward else k
                for x in (right, right - 1):
                    i = y * n + x
                    if cells[i] & _FUNCTION:
                        continue
                    if bit < total and codewords[bit >> 3] >> (7 - (bit & 7)) & 1:
                        cells[i] = _DARK
                    bit += 1
            upward = not upward
            right -= 2
            yield

    def _apply(self, mask):
        n = self.size
        cells = self.cells
        for y in range(n):
            row = y * n
            for x in range(n):
                if not cells[row + x] & _FUNCTION and _masked(mask, x, y):
                    cells[row + x] ^= _DARK
            if y & 7 == 7:
                yield


def _unit(mask, period, at, across):
    # one period of a mask's pattern along a row (across: row at, modules 0 to
    # period - 1) or a column (column at): bit i set where the mask flips module i
    u = 0
    for i in range(period):
        if _masked(mask, i, at) if across else _masked(mask, at, i):
            u |= 1 << i
    return u


def _repeat(n, period, units):
    # each unit repeated along a line of n modules (every mask repeats every 6
    # modules along a row and every 12 down a column)
    many = 0
    for i in range(0, n, period):
        many |= 1 << i
    full = (1 << n) - 1
    return [u * many & full for u in units]


def _ones(v):
    return bin(v).count("1")


def line_penalty(v, n):
    """The standard's rules 1 and 3 for one row or column of n modules (module i
    dark where bit i of v is set): 3 for a run of 5 of one colour, 1 for each
    module more; 40 for each 1:1:3:1:1 finder-like run with 4 light modules on
    one side, wholly in the line."""
    light = ~v & ((1 << n) - 1)
    p = 0
    for s in (v, light):
        five = s & s >> 1 & s >> 2 & s >> 3 & s >> 4  # bit i: modules i..i+4 alike
        if five:
            p += _ones(five) + 2 * _ones(five & ~(s << 1))  # a run of k >= 5 is k - 4 fives, one first
    core = v & light >> 1 & v >> 2 & v >> 3 & v >> 4 & light >> 5 & v >> 6  # 1011101 from bit i
    if core:
        four = light & light >> 1 & light >> 2 & light >> 3
        p += 40 * (_ones(core & four >> 7) + _ones(four & core >> 4))
    return p


def _penalty(rows, cols, n):
    # the standard's four rules over rows and columns given as integers, in
    # parts of sixteen lines: runs and finder-like runs (line_penalty), 2x2
    # blocks of one colour (3 each), and how far the dark share is from half
    # (10 for each 5 %)
    full = (1 << n) - 1
    p = 0
    dark = 0
    for a in range(n):
        r = rows[a]
        p += line_penalty(r, n) + line_penalty(cols[a], n)
        dark += _ones(r)
        if a:
            same = ~(r ^ rows[a - 1]) & full
            p += 3 * _ones(same & same >> 1 & ~(r ^ r >> 1) & full >> 1)
        if a & 15 == 15:
            yield p
            p = 0
    total = n * n
    yield p + abs(dark * 20 - total * 10) // total * 10


def make(data, mask=-1):
    """The QR code of data, made at once."""
    code = QrCode(data, mask)
    for _ in code.making():
        pass
    return code
