"""Views of the state for scripts and people: the JSON contract and a Markdown summary."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from gm_console.i18n import C_, Named, _, _n, render

from ..core import events as ev
from . import players_filter as player_view
from ..core import told
from .aftermath import fight_summary, summary_dict
from ..rules.attack_flow import listed
from ..rules.checks import recent_checks
from ..core.contract import Ruleset
from ..core.state import Combatant, EncounterState
from ..core.text import whole
from ..core.words import SIDE
from ..core.words import life as life_word

T = TypeVar("T")



def reading(ask: Callable[[], T], default: T) -> T:
    """A ruleset's reading hook (figures, status lines, warnings) for a view of a state that
    replayed: a save edited by hand can hold a ruleset's private mark of the wrong shape, and
    `show` must still print what it can rather than a traceback (the TUI logs the same case)."""
    try:
        return ask()
    except Exception:  # noqa: BLE001 - a view of a replayed save never fails on a plugin's reading
        return default


def combatant_dict(state: EncounterState, ruleset: Ruleset, c: Combatant) -> dict[str, Any]:
    """One combatant as the GM sees it: everything (the players' view is ``players.combatant_view``)."""
    effective = {name: fig.value for name, fig in reading(lambda: ruleset.sheet.effective(state, c), {}).items()}
    return {
        "id": c.id,
        "name": c.name,
        "side": c.side,
        "category": c.category,
        "initiative": whole(c.initiative),
        "life": c.life,
        "pools": {name: {"value": p.value, "max": p.max} for name, p in c.pools.items()},
        "conditions": [_condition(inst) for inst in c.conditions],
        "stats": dict(c.stats),
        "effective": effective,
        "attacks": reading(lambda: listed(ruleset.sheet.attack_rules(), state, c), []),
        "status": [render(x) for x in reading(lambda: ruleset.sheet.status(state, c), [])],
    }


def _condition(inst) -> dict[str, Any]:
    out: dict[str, Any] = {"id": inst.cond, "rounds": inst.rounds}
    if inst.value is not None:
        out["value"] = inst.value
    if inst.clock:
        out["clock"] = inst.clock
    if inst.source:
        out["source"] = inst.source
    if inst.mods:
        out["mods"] = dict(inst.mods)
    if inst.mod_types:
        out["mod_types"] = dict(inst.mod_types)
    if inst.save:
        out["save"] = {"what": inst.save, "dc": inst.dc, "at": inst.save_at}
    if inst.note:
        out["note"] = inst.note
    return out


def state_dict(state: EncounterState, ruleset: Ruleset, players: bool = False, entries=None,
               options: dict | None = None) -> dict[str, Any]:
    """The state for scripts; with the log (``entries``), the summary of the last fight too."""
    out = player_view.state_view(state, ruleset) if players else _gm_state(state, ruleset)
    if not players:  # the GM's alone: hidden foes count in it
        found = reading(lambda: ruleset.difficulty(state), None)
        out["difficulty"] = found.as_dict() if found is not None else None
    if entries is not None:
        out["summary"] = summary_dict(fight_summary(entries, ruleset, options, players))
    return out


def _gm_state(state: EncounterState, ruleset: Ruleset) -> dict[str, Any]:
    return {
        "ruleset": ruleset.id,
        "round": state.round,
        "in_combat": state.in_combat,
        "surprise_round": state.surprise_round,
        "active": state.active,
        "order": state.acting_order(),
        "delayed": list(state.delayed),
        "delay_counts": {cid: whole(d.count) for cid, d in state.delayed.items() if d.count is not None},
        "readied": {cid: r.trigger for cid, r in state.readied.items()},
        "time_seconds": state.seconds,
        "options": dict(state.options),
        "combatants": [combatant_dict(state, ruleset, c) for c in _roster(state)],
        "pending": [p.render() for p in reading(lambda: ruleset.warnings(state), [])],
        "checks": recent_checks(state),
    }


def _roster(state: EncounterState) -> list[Combatant]:
    """Acting order first, then delaying ones, then those without initiative."""
    seen: list[str] = []
    for cid in state.order:
        if cid in state.combatants and cid not in seen:
            seen.append(cid)
    for cid in state.combatants:
        if cid not in seen:
            seen.append(cid)
    return [state.combatants[cid] for cid in seen]


def markdown(state: EncounterState, ruleset: Ruleset, name: str = "", players: bool = False,
             lang: str = "en", entries=None, options: dict | None = None) -> str:
    t = lambda msg: render(msg, lang)  # noqa: E731
    hidden = set(player_view.secret_keys(ruleset)) if players else set()
    active = player_view.shown_active(state) if players else state.active
    title = name or t(_("Encounter"))
    lines = [f"# {title} ({ruleset.name})", ""]
    if state.in_combat:
        who = state.combatants[active].name if active in state.combatants else "-"
        lines.append(t(_("**Round {n}** · turn of **{name}**", n=state.round, name=who)))
    else:
        lines.append(t(_("_No combat running_")))
    heads = [t(x) for x in (_("Init"), _("Name"), _("State"), _("Pools"), _("Conditions"))]
    lines += ["", "| # | " + " | ".join(heads) + " |", "|---|---|---|---|---|---|"]
    for i, c in enumerate(player_view.roster(state) if players else _roster(state), 1):
        marks = []
        if c.id == active:
            marks.append("▶")
        if c.hidden:  # only the GM's view lists them
            marks.append(t(C_("mark", "hidden")))
        if c.id in state.delayed:
            marks.append(t(C_("mark", "delaying")))
        if c.id in state.readied:
            marks.append(t(C_("mark", "ready: {trigger}", trigger=state.readied[c.id].trigger)))
        pools = ", ".join(f"{_label(ruleset, k, lang)} {p.value}/{p.max}" if p.max is not None
                          else f"{_label(ruleset, k, lang)} {p.value}" for k, p in c.pools.items() if k not in hidden)
        if players and not player_view.in_full(c):
            pools = player_view.health_text(player_view.health_word(ruleset, c), lang)
        shown = player_view.visible_conditions(ruleset, c) if players else c.conditions
        conds = ", ".join(_cond_text(ruleset, inst, lang) for inst in shown)
        init = whole(c.initiative) if c.initiative is not None else "-"
        name = c.name + (f" ({render(SIDE['pc'], lang)})" if c.is_pc else "")
        life = render(life_word(c.life, Named(c.name, told.gender_of(c))), lang) \
            if not players or player_view.in_full(c) else ""
        state_text = " · ".join(x for x in [life, *marks] if x)
        lines.append(f"| {i} | {init} | {name} | {state_text} | {pools} | {conds} |")
    if players:
        notes = reading(lambda: player_view.pending_texts(state, ruleset, lang), [])
    else:
        notes = [p.render(lang) for p in reading(lambda: ruleset.warnings(state), [])]
    if notes:
        lines += ["", "**" + t(_("Warnings")) + "**"]
        lines += [f"- {text}" for text in notes]
    found = None if players else reading(lambda: ruleset.difficulty(state), None)
    if found is not None:
        lines += ["", t(_("**Difficulty**: {summary}", summary=found.summary))]
        lines += [f"- {t(line)}" for line in found.why]
    fight = fight_summary(entries, ruleset, options, players) if entries is not None else None
    if fight is not None and fight.ended:
        from .post import after_the_fight

        lines += ["", *after_the_fight(fight, ruleset, lang)]
    return "\n".join(lines).rstrip("\n") + "\n"


def _cond_text(ruleset: Ruleset, inst, lang: str) -> str:
    d = ruleset.conditions.catalogue.define(inst.cond)
    text = d.name(lang)
    if inst.value is not None:
        text += f" {inst.value}"
    if inst.rounds is not None:
        text += " " + render(_n("({n} round)", "({n} rounds)", inst.rounds), lang)
    return text


def _label(ruleset: Ruleset, key: str, lang: str) -> str:
    """A pool's short name, the sheet's (PG, as the log and every pane say it)."""
    return player_view.pool_label(ruleset, key, lang)


def play_log(entries, state: EncounterState, ruleset: Ruleset, lang: str = "en",
             players: bool = False, options: dict | None = None) -> str:
    """The encounter's story, grouped by round: each action as typed, then what it did.
    ``options``: the save's ``[options]`` as the log starts (each line is read with the options
    of its moment: damage dealt to foes before the table chose to show it stays a word)."""
    from .describe import describe_events

    out: list[str] = []
    current = None
    if players:  # what the table saw happen, not what the GM typed (hero=3...)
        if options is None:  # the options before the log changed any of them
            changed = {e.key for entry in entries for e in entry.events if isinstance(e, ev.OptionSet)}
            options = {k: v for k, v in state.options.items() if k not in changed}
        for ln in player_view.lines(entries, ruleset, options, lang):
            if ln.round != current:
                current = ln.round
                out += ["", "## " + _round_title(current, lang), ""]
            out.append(f"- {ln.text}")
        return "\n".join(out).strip() + "\n"
    for entry in entries:
        if entry.round != current:
            current = entry.round
            out += ["", f"## {_round_title(current, lang)}", ""]
        lines = [text for _, text in describe_events(entry.events, state, ruleset, lang, players)]
        out.append(f"- `{entry.line}`")
        out += [f"  - {ln}" for ln in lines]
    return "\n".join(out).strip() + "\n"


def _round_title(n: int, lang: str) -> str:
    return render(_("Round {n}", n=n) if n else _("Before combat"), lang)
