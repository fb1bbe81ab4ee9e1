"""Earning stunt points and the menu of what they buy (dragon_age.md §2.5 [S]).

Points wait in a ``stunt`` pool only until they are spent or the moment passes:
the end of the current turn, or the next attack, casting or test by anyone
(the seed: "debes canjearlos en el acto"); then the pool is removed, so the
state holds ``stunt`` only while points wait (issue 5). "Once per round" is
tracked per combatant and combat round; outside combat, per roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.ruleset import Combatant, Context, EncounterState, Term, gm, named, of

from . import marks
from .age_roll import AgeRoll
from .common import rule, waiting_points
from .conditions import CATALOGUE, flagged
from .i18n import T_, _, _n
from .options import option
from .stunts import STUNTS, Stunt, cost_of

HIT = T_("stunt trigger", "hit", "impacto")
CASTING = T_("stunt trigger", "successful casting", "lanzamiento con éxito")


def used_ids(state: EncounterState, c: Combatant) -> list[str]:
    m = marks.STUNTS_USED.of(c)
    if not m:
        return []
    if m.get("round") != (state.round if state.in_combat else 0):
        return []
    return list(m.get("ids", ()))


def mark_used(ctx: Context, c: Combatant, sid: str) -> None:
    state = ctx.state
    ids = used_ids(state, c)
    if sid not in ids:
        ids.append(sid)
    ctx.set_mark(c, marks.STUNTS_USED, {"round": state.round if state.in_combat else 0, "ids": ids})


@dataclass(frozen=True)
class MenuItem:
    stunt: Stunt
    cost: int  # the minimum for the variable ones
    available: bool  # not used this round, and affordable

    def text(self, lang: str = "en") -> str:
        s = self.stunt
        cost = f"{self.cost}/2m" if s.id == "skirmish" else (
            f"1-{s.max_points}" if s.cost is None else str(self.cost))
        return f"{s.id if lang == 'en' else s.es} {cost}"


def menu(state: EncounterState, c: Combatant) -> list[MenuItem]:
    """What the waiting points can buy now: for the TUI's stunt menu and the log."""
    pending = marks.STUNT_ROLL.of(c)
    points = waiting_points(c)
    if not pending or points <= 0:
        return []
    used = used_ids(state, c)
    out = []
    for s in STUNTS:
        if s.kind != pending.get("kind"):
            continue
        cost = cost_of(s, int(option(state, "disarm_cost"))) or 1
        out.append(MenuItem(s, cost, (s.id not in used or s.repeatable) and cost <= points))
    return out


def menu_text(state: EncounterState, c: Combatant, lang: str = "en") -> str:
    return ", ".join(item.text(lang) for item in menu(state, c) if item.available)


def grant(ctx: Context, c: Combatant, roll: AgeRoll, kind: str, record: dict) -> None:
    """Doubles on a success earn points equal to the dragon die (triples count)."""
    if not roll.dice:
        ctx.say(_("Only the 3d6 sum was given: doubles and the dragon die are unknown, so no stunt points "
                  "(give the three dice like 5,5,3)"), rule=rule("2.5"), who=c.id, gm_only=True)  # about the GM's typing
        return
    if not roll.doubles:
        return
    for inst in flagged(c, "no-stunts")[:1]:  # Misdirection Hex
        ctx.say(_("Doubles, but {name} is under {effect}: no stunt points", name=named(c),
                  effect=CATALOGUE.define(inst.cond).term), rule=rule("2.12"), who=c.id)
        return
    points = int(roll.dragon or 0)
    if not ctx.state.in_combat:
        ctx.set_mark(c, marks.STUNTS_USED, None)
    ctx.set_pool(c, "stunt", points, max=points, rule=rule("2.5"))
    ctx.set_mark(c, marks.STUNT_ROLL, {"kind": kind, **record})
    # a PC's stunt points are its players'; a foe's are the GM's; the command to spend them is the GM's
    ctx.say(_n("Doubles ({dice}) on a {what}: {name} earns {n} stunt point (the dragon die)",
               "Doubles ({dice}) on a {what}: {name} earns {n} stunt points (the dragon die)", points,
               dice=of(c, ",".join(map(str, roll.dice))), what=HIT if kind == "combat" else CASTING, name=named(c),
               n=of(c, points)), rule=rule("2.5"), who=c.id,
            detail=_("spend now with stunt {ref} STUNT: {menu}", ref=gm(c.id),
                     menu=gm(Term(menu_text(ctx.state, c), menu_text(ctx.state, c, "es")))))
