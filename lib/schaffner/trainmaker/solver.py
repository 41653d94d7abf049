"""Exact odds for the train being built, assuming best play from here on.

The chance that the train ends with a Caboose while carrying the needs of
at least one target card, when every later choice (which dice to place,
Switch Track) is made to maximise that chance.  Only this train counts: a
Double Locomotive Bonus and the token's worth on later turns are not
valued.

Dynamic programming over (stock placed, dice left, token held):
- stock is capped per type at the most any target needs (more of a type
  cannot help), packed as p | b << 3 | f << 6;
- a roll of n dice is summarised by what matters for the choice: how many
  of each useful type showed (capped at what is still needed), a Caboose
  or not, and - only when nothing useful showed - a surplus car that can
  be placed to avoid a derail.  Weights are exact counts out of 6**n.
Dominated choices are skipped (placing more dice than needed only leaves
fewer dice; a second Locomotive only costs a die); tests/host compares
every value with a brute-force search over all legal moves.

MicroPython makes a heap object for every float result, so values are
passed around as the float objects already made and weights are summed as
integers for each run of the same value; only those sums become floats.
"""

from .cards import counts
from .dice import FACES

_FACT = (1, 1, 2, 6, 24, 120, 720, 5040)
_WEIGHTS = {}  # type: dict


def _weights(n, q):
    """Roll weights for n dice when q car types are still useful.

    A die shows one of the q useful types (one side each), a Caboose (one
    side) or something else: a Locomotive (two sides) or one of the 3 - q
    surplus car types.  Returns (counts, no_cab, cab, zero): for every
    count vector k1 | k2 << 3 | k3 << 6 of useful cars (not all zero), the
    number of the 6**n side sequences showing it without and with a
    Caboose; zero holds the same for no useful car, split by whether a
    surplus car showed: (no_cab, cab, no_cab_surplus, cab_surplus).
    """
    key = n * 4 + q
    t = _WEIGHTS.get(key)
    if t is None:
        other = 5 - q  # sides that are neither a useful car nor the Caboose
        ks = []
        w0 = []
        w1 = []
        for a in range(n + 1):
            for b in range(n - a + 1 if q > 1 else 1):
                for c in range(n - a - b + 1 if q > 2 else 1):
                    if a + b + c == 0:
                        continue
                    m = n - a - b - c
                    ways = _FACT[n] // (_FACT[a] * _FACT[b] * _FACT[c] * _FACT[m])
                    ks.append(a | b << 3 | c << 6)
                    w0.append(ways * other ** m)
                    w1.append(ways * ((other + 1) ** m - other ** m))
        loco = (2 ** n, 3 ** n - 2 ** n)
        zero = (loco[0], loco[1], other ** n - loco[0], (other + 1) ** n - other ** n - loco[1])
        t = (tuple(ks), tuple(w0), tuple(w1), zero)
        _WEIGHTS[key] = t
    return t


def _caboose_chances():
    """Chance to roll a Caboose in time once the cars are all there (no token),
    by dice left (index 0 unused).

    Each roll: a Caboose ends it (1 - (5/6)**n); else, if a car showed and
    another die is left, place one car and go on with n - 1 dice.
    """
    out = [0.0, 1 / 6]
    for m in range(2, 8):
        q = (5 / 6) ** m
        out.append(1 - q + (q - (1 / 3) ** m) * out[-1])
    return tuple(out)


_CABOOSE = _caboose_chances()


def derail_chance(n):
    """Chance that re-rolling n dice forces a derail (before any Switch Track).

    n >= 2: only when every die shows a Locomotive, (1/3)**n.  n == 1: also
    when it shows rolling stock, which must be placed as the last die.
    """
    if n == 1:
        return 5 / 6
    return (1 / 3) ** n


