"""Terminal bar charts, drawn with Rich: damage by round and by combatant, in the summary
after a fight and in ``gm-console stats``.

Rich, not a plotting library: Rich is already here (Textual draws with it), a bar is a run
of block characters with eighths for the fraction, and it prints the same in the console's
summary screen, a plain terminal, a pipe and a forum's code block. A plotting library for
terminals (plotext and the like) would add a dependency, its own colours and axes to keep
readable in 80 columns, for two horizontal bar charts.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(value: int, most: int, width: int) -> str:
    """``value`` of ``most`` as ``width`` cells of blocks, to the eighth of a cell; a value
    above 0 shows at least a sliver."""
    if most <= 0 or value <= 0:
        return ""
    eighths = max(1, round(value * width * 8 / most))
    full, part = divmod(eighths, 8)
    return "█" * full + (EIGHTHS[part] if part else "")


def bars(title: str, rows: list[tuple[str, int]], width: int = 30) -> Table:
    """A titled chart: one row per (label, value), the longest bar ``width`` cells."""
    grid = Table.grid(padding=(0, 1))
    grid.title = title
    grid.title_justify = "left"
    grid.title_style = "bold"
    grid.add_column(no_wrap=True, max_width=20, overflow="ellipsis")
    grid.add_column(no_wrap=True, min_width=width)
    grid.add_column(justify="right", no_wrap=True)
    most = max((v for _label, v in rows), default=0)
    for label, value in rows:
        grid.add_row(Text(label), Text(bar(value, most, width), style="cyan"), Text(str(value)))
    return grid
