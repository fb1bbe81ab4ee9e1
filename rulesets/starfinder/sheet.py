"""Sheet lines and warnings: what the GM should see without asking."""

from __future__ import annotations

from gm_console.ruleset import Combatant, EncounterState, Pending

from . import economy, initiative, life, vehicles
from .figures import value


def status(rs, state: EncounterState, c: Combatant, lang: str = "en") -> list[str]:
    es = lang == "es"
    out = life.status(c, lang)
    out += initiative.status(state, c, lang)
    out += economy.status(rs, state, c, lang)
    out += vehicles.status(state, c, lang)
    if c.category == "vehicle":
        return out
    ids = {i.cond for i in rs.active_conditions(c)}
    flat = [rs.catalogue.define(i).id for i in ids if "flat-footed" in rs.catalogue.define(i).flags]
    if len(flat) > 1:
        out.append(f"desprevenido una sola vez ({', '.join(sorted(flat))}): -2 CA" if es
                   else f"flat-footed once ({', '.join(sorted(flat))}): -2 AC")
    out += _cover_lines(rs, c, ids, es)
    if "prone" in ids:
        out.append("tumbado: +4 CA contra distancia, -4 CA contra cuerpo a cuerpo" if es
                   else "prone: +4 AC against ranged, -4 AC against melee")
    helpless = c.life in ("dying", "stable") or any("helpless" in rs.catalogue.define(i).flags for i in ids)
    if helpless and c.life != "dead":
        out.append("indefenso: +4 a los ataques cuerpo a cuerpo contra él; golpe de gracia posible" if es
                   else "helpless: melee attacks against it +4; coup de grace possible")
    for inst in c.instances("burning"):
        tries = int(c.marks.get("burn_tries") or 0)
        fire = int(c.marks.get("fire_round") or 0)
        bonus = f" +{2 * tries}" if tries else ""
        out.append(f"ardiendo {inst.value}d6: Reflejos{bonus} CD {10 + fire} al final del asalto" if es
                   else f"burning {inst.value}d6: Reflex{bonus} vs DC {10 + fire} at the end of the round")
    for inst in c.instances("bleeding"):
        out.append(f"sangrando {inst.value} al inicio de su turno (Medicina CD 15 o curación)" if es
                   else f"bleeding {inst.value} at the start of its turn (Medicine DC 15 or healing stops it)")
    held = c.marks.get("held")
    if held and held.get("by") in state.combatants and ("grappled" in ids or "pinned" in ids):
        g = state.get(held["by"]).name
        out.append(f"en la presa de {g}" if es else f"held by {g}")
    rest = c.marks.get("stamina_rest")
    if rest is not None:
        left = max(0, 600 - int(rest)) // 60
        out.append(f"descansando para recuperar estamina: faltan {left} min" if es
                   else f"resting for stamina: {left} min to go")
    if "charging" in ids:
        out.append(f"cargando: ataque {value(rs, state, c, 'attack'):+d}, -2 CA" if es
                   else f"charging: attack {value(rs, state, c, 'attack'):+d}, -2 AC")
    return out


COVER_LINES = {
    "partial-cover": ("partial cover: +2 AC, +1 Reflex against attacks from beyond it",
                      "cobertura parcial: +2 CA, +1 Reflejos contra ataques desde el otro lado"),
    "soft-cover": ("soft cover: +4 AC against ranged attacks only (not in the figures), no Reflex bonus",
                   "cobertura blanda: +4 CA solo contra ataques a distancia (no sumado a las cifras), sin "
                   "bonificador a Reflejos"),
    "cover": ("cover: +4 AC, +2 Reflex against attacks from beyond it; no attacks of opportunity from there",
              "cobertura: +4 CA, +2 Reflejos contra ataques desde el otro lado; sin ataques de oportunidad desde "
              "allí"),
    "improved-cover": ("improved cover: +8 AC, +4 Reflex against attacks from beyond it",
                       "cobertura mejorada: +8 CA, +4 Reflejos contra ataques desde el otro lado"),
    "total-cover": ("total cover: it cannot be attacked from beyond the cover",
                    "cobertura total: no se le puede atacar desde el otro lado de la cobertura"),
    "concealment": ("concealment: 20% miss chance (a hit misses on d% 1-20: r 1d100)",
                    "ocultación: 20% de fallo (un impacto falla con d% 1-20: r 1d100)"),
    "total-concealment": ("total concealment: attackers guess its square; 50% miss chance (d% 1-50: r 1d100)",
                          "ocultación total: hay que adivinar su casilla; 50% de fallo (d% 1-50: r 1d100)"),
    "broken-armor": ("", ""),
}


