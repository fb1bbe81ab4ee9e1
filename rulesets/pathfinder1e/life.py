"""The life-state machine of pathfinder1e.md §1.4: HP loss, dying, stable, dead, the Con checks.

Life lives in ``Combatant.life`` (ok, disabled, staggered, unconscious, dying,
stable, dead); the marks hold what the engine's word cannot:
``stable`` = "aided" | "unaided", ``recovering`` (a disabled creature at
negative HP that heals naturally again), ``cheat_window`` (a death a hero point
can still undo), ``ability_damage`` ({"con": 2}).
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, Msg, dealt, named, of, public, record_check, possessive

from . import marks, regeneration
from .cheat_death import cheat_death_auto, offer_cheat_death
from .i18n import T_, _
from .options import option
from .stats import ability_points, conscious_life, death_threshold, drained, mod

DC = 10
#: the two ways of being stable (the mark ``stable``), as the log names them
STABLE_KINDS = {"aided": T_("stable", "aided", "con ayuda"), "unaided": T_("stable", "unaided", "sin ayuda")}
RULE = "pathfinder1e.md §1.4"
FOES_RULE = "pathfinder1e.md §1.4 [I option]"


def hp_of(c: Combatant) -> int:
    return c.pools["hp"].value


def nl_of(c: Combatant) -> int:
    p = c.pools.get("nl")
    return p.value if p else 0


def negative_state(c: Combatant) -> bool:
    return c.life in ("dying", "stable") or (c.life == "disabled" and hp_of(c) < 0)


def countdown(c: Combatant) -> tuple[int, int]:
    """(HP at which it dies, HP still to lose before that)."""
    thr = death_threshold(c)
    return thr, hp_of(c) - thr


def con_mod(c: Combatant) -> int:
    con = c.stats.get("con")
    con = 10 if con is None else int(con)
    damage, penalty = ability_points(c, "con")
    return mod(con - drained(c, "con")) - (damage + penalty) // 2  # -1 per 2 points of damage or penalty (§1.9)


def need_hp(ctx: Context, c: Combatant) -> None:
    if "hp" not in c.pools:
        ctx.fail(_("{name} has no hp; set it first: set {ref} hp=10", name=c.name, ref=c.id))


def _clear_recovery(ctx: Context, c: Combatant) -> None:
    for k in (marks.STABLE, marks.RECOVERING):
        ctx.set_mark(c, k, None)


def settle(ctx: Context, c: Combatant, rule: str = "pathfinder1e.md §1.3") -> None:
    """Recompute life at 0+ HP from HP and nonlethal damage, and say what changed."""
    if c.life == "dead" or hp_of(c) < 0:
        return
    new = conscious_life(hp_of(c), nl_of(c))
    if new == c.life:
        return
    ctx.set_life(c, new, rule=rule)
    _clear_recovery(ctx, c)
    hp, nl = of(c, hp_of(c)), of(c, nl_of(c))
    # the state is the players' to read; the numbers behind it are the GM's unless c is a PC
    text, detail = {
        "unconscious": (_("{name} falls unconscious", name=named(c)),
                        _("nonlethal {nl} exceeds HP {hp}", nl=nl, hp=hp)),
        "staggered": (_("{name} is staggered", name=named(c)), _("nonlethal {nl} equals HP {hp}", nl=nl, hp=hp)),
        "disabled": (_("{name} is disabled at 0 HP: one move or standard action; a standard action costs 1 HP",
                       name=named(c)), None),
        "ok": (_("{name} is back in action", name=named(c)), _("HP {hp}", hp=hp)), }[new]
    ctx.say(text, rule=rule, who=c.id, detail=detail)


def foe_dies(ctx: Context, c: Combatant) -> bool:
    """Option foes_die_below_0 (the table habit, pathfinder1e.md §1.4): a foe below 0 HP is dead,
    not dying; PCs and allies keep the seed's dying rules."""
    return c.side == "foe" and bool(option(ctx.state, "foes_die_below_0"))


def _foe_below_0(c: Combatant, hp: int) -> Msg:
    return _("HP {hp}: foes die below 0 (option foes_die_below_0)", hp=of(c, hp))


def countdown_detail(c: Combatant, thr: int, left: int) -> Msg:
    """What a dying combatant has left, the detail of "X is dying" (the GM's unless c is a PC)."""
    return _("dies at {thr}, {left} to go", thr=of(c, thr), left=of(c, left))


