"""Which modules are a game's own code (games.others): what leaves the heap as another
game starts, or as a setup that may have preloaded one is left."""
from app import games

NAMES = (
    "app.taubertal", "app.taubertal.play", "schaffner.taubertal", "schaffner.taubertal.scoring",
    "app.trainmaker", "app.trainmaker.rolls", "schaffner.trainmaker.odds",
    "app.ttr_austria", "schaffner.ttr_austria.routes",
    "app.app", "app.games", "schaffner.journal", "app", "schaffner",
    "app.trainmakers", "app.ttr_austria_old", "application.taubertal", "lib.taubertal", "taubertal",
)


def test_every_other_games_screens_and_rules_and_nothing_else():
    assert games.others("taubertal", NAMES) == [
        "app.trainmaker", "app.trainmaker.rolls", "schaffner.trainmaker.odds",
        "app.ttr_austria", "schaffner.ttr_austria.routes"]
    assert games.others("ttr_austria", NAMES) == [
        "app.taubertal", "app.taubertal.play", "schaffner.taubertal", "schaffner.taubertal.scoring",
        "app.trainmaker", "app.trainmaker.rolls", "schaffner.trainmaker.odds"]


def test_with_no_game_named_every_games_code():
    assert games.others(None, NAMES) == list(NAMES[:9])


def test_the_heap_by_default():
    import sys
    import app.trainmaker  # noqa: F401  a game's package, in the heap now
    assert "app.trainmaker" in games.others("taubertal")
    assert "app.trainmaker" not in games.others("trainmaker")
    assert all(n in sys.modules for n in games.others(None))
