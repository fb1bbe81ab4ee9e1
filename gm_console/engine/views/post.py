"""The round report for a play-by-post game, ready to paste: BBCode (phpBB-style forums) or
Markdown, in English or Spanish (docs/players.md §5).

Everything in it comes through the players' filter (``engine.views.players_filter``): the initiative as
the players see it, each turn's lines with their dice, the damage and healing, who is down,
and, when the range holds the end of a fight, the summary after the fight. What the GM typed
(names, notes) is escaped, so it is never read as forum markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from gm_console.i18n import C_, Named, _, _n, grouped, render

from . import aftermath
from ..core.contract import Ruleset
from ..rules.durations import wall_time
from .players_filter import (Line, Walk, health_figures, health_text, health_word, in_full, lines, roster, shown_active,
                             visible_conditions)
from ..core.told import gender_of
from ..core.words import life as life_word

FORMATS = ("bbcode", "markdown")


class PostError(ValueError):
    """A round the log does not hold."""


# -- the two markups --------------------------------------------------------------------------


@dataclass(frozen=True)
class Markup:
    heading: Callable[[str], str]
    bold: Callable[[str], str]
    italic: Callable[[str], str]
    items: Callable[[list[str]], str]
    escape: Callable[[str], str]


def _bb_escape(text: str) -> str:
    """A `[` followed by a zero-width space is no tag to a phpBB parser, and reads the same."""
    return str(text).replace("[", "[\u200b")


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<#|~])")


def _md_escape(text: str) -> str:
    out = _MD_SPECIAL.sub(r"\\\1", str(text))
    return re.sub(r"^(\s*)([-=+>]|\d+\.)", lambda m: m.group(1) + "\\" + m.group(2), out)


BBCODE = Markup(
    heading=lambda t: f"[size=150][b]{t}[/b][/size]",
    bold=lambda t: f"[b]{t}[/b]",
    italic=lambda t: f"[i]{t}[/i]",
    items=lambda xs: "[list]\n" + "\n".join(f"[*]{x}" for x in xs) + "\n[/list]" if xs else "",
    escape=_bb_escape,
)
MARKDOWN = Markup(
    heading=lambda t: f"## {t}",
    bold=lambda t: f"**{t}**",
    italic=lambda t: f"*{t}*",
    items=lambda xs: "\n".join(f"- {x}" for x in xs),
    escape=_md_escape,
)
MARKUPS = {"bbcode": BBCODE, "markdown": MARKDOWN}
#: no markup at all: the console's own summary screen draws the lines as they are
PLAIN = Markup(
    heading=lambda t: t,
    bold=lambda t: t,
    italic=lambda t: t,
    items=lambda xs: "\n".join(f"• {x}" for x in xs),
    escape=str,
)


# -- which actions --------------------------------------------------------------------------


def span(entries, round: int | None = None, since: int | None = None) -> tuple[int, int, int, int]:
    """(first, last + 1, first round, last round): the actions of one round (the last time
    the log reached it), or from a round to the end; without either, the current round."""
    if not entries:
        raise PostError(_("post: the log is empty; nothing has happened yet"))
    wanted = since if since is not None else (round if round is not None else entries[-1].round)
    last = max((i for i, e in enumerate(entries) if e.round == wanted), default=None)
    if last is None:
        rounds = sorted({e.round for e in entries})
        raise PostError(_("post: no round {n} in the log; rounds: {rounds}", n=wanted,
                          rounds=", ".join(str(r) for r in rounds)))
    first = last
    while first > 0 and entries[first - 1].round == wanted:
        first -= 1
    stop = len(entries) if since is not None else last + 1
    return first, stop, wanted, entries[stop - 1].round


# -- the report -----------------------------------------------------------------------------


def report(entries, ruleset: Ruleset, options: dict | None = None, name: str = "", fmt: str = "markdown",
           lang: str = "en", round: int | None = None, since: int | None = None) -> str:
    m = MARKUPS[fmt]
    esc = m.escape
    first, stop, r0, r1 = span(entries, round, since)
    t = lambda msg: render(msg, lang)  # noqa: E731
    title = t(_("Round {n}", n=r0)) if r0 == r1 else t(_("Rounds {first} to {last}", first=r0, last=r1))
    out = [m.heading(f"{esc(name)} — {title}" if name else title), ""]

    walk = Walk(ruleset, options)
    for entry in entries[:stop]:
        walk.step(entry.events)
    state = walk.state
    out += [m.bold(t(_("Initiative"))), m.items(_initiative(state, ruleset, lang, m)), ""]

    story = [ln for ln in lines(entries[:stop], ruleset, options, lang, start=first) if ln.kind != "round"]
    names = {c.id: c.name for c in (walk.combatant(cid) for cid in {*state.combatants, *walk.gone}) if c}
    for rnd in dict.fromkeys(ln.round for ln in story):
        if r0 != r1:
            out += [m.bold(t(_("Round {n}", n=rnd))), ""]
        for who, group in _by_turn([ln for ln in story if ln.round == rnd]):
            head = t(C_("post", "{name}'s turn", name=names.get(who, who))) if who else t(_("Start of the round"))
            out += [m.italic(esc(head)) if who is None else m.bold(esc(head)),
                    m.items([esc(ln.text) for ln in group]), ""]

    s = aftermath.tally(entries, ruleset, options, first, stop, players=True)
    rows = _tally_rows(s, lang, esc)
    if rows:
        out += [m.bold(t(_("Damage and healing"))), m.items(rows), ""]
    down = [c for c in roster(state) if health_word(ruleset, c) == "down"]
    if down:
        out += [m.bold(t(_("Down")) + ":") + " " + ", ".join(esc(_down_text(ruleset, c, lang)) for c in down), ""]
    fight = aftermath.last_fight(entries)
    if fight is not None and fight[2] and first < fight[1] <= stop:
        out += after_the_fight(aftermath.tally(entries, ruleset, options, fight[0], fight[1], players=True),
                               ruleset, lang, m)
    return "\n".join(x for x in _squeeze(out)).strip() + "\n"


def _tally_rows(s: aftermath.Summary, lang: str, esc) -> list[str]:
    """One line per combatant something happened to, with only the figures its reader may know:
    for the players, no "dealt" for a PC whose hits were on foes the table keeps the numbers of
    (Kyra's 8 to a goblin is not "dealt 0"), nor "took" for such a foe."""
    rows = []
    for x in s.tallies.values():
        parts = []
        if not x.dealt_untold:
            parts.append((x.dealt, _("dealt {n}", n=x.dealt)))
        if not x.taken_untold:
            parts += [(x.taken, _("took {n}", n=x.taken)), (x.healed, _("healed {n}", n=x.healed))]
        if any(n for n, _said in parts):
            said = ", ".join(render(msg, lang) for _k, msg in parts)
            rows.append(render(_("{name}: {figures}", name=esc(x.name), figures=said), lang))
    return rows


def after_the_fight(s: aftermath.Summary, ruleset: Ruleset, lang: str, m: Markup = MARKDOWN) -> list[str]:
    """The summary after a fight, for the GM (``show``) and the players (``post``)."""
    t = lambda msg: render(msg, lang)  # noqa: E731
    esc = m.escape
    names = {x.id: x.name for x in s.tallies.values()}
    total = s.total_time
    out = [m.heading(t(_("After the fight"))), "",
           t(_n_rounds(s.rounds)) + (" · " + t(_("{time} in all", time=wall_time(total))) if total is not None else "")
           + (" · " + t(_("fell: {names}", names=", ".join(esc(x.name) for x in s.fallen))) if s.fallen else ""), ""]
    rows = _tally_rows(s, lang, esc)
    if rows:
        out += [m.items(rows), ""]
    timed = [x for x in s.tallies.values() if x.turn_times]
    if timed:
        rows = [t(_n("{name}: {n} turn, {average} on average, the longest {longest}",
                     "{name}: {n} turns, {average} on average, the longest {longest}", len(x.turn_times),
                     name=esc(x.name), n=len(x.turn_times), average=wall_time(x.average_turn or 0),
                     longest=wall_time(x.longest_turn or 0))) for x in timed]
        out += [m.bold(t(_("Turn times"))), m.items(rows), ""]
    if s.biggest is not None:
        b = s.biggest
        if b.by:
            text = _("Biggest hit: {amount} by {by} to {target} (round {n})", amount=b.amount,
                     by=esc(names.get(b.by, b.by)), target=esc(names.get(b.target, b.target)), n=b.round)
        else:
            text = _("Biggest hit: {amount} to {target} (round {n})", amount=b.amount,
                     target=esc(names.get(b.target, b.target)), n=b.round)
        out += [t(text), ""]
    if s.lasting:
        rows = [esc(f"{x.name}: {_cond_text(ruleset, x, lang)}") for x in s.lasting]
        out += [m.bold(t(_("Conditions that outlast the fight"))), m.items(rows), ""]
    if s.awards:
        rows = [t(_("{name} (CR {cr}): {xp} XP", name=esc(a.name), cr=a.cr or "?", xp=_number(a.xp, lang)))
                for a in s.awards]
        total = t(_("Total {xp} XP", xp=_number(s.xp_total, lang)))
        if s.xp_each is not None:
            total += " · " + t(_("{xp} XP each for {n} PCs", xp=_number(s.xp_each, lang), n=s.pcs))
        out += [m.bold(t(_("Experience"))), m.items(rows), "", total, ""]
    return out


def _number(n: int, lang: str) -> str:
    return render(grouped(n), lang)


def _n_rounds(n: int):
    return _n("{n} round", "{n} rounds", n)


def _cond_text(ruleset: Ruleset, x: aftermath.Lasting, lang: str) -> str:
    text = ruleset.conditions.catalogue.define(x.cond).name(lang)
    if x.value is not None:
        text += f" {x.value}"
    if x.rounds is not None:
        text += " (" + render(_("{n}r", n=x.rounds), lang) + ")"
    return text


def _initiative(state, ruleset: Ruleset, lang: str, m: Markup) -> list[str]:
    active = shown_active(state)
    rows = []
    for c in roster(state):
        init = "-" if c.initiative is None else (int(c.initiative) if float(c.initiative).is_integer() else c.initiative)
        name = m.escape(c.name)
        name = m.bold(name) if c.id == active else name
        if in_full(c):
            parts = health_figures(ruleset, c, lang)
            if c.life != "ok":
                parts.append(render(life_word(c.life, Named(c.name, gender_of(c))), lang))
        else:
            parts = [health_text(health_word(ruleset, c), lang)] if health_word(ruleset, c) else []
        conds = [m.escape(ruleset.conditions.catalogue.define(i.cond).name(lang)
                          + (f" {i.value}" if i.value is not None else "")
                          + (f" ({i.rounds}r)" if i.rounds is not None else ""))
                 for i in visible_conditions(ruleset, c)]
        marker = "▶ " if c.id == active else ""
        rows.append(f"{marker}{init} {name}" + (" — " + " · ".join(parts + conds) if parts or conds else ""))
    return rows


def _down_text(ruleset: Ruleset, c, lang: str) -> str:
    if in_full(c) and c.life != "ok":
        return f"{c.name} ({render(life_word(c.life, Named(c.name, gender_of(c))), lang)})"
    return c.name


def _by_turn(story: list[Line]) -> list[tuple[str | None, list[Line]]]:
    groups: list[tuple[str | None, list[Line]]] = []
    for ln in story:
        if ln.kind == "turn" or not groups:
            groups.append((ln.turn if ln.kind == "turn" else None, []))
            if ln.kind == "turn":
                continue
        groups[-1][1].append(ln)
    return [(who, group) for who, group in groups if group or who]


def _squeeze(lines_: list[str]) -> list[str]:
    """No runs of blank lines (an empty list leaves one)."""
    out: list[str] = []
    for line in lines_:
        if line == "" and (not out or out[-1] == ""):
            continue
        out.append(line)
    return out
