"""QR codes (ISO/IEC 18004): byte mode, error correction level L, versions 1 to 10.

Level L (7 % of the codewords can be restored) is chosen on purpose: a code on a
screen is never torn or soiled, and every byte it carries makes it denser, so the
room goes to data.  Version 10 (57 modules) is the largest a 135-pixel screen
holds at 2 pixels a module inside the standard's quiet zone of 4 modules: 271
bytes.  The work is a generator (QrCode.making) so a caller on a device can do it
a slice per poll; make() runs it at once.  While it works the modules live in one
bytearray (bit 0 dark, bit 1 a function pattern), about 3 KB at version 10; the
code made keeps a bit a module (406 bytes).
"""
from micropython import const

_MOST = const(10)
_DARK = const(1)
_FUNCTION = const(2)

# A line of up to 57 modules is scored in chunks of small integers (30 bits: no
# heap): chunk k holds modules 19k - 1 to 19k + 28 in bits 0 to 29, so each of
# its 19 start positions (bits 1 to 19) sees the module before it and the 10
# after, all a rule looks at.
_STARTS = const(19)
_CHUNK = const(0x3FFFFFFF)
_AT = const(0xFFFFE)  # bits 1 to 19: the chunk's start positions
# lines a slice: made into chunks (_lines), 4.1 ms a line on the emulated Display Pack's
# firmware image (7.2 on its make deploy install), and scored for a mask (_penalty), 3.1 ms
# a line (6.1): sixteen a slice held its polls 49 ms (97)
_LINES = const(2)
_SCORED = const(4)

# per version 1..10 at level L: (EC codewords per block, blocks of the first group,
# data codewords per block there, blocks of the second group with one codeword more)
_BLOCKS = (
    (7, 1, 19, 0), (10, 1, 34, 0), (15, 1, 55, 0), (20, 1, 80, 0), (26, 1, 108, 0),
    (18, 2, 68, 0), (20, 2, 78, 0), (24, 2, 97, 0), (30, 2, 116, 0), (18, 2, 68, 2),
)
# the second alignment coordinate per version (the first is 6, version 1 has none);
# versions 7 to 10 have three, the middle one halfway
_ALIGN = (0, 18, 22, 26, 30, 34, 38, 42, 46, 50)


# GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11d): the powers of 2, and the
# logs; written out, not built at import: this module's tables built in loops at its top
# level took 32 ms of its import on a Pico (the BG Stats code's screen's poll on the Display
# Pack's image), and as bytes in a firmware image they stay in its flash
# (tests/core/test_qr.py builds them again to check)
_POW = (
    b"\x01\x02\x04\x08\x10\x20\x40\x80\x1d\x3a\x74\xe8\xcd\x87\x13\x26"
    b"\x4c\x98\x2d\x5a\xb4\x75\xea\xc9\x8f\x03\x06\x0c\x18\x30\x60\xc0"
    b"\x9d\x27\x4e\x9c\x25\x4a\x94\x35\x6a\xd4\xb5\x77\xee\xc1\x9f\x23"
    b"\x46\x8c\x05\x0a\x14\x28\x50\xa0\x5d\xba\x69\xd2\xb9\x6f\xde\xa1"
    b"\x5f\xbe\x61\xc2\x99\x2f\x5e\xbc\x65\xca\x89\x0f\x1e\x3c\x78\xf0"
    b"\xfd\xe7\xd3\xbb\x6b\xd6\xb1\x7f\xfe\xe1\xdf\xa3\x5b\xb6\x71\xe2"
    b"\xd9\xaf\x43\x86\x11\x22\x44\x88\x0d\x1a\x34\x68\xd0\xbd\x67\xce"
    b"\x81\x1f\x3e\x7c\xf8\xed\xc7\x93\x3b\x76\xec\xc5\x97\x33\x66\xcc"
    b"\x85\x17\x2e\x5c\xb8\x6d\xda\xa9\x4f\x9e\x21\x42\x84\x15\x2a\x54"
    b"\xa8\x4d\x9a\x29\x52\xa4\x55\xaa\x49\x92\x39\x72\xe4\xd5\xb7\x73"
    b"\xe6\xd1\xbf\x63\xc6\x91\x3f\x7e\xfc\xe5\xd7\xb3\x7b\xf6\xf1\xff"
    b"\xe3\xdb\xab\x4b\x96\x31\x62\xc4\x95\x37\x6e\xdc\xa5\x57\xae\x41"
    b"\x82\x19\x32\x64\xc8\x8d\x07\x0e\x1c\x38\x70\xe0\xdd\xa7\x53\xa6"
    b"\x51\xa2\x59\xb2\x79\xf2\xf9\xef\xc3\x9b\x2b\x56\xac\x45\x8a\x09"
    b"\x12\x24\x48\x90\x3d\x7a\xf4\xf5\xf7\xf3\xfb\xeb\xcb\x8b\x0b\x16"
    b"\x2c\x58\xb0\x7d\xfa\xe9\xcf\x83\x1b\x36\x6c\xd8\xad\x47\x8e"
)
_EXP = _POW * 2 + _POW[:2]  # 512 bytes: a sum of two logs indexes it with no modulo
_LOG = (
    b"\x00\x00\x01\x19\x02\x32\x1a\xc6\x03\xdf\x33\xee\x1b\x68\xc7\x4b"
    b"\x04\x64\xe0\x0e\x34\x8d\xef\x81\x1c\xc1\x69\xf8\xc8\x08\x4c\x71"
    b"\x05\x8a\x65\x2f\xe1\x24\x0f\x21\x35\x93\x8e\xda\xf0\x12\x82\x45"
    b"\x1d\xb5\xc2\x7d\x6a\x27\xf9\xb9\xc9\x9a\x09\x78\x4d\xe4\x72\xa6"
    b"\x06\xbf\x8b\x62\x66\xdd\x30\xfd\xe2\x98\x25\xb3\x10\x91\x22\x88"
    b"\x36\xd0\x94\xce\x8f\x96\xdb\xbd\xf1\xd2\x13\x5c\x83\x38\x46\x40"
    b"\x1e\x42\xb6\xa3\xc3\x48\x7e\x6e\x6b\x3a\x28\x54\xfa\x85\xba\x3d"
    b"\xca\x5e\x9b\x9f\x0a\x15\x79\x2b\x4e\xd4\xe5\xac\x73\xf3\xa7\x57"
    b"\x07\x70\xc0\xf7\x8c\x80\x63\x0d\x67\x4a\xde\xed\x31\xc5\xfe\x18"
    b"\xe3\xa5\x99\x77\x26\xb8\xb4\x7c\x11\x44\x92\xd9\x23\x20\x89\x2e"
    b"\x37\x3f\xd1\x5b\x95\xbc\xcf\xcd\x90\x87\x97\xb2\xdc\xfc\xbe\x61"
    b"\xf2\x56\xd3\xab\x14\x2a\x5d\x9e\x84\x3c\x39\x53\x47\x6d\x41\xa2"
    b"\x1f\x2d\x43\xd8\xb7\x7b\xa4\x76\xc4\x17\x49\xec\x7f\x0c\x6f\xf6"
    b"\x6c\xa1\x3b\x52\x29\x9d\x55\xaa\xfb\x60\x86\xb1\xbb\xcc\x3e\x5a"
    b"\xcb\x59\x5f\xb0\x9c\xa9\xa0\x51\x0b\xf5\x16\xeb\x7a\x75\x2c\xd7"
    b"\x4f\xae\xd5\xe9\xe6\xe7\xad\xe8\x74\xd6\xf4\xea\xa8\x50\x58\xaf"
)


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
        self.cells = bytearray(0)  # a byte a module while the code is made (bit 0 dark, bit 1 a function pattern)
        self.bits = bytearray(0)  # then a bit a module, dark set: what a screen keeps while it shows the code
        self.mask = mask
        self.ready = False

    def dark(self, x, y):
        i = y * self.size + x
        return self.bits[i >> 3] >> (i & 7) & 1

    def making(self):
        """Make the code, yielding between slices of work (the function patterns
        in two, 16 codewords' error correction, two columns placed, the lines
        made _LINES at a time, a mask set up, its lines scored _SCORED at a time,
        eight rows masked), each 25 ms at most on a Pico; self.ready once done."""
        self.cells = bytearray(self.size * self.size)
        for _ in self._functions():
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
        self._format(self.mask)
        for _ in self._finish(self.mask):
            yield
        self.ready = True

    def _choose(self):
        # the mask of the lowest penalty (the first of equals), each scored on the
        # rows and columns as small integers, a line in chunks (_chunk), so a
        # rule is a few operations a chunk, not a few a module, and no mask
        # leaves garbage for the collector
        n = self.size
        k = (n + _STARTS - 1) // _STARTS  # chunks a line
        lines = [[0] * (n * k) for _ in range(4)]
        for _ in self._lines(k, lines):
            yield
        rows, cols = lines[0], lines[1]
        across = [0] * (12 * k)  # a mask's pattern along rows 0 to 11, chunk by chunk
        down = [0] * (6 * k)  # and down columns 0 to 5
        within = _within(n)
        yield
        best = -1
        for mask in range(8):
            self._format(mask)  # the format's modules are in row 8 and column 8
            self._patch(rows, cols, k)
            for y in range(12):
                u = _unit(mask, 6, y, True)
                for j in range(k):
                    across[y * k + j] = _tile(u, 6, j * _STARTS - 1)
            for x in range(6):
                u = _unit(mask, 12, x, False)
                for j in range(k):
                    down[x * k + j] = _tile(u, 12, j * _STARTS - 1)
            yield
            penalty = 0
            for p in _penalty(lines, across, down, within):
                penalty += p
                yield
            if best < 0 or penalty < best:
                best = penalty
                self.mask = mask

    def _lines(self, k, out):
        # into out (four lists of n * k): the rows and columns in chunks of k a
        # line (_chunk), of the dark modules and of the modules no function
        # pattern holds; a line at a time through two bytearrays, so little more
        # than the chunks is held; yielding every _LINES lines
        n = self.size
        cells = self.cells
        dark = bytearray((n + 7) >> 3)
        free = bytearray(len(dark))
        for across in (True, False):
            dark_lines = out[0] if across else out[1]
            free_lines = out[2] if across else out[3]
            for a in range(n):
                for i in range(len(dark)):
                    dark[i] = 0
                    free[i] = 0
                at = a * n if across else a
                step = 1 if across else n
                for b in range(n):
                    c = cells[at]
                    at += step
                    if c & _DARK:
                        dark[b >> 3] |= 1 << (b & 7)
                    if not c & _FUNCTION:
                        free[b >> 3] |= 1 << (b & 7)
                for j in range(k):
                    dark_lines[a * k + j] = _chunk(dark, j * _STARTS - 1)
                    free_lines[a * k + j] = _chunk(free, j * _STARTS - 1)
                if a % _LINES == _LINES - 1:
                    yield

    def _patch(self, rows, cols, k):
        # row 8 and column 8 as the cells hold them now (the format just written):
        # the format's modules, the first 9 and the last 8 of either line
        n = self.size
        cells = self.cells
        for i in range(n):
            if 8 < i < n - 8:
                continue
            _put_module(rows, i * k, k, 8, cells[i * n + 8] & _DARK)
            _put_module(cols, i * k, k, 8, cells[8 * n + i] & _DARK)
            _put_module(rows, 8 * k, k, i, cells[8 * n + i] & _DARK)
            _put_module(cols, 8 * k, k, i, cells[i * n + 8] & _DARK)

    # --- function patterns -------------------------------------------------
    def _set(self, x, y, dark):
        self.cells[y * self.size + x] = _FUNCTION | (_DARK if dark else 0)

    def _functions(self):
        # the function patterns, in two slices
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
        yield
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
        yield

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
                for x in range(right, right - 2, -1):
                    i = y * n + x
                    if cells[i] & _FUNCTION:
                        continue
                    if bit < total and codewords[bit >> 3] >> (7 - (bit & 7)) & 1:
                        cells[i] = _DARK
                    bit += 1
            upward = not upward
            right -= 2
            yield

    def _finish(self, mask):
        # the mask applied to the data modules, and every module's colour kept
        # in self.bits, the cells let go
        n = self.size
        cells = self.cells
        bits = bytearray((n * n + 7) >> 3)
        for y in range(n):
            i = y * n
            for x in range(n):
                c = cells[i]
                if not c & _FUNCTION and _masked(mask, x, y):
                    c ^= _DARK
                if c & _DARK:
                    bits[i >> 3] |= 1 << (i & 7)
                i += 1
            if y & 7 == 7:
                yield
        self.bits = bits
        self.cells = bytearray(0)


