"""Effective numbers with their breakdown: what the GM reads before every roll.

Every figure starts from the stat block and lists what moved it (``KAC 12 = 16 - 2
flat-footed - 2 grappled``). Flat-footed is counted once however many conditions
impose it (starfinder.md §3.6 [O]); within a family (fear, fatigue, restraint) only the worst
grade counts, so pinned's -4 replaces grappled's -2.
"""

from __future__ import annotations

from collections import defaultdict

from gm_console.ruleset import Combatant, EncounterState, Figure, Ruleset

from .options import official
from .stats import ability_mod, is_vehicle

CREATURE_FIGURES = ("eac", "kac", "attack", "melee", "ranged", "damage", "init", "fort", "ref", "will",
                    "speed", "skills", "perception", "physical", "abilities", "piloting", "maneuver")
VEHICLE_FIGURES = ("eac", "kac", "attack", "init", "fort", "ref", "will", "speed", "collision_dc",
                   "piloting", "maneuver")

EXPAND = {
    "ac": ("eac", "kac"),
    "attack": ("attack", "melee", "ranged"),
    "saves": ("fort", "ref", "will"),
    "skills": ("skills", "perception", "physical", "piloting"),
    "physical": ("physical", "piloting"),
}
HELPLESS_LIFE = ("dying", "stable", "unconscious")


class _Sheet:
    def __init__(self, base: dict[str, int]) -> None:
        self.base = base
        self.parts: dict[str, list[tuple[str, int]]] = defaultdict(list)

    def add(self, fig: str, label: str, delta: int) -> None:
        for name in EXPAND.get(fig, (fig,)):
            if name in self.base and delta:
                self.parts[name].append((label, delta))

    def value(self, fig: str) -> int:
        return self.base[fig] + sum(d for _, d in self.parts[fig])

    def figure(self, fig: str) -> Figure:
        return Figure(self.value(fig), self.base[fig], tuple(self.parts[fig]))


def init_base(c: Combatant) -> int:
    init = c.stats.get("init")
    return int(init) if init is not None else ability_mod(c, "dex")


def _stat(c: Combatant, key: str, default: int = 0) -> int:
    value = c.stats.get(key)
    return default if value is None else int(value)