class Solver:
    """Best-play chances towards a set of target needs, memoised per state."""

    def __init__(self, needs_list, scratch=None):
        """needs_list: the target cards' needs, e.g. ["PB", "BBF"].
        scratch: another solver's scratch lists to reuse (one at a time)."""
        targets = [counts(nd) for nd in needs_list]
        cp = cb = cf = 0
        for p, b, f in targets:
            cp = max(cp, p)
            cb = max(cb, b)
            cf = max(cf, f)
        self._cap = (cp, cb, cf)
        # cov[s]: stock s carries a target; gap[s]: fewest cars still missing
        top = cp | cb << 3 | cf << 6
        cov = bytearray(top + 1)
        gap = bytearray(top + 1)
        for p in range(cp + 1):
            for b in range(cb + 1):
                for f in range(cf + 1):
                    g = 9
                    for np_, nb, nf in targets:
                        g = min(g, max(np_ - p, 0) + max(nb - b, 0) + max(nf - f, 0))
                    s = p | b << 3 | f << 6
                    gap[s] = g
                    cov[s] = 1 if g == 0 else 0
        self._cov = cov
        self._gap = gap
        self._memo = {}  # type: dict
        # Scratch lists per number of dice: a state only ever waits on
        # states with fewer dice, so one set per count is enough.
        self._size = (cp + 1) * (cb + 1) * (cf + 1)
        self.scratch = [None] * 8 if scratch is None else scratch  # type: list

    def pack(self, stock):
        """Packed capped state for stock (p, b, f)."""
        cp, cb, cf = self._cap
        return min(stock[0], cp) | min(stock[1], cb) << 3 | min(stock[2], cf) << 6

    def covers(self, stock):
        return self._cov[self.pack(stock)] == 1

    # ----- a started train, about to re-roll its n unplaced dice -----
    # A roll is summarised by u, the useful cars that showed (each type
    # capped at what is still needed), and whether a Caboose showed; u
    # is indexed ix = up * sp + ub * sb + uf within the box u <= need.

    def value(self, s, n, t):
        """Chance from packed stock s with n >= 1 dice to re-roll; t = token held."""
        if self._gap[s] >= n:  # too few dice for the missing cars and a Caboose
            return 0.0
        if self._cov[s]:
            return 1.0 if t else _CABOOSE[n]
        key = s | n << 9 | t << 12
        v = self._memo.get(key)
        if v is None:
            v = self._state(key)
        return v

    def _scratch(self, n):
        """[dims, acc, box t=0, box t=1] reused by everything working on n dice."""
        b = self.scratch[n]
        if b is None or len(b[2]) < self._size:
            size = self._size
            b = [[0] * 7, [0] * (2 * size + 2), [0.0] * size, [0.0] * size]
            self.scratch[n] = b
        return b

    def _dims(self, s, dims):
        """Fill dims with need P, B, F, stride P, B, F and the box size for stock s."""
        cp, cb, cf = self._cap
        rp = cp - (s & 7)
        rb = cb - (s >> 3 & 7)
        rf = cf - (s >> 6)
        sb = rf + 1
        sp = (rb + 1) * sb
        dims[0] = rp
        dims[1] = rb
        dims[2] = rf
        dims[3] = sp
        dims[4] = sb
        dims[5] = 1
        dims[6] = (rp + 1) * sp
        return dims

    def _box(self, s, n, t, dims, box):
        """Fill box with the best placement without the Caboose for every u.

        box[ix(u)] = max over non-empty d <= u leaving a die of
        V(s + d, n - |d|, t), built up the lattice as
        max(V(s + u, n - |u|, t), box[u less one car]) - one lookup per u.
        """
        rp, rb, rf, sp, sb, _, size = dims
        memo = self._memo
        gap = self._gap
        cov = self._cov
        base = s | n << 9 | t << 12
        ix = 0
        for up in range(rp + 1):
            for ub in range(rb + 1):
                for uf in range(rf + 1):
                    k = up + ub + uf
                    best = 0.0
                    if 0 < k < n:
                        a = s + up + (ub << 3) + (uf << 6)
                        if gap[a] >= n - k:
                            pass
                        elif cov[a]:
                            best = 1.0 if t else _CABOOSE[n - k]
                        else:
                            y = base + up + (ub << 3) + (uf << 6) - (k << 9)
                            v = memo.get(y)
                            best = self._state(y) if v is None else v
                    if up and box[ix - sp] > best:
                        best = box[ix - sp]
                    if ub and box[ix - sb] > best:
                        best = box[ix - sb]
                    if uf and box[ix - 1] > best:
                        best = box[ix - 1]
                    box[ix] = best
                    ix += 1
        return box

    def _state(self, key):
        """Work out and remember the value of state key s | n << 9 | t << 12
        (neither covered already nor short of dice: value() sorts those out)."""
        s = key & 511
        n = key >> 9 & 7
        memo = self._memo
        dims, acc, box0, box1 = self._scratch(n)
        rp, rb, rf, sp, sb, _, size = self._dims(s, dims)
        # need and stride of the car types still short, in order
        r1 = s1 = r2 = s2 = r3 = s3 = q = 0
        for j in range(3):
            if dims[j]:
                q += 1
                if q == 1:
                    r1 = dims[j]
                    s1 = dims[3 + j]
                elif q == 2:
                    r2 = dims[j]
                    s2 = dims[3 + j]
                else:
                    r3 = dims[j]
                    s3 = dims[3 + j]
        # acc[2 * ix + caboose]: weight of each summary; the last two slots
        # are rolls where only surplus cars (placeable, useless) showed.
        for i in range(2 * size + 2):
            acc[i] = 0
        ks, w0, w1, zero = _weights(n, q)
        for i in range(len(ks)):
            k = ks[i]
            a = k & 7
            b = k >> 3 & 7
            c = k >> 6
            ix = (a if a < r1 else r1) * s1 + (b if b < r2 else r2) * s2 + (c if c < r3 else r3) * s3
            acc[2 * ix] += w0[i]
            acc[2 * ix + 1] += w1[i]
        acc[0] += zero[0]
        acc[1] += zero[1]
        acc[2 * size] += zero[2]
        acc[2 * size + 1] += zero[3]
        self._box(s, n, 0, dims, box0)
        if key >> 12:
            # the value without the token comes almost for free here
            if memo.get(key & 0xFFF) is None:
                memo[key & 0xFFF] = self._expect(s, n, acc, box0, None, dims)
            v = self._expect(s, n, acc, box0, self._box(s, n, 1, dims, box1), dims)
        else:
            v = self._expect(s, n, acc, box0, None, dims)
        memo[key] = v
        return v

    def _expect(self, s, n, acc, box0, box1, dims):
        """Average best value over the roll summaries; box1 given: token held."""
        rp, rb, rf, sp, sb, _, size = dims
        cov = self._cov
        sure = 0  # weight of rolls that finish the train
        total = 0.0
        pv = 0.0  # a run of the same value and its weight
        pw = 0
        ix = 0
        for up in range(rp + 1):
            for ub in range(rb + 1):
                for uf in range(rf + 1):
                    u = up + (ub << 3) + (uf << 6)
                    for c in (0, 1):
                        w = acc[2 * ix + c]
                        if not w:
                            continue
                        if c and cov[s + u]:
                            sure += w
                            continue
                        if box1 is None:
                            v = box0[ix]
                        else:
                            v = self._switch(s, n, u, ix, c, box1[ix], box0, dims)
                        if v >= 1.0:
                            sure += w
                        elif v is pv:
                            pw += w
                        elif v:
                            if pw:
                                total += pw * pv
                            pv = v
                            pw = w
                    ix += 1
        for c in (0, 1):  # only surplus cars showed: place one of them
            w = acc[2 * size + c]
            if w:
                v = self.value(s, n - 1, 0 if box1 is None else 1) if n > 1 else 0.0
                if box1 is not None and v < 1.0:
                    v = self._switch(s, n, 0, 0, c, v, box0, dims)
                if v >= 1.0:
                    sure += w
                elif v:
                    total += w * v
        if pw:
            total += pw * pv
        return (total + sure if sure else total) / 6 ** n

    def _switch(self, s, n, u, ix, c, best, box0, dims):
        """Best of keeping the token (value best) or switching one die.

        A free die (Locomotive, surplus car, second Caboose) is the one to
        switch when there is one; switching a useful car or the Caboose is
        tried too, which covers the rolls without a free die.
        """
        cov = self._cov
        a = s + u
        free = n - (u & 7) - (u >> 3 & 7) - (u >> 6) - c
        if not c:
            if free and cov[a]:
                return 1.0
            for sh in (0, 3, 6):
                if u >> sh & 7 and cov[a - (1 << sh)]:
                    return 1.0
        for j in range(3):
            sj = 3 * j
            if (u >> sj & 7) >= dims[j]:
                continue
            aj = a + (1 << sj)
            ixj = ix + dims[3 + j]
            if free:
                v = 1.0 if c and cov[aj] else box0[ixj]
                if v > best:
                    best = v
            for i in range(3):
                if i != j and u >> 3 * i & 7:
                    v = 1.0 if c and cov[aj - (1 << 3 * i)] else box0[ixj - dims[3 + i]]
                    if v > best:
                        best = v
            if c and box0[ixj] > best:
                best = box0[ixj]
        return best

    # ----- a new train: the first roll of n dice -----

    def fresh(self, n, t):
        """Chance for a train not yet begun, rolling n dice; t = token held."""
        key = -(n * 2 + t + 1)
        v = self._memo.get(key)
        if v is not None:
            return v
        m = n - 1  # dice left after the one Locomotive worth placing
        dims, acc, box0, box = self._scratch(m)
        self._dims(0, dims)
        self._box(0, m, t, dims, box)
        fill = self.value(0, m - 1, t) if m > 1 else 0.0
        if t:
            self._box(0, m, 0, dims, box0)
        fill0 = self.value(0, m - 1, 0) if m > 1 else 0.0
        cp, cb, cf = self._cap
        sb = cf + 1
        sp = (cb + 1) * sb
        size = dims[6]
        cov = self._cov
        # weight per outcome value, by code: 1 finished, 2 fill, 3 fill0,
        # 4 + ix box[ix], 4 + size + ix box0[ix]; rare others go to extra
        wt = [0] * (4 + 2 * size)
        extra = 0.0
        for kl in range(n + 1):
            for kp in range(n - kl + 1):
                up = kp if kp < cp else cp
                for kb in range(n - kl - kp + 1):
                    ub = kb if kb < cb else cb
                    for kf in range(n - kl - kp - kb + 1):
                        kc = n - kl - kp - kb - kf
                        uf = kf if kf < cf else cf
                        u = up | ub << 3 | uf << 6
                        ix = up * sp + ub * sb + uf
                        cars = kp + kb + kf
                        code = 0
                        v = 0.0
                        if kl and cars:
                            if kc and cov[u]:
                                code = 1
                            elif u:
                                code = 4 + ix
                                v = box[ix]
                            else:
                                code = 2
                                v = fill
                        if t and code != 1:
                            if kl and (kl > 1 or kc > 1 or cars > up + ub + uf):
                                # a spare die (Locomotive, Caboose or car) to
                                # switch: into the Caboose or a car still short
                                if (not kc and cov[u]) or (kc and (
                                        (up < cp and cov[u + 1]) or (ub < cb and cov[u + 8])
                                        or (uf < cf and cov[u + 64]))):
                                    code = 1
                                else:
                                    base = 4 + size + ix
                                    if up < cp and box0[ix + sp] > v:
                                        v = box0[ix + sp]
                                        code = base + sp
                                    if ub < cb and box0[ix + sb] > v:
                                        v = box0[ix + sb]
                                        code = base + sb
                                    if uf < cf and box0[ix + 1] > v:
                                        code = base + 1
                            elif not kl and cars and (kc > 1 or cars > up + ub + uf + (0 if u else 1)):
                                # no Locomotive: a spare Caboose or car becomes one
                                if kc and cov[u]:
                                    code = 1
                                else:
                                    code = 4 + size + ix if u else 3
                            else:
                                x = self._first_switch([kl, kp, kb, kf, kc], v, box0, fill0)
                                if x >= 1.0:
                                    code = 1
                                elif x > v:
                                    code = 0
                                    extra += x * (_FACT[n] // (_FACT[kl] * _FACT[kp] * _FACT[kb]
                                                               * _FACT[kf] * _FACT[kc]) << kl)
                        if code:
                            wt[code] += _FACT[n] // (_FACT[kl] * _FACT[kp] * _FACT[kb] * _FACT[kf] * _FACT[kc]) << kl
        total = extra
        pv = 0.0  # a run of the same value and its weight
        pw = 0
        for code in range(2, 4 + 2 * size):
            w = wt[code]
            if not w:
                continue
            if code < 4:
                v = fill if code == 2 else fill0
            elif code < 4 + size:
                v = box[code - 4]
            else:
                v = box0[code - 4 - size]
            if v is pv:
                pw += w
            elif v:
                if pw:
                    total += pw * pv
                pv = v
                pw = w
        if pw:
            total += pw * pv
        v = (total + wt[1] if wt[1] else total) / 6 ** n
        self._memo[key] = v
        return v

    def _first(self, kl, kp, kb, kf, kc, box, fill):
        """Best first placement: one Locomotive, useful cars, maybe the Caboose."""
        if not kl or not (kp or kb or kf):
            return 0.0
        cp, cb, cf = self._cap
        up = kp if kp < cp else cp
        ub = kb if kb < cb else cb
        uf = kf if kf < cf else cf
        if kc and self._cov[up | ub << 3 | uf << 6]:
            return 1.0
        if not (up or ub or uf):
            return fill
        return box[(up * (cb + 1) + ub) * (cf + 1) + uf]

    def _first_switch(self, ks, best, box0, fill0):
        """Switch Track on the first roll: one die to a face that can help.

        Only a missing Locomotive, a missing Caboose or a car still short
        of the cap can help; any die may be the one switched.
        """
        cap = self._cap
        for b in range(5):
            if b == 0 or b == 4:
                if ks[b]:
                    continue
            elif ks[b] >= cap[b - 1]:
                continue
            ks[b] += 1
            for a in range(5):
                if a != b and ks[a]:
                    ks[a] -= 1
                    v = self._first(ks[0], ks[1], ks[2], ks[3], ks[4], box0, fill0)
                    ks[a] += 1
                    if v > best:
                        best = v
            ks[b] -= 1
            if best >= 1.0:
                break
        return best

    # ----- right after a roll: every way to place the dice -----

    def after_roll(self, faces, stock, started, t):
        """Chance after the best placement of a roll (faces: unplaced dice).

        stock: (p, b, f) on the train; started: the train has its
        Locomotive; t: the token is in hand (may be used on this roll).
        """
        kl, kp, kb, kf, kc = [faces.count(x) for x in FACES]
        n = len(faces)
        if not started:
            dims, acc, box0, box = self._scratch(n - 1)
            self._dims(0, dims)
            v = self._first(kl, kp, kb, kf, kc, self._box(0, n - 1, t, dims, box),
                            self.value(0, n - 2, t) if n > 2 else 0.0)
            if t and v < 1.0:
                v = self._first_switch([kl, kp, kb, kf, kc], v, self._box(0, n - 1, 0, dims, box0),
                                       self.value(0, n - 2, 0) if n > 2 else 0.0)
            return v
        s = self.pack(stock)
        dims, acc, box0, box = self._scratch(n)
        rp, rb, rf, sp, sb, _, size = self._dims(s, dims)
        up = min(kp, rp)
        ub = min(kb, rb)
        uf = min(kf, rf)
        u = up | ub << 3 | uf << 6
        c = 1 if kc else 0
        if c and self._cov[s + u]:
            return 1.0
        ix = up * sp + ub * sb + uf
        if u:
            v = self._box(s, n, t, dims, box)[ix]
        else:
            v = self.value(s, n - 1, t) if n > 1 and (kp or kb or kf) else 0.0
        if t and v < 1.0:
            v = self._switch(s, n, u, ix, c, v, self._box(s, n, 0, dims, box0), dims)
        return v

    def _scan(self, ks, stock, started, t, out):
        """Try every legal placement of a roll with face counts ks = [L, P,
        B, F, C]; append each to out (a list, or None) as (chance, placed
        faces, None); return the best as (chance, packed counts), or None."""
        kl, kp, kb, kf, kc = ks
        n = kl + kp + kb + kf + kc
        cp, cb, cf = self._cap
        cov = self._cov
        bv = -1.0
        bl = bc = bd = -1
        best = 0
        lo = 0 if started else 1
        for lp in range(lo, (0 if started else kl) + 1):
            for dp in range(kp + 1):
                p = min(stock[0] + dp, cp)
                for db in range(kb + 1):
                    b = min(stock[1] + db, cb) << 3
                    for df in range(kf + 1):
                        k = dp + db + df
                        if k == 0 and not started:
                            continue
                        st = p | b | min(stock[2] + df, cf) << 6
                        for dc in range(2 if kc else 1):
                            if dc:
                                v = 1.0 if cov[st] else 0.0
                            elif not k:
                                continue
                            else:
                                m = n - lp - k
                                v = self.value(st, m, t) if m else 0.0
                            if out is not None:
                                out.append((v, _spell(lp, dp, db, df, dc), None))
                            if _better(v, lp, dc, lp + k + dc, bv, bl, bc, bd):
                                bv = v
                                bl = lp
                                bc = dc
                                bd = lp + k + dc
                                best = lp | dp << 3 | db << 6 | df << 9 | dc << 12
        return None if bl < 0 else (bv, best)

    def choices(self, faces, stock, started, t):
        """[(chance, placed faces, switch)] sorted best first.

        faces: the unplaced dice's letters; stock: (p, b, f) on the train;
        started: the train has its Locomotive; t: the token is in hand.
        switch is None, or (from_face, to_face) for Switch Track before
        placing; with a switch only its best placement is listed.  Equal
        chances prefer keeping the token, then more Locomotives (a Double
        Locomotive Bonus), then the Caboose now, then a longer train when it
        can earn a bonus (more dice for the next train), else a shorter one.
        """
        ks = [faces.count(x) for x in FACES]
        out = []  # type: list
        self._scan(ks, stock, started, t, out)
        if t:
            for a in range(5):
                if not ks[a]:
                    continue
                for b in range(5):
                    # a second Locomotive or Caboose never helps more than a car
                    if b == a or ((b == 0 or b == 4) and ks[b]) or (b == 0 and started):
                        continue
                    ks[a] -= 1
                    ks[b] += 1
                    top = self._scan(ks, stock, started, 0, None)
                    ks[a] += 1
                    ks[b] -= 1
                    if top is not None:
                        c = top[1]
                        out.append((top[0], _spell(c & 7, c >> 3 & 7, c >> 6 & 7, c >> 9 & 7, c >> 12),
                                    (FACES[a], FACES[b])))
        # MicroPython's sort calls a key function on every comparison, so
        # the keys are made once here and sorted as plain tuples: (chance,
        # the other preferences inverted and the index packed in one int),
        # highest first - two items and no new float keep each key small
        keys = []
        for i in range(len(out)):
            c = out[i]
            locos = c[1].count("L")
            dice = len(c[1])
            pref = ((c[2] is not None) << 8 | (7 - locos) << 4 | (1 - c[1].count("C")) << 3
                    | (7 - dice if locos > 1 else dice))
            keys.append((c[0], (511 - pref) << 12 | 4095 - i))
        keys.sort(reverse=True)
        return [out[4095 - (k[1] & 4095)] for k in keys]


