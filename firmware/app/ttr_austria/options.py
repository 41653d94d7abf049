"""Ticket to Ride Austria: the optional rules, chosen when the game starts."""
from app.ttr_austria.rows import Rows


class Options(Rows):
    """The optional rules, chosen once when the game starts."""

    def __init__(self, names):
        Rows.__init__(self, "TtR options", hint="OK=change")
        self.names = names
        self.on = [True, True, False]  # longest track, West-East, stations

    def entries(self, app):
        w = ("on", "off")
        on = self.on
        return [("Longest track", w[not on[0]]), ("West-East", w[not on[1]]),
                ("Stations", w[not on[2]]), ("Start scoring", "")]

    def pick(self, app, index, entry):
        if index < 3:
            self.on[index] = not self.on[index]
            return
        from schaffner.ttr_austria.game import Game
        on = self.on
        app.start_game("ttr_austria", self.names, Game.new(len(self.names), on[0], on[1], on[2]))
