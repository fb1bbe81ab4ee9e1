"""Surprise (dragon_age.md §2.2.4): the seed says nothing, so the published Dragon Age RPG rule.

The GM settles who noticed the ambush (Perception against the ambushers' Dexterity (Stealth),
rolled hidden as every Perception test at this table) and names the aware with the engine's
``surprise NAME...`` before ``start``. If some are aware and some are not, a surprise round
comes first: only the aware act, each a whole normal turn (major and minor: AGE limits
nothing more); the surprised take no action in it. Then round 1 for everyone, in initiative
order. Surprise itself changes no number in AGE (no flat-footed, no Defense penalty).
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState

from .common import rule

SURPRISE_ROUND = "surprise-round"  # the engine's encounter marks while the surprise round is played
AWARE = "aware"


def surprise_round(ctx: Context, aware: list[Combatant], unaware: list[Combatant]) -> bool:
    if not aware or not unaware:
        return False
    first = ", ".join(c.name for c in aware)
    caught = ", ".join(c.name for c in unaware)
    ctx.say(f"Surprise: {caught} {'is' if len(unaware) == 1 else 'are'} surprised. A surprise round comes first: "
            f"only {first} act, each a full turn (major and minor action); the surprised take no action in it. "
            "Then round 1 for everyone, in initiative order",
            f"Sorpresa: {caught} {'queda sorprendido' if len(unaware) == 1 else 'quedan sorprendidos'}. Primero un "
            f"asalto de sorpresa: solo actúan {first}, cada uno un turno completo (acción mayor y menor); los "
            "sorprendidos no actúan en él. Después el asalto 1 para todos, por orden de iniciativa",
            rule=rule("2.2.4"))
    return True


def surprised(state: EncounterState, c: Combatant) -> bool:
    """Caught unaware while the surprise round is being played."""
    return bool(state.marks.get(SURPRISE_ROUND)) and c.id not in (state.marks.get(AWARE) or ())


def status(state: EncounterState, c: Combatant, lang: str = "en") -> list[str]:
    if not surprised(state, c):
        return []
    return ["sorprendido: no actúa en el asalto de sorpresa" if lang == "es"
            else "surprised: no action in the surprise round"]
