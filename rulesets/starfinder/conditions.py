"""How Starfinder conditions combine, and the ones that hurt on a clock (starfinder.md §3.6).

Fatigued on fatigued becomes exhausted for the total duration; only the worst bleed
applies; burning from several sources adds up and is put out by a Reflex save at the
end of each round. ``dead``/``dying``/``stable`` are life states, not instances.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, ConditionDef, Context

from . import life
from .common import Args, check, need, no_more, say
from .figures import value


def add(rs, ctx: Context, target: Combatant, cdef: ConditionDef, rounds: int | None, value_: int | None,
        clock: str | None, source: str | None) -> None:
    if cdef.id in ("dead", "dying", "stable"):
        _life_condition(ctx, target, cdef.id)
        return
    if target.life == "dead":
        ctx.fail(f"{target.name} is dead; conditions no longer matter")
    if cdef.id == "fatigued" and target.has("fatigued"):
        _exhaust(rs, ctx, target, rounds, clock, source)
        return
    if cdef.id in ADDING and target.has(cdef.id):
        _lengthen(ctx, target, cdef, rounds)
        return
    ctx.apply_condition(target, cdef, rounds=rounds, value=value_, clock=clock, source=source)
    if cdef.id == "bleeding" and len(target.instances("bleeding")) == 1:
        kept = target.instances("bleeding")[0].value
        if value_ is not None and kept != value_:
            say(ctx, target, f"Only the worst bleed applies: {target.name} keeps bleeding {kept}",
                f"Solo cuenta la peor hemorragia: {target.name} sigue sangrando {kept}", "starfinder.md §3.6 bleeding [O]")
    if cdef.id == "burning":
        total = target.instances("burning")[0].value
        say(ctx, target, f"{target.name} is burning: {total}d6 fire at the start of its turn (sources add)",
            f"{target.name} arde: {total}d6 de fuego al inicio de su turno (las fuentes se suman)",
            "starfinder.md §3.6 burning [O]")


ADDING = ("shaken", "frightened")


def _lengthen(ctx: Context, target: Combatant, cdef: ConditionDef, rounds: int | None) -> None:
    """Shaken again (or frightened again): the duration increases by the new one's (starfinder.md §3.6 [O]);
    no escalation to the next fear grade. Either one without an end: until removed."""
    inst = target.instances(cdef.id)[0]
    total = None if inst.rounds is None or rounds is None else inst.rounds + rounds
    ctx.change_condition(target, inst, rounds=total, keep_rounds=False)
    length = f"{total} rounds" if total is not None else "until removed"
    dur = f"{total} asaltos" if total is not None else "hasta que se quite"
    say(ctx, target, f"{cdef.en} again: {target.name} stays {cdef.en.lower()}, the durations add ({length})",
        f"{cdef.es} otra vez: {target.name} sigue {cdef.es.lower()}, las duraciones se suman ({dur})",
        f"starfinder.md §3.6 {cdef.id} [O]")


def _exhaust(rs, ctx: Context, target: Combatant, rounds: int | None, clock: str | None,
             source: str | None) -> None:
    """Fatigued again: exhausted for the total duration of every fatiguing effect (starfinder.md §3.6 [O])."""
    olds = target.instances("fatigued")
    durations = [i.rounds for i in olds] + [rounds]
    total = None if any(d is None for d in durations) else sum(durations)
    old_clock = next((i.clock for i in olds if i.clock), None)
    for inst in olds:
        ctx.remove_condition(target, inst, reason="replaced")
    ctx.apply_condition(target, rs.catalogue.define("exhausted"), rounds=total,
                        clock=(clock or old_clock) if total is not None else None, source=source)
    length = f" for {total} rounds" if total is not None else ""
    dur = f" durante {total} asaltos" if total is not None else ""
    say(ctx, target, f"Fatigued again: {target.name} is exhausted{length}",
        f"Fatigado otra vez: {target.name} queda exhausto{dur}", "starfinder.md §3.6 fatigued [O]")


def _life_condition(ctx: Context, target: Combatant, cid: str) -> None:
    if cid == "dead":
        life.kill(ctx, target, "gm", f"{target.name} is dead", f"{target.name} está muerto", "GM")
        return
    hp = target.pools.get("hp")
    if hp is None:
        ctx.fail(f"{target.name} has no hp")
    if cid == "stable":
        if target.life != "dying":
            ctx.fail(f"{target.name} is {target.life}, not dying; only the dying become stable")
        life.make_stable(ctx, target, "gm", "starfinder.md §3.4.6")
        say(ctx, target, f"{target.name} is stable: unconscious at 0 HP, no more RP loss",
            f"{target.name} está estable: inconsciente a 0 PG, deja de perder PR", "starfinder.md §3.4.6")
        return
    if target.life == "dying":
        ctx.fail(f"{target.name} is already dying")
    if hp.value > 0:
        ctx.set_pool(target, "hp", 0, rule="GM: dying")
    life.drop_to_zero(ctx, target, 0, nonlethal=False)


def turn_start(rs, ctx: Context, c: Combatant) -> None:
    """Bleeding and burning hurt at the start of the turn, before it acts (starfinder.md §3.6 [O])."""
    from .damage import apply_damage  # local: damage reads figures, which reads this package

    for inst in list(c.instances("burning")):
        if c.life == "dead":
            return
        dice = max(1, int(inst.value or 1))
        amount = ctx.roll(f"{dice}d6", purpose=f"burning of {c.name}", who=c.id).total
        apply_damage(rs, ctx, c, amount, ("fire",), continuous=True, why=("Burning", "Ardiendo"))
    for inst in list(c.instances("bleeding")):
        if c.life == "dead":
            return
        amount = int(inst.value or 0)
        if amount > 0:
            apply_damage(rs, ctx, c, amount, (), continuous=True, why=("Bleeding", "Sangrando"))


def round_end(rs, ctx: Context) -> None:
    """Every burning creature tries Reflex DC 10 + fire damage taken this round (+2 per earlier try)."""
    for c in list(ctx.state.combatants.values()):
        if c.has("burning") and c.life != "dead":
            _burn_save(rs, ctx, c, bonus=0, why_en="end of round", why_es="final del asalto")
    for c in ctx.state.combatants.values():
        if c.marks.get("fire_round"):
            ctx.set_mark(c, "fire_round", None)


def _burn_save(rs, ctx: Context, c: Combatant, bonus: int, why_en: str, why_es: str,
               given: int | None = None) -> None:
    fire = int(c.marks.get("fire_round") or 0)
    tries = int(c.marks.get("burn_tries") or 0)
    dc = 10 + fire
    ref = value(rs, ctx.state, c, "ref")
    extra = 2 * tries + bonus
    total, _ = check(ctx, ref + extra, f"Reflex against burning of {c.name}", c, given,
                     what="Reflex (burning)", dc=dc)
    more_en = f" (+{2 * tries} for {tries} earlier tries)" if tries else ""
    more_es = f" (+{2 * tries} por {tries} intentos previos)" if tries else ""
    if bonus:
        more_en += f" (+{bonus} smothering)"
        more_es += f" (+{bonus} sofocando)"
    if total >= dc:
        ctx.remove_all(c, "burning", reason="saved")
        ctx.set_mark(c, "burn_tries", None)
        say(ctx, c, f"{c.name} puts out the flames ({why_en}): Reflex {total}{more_en} vs DC {dc} "
                    f"(10 + {fire} fire this round)",
            f"{c.name} apaga las llamas ({why_es}): Reflejos {total}{more_es} contra CD {dc} "
            f"(10 + {fire} de fuego este asalto)", "starfinder.md §3.6 burning [O]")
    else:
        ctx.set_mark(c, "burn_tries", tries + 1)
        say(ctx, c, f"{c.name} keeps burning ({why_en}): Reflex {total}{more_en} vs DC {dc} "
                    f"(10 + {fire} fire this round)",
            f"{c.name} sigue ardiendo ({why_es}): Reflejos {total}{more_es} contra CD {dc} "
            f"(10 + {fire} de fuego este asalto)", "starfinder.md §3.6 burning [O]")


SMOTHER_USAGE = "smother NAME [REFLEX_TOTAL]"


def smother(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Full action: a new Reflex save against burning with +4 (starfinder.md §3.6 [O])."""
    from .economy import use

    a = Args.parse(args, SMOTHER_USAGE)
    need(a.words, 1, SMOTHER_USAGE)
    no_more(a.words, 1, SMOTHER_USAGE)
    c = ctx.combatant(a.words[0])
    if not c.has("burning"):
        ctx.fail(f"{c.name} is not burning")
    use(ctx, c, "full", "smother the flames")
    _burn_save(rs, ctx, c, bonus=4, why_en="smothering, full action", why_es="sofocando, acción completa",
               given=a.total(SMOTHER_USAGE))


def removed(ctx: Context, c: Combatant, cond: str) -> None:
    if cond == "burning" and not c.has("burning"):
        ctx.set_mark(c, "burn_tries", None)
    if cond in ("grappled", "pinned") and not c.has("grappled") and not c.has("pinned"):
        ctx.set_mark(c, "held", None)