def _better(v, locos, cab, dice, bv, bl, bc, bd):
    """Whether a placement beats the best so far (see Solver.choices)."""
    if v != bv:
        return v > bv
    if locos != bl:
        return locos > bl
    if cab != bc:
        return cab > bc
    return dice > bd if locos > 1 else dice < bd


def _spell(lp, dp, db, df, dc):
    """Counts of placed L, P, B, F, C -> the placed faces, e.g. 'LPPC'."""
    out = bytearray(lp + dp + db + df + dc)
    i = _fill(out, 0, 76, lp)  # L
    i = _fill(out, i, 80, dp)  # P
    i = _fill(out, i, 66, db)  # B
    i = _fill(out, i, 70, df)  # F
    _fill(out, i, 67, dc)  # C
    return out.decode()


def _fill(out, i, letter, k):
    for _ in range(k):
        out[i] = letter
        i += 1
    return i


def train_odds(needs_list, stock=None, dice=7, switch=False):
    """Chance for the best play to end this train covering one of the needs.

    stock None: the train is not begun and `dice` will be rolled; else
    stock (p, b, f) is on the train and `dice` dice are left to re-roll.
    """
    sv = Solver(needs_list)
    t = 1 if switch else 0
    if stock is None:
        return sv.fresh(dice, t)
    return sv.value(sv.pack(stock), dice, t)


