"""The chi-square test the dice check runs (schaffner.stats), against values
from printed tables to 4 digits, and hand-computed statistics."""
from schaffner.stats import chi2_sf, chi_square
from support import raises

# (x, degrees of freedom, P(X >= x)): the upper critical values of the chi-square table
TABLE = (
    (1.0636, 4, 0.9000), (3.3567, 4, 0.5000), (9.4877, 4, 0.0500), (13.2767, 4, 0.0100),
    (18.4668, 4, 0.0010), (5.9915, 2, 0.0500), (18.3070, 10, 0.0500), (23.2093, 10, 0.0100),
)


def test_the_p_value_matches_the_table_to_4_digits():
    for x, df, p in TABLE:
        assert abs(chi2_sf(x, df) - p) < 0.00005, (x, df, chi2_sf(x, df))
    assert chi2_sf(0.0, 4) == 1.0 and chi2_sf(-3.0, 4) == 1.0
    assert abs(chi2_sf(4.0, 4) - 3 * 2.718281828 ** -2) < 1e-6  # e^-2 (1 + 2)


def test_the_statistic_by_hand():
    assert chi_square([20, 10, 10, 10, 10], [2, 1, 1, 1, 1]) == 0.0
    # expected 20, 10, 10, 10, 10: 100/20 + 25/10 + 0 + 0 + 25/10
    assert abs(chi_square([30, 5, 10, 10, 5], [2, 1, 1, 1, 1]) - 10.0) < 1e-9
    assert abs(chi_square([10 ** 9, 0], [1, 1]) - 10 ** 9) < 1  # big counts stay exact


def test_bad_input_is_refused():
    assert "One weight per count" in str(raises(ValueError, chi_square, [1, 2], [1]))
    assert "No counts" in str(raises(ValueError, chi_square, [0, 0], [1, 1]))
    assert "0 or more" in str(raises(ValueError, chi_square, [-1, 2], [1, 1]))
    assert "0 or more" in str(raises(ValueError, chi_square, [1, 2], [1, 0]))
    assert "even" in str(raises(ValueError, chi2_sf, 3.0, 3))
    assert "even" in str(raises(ValueError, chi2_sf, 3.0, 0))
