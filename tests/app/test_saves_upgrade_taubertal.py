"""The saves of every earlier version with a Taubertal-Express game in play load into this one and
go on (saves_upgrade.py: the fixtures, what is checked)."""
from saves_upgrade import every_save_of, every_version_is_here


def test_every_earlier_save_loads_and_goes_on():
    return every_save_of("taubertal")  # a generator: the runners step it, collecting garbage between


def test_every_version_and_game_is_here():
    every_version_is_here()
