"""Effective figures after conditions and life state, each with its breakdown.

The given AC/CMD/init are taken to already hold the creature's normal Dex
modifier, so conditions move them by the *change* of that modifier: losing the
Dex bonus, Dex penalties (grappled -4, fatigued -2...), or Dex 0 when helpless.
Str works the same way for attack, CMB, CMD and damage.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from gm_console.ruleset import Catalogue, Combatant, ConditionDef, Figure

from .stats import TWF, base_numbers, mod

#: what an unconscious/dying/stable/dead combatant counts as (pathfinder1e.md §1.4, §1.5)
_OUT = frozenset({"helpless", "unconscious", "no-actions", "no-move"})
LIFE_FLAGS: Mapping[str, frozenset[str]] = {
    "dying": _OUT, "stable": _OUT, "unconscious": _OUT, "dead": _OUT,
    "disabled": frozenset({"one-action", "half-speed"}),
    "staggered": frozenset({"one-action"}),
}


@dataclass
class Active:
    """What weighs on a combatant now: condition instances that apply plus its life state."""

    items: list[tuple[str, ConditionDef, int | None]] = field(default_factory=list)
    flags: dict[str, list[str]] = field(default_factory=dict)

    def has(self, flag: str) -> bool:
        return flag in self.flags

    def why(self, flag: str) -> list[str]:
        return self.flags.get(flag, [])

    def mods(self, key: str) -> list[tuple[str, int]]:
        out = []
        for label, d, value in self.items:
            delta = d.modifiers.get(key)
            if delta:
                out.append((label, delta * (value if d.valued and value is not None else 1)))
        return out


def gather(catalogue: Catalogue, c: Combatant, instances: Iterable) -> Active:
    act = Active()
    for inst in instances:
        d = catalogue.define(inst.cond)
        label = f"{d.id} {inst.value}" if d.valued and inst.value is not None else d.id
        if inst.cond.startswith("aid-") and inst.source:
            label = f"{d.id} ({inst.source})"
        act.items.append((label, d, inst.value))
        for flag in d.flags:
            act.flags.setdefault(flag, []).append(d.id)
    for flag in LIFE_FLAGS.get(c.life, ()):
        act.flags.setdefault(flag, []).append(c.life)
    return act


def _score(base: int, parts: list[tuple[str, int]], zero_by: list[str]) -> tuple[int, list]:
    if zero_by:
        return 0, [(" ".join(dict.fromkeys(zero_by)), -base)] if base else []
    total = base + sum(p[1] for p in parts)
    value = max(1, total) if base >= 1 else max(0, total)
    if value != total:  # a penalty cannot take a score below 1
        parts = parts + [("minimum 1", value - total)]
    return value, parts


def _fig(base: int, parts: list[tuple[str, int]]) -> Figure:
    parts = [(label, d) for label, d in parts if d]
    return Figure(value=base + sum(d for _, d in parts), base=base, parts=tuple(parts))


def compute(catalogue: Catalogue, c: Combatant, instances: Iterable, options: Mapping) -> dict[str, Figure]:
    act = gather(catalogue, c, instances)
    base = base_numbers(c, bool(options.get("cmb_dex_tiny")))
    damage = c.marks.get("ability_damage") or {}
    drain = c.marks.get("ability_drain") or {}

    def ability(key: str, zero_flags: tuple[str, ...]) -> tuple[int, list]:
        parts = act.mods(key)
        if damage.get(key):
            parts.append((f"{key} damage", -int(damage[key])))
        zero_by = [w for f in zero_flags for w in act.why(f)]
        lost = int(drain.get(key) or 0)
        if lost and base[key] - lost <= 0:
            zero_by.append(f"{key} drain")
        elif lost:
            value, rest = _score(base[key] - lost, parts, zero_by)
            return value, [(f"{key} drain", -lost), *rest]
        return _score(base[key], parts, zero_by)

    str_v, str_parts = ability("str", ("str-zero",))
    dex_v, dex_parts = ability("dex", ("dex-zero", "helpless"))
    con_v, con_parts = ability("con", ())
    d_str = mod(str_v) - mod(base["str"])
    d_con = mod(con_v) - mod(base["con"])
    m_dex0, m_dex = mod(base["dex"]), mod(dex_v)
    no_dex = act.has("no-dex")
    dex_why = list(dict.fromkeys(act.why("no-dex") + [label for label, _ in dex_parts]))
    dex_label = f"Dex ({', '.join(dex_why)})" if dex_why else "Dex"
    ac_dex = (min(m_dex, 0) if no_dex else m_dex) - m_dex0
    ff_dex = min(m_dex, 0) - min(m_dex0, 0)
    str_label = f"Str ({', '.join(label for label, _ in str_parts)})" if str_parts else "Str"
    dex_mod_label = f"Dex ({', '.join(label for label, _ in dex_parts)})" if dex_parts else "Dex"

    ac_mods = act.mods("ac")
    dodge = [] if no_dex else act.mods("dodge")
    armor = []
    for label, d, value in act.items:
        if d.id == "broken-armor" and value:
            armor.append((label, -(value - value // 2)))
        elif d.id == "armor-destroyed" and value:
            armor.append((label, -value))
    attack_all = act.mods("attack")
    melee = act.mods("melee")
    saves = act.mods("saves")

    figs: dict[str, Figure] = {
        "ac": _fig(base["ac"], [(dex_label, ac_dex), *ac_mods, *dodge, *armor]),
        "touch": _fig(base["touch"], [(dex_label, ac_dex), *ac_mods, *dodge]),
        "ff": _fig(base["ff"], [(dex_label, ff_dex), *ac_mods, *armor]),
        "cmd": _fig(base["cmd"], [(str_label, d_str), (dex_label, ac_dex), *ac_mods, *dodge,
                                  *act.mods("cmd")]),
        "cmb": _fig(base["cmb"], [(dex_mod_label, m_dex - m_dex0) if base["cmb_uses_dex"]
                                  else (str_label, d_str), *attack_all, *melee]),
        "attack": _fig(base["attack"], [(str_label, d_str), *attack_all, *melee, *act.mods("charge")]),
        "ranged": _fig(base["ranged"], [(dex_mod_label, m_dex - m_dex0), *attack_all]),
        "damage": _fig(0, [(str_label, d_str), *act.mods("damage")]),
        "fort": _fig(base["fort"], [("Con", d_con), *saves]),
        "ref": _fig(base["ref"], [(dex_mod_label, m_dex - m_dex0), *saves]),
        "will": _fig(base["will"], list(saves)),
        "str": _fig(base["str"], []) if not str_parts else Figure(str_v, base["str"], tuple(str_parts)),
        "dex": _fig(base["dex"], []) if not dex_parts else Figure(dex_v, base["dex"], tuple(dex_parts)),
        "con": _fig(base["con"], []) if not con_parts else Figure(con_v, base["con"], tuple(con_parts)),
        "init": _fig(base["init"], [(dex_mod_label, m_dex - m_dex0), *act.mods("init")]),
        "skills": _fig(0, act.mods("skills")),
        "checks": _fig(0, act.mods("checks")),
        "speed": _speed(base["speed"], act),
    }
    if act.has("prone"):
        ac = figs["ac"]
        figs["ac_melee"] = Figure(ac.value - 4, ac.base, ac.parts + (("prone vs melee", -4),))
        figs["ac_ranged"] = Figure(ac.value + 4, ac.base, ac.parts + (("prone vs ranged", 4),))
    twf = c.stats.get("twf")
    if twf in TWF:
        main, off = TWF[twf]
        atk = figs["attack"]
        figs["twf_main"] = Figure(atk.value + main, atk.base, atk.parts + ((f"two weapons ({twf})", main),))
        figs["twf_off"] = Figure(atk.value + off, atk.base, atk.parts + ((f"off-hand ({twf})", off),))
    return figs


def _speed(speed: int, act: Active) -> Figure:
    if act.has("no-move") and speed:
        return Figure(0, speed, ((", ".join(dict.fromkeys(act.why("no-move"))) + ": can't move", -speed),))
    if act.has("half-speed") and speed:
        half = speed // 2
        return Figure(half, speed, ((", ".join(dict.fromkeys(act.why("half-speed"))) + ": half speed",
                                    half - speed),))
    return Figure(speed, speed, ())
