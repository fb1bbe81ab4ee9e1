"""Small helpers the rule modules share: the log, a d20 check, a die roll, a creature (not a vehicle),
a figure's value (read through the ruleset's sheet, so a module needs not import ``figures``)."""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState, Msg, RollResult, Ruleset, RulesError, record_check

from .i18n import _


def say(ctx: Context, who: Combatant | None, msg: Msg, rule: str = "", detail: "Msg | None" = None) -> None:
    """A log line about ``who`` (None: about the table), tagged with the rule it follows.

    Its arguments are typed (``named``, ``of``, ``dealt``, ``gm``, ``public``: who may read
    them); ``detail`` is what follows it in brackets for the GM, dropped alone when the
    players may not read it (a foe's threshold, a command hint), so the core still reaches them."""
    ctx.say(msg, rule=rule, who=who.id if who is not None else None, detail=detail)


def check(ctx: Context, bonus: int, purpose: "str | Msg", who: Combatant | None = None,
          given: int | None = None, *, what: str = "", dc: int | None = None, against: str = "",
          beat: bool = False) -> tuple[int, str]:
    """A d20 check: the GM's total when typed, else 1d20 + bonus (forced dice honoured).

    With ``what`` the check is kept in the state for scripts (``show --json`` checks); with
    ``dc`` its outcome too: success at ``dc`` or more (``beat``: only above it, as a defender's
    Piloting against a rammer's, whose ties go to the rammer).
    """
    if given is not None:
        total, text, dice = given, f"{given} (given)", ()
    else:
        expr = "1d20" if bonus == 0 else f"1d20{bonus:+d}"
        r: RollResult = ctx.roll(expr, purpose=purpose, who=who.id if who is not None else None)
        total, text, dice = r.total, r.text or f"{r.total}", r.naturals
    if what:
        outcome = None if dc is None else "success" if (total > dc if beat else total >= dc) else "failure"
        record_check(ctx, who, what, total, dice=dice, bonus=None if given is not None else bonus,
                     against=against or (f"DC {dc}" if dc is not None else ""), target=dc, outcome=outcome)
    return total, text


def roll(ctx: Context, expr: str, purpose: "str | Msg", who: Combatant | None = None) -> int:
    return ctx.roll(expr, purpose=purpose, who=who.id if who is not None else None).total


def creature(ctx: Context, ref: str) -> Combatant:
    """A combatant that must be a creature: vehicles have their own verbs."""
    c = ctx.combatant(ref)
    if c.category == "vehicle":
        raise RulesError(_("{name} is a vehicle; this takes a creature (vehicles: drive, race, ram, runover...)",
                           name=c.name))
    return c


def joined(items: "list[Msg | str]", sep: str = "; ") -> "Msg | str":
    """Several clauses as one message, each rendered in the reader's language: "SP 19→0; HP 24→0"."""
    items = [i for i in items if i]
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = _("{a}, {b}", a=out, b=item) if sep == ", " else _("{a}; {b}", a=out, b=item)
    return out


def value(rules: Ruleset, state: EncounterState, c: Combatant, fig: str) -> int:
    figure = rules.sheet.effective(state, c).get(fig)
    return figure.value if figure is not None else 0
