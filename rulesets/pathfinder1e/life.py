"""The life-state machine of pathfinder1e.md §1.4: HP loss, dying, stable, dead, the Con checks.

Life lives in ``Combatant.life`` (ok, disabled, staggered, unconscious, dying,
stable, dead); the marks hold what the engine's word cannot:
``stable`` = "aided" | "unaided", ``recovering`` (a disabled creature at
negative HP that heals naturally again), ``cheat_window`` (a death a hero point
can still undo), ``ability_damage`` ({"con": 2}).
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from .stats import death_threshold, drained, mod

DC = 10


def hp_of(c: Combatant) -> int:
    return c.pools["hp"].value


def nl_of(c: Combatant) -> int:
    p = c.pools.get("nl")
    return p.value if p else 0


def conscious_life(hp: int, nl: int) -> str:
    """Life at 0+ HP: NL above HP knocks out, NL equal to HP staggers, 0 HP disables."""
    if nl > hp:
        return "unconscious"
    if hp == 0:
        return "disabled"
    if nl == hp:
        return "staggered"
    return "ok"


def negative_state(c: Combatant) -> bool:
    return c.life in ("dying", "stable") or (c.life == "disabled" and hp_of(c) < 0)


def countdown(c: Combatant) -> tuple[int, int]:
    """(HP at which it dies, HP still to lose before that)."""
    thr = death_threshold(c)
    return thr, hp_of(c) - thr


def con_mod(c: Combatant) -> int:
    con = c.stats.get("con")
    con = 10 if con is None else int(con)
    damage = int((c.marks.get("ability_damage") or {}).get("con", 0))
    return mod(con - drained(c, "con") - damage)


def need_hp(ctx: Context, c: Combatant) -> None:
    if "hp" not in c.pools:
        ctx.fail(f"{c.name} has no hp; set it first: set {c.id} hp=10")


def settle(ctx: Context, c: Combatant, rule: str = "pathfinder1e.md §1.3") -> None:
    """Recompute life at 0+ HP from HP and nonlethal damage, and say what changed."""
    if c.life == "dead" or hp_of(c) < 0:
        return
    new = conscious_life(hp_of(c), nl_of(c))
    if new == c.life:
        return
    ctx.set_life(c, new, rule=rule)
    for k in ("stable", "recovering"):
        ctx.set_mark(c, k, None)
    hp, nl = hp_of(c), nl_of(c)
    text = {
        "unconscious": (f"{c.name} falls unconscious: nonlethal {nl} exceeds HP {hp}",
                        f"{c.name} cae inconsciente: daño no letal {nl} supera sus PG {hp}"),
        "staggered": (f"{c.name} is staggered: nonlethal {nl} equals HP {hp}",
                      f"{c.name} queda grogui: daño no letal {nl} igual a sus PG {hp}"),
        "disabled": (f"{c.name} is disabled at 0 HP: one move or standard action; a standard "
                     f"action costs 1 HP",
                     f"{c.name} queda incapacitado a 0 PG: una acción de movimiento o estándar; "
                     f"una estándar cuesta 1 PG"),
        "ok": (f"{c.name} is back on its feet (HP {hp})", f"{c.name} vuelve a estar en pie (PG {hp})"),
    }[new]
    ctx.say(*text, rule=rule, who=c.id)


def reconcile(ctx: Context, c: Combatant) -> None:
    """Bring life in line with HP typed by hand (`add ... hp=-3/20`, `set ... hp=...`).

    The contract has no hook on `set`, so the rules catch up at the next rules moment
    (a turn start, damage, healing, time passing).
    """
    if c.life == "dead" or "hp" not in c.pools:
        return
    hp, thr = hp_of(c), death_threshold(c)
    if hp <= thr:
        die(ctx, c, f"HP {hp}, dead at {thr}", f"PG {hp}, muere a {thr}", can_cheat=False)
    elif hp < 0 and c.life not in ("dying", "stable", "disabled"):
        ctx.set_life(c, "dying", rule="pathfinder1e.md §1.4")
        ctx.say(f"{c.name} is dying at HP {hp} (dies at {thr}, {hp - thr} to go)",
                f"{c.name} está moribundo a PG {hp} (muere a {thr}, faltan {hp - thr})",
                rule="pathfinder1e.md §1.4", who=c.id)
    elif hp >= 0:
        settle(ctx, c)


def lose_hp(ctx: Context, c: Combatant, amount: int, rule: str = "pathfinder1e.md §1.3",
            cause: tuple[str, str] | None = None, quiet: bool = False) -> None:
    """Lethal HP loss and what it does to life. ``cause`` opens the log line."""
    need_hp(ctx, c)
    old = hp_of(c)
    rest = amount
    temp = c.pools.get("temp")
    if temp and temp.value > 0 and rest > 0:
        soak = min(temp.value, rest)
        ctx.set_pool(c, "temp", temp.value - soak, rule="pathfinder1e.md §1.3 temporary HP")
        rest -= soak
    new = old - rest
    ctx.set_pool(c, "hp", new, rule=rule)
    if c.life == "dead":
        if not quiet:
            ctx.say(f"{c.name} (dead) takes {amount} damage: HP {new}",
                    f"{c.name} (muerto) recibe {amount} de daño: PG {new}", rule=rule, who=c.id)
        return
    thr = death_threshold(c)
    if not quiet:
        en, es = cause or (f"{c.name} takes {amount} damage", f"{c.name} recibe {amount} de daño")
        soaked = amount - rest
        extra_en = f" ({soaked} to temporary HP)" if soaked else ""
        extra_es = f" ({soaked} a PG temporales)" if soaked else ""
        ctx.say(f"{en}{extra_en}: HP {old} -> {new}", f"{es}{extra_es}: PG {old} -> {new}",
                rule=rule, who=c.id)
    if rest <= 0:
        return
    if new <= thr:
        die(ctx, c, f"HP {new}, dead at {thr} (-Con)" if thr else f"HP {new}, no Con score",
            f"PG {new}, muere a {thr} (-Con)" if thr else f"PG {new}, sin Constitución", rule="pathfinder1e.md §1.4")
        return
    if new < 0:
        if c.life != "dying":
            was = c.life
            ctx.set_life(c, "dying", rule="pathfinder1e.md §1.4")
            for k in ("stable", "recovering"):
                ctx.set_mark(c, k, None)
            again = " again" if was == "stable" or (was == "disabled" and old < 0) else ""
            again_es = " de nuevo" if again else ""
            ctx.say(f"{c.name} is dying{again}: unconscious, Con check DC 10 at the start of each "
                    f"turn (dies at {thr}, {new - thr} to go)",
                    f"{c.name} está moribundo{again_es}: inconsciente, prueba de Con CD 10 al inicio de "
                    f"cada turno (muere a {thr}, faltan {new - thr})", rule="pathfinder1e.md §1.4", who=c.id)
        return
    settle(ctx, c)


def die(ctx: Context, c: Combatant, why_en: str, why_es: str, rule: str = "pathfinder1e.md §1.4",
        can_cheat: bool = True) -> None:
    from .hero import cheat_death_auto, offer_cheat_death  # local: hero uses life

    if can_cheat and cheat_death_auto(ctx, c):
        return
    ctx.set_life(c, "dead", rule=rule)
    for k in ("stable", "recovering"):
        ctx.set_mark(c, k, None)
    ctx.say(f"{c.name} dies ({why_en})", f"{c.name} muere ({why_es})", rule=rule, who=c.id)
    if can_cheat:
        offer_cheat_death(ctx, c)


def strain(ctx: Context, c: Combatant) -> None:
    """A disabled combatant finished a standard (strenuous) action: 1 damage, then dying (§1.4 [S])."""
    old = hp_of(c)
    new = old - 1
    ctx.set_pool(c, "hp", new, rule="pathfinder1e.md §1.4 disabled")
    ctx.say(f"{c.name} takes a standard action while disabled: 1 damage, HP {old} -> {new}",
            f"{c.name} realiza una acción estándar incapacitado: 1 de daño, PG {old} -> {new}",
            rule="pathfinder1e.md §1.4 disabled [S]", who=c.id)
    thr = death_threshold(c)
    if new <= thr:
        die(ctx, c, f"HP {new}, dead at {thr} (-Con)", f"PG {new}, muere a {thr} (-Con)")
        return
    ctx.set_life(c, "dying", rule="pathfinder1e.md §1.4 disabled")
    for k in ("stable", "recovering"):
        ctx.set_mark(c, k, None)
    ctx.say(f"{c.name} is dying (dies at {thr}, {new - thr} to go)",
            f"{c.name} está moribundo (muere a {thr}, faltan {new - thr})", rule="pathfinder1e.md §1.4", who=c.id)


def make_stable(ctx: Context, c: Combatant, kind: str, rule: str, why: tuple[str, str]) -> None:
    ctx.set_life(c, "stable", rule=rule)
    ctx.set_mark(c, "stable", kind)
    ctx.set_mark(c, "stable_secs", None)
    ctx.say(*why, rule=rule, who=c.id)


def con_check(ctx: Context, c: Combatant, purpose: str) -> tuple[bool, str, str]:
    """d20 + Con mod - negative HP vs DC 10; a natural 20 always succeeds (a 1 does not fail)."""
    neg = max(0, -hp_of(c))
    cm = con_mod(c)
    r = ctx.roll("1d20", purpose=f"{c.name}: {purpose}", who=c.id)
    nat = r.total
    total = nat + cm - neg
    ok = nat == 20 or total >= DC
    nat_en = " (natural 20)" if nat == 20 and total < DC else ""
    nat_es = " (20 natural)" if nat_en else ""
    en = f"{c.name}: Con check {nat}{cm:+d}{-neg:+d} = {total} vs DC {DC}{nat_en}"
    es = f"{c.name}: prueba de Con {nat}{cm:+d}{-neg:+d} = {total} contra CD {DC}{nat_es}"
    return ok, en, es


def dying_check(ctx: Context, c: Combatant, bleeding: bool) -> None:
    """Start of a dying combatant's turn (pathfinder1e.md §1.4 [S]; continuous damage auto-fails [O])."""
    if bleeding:
        new = hp_of(c) - 1
        ctx.say(f"{c.name}: Con check fails automatically (continuous damage): HP {new}",
                f"{c.name}: la prueba de Con falla automáticamente (daño continuo): PG {new}",
                rule="pathfinder1e.md §1.4 [O]", who=c.id)
        lose_hp(ctx, c, 1, rule="pathfinder1e.md §1.4", quiet=True)
        return
    ok, en, es = con_check(ctx, c, "Con check to stabilize (DC 10)")
    if ok:
        make_stable(ctx, c, "unaided", "pathfinder1e.md §1.4",
                    (f"{en}, succeeds: stable (unaided, hourly checks)",
                     f"{es}, supera: estable (sin ayuda, prueba cada hora)"))
        return
    new = hp_of(c) - 1
    ctx.say(f"{en}, fails: HP {new}", f"{es}, falla: PG {new}", rule="pathfinder1e.md §1.4", who=c.id)
    lose_hp(ctx, c, 1, rule="pathfinder1e.md §1.4", quiet=True)


