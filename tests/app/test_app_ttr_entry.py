"""Ticket to Ride Austria on the gadget: bad values, undo, reboot, options."""
from appdriver import Driver
from support import picks, stepped


def start(d, players=4, toggles=()):
    """A new TtR Austria game with Red, Blue, ... in seat order; toggles: option rows to flip.
    A generator, like the tests: MicroPython collects garbage only between yields."""
    d.pick("New game")
    d.pick("TtR Austria")
    yield
    d.press("UPx%d" % (players - 2), "OK", "OKx%d" % players)
    yield
    for label in toggles:
        d.pick(label)
    d.pick("Start scoring")
    yield


def page(d, row, players=4):
    """A new game (as start), then the play screen's row picked: a player's page, say."""
    yield from start(d, players)
    yield from picks(d, row)


def routes(d, length, count):
    """From a player's page: set the count of one route length, back to the page."""
    d.pick("Routes")
    d.pick("%d-car" % length)
    d.press("UPx%d" % count, "OK", "BACK")


class TestBadValues:
    def setUp(self):
        self.d = Driver()

    @stepped
    def test_routes_past_45_cars_say_why_and_change_nothing(self):
        d = self.d
        yield from page(d, "Red")
        yield from picks(d, "Routes", "8-car")
        d.press("UPx5", "OK")  # 40 cars
        yield
        d.shows("40 cars", "x5")
        d.pick("5-car")
        yield
        d.shows("10 points each", "0..1")  # only 5 cars left
        before = d.app.session.game.to_dict()
        d.press("UP", "UP")
        yield
        d.shows("At most 1: 45", "cars in all")
        assert d.app.session.game.to_dict() == before
        d.press("OK")  # dismisses the message only
        yield
        d.press("OK")
        yield
        assert d.app.session.game.routes(0)[4] == 1
        d.shows("45 cars")
        d.pick("1-car")
        yield
        d.shows("0..0")
        d.press("UP")
        yield
        d.shows("At most 0")
        d.press("OK", "DOWN")
        yield
        d.shows("Not below 0")
        d.press("OK", "OK")
        yield
        assert d.app.session.game.trains(0) == 45

    @stepped
    def test_ticket_value_past_99_refused(self):
        d = self.d
        yield from page(d, "Red")
        yield from picks(d, "Tickets", "Add ticket")
        d.press("LONG_UPx17", "UPx4")  # 10 + 85 + 4
        yield
        d.shows("99")
        d.press("UP")
        yield
        d.shows("Ticket value 1", "to 99")
        d.press("OK", "LONG_DOWNx30")
        yield
        d.shows("1..99", " 1 ")
        d.press("DOWN")
        yield
        d.shows("Not below 1")
        assert d.app.session.game.tickets(0) == []

    @stepped
    def test_taurachbahn_has_one_builder_and_one_ticket(self):
        d = self.d
        yield from page(d, "Red")
        yield from picks(d, "Taurach", "Built only")
        d.shows("Taurach       -1")
        d.press("BACK")
        yield
        yield from picks(d, "Blue", "Taurach")
        before = d.app.session.game.to_dict()
        d.pick("Ticket+built")
        yield
        d.shows("Taurachbahn is", "built by another")
        assert d.app.session.game.to_dict() == before
        d.press("OK")
        yield
        d.pick("Ticket only")  # Red built it, Blue held the ticket: a failed ticket, -3
        yield
        d.shows("Blue", "Taurach       -3")
        yield from picks(d, "Schafberg", "Ticket+built")
        d.press("BACK")
        yield
        yield from picks(d, "Green", "Schafberg", "Ticket only")
        d.shows("Its ticket is held", "by another")


@stepped
def test_undo_is_named_on_screen_and_the_screen_follows():
    d = Driver()
    yield from page(d, "Red")
    routes(d, 3, 2)
    yield
    d.shows("Routes         8")
    d.press("LONG_BACK")
    yield
    d.shows("Undone: Red:", "3-car routes 2")
    d.press("OK")
    yield
    d.shows("Routes         0")
    yield from picks(d, "Tickets", "Add ticket")
    d.press("UPx2", "OK", "DOWN", "OK")  # 12, failed
    yield
    d.shows("Failed       -12")
    d.pick("Failed")
    yield
    d.press("UP", "OK")  # remove it
    yield
    d.press("LONG_BACK")
    yield
    d.shows("Undone: Red:", "ticket removed")
    d.press("OK")
    yield
    d.shows("Failed       -12")
    d.press("LONG_BACK", "OK")
    yield
    d.shows("Add ticket")
    assert "Failed" not in d.text
    d.press("LONG_BACK")
    yield
    d.shows("Nothing to undo")


@stepped
def test_remove_after_an_undo_underneath_is_refused():
    d = Driver()
    yield from page(d, "Red", 2)
    d.pick("Tourist")
    yield
    for _ in range(2):
        d.pick("Add penalty")
        yield
        d.press("UP", "OK")  # 6
        yield
    d.press("DOWN", "OK")
    yield
    d.shows("Remove penalty", "-6?")
    d.press("LONG_BACK", "OK")  # undo the second penalty while asked
    yield
    d.press("UP", "OK")
    yield
    d.shows("It changed", "meanwhile")
    assert d.app.session.game.penalties(0) == (6,)
    d.press("OK")
    yield
    d.shows("Add penalty", "Penalty       -6")


