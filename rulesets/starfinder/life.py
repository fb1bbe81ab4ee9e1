"""The 0-HP state machine of starfinder.md §3.4: dying, stable, knocked out, dead.

Marks it keeps on a combatant (JSON, in the save):
``dying`` {"skip": round dropped during its own turn, "grace": round whose turn end is the
deadline when it had 0 RP on dropping}; ``ko`` "nonlethal"; ``stabilized`` round it spent RP to
stabilise; ``stable_secs``/``stable_hours``/``tended`` for long-term stability; ``zero_hit`` the
round of the last hit that cost RP (errata option); ``death`` what killed it.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, Msg, dealt, gm, named, of, possessive

from . import marks, monsters
from .common import say
from .i18n import _
from .options import official
from .stats import has_resolve

ZERO_MARKS = (marks.DYING, marks.KO, marks.STABILIZED, marks.STABLE_SECS, marks.STABLE_HOURS, marks.TENDED,
              marks.ZERO_HIT, marks.FEROCITY)


def clear_zero_marks(ctx: Context, c: Combatant) -> None:
    for key in ZERO_MARKS:
        ctx.set_mark(c, key, None)


def kill(ctx: Context, c: Combatant, cause: str, msg: Msg, rule: str, detail: "Msg | None" = None) -> None:
    """``c`` dies: ``msg`` says so (the players read a death), ``detail`` the numbers behind it
    (a foe's are the GM's: its HP, its resolve, its rolls). A working regeneration keeps it alive instead
    (starfinder.md §3.14.1)."""
    if monsters.keeps_alive(ctx, c, cause):
        return
    clear_zero_marks(ctx, c)
    ctx.set_life(c, "dead", rule=rule)
    ctx.set_mark(c, marks.DEATH, cause)
    say(ctx, c, msg, rule, detail)


def revive(ctx: Context, c: Combatant, rule: str) -> None:
    """Back above 0 HP: conscious and fully functional (starfinder.md §3.4.6 [O])."""
    if c.life in ("dying", "stable", "unconscious"):
        ctx.set_life(c, "ok", rule=rule)
        say(ctx, c, _("{name} is conscious again", name=named(c)), rule)
    clear_zero_marks(ctx, c)


def drop_to_zero(ctx: Context, c: Combatant, leftover: int, nonlethal: bool) -> None:
    """HP just reached 0 in this hit; ``leftover`` is the damage HP could not hold."""
    hp_max = c.pools["hp"].max or 0
    if not nonlethal and leftover >= hp_max:
        kill(ctx, c, "massive", _("Massive damage: {name} dies", name=named(c)),
             "starfinder.md §3.4.1 massive damage [S]",
             _("{left} left over after HP reached 0 is at least max HP {max}", left=dealt(c, leftover),
               max=of(c, hp_max)))
        return
    if not nonlethal and monsters.keeps_alive(ctx, c, "npc"):
        return
    if not nonlethal and monsters.swarm(c):
        kill(ctx, c, "swarm", _("{name} breaks up at 0 HP: the swarm is no more", name=named(c)), monsters.SWARM + " [O]")
        return
    if not nonlethal and monsters.fight_on(ctx, c):
        return
    if nonlethal:
        clear_zero_marks(ctx, c)
        ctx.set_life(c, "stable", rule="starfinder.md §3.3 nonlethal [O]")
        ctx.set_mark(c, marks.KO, "nonlethal")
        say(ctx, c, _("{name} drops to 0 HP from nonlethal damage: unconscious and stable, not dying", name=named(c)),
            "starfinder.md §3.3 nonlethal [O]")
        return
    if not has_resolve(c):
        kill(ctx, c, "npc", _("{name} has no Resolve Points: dies at 0 HP", name=named(c)),
             "starfinder.md §3.4.10 [O]")
        return
    state = ctx.state
    if "rp" not in c.pools:
        ctx.set_pool(c, "rp", 0, max=0, rule="starfinder.md §3.5: no RP recorded for a PC counts as 0")
    rp = c.pools["rp"].value
    mark = {"skip": state.round if state.in_combat and state.active == c.id else None,
            "grace": state.round + 1 if rp == 0 else None}
    clear_zero_marks(ctx, c)
    ctx.set_mark(c, marks.DYING, mark)
    ctx.set_life(c, "dying", rule="starfinder.md §3.4.2 [S]")
    # the players read that it is dying; its resolve and its countdown are theirs only for a PC
    dying = _("{name} drops to 0 HP: unconscious and dying", name=named(c))
    if rp == 0:
        say(ctx, c, dying, "starfinder.md §3.4.5 [O]",
            _("{rp} RP: dies at the end of {whose} turn in round {round} unless healed or stabilised",
              whose=possessive(c), rp=of(c, rp), round=of(c, mark["grace"])))
    elif mark["skip"] is not None:
        say(ctx, c, dying, "starfinder.md §3.4.2-3 [S]",
            _("loses 1 RP at the end of {whose} next turn, {rp} RP left", whose=possessive(c), rp=of(c, rp)))
    else:
        say(ctx, c, dying, "starfinder.md §3.4.2-3 [S]",
            _("loses 1 RP at the end of each of {whose} turns, {rp} RP left", whose=possessive(c, several=True),
              rp=of(c, rp)))


def hit_at_zero(ctx: Context, c: Combatant, amount: int, nonlethal: bool, continuous: bool) -> None:
    """Damage that got past stamina while already at 0 HP (starfinder.md §3.4.1, 3.4.4, 3.4.8)."""
    hp_max = c.pools["hp"].max or 0
    if amount <= 0:
        return
    if nonlethal:
        say(ctx, c, _("{name} is at 0 HP: nonlethal damage changes nothing", name=named(c)),
            "starfinder.md §3.3 nonlethal [I]")
        return
    if amount >= hp_max:
        kill(ctx, c, "massive", _("Massive damage at 0 HP: {name} dies", name=named(c)),
             "starfinder.md §3.4.1 massive damage [S]",
             _("{amount} in one attack is at least max HP {max}", amount=dealt(c, amount), max=of(c, hp_max)))
        return
    if monsters.works(c):  # it cannot die while its regeneration works: nothing more (§3.14.1)
        monsters.keeps_alive(ctx, c, "npc")
        return
    if not has_resolve(c):
        kill(ctx, c, "npc", _("{name} has no Resolve Points: lethal damage at 0 HP is fatal", name=named(c)),
             "starfinder.md §3.4.10 [O]")
        return
    state = ctx.state
    if official(state, "damage_at_zero_hp"):
        if marks.ZERO_HIT.of(c) == state.round and amount * 2 <= hp_max:
            say(ctx, c, _("{name} already lost RP to damage this round; {amount} is not over half max HP ({max}): no "
                          "RP lost (errata)", name=named(c), amount=dealt(c, amount), max=of(c, hp_max)),
                "starfinder.md §3.4.4 [Δ errata]")
            return
        ctx.set_mark(c, marks.ZERO_HIT, state.round)
    what = _("continuous damage") if continuous else _("a hit")
    if c.life == "stable":
        ctx.set_mark(c, marks.KO, None)
        ctx.set_mark(c, marks.STABILIZED, None)
        ctx.set_mark(c, marks.DYING, {"skip": None, "grace": None})
        ctx.set_life(c, "dying", rule="starfinder.md §3.4.8 [O]")
        say(ctx, c, _("{name} takes damage while stable: dying again", name=named(c)), "starfinder.md §3.4.8 [O]")
    rp = c.pools["rp"]
    if rp.value <= 0:
        kill(ctx, c, "resolve", _("{name} dies", name=named(c)), "starfinder.md §3.4.4-5 [S/O]",
             _("{rp} RP: 1 must be lost for {what} at 0 HP", rp=of(c, rp.value), what=what))
        return
    ctx.set_pool(c, "rp", rp.value - 1, rule="starfinder.md §3.4.4 [S]")
    say(ctx, c, _("{name} is at 0 HP: {what} costs 1 RP ({rp} left)", name=named(c), what=what, rp=of(c, rp.value)),
        "starfinder.md §3.4.4 [S]")


def end_of_turn(ctx: Context, c: Combatant) -> None:
    """Dying: 1 RP at the end of each of its turns; none left = dead (starfinder.md §3.4.3, 3.4.5). Fighting
    on with ferocity: the end of its next turn at 0 HP is its death (§3.14.2)."""
    if monsters.end_of_turn(ctx, c, kill):
        return
    if c.life != "dying":
        return
    state = ctx.state
    mark = dict(marks.DYING.of(c) or {})
    if mark.get("skip") == state.round:
        mark["skip"] = None
        ctx.set_mark(c, marks.DYING, mark)
        say(ctx, c, _("{name} dropped during {whose} own turn: {whose} first RP loss comes at the end of {whose} "
                      "next turn", whose=possessive(c), name=named(c)), "starfinder.md §3.4.3 [O]")
        return
    rp = c.pools.get("rp")
    if rp is None or rp.value <= 0:
        grace = mark.get("grace")
        if grace is not None and state.round < grace:
            say(ctx, c, _("{name} has 0 RP: dies at the end of {whose} turn in round {round} unless healed or "
                          "stabilised", whose=possessive(c),
                          name=named(c), round=of(c, grace)), "starfinder.md §3.4.5 [O]")
            return
        kill(ctx, c, "resolve", _("{name} dies", name=named(c)), "starfinder.md §3.4.5 [O]",
             _("{rp} RP: 1 must be lost while dying", rp=of(c, rp.value if rp is not None else 0)))
        return
    ctx.set_pool(c, "rp", rp.value - 1, rule="starfinder.md §3.4.3 [S]")
    say(ctx, c, _("{name} is dying", name=named(c)), "starfinder.md §3.4.3 [S]",
        _("loses 1 RP at the end of {whose} turn, {rp} left", whose=possessive(c), rp=of(c, rp.value)))


def turn_start(ctx: Context, c: Combatant) -> None:
    """Remind the GM what a dying or stable character may do now, before the turn runs out."""
    if c.life == "dying":
        rp = c.pools["rp"].value if "rp" in c.pools else 0
        cost = stabilize_cost(c) if "rp" in c.pools else 1
        if rp >= cost:
            say(ctx, c, _("{name} is dying ({rp} RP): {cost} RP may stabilise {name} now, else 1 RP is lost at the "
                          "end of this turn", name=named(c), rp=of(c, rp), cost=of(c, cost)),
                "starfinder.md §3.4.6 [S]", _("spend {ref} resolve stabilize", ref=gm(c.id)))
            return
        # not enough RP to stabilise itself: say what can still save it (starfinder.md §3.4.6)
        if rp > 0:
            fate = _("1 RP is lost at the end of this turn")
        else:
            grace = (marks.DYING.of(c) or {}).get("grace")
            if grace is not None and ctx.state.round < grace:
                fate = _("with 0 RP, death at the end of {whose} turn in round {round}", whose=possessive(c),
                         round=of(c, grace))
            else:
                fate = _("with 0 RP, death at the end of this turn")
        say(ctx, c, _("{name} is dying with {rp} RP, too few to self-stabilise ({cost} needed): only Medicine DC 15 "
                      "or healing by someone else can save {name}; {fate}", name=named(c), rp=of(c, rp),
                      cost=of(c, cost), fate=fate),
            "starfinder.md §3.4.6 [S]")
    elif c.life == "stable" and "rp" in c.pools and c.pools["rp"].value >= 1 \
            and marks.STABILIZED.of(c) != ctx.state.round:
        say(ctx, c, _("{name} is stable: {rp} RP now puts {name} back in the fight with 1 HP", name=named(c),
                      rp=of(c, 1)),
            "starfinder.md §3.4.7 [S]", _("spend {ref} resolve fight", ref=gm(c.id)))


def stabilize_cost(c: Combatant) -> int:
    """starfinder.md §3.4.6 [S/O]: a quarter of maximum RP, rounded down, at least 1, at most 3."""
    top = c.pools["rp"].max or c.pools["rp"].value
    return min(3, max(1, top // 4))


def make_stable(ctx: Context, c: Combatant, how: str, rule: str, with_resolve: bool = False) -> None:
    ctx.set_mark(c, marks.DYING, None)
    ctx.set_life(c, "stable", rule=rule)
    if with_resolve and ctx.state.in_combat:
        ctx.set_mark(c, marks.STABILIZED, ctx.state.round)


DEATHS = {"massive": _("dead (massive damage)"), "resolve": _("dead (out of resolve)"),
          "npc": _("dead (0 HP, no resolve)"), "con": _("dead (failed Con check)"),
          "coup": _("dead (coup de grace)"), "wrecked": _("wrecked"), "swarm": _("broken up (swarm at 0 HP)"),
          "ferocity": _("dead (ferocity ran out)")}


def status(c: Combatant, in_combat: bool) -> list[Msg]:
    """The sheet's lines for a combatant at 0 HP or dead; a command it can use now is spelled with its id."""
    if c.life == "dying":
        rp = c.pools.get("rp")
        left = rp.value if rp else 0
        grace = (marks.DYING.of(c) or {}).get("grace")
        if left == 0 and grace is not None:
            return [_("dying: {left} resolve left (dies at the end of {whose} turn in round {round})",
                      whose=possessive(c), left=left, round=grace)]
        return [_("dying: {left} resolve left", left=left)]
    if c.life == "stable":
        ko = marks.KO.of(c) == "nonlethal"
        rp = c.pools.get("rp")
        if rp is not None and rp.value >= 1:
            if ko:
                return [_("knocked out (nonlethal): stable at 0 HP: 1 RP at the start of {whose} turn to stay in the "
                          "fight (spend {ref} resolve fight)", whose=possessive(c), ref=gm(c.id))]
            return [_("stable: unconscious at 0 HP: 1 RP at the start of {whose} turn to stay in the fight (spend "
                      "{ref} resolve fight)", whose=possessive(c), ref=gm(c.id))]
        mins = (3600 - int(marks.STABLE_SECS.of(c) or 0)) // 60
        if in_combat:  # `pass` runs out of combat only: no command offered here
            if ko:
                return [_("knocked out (nonlethal): stable at 0 HP; Con check in {mins} min once the combat is over",
                          mins=mins)]
            return [_("stable: unconscious at 0 HP; Con check in {mins} min once the combat is over", mins=mins)]
        if ko:
            return [_("knocked out (nonlethal): stable at 0 HP; Con check in {mins} min (pass 1h)", mins=mins)]
        return [_("stable: unconscious at 0 HP; Con check in {mins} min (pass 1h)", mins=mins)]
    if c.life == "dead" and marks.DEATH.of(c) in DEATHS:
        return [DEATHS[marks.DEATH.of(c)]]
    return []
