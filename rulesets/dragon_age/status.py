"""What the sheet and the warnings panel say: countdowns, actions left, points waiting."""

from __future__ import annotations

from gm_console.ruleset import Combatant, EncounterState, Pending

from .common import own_turn, waiting_points
from .economy import left
from .health import death_round, turns_left
from .stunt_points import menu_text

ROUND_SECONDS = 15


def _minutes(rounds: int) -> str:
    minutes, secs = divmod(rounds * ROUND_SECONDS, 60)
    return f"{minutes} min" + (f" {secs} s" if secs else "")


def lines(state: EncounterState, c: Combatant, lang: str = "en") -> list[str]:
    es = lang == "es"
    out: list[str] = []
    n = turns_left(c)
    if n is not None and c.life == "dying":
        when = death_round(state, c)
        if es:
            out.append(f"moribundo: muere al comienzo de su turno dentro de {n} turno{'s' if n != 1 else ''}")
        else:
            out.append(f"dying: dies at the start of its turn in {n} turn{'s' if n != 1 else ''}")
        if when is not None:
            out.append(f"muere en el asalto {when}" if es else f"dies in round {when}")
    for inst in c.instances("unconscious"):
        if inst.rounds is not None:
            out.append(f"inconsciente: despierta en {_minutes(inst.rounds)} ({inst.rounds} asaltos)" if es
                       else f"unconscious: wakes in {_minutes(inst.rounds)} ({inst.rounds} rounds)")
    if own_turn(state, c):
        en_left, es_left = left(state, c)
        out.append(f"acciones: {es_left}" if es else f"actions: {en_left}")
    points = waiting_points(c)
    if points > 0:
        menu = menu_text(state, c, lang)
        out.append(f"{points} PP por gastar ya: {menu}" if es else f"{points} stunt points to spend now: {menu}")
    for inst in c.instances("prepared"):
        out.append(f"acción preparada: {inst.note} (hasta su próximo turno)" if es
                   else f"prepared: {inst.note} (until its next turn)")
    if c.has("aiming"):
        out.append("apuntando: +1 a su próximo ataque" if es else "aiming: +1 on its next attack")
    if c.marks.get("bonus_attack"):
        out.append("Ataque relámpago: un segundo ataque ahora" if es else "Lightning Attack: a second attack now")
    if c.marks.get("bonus_cast"):
        out.append("Lanzamiento rápido: otro hechizo ahora" if es else "Fast Casting: another spell now")
    if c.marks.get("seized") and state.in_combat:
        out.append("tomó la iniciativa: primero del orden" if es else "seized the initiative: top of the order")
    if c.has("heal-lockout"):
        out.append("sin acción de Curación hasta sufrir daño" if es else "no Heal action until it takes damage")
    if c.marks.get("ended_at_zero") and not state.in_combat:
        out.append("sin respiro: acabó el encuentro con 0 de Salud" if es
                   else "no breather: ended the encounter at 0 Health")
    return out


def warnings(state: EncounterState) -> list[Pending]:
    out: list[Pending] = []
    for c in state.combatants.values():
        points = waiting_points(c)
        if points > 0:
            out.append(Pending(c.id, f"{c.name} has {points} stunt points to spend now (they vanish at the end "
                                     f"of the turn or at the next roll): {menu_text(state, c)}",
                               f"{c.name} tiene {points} PP por gastar ya (se pierden al acabar el turno o en la "
                               f"siguiente tirada): {menu_text(state, c, 'es')}"))
        n = turns_left(c)
        if c.life == "dying" and n is not None:
            out.append(Pending(c.id, f"{c.name} is dying: dies at the start of its turn in {n} "
                                     f"turn{'s' if n != 1 else ''} unless healed above 0",
                               f"{c.name} está moribundo: muere al comienzo de su turno dentro de {n} "
                               f"turno{'s' if n != 1 else ''} salvo que lo curen por encima de 0"))
    return out
