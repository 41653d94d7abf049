"""The saves of every earlier version with a Trainmaker game in play load into this one and
go on (saves_upgrade.py: the fixtures, what is checked)."""
from saves_upgrade import every_save_of


def test_every_earlier_save_loads_and_goes_on():
    return every_save_of("trainmaker")  # a generator: the runners step it, collecting garbage between
