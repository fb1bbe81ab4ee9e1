"""Fifth edition's own verbs (dnd5e.md): each declared once, with its Spanish name."""

from __future__ import annotations

from gm_console.ruleset import N_, Call, Context, Flag, Int, Rest, Verb, Who, Word, fold_text

from . import attacks, concentration, economy, legendary, rest

from .i18n import _


def _death_save(ctx: Context, call: Call) -> None:
    c = ctx.combatant(call.who)
    die = call.die
    if die is not None and not 1 <= die <= 20:
        ctx.fail(_("deathsave: the die is a natural d20 roll from 1 to 20, not {n}", n=die))
    ctx.ruleset.health.death_save(ctx, c, die)


VERBS = (
    Verb("deathsave", (Who("who"), Int("die", meta=N_("DIE"), required=False)), _death_save,
         _("a death saving throw for a dying creature now (it rolls one at the start of its turns); DIE: the "
           "natural d20 the player rolled"),
         en=("death-save", "ds"), es=("salvación-muerte", "tsm", "muerte"), group="health"),
)


def _concentrate(ctx: Context, call: Call) -> None:
    """``concentrate NAME SPELL [CONDITION...] [on A,B] [ROUNDS|1m|10m]`` (dnd5e.md §5.2)."""
    caster = ctx.combatant(call.who)
    targets, rounds, conds = [], None, []
    words = list(call.tail or ())
    for word in words:
        if fold_text(word) in ("on", "en", "sobre", "a"):
            continue
        n = concentration.rounds_in(word)
        if n is not None:
            if n < 1:
                ctx.fail(_("concentrate: a duration is at least 1 round, not {text!r}", text=word))
            rounds = n
            continue
        cdef = concentration.condition_named(ctx, word)
        if cdef is not None:
            conds.append(cdef)
            continue
        for name in (w for w in word.split(",") if w.strip()):
            targets.append(ctx.combatant(name.strip()))
    concentration.begin(ctx, caster, call.spell, targets, rounds, conds)


VERBS = (*VERBS, Verb(
    "concentrate", (Who("who"), Word("spell", meta=N_("SPELL"), fold=False), Rest("tail", spelled=N_("[CONDITION] [on NAME,NAME] [ROUNDS|1m|10m]"))),
    _concentrate,
    _("the caster concentrates on a spell (quote a name of several words) and the conditions it gives, on these "
      "creatures, for so long; a new one ends the one before, damage calls for its Con save, and breaking it ends "
      "the spell on everyone"),
    en=("conc", "concentration"), es=("concentrarse", "concentracion"), group="conditions"))


def _action(ctx: Context, call: Call) -> None:
    c = ctx.combatant(call.who)
    kind = economy.word(call.kind)
    if kind is None:
        ctx.fail(_("action: {word!r} is not one of action, bonus, reaction, move FEET, dash, dodge, reset",
                   word=call.kind))
    economy.take(ctx, c, kind, call.feet)


def _legendary(ctx: Context, call: Call) -> None:
    legendary.spend(ctx, ctx.combatant(call.who), call.cost or 1)


def _legres(ctx: Context, call: Call) -> None:
    legendary.resist(ctx, ctx.combatant(call.who))


def _recharge_use(ctx: Context, call: Call) -> None:
    ability = call.ability if isinstance(call.ability, str) else " ".join(call.ability)
    legendary.use(ctx, ctx.combatant(call.who), ability)