def _unit(mask, period, at, across):
    # one period of a mask's pattern along a row (across: row at, modules 0 to
    # period - 1) or a column (column at): bit i set where the mask flips module i
    u = 0
    for i in range(period):
        if _masked(mask, i, at) if across else _masked(mask, at, i):
            u |= 1 << i
    return u


def _tile(unit, period, first):
    # 30 modules from module first on (first may be -1) of a line that repeats
    # unit (period modules, module 0 in bit 0) from module 0, as a small integer
    v = 0
    m = first - first % period
    while m < first + 30:
        at = m - first
        v |= unit >> -at if at < 0 else (unit & _CHUNK >> at) << at
        m += period
    return v


def _chunk(line, first):
    # 30 modules from module first on (first may be -1) of a line held in a
    # bytearray (module i in bit i & 7 of byte i >> 3), as a small integer
    v = 0
    for i in range(first >> 3 if first > 0 else 0, min(len(line), (first + 37) >> 3)):
        at = 8 * i - first
        b = line[i]
        v |= b >> -at if at < 0 else (b & _CHUNK >> at) << at
    return v


# the set bits of 0 to 1023 (written out as _EXP)
_ONES = (
    b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
    b"\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08\x05\x06\x06\x07\x06\x07\x07\x08\x06\x07\x07\x08\x07\x08\x08\x09"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
    b"\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08\x05\x06\x06\x07\x06\x07\x07\x08\x06\x07\x07\x08\x07\x08\x08\x09"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
    b"\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08\x05\x06\x06\x07\x06\x07\x07\x08\x06\x07\x07\x08\x07\x08\x08\x09"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
    b"\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08\x05\x06\x06\x07\x06\x07\x07\x08\x06\x07\x07\x08\x07\x08\x08\x09"
    b"\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08\x05\x06\x06\x07\x06\x07\x07\x08\x06\x07\x07\x08\x07\x08\x08\x09"
    b"\x05\x06\x06\x07\x06\x07\x07\x08\x06\x07\x07\x08\x07\x08\x08\x09\x06\x07\x07\x08\x07\x08\x08\x09\x07\x08\x08\x09\x08\x09\x09\x0a"
)