def reconcile(ctx: Context, c: Combatant) -> None:
    """Bring life in line with HP typed by hand (`add ... hp=-3/20`, `set ... hp=...`).

    The rules catch up at the next rules moment (a turn start, damage, healing, time passing).
    """
    if c.life == "dead" or "hp" not in c.pools:
        return
    hp, thr = hp_of(c), death_threshold(c)
    if hp <= 0 and swarm_breaks_up(ctx, c, hp):
        return
    if hp <= thr and regenerating(ctx, c, hp, thr, hurt=False):
        return
    if hp <= thr:
        die(ctx, c, _("HP {hp}, dead at {thr}", hp=of(c, hp), thr=of(c, thr)), can_cheat=False)
    elif hp < 0 and c.life not in ("dying", "stable", "disabled") and foe_dies(ctx, c):
        die(ctx, c, _foe_below_0(c, hp), can_cheat=False, rule=FOES_RULE)
    elif hp < 0 and c.life not in ("dying", "stable", "disabled") and fights_on(ctx, c, hp, thr):
        return
    elif hp < 0 and c.life not in ("dying", "stable", "disabled"):
        ctx.set_life(c, "dying", rule=RULE)
        ctx.say(_("{name} is dying", name=named(c)), rule=RULE, who=c.id,
                detail=_("HP {hp}, dies at {thr}, {left} to go", hp=of(c, hp), thr=of(c, thr), left=of(c, hp - thr)))
    elif hp >= 0:
        settle(ctx, c)


def lose_hp(ctx: Context, c: Combatant, amount: int, rule: str = "pathfinder1e.md §1.3",
            cause: Msg | None = None, quiet: bool = False, soak: bool = True) -> None:
    """Lethal HP loss and what it does to life. ``cause`` opens the log line. ``soak``: temporary HP
    take it first (damage does; HP lost to a Con penalty, §1.9, does not)."""
    need_hp(ctx, c)
    old = hp_of(c)
    rest = amount
    temp = c.pools.get("temp")
    if soak and temp and temp.value > 0 and rest > 0:
        soak = min(temp.value, rest)
        ctx.set_pool(c, "temp", temp.value - soak, rule="pathfinder1e.md §1.3 temporary HP")
        rest -= soak
    new = old - rest
    ctx.set_pool(c, "hp", new, rule=rule)
    if c.life == "dead":
        if not quiet:
            ctx.say(_("{name} (dead) takes {amount} damage: HP {hp}", name=named(c), amount=dealt(c, amount),
                      hp=of(c, new)), rule=rule, who=c.id)
        return
    if not quiet:
        cause = cause or _("{name} takes {amount} damage", name=named(c), amount=dealt(c, amount))
        soaked = amount - rest
        if soaked:
            ctx.say(_("{cause} ({soaked} to temporary HP): HP {old} -> {new}", cause=cause, soaked=dealt(c, soaked),
                      old=of(c, old), new=of(c, new)), rule=rule, who=c.id)
        else:
            ctx.say(_("{cause}: HP {old} -> {new}", cause=cause, old=of(c, old), new=of(c, new)), rule=rule, who=c.id)
    if rest <= 0:
        return
    hp_lost(ctx, c, old, new)


def hp_lost(ctx: Context, c: Combatant, old: int, new: int) -> None:
    """What losing HP from ``old`` to ``new`` does to life (§1.4): a disabled creature at 0 or a stable one is
    dying (again), at -Con it dies; regeneration, ferocity and swarms as their rules say."""
    thr = death_threshold(c)
    if new <= 0 and swarm_breaks_up(ctx, c, new):
        return
    if new <= thr and regenerating(ctx, c, new, thr):
        return
    if new <= thr:
        why = (_("HP {hp}, dead at {thr} (-Con)", hp=of(c, new), thr=of(c, thr)) if thr
               else _("HP {hp}, no Con score", hp=of(c, new)))
        die(ctx, c, why, rule=RULE)
        return
    if new < 0 and foe_dies(ctx, c) and not regeneration.works(ctx.state, c):
        die(ctx, c, _foe_below_0(c, new), rule=FOES_RULE)
        return
    if new < 0 and fights_on(ctx, c, new, thr):
        return
    if new < 0:
        if c.life != "dying":
            was = c.life
            ctx.set_life(c, "dying", rule=RULE)
            _clear_recovery(ctx, c)
            if was == "stable" or (was == "disabled" and old < 0):
                text = _("{name} is dying again: unconscious", name=named(c))
            else:
                text = _("{name} is dying: unconscious", name=named(c))
            # the players read that it is dying; its check and countdown are the GM's unless it is a PC
            ctx.say(text, rule=RULE, who=c.id,
                    detail=_("Con check DC 10 at the start of each turn, dies at {thr}, {left} to go",
                             thr=of(c, thr), left=of(c, new - thr)))
        return
    settle(ctx, c)


def swarm_breaks_up(ctx: Context, c: Combatant, hp: int) -> bool:
    """A swarm at 0 HP or less breaks up: never disabled, dying or staggered (pathfinder1e.md §1.16)."""
    if not c.stats.get("swarm"):
        return False
    die(ctx, c, _("a swarm breaks up at {hp} HP", hp=of(c, hp)), rule="pathfinder1e.md §1.16", can_cheat=False)
    return True


