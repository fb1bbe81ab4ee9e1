"""Concentration (dnd5e.md §5): one effect at a time per caster, a Constitution save when
it takes damage, and its effects on every creature ending together when it breaks.

The caster carries a ``concentration`` condition (rounds: the spell's duration, on its own
clock) and a mark naming the spell; the spell's effects on others are the effects of that
name whose source is the caster (``concentrate Ana Bless on Bo,Cy``, or ``effect Bo Bless
by Ana``). Breaking it removes them all in the same command: one undo brings them back.
"""

from __future__ import annotations

import re

from gm_console.ruleset import Combatant, ConditionDef, Context, Msg, fold_text, life, named, of, public, slug

from . import marks
from .common import names, rule
from .i18n import _

CONCENTRATION = ConditionDef(
    "concentration", "Concentration", "Concentración", aliases=("conc", "concentrando", "concentrandose"),
    kind="effect", source="SRD 5.2, Rules Glossary, Concentration",
    summary_en="keeps one spell going; damage calls for a Con save (DC 10 or half the damage, at most 30)",
    summary_es="mantiene un conjuro; el daño pide una salvación de Con (CD 10 o la mitad del daño, máximo 30)")
_DURATION = re.compile(r"^(\d+)\s*(r|m|min|h)?$")


def spell_of(c: Combatant) -> dict | None:
    held = marks.CONCENTRATING.of(c)
    return held if isinstance(held, dict) else None


def holding(c: Combatant) -> bool:
    """Whether its concentration holds a readied spell (dnd5e.md §7.3)."""
    held = spell_of(c)
    return bool(held and held.get("readied"))


_READIED = re.compile(r"^(.*?)\s*\b(?:spell|conjuro)\s*=\s*(.+)$", re.I | re.S)


def readied_spell(trigger: str) -> tuple[str, str]:
    """``when the ogre moves spell=Fireball`` -> ("when the ogre moves", "Fireball")."""
    m = _READIED.match(trigger.strip())
    if not m:
        return trigger.strip(), ""
    return m.group(1).strip().rstrip(":,;").strip().strip('"\''), m.group(2).strip().strip('"\'')


