"""Trainmaker's table lets its solver go once the cards face up change (a score draws one,
the Steam Engine draws, new cards are entered, the game is over): the next cards get a
solver of their own, and the odds are theirs.  (A file of its own: the roll history's case
already fills the test heap.)"""
from app.trainmaker.draw import pct
from appdriver import Driver
from play_trainmaker import card, start, to
from schaffner.rng import Rng
from schaffner.trainmaker import solver
from support import stepped

CARDS = (("PB", "coal"), ("BBF", "corn"), ("PPF", "mail"))


@stepped
def test_a_score_lets_the_solver_go_and_the_next_cards_get_theirs():
    d = Driver(rng=Rng(3))
    g = start(d, 2, cards=CARDS)
    table = d.app.top
    d.app.do(("roll", "LLPPBFC"))  # covers PB coal and PPF mail
    d.press("UP")
    yield
    d.tick(10)
    yield
    assert table.sv is not None
    d.app.do(("place", list(range(7))))
    d.press("UP")
    d.tick(20)
    d.shows("complete", "Score one card:", "PB coal", "PPF mail")
    assert g.phase() == "score" and table.sv is None  # the cards face up change next
    yield
    d.press("OK", "OK")  # PPF mail scored (the cursor starts on it); two Locomotives: a bonus train
    to(d, "Stop")
    d.shows("City card 3/3")
    yield
    card(d, "PPB", "coal")
    yield
    for t in range(3, 60):
        d.tick(t * 10)
        if t % 4 == 0:
            yield  # the odds' slices: their garbage goes between the steps, as the Pico collects
    g = d.app.session.game
    assert g.phase() == "roll" and [c[0] for c in g.faceup()] == ["PB", "BBF", "PPB"]
    d.shows("Card " + pct(solver.odds(g)[0]))
    assert table.sv is not None and table.sneeds == ["PB", "BBF", "PPB"]