FEROCITY = "pathfinder1e.md §1.15"


def ferocious(c: Combatant) -> bool:
    return bool(c.stats.get("ferocity"))


def fights_on(ctx: Context, c: Combatant, hp: int, thr: int) -> bool:
    """Ferocity (pathfinder1e.md §1.15): below 0 HP it stays conscious and staggered instead of dying."""
    if not ferocious(c) or c.life in ("dying", "stable", "unconscious"):
        return False
    if c.life != "staggered":
        ctx.set_life(c, "staggered", rule=FEROCITY)
        _clear_recovery(ctx, c)
        ctx.say(_("{name} fights on with ferocity: staggered, loses 1 HP each round", name=named(c)),
                rule=FEROCITY, who=c.id, detail=_("HP {hp}, dies at {thr}, {left} to go", hp=of(c, hp),
                                                  thr=of(c, thr), left=of(c, hp - thr)))
    return True


def ferocity_tick(ctx: Context, c: Combatant) -> None:
    """At the start of its turn a ferocious creature below 0 HP loses 1 HP (§1.15 [I]: the round's HP loss
    at its own turn, as a dying creature's)."""
    if not ferocious(c) or c.life != "staggered" or hp_of(c) >= 0:
        return
    new = hp_of(c) - 1
    ctx.say(_("{name} bleeds on with ferocity: 1 HP, HP {hp}", name=named(c), hp=of(c, new)), rule=FEROCITY, who=c.id)
    lose_hp(ctx, c, 1, rule=FEROCITY, quiet=True)


def regenerating(ctx: Context, c: Combatant, hp: int, thr: int, hurt: bool = True) -> bool:
    """HP at or below death while its regeneration works (pathfinder1e.md §1.14): alive, unconscious
    (dying, which the regeneration heals), never dead from HP loss. ``hurt``: it was just damaged
    (said each time; a stable creature is dying again); else HP typed by hand or a turn start."""
    if not regeneration.works(ctx.state, c):
        return False
    changed = c.life != "dying" and (hurt or c.life != "stable")
    if changed:
        ctx.set_life(c, "dying", rule=regeneration.RULE)
        _clear_recovery(ctx, c)
    if hurt or changed:
        ctx.say(_("{name} cannot die while {whose} regeneration works: unconscious", whose=possessive(c),
                  name=named(c)),
                rule=regeneration.RULE, who=c.id, detail=_("HP {hp}, dead at {thr} without it", hp=of(c, hp),
                                                           thr=of(c, thr)))
    return True


def die(ctx: Context, c: Combatant, why: Msg, rule: str = RULE, can_cheat: bool = True) -> None:
    if can_cheat and cheat_death_auto(ctx, c):
        return
    ctx.set_life(c, "dead", rule=rule)
    _clear_recovery(ctx, c)
    ctx.say(_("{name} dies", name=named(c)), rule=rule, who=c.id, detail=why)
    if can_cheat:
        offer_cheat_death(ctx, c)


def _dead_at(c: Combatant, hp: int) -> Msg:
    return _("HP {hp}, dead at {thr} (-Con)", hp=of(c, hp), thr=of(c, death_threshold(c)))


def strain(ctx: Context, c: Combatant) -> None:
    """A disabled combatant finished a standard (strenuous) action: 1 damage, then dying (§1.4 [S])."""
    old = hp_of(c)
    new = old - 1
    ctx.set_pool(c, "hp", new, rule="pathfinder1e.md §1.4 disabled")
    ctx.say(_("{name} takes a standard action while disabled: 1 damage, HP {old} -> {new}", name=named(c),
              old=of(c, old), new=of(c, new)), rule="pathfinder1e.md §1.4 disabled [S]", who=c.id)
    thr = death_threshold(c)
    if new <= thr and regenerating(ctx, c, new, thr):
        return
    if new <= thr:
        die(ctx, c, _dead_at(c, new))
        return
    if foe_dies(ctx, c) and not regeneration.works(ctx.state, c):
        die(ctx, c, _foe_below_0(c, new), rule=FOES_RULE)
        return
    ctx.set_life(c, "dying", rule="pathfinder1e.md §1.4 disabled")
    _clear_recovery(ctx, c)
    ctx.say(_("{name} is dying", name=named(c)), rule=RULE, who=c.id, detail=countdown_detail(c, thr, new - thr))


def make_stable(ctx: Context, c: Combatant, kind: str, rule: str, why: Msg) -> None:
    ctx.set_life(c, "stable", rule=rule)
    ctx.set_mark(c, marks.STABLE, kind)
    ctx.set_mark(c, marks.STABLE_SECS, None)
    ctx.say(why, rule=rule, who=c.id)