def hourly_check(ctx: Context, c: Combatant) -> None:
    """One hour of a stable combatant (pathfinder1e.md §1.4 [S]): unaided risks 1 HP, aided may wake up."""
    kind = c.marks.get("stable", "unaided")
    ok, en, es = con_check(ctx, c, f"hourly Con check ({kind} stable)")
    if kind == "aided":
        if ok:
            ctx.set_life(c, "disabled", rule="pathfinder1e.md §1.4")
            ctx.set_mark(c, "stable", None)
            ctx.set_mark(c, "stable_secs", None)
            ctx.say(f"{en}, succeeds: conscious and disabled at HP {hp_of(c)}",
                    f"{es}, supera: consciente e incapacitado a PG {hp_of(c)}", rule="pathfinder1e.md §1.4", who=c.id)
        else:
            ctx.say(f"{en}, fails: stays unconscious", f"{es}, falla: sigue inconsciente",
                    rule="pathfinder1e.md §1.4", who=c.id)
        return
    if ok:
        ctx.set_mark(c, "stable", "aided")
        ctx.say(f"{en}, succeeds: stable as if aided (no more HP loss)",
                f"{es}, supera: estable como con ayuda (ya no pierde PG)", rule="pathfinder1e.md §1.4", who=c.id)
        return
    new = hp_of(c) - 1
    ctx.say(f"{en}, fails: HP {new}", f"{es}, falla: PG {new}", rule="pathfinder1e.md §1.4", who=c.id)
    _lose_keep_state(ctx, c, 1)


