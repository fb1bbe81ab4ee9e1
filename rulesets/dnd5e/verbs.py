"""Fifth edition's own verbs (dnd5e.md): each declared once, with its Spanish name."""

from __future__ import annotations

from gm_console.ruleset import Call, Context, Int, Verb, Who

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