def effective(rs: Ruleset, state: EncounterState, c: Combatant) -> dict[str, Figure]:
    if is_vehicle(c):
        return _vehicle(rs, state, c)
    attack = _stat(c, "attack")
    sheet = _Sheet({
        "eac": _stat(c, "eac", 10), "kac": _stat(c, "kac", 10), "attack": attack,
        "melee": _stat(c, "melee", attack), "ranged": _stat(c, "ranged", attack), "damage": 0,
        "init": init_base(c), "fort": _stat(c, "fort"), "ref": _stat(c, "ref"), "will": _stat(c, "will"),
        "speed": _stat(c, "speed", 30), "skills": 0, "perception": 0, "physical": 0, "abilities": 0,
        "piloting": _stat(c, "piloting"),
    })
    active = [rs.catalogue.define(i.cond) for i in rs.active_conditions(c)]
    ids = {d.id for d in active}
    flags = set().union(*(d.flags for d in active)) if active else set()
    for d in active:
        for fig, delta in d.modifiers.items():
            if fig == "speed":
                continue
            if d.id == "fighting-defensively" and fig == "ac" and "total-defense" in ids \
                    and official(state, "total_defense"):
                continue  # official: total defense does not combine with other AC actions
            sheet.add(fig, d.id, delta)
    if "flat-footed" in flags:
        source = "flat-footed" if "flat-footed" in ids else \
            "flat-footed (" + next(d.id for d in active if "flat-footed" in d.flags) + ")"
        sheet.add("ac", source, -2)
    _dex_limits(sheet, c, flags)
    if "broken-armor" in flags:
        for fig in ("eac", "kac"):
            bonus = armor_bonus(c, fig)
            if bonus - bonus // 2:  # starfinder.md §3.6.1: the armor's bonus halved, rounded down
                sheet.add(fig, f"broken armor (half of +{bonus})", bonus // 2 - bonus)
    own_turn = state.active == c.id or not state.in_combat
    if "fighting-defensively" in ids and own_turn:
        sheet.add("attack", "fighting-defensively", -4)  # seed: "-4 a tus ataques en este turno"
    if "charging" in ids and own_turn:
        sheet.add("attack", "charge", -2 if official(state, "charge_attack") else 1)
    _speed(sheet, active, flags)
    figures = {k: sheet.figure(k) for k in CREATURE_FIGURES if k != "maneuver"}
    kac = figures["kac"]
    figures["maneuver"] = Figure(kac.value + 8, kac.base + 8 if kac.base is not None else None, kac.parts)
    miss = 50 if "miss-50" in flags else 20 if "miss-20" in flags else 0
    if miss:  # starfinder.md §3.6.3: only while concealed, so other sheets keep their figures
        source = "total-concealment" if miss == 50 else "concealment"
        figures["miss_chance"] = Figure(miss, 0, ((source, miss),))
    return figures


def armor_bonus(c: Combatant, fig: str) -> int:
    """The armor's share of EAC or KAC: ``eac_armor``/``kac_armor``, else the AC less 10 and
    the Dex modifier (starfinder.md §3.6.1 [I]: a PC's AC is 10 + armor + Dex)."""
    given = c.stats.get(f"{fig}_armor")
    if given is not None:
        return int(given)
    dexmod = ability_mod(c, "dex") if c.stats.get("dex") is not None else 0
    return max(0, _stat(c, fig, 10) - 10 - dexmod)


def _dex_limits(sheet: _Sheet, c: Combatant, flags: set[str]) -> None:
    """Helpless or paralyzed: Dex counts as 0 (modifier -5); encumbered caps it."""
    if c.stats.get("dex") is None:
        return
    dexmod = ability_mod(c, "dex")
    if "helpless" in flags or c.life in HELPLESS_LIFE or "dex-5" in flags:
        label = "paralyzed (Dex -5)" if "dex-5" in flags and "helpless" not in flags \
            and c.life not in HELPLESS_LIFE else "helpless (Dex -5)"
        if dexmod > -5:
            sheet.add("ac", label, -5 - dexmod)
        return
    cap = 0 if "max-dex-0" in flags else 2 if "max-dex-2" in flags else None
    if cap is not None and dexmod > cap:
        sheet.add("ac", f"max Dex +{cap}", cap - dexmod)


def _speed(sheet: _Sheet, active, flags: set[str]) -> None:
    for d in active:
        if "speed" in d.modifiers:
            sheet.add("speed", d.id, d.modifiers["speed"])
    now = sheet.value("speed")
    if "immobile" in flags:
        sheet.add("speed", "can't move", -now)
        return
    if "speed-5" in flags and now > 5:
        sheet.add("speed", "overburdened", 5 - now)
        return
    if "half-speed" in flags and now > 0:
        half = (now // 2) // 5 * 5
        sheet.add("speed", "half speed", half - now)
    if sheet.value("speed") < 0:
        sheet.add("speed", "minimum 0", -sheet.value("speed"))


def _vehicle(rs: Ruleset, state: EncounterState, c: Combatant) -> dict[str, Figure]:
    from .vehicles import operator_piloting  # local: vehicles reads figures

    sheet = _Sheet({
        "eac": _stat(c, "eac", 10), "kac": _stat(c, "kac", 10), "attack": _stat(c, "attack"),
        "init": init_base(c), "fort": 0, "ref": 0, "will": 0, "speed": _stat(c, "speed"),
        "collision_dc": _stat(c, "dc"), "piloting": operator_piloting(rs, state, c, with_broken=False),
    })
    ids = {i.cond for i in rs.active_conditions(c)}
    if c.marks.get("motion") == "racing":
        sheet.add("ac", "racing", 2)
    if "broken" in ids:
        for fig in ("ac", "collision_dc", "piloting"):
            sheet.add(fig, "broken", -2)
        speed = sheet.value("speed")
        sheet.add("speed", "broken (half)", speed // 2 // 5 * 5 - speed)
    for cid in ("total-defense", "covering-fire"):
        if cid in ids:
            sheet.add("ac", cid, rs.catalogue.define(cid).modifiers.get("ac", 0))
    figures = {k: sheet.figure(k) for k in VEHICLE_FIGURES if k != "maneuver"}
    kac = figures["kac"]
    figures["maneuver"] = Figure(kac.value + 8, kac.base + 8 if kac.base is not None else None, kac.parts)
    return figures


def value(rs: Ruleset, state: EncounterState, c: Combatant, fig: str) -> int:
    figure = effective(rs, state, c).get(fig)
    return figure.value if figure is not None else 0
