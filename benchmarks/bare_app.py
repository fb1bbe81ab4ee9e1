"""The floor gm-console is measured against: a bare Textual app with the same kinds of widgets.

    python benchmarks/bare_app.py [COMBATANTS] [CONDITIONS] [LOG_LINES]

An initiative table (a DataTable: initiative, name, a health bar, conditions), a sheet pane
of the selected combatant (a scrolling Static), a log (a RichLog holding the last 50 lines)
and a footer of keys. `n` passes the turn
to the next row and redraws all three panes, as gm-console's `n` does; nothing is saved and
no rule is applied, so what it costs is what Textual itself costs. ``benchmarks/tui_speed.py``
runs it beside gm-console.
"""

from __future__ import annotations

import sys

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import DataTable, Footer, RichLog, Static

CONDITIONS = ("Shaken", "Sickened", "Entangled", "Fatigued", "Dazzled")


class BareApp(App):
    CSS = """
    #main { height: 2fr; }
    DataTable { width: 3fr; border: round $primary; }
    #sheet { width: 2fr; border: round $primary; }
    #log { height: 1fr; border: round $primary; }
    """
    BINDINGS = [Binding("n", "next", "Next"), Binding("d", "nothing", "Damage"),
                Binding("h", "nothing", "Heal"), Binding("c", "nothing", "Condition"),
                Binding("u", "nothing", "Undo"), Binding("question_mark", "nothing", "Help"),
                Binding("q", "quit", "Quit")]

    def __init__(self, combatants: int, conditions: int, log_lines: int) -> None:
        super().__init__()
        self.rows = [(20 - i % 20, f"Goblin {i + 1}", 6 + i % 5, list(CONDITIONS[:conditions]))
                     for i in range(combatants)]
        self.log_lines = [f"› action {i + 1}" for i in range(log_lines)]
        self.active = 0

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield DataTable(id="initiative", cursor_type="row")
            with VerticalScroll(id="sheet"):
                yield Static(id="sheet-text")
        yield RichLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(" ", "Init", "Name", "HP", "Conditions")
        for i, (init, name, hp, conds) in enumerate(self.rows):
            table.add_row(*self._cells(i), key=str(i))
        log = self.query_one(RichLog)
        for line in self.log_lines[-50:]:  # a log pane keeps what a GM scrolls back to read
            log.write(line)
        self._draw()

    def _cells(self, i: int) -> tuple[str, ...]:
        init, name, hp, conds = self.rows[i]
        return ("▶" if i == self.active else " ", str(init), name, "█" * hp + f" {hp}/{hp}",
                " ".join(f"[{c}]" for c in conds))

    def _draw(self) -> None:
        init, name, hp, conds = self.rows[self.active]
        self.query_one("#sheet-text", Static).update(
            f"{name}  init {init}\nHP {'█' * hp} {hp}/{hp}\n\nConditions\n" + "\n".join(f"• {c}" for c in conds))

    def action_next(self) -> None:
        if not self.rows:
            return
        table = self.query_one(DataTable)
        old, self.active = self.active, (self.active + 1) % len(self.rows)
        for i in (old, self.active):
            table.update_cell(str(i), table.ordered_columns[0].key, self._cells(i)[0])
        table.move_cursor(row=self.active)
        self.query_one(RichLog).write(f"› next: {self.rows[self.active][1]}'s turn")
        self._draw()

    def action_nothing(self) -> None:
        pass


if __name__ == "__main__":
    counts = [int(a) for a in sys.argv[1:4]] + [30, 0, 20][len(sys.argv[1:4]):]
    BareApp(*counts).run()
