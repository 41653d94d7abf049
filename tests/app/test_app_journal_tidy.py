"""The journal's oldest actions are folded into its base in a quiet poll (Journal.tidy),
not in a press, and the screen in play does not take the fold for a change of the game."""
from app.flash import AFTER_MS
from appdriver import Driver
from play_trainmaker import start_steps
from schaffner.rng import Rng
from support import stepped

CARDS = (("PB", "coal"), ("BBF", "corn"), ("PPF", "mail"))


@stepped
def test_a_quiet_poll_folds_the_journal_and_the_table_keeps_the_dice_chosen():
    d = Driver(rng=Rng(3))
    yield
    d.app.settings["odds"] = False  # no odds worked out in the polls: the table is quiet
    yield from start_steps(d, 2, cards=CARDS)
    j = d.app.session.journal
    j.keep = 1  # the three cards and the roll: three past keep
    d.app.do(("roll", "LPBFFFF"))
    table = d.app.top
    d.press("DOWN", "OK")  # the second die chosen
    game, chosen = j.game, (table.key, table.cur, list(table.sel))
    assert chosen[2] and j.untidy() and j.folded == 0
    d.tick(10)
    assert j.folded == 0  # the hands may still be at the buttons
    for t in range(1, 6):  # the quiet polls: the history made, then the fold
        d.tick(t * 10 + AFTER_MS)
    assert not j.untidy() and j.folded == 3 and len(j.actions) == 1 and j.count() == 4
    assert j.game is game  # the game in play as it was, not built again
    d.app.render()
    assert (table.key, table.cur, table.sel) == chosen  # the same state to the table
