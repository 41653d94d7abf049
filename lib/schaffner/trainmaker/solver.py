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
fewer dice; a second Locomotive only costs a die);
tests/core/test_trainmaker_exact.py compares every value with a
brute-force search over all legal moves.

MicroPython makes a heap object for every float result, so values are
passed around as the float objects already made and weights are summed as
integers for each run of the same value; only those sums become floats.
"""

from .cards import counts
from .dice import FACES

_FACT = (1, 1, 2, 6, 24, 120, 720, 5040)


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
    return ks, w0, w1, zero


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


def _expectation(wt, extra, box, box0, fill, fill0):
    """The sum of weight times value over the outcomes of a first roll
    (Solver.fresh_steps: wt by the code of their value, extra for the rare
    others): runs of the same value object summed as integers first, the
    weight of sure wins (code 1) added last."""
    size = len(box)
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
    return total + wt[1] if wt[1] else total


def finish(steps):
    """Run a generator of work (a *_steps method's) to its end; its result."""
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        return stop.value


class Solver:
    """Best-play chances towards a set of target needs, remembered per state.

    The work comes in steps: each *_steps method is a generator that yields
    the work done in each step (a unit is about one roll summary gone
    through; no step is over 40 units) and returns the answer, so a caller
    can spread it over short slices; the plain methods run the steps to
    the end.
    States are worked out fewest dice first, so each one finds the states
    it can lead to remembered already; a solver kept for the same cards
    answers later questions from what it remembers.
    """

    def __init__(self, needs_list):
        """needs_list: the target cards' needs, e.g. ["PB", "BBF"]."""
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
        self._ready = set()  # type: set  # regions _prepare has worked out
        self._size = (cp + 1) * (cb + 1) * (cf + 1)

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
        """Chance from packed stock s with n dice to re-roll; t = token held."""
        return finish(self.value_steps(s, n, t))

    def value_steps(self, s, n, t):
        yield from self._prepare(s, n, n, t)
        return self._value(s, n, t)

    def _value(self, s, n, t):
        """value() once the states it needs are worked out."""
        if self._gap[s] >= n:  # too few dice for the missing cars and a Caboose
            return 0.0
        if self._cov[s]:
            return 1.0 if t else _CABOOSE[n]
        return self._memo[s | n << 9 | t << 12]

    def _prepare(self, s0, reach, top, t):
        """Work out every state not yet remembered with stock s >= s0, n <= top
        dice and |s - s0| + n <= reach, fewest dice first, so each finds the
        states it leads to remembered already: V(s, n, 0) and, with t,
        V(s, n, 1).  Yields about every row of roll summaries (one count of
        Passenger Cars), the work done since the last yield."""
        region = s0 | reach << 9 | top << 12 | t << 15
        if region in self._ready:
            return
        todo = self._todo(s0, reach, top, t)
        size = self._size if todo else 0
        # w0[ix], w1[ix]: how many of the 6**n rolls show summary ix without,
        # with a Caboose (zero everywhere else: each state cleans up after
        # itself); box0[ix], box1[ix]: the best placement of summary ix
        # without, with the token kept.  Only summaries of at most n cars
        # can show, so only they are gone through.
        # (a tuple of the four, handed to the passes: a solver's _prepare may
        # be paused while another of the same solver runs)
        rows = ([0] * size, [0] * size, [0.0] * size, [0.0] * size)
        tables = {}  # type: dict  # _weights(n, q) by n * 4 + q
        memo = self._memo
        cp, cb, cf = self._cap
        # a pass's sums of weight times value: weights of sure wins as integers,
        # and runs of the same value object summed as integers before one
        # multiplication (MicroPython allocates each float): [sure, total, the
        # run's value, its weight]
        acc = [0, 0.0, 0.0, 0]
        for key in todo:
            s = key & 511
            n = key >> 9
            rp = cp - (s & 7)
            rb = cb - (s >> 3 & 7)
            rf = cf - (s >> 6)
            ks, _, _, zero = self._count(s, n, rp, rb, rf, tables, rows)
            work = 8 + len(ks) // 2
            # the two passes, a row (one count of Passenger Cars) a call, with a
            # yield between rows; their sums go from row to row in acc
            acc[0] = acc[3] = 0
            acc[1] = acc[2] = 0.0
            for up in range(min(rp, n) + 1):
                if work:
                    yield work
                    work = 0
                work += self._keep_row(s, n, t, up, rp, rb, rf, rows, acc)
            sure, total, pv, pw = acc
            acc[0] = acc[3] = 0
            acc[1] = acc[2] = 0.0
            if t:
                for up in range(min(rp, n) + 1):
                    yield work
                    work = self._switch_row(s, n, up, rp, rb, rf, rows, acc)
            sure1, total1, pv1, pw1 = acc
            if zero[2] or zero[3]:
                total, total1, sure1 = self._surplus(s, n, t, rows[2], zero[2], zero[3], total, total1, sure1)
            # the last runs close after the surplus rows: the order these sums
            # have always been made in, so every value is the same float
            if pw:
                total += pw * pv
            if pw1:
                total1 += pw1 * pv1
            whole = 6 ** n
            memo[s | n << 9] = (total + sure if sure else total) / whole
            if t:
                memo[s | n << 9 | 4096] = (total1 + sure1 if sure1 else total1) / whole
            yield work
        self._ready.add(region)
        self._ready.add(region & 0x7FFF)  # with the token, the values without it are there too

    def _count(self, s, n, rp, rb, rf, tables, rows):
        """The rolls of n dice from stock s counted into w0, w1 by summary (the
        useful cars that showed, each type capped at what is still short: rp
        Passenger Cars, rb Boxcars, rf Freight Cars); returns their weights,
        _weights(n, q), whose zero holds the rolls with no useful car:
        (no_cab, cab, no_cab_surplus, cab_surplus)."""
        sb = rf + 1
        sp = (rb + 1) * sb
        # need and stride of the car types still short, in order
        r1 = s1 = r2 = s2 = r3 = s3 = q = 0
        if rp:
            r1 = rp
            s1 = sp
            q = 1
        if rb:
            if q:
                r2 = rb
                s2 = sb
            else:
                r1 = rb
                s1 = sb
            q += 1
        if rf:
            if q == 2:
                r3 = rf
                s3 = 1
            elif q:
                r2 = rf
                s2 = 1
            else:
                r1 = rf
                s1 = 1
            q += 1
        wts = tables.get(n * 4 + q)
        if wts is None:
            wts = tables[n * 4 + q] = _weights(n, q)
        ks, k0, k1, zero = wts
        w0, w1, _, _ = rows
        for i in range(len(ks)):
            k = ks[i]
            ka = k & 7
            kb = k >> 3 & 7
            kc = k >> 6
            ix = ((ka if ka < r1 else r1) * s1 + (kb if kb < r2 else r2) * s2
                  + (kc if kc < r3 else r3) * s3)
            w0[ix] += k0[i]
            w1[ix] += k1[i]
        w0[0] += zero[0]
        w1[0] += zero[1]
        return wts

    def _keep_row(self, s, n, t, up, rp, rb, rf, rows, acc):
        """The first pass over the summaries of state (s, n), up the lattice, for
        the row of up Passenger Cars: box0[ix] (box1[ix]) = the best placement
        of summary ix without (with) the token kept, as _box() works it out;
        and the expectation without the token as soon as box0[ix] is known,
        added to the sums in acc.  Returns the work done.  A plain method
        called per row, not a generator per state: its frame is freed when it
        returns, where a generator would be garbage (a few hundred bytes)."""
        sb = rf + 1
        sp = (rb + 1) * sb
        cov = self._cov
        gap = self._gap
        memo = self._memo
        cab = _CABOOSE
        w0, w1, box0, box1 = rows
        sure, total, pv, pw = acc
        work = 0
        for ub in range(min(rb, n - up) + 1):
            ix = up * sp + ub * sb
            m = min(rf, n - up - ub) + 1
            work += m * (1 + t)
            for uf in range(m):
                k = up + ub + uf
                a = s + up + (ub << 3) + (uf << 6)
                v = v1 = 0.0
                if 0 < k < n and gap[a] < n - k:
                    if cov[a]:
                        v = cab[n - k]
                        v1 = 1.0
                    else:
                        y = a | (n - k) << 9
                        v = memo[y]
                        if t:
                            v1 = memo[y | 4096]
                if up:
                    if box0[ix - sp] > v:
                        v = box0[ix - sp]
                    if t and box1[ix - sp] > v1:
                        v1 = box1[ix - sp]
                if ub:
                    if box0[ix - sb] > v:
                        v = box0[ix - sb]
                    if t and box1[ix - sb] > v1:
                        v1 = box1[ix - sb]
                if uf:
                    if box0[ix - 1] > v:
                        v = box0[ix - 1]
                    if t and box1[ix - 1] > v1:
                        v1 = box1[ix - 1]
                box0[ix] = v
                box1[ix] = v1
                w = w0[ix]
                if cov[a]:
                    sure += w1[ix]
                else:
                    w += w1[ix]
                if not t:
                    w0[ix] = w1[ix] = 0  # clean for the next state
                if not w or not v:
                    pass
                elif v is pv:
                    pw += w
                else:
                    if pw:
                        total += pw * pv
                    pv = v
                    pw = w
                ix += 1
        acc[0] = sure
        acc[1] = total
        acc[2] = pv
        acc[3] = pw
        return work

    def _switch_row(self, s, n, up, rp, rb, rf, rows, acc):
        """The second pass over the summaries of state (s, n), with the token, for
        the row of up Passenger Cars: keep it (box1), or switch one die first;
        the expectation added to the sums in acc.  Returns the work done."""
        sb = rf + 1
        sp = (rb + 1) * sb
        cov = self._cov
        w0, w1, box0, box1 = rows
        sure1, total1, pv1, pw1 = acc
        work = 0
        for ub in range(min(rb, n - up) + 1):
            ix = up * sp + ub * sb
            m = min(rf, n - up - ub) + 1
            work += m
            for uf in range(m):
                a = s + up + (ub << 3) + (uf << 6)
                k = up + ub + uf
                x0 = w0[ix]
                x1 = w1[ix]
                keep = box1[ix]
                covered = cov[a]
                w0[ix] = w1[ix] = 0  # clean for the next state
                one = swap = 0.0
                if keep < 1.0:
                    # one: a die switched to a car still short (when not every
                    # die is a useful car); swap: a useful car switched to
                    # another type still short
                    if up < rp:
                        j = ix + sp
                        if k < n:
                            one = box0[j]
                        if ub and box0[j - sb] > swap:
                            swap = box0[j - sb]
                        if uf and box0[j - 1] > swap:
                            swap = box0[j - 1]
                    if ub < rb:
                        j = ix + sb
                        if k < n and box0[j] > one:
                            one = box0[j]
                        if up and box0[j - sp] > swap:
                            swap = box0[j - sp]
                        if uf and box0[j - 1] > swap:
                            swap = box0[j - 1]
                    if uf < rf:
                        j = ix + 1
                        if k < n and box0[j] > one:
                            one = box0[j]
                        if up and box0[j - sp] > swap:
                            swap = box0[j - sp]
                        if ub and box0[j - sb] > swap:
                            swap = box0[j - sb]
                if x0:
                    # no Caboose: a free die (Locomotive, surplus car) or a
                    # useful car becomes the Caboose when the rest covers
                    v = keep
                    if v < 1.0:
                        free = n - k
                        if ((free and covered) or (up and cov[a - 1]) or (ub and cov[a - 8])
                                or (uf and cov[a - 64])):
                            v = 1.0
                        else:
                            if free and one > v:
                                v = one
                            if swap > v:
                                v = swap
                    if v >= 1.0:
                        sure1 += x0
                    elif v is pv1:
                        pw1 += x0
                    elif v:
                        if pw1:
                            total1 += pw1 * pv1
                        pv1 = v
                        pw1 = x0
                if x1:
                    # a Caboose: done if a free die, or a useful car, becomes
                    # a car that makes the train cover; the Caboose itself
                    # may become a car too
                    v = keep
                    if covered:
                        v = 1.0
                    elif v < 1.0:
                        if (((n - k > 1) and ((up < rp and cov[a + 1]) or (ub < rb and cov[a + 8])
                                              or (uf < rf and cov[a + 64])))
                                or (up and ((ub < rb and cov[a + 7]) or (uf < rf and cov[a + 63])))
                                or (ub and ((up < rp and cov[a - 7]) or (uf < rf and cov[a + 56])))
                                or (uf and ((up < rp and cov[a - 63]) or (ub < rb and cov[a - 56])))):
                            v = 1.0
                        else:
                            if one > v:
                                v = one
                            if swap > v:
                                v = swap
                    if v >= 1.0:
                        sure1 += x1
                    elif v is pv1:
                        pw1 += x1
                    elif v:
                        if pw1:
                            total1 += pw1 * pv1
                        pv1 = v
                        pw1 = x1
                ix += 1
        acc[0] = sure1
        acc[1] = total1
        acc[2] = pv1
        acc[3] = pw1
        return work

    def _surplus(self, s, n, t, box0, spare0, spare1, total, total1, sure1):
        """The rolls of state (s, n) with no useful car but a surplus one
        (spare0 without a Caboose, spare1 with): place it and go on with a
        die less; with the token, or switch a die.  Returns the sums
        (total, total1, sure1) with them added."""
        stay = self._value(s, n - 1, 0)
        if stay:
            if spare0:
                total += spare0 * stay
            if spare1:
                total += spare1 * stay
        if t:
            # or switch a die to a car still short (done at once when a
            # Caboose showed, another die is left and that car covers)
            cp, cb, cf = self._cap
            rp = cp - (s & 7)
            rb = cb - (s >> 3 & 7)
            rf = cf - (s >> 6)
            sb = rf + 1
            sp = (rb + 1) * sb
            cov = self._cov
            stay = self._value(s, n - 1, 1)
            if rp and box0[sp] > stay:
                stay = box0[sp]
            if rb and box0[sb] > stay:
                stay = box0[sb]
            if rf and box0[1] > stay:
                stay = box0[1]
            done = n > 1 and ((rp and cov[s + 1]) or (rb and cov[s + 8]) or (rf and cov[s + 64]))
            if stay >= 1.0:
                sure1 += spare0 + spare1
            else:
                if spare0 and stay:
                    total1 += spare0 * stay
                if done:
                    sure1 += spare1
                elif spare1 and stay:
                    total1 += spare1 * stay
        return total, total1, sure1

    def _todo(self, s0, reach, top, t):
        """The states of _prepare's region still to work out, as keys s | n << 9,
        fewest dice first."""
        cp, cb, cf = self._cap
        p0 = s0 & 7
        b0 = s0 >> 3 & 7
        f0 = s0 >> 6
        cov = self._cov
        gap = self._gap
        memo = self._memo
        todo = []
        for n in range(1, top + 1):
            room = reach - n
            for p in range(p0, min(cp, p0 + room) + 1):
                for b in range(b0, min(cb, b0 + room - (p - p0)) + 1):
                    for f in range(f0, min(cf, f0 + room - (p - p0) - (b - b0)) + 1):
                        s = p | b << 3 | f << 6
                        if not cov[s] and gap[s] < n and (s | n << 9 | t << 12) not in memo:
                            todo.append(s | n << 9)
        return todo

    def _box(self, s, n, t, box):
        """Fill box with the best placement without the Caboose for every u.

        box[ix(u)] = max over non-empty d <= u leaving a die of
        V(s + d, n - |d|, t), built up the lattice as
        max(V(s + u, n - |u|, t), box[u less one car]) - one lookup per u.
        """
        cp, cb, cf = self._cap
        rp = cp - (s & 7)
        rb = cb - (s >> 3 & 7)
        rf = cf - (s >> 6)
        sb = rf + 1
        sp = (rb + 1) * sb
        memo = self._memo
        gap = self._gap
        cov = self._cov
        base = s | n << 9 | t << 12
        for up in range(min(rp, n) + 1):
            for ub in range(min(rb, n - up) + 1):
                ix = up * sp + ub * sb
                for uf in range(min(rf, n - up - ub) + 1):
                    k = up + ub + uf
                    best = 0.0
                    if 0 < k < n:
                        a = s + up + (ub << 3) + (uf << 6)
                        if gap[a] >= n - k:
                            pass
                        elif cov[a]:
                            best = 1.0 if t else _CABOOSE[n - k]
                        else:
                            best = memo[base + up + (ub << 3) + (uf << 6) - (k << 9)]
                    if up and box[ix - sp] > best:
                        best = box[ix - sp]
                    if ub and box[ix - sb] > best:
                        best = box[ix - sb]
                    if uf and box[ix - 1] > best:
                        best = box[ix - 1]
                    box[ix] = best
                    ix += 1
        return box

    # ----- a new train: the first roll of n dice -----

    def fresh(self, n, t):
        """Chance for a train not yet begun, rolling n dice; t = token held."""
        return finish(self.fresh_steps(n, t))

    def fresh_steps(self, n, t):
        key = -(n * 2 + t + 1)
        v = self._memo.get(key)
        if v is not None:
            return v
        m = n - 1  # dice left after the one Locomotive worth placing
        yield from self._prepare(0, m, m - 1, t)
        size = self._size
        box = self._box(0, m, t, [0.0] * size)
        fill = self._value(0, m - 1, t)
        box0 = self._box(0, m, 0, [0.0] * size) if t else box
        fill0 = self._value(0, m - 1, 0)
        cp, cb, cf = self._cap
        sb = cf + 1
        sp = (cb + 1) * sb
        cov = self._cov
        # weight per outcome value, by code: 1 finished, 2 fill, 3 fill0,
        # 4 + ix box[ix], 4 + size + ix box0[ix]; rare others go to extra
        wt = [0] * (4 + 2 * size)
        extra = 0.0
        for kl in range(n + 1):
            for kp in range(n - kl + 1):
                up = kp if kp < cp else cp
                for kb in range(n - kl - kp + 1):
                    yield (n - kl - kp - kb + 1) * (3 + 2 * t) // 2  # the outcomes below
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
        v = _expectation(wt, extra, box, box0, fill, fill0) / 6 ** n
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
        return finish(self.after_roll_steps(faces, stock, started, t))

    def after_roll_steps(self, faces, stock, started, t):
        top = yield from self.best_steps(faces, stock, started, t)
        return 0.0 if top is None else top[0]

    def _scan(self, ks, stock, started, t, out):
        """Try every legal placement of a roll with face counts ks = [L, P,
        B, F, C]; append each to out (a list, or None) as (chance, placed
        faces, None); return the best as (chance, packed counts), or None.
        Of equal chances the best has more Locomotives, then the Caboose,
        then more dice when it has two Locomotives, else fewer (see choices)."""
        kl, kp, kb, kf, kc = ks
        n = kl + kp + kb + kf + kc
        cp, cb, cf = self._cap
        cov = self._cov
        gap = self._gap
        memo = self._memo
        tk = t << 12
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
                        m = n - lp - k
                        for dc in range(2 if kc else 1):
                            if dc:
                                v = 1.0 if cov[st] else 0.0
                            elif not k:
                                continue
                            elif gap[st] >= m:
                                v = 0.0
                            elif cov[st]:
                                v = 1.0 if t else _CABOOSE[m]
                            else:
                                v = memo[st | m << 9 | tk]
                            if out is not None:
                                out.append((v, _spell(lp, dp, db, df, dc), None))
                            d = lp + k + dc
                            if v != bv:
                                better = v > bv
                            elif lp != bl:
                                better = lp > bl
                            elif dc != bc:
                                better = dc > bc
                            else:
                                better = d > bd if lp > 1 else d < bd
                            if better:
                                bv = v
                                bl = lp
                                bc = dc
                                bd = d
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
        return finish(self.choices_steps(faces, stock, started, t))

    def choices_steps(self, faces, stock, started, t):
        return (yield from self._choose(faces, stock, started, t, []))

    def best(self, faces, stock, started, t):
        """choices()[0], or None when nothing can be placed, without listing
        and sorting the other choices."""
        return finish(self.best_steps(faces, stock, started, t))

    def best_steps(self, faces, stock, started, t):
        return (yield from self._choose(faces, stock, started, t, None))

    def _choose(self, faces, stock, started, t, out):
        """choices() with out a list to fill, best() with out None."""
        n = len(faces)
        if started:
            yield from self._prepare(self.pack(stock), n, n - 1, t)
        else:
            yield from self._prepare(0, n - 1, n - 2, t)
        ks = [faces.count(x) for x in FACES]
        yield 4 * n  # about the placements of one scan
        top = self._scan(ks, stock, started, t, out)
        # the best so far: (chance, order among equal chances, packed counts, switch)
        best = None if top is None else (top[0], _order(top[1], 0), top[1], None)  # type: tuple | None
        if t:
            for a in range(5):
                if not ks[a]:
                    continue
                for b in range(5):
                    # a second Locomotive or Caboose never helps more than a car
                    if b == a or ((b == 0 or b == 4) and ks[b]) or (b == 0 and started):
                        continue
                    yield 4 * n
                    ks[a] -= 1
                    ks[b] += 1
                    top = self._scan(ks, stock, started, 0, None)
                    ks[a] += 1
                    ks[b] -= 1
                    if top is None:
                        continue
                    c = top[1]
                    if out is not None:
                        out.append((top[0], _spell(c & 7, c >> 3 & 7, c >> 6 & 7, c >> 9 & 7, c >> 12),
                                    (FACES[a], FACES[b])))
                    elif best is None or top[0] > best[0] or (top[0] == best[0] and _order(c, 1) < best[1]):
                        best = (top[0], _order(c, 1), c, (FACES[a], FACES[b]))
        if out is None:
            if best is None:
                return None
            c = best[2]
            return best[0], _spell(c & 7, c >> 3 & 7, c >> 6 & 7, c >> 9 & 7, c >> 12), best[3]
        yield 2 * len(out)
        # MicroPython's sort calls a key function on every comparison, so
        # the keys are made once here and sorted as plain tuples: (chance,
        # the order inverted and the index packed in one int), highest first
        # - two items and no new float keep each key small
        keys = []
        for i in range(len(out)):
            c = out[i]
            f = c[1]
            lp = f.count("L")
            order = _order(lp | f.count("C") << 12 | (len(f) - lp - f.count("C")) << 3, c[2] is not None)
            keys.append((c[0], (511 - order) << 12 | 4095 - i))
        keys.sort(reverse=True)
        return [out[4095 - (k[1] & 4095)] for k in keys]


def _order(c, switched):
    """Order of a placement among equal chances, lowest first (see choices):
    c packs the placed counts L | P << 3 | B << 6 | F << 9 | C << 12."""
    locos = c & 7
    dice = locos + (c >> 3 & 7) + (c >> 6 & 7) + (c >> 9 & 7) + (c >> 12)
    return (switched << 8 | (7 - locos) << 4 | (1 - (c >> 12)) << 3
            | (7 - dice if locos > 1 else dice))


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
    raise ValueError("No train is being built")


def _chance_steps(sv, sit, game, t):
    if sit[0] == "fresh":
        return (yield from sv.fresh_steps(sit[1], t))
    stock = game.stock()
    if sit[0] == "reroll":
        return (yield from sv.value_steps(sv.pack(stock), sit[1], t))
    if sit[0] == "done":
        return 1.0 if sv.covers(stock) else 0.0
    return (yield from sv.after_roll_steps(sit[1], stock, bool(game.train()), t))


def odds(game):
    """(chance for any face-up card, (chance for each card alone), derail).

    derail is the chance that the next re-roll forces a derail (Switch
    Track aside), or None when no re-roll is next.
    """
    return finish(odds_steps(game))


def odds_steps(game, sv=None):
    """odds(game) in steps; sv: a Solver for the game's face-up cards to reuse."""
    sit = _situation(game)
    t = 1 if game.has_switch() else 0
    needs = [c[0] for c in game.faceup()]
    if sv is None:
        sv = Solver(needs)
    anyc = (yield from _chance_steps(sv, sit, game, t)) if needs else 0.0
    per = []
    for nd in needs:
        if len(needs) == 1:
            per.append(anyc)
        else:
            per.append((yield from _chance_steps(Solver([nd]), sit, game, t)))
    derail = derail_chance(sit[1]) if sit[0] == "reroll" else None
    return anyc, tuple(per), derail


def choices(game):
    """Every way to place the dice just rolled, with its chance for any card.

    [(chance, placed faces, switch)] best first; apply a choice with
    ("switch", die, to_face) for switch (from_face, to_face) on a die
    game.pick(from_face), then ("place", game.pick(placed faces)).
    """
    return finish(choices_steps(game))


def choices_steps(game, sv=None):
    """choices(game) in steps; sv: a Solver for the game's face-up cards to reuse."""
    sit = _situation(game)
    if sit[0] != "placing":
        raise ValueError("Roll the dice first")
    if sv is None:
        sv = Solver([c[0] for c in game.faceup()])
    t = 1 if game.has_switch() else 0
    return (yield from sv.choices_steps(sit[1], game.stock(), bool(game.train()), t))
