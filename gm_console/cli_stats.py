"""``gm-console stats``: a campaign's record, per PC and for the party (docs/stats.md).

    gm-console stats [--party NAME] [--since DATE] [--json | --markdown] [PATHS...]

Reads the saves of the data folder and any paths given (storage/campaign.py), adds up every
fight's summary (engine/views/record.py) and prints a table and two charts (tui/chart.py), JSON for
scripts or Markdown for a forum. A save that cannot be read is one line on stderr.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Callable

from gm_console.i18n import Msg, _, _n, grouped, render


def add_parser(sub, lang_too, h) -> None:
    st = sub.add_parser("stats", parents=[lang_too],
                        help=h(_("a campaign's record: per PC and for the party, from the saves")))
    st.add_argument("paths", metavar="PATH", nargs="*", type=Path,
                    help=h(_("saves or folders of saves to read besides the data folder's")))
    st.add_argument("--party", metavar="NAME", default=None,
                    help=h(_("only the saves made for that party (new --party NAME)")))
    st.add_argument("--since", metavar="DATE", default=None,
                    help=h(_("only the fights from that date on (YYYY-MM-DD)")))
    fmt = st.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true")
    fmt.add_argument("--markdown", action="store_true", help=h(_("Markdown, to paste into a forum")))


def run(args, lang: str, out: Callable[..., None], err: Callable[[str], None]) -> int:
    from gm_console.storage import campaign

    since = campaign.parse_since(args.since) if args.since else None
    found = campaign.read(campaign.save_paths(args.paths), party=args.party, since=since)
    for skip in found.skipped:
        why = render(skip.why, lang) if isinstance(skip.why, Msg) else skip.why
        err(render(_("skipped: {why}", why=why) if str(skip.path) in why else
                   _("skipped {path}: {why}", path=skip.path, why=why), lang))
    record = found.record
    if args.json:
        data = record.as_dict()
        data["skipped"] = [{"path": str(s.path), "why": render(s.why, lang) if isinstance(s.why, Msg) else s.why}
                           for s in found.skipped]
        out(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    if not record.party.fights:
        read = len(found.skipped) + record.saves
        out(render(_n("no fights found in {n} save", "no fights found in {n} saves", read, n=read), lang))
        return 0
    if args.markdown:
        out(markdown(record, lang), end="")
    else:
        out(text(record, lang), end="")
    return 0


def _heads(record, lang: str) -> list[str]:
    t = lambda msg: render(msg, lang)  # noqa: E731
    return [t(_("PC")), t(_("Fights")), t(_("Rounds")), t(_("Dealt")), t(_("Taken")), t(_("Knockouts")),
            t(_("Foes felled")), *(t(_("{pool} spent", pool=label)) for label in record.labels.values()),
            t(_("XP")), t(_("Average turn"))]


def _cells(line, record, lang: str) -> list[str]:
    from gm_console.engine.rules.durations import wall_time

    average = render(wall_time(line.seconds / line.turns), lang) if line.turns else "-"
    xp = render(grouped(line.xp), lang)  # 1,200 / 1.200, as the summary writes it
    return [str(line.fights), str(line.rounds), str(line.dealt), str(line.taken), str(line.knockouts),
            str(line.felled), *(str(line.spent.get(key, 0)) for key in record.labels), xp, average]


def _rows(record, lang: str) -> list[list[str]]:
    rows = [[line.name, *_cells(line, record, lang)] for line in record.pcs.values()]
    rows.append([render(_("Party"), lang), *_cells(record.party, record, lang)])
    return rows


def _title(record, lang: str) -> str:
    return render(_n("A campaign's record: {n} fight", "A campaign's record: {n} fights", record.party.fights,
                     n=record.party.fights), lang) + " · " + render(_n("{n} save", "{n} saves", record.saves,
                                                                      n=record.saves), lang)


def charts(record, lang: str) -> list:
    """Damage by round and damage dealt by combatant, as Rich bar charts."""
    from gm_console.tui.chart import bars

    by_round = [(render(_("Round {n}", n=r), lang), n) for r, n in sorted(record.by_round.items())]
    dealt = sorted(((record.names[k], n) for k, n in record.dealt_by.items()), key=lambda row: -row[1])[:15]
    out = []
    if by_round:
        out.append(bars(render(_("Damage by round"), lang), by_round))
    if dealt:
        out.append(bars(render(_("Damage dealt by combatant"), lang), dealt))
    return out


def _plain(renderables: list, width: int = 100) -> str:
    """Rich renderables as plain text (no colour: the CLI's output is escaped, and piped)."""
    from rich.console import Console

    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False,
                      legacy_windows=False, emoji=False, highlight=False)
    for r in renderables:
        console.print(r)
        console.print()
    return "\n".join(line.rstrip() for line in console.file.getvalue().split("\n"))


def text(record, lang: str) -> str:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(box=box.SIMPLE_HEAD, title=_title(record, lang), title_justify="left", title_style="bold")
    for i, head in enumerate(_heads(record, lang)):
        table.add_column(head, justify="left" if i == 0 else "right", no_wrap=i == 0, max_width=24 if i == 0 else None)
    rows = _rows(record, lang)
    for i, row in enumerate(rows):
        table.add_row(*(Text(cell) for cell in row), end_section=i == len(rows) - 2)
    return _plain([table, *charts(record, lang)])


def markdown(record, lang: str) -> str:
    """A Markdown table and the charts in a code block (forums keep a code block's spacing)."""
    def cell(value: str) -> str:
        return value.replace("|", "\\|").replace("\n", " ")

    heads = _heads(record, lang)
    lines = [f"**{cell(_title(record, lang))}**", "", "| " + " | ".join(heads) + " |",
             "|" + "---|" + "---:|" * (len(heads) - 1)]
    for row in _rows(record, lang):
        lines.append("| " + " | ".join(cell(c) for c in row) + " |")
    drawn = charts(record, lang)
    if drawn:
        lines += ["", "```", _plain(drawn, width=80).rstrip("\n"), "```"]
    return "\n".join(lines) + "\n"
