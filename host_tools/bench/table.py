"""A table of figures beside their budgets with a verdict each, for make bench and make chip."""


def p99(xs):
    xs = sorted(xs)
    return xs[max(0, -(-len(xs) * 99 // 100) - 1)]


def verdict(value, budget):
    return "ok" if value <= budget else "OVER"


class Report:
    def __init__(self, columns):
        self.columns = columns
        self.rows = []
        self.failures = 0

    def row(self, name, cells, budget=None, goal=None, unit="ms", fmt="%.1f", unjudged=()):
        """cells: one value per column (None: no figure); budget and goal in unit;
        unjudged: the columns whose figure is shown without a verdict (another tool
        judges it), marked "(chip)"."""
        shown = []
        for i, v in enumerate(cells):
            if v is None:
                shown.append("-")
                continue
            text = (fmt % v) + " " + unit
            if budget is not None and self.columns[i] in unjudged:
                text += " (chip)"
            elif budget is not None:
                ok = verdict(v, budget)
                self.failures += ok != "ok"
                text += " " + ok
            shown.append(text)
        limits = "" if budget is None else ((fmt % budget) + " / " + (fmt % goal) + " " + unit)
        self.rows.append((name, shown, limits))

    def lines(self):
        w = max(len(r[0]) for r in self.rows)
        cw = [max([len(c)] + [len(r[1][i]) for r in self.rows]) for i, c in enumerate(self.columns)]
        out = ["%-*s  %s  budget / goal" % (w, "figure", "  ".join("%-*s" % (cw[i], c) for i, c in enumerate(self.columns)))]
        for name, cells, limits in self.rows:
            out.append("%-*s  %s  %s" % (w, name, "  ".join("%-*s" % (cw[i], c) for i, c in enumerate(cells)), limits))
        return out


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]
