"""Sheet lines and GM warnings: what the rules are waiting for, in words.

Hero points are never mentioned in ``status`` (the sheet can face players);
the one warning that needs them (cheat death) is in ``pending``, which is the
GM's.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, EncounterState, Pending

from . import economy
from .conditions import BLEEDS
from .economy import action_flags
from .grapple import holder_of, holding
from .hero import could_be_pet, owner_of
from .initiative import FLAT_NOTE, still_flat_footed
from .items import describe, items_of, state_of
from .hero import points as hero_points
from .life import con_mod, countdown, hp_of, nl_of
from .options import option
from .stats import TWF, TWF_TEXT, hd


def _pick(lang: str, en: str, es: str) -> str:
    return es if lang == "es" else en


def status(rs, state: EncounterState, c: Combatant, lang: str = "en") -> list[str]:
    if "hp" not in c.pools:
        return []
    out: list[str] = []
    p = lambda en, es: out.append(_pick(lang, en, es))  # noqa: E731
    hp, nl = hp_of(c), nl_of(c)
    thr, to_go = countdown(c)
    neg = max(0, -hp)
    cm = con_mod(c)
    check = f"d20{cm:+d}{-neg:+d}"
    if c.life == "dead":
        p("dead", "muerto")
    elif c.life == "dying":
        p(f"dying: dies at {thr} ({to_go} to go); Con check DC 10 ({check}) at the start of its turn",
          f"moribundo: muere a {thr} (faltan {to_go}); prueba de Con CD 10 ({check}) al inicio de su turno")
    elif c.life == "stable":
        if c.marks.get("stable") == "aided":
            p(f"stable (aided): dies at {thr} ({to_go} to go); hourly Con check DC 10 ({check}) to wake up disabled",
              f"estable (con ayuda): muere a {thr} (faltan {to_go}); prueba de Con CD 10 ({check}) cada hora "
              f"para despertar incapacitado")
        else:
            p(f"stable (unaided): dies at {thr} ({to_go} to go); hourly Con check DC 10 ({check}), "
              f"failure -1 HP",
              f"estable (sin ayuda): muere a {thr} (faltan {to_go}); prueba de Con CD 10 ({check}) cada "
              f"hora, fallo -1 PG")
    elif c.life == "disabled":
        extra_en = f"; dies at {thr} ({to_go} to go)" if hp < 0 else ""
        extra_es = f"; muere a {thr} (faltan {to_go})" if hp < 0 else ""
        p(f"disabled: one move or standard action, half speed; a standard action costs 1 HP{extra_en}",
          f"incapacitado: una acción de movimiento o estándar, media velocidad; una estándar cuesta 1 PG{extra_es}")
        if hp < 0 and not c.marks.get("recovering"):
            p(f"heals naturally only if helped, or after a daily Con check DC 10 ({check})",
              f"solo se cura de forma natural con ayuda, o tras una prueba diaria de Con CD 10 ({check})")
    elif c.life == "staggered":
        p(f"staggered: nonlethal {nl} = HP {hp}; one move or standard action",
          f"grogui: no letal {nl} = PG {hp}; una acción de movimiento o estándar")
    elif c.life == "unconscious":
        p(f"unconscious: nonlethal {nl} > HP {hp}", f"inconsciente: no letal {nl} > PG {hp}")
    elif hp > 0:
        if nl:
            p(f"nonlethal {nl}: staggered at HP {nl}, unconscious below",
              f"no letal {nl}: grogui con PG {nl}, inconsciente por debajo")
    for inst in c.conditions:
        kind = BLEEDS.get(inst.cond)
        if kind and inst.value and c.life != "dead":
            what = "HP" if kind == "hp" else kind.capitalize()
            p(f"bleeds {inst.value} {what} at the start of its turn (Heal DC 15 or healing stops it)",
              f"sangra {inst.value} {'PG' if kind == 'hp' else what} al inicio de su turno "
              f"(Curar CD 15 o curación lo detiene)")
    if c.life != "dead":
        out.extend(_actions(rs, c, lang))
        out.extend(economy.status(rs, state, c, lang))
    if state.in_combat and (still_flat_footed(state, c)
                            or any(i.note == FLAT_NOTE for i in c.instances("flat-footed"))):
        p("flat-footed until its first turn", "desprevenido hasta su primer turno")
    levels = sum(i.value or 0 for i in c.instances("energy-drained"))
    if levels:
        dice = hd(c)
        p(f"{levels} negative level(s)" + (f": dies at {dice}" if dice else ""),
          f"{levels} nivel(es) negativo(s)" + (f": muere con {dice}" if dice else ""))
    damage = c.marks.get("ability_damage") or {}
    for key, n in damage.items():
        p(f"{key.capitalize()} damage {n}", f"daño de {key.capitalize()} {n}")
    for key, n in (c.marks.get("ability_drain") or {}).items():
        p(f"{key.capitalize()} drained {n} (rest does not restore it)",
          f"{key.capitalize()} consumida {n} (el descanso no la recupera)")
    out.extend(_grapple(state, c, lang))
    for name, it in items_of(c).items():
        if state_of(it) != "ok":
            p(describe(name, it)[0], describe(name, it)[1])
    twf = c.stats.get("twf")
    table_en = "normal -6/-10, light off-hand -4/-8, feat -4/-4, light + feat -2/-2"
    table_es = "normal -6/-10, torpe ligera -4/-8, dote -4/-4, ligera + dote -2/-2"
    if twf in TWF:
        figs = rs.effective(state, c)
        main, off = TWF[twf]
        p(f"two weapons ({TWF_TEXT[twf][0]}): {figs['twf_main'].value:+d}/{figs['twf_off'].value:+d} "
          f"({main}/{off}); table: {table_en}",
          f"dos armas ({TWF_TEXT[twf][1]}): {figs['twf_main'].value:+d}/{figs['twf_off'].value:+d} "
          f"({main}/{off}); tabla: {table_es}")
    elif c.is_pc and c.life not in ("dead", "dying", "stable"):
        p(f"two-weapon penalties (primary/off-hand): {table_en} (twf=KIND shows its attacks)",
          f"penalizadores con dos armas (hábil/torpe): {table_es} (twf=TIPO muestra sus ataques)")
    return out


def _grapple(state: EncounterState, c: Combatant, lang: str) -> list[str]:
    """Who holds whom, with the command that comes next (pathfinder1e.md §1.7.1)."""
    out = []
    for cid in holding(c):
        if cid in state.combatants:
            t = state.get(cid)
            out.append(_pick(lang, f"holds {t.name} in a grapple: maintain {c.id} {t.id} [pin] each round",
                             f"tiene apresado a {t.name}: maintain {c.id} {t.id} [pin] cada asalto"))
    holder = holder_of(state, c)
    if holder is not None:
        out.append(_pick(lang, f"held by {holder.name}: escape {c.id} [artist N] [reverse]",
                         f"apresado por {holder.name}: escape {c.id} [artist N] [reverse]"))
    return out


def _actions(rs, c: Combatant, lang: str) -> list[str]:
    flags = action_flags(rs, c)
    why = lambda f: ", ".join(dict.fromkeys(flags[f]))  # noqa: E731
    out = []
    if "no-actions" in flags:
        out.append(_pick(lang, f"actions: none ({why('no-actions')})", f"acciones: ninguna ({why('no-actions')})"))
    elif "move-only" in flags:
        out.append(_pick(lang, f"actions: one move action only ({why('move-only')})",
                         f"acciones: solo una de movimiento ({why('move-only')})"))
    elif "one-action" in flags:
        out.append(_pick(lang, f"actions: one move or standard ({why('one-action')})",
                         f"acciones: una de movimiento o estándar ({why('one-action')})"))
    if "flee" in flags:
        out.append(_pick(lang, f"must flee the source of its fear ({why('flee')})",
                         f"debe huir del origen de su miedo ({why('flee')})"))
    if "helpless" in flags:
        out.append(_pick(lang, f"helpless ({why('helpless')}): melee attacks against it +4; coup de grace",
                         f"indefenso ({why('helpless')}): ataques cuerpo a cuerpo contra él +4; golpe de gracia"))
    if "no-charge" in flags and "no-actions" not in flags:
        out.append(_pick(lang, f"can't run or charge ({why('no-charge')})",
                         f"no puede correr ni cargar ({why('no-charge')})"))
    return out


def pending(rs, state: EncounterState) -> list[Pending]:
    out: list[Pending] = []
    for c in state.combatants.values():
        if c.life != "dead" or not c.marks.get("cheat_window"):
            continue
        if c.is_pc and hero_points(c) >= 2:
            out.append(Pending(c.id, f"{c.name} would die: spend 2 hero points? (spend {c.id} hero cheat-death)",
                               f"{c.name} moriría: ¿gastar 2 puntos de héroe? (spend {c.id} hero cheat-death)",
                               gm_only=True, command=f"spend {c.id} hero cheat-death"))
        owner = owner_of(state, c)
        cost = int(option(state, "pet_cheat_cost"))
        if not c.is_pc and owner is None and could_be_pet(c):
            out.append(Pending(c.id, f"{c.name} would die: its owner may spend {cost} hero point(s) "
                                     f"(spend OWNER hero pet {c.id})",
                               f"{c.name} moriría: su dueño puede gastar {cost} punto(s) de héroe "
                               f"(spend DUEÑO hero pet {c.id})", gm_only=True))
        if owner is not None and hero_points(owner) >= cost:
            out.append(Pending(c.id, f"{c.name} would die: {owner.name} may spend {cost} hero point(s) "
                                     f"(spend {owner.id} hero pet {c.id})",
                               f"{c.name} moriría: {owner.name} puede gastar {cost} punto(s) de héroe "
                               f"(spend {owner.id} hero pet {c.id})", gm_only=True,
                               command=f"spend {owner.id} hero pet {c.id}"))
    for c in state.combatants.values():
        if "hp" not in c.pools or c.life == "dead":
            continue
        thr, to_go = countdown(c)
        if c.life == "dying":
            out.append(Pending(c.id, f"{c.name} is dying: Con check at the start of its turn (dies at {thr}, "
                                     f"{to_go} to go)",
                               f"{c.name} está moribundo: prueba de Con al inicio de su turno (muere a {thr}, "
                               f"faltan {to_go})"))
        elif c.life == "stable" and c.marks.get("stable") != "aided":
            out.append(Pending(c.id, f"{c.name} is stable but unaided: hourly Con checks cost 1 HP on failure "
                                     f"(stabilize {c.id} after a Heal DC 15)",
                               f"{c.name} está estable sin ayuda: cada prueba horaria fallida cuesta 1 PG "
                               f"(stabilize {c.id} tras Curar CD 15)", command=f"stabilize {c.id}"))
        elif c.life == "disabled":
            out.append(Pending(c.id, f"{c.name} is disabled: a standard action costs 1 HP (standard {c.id})",
                               f"{c.name} está incapacitado: una acción estándar cuesta 1 PG (standard {c.id})",
                               command=f"standard {c.id}"))
        bleeding = sum(i.value or 0 for i in c.conditions if i.cond == "bleed")
        if bleeding:
            out.append(Pending(c.id, f"{c.name} bleeds {bleeding} HP at the start of its turn (Heal DC 15 or "
                                     f"any healing stops it)",
                               f"{c.name} sangra {bleeding} PG al inicio de su turno (Curar CD 15 o "
                               f"cualquier curación lo detiene)"))
    active = state.active
    if active and active in state.readied and active in state.combatants:
        c = state.get(active)
        trig = state.readied[active].trigger
        out.append(Pending(c.id, f"{c.name} still has a readied action ({trig}): keep it or unready {c.id}",
                           f"{c.name} aún tiene una acción preparada ({trig}): mantenerla o unready {c.id}",
                           command=f"unready {c.id}"))
    return out
