"""What goes out at the start of a game, by player count (2-4)."""
from micropython import const

MIN_PLAYERS = const(2)
MAX_PLAYERS = const(4)
START_COINS = const(1)  # one silver coin per seat
FACE_UP_TICKETS = const(4)


def check_players(players):
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError("Taubertal-Express is for 2 to 4 players")


def start_cubes(seat):
    """Black cubes a seat starts with: start player 0, 2nd 1, 3rd 2, 4th 3."""
    return seat


def setup_lines(players):
    """(label, count) pairs of what the table lays out; labels <= 16 chars."""
    check_players(players)
    return (
        ("Action tiles", 3 * players),
        ("Goods buildings", 2 * players + 4),
        ("Dark purple each", players - 1),
        ("Tickets/space", players + 1),
        ("Face-up tickets", FACE_UP_TICKETS),
    )


def seat_lines(players):
    """(cubes, coins) each seat starts with, start player first."""
    check_players(players)
    return tuple((start_cubes(s), START_COINS) for s in range(players))
