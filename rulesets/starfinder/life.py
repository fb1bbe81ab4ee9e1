"""The 0-HP state machine of starfinder.md §3.4: dying, stable, knocked out, dead.

Marks it keeps on a combatant (JSON, in the save):
``dying`` {"skip": round dropped during its own turn, "grace": round whose turn end is the
deadline when it had 0 RP on dropping}; ``ko`` "nonlethal"; ``stabilized`` round it spent RP to
stabilise; ``stable_secs``/``stable_hours``/``tended`` for long-term stability; ``zero_hit`` the
round of the last hit that cost RP (errata option); ``death`` what killed it.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from .common import say
from .options import official
from .stats import has_resolve

ZERO_MARKS = ("dying", "ko", "stabilized", "stable_secs", "stable_hours", "tended", "zero_hit")


def clear_zero_marks(ctx: Context, c: Combatant) -> None:
    for key in ZERO_MARKS:
        ctx.set_mark(c, key, None)


def kill(ctx: Context, c: Combatant, cause: str, en: str, es: str, rule: str) -> None:
    clear_zero_marks(ctx, c)
    ctx.set_life(c, "dead", rule=rule)
    ctx.set_mark(c, "death", cause)
    say(ctx, c, en, es, rule)


def revive(ctx: Context, c: Combatant, rule: str) -> None:
    """Back above 0 HP: conscious and fully functional (starfinder.md §3.4.6 [O])."""
    if c.life in ("dying", "stable", "unconscious"):
        ctx.set_life(c, "ok", rule=rule)
        say(ctx, c, f"{c.name} is conscious again", f"{c.name} recupera la consciencia", rule)
    clear_zero_marks(ctx, c)


def drop_to_zero(ctx: Context, c: Combatant, leftover: int, nonlethal: bool) -> None:
    """HP just reached 0 in this hit; ``leftover`` is the damage HP could not hold."""
    hp_max = c.pools["hp"].max or 0
    if not nonlethal and leftover >= hp_max:
        kill(ctx, c, "massive",
             f"Massive damage: {leftover} left over after HP reached 0 is at least max HP {hp_max}: "
             f"{c.name} dies",
             f"Daño masivo: sobran {leftover} tras llegar a 0 PG, al menos sus {hp_max} PG máximos: "
             f"{c.name} muere", "starfinder.md §3.4.1 massive damage [S]")
        return
    if nonlethal:
        clear_zero_marks(ctx, c)
        ctx.set_life(c, "stable", rule="starfinder.md §3.3 nonlethal [O]")
        ctx.set_mark(c, "ko", "nonlethal")
        say(ctx, c, f"{c.name} drops to 0 HP from nonlethal damage: unconscious and stable, not dying",
            f"{c.name} cae a 0 PG por daño no letal: inconsciente y estable, no moribundo",
            "starfinder.md §3.3 nonlethal [O]")
        return
    if not has_resolve(c):
        kill(ctx, c, "npc", f"{c.name} has no Resolve Points: dies at 0 HP",
             f"{c.name} no tiene puntos de resolución: muere a 0 PG", "starfinder.md §3.4.10 [O]")
        return
    state = ctx.state
    if "rp" not in c.pools:
        ctx.set_pool(c, "rp", 0, max=0, rule="starfinder.md §3.5: no RP recorded for a PC counts as 0")
    rp = c.pools["rp"].value
    mark = {"skip": state.round if state.in_combat and state.active == c.id else None,
            "grace": state.round + 1 if rp == 0 else None}
    clear_zero_marks(ctx, c)
    ctx.set_mark(c, "dying", mark)
    ctx.set_life(c, "dying", rule="starfinder.md §3.4.2 [S]")
    when = "the end of its next turn" if mark["skip"] is not None else "the end of each of its turns"
    cuando = "el final de su próximo turno" if mark["skip"] is not None else "el final de cada uno de sus turnos"
    if rp == 0:
        say(ctx, c, f"{c.name} drops to 0 HP: unconscious and dying with 0 RP: dies at the end of its turn "
                    f"in round {mark['grace']} unless healed or stabilised",
            f"{c.name} cae a 0 PG: inconsciente y moribundo sin PR: muere al final de su turno del asalto "
            f"{mark['grace']} si no lo curan o estabilizan", "starfinder.md §3.4.5 [O]")
    else:
        say(ctx, c, f"{c.name} drops to 0 HP: unconscious and dying; loses 1 RP at {when} ({rp} RP left)",
            f"{c.name} cae a 0 PG: inconsciente y moribundo; pierde 1 PR al {cuando} (le quedan {rp} PR)",
            "starfinder.md §3.4.2-3 [S]")


def hit_at_zero(ctx: Context, c: Combatant, amount: int, nonlethal: bool, continuous: bool) -> None:
    """Damage that got past stamina while already at 0 HP (starfinder.md §3.4.1, 3.4.4, 3.4.8)."""
    hp_max = c.pools["hp"].max or 0
    if amount <= 0:
        return
    if nonlethal:
        say(ctx, c, f"{c.name} is at 0 HP: nonlethal damage changes nothing",
            f"{c.name} está a 0 PG: el daño no letal no cambia nada", "starfinder.md §3.3 nonlethal [I]")
        return
    if amount >= hp_max:
        kill(ctx, c, "massive",
             f"Massive damage at 0 HP: {amount} in one attack is at least max HP {hp_max}: {c.name} dies",
             f"Daño masivo a 0 PG: {amount} en un ataque, al menos sus {hp_max} PG máximos: {c.name} muere",
             "starfinder.md §3.4.1 massive damage [S]")
        return
    if not has_resolve(c):
        kill(ctx, c, "npc", f"{c.name} has no Resolve Points: lethal damage at 0 HP kills it",
             f"{c.name} no tiene puntos de resolución: el daño letal a 0 PG lo mata", "starfinder.md §3.4.10 [O]")
        return
    state = ctx.state
    if official(state, "damage_at_zero_hp"):
        if c.marks.get("zero_hit") == state.round and amount * 2 <= hp_max:
            say(ctx, c, f"{c.name} already lost RP to damage this round; {amount} is not over half max HP "
                        f"({hp_max}): no RP lost (errata)",
                f"{c.name} ya perdió PR por daño este asalto; {amount} no supera la mitad de sus PG máximos "
                f"({hp_max}): no pierde PR (errata)", "starfinder.md §3.4.4 [Δ errata]")
            return
        ctx.set_mark(c, "zero_hit", state.round)
    what = "continuous damage" if continuous else "a hit"
    que = "daño continuo" if continuous else "un impacto"
    if c.life == "stable":
        ctx.set_mark(c, "ko", None)
        ctx.set_mark(c, "stabilized", None)
        ctx.set_mark(c, "dying", {"skip": None, "grace": None})
        ctx.set_life(c, "dying", rule="starfinder.md §3.4.8 [O]")
        say(ctx, c, f"{c.name} takes damage while stable: dying again",
            f"{c.name} recibe daño estando estable: vuelve a estar moribundo", "starfinder.md §3.4.8 [O]")
    rp = c.pools["rp"]
    if rp.value <= 0:
        kill(ctx, c, "resolve",
             f"{c.name} must lose 1 RP for {what} at 0 HP and has none left: dies",
             f"{c.name} debe perder 1 PR por {que} a 0 PG y no le queda ninguno: muere", "starfinder.md §3.4.4-5 [S/O]")
        return
    ctx.set_pool(c, "rp", rp.value - 1, rule="starfinder.md §3.4.4 [S]")
    say(ctx, c, f"{c.name} is at 0 HP: {what} costs 1 RP ({rp.value} left)",
        f"{c.name} está a 0 PG: {que} le cuesta 1 PR (le quedan {rp.value})", "starfinder.md §3.4.4 [S]")


def end_of_turn(ctx: Context, c: Combatant) -> None:
    """Dying: 1 RP at the end of each of its turns; none left = dead (starfinder.md §3.4.3, 3.4.5)."""
    if c.life != "dying":
        return
    state = ctx.state
    mark = dict(c.marks.get("dying") or {})
    if mark.get("skip") == state.round:
        mark["skip"] = None
        ctx.set_mark(c, "dying", mark)
        say(ctx, c, f"{c.name} dropped during its own turn: its first RP loss comes at the end of its next turn",
            f"{c.name} cayó durante su propio turno: pierde el primer PR al final de su próximo turno",
            "starfinder.md §3.4.3 [O]")
        return
    rp = c.pools.get("rp")
    if rp is None or rp.value <= 0:
        grace = mark.get("grace")
        if grace is not None and state.round < grace:
            say(ctx, c, f"{c.name} has 0 RP: dies at the end of its turn in round {grace} unless healed "
                        f"or stabilised",
                f"{c.name} no tiene PR: muere al final de su turno del asalto {grace} si no lo curan o "
                f"estabilizan", "starfinder.md §3.4.5 [O]")
            return
        kill(ctx, c, "resolve", f"{c.name} must lose 1 RP while dying and has none left: dies",
             f"{c.name} debe perder 1 PR estando moribundo y no le queda ninguno: muere", "starfinder.md §3.4.5 [O]")
        return
    ctx.set_pool(c, "rp", rp.value - 1, rule="starfinder.md §3.4.3 [S]")
    say(ctx, c, f"{c.name} is dying: loses 1 RP at the end of its turn ({rp.value} left)",
        f"{c.name} está moribundo: pierde 1 PR al final de su turno (le quedan {rp.value})", "starfinder.md §3.4.3 [S]")


def turn_start(ctx: Context, c: Combatant) -> None:
    """Remind the GM what a dying or stable character may do now, before the turn runs out."""
    if c.life == "dying":
        rp = c.pools["rp"].value if "rp" in c.pools else 0
        cost = stabilize_cost(c) if "rp" in c.pools else 1
        if rp >= cost:
            say(ctx, c, f"{c.name} is dying ({rp} RP): it may spend {cost} RP to stabilise now "
                        f"(spend {c.id} resolve stabilize), else it loses 1 RP at the end of this turn",
                f"{c.name} está moribundo ({rp} PR): puede gastar {cost} PR para estabilizarse ahora "
                f"(spend {c.id} resolve stabilize); si no, pierde 1 PR al final de este turno",
                "starfinder.md §3.4.6 [S]")
            return
        # not enough RP to stabilise itself: say what can still save it (starfinder.md §3.4.6)
        if rp > 0:
            fate_en, fate_es = "it loses 1 RP at the end of this turn", "pierde 1 PR al final de este turno"
        else:
            grace = (c.marks.get("dying") or {}).get("grace")
            if grace is not None and ctx.state.round < grace:
                fate_en = f"with 0 RP it dies at the end of its turn in round {grace}"
                fate_es = f"sin PR muere al final de su turno del asalto {grace}"
            else:
                fate_en, fate_es = "with 0 RP it dies at the end of this turn", "sin PR muere al final de este turno"
        say(ctx, c, f"{c.name} is dying with {rp} RP, too few to stabilise itself ({cost} needed): only "
                    f"Medicine DC 15 or healing by someone else can save it; {fate_en}",
            f"{c.name} está moribundo con {rp} PR, no le bastan para estabilizarse ({cost} necesarios): solo "
            f"Medicina CD 15 o una curación de otro pueden salvarlo; {fate_es}", "starfinder.md §3.4.6 [S]")
    elif c.life == "stable" and "rp" in c.pools and c.pools["rp"].value >= 1 \
            and c.marks.get("stabilized") != ctx.state.round:
        say(ctx, c, f"{c.name} is stable: 1 RP now puts it back in the fight with 1 HP (spend {c.id} resolve fight)",
            f"{c.name} está estable: con 1 PR ahora vuelve a la lucha con 1 PG (spend {c.id} resolve fight)",
            "starfinder.md §3.4.7 [S]")


def stabilize_cost(c: Combatant) -> int:
    """starfinder.md §3.4.6 [S/O]: a quarter of maximum RP, rounded down, at least 1, at most 3."""
    top = c.pools["rp"].max or c.pools["rp"].value
    return min(3, max(1, top // 4))


def make_stable(ctx: Context, c: Combatant, how: str, rule: str, with_resolve: bool = False) -> None:
    ctx.set_mark(c, "dying", None)
    ctx.set_life(c, "stable", rule=rule)
    if with_resolve and ctx.state.in_combat:
        ctx.set_mark(c, "stabilized", ctx.state.round)


def status(c: Combatant, lang: str = "en") -> list[str]:
    es = lang == "es"
    if c.life == "dying":
        rp = c.pools.get("rp")
        left = rp.value if rp else 0
        grace = (c.marks.get("dying") or {}).get("grace")
        line = f"moribundo: le quedan {left} de resolución" if es else f"dying: {left} resolve left"
        if left == 0 and grace is not None:
            line += (f" (muere al final de su turno del asalto {grace})" if es
                     else f" (dies at the end of its turn in round {grace})")
        return [line]
    if c.life == "stable":
        ko = c.marks.get("ko") == "nonlethal"
        if es:
            line = "inconsciente (no letal), estable a 0 PG" if ko else "estable: inconsciente a 0 PG"
        else:
            line = "knocked out (nonlethal): stable at 0 HP" if ko else "stable: unconscious at 0 HP"
        rp = c.pools.get("rp")
        if rp is not None and rp.value >= 1:
            line += (": 1 PR al inicio de su turno para levantarse (spend NOMBRE resolve fight)" if es
                     else ": 1 RP at the start of its turn to stay in the fight (spend NAME resolve fight)")
        else:
            secs = int(c.marks.get("stable_secs") or 0)
            mins = (3600 - secs) // 60
            line += (f"; prueba de Con en {mins} min (pass 1h)" if es else f"; Con check in {mins} min (pass 1h)")
        return [line]
    if c.life == "dead":
        cause = c.marks.get("death")
        names = {"massive": ("massive damage", "daño masivo"), "resolve": ("out of resolve", "sin resolución"),
                 "npc": ("0 HP, no resolve", "0 PG, sin resolución"), "con": ("failed Con check", "falló la prueba de Con"),
                 "coup": ("coup de grace", "golpe de gracia"), "wrecked": ("wrecked", "destrozado")}
        if cause in names:
            en_, es_ = names[cause]
            return [f"muerto ({es_})" if es else f"dead ({en_})"] if cause != "wrecked" else \
                [f"destrozado" if es else "wrecked"]
    return []
