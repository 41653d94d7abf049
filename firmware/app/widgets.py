"""The few screen shapes every game uses: a menu, a number entry, a yes/no, a text view.

A screen has ``handle(app, event)`` and ``draw(app, ui)``; it changes screens
through ``app.push`` / ``app.pop`` and the game through ``app.do``.  A
ValueError raised while handling shows its message and changes nothing.
A long OK shows a screen's line of help in words (app.help): its ``help(app)``
where it has one, else the one of its shape.
"""
from app.events import UP, DOWN, OK, BACK, LONG
from app.ui import wrap


class Screen:
    title = ""
    guide = ""  # set by app.help on the screen it opens: its help text

    def handle(self, app, ev):
        if ev == BACK:
            app.pop()

    def draw(self, app, ui):
        ui.header(self.title)


class Menu(Screen):
    """Pick one of ``items`` (strings); ``on_pick(app, index)`` decides what follows.

    UP/DOWN move (wrapping), long UP/DOWN jump a page, OK picks, BACK leaves.
    A list longer than the screen shows where the cursor is, unless PAGES is False.
    ``guide``: a help text shown above the rows, not picked (app.help puts the
    screen's help there when a long OK opens the game's menu).
    """
    PAGES = True
    top = None  # the list's first row on the screen (window()), until the first draw

    def __init__(self, title, items, on_pick, index=0, hint="", on_back=None):
        self.title = title
        self.items = items
        self.on_pick = on_pick
        self.index = index
        self.hint = hint
        self.on_back = on_back

    def handle(self, app, ev):
        n = len(self.items)
        if ev == UP:
            self.index = (self.index - 1) % n
        elif ev == DOWN:
            self.index = (self.index + 1) % n
        elif ev == UP | LONG:
            self.index = max(0, self.index - app.ui.rows)
        elif ev == DOWN | LONG:
            self.index = min(n - 1, self.index + app.ui.rows)
        elif ev == OK:
            self.on_pick(app, self.index)
        elif ev == BACK:
            if self.on_back:
                self.on_back(app)
            else:
                app.pop()

    def draw(self, app, ui):
        n = len(self.items)
        self.index = min(self.index, n - 1)
        rows = ui.rows + (0 if self.hint else 1)
        ui.header(self.title, "%d/%d" % (self.index + 1, n) if self.PAGES and n > rows else "")
        if self.guide:
            from app.guide import draw_guide
            draw_guide(self, ui, rows)
        else:
            top = self.window(n, rows)
            for r in range(min(rows, n - top)):
                i = top + r
                if i == self.index:
                    ui.bar(r, self.items[i])
                else:
                    ui.line(r, self.items[i])
        if self.hint:
            ui.footer(self.hint)

    def window(self, n, rows):
        """The first of n lines shown in rows, the cursor's among them.  The list stays
        while the cursor moves within it (a step then changes two rows of the screen, not
        all of them: on the OLED a whole frame is 23 ms of its bus); a step past its last
        row or its first turns a page, the row left behind still in view; a jump (a long
        press, a wrap, a list just opened) puts the cursor in the middle."""
        i = self.index
        top = self.top
        keep = 1 if rows > 2 else 0  # rows of the last page kept in view
        if top is None or i < top - 1 or i > top + rows:
            top = i - rows // 2
        elif i == top + rows:
            top = i - keep
        elif i == top - 1:
            top = i - rows + 1 + keep
        top = min(max(0, top), max(0, n - rows))
        self.top = top
        return top


class NumberEntry(Screen):
    """Enter an integer between lo and hi: UP/DOWN one step, long UP/DOWN five, OK takes it."""

    def __init__(self, title, prompt, value, lo, hi, on_done, unit=""):
        if not lo <= value <= hi:
            value = max(lo, min(hi, value))
        self.title = title
        self.prompt = prompt
        self.value = value
        self.lo = lo
        self.hi = hi
        self.on_done = on_done
        self.unit = unit

    def handle(self, app, ev):
        step = 5 if ev & LONG else 1
        b = ev & 3
        if b == UP:
            self.value = min(self.hi, self.value + step)
        elif b == DOWN:
            self.value = max(self.lo, self.value - step)
        elif ev == OK:
            self.on_done(app, self.value)
        elif ev == BACK:
            app.pop()

    def draw(self, app, ui):
        ui.header(self.title)
        ui.line(0, self.prompt)
        ui.big_text("%d%s" % (self.value, self.unit), ui.body_y + ui.pitch + 2)
        ui.footer("%d..%d  OK=set" % (self.lo, self.hi))


class Confirm(Screen):
    """A question with Yes / No; on_yes(app) runs for Yes, No (or BACK) leaves, and
    then runs on_no(app) if there is one."""

    def __init__(self, title, question, on_yes, yes="Yes", no="No", on_no=None):
        self.title = title
        self.question = question
        self.on_yes = on_yes
        self.on_no = on_no
        self.choice = 1
        self.labels = (yes, no)

    def handle(self, app, ev):
        if ev in (UP, DOWN):
            self.choice ^= 1
        elif ev == OK and self.choice == 0:
            self.on_yes(app)
        elif ev in (OK, BACK):
            app.pop()
            if self.on_no is not None:
                self.on_no(app)

    def draw(self, app, ui):  # the question on every body row, the answers on the footer's
        ui.header(self.title)
        lines = ui.cut(wrap(self.question, ui.cols), ui.rows)
        for r, s in enumerate(lines):
            ui.line(r, s)
        y = ui.footer_y
        for i in (0, 1):
            label = self.labels[i]
            x = i * (ui.w // 2)
            if i == self.choice:
                ui.fb.fill_rect(x, y - 1, ui.w // 2, 8 * ui.s + 1, 2 if ui.colour else 1)
                ui.text(label, x + 4, y, 1 if ui.colour else 0)
            else:
                ui.text(label, x + 4, y)


class TextView(Screen):
    """Read-only lines, scrolled with UP/DOWN; OK or BACK leaves."""

    def __init__(self, title, lines):
        self.title = title
        self.lines = lines
        self.top = 0

    def handle(self, app, ev):
        rows = app.ui.rows + 1
        last = max(0, len(self.lines) - rows)
        if ev & 3 == UP:
            self.top = max(0, self.top - (rows if ev & LONG else 1))
        elif ev & 3 == DOWN:
            self.top = min(last, self.top + (rows if ev & LONG else 1))
        elif ev in (OK, BACK):
            app.pop()

    def draw(self, app, ui):
        rows = ui.rows + 1
        more = len(self.lines) > rows
        # the page the last line shown is on: it changes with the first scroll down
        page = (self.top + rows - 1) // rows + 1 if self.top else 1
        ui.header(self.title, "%d/%d" % (page, (len(self.lines) + rows - 1) // rows) if more else "")
        for r in range(min(rows, len(self.lines) - self.top)):
            ui.line(r, self.lines[self.top + r])


class Later(TextView):
    """A view whose module loads in a poll after the press that opens it, once the
    screen left in that press, and its code, are garbage (a deploy install holds
    code in the heap), and once the hands have left the buttons (an import from
    littlefs holds its poll 30-70 ms): title and line until then. name:
    "module.Class"."""

    def __init__(self, title, line, name):
        TextView.__init__(self, title, [line])
        self.name = name

    def busy(self, app):
        return app.flash.hands_off(app.flash.now)  # till then, polled at the quick pace

    def tick(self, app, now_ms):
        if app.pressed or not app.flash.hands_off(now_ms):
            return False
        mod, _, cls = self.name.rpartition(".")
        app.replace(getattr(__import__(mod, None, None, (cls,)), cls)())
        return False
