"""How the state looks: bars, colours, labels. Pure functions of state + ruleset.

Widgets call these so that every pane draws a combatant the same way, for
any ruleset, from what the ruleset describes (its stat block, catalogue and
figures). Nothing here decides a rule; it only chooses glyphs and colours.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text

from gm_console.engine.core.contract import Difficulty, Ruleset, StatField
from gm_console.engine.views.timeline import UNTIL_FIRST_TURN
from gm_console.i18n import render
from gm_console.engine.core.state import Combatant, ConditionInstance, EncounterState, Pool
from .guard import ask

LIFE_STYLE = {
    "ok": "green",
    "disabled": "yellow",
    "staggered": "yellow",
    "unconscious": "magenta",
    "dying": "bold red",
    "stable": "cyan",
    "dead": "bright_black",
}
# single-width glyphs only: emoji such as ⚡ or ⏸ are two cells in many terminals
ACTIVE_GLYPH = "▶"
DELAY_GLYPH = "‖"
READY_GLYPH = "»"
STATUS_GLYPH = "†"
MARK_GLYPH = "✓"
HIDDEN_GLYPH = "◌"  # hidden from the players (hide/reveal): the GM's screen only
HIDDEN_STYLE = "bold magenta"
SHARED_MARK_GLYPH = "▫"  # a mark several carry until they act (flat-footed): told once, above the order
ACTIVE_BG = "on #1e4028"
SELECTED_BG = "on #34346a"
MARKED_BG = "on #4a3c12"
SIDE_GLYPH = {"pc": "◆", "ally": "◇", "foe": "●"}
SIDE_STYLE = {"pc": "bold cyan", "ally": "green", "foe": "red"}
def health_pools(ruleset: Ruleset) -> tuple[str, ...]:
    """The pools drawn as health bars: the ruleset says which (``Ruleset.health_pools``)."""
    return ask("health pools", lambda: tuple(ruleset.sheet.health_pools()), ())


def field_label(ruleset: Ruleset, key: str, lang: str, short: bool = False) -> str:
    """A pool's or stat's name: short (``HP``/``PG``, as the log says it, from ``Sheet.label``)
    or the stat block's full one (``Hit points``)."""
    if short:
        return label(ruleset, key, lang)
    f = ruleset.sheet.fields.get(key)
    if f is None:
        return label(ruleset, key, lang)
    return f.label(lang)


def label(ruleset: Ruleset, key: str, lang: str) -> str:
    """A figure's or pool's short name in the GM's language (``AC``, ``CA``, ``toque``)."""
    found = ask("a figure's label", lambda: ruleset.sheet.label(key), None)
    if found is None or found == "":
        from gm_console.engine.core.labels import short_label

        found = short_label(key)
    return render(found, lang)


def is_gm_only(ruleset: Ruleset, key: str) -> bool:
    return key in ruleset.sheet.gm_only_fields()


def fraction(pool: Pool) -> float:
    if not pool.max:
        return 1.0 if pool.value > 0 else 0.0
    return max(0.0, min(1.0, pool.value / pool.max))


def bar_style(c: Combatant, pool: Pool) -> str:
    if c.life != "ok":
        return LIFE_STYLE.get(c.life, "white")
    f = fraction(pool)
    if f > 0.5:
        return "green"
    if f > 0.25:
        return "yellow"
    return "red"


def bar(c: Combatant, pool: Pool, width: int) -> Text:
    """A health bar: filled cells in the state's colour, the rest dim."""
    width = max(1, width)
    filled = round(fraction(pool) * width)
    if pool.value > 0 and filled == 0:
        filled = 1
    style = bar_style(c, pool)
    text = Text("█" * filled, style=style)
    text.append("░" * (width - filled), style="bright_black")
    return text


def pool_numbers(pool: Pool) -> str:
    return f"{pool.value}/{pool.max}" if pool.max is not None else str(pool.value)


def cond_name(ruleset: Ruleset, cond: str, lang: str) -> str:
    return ruleset.conditions.catalogue.define(cond).name(lang)


def cond_badge(ruleset: Ruleset, inst: ConditionInstance, lang: str, short: bool = False) -> str:
    name = cond_name(ruleset, inst.cond, lang)
    if short and len(name) > 10:
        name = name[:9] + "…"
    if inst.value is not None:
        name += f" {inst.value}"
    if inst.rounds is not None:
        name += f" {inst.rounds}r"
    return name


#: conditions that change what a combatant can do before it acts: drawn first, in their own colour
EARLY_MARKS = UNTIL_FIRST_TURN


