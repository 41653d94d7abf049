"""Trainmaker dice: the byte-to-face mapping, rejection, and the seeded RNG."""
from support import raises

from schaffner.rng import Rng
from schaffner.trainmaker.dice import FACES, SIDES, roll_dice, side_of_byte


class Script:
    """An RNG that hands out the bytes it was given, then fails."""

    def __init__(self, data):
        self.data = list(data)
        self.used = 0

    def getrandbits(self, k):
        assert k == 8
        self.used += 1
        return self.data.pop(0)


def test_every_byte_maps_uniformly_or_is_rejected():
    # 256 = 6 * 42 + 4: each side takes exactly 42 byte values, 4 are thrown away
    sides = [0] * 6
    rejected = 0
    for b in range(256):
        s = side_of_byte(b)
        if s < 0:
            rejected += 1
        else:
            sides[s] += 1
    assert sides == [42] * 6
    assert rejected == 4
    faces = {}
    for b in range(256):
        s = side_of_byte(b)
        if s >= 0:
            faces[SIDES[s]] = faces.get(SIDES[s], 0) + 1
    # two Locomotive sides, one side for each other face
    assert faces == {"L": 84, "P": 42, "B": 42, "F": 42, "C": 42}


def test_the_die_has_the_rulebook_sides():
    assert sorted(SIDES) == sorted("LLPBFC")
    assert FACES == "LPBFC"


def test_rejected_bytes_are_skipped_not_folded():
    rng = Script([252, 253, 254, 255, 5, 251, 6])
    # 252-255 rejected; 5 -> side 5 (Caboose); 251 % 6 = 5 (Caboose); 6 % 6 = 0 (Locomotive)
    assert roll_dice(rng, 3) == "CCL"
    assert rng.used == 7


def test_roll_dice_uses_one_byte_per_accepted_die():
    rng = Script([0, 1, 2, 3, 4, 5, 6])
    assert roll_dice(rng, 7) == "LLPBFCL"
    assert rng.used == 7


def test_seeded_rolls_repeat_and_differ_by_seed():
    a = roll_dice(Rng(2024), 40)
    assert a == roll_dice(Rng(2024), 40)
    assert a != roll_dice(Rng(2025), 40)
    for f in a:
        assert f in FACES


def test_rng_bits_stay_in_range():
    rng = Rng(7)
    seen = bytearray(256)
    for _ in range(3000):
        b = rng.getrandbits(8)
        assert 0 <= b < 256
        seen[b] = 1
    # 3000 draws miss a given byte with chance (255/256)**3000 < 1e-5
    assert sum(seen) == 256
    for k in (1, 3, 16, 17, 32):
        for _ in range(20):
            assert 0 <= rng.getrandbits(k) < (1 << k)
    assert rng.getrandbits(0) == 0


def test_rng_seed_uses_the_low_32_bits():
    big = (123 << 32) | 99
    assert Rng(big).getrandbits(16) == Rng(99).getrandbits(16)
    assert Rng(0).getrandbits(16) != Rng(1).getrandbits(16)


def test_rng_rejects_bad_input():
    raises(ValueError, Rng, "x")
    raises(ValueError, Rng(1).getrandbits, -1)
