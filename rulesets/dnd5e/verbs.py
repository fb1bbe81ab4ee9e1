"""Fifth edition's own verbs (dnd5e.md): each declared once, with its Spanish name."""

from __future__ import annotations

from gm_console.ruleset import Call, Context, Int, Rest, Verb, Who, Word, fold_text

from . import concentration

from .i18n import _


def _death_save(ctx: Context, call: Call) -> None:
    c = ctx.combatant(call.who)
    die = call.die
    if die is not None and not 1 <= die <= 20:
        ctx.fail(_("deathsave: the die is a natural d20 roll from 1 to 20, not {n}", n=die))
    ctx.ruleset.health.death_save(ctx, c, die)


VERBS = (
    Verb("deathsave", (Who("who"), Int("die", meta="DIE", required=False)), _death_save,
         _("a death saving throw for a dying creature now (it rolls one at the start of its turns); DIE: the "
           "natural d20 the player rolled"),
         en=("death-save", "ds"), es=("salvacion-muerte", "tsm", "muerte"), group="health"),
)


def _concentrate(ctx: Context, call: Call) -> None:
    """``concentrate NAME SPELL [on A,B] [ROUNDS|1m|10m]`` (dnd5e.md §5.2)."""
    caster = ctx.combatant(call.who)
    targets, rounds = [], None
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
        for name in (w for w in word.split(",") if w.strip()):
            targets.append(ctx.combatant(name.strip()))
    concentration.begin(ctx, caster, call.spell, targets, rounds)


VERBS = (*VERBS, Verb(
    "concentrate", (Who("who"), Word("spell", meta="SPELL", fold=False), Rest("tail", spelled="[on NAME,NAME] [ROUNDS|1m|10m]")),
    _concentrate,
    _("the caster concentrates on a spell (quote a name of several words), on these creatures, for so long; a "
      "new one ends the one before, damage calls for its Con save, and breaking it ends the spell on everyone"),
    en=("conc", "concentration"), es=("concentrarse", "concentracion"), group="conditions"))