VERBS = (
    *VERBS,
    Verb("action", (Who("who"), Word("kind", meta=N_("action|bonus|reaction|move|dash|dodge|reset")),
                    Int("feet", meta=N_("FEET"), required=False, minimum=0)), _action,
         _("tick off the turn's action, bonus action, reaction (out of its turn too) or FEET of movement; dash adds "
           "its Speed; the sheet shows what is left"),
         es=("acción",), group="turns"),
    Verb("legendary", (Who("who"), Int("cost", meta=N_("N"), required=False, minimum=1)), _legendary,
         _("a monster's legendary action right after another creature's turn (N: an option costing more); all back "
           "at the start of its turn"),
         en=("la",), es=("legendaria", "accion-legendaria"), group="turns"),
    Verb("legres", (Who("who"),), _legres,
         _("a monster uses a legendary resistance: the save it failed succeeds instead (uses per day)"),
         en=("legendary-resistance",), es=("resistencia-legendaria",), group="health"),
    Verb("recharge", (Who("who"), Word("ability", meta=N_("ABILITY"), fold=False, rest=True)), _recharge_use,
         _("a monster uses a Recharge ability (`fire breath 5-6` on its sheet): 1d6 at the start of its turns "
           "brings it back"),
         es=("recarga", "recargar"), group="turns"),
)


def _numbered(ctx: Context, name: str) -> bool:
    """Whether ``Goblin 2`` is a combatant's name (the number then is no count of dice)."""
    return any(fold_text(c.name) == fold_text(name) for c in ctx.state.combatants.values())


def _rest(ctx: Context, call: Call) -> None:
    """``rest NAME... [short [N]|long]`` or ``rest all ...`` (dnd5e.md §2.5, §2.6)."""
    short, n, named_ = False, None, []
    for word in call.who or ():
        folded = fold_text(word)
        if folded in rest.SHORT_WORDS:
            short = True
        elif folded in rest.LONG_WORDS:
            short = False
        elif folded.isdigit() and not (named_ and _numbered(ctx, f"{named_[-1]} {word}")):
            n = int(folded)
        elif folded.isdigit():  # "Goblin 2": the number is its name's
            named_[-1] = f"{named_[-1]} {word}"
        else:
            named_.append(word)
    if n is not None and not short:
        ctx.fail(_("rest: a number of Hit Point Dice goes with a short rest: rest NAME short N"))
    if n is not None and n < 1:
        ctx.fail(_("rest: spend at least 1 Hit Point Die, not {n}", n=n))
    if call.all:
        who = [c for c in ctx.state.combatants.values() if c.side != "foe" or c.is_pc]
        if named_:
            ctx.fail(_("rest: all or names, not both"))
    else:
        who = [ctx.combatant(name) for name in named_]
    if short:
        rest.short_rest(ctx, who, n or 1, everyone=call.all)
    else:
        rest.long_rest(ctx, who)


VERBS = (*VERBS, Verb(
    "rest", (Flag("all", words=("all", "todos", "everyone")), Who("who", required=False, rest=True)), _rest,
    _("a long rest for these (all: the party and its allies): all HP back, temporary HP gone, one exhaustion level "
      "less, Hit Point Dice and legendary resistances back; `short N`: a short rest spending N Hit Point Dice; out "
      "of combat"),
    es=("descansar", "descanso"), group="health"))


VERBS = (*VERBS, Verb(
    "attack", (Who("who", meta=N_("ATTACKER")), Who("target", meta=N_("TARGET"), many=True),
               Rest("rest", spelled=N_("[WEAPON] [full] [ROLL ...] [+N|-N] [adv|dis] [near|far] "
                                    "[half-cover|cover|total-cover] [stop]"))),
    attacks.attack, _("the stat block's attack (atk=): d20 + bonus vs AC now, advantage and disadvantage from the line "
                      "and the conditions, a natural 20 rolls the damage dice twice; `full`: every attack"),
    en=("atk",), es=("atacar", "ataca", "ataque"), group="actions"))


def _temp(ctx: Context, call: Call) -> None:
    for name in call.who:
        target = ctx.combatant(name)
        if target.life == "dead":
            ctx.fail(_("{name} is dead; healing does nothing", name=target.name))
        ctx.ruleset.health.gain_temp(ctx, target, call.amount)


VERBS = (*VERBS, Verb(
    "temp", (Who("who", many=True), Int("amount", meta=N_("N"), minimum=0)), _temp,
    _("temporary hit points: the higher of what it has and N stays, they never add up (as heal NAME N temp)"),
    en=("thp", "temp-hp"), es=("temporales", "pgt"), group="health"))
