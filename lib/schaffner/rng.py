"""A small seeded random generator that runs the same on the Pico and on a PC.

xoroshiro32++ with the constants [13, 5, 10, 9] (the generator behind the
Propeller 2's XORO32 instruction): two 16-bit words of state, period
2**32 - 1, 16 bits out per step.  Every intermediate value stays below
2**30, so on MicroPython nothing leaves the small-int range and a step
allocates nothing.  The device seeds it from os.urandom; tests seed it
with a number to get the same rolls every run.
"""

from micropython import const

_MASK = const(0xFFFF)


def _rotl(x, k):
    return ((x << k) | (x >> (16 - k))) & _MASK


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """Any int; only its low 32 bits count."""
        if not isinstance(seed, int):
            raise ValueError("Seed must be a number")
        # XOR with fixed words so that small seeds do not start from a
        # nearly-zero state, then run a few steps to spread the bits.
        self._s0 = (seed & _MASK) ^ 0x9E37
        self._s1 = ((seed >> 16) & _MASK) ^ 0x79B9
        if self._s0 == 0 and self._s1 == 0:
            self._s0 = 1
        for _ in range(16):
            self._next16()

    def _next16(self):
        s0 = self._s0
        s1 = self._s1
        out = (_rotl((s0 + s1) & _MASK, 9) + s0) & _MASK
        s1 ^= s0
        self._s0 = _rotl(s0, 13) ^ s1 ^ ((s1 << 5) & _MASK)
        self._s1 = _rotl(s1, 10)
        return out

    def getrandbits(self, k):
        """k >= 0 random bits as an int, like random.getrandbits."""
        if k < 0:
            raise ValueError("The number of bits must be 0 or more")
        value = 0
        while k > 16:
            value = (value << 16) | self._next16()
            k -= 16
        if k:
            value = (value << k) | (self._next16() >> (16 - k))
        return value
