"""The seven Train dice and how a random byte becomes a face.

A face is one letter: L Locomotive, P Passenger Car, B Boxcar, F Flatcar,
C Caboose.  Each die has six sides: two Locomotives and one of each other
face.  A side comes from one random byte by rejection: bytes 0-251 map to
side byte % 6 (each side exactly 42 of them), bytes 252-255 are thrown
away and a new byte is drawn, so no side is favoured (no modulo bias).
"""

from micropython import const

DICE = const(7)
FACES = "LPBFC"
STOCK = "PBF"
NAMES = ("Locomotive", "Passenger Car", "Boxcar", "Flatcar", "Caboose")
SIDES = "LLPBFC"
_ACCEPT = const(252)  # largest multiple of 6 that fits in a byte


def side_of_byte(byte):
    """Index into SIDES for a byte 0-255, or -1 when the byte is rejected."""
    if byte >= _ACCEPT:
        return -1
    return byte % 6


def roll_dice(rng, n):
    """n faces as a string, from rng.getrandbits(8) bytes."""
    faces = []
    for _ in range(n):
        side = -1
        while side < 0:
            side = side_of_byte(rng.getrandbits(8))
        faces.append(SIDES[side])
    return "".join(faces)


def face_name(face):
    return NAMES[FACES.index(face)]