def daily_check(ctx: Context, c: Combatant) -> None:
    """Disabled at negative HP, unhelped: after 8 h rest, Con DC 10; failure costs 1 HP, no knock-out."""
    ok, en, es = con_check(ctx, c, "daily Con check to heal naturally")
    if ok:
        ctx.set_mark(c, "recovering", True)
        ctx.say(f"{en}, succeeds: heals naturally from now on",
                f"{es}, supera: se cura de forma natural a partir de ahora", rule="pathfinder1e.md §1.4", who=c.id)
        return
    new = hp_of(c) - 1
    ctx.say(f"{en}, fails: HP {new} (stays conscious)", f"{es}, falla: PG {new} (sigue consciente)",
            rule="pathfinder1e.md §1.4", who=c.id)
    _lose_keep_state(ctx, c, 1)


def _lose_keep_state(ctx: Context, c: Combatant, amount: int) -> None:
    """HP lost by a failed recovery check: the state stays unless the creature dies."""
    new = hp_of(c) - amount
    ctx.set_pool(c, "hp", new, rule="pathfinder1e.md §1.4")
    thr = death_threshold(c)
    if new <= thr:
        die(ctx, c, f"HP {new}, dead at {thr} (-Con)", f"PG {new}, muere a {thr} (-Con)")
