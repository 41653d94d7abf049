"""Der Taubertal-Express: what the table lays out for its player count, then the game starts."""
from app.events import UP, DOWN, OK, BACK
from app.taubertal.common import big_y
from app.ui import wrap
from app.widgets import Screen


class SetupView(Screen):
    """What the table lays out, one item a page, then each seat's start cubes."""

    def __init__(self, names):
        from schaffner.taubertal import setup as S
        self.names = names
        self.items = None  # not a menu (the test driver looks for one)
        self.lines = S.setup_lines(len(names))
        self.seats = S.seat_lines(len(names))
        self.page = 0

    def handle(self, app, ev):
        last = len(self.lines)
        if ev in (OK, DOWN):
            if self.page < last:
                self.page += 1
            elif ev == OK:
                from schaffner.taubertal import Game
                g = Game.new(len(self.names))
                app.start_game("taubertal", self.names, g)
        elif ev == UP:
            self.page = max(0, self.page - 1)
        elif ev == BACK:
            app.pop()

    def draw(self, app, ui):
        last = len(self.lines)
        count = "%d/%d" % (self.page + 1, last + 1)
        if self.page < last:
            label, n = self.lines[self.page]
            ui.header("Set up", count)
            for r, s in enumerate(ui.cut(wrap(label, ui.cols), 2)):
                ui.line(r, s)
            ui.big_text(str(n), big_y(ui) + ui.pitch // 2)
            ui.footer("OK=next")
            return
        ui.header("Black cubes", count)
        for r in range(min(ui.rows, len(self.names))):
            cubes = self.seats[r][0]
            ui.line(r, self.names[r])
            ui.right(str(cubes), ui.body_y + r * ui.pitch)
        ui.footer("+1 coin each")