@stepped
def test_same_value_again_is_no_action():
    d = Driver()
    yield from page(d, "Red", 2)
    yield from picks(d, "Longest", "Cars")
    d.press("OK")  # 0 stays 0
    yield
    d.press("BACK")
    yield
    yield from picks(d, "Taurach", "None")
    assert not d.app.session.journal.can_undo()


@stepped
def test_reboot_mid_scoring_resumes_exactly():
    d = Driver()
    yield from page(d, "Blue", 3)
    routes(d, 6, 2)
    yield
    yield from picks(d, "Tourist", "Add penalty")
    d.press("UPx3", "OK", "BACK")
    yield
    d.pick("West-East")
    yield
    saved = d.app.session.game.to_dict()
    journal = d.app.session.journal.to_dict()
    d.boot()
    d.shows("TtR Austria", "Resume game")
    assert d.app.session.game.to_dict() == saved
    assert d.app.session.journal.to_dict() == journal
    assert d.app.session.names == ["Red", "Blue", "Green"]
    d.pick("Resume")
    yield
    d.shows("TtR Austria", "Blue          32")  # 2 x 15 - 8 + 10
    d.pick("Blue")
    yield
    d.shows("Blue", "32 VP", "Tourist x1    -8")
    d.press("LONG_BACK")
    yield
    d.shows("Undone: Blue:", "West-East yes")
    d.press("OK")
    yield
    d.shows("22 VP")


@stepped
def test_options_off_hide_their_rows():
    d = Driver()
    yield from start(d, 2, ("Longest track", "West-East"))
    g = d.app.session.game
    assert (g.longest_on, g.we_on, g.stations_on) == (False, False, False)
    d.pick("Red")
    yield
    d.press("DOWNx5")
    yield
    d.shows("Longest      off")
    assert "West-East" not in d.text and "Stations" not in d.text
    d.pick("Longest")
    yield
    d.shows("Bonus off.", "Cars: tie-break")
    d.pick("Cars")
    yield
    d.press("UPx4", "OK")
    yield
    d.shows("Cars           4")
    d.press("BACK")
    yield
    d.shows("Longest 4c   off")  # kept for the tie-break, no points
    assert d.app.session.game.total(0) == 0


@stepped
def test_options_back_leaves_without_a_game():
    d = Driver()
    yield from picks(d, "New game", "TtR Austria")
    d.press("OK", "OKx2")
    yield
    d.shows("TtR options")
    d.press("BACK")
    yield
    d.shows("New game")
    assert d.app.session is None


@stepped
def test_longest_by_hand_overrides_the_lengths():
    d = Driver()
    yield from page(d, "Red", 3)
    yield from picks(d, "Longest", "Cars")
    d.press("LONG_UPx4", "OK")  # Red 20 cars: the bonus by the lengths
    yield
    d.shows("Gets 10 now.", "All tied: +10", "Hand beats cars")
    d.press("BACK", "BACK")
    yield
    yield from picks(d, "Green", "Longest")
    d.shows("No bonus now.")
    d.pick("Set by hand")
    yield
    d.shows("Set by hand  yes", "Gets 10 now.")
    d.press("BACK")
    yield
    d.shows("Longest hand +10")
    assert d.app.session.game.totals() == [0, 0, 10]


@stepped
def test_ticket_draw_reminder_from_the_play_screen():
    d = Driver()
    yield from page(d, "Ticket draw", 2)
    d.shows("Ticket draw", "Start: draw 6,", "keep 3+", "Later: draw 4,", "keep 1+")
    assert "1/2" not in d.text  # all on one page
    d.press("OK")
    yield
    d.shows("Red", "Ranking")


@stepped
def test_tie_on_everything_shares_the_place():
    d = Driver()
    yield from start(d, 3)
    for name in ("Red", "Blue"):
        d.pick(name)
        yield
        routes(d, 4, 1)
        yield
        d.press("BACK")
        yield
    d.pick("Ranking")
    yield
    d.shows("1 Red", "1 Blue", "3 Green", "Tie: shared")
    d.press("BACK")
    yield
    yield from picks(d, "Blue", "Longest", "Cars")
    d.press("UPx2", "OK", "BACK", "BACK")  # Blue: 7 + 10 for the longest track (2 cars)
    yield
    d.pick("Red")
    yield
    routes(d, 5, 1)  # Red: 7 + 10 = 17 as well, but without the longest track
    yield
    d.press("BACK")
    yield
    d.pick("Ranking")
    yield
    d.shows("1 Blue", "2 Red", "Tie: by longest")
    d.press("OK")
    yield
    d.shows("Blue 17", "4-car x1      +7", "Longest      +10", "Total         17")


@stepped
def test_west_east_toggles_from_the_page():
    d = Driver()
    yield from page(d, "Blue", 2)
    d.pick("West-East")
    yield
    d.shows("West-East    +10", "10 VP")
    d.press("OK")
    yield
    d.shows("West-East     no", "0 VP")
    d.press("LONG_BACK")
    yield
    d.shows("Undone: Blue:", "West-East no")
