"""Graph questions about a player's routes.

An edge is a tuple (city, city, length, ...) with cities as small ints.
Everything is iterative, so it runs in MicroPython's small stack.
"""


def _root(parent, v):
    while parent[v] != v:
        parent[v] = parent[parent[v]]  # path halving keeps the trees flat
        v = parent[v]
    return v


def groups(count, edges):
    """For cities 0..count-1, a list giving each city's group: two cities have
    the same group exactly when the edges join them."""
    parent = list(range(count))
    for e in edges:
        a = _root(parent, e[0])
        b = _root(parent, e[1])
        if a != b:
            parent[a] = b
    return [_root(parent, v) for v in range(count)]


def longest_track(edges):
    """Length in cars of the longest continuous track: a walk along the edges
    that may pass a city more than once but never uses an edge twice.

    Exact.  Two facts keep the search small: a component with at most two
    cities of odd degree is walked whole (Euler), so its length is the sum;
    otherwise a longest walk starts at a city of odd degree (were it to start
    at an even one, an unused edge there would make it longer), so only those
    cities are tried.
    """
    local = {}  # type: dict[int, int]  # city -> 0..n-1
    for e in edges:
        if e[0] == e[1] or e[2] < 1:
            raise ValueError("A route needs two cities and a length")
        for c in (e[0], e[1]):
            if c not in local:
                local[c] = len(local)
    n = len(local)
    ends = [(local[e[0]], local[e[1]]) for e in edges]
    weight = [e[2] for e in edges]
    adj = [[] for _ in range(n)]  # type: list[list[int]]
    for i in range(len(ends)):
        adj[ends[i][0]].append(i)
        adj[ends[i][1]].append(i)
    group = groups(n, ends)
    best = 0
    for g in set(group):
        total = 0
        for i in range(len(ends)):
            if group[ends[i][0]] == g:
                total += weight[i]
        odd = [v for v in range(n) if group[v] == g and len(adj[v]) % 2]
        if len(odd) <= 2:
            best = max(best, total)
            continue
        for v in odd:
            best = max(best, _walk(v, adj, ends, weight))
    return best


def _walk(start, adj, ends, weight):
    """Longest walk from ``start``: depth-first over unused edges, with an
    explicit stack of (city, next adjacency position, edge taken)."""
    used = bytearray(len(ends))
    cities = [start]
    nexts = [0]
    taken = [-1]
    length = best = 0
    while cities:
        v = cities[-1]
        i = nexts[-1]
        if i < len(adj[v]):
            nexts[-1] = i + 1
            e = adj[v][i]
            if not used[e]:
                used[e] = 1
                length += weight[e]
                if length > best:
                    best = length
                a, b = ends[e]
                cities.append(b if a == v else a)
                nexts.append(0)
                taken.append(e)
        else:
            cities.pop()
            nexts.pop()
            e = taken.pop()
            if e >= 0:
                used[e] = 0
                length -= weight[e]
    return best