def _situation(game):
    """(kind, ...) describing the train in front of the current player."""
    ph = game.phase()
    if ph in ("roll", "bonus"):
        return ("fresh", game.dice_count())
    if ph == "after_place":
        return ("reroll", len(game.unplaced()))
    if ph == "place":
        faces = "".join(game.faces()[i] for i in game.unplaced())
        return ("placing", faces)
    if ph == "score":
        return ("done",)
    raise ValueError("no train is being built")


def _chance(sv, sit, game, t):
    if sit[0] == "fresh":
        return sv.fresh(sit[1], t)
    stock = game.stock()
    if sit[0] == "reroll":
        return sv.value(sv.pack(stock), sit[1], t)
    if sit[0] == "done":
        return 1.0 if sv.covers(stock) else 0.0
    return sv.after_roll(sit[1], stock, bool(game.train()), t)


def odds(game):
    """(chance for any face-up card, (chance for each card alone), derail).

    derail is the chance that the next re-roll forces a derail (Switch
    Track aside), or None when no re-roll is next.
    """
    sit = _situation(game)
    t = 1 if game.has_switch() else 0
    needs = [c[0] for c in game.faceup()]
    sv = Solver(needs)
    anyc = _chance(sv, sit, game, t) if needs else 0.0
    per = []
    for nd in needs:
        if len(needs) == 1:
            per.append(anyc)
        else:
            per.append(_chance(Solver([nd], sv.scratch), sit, game, t))
    derail = derail_chance(sit[1]) if sit[0] == "reroll" else None
    return anyc, tuple(per), derail


def choices(game):
    """Every way to place the dice just rolled, with its chance for any card.

    [(chance, placed faces, switch)] best first; apply a choice with
    ("switch", die, to_face) for switch (from_face, to_face) on a die
    game.pick(from_face), then ("place", game.pick(placed faces)).
    """
    sit = _situation(game)
    if sit[0] != "placing":
        raise ValueError("roll the dice first")
    sv = Solver([c[0] for c in game.faceup()])
    t = 1 if game.has_switch() else 0
    return sv.choices(sit[1], game.stock(), bool(game.train()), t)