def _ones(v):
    # set bits of a chunk (0 <= v < 2**30)
    return _ONES[v & 1023] + _ONES[v >> 10 & 1023] + _ONES[v >> 20]


def _put_module(chunks, at, k, i, dark):
    # module i of the line whose k chunks begin at chunks[at], dark or light
    for j in range(k):
        b = i - j * _STARTS + 1
        if 0 <= b < 30:
            chunks[at + j] = chunks[at + j] | 1 << b if dark else chunks[at + j] & ~(1 << b)


def _within(n):
    # of each chunk of a line of n modules, the bits of modules 0 to n - 1
    return [(((1 << n) - 1) << 1 if s == 0 else ((1 << n) - 1) >> (s - 1)) & _CHUNK for s in range(0, n, _STARTS)]


def _runs(s):
    # rule 1 at a chunk's start positions, for the modules set in s
    five = s & s >> 1 & s >> 2 & s >> 3 & s >> 4 & _AT  # modules b..b+4 alike
    return _ones(five) + 2 * _ones(five >> 1 & ~s) if five else 0  # a run of k >= 5 is k - 4 fives, one first


def _chunk_penalty(v, within):
    # rules 1 and 3 at a chunk's start positions (_chunk)
    light = ~v & within
    p = _runs(v) + _runs(light)
    core = v & light >> 1 & v >> 2 & v >> 3 & v >> 4 & light >> 5 & v >> 6  # 1011101 from b
    if core:
        four = light & light >> 1 & light >> 2 & light >> 3
        p += 40 * (_ones(core & four >> 7 & _AT) + _ones(four & core >> 4 & _AT))
    return p


def line_penalty(v, n):
    """The standard's rules 1 and 3 for one row or column of n modules (module i
    dark where bit i of v is set): 3 for a run of 5 of one colour, 1 for each
    module more; 40 for each 1:1:3:1:1 finder-like run with 4 light modules on
    one side, wholly in the line."""
    if not 0 < n <= 17 + 4 * _MOST:
        raise ValueError("A QR line is 1 to %d modules" % (17 + 4 * _MOST))
    line = bytearray((n + 7) >> 3)
    for i in range(n):
        if v >> i & 1:
            line[i >> 3] |= 1 << (i & 7)
    p = 0
    within = _within(n)
    for j in range(len(within)):
        p += _chunk_penalty(_chunk(line, j * _STARTS - 1), within[j])
    return p


def _penalty(lines, across, down, within):
    # the standard's four rules over the lines (_lines: the rows and columns
    # in chunks, and their modules free for data) masked by the patterns across
    # rows (by row, 12 apart) and down columns (by column, 6 apart), in parts
    # of _SCORED lines: runs and finder-like runs (_chunk_penalty), 2x2 blocks
    # of one colour (3 each), and how far the dark share is from half (10 for
    # each 5 %)
    rows, cols, free_rows, free_cols = lines
    k = len(within)
    n = len(rows) // k
    p = 0
    dark = 0
    for a in range(n):
        for j in range(k):
            i = a * k + j
            w = within[j]
            r = rows[i] ^ (across[a % 12 * k + j] & free_rows[i])
            p += _chunk_penalty(r, w) + _chunk_penalty(cols[i] ^ (down[a % 6 * k + j] & free_cols[i]), w)
            dark += _ones(r & _AT)
            if a:
                same = ~(r ^ rows[i - k] ^ (across[(a - 1) % 12 * k + j] & free_rows[i - k])) & w
                p += 3 * _ones(same & same >> 1 & ~(r ^ r >> 1) & _AT)
        if a % _SCORED == _SCORED - 1:
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