def _cover_lines(rs, c: Combatant, ids: set[str], es: bool) -> list[str]:
    """Cover, concealment and broken armor say on the sheet what they do (starfinder.md §3.6.1-3)."""
    from .figures import armor_bonus

    out = []
    for cid, (en, es_) in COVER_LINES.items():
        if cid not in ids:
            continue
        if cid == "broken-armor":
            eac, kac = armor_bonus(c, "eac"), armor_bonus(c, "kac")
            out.append(f"armadura rota: bonificadores de armadura CAE +{eac}→+{eac // 2}, CAC +{kac}→+{kac // 2}"
                       if es else f"broken armor: armor bonuses EAC +{eac}→+{eac // 2}, KAC +{kac}→+{kac // 2}")
            continue
        out.append(es_ if es else en)
    return out


def pending(rs, state: EncounterState) -> list[Pending]:
    out: list[Pending] = []
    for c in state.combatants.values():
        own_turn = not state.in_combat or state.active == c.id
        if c.life == "dying":
            rp = c.pools.get("rp")
            left = rp.value if rp else 0
            cost = life.stabilize_cost(c) if rp else 1
            # offered only when it would work: on its own turn, with the RP (starfinder.md §3.4.6 [S])
            can = rp is not None and left >= cost and own_turn
            if rp is not None and left >= cost:
                en = f"{c.name} is dying: {left} resolve left; stabilise with {cost} RP on its turn or Medicine DC 15"
                es = (f"{c.name} está moribundo: le quedan {left} de resolución; se estabiliza con {cost} PR en su "
                      "turno o Medicina CD 15")
            else:
                en = (f"{c.name} is dying: {left} resolve left, too few to stabilise itself ({cost} needed); "
                      "Medicine DC 15 or healing")
                es = (f"{c.name} está moribundo: le quedan {left} de resolución, no le bastan para estabilizarse "
                      f"({cost} necesarios); Medicina CD 15 o una curación")
            out.append(Pending(c.id, en, es, command=f"spend {c.id} resolve stabilize" if can else None))
        elif c.life == "stable" and c.pools.get("hp") and c.pools["hp"].value == 0:
            rp = c.pools.get("rp")
            if not rp or rp.value < 1:
                out.append(Pending(c.id, f"{c.name} is stable with no RP: a Con check every hour (pass 1h)",
                                   f"{c.name} está estable sin PR: prueba de Con cada hora (pass 1h)",
                                   command=None if state.in_combat else "pass 1h"))
            elif state.in_combat and state.active == c.id and c.marks.get("stabilized") != state.round:
                # starfinder.md §3.4.7 [S]: at the start of its turn, 1 RP puts it back in the fight
                out.append(Pending(c.id, f"{c.name} is stable: 1 RP now puts it back in the fight with 1 HP "
                                         f"(spend {c.id} resolve fight)",
                                   f"{c.name} está estable: con 1 PR ahora vuelve a la lucha con 1 PG "
                                   f"(spend {c.id} resolve fight)", command=f"spend {c.id} resolve fight"))
        if c.marks.get("stamina_rest") is not None:
            out.append(Pending(c.id, f"{c.name} rests for stamina: pass 10m",
                               f"{c.name} descansa para recuperar estamina: pass 10m",
                               command=None if state.in_combat else "pass 10m"))
        if c.has("burning") and c.life != "dead" and state.in_combat:
            out.append(Pending(c.id, f"{c.name} is burning: Reflex save at the end of the round",
                               f"{c.name} arde: salvación de Reflejos al final del asalto"))
        elif c.has("burning") and c.life != "dead":
            out.append(Pending(c.id, f"{c.name} is still burning: water or a full action to smother it "
                                     f"(uncond {c.id} burning)",
                               f"{c.name} sigue ardiendo: agua o una acción completa para apagarlo "
                               f"(uncond {c.id} burning)", command=f"uncond {c.id} burning"))
    for v, en, es in vehicles.pending(state):
        out.append(Pending(v.id, en, es))
    return out
