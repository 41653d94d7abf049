"""The press that starts a game builds the game once: the setup's Game plays on, not a
second one built from its to_dict() (the start is one of the slowest presses)."""
from appdriver import Driver
import play_taubertal
import play_trainmaker
from support import stepped


def _counting(cls):
    """cls.from_dict counting its calls: (the list of calls, the from_dict to put back)."""
    calls = []
    build = cls.from_dict

    def counted(data):
        calls.append(1)
        return build(data)

    cls.from_dict = counted
    return calls, build


def _started(game_cls, start):
    """(the Driver, how often game_cls.from_dict ran) once start(d), the setup's presses, has
    run: a generator, as start is, so the heap is collected between its steps."""
    calls, build = _counting(game_cls)
    try:
        d = Driver()
        yield
        yield from start(d)
    finally:
        game_cls.from_dict = build
    s = d.app.session
    assert s is not None and s.game is s.journal.game
    assert s.game.to_dict() == s.journal.base  # the base is the game as it began
    return d, len(calls)


def _taubertal(d):
    play_taubertal.new_game(d, 2)
    yield


def _ttr(d):
    d.pick("New game").pick("TtR Austria")
    yield
    d.press("OK", "OK", "OK").pick("Start scoring")


@stepped
def test_taubertal_starts_without_building_its_game_again():
    from schaffner.taubertal.game import Game
    d, built = yield from _started(Game, _taubertal)
    assert built == 0
    d.shows("Red")  # the draft's first ticket, Red's


@stepped
def test_trainmaker_starts_without_building_its_game_again():
    from schaffner.trainmaker.game import Game
    d, built = yield from _started(Game, lambda d: play_trainmaker.new_game(d, 2, None))
    assert built == 0 and d.app.session.game.phase() == "cards"


@stepped
def test_ttr_starts_without_building_its_game_again_and_an_undo_goes_back_to_its_start():
    from schaffner.ttr_austria.game import Game
    d, built = yield from _started(Game, _ttr)
    assert built == 0
    base = dict(d.app.session.journal.base)
    yield
    d.app.do(("end",))
    assert d.app.session.game.ended
    d.press("LONG_BACK")  # undo: the game built again from the base the start kept
    assert d.app.session.game.to_dict() == base and not d.app.session.game.ended