def badge_style(inst: ConditionInstance) -> str:
    if inst.cond in EARLY_MARKS:
        return "bold yellow"
    return "magenta"


def short_name(name: str, width: int) -> str:
    """Cut a long name but keep what tells it apart: "Space Pirate 12" -> "Space Pi… 12"."""
    if len(name) <= width:
        return name
    head, _, tail = name.rpartition(" ")
    if head and (tail.isdigit() or len(tail) == 1) and width > len(tail) + 3:
        return head[: width - len(tail) - 2] + "… " + tail
    return name[: width - 1] + "…"


def name_of(state: EncounterState, cid: str | None) -> str:
    """A combatant's name; one removed since keeps it (``state.retired``)."""
    if cid and cid in state.combatants:
        return state.combatants[cid].name
    if cid and cid in state.retired:
        return state.retired[cid]
    return cid or "-"


def num(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def stat_value(value: Any, f: StatField | None = None, lang: str = "en") -> str:
    """A stat's value as the sheet writes it: yes/no as ✓/✗, a choice or a list's elements by
    the names the game declares for them in ``lang`` (``f.value_term``), else as stored."""
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if f is not None:
        named = ask("a stat's value", lambda: f.value_term(value), value)
        if named is not value:
            return render(named, lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return num(value)


def action_budget(ruleset: Ruleset, state: EncounterState, c: Combatant) -> Sequence[Any]:
    """This turn's actions (standard/move/swift, major/minor) if the ruleset describes them.

    Expected items: objects or tuples with ``id``, ``en``, ``es`` and ``used``.
    """
    return ask("the action budget", lambda: tuple(ruleset.sheet.action_budget(state, c)), ())


def budget_item(item: Any, lang: str) -> tuple[str, str, bool]:
    """An action of the turn's budget: its id, its name in ``lang`` and whether it is spent
    (an ``ActionSlot``, or a plugin's plain ``(id, en, es, used)``)."""
    if isinstance(item, tuple):
        cid, en, es, used = (tuple(item) + ("", "", "", False))[:4]
        return str(cid), Term(str(en or cid), str(es or en or cid)).render(lang), bool(used)
    cid = str(getattr(item, "id", ""))
    if hasattr(item, "name"):
        return cid, item.name(lang) or cid, bool(getattr(item, "used", False))
    en = str(getattr(item, "en", "") or cid)
    return cid, Term(en, str(getattr(item, "es", "") or en)).render(lang), bool(getattr(item, "used", False))


def budget_command(ruleset: Ruleset, state: EncounterState, c: Combatant, item: Any) -> str | None:
    """The line that ticks an action off: the item's own ``command``, or ``use NAME ACTION``
    when the ruleset has a ``use`` verb. None: the ruleset only shows the budget."""
    own = getattr(item, "command", None)
    if own:
        return str(own)
    if any(verb.name == "use" for verb in ruleset.verbs()):
        from .lines import quote, ref

        return f"use {ref(state, c)} {quote(budget_item(item, 'en')[0])}"
    return None


def group_glyph(state: EncounterState, c: Combatant) -> str:
    """A bracket joining a group's rows in the order (┌ │ └), a space for everyone else."""
    from gm_console.engine.rules import groups

    gid = groups.group_of(c)
    if gid is None:
        return " "
    block = [cid for cid in state.order if groups.group_of(state.combatants.get(cid)) == gid
             and cid not in state.delayed] or groups.members(state, gid)
    if c.id not in block or len(block) < 2:
        return "·"
    i = block.index(c.id)
    return "┌" if i == 0 else ("└" if i == len(block) - 1 else "│")


def roster(state: EncounterState) -> tuple[list[str], list[str], list[str]]:
    """(acting order, delaying, without a place in the order) as ids."""
    acting = [cid for cid in state.acting_order() if cid in state.combatants]
    delaying = [cid for cid in state.order if cid in state.delayed and cid in state.combatants]
    delaying += [cid for cid in state.delayed if cid not in delaying and cid in state.combatants]
    placed = set(acting) | set(delaying)
    rest = [cid for cid in state.combatants if cid not in placed]
    return acting, delaying, rest


def difficulty_text(found: "Difficulty | None", lang: str) -> str:
    """The one line of an encounter's difficulty ("Difficulty: challenging: CR 2 (740 XP) against
    APL 1"), in the GM's language; "" when the game offers none."""
    if found is None:
        return ""
    from .ui_text import tr

    return tr(lang, "difficulty_line", summary=render(found.summary, lang))