def con_check(ctx: Context, c: Combatant, purpose: Msg, what: str) -> tuple[bool, Msg]:
    """d20 + Con mod - negative HP vs DC 10; a natural 20 always succeeds (a 1 does not fail).
    Kept with the state's recent checks as ``what``."""
    neg = max(0, -hp_of(c))
    cm = con_mod(c)
    r = ctx.roll("1d20", purpose=_('{name}: {purpose}', name=named(c), purpose=purpose), who=c.id)
    nat = r.total
    total = nat + cm - neg
    ok = nat == 20 or total >= DC
    record_check(ctx, c, what, total, dice=(nat,), bonus=cm - neg, against=f"DC {DC}", target=DC,
                 outcome="success" if ok else "failure")
    # its Con modifier and its negative HP: the GM's unless c is a PC (the DC is the rule's)
    args = dict(name=named(c), nat=of(c, nat), cm=of(c, cm), neg=of(c, -neg), total=of(c, total), dc=public(DC))
    if nat == 20 and total < DC:
        text = _("{name}: Con check {nat}{cm:+d}{neg:+d} = {total} vs DC {dc} (natural 20)", **args)
    else:
        text = _("{name}: Con check {nat}{cm:+d}{neg:+d} = {total} vs DC {dc}", **args)
    return ok, text


def dying_check(ctx: Context, c: Combatant, bleeding: bool) -> None:
    """Start of a dying combatant's turn (pathfinder1e.md §1.4 [S]; continuous damage auto-fails [O])."""
    if bleeding:
        new = hp_of(c) - 1
        ctx.say(_("{name}: Con check fails automatically (continuous damage): HP {hp}", name=named(c), hp=of(c, new)),
                rule="pathfinder1e.md §1.4 [O]", who=c.id)
        lose_hp(ctx, c, 1, rule=RULE, quiet=True)
        return
    ok, check = con_check(ctx, c, _('Con check to stabilize (DC 10)'), "Con (stabilize)")
    if ok:
        make_stable(ctx, c, "unaided", RULE,
                    _("{check}, succeeds: stable (unaided, hourly checks)", check=check))
        return
    new = hp_of(c) - 1
    ctx.say(_("{check}, fails: HP {hp}", check=check, hp=of(c, new)), rule=RULE, who=c.id)
    lose_hp(ctx, c, 1, rule=RULE, quiet=True)


def hourly_check(ctx: Context, c: Combatant) -> None:
    """One hour of a stable combatant (pathfinder1e.md §1.4 [S]): unaided risks 1 HP, aided may wake up."""
    kind = marks.STABLE.of(c, "unaided")
    ok, check = con_check(ctx, c, _('hourly Con check ({kind} stable)', kind=STABLE_KINDS.get(kind, kind)),
                          "Con (hourly)")
    if kind == "aided":
        if ok:
            ctx.set_life(c, "disabled", rule=RULE)
            ctx.set_mark(c, marks.STABLE, None)
            ctx.set_mark(c, marks.STABLE_SECS, None)
            ctx.say(_("{check}, succeeds: conscious and disabled at HP {hp}", check=check, hp=of(c, hp_of(c))),
                    rule=RULE, who=c.id)
        else:
            ctx.say(_("{check}, fails: stays unconscious", check=check), rule=RULE, who=c.id)
        return
    if ok:
        ctx.set_mark(c, marks.STABLE, "aided")
        ctx.say(_("{check}, succeeds: stable as if aided (no more HP loss)", check=check), rule=RULE, who=c.id)
        return
    new = hp_of(c) - 1
    ctx.say(_("{check}, fails: HP {hp}", check=check, hp=of(c, new)), rule=RULE, who=c.id)
    _lose_keep_state(ctx, c, 1)


def daily_check(ctx: Context, c: Combatant) -> None:
    """Disabled at negative HP, unhelped: after 8 h rest, Con DC 10; failure costs 1 HP, no knock-out."""
    ok, check = con_check(ctx, c, _('daily Con check to heal naturally'), "Con (daily)")
    if ok:
        ctx.set_mark(c, marks.RECOVERING, True)
        ctx.say(_("{check}, succeeds: heals naturally from now on", check=check), rule=RULE, who=c.id)
        return
    new = hp_of(c) - 1
    ctx.say(_("{check}, fails: HP {hp} (stays conscious)", check=check, hp=of(c, new)), rule=RULE, who=c.id)
    _lose_keep_state(ctx, c, 1)


def _lose_keep_state(ctx: Context, c: Combatant, amount: int) -> None:
    """HP lost by a failed recovery check: the state stays unless the creature dies."""
    new = hp_of(c) - amount
    ctx.set_pool(c, "hp", new, rule=RULE)
    if new <= death_threshold(c) and not regenerating(ctx, c, new, death_threshold(c), hurt=False):
        die(ctx, c, _dead_at(c, new))