def save_dc(damage: int) -> int:
    """DC 10 or half the damage taken (rounded down), whichever is higher, at most 30 (dnd5e.md §5.4)."""
    return min(30, max(10, damage // 2))


def rounds_in(text: str) -> int | None:
    m = _DURATION.match(fold_text(text))
    if not m:
        return None
    n = int(m.group(1))
    unit = m.group(2) or "r"
    return n * {"r": 1, "m": 10, "min": 10, "h": 600}[unit]


def touched(ctx: Context, caster: Combatant, held: dict) -> list[tuple[Combatant, object]]:
    """What the concentration keeps going: the spell's effect and the conditions it gave, put by
    the caster, on every creature."""
    ids = {held["id"], *(held.get("conds") or ())}
    return [(c, inst) for c in ctx.state.combatants.values() for inst in c.conditions
            if inst.cond in ids and inst.source == caster.id]


def condition_named(ctx: Context, word: str) -> ConditionDef | None:
    """A catalogue condition this word names exactly (``paralyzed``, ``paralizado``), else None."""
    key = fold_text(word)
    for d in ctx.ruleset.conditions.catalogue:
        if not d.system and d.kind == "condition" and key in {fold_text(n) for n in (d.id, d.en, d.es, *d.aliases)}:
            return d
    return None


def begin(ctx: Context, caster: Combatant, spell: str, targets: list[Combatant], rounds: int | None,
          conds: "list[ConditionDef] | None" = None, readied: bool = False) -> None:
    """``concentrate NAME SPELL [CONDITION...] [on A,B] [ROUNDS]``: a new concentration ends the
    one before, said (dnd5e.md §5.2); the spell (and the conditions it gives: Hold Person,
    paralyzed) goes on each target, its source the caster."""
    conds = conds or []
    if not fold_text(spell):
        ctx.fail(_("concentrate: which spell? e.g. concentrate {ref} Bless on NAME,NAME 10", ref=caster.id))
    if caster.life != "ok":
        ctx.fail(_("{name} cannot concentrate while {life}", name=caster.name, life=life(caster.life)))
    old = spell_of(caster)
    if old is not None:
        end(ctx, caster, _("a new spell, {spell}, takes its place", spell=public(spell)))
    clock = caster.id if rounds is not None else None
    ctx.apply_condition(caster, CONCENTRATION, rounds=rounds, clock=clock, source=caster.id, note=spell)
    ctx.set_mark(caster, marks.CONCENTRATING, {"spell": spell, "id": slug(spell), "conds": [d.id for d in conds] or None,
                                               **({"readied": True} if readied else {})})
    effect = ConditionDef(slug(spell), spell, spell, kind="effect")
    for t in targets:
        for inst in t.instances(effect.id):
            if inst.source == caster.id:
                ctx.remove_condition(t, inst, reason="replaced")
        ctx.apply_condition(t, effect, rounds=rounds, clock=clock, source=caster.id)
        for cdef in conds:
            ctx.ruleset.conditions.add(ctx, t, cdef, rounds, None, clock, caster.id)
    if readied:
        ctx.say(_("{name} holds {spell} ready: concentrating until it is released", name=named(caster),
                  spell=public(spell)), rule=rule("7.3"), who=caster.id)
        return
    on = _(" on {names}", names=names(targets)) if targets else ""
    ctx.say(_("{name} concentrates on {spell}{on}", name=named(caster), spell=public(spell), on=on),
            rule=rule("5.2"), who=caster.id)


def end(ctx: Context, caster: Combatant, why: Msg, release: bool = False) -> None:
    """Concentration ends: the caster's condition and the spell's effects on everyone, at once.
    A readied spell whose concentration breaks (not released) dissipates with its readied
    action (dnd5e.md §7.3)."""
    held = spell_of(caster)
    if held is None:
        return
    if held.get("readied") and not release and caster.id in ctx.state.readied:
        ctx.end_ready(caster, "dropped")
        ctx.say(_("{name}'s readied {spell} dissipates without taking effect", name=named(caster),
                  spell=public(held["spell"])), rule=rule("7.3"), who=caster.id)
    ctx.set_mark(caster, marks.CONCENTRATING, None)
    for inst in caster.instances("concentration"):
        ctx.remove_condition(caster, inst, reason="ended")
    gone = touched(ctx, caster, held)
    for c, inst in gone:
        ctx.remove_condition(c, inst, reason="concentration")
    hit = list({c.id: c for c, _i in gone}.values())
    ended = _(": it ends on {names}", names=names(hit)) if hit else ""
    ctx.say(_("{name}'s concentration on {spell} ends ({why}){ended}", name=named(caster),
              spell=public(held["spell"]), why=why, ended=ended), rule=rule("5.3"), who=caster.id)


def dropped(ctx: Context, caster: Combatant) -> None:
    """The GM took the concentration condition off (``uncond Ana concentration``) or it ran out."""
    end(ctx, caster, _("the condition ended"))


def damaged(ctx: Context, c: Combatant, taken: int) -> None:
    """A concentrating creature that takes damage makes a Con save, DC 10 or half the damage
    (at most 30); failing, its concentration ends (dnd5e.md §5.4)."""
    held = spell_of(c)
    if held is None or c.life != "ok":
        return
    dc = save_dc(taken)
    ok, _total, text = ctx.ruleset.checks.save(ctx, c, "con", dc)
    roll = of(c, text) if isinstance(text, str) else text
    detail = _("Con save {roll} vs DC {dc}", roll=roll, dc=of(c, dc))
    if ok:
        ctx.say(_("{name} keeps concentrating on {spell}", name=named(c), spell=public(held["spell"])),
                rule=rule("5.4"), who=c.id, detail=detail)
        return
    ctx.say(_("{name} fails to keep concentrating on {spell}", name=named(c), spell=public(held["spell"])),
            rule=rule("5.4"), who=c.id, detail=detail)
    end(ctx, c, _("damage"))
