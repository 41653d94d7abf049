# The readability checker itself (support/text_check.py): it finds a count whose noun
# disagrees with it and a Yes/No that asks nothing.
def test_the_checker_finds_a_wrong_count_and_a_yes_no_without_a_question():
    from text_check import Checked, count_problem
    from app.widgets import Confirm
    assert count_problem("Red   1 cards") == "count: '1 cards' in 'Red   1 cards'"
    assert count_problem("2 coin") is not None and count_problem("Drew 0/3+ cars") is None
    assert count_problem("1 card") is None and count_problem("0 cards") is None
    d = Checked(width=128, height=64)
    d.app.push(Confirm("Build", "Pay 3 coins", lambda a: None))
    d.app.render()
    assert "Yes/No without a question: 'Pay 3 coins'" in d.found
    d.app.top.question = "Pay 3 coins\nBuild it?"
    d.found.clear()
    d.app.render()
    assert not d.found
