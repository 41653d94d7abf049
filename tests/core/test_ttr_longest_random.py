"""TtR Austria longest track against a plain brute force on random networks (CPython only)."""
import random

from schaffner.ttr_austria.network import longest_track

CPYTHON_ONLY = "random networks against a brute force: too slow for the MicroPython runner"


def brute_force(edges):
    """Longest walk without reusing a route, trying every walk from every city
    (no shortcuts: not the Euler rule, not only odd cities)."""
    adj = {}
    for i, (a, b, _) in enumerate(edges):
        adj.setdefault(a, []).append(i)
        adj.setdefault(b, []).append(i)
    used = [False] * len(edges)
    best = 0

    def walk(city, length):
        nonlocal best
        best = max(best, length)
        for i in adj[city]:
            if not used[i]:
                used[i] = True
                a, b, w = edges[i]
                walk(b if city == a else a, length + w)
                used[i] = False

    for city in adj:
        walk(city, 0)
    return best


def random_network(rng, cities, routes, extra):
    """A spanning tree on ``cities`` (what a player's track mostly is), cut to
    ``routes`` routes, plus ``extra`` routes closing loops; some become double
    routes with both tracks in the network."""
    edges = []
    for c in range(1, cities):
        edges.append((rng.randrange(c), c, rng.randint(1, 8)))
    rng.shuffle(edges)
    edges = edges[:routes]
    for _ in range(extra):
        a, b = rng.sample(range(cities), 2)
        edges.append((a, b, rng.randint(1, 8)))
    for i in range(len(edges)):
        if rng.random() < 0.1:
            edges.append(edges[i])
    return edges


def test_matches_brute_force_on_small_networks():
    rng = random.Random(2024)
    for _ in range(500):
        edges = random_network(rng, rng.randint(2, 9), rng.randint(1, 8), rng.randint(0, 4))
        assert longest_track(edges) == brute_force(edges), edges


def test_matches_brute_force_on_a_full_players_network():
    # About what 45 cars make: 20-odd routes with a few loops.
    rng = random.Random(45)
    for _ in range(20):
        edges = random_network(rng, 18, 17, 4)
        assert longest_track(edges) == brute_force(edges), edges
