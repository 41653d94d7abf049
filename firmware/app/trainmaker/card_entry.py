"""Entering a City card on the play screen (the table's face-up cards and the
ones the Steam Engine draws): how many Passenger Cars, Boxcars and Flatcars
it needs - UP/DOWN change the count under the cursor, OK moves on - then its
goods type.  A Terminal (four rolling stock) is wild: no goods asked.  BACK
steps back a field.  The core checks the needs (one of the 34 sets).
The goods are asked, not guessed: every size of card comes in every goods
type (a Whistlestop, three Depots and two Stations of each), so the counts
say nothing of the goods; the entry starts on "?", DOWN goes to the first
goods type and UP to the last, and OK on "?" is refused.
"""
from app.colours import ACCENT, BG, FG
from app.events import UP, DOWN, OK
from app.trainmaker import draw as D
from schaffner.trainmaker.cards import GOODS
# the card the counts make, by its rolling stock (the counts above say which)
_SIZES = ("Whistlestop", "Depot: 2 cars", "Station: 3 cars", "Terminal: wild")


class CardEntry:
    def __init__(self):
        self.field = 0  # 0-2: count of P, B, F; 3: goods
        self.counts = [0, 0, 0]
        self.goods = -1  # not chosen yet

    def needs(self):
        c = self.counts
        return "P" * c[0] + "B" * c[1] + "F" * c[2]

    def back(self):
        """One field back; False on the first field (the screen leaves)."""
        if not self.field:
            return False
        self.field -= 1
        return True

    def handle(self, app, ev, kind):
        """kind: the action the finished card becomes ("card" or "steam_card")."""
        f = self.field
        c = self.counts
        if f == 3:
            if ev in (UP, DOWN):
                n = len(GOODS)
                # "?" sits between the last goods type and the first
                self.goods = (self.goods + 1 + (1 if ev == DOWN else -1)) % (n + 1) - 1
            elif ev == OK:
                if self.goods < 0:
                    raise ValueError("Which goods? UP/DOWN: the icon top left of the card")
                app.do((kind, self.needs(), GOODS[self.goods]))
            return
        if ev == UP:
            if c[0] + c[1] + c[2] >= 4:
                raise ValueError("A card needs 1 to 4 cars")
            c[f] += 1
        elif ev == DOWN:
            c[f] = max(0, c[f] - 1)
        elif ev == OK and f < 2:
            self.field += 1
        elif ev == OK:
            from schaffner.trainmaker.cards import canonical
            needs = canonical(self.needs())
            if len(needs) == 4:
                app.do((kind, needs, "wild"))
            else:
                self.field = 3

    def draw(self, ui, rows, title, right, idle):
        """rows: y of the icon row, the count row and the line under them;
        idle: that line while no count is set."""
        top, mid, low = rows
        ui.header(title, right)
        d = D.size(ui)
        needs = self.needs()
        if self.field == 3:
            p = D.pitch(ui)
            x = (ui.w - len(needs) * p) // 2
            for i in range(len(needs)):
                D.icon(ui, needs[i], x + i * p, top, D.ink_of(ui, needs[i]))
            ui.big_text(GOODS[self.goods] if self.goods >= 0 else "?", mid + ui.s)
            ui.text("Goods? UP/DOWN", 0, low)
            ui.footer("OK: enter card")
            return
        w = ui.w // 3
        for k in range(3):
            x = k * w + (w - d) // 2
            D.die(ui, "PBF"[k], x, top)
            on = k == self.field
            if on:
                ui.fb.fill_rect(x - 2 * ui.s, mid - ui.s, d + 4 * ui.s, d + 2 * ui.s, ACCENT if ui.colour else FG)
            ui.text("%d" % self.counts[k], x + (d - 8 * ui.big) // 2, mid, BG if on and not ui.colour else FG, ui.big)
        ui.text(_SIZES[len(needs) - 1] if needs else idle, 0, low)
        ui.footer("OK: next car" if self.field < 2 else "OK: card done")
