"""After the fight: its summary in the console, and the party write-back offered.

The lines are the ones ``show`` and ``post`` print (``engine.views.post.after_the_fight`` over
``engine.views.aftermath``'s tally, with the players' filter): rounds, who fell, damage dealt and
taken, the biggest hit, the XP for each PC, the conditions that outlast the fight. What the
table keeps from the players (a foe's numbers) is not on it, so the GM can turn the laptop
round or read it out. ``P`` writes what lasted of the PCs back to the party (the same path as
the encounter screen's ``P`` and ``gm-console party update``); Esc goes back to the encounter.
"""

from __future__ import annotations

from rich.console import Group
from textual.app import ComposeResult
from textual.binding import BindingsMap
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from gm_console.engine.views.aftermath import fight_summary
from gm_console.engine.views.post import PLAIN, after_the_fight
from gm_console.i18n import _, render

from ..bindings import SUMMARY_KEYS, bindings_for, shown_key
from ..footer import FittedFooter
from ..safe import plain, visible

#: what the screen answers: the GM asked for the write-back
PARTY = "party"


def summary_lines(encounter, lang: str) -> list[str]:
    """The summary of the last fight as ``show`` gives it to the GM (this is the GM's screen: every
    figure, what each PC dealt to foes included), without markup; [] before a fight. The players'
    version is ``post``'s."""
    s = fight_summary(encounter.history, encounter.ruleset, encounter.options, players=False)
    if s is None:
        return []
    return after_the_fight(s, encounter.ruleset, lang, PLAIN)


def damage_charts(encounter, lang: str, width: int = 30) -> list:
    """The last fight's damage by round and by combatant, as bars (tui/chart.py); [] when no
    damage was dealt."""
    from ..chart import bars

    s = fight_summary(encounter.history, encounter.ruleset, encounter.options, players=False)
    if s is None:
        return []
    out = []
    by_round = [(render(_("Round {n}", n=r), lang), n) for r, n in sorted(s.by_round.items())]
    dealt = sorted(((visible(t.name), t.dealt) for t in s.tallies.values() if t.dealt), key=lambda row: -row[1])
    if by_round:
        out.append(bars(render(_("Damage by round"), lang), by_round, width))
    if dealt:
        out.append(bars(render(_("Damage dealt by combatant"), lang), dealt, width))
    return out


class SummaryScreen(ModalScreen[str | None]):
    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > VerticalScroll {
        width: 90; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    SummaryScreen #summary-title { text-style: bold; color: $accent; }
    SummaryScreen #party-offer { color: $warning; margin-top: 1; }
    SummaryScreen #summary-chart { margin-top: 1; }
    """

    def __init__(self, encounter, lang: str = "en", party: str | None = None) -> None:
        """``encounter``: what the fight is read from (its ``history``, ``ruleset`` and
        ``options``): the screen's Controller, or an Encounter."""
        super().__init__()
        self.lang = lang
        self.party = party
        self.lines = summary_lines(encounter, lang)
        self.charts = damage_charts(encounter, lang)
        self._bindings = BindingsMap(bindings_for(SUMMARY_KEYS, lang))

    def compose(self) -> ComposeResult:
        lines = list(self.lines) or [render(_("After the fight"), self.lang)]
        with VerticalScroll():
            yield Static(plain(lines[0]), id="summary-title")
            # no blank lines between its parts: the whole summary fits 80x24
            yield Static(plain("\n".join(line for line in lines[1:] if line.strip())), id="summary")
            if self.party:
                key = shown_key(self.app, "summary_party")
                yield Static(plain(render(_("{key}: write what lasted of the PCs back to the party {party}",
                                            key=key, party=self.party), self.lang)), id="party-offer")
            if self.charts:  # bars, where a GM would rather look than read; below what a key does
                spaced = [part for chart in self.charts for part in (chart, "")][:-1]
                yield Static(Group(*spaced), id="summary-chart")
        yield FittedFooter(compact=True, show_command_palette=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "party":
            return True if self.party else False  # no party: no key that can only be refused
        return True

    def action_party(self) -> None:
        self.dismiss(PARTY)

    def action_close(self) -> None:
        self.dismiss(None)
