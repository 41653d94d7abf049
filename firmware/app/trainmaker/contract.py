"""The Steam Engine's Contract, entered need by need when the game is set up or later."""
from app.trainmaker.text import ABBR, NEEDS
from app.widgets import Menu

_ITEMS = ("Done", "passengers", "coal", "cattle", "corn", "mail", "timber",
          "whistlestop 1", "depot 2", "station 3", "terminal 4", "Remove last")


class ContractEntry(Menu):
    """The Contract as a list of needs (goods types or card sizes with their
    rolling stock), one pick each; on_done(app, needs) takes it (the core
    checks it).  The footer shows the needs so far."""

    def __init__(self, on_done):
        Menu.__init__(self, "Contract", list(_ITEMS), self._pick)
        self.needs = []
        self.on_done = on_done

    def _pick(self, app, index):
        if index == 0:
            from schaffner.trainmaker.cards import check_contract
            self.on_done(app, check_contract(list(self.needs)))
            return
        if index == len(self.items) - 1:
            if not self.needs:
                raise ValueError("Nothing to remove")
            self.needs.pop()
        else:
            self.needs.append(NEEDS[index - 1])

    def draw(self, app, ui):
        h = " ".join(self.needs) or "Steam's needs"  # in words where they fit
        if len(h) > ui.cols:
            h = " ".join(ABBR[NEEDS.index(n)] for n in self.needs)
        self.hint = h if len(h) <= ui.cols else ".." + h[len(h) + 2 - ui.cols:]
        Menu.draw(self, app, ui)
