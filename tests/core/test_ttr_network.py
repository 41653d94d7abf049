"""TtR Austria: longest continuous track and joined cities, computed exactly."""
from support import raises
from schaffner.ttr_austria.network import groups, longest_track


def test_no_routes():
    assert longest_track([]) == 0


def test_one_route_and_a_line():
    assert longest_track([(0, 1, 4)]) == 4
    # 0-1-2-3: 2 + 3 + 6.
    assert longest_track([(0, 1, 2), (1, 2, 3), (2, 3, 6)]) == 11


def test_separate_pieces_do_not_add_up():
    # Pieces of 5 (2 + 3) and 7 (one route): the longest is 7, not 12.
    assert longest_track([(0, 1, 2), (1, 2, 3), (5, 6, 7)]) == 7


def test_star_takes_the_two_longest_arms():
    # Centre 0 with arms of 1, 2 and 3 cars: 3 + 2.
    assert longest_track([(0, 1, 1), (0, 2, 2), (0, 3, 3)]) == 5


def test_branching_tree():
    # 0-1 (6), 1-2 (1), 2-3 (2), 2-4 (4), 4-5 (5), 4-6 (2), odd degrees at
    # 0, 2, 3, 4, 5, 6.  Longest: 0-1-2-4-5 = 6 + 1 + 4 + 5 = 16.
    edges = [(0, 1, 6), (1, 2, 1), (2, 3, 2), (2, 4, 4), (4, 5, 5), (4, 6, 2)]
    assert longest_track(edges) == 16


def test_loop_is_used_whole():
    # A triangle of 2 + 3 + 4: round it once, back at the start: 9.
    assert longest_track([(0, 1, 2), (1, 2, 3), (2, 0, 4)]) == 9


def test_loop_with_a_tail():
    # Triangle 0-1-2 (2 each) with tail 2-3 (3): 3-2-0-1-2 passes 2 twice: 9.
    assert longest_track([(0, 1, 2), (1, 2, 2), (2, 0, 2), (2, 3, 3)]) == 9


def test_figure_eight():
    # Two triangles sharing city 0, all cities of even degree: all 6 routes.
    edges = [(0, 1, 1), (1, 2, 2), (2, 0, 3), (0, 3, 4), (3, 4, 5), (4, 0, 6)]
    assert longest_track(edges) == 21


def test_figure_eight_with_two_tails():
    # Triangles X=0,A=1,B=2 and X=0,C=3,D=4 (1 car each), tails A-E=5 and C-F=6
    # of 5 cars.  Odd degrees at A, C, E, F.  A walk from A to X can use only
    # two of its triangle's routes (the third would bring it back to A), so:
    # E-A (5), A-B-X (2), X-D-C (2), C-F (5) = 14 of the 16 cars.
    edges = [(0, 1, 1), (1, 2, 1), (2, 0, 1), (0, 3, 1), (3, 4, 1), (4, 0, 1), (1, 5, 5), (3, 6, 5)]
    assert longest_track(edges) == 14


def test_parallel_double_routes():
    # Both tracks of a double route A-B (3 cars each) form a loop: A-B-A.
    assert longest_track([(0, 1, 3), (0, 1, 3)]) == 6
    # Plus B-C (2), B-D (1), A-E (4): E-A-B-A = 4 + 3 + 3 = 10; every walk
    # through both C and D or E is shorter (C-B-A-B-D = 9).
    edges = [(0, 1, 3), (0, 1, 3), (1, 2, 2), (1, 3, 1), (0, 4, 4)]
    assert longest_track(edges) == 10


def test_theta_uses_every_route():
    # Cities 0 and 1 joined by three paths of 1, 2 (via 2) and 3 (via 3, 4)
    # cars: exactly two odd cities, so one walk takes all 6 routes: 1+2+3+3+2+1.
    edges = [(0, 1, 1), (0, 2, 1), (2, 1, 1), (0, 3, 1), (3, 4, 1), (4, 1, 1)]
    assert longest_track(edges) == 6


def test_grid_leaves_two_routes_out():
    # 3x3 grid of 1-car routes (12).  The four side middles have degree 3 and
    # no two are neighbours; a walk leaves at most two cities odd, so it must
    # leave out a path joining two of them: 2 routes at least.  12 - 2 = 10.
    def c(r, k):
        return r * 3 + k
    edges = []
    for r in range(3):
        for k in range(2):
            edges.append((c(r, k), c(r, k + 1), 1))
            edges.append((c(k, r), c(k + 1, r), 1))
    assert len(edges) == 12
    assert longest_track(edges) == 10


def test_city_ids_need_not_be_small():
    assert longest_track([(40, 7, 3), (7, 91, 4)]) == 7


def test_bad_edges():
    raises(ValueError, longest_track, [(1, 1, 3)])
    raises(ValueError, longest_track, [(1, 2, 0)])


def test_groups():
    g = groups(6, [(0, 1), (1, 2), (4, 5)])
    assert g[0] == g[1] == g[2]
    assert g[4] == g[5]
    assert g[3] not in (g[0], g[4])
    assert g[0] != g[4]
