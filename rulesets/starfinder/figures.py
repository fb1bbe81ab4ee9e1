"""Effective numbers with their breakdown: what the GM reads before every roll.

Every figure starts from the stat block and lists what moved it (``KAC 12 = 16 - 2
flat-footed - 2 grappled``). Conditions all apply (starfinder.md §3.6): flat-footed is counted
once however many conditions impose it, and within a family (fear, fatigue, restraint) only
the worst grade counts, so pinned's -4 replaces grappled's -2. Effects' bonuses follow the
stacking rule of §3.13: of one type only the highest counts (the rest is kept, dimmed, in
``Figure.suppressed``), untyped ones add, circumstance ones add when their sources differ.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Iterator

from gm_console.ruleset import Combatant, EncounterState, Figure, Mod, Msg, Ruleset, Term, combine  # combine: the d20 stacking rule

from . import abilities, afflictions, marks
from .i18n import C_
from .options import official
from .stats import SKILL_ABILITY, ability_mod, is_vehicle, skill_bonus
from .vehicles import operator_piloting

CREATURE_FIGURES = ("eac", "kac", "attack", "melee", "ranged", "damage", "init", "fort", "ref", "will",
                    "speed", "skills", "perception", "physical", "abilities", "piloting", "maneuver")
VEHICLE_FIGURES = ("eac", "kac", "attack", "init", "fort", "ref", "will", "speed", "collision_dc",
                   "piloting", "maneuver")

EXPAND = {
    "ac": ("eac", "kac"),
    "attack": ("attack", "melee", "ranged"),
    "saves": ("fort", "ref", "will"),
    "skills": tuple(dict.fromkeys(("skills", "perception", "physical", "piloting", *SKILL_ABILITY))),
    "physical": tuple(dict.fromkeys(("physical", "piloting", *(k for k, a in SKILL_ABILITY.items()
                                                                if a in ("str", "dex"))))),
}
HELPLESS_LIFE = ("dying", "stable", "unconscious")
#: the breakdown's own words; a condition or effect is labelled by its catalogue names (``Catalogue.label``)
#: each the catalogue's (msgctxt "breakdown"), so that any language translates it
LABELS = {"can't move": C_("breakdown", "can't move"), "overburdened": C_("breakdown", "overburdened"),
          "half speed": C_("breakdown", "half speed"), "minimum 0": C_("breakdown", "minimum 0"),
          "racing": C_("breakdown", "racing"), "broken": C_("breakdown", "broken"),
          "broken (half)": C_("breakdown", "broken (half)"), "charge": C_("breakdown", "charge"),
          "paralyzed (Dex -5)": C_("breakdown", "paralyzed (Dex -5)"),
          "helpless (Dex -5)": C_("breakdown", "helpless (Dex -5)")}


def _term(en: str) -> Msg:
    return LABELS[en]


class _Sheet:
    """The figures being built: each one's base and every modifier aimed at it."""

    def __init__(self, base: dict[str, int]) -> None:
        self.base = base
        self.mods: dict[str, list[Mod]] = defaultdict(list)

    def add(self, fig: str, label: "Term | str", delta: int, type_: str = "", source: str = "") -> None:
        for name in EXPAND.get(fig, (fig,)):
            if name in self.base and delta:
                self.mods[name].append(Mod(label, delta, type_, source))

    def value(self, fig: str) -> int:
        return self.base[fig] + combine(self.mods[fig])[0]

    def figure(self, fig: str) -> Figure:
        total, counts, dropped = combine(self.mods[fig])
        return Figure(self.base[fig] + total, self.base[fig], tuple((m.label, m.delta) for m in counts),
                      tuple((m.label, m.delta) for m in dropped))


def init_base(c: Combatant) -> int:
    init = c.stats.get("init")
    return int(init) if init is not None else ability_mod(c, "dex")


def _stat(c: Combatant, key: str, default: int = 0) -> int:
    value = c.stats.get(key)
    return default if value is None else int(value)


def modifiers(rules: Ruleset, c: Combatant, state: EncounterState | None = None) -> Iterator[tuple[str, Mod]]:
    """Every (figure, modifier) the active conditions and effects put on ``c``, the figure as the
    catalogue names it (``ac``, ``skills``...). Conditions are untyped, each its own source, so they
    all apply; an effect's bonus has its type and its caster (or its own id) as the source."""
    defs = [(inst, rules.conditions.catalogue.define(inst.cond)) for inst in rules.conditions.active(c)]
    ids = {d.id for _, d in defs}
    for inst, d in defs:
        times = int(inst.value or 0) if "per-value" in d.flags else 1
        for fig, delta in d.modifiers.items():
            if fig == "speed" and d.kind != "effect":
                continue  # conditions' speed is applied with the other limits (``_speed``)
            if d.id == "fighting-defensively" and fig == "ac" and "total-defense" in ids and state is not None \
                    and official(state, "total_defense"):
                continue  # official: total defense does not combine with other AC actions
            label = rules.conditions.catalogue.label(d.id)
            if d.kind == "effect":
                yield fig, Mod(label, delta * times, d.bonus_of(fig), inst.source or d.id)
            else:
                yield fig, Mod(label, delta)
        kinds = inst.mod_types or {}
        for fig, delta in (inst.mods or {}).items():  # a free effect's own numbers, of the type the GM gave
            yield fig, Mod(rules.conditions.catalogue.label(inst.cond), int(delta), kinds.get(fig, ""), inst.source or inst.cond)
    yield from abilities.modifiers(c)  # ability damage and drain (starfinder.md §3.14.6)
    yield from afflictions.modifiers(c)  # poisons' and diseases' steps (starfinder.md §3.15)


def effective(rules: Ruleset, state: EncounterState, c: Combatant) -> dict[str, Figure]:
    if is_vehicle(c):
        return _vehicle(rules, state, c)
    attack = _stat(c, "attack")
    base = {
        "eac": _stat(c, "eac", 10), "kac": _stat(c, "kac", 10), "attack": attack,
        "melee": _stat(c, "melee", attack), "ranged": _stat(c, "ranged", attack), "damage": 0,
        "init": init_base(c), "fort": _stat(c, "fort"), "ref": _stat(c, "ref"), "will": _stat(c, "will"),
        "speed": _stat(c, "speed", 30), "skills": 0, "perception": skill_bonus(c, "perception") or 0,
        "physical": 0, "abilities": 0, "piloting": skill_bonus(c, "piloting") or 0,
    }
    mods = list(modifiers(rules, c, state))
    aimed = {fig for fig, _ in mods}
    for skill in SKILL_ABILITY:  # a skill the sheet has, or one an effect names (invisibility's Stealth)
        if skill not in base and (c.stats.get(skill) is not None or skill in aimed):
            base[skill] = skill_bonus(c, skill) or 0
    sheet = _Sheet(base)
    for fig, m in mods:
        sheet.add(fig, m.label, m.delta, m.type, m.source)
    active = [rules.conditions.catalogue.define(i.cond) for i in rules.conditions.active(c)]
    ids = {d.id for d in active}
    flags = set().union(*(d.flags for d in active)) if active else set()
    if "flat-footed" in flags and not c.stats.get("swarm"):  # swarm immunities (starfinder.md §3.14.4)
        flat = rules.conditions.catalogue.label("flat-footed")
        source = flat if "flat-footed" in ids else \
            C_("breakdown", "{label} ({why})", label=flat,
               why=rules.conditions.catalogue.label(next(d.id for d in active if "flat-footed" in d.flags)))
        sheet.add("ac", source, -2)
    _dex_limits(sheet, c, flags)
    if "broken-armor" in flags:
        for fig in ("eac", "kac"):
            bonus = armor_bonus(c, fig)
            if bonus - bonus // 2:  # starfinder.md §3.6.1: the armor's bonus halved, rounded down
                sheet.add(fig, C_("breakdown", "broken armor (half of +{bonus})", bonus=bonus),
                          bonus // 2 - bonus)
    own_turn = state.active == c.id or not state.in_combat
    if "fighting-defensively" in ids and own_turn:
        sheet.add("attack", rules.conditions.catalogue.label("fighting-defensively"), -4)  # seed: "-4 a tus ataques en este turno"
    if "charging" in ids and own_turn:
        sheet.add("attack", _term("charge"), -2 if official(state, "charge_attack") else 1)
    _speed(sheet, active, flags, rules)
    names = [k for k in CREATURE_FIGURES if k != "maneuver"] + [k for k in base if k not in CREATURE_FIGURES]
    figures = {k: sheet.figure(k) for k in names}
    figures["maneuver"] = _maneuver(figures["kac"])
    miss = next((d for d in active if "miss-50" in d.flags), None) or \
        next((d for d in active if "miss-20" in d.flags), None)
    if miss is not None:  # starfinder.md §3.6.3: only while concealed, so other sheets keep their figures
        chance = 50 if "miss-50" in miss.flags else 20
        figures["miss_chance"] = Figure(chance, 0, ((rules.conditions.catalogue.label(miss.id), chance),))
    return figures


def _maneuver(kac: Figure) -> Figure:
    """The target number of a combat maneuver: KAC + 8 (starfinder.md §3.7)."""
    return Figure(kac.value + 8, kac.base + 8 if kac.base is not None else None, kac.parts, kac.suppressed)


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
            sheet.add("ac", _term(label), -5 - dexmod)
        return
    cap = 0 if "max-dex-0" in flags else 2 if "max-dex-2" in flags else None
    if cap is not None and dexmod > cap:
        sheet.add("ac", C_("breakdown", "max Dex +{cap}", cap=cap), cap - dexmod)


def _speed(sheet: _Sheet, active, flags: set[str], rules: Ruleset) -> None:
    """Conditions' speed changes, then what caps it: haste at most doubles the base speed
    (starfinder.md §3.13), can't move, overburdened, half speed, never below 0."""
    base = sheet.base["speed"]
    if "max-double-speed" in flags:
        for i, m in enumerate(sheet.mods["speed"]):
            if m.delta > base:
                sheet.mods["speed"][i] = Mod(m.label, base, m.type, m.source)
    for d in active:
        if "speed" in d.modifiers and d.kind != "effect":
            sheet.add("speed", rules.conditions.catalogue.label(d.id), d.modifiers["speed"])
    now = sheet.value("speed")
    if "immobile" in flags:
        sheet.add("speed", _term("can't move"), -now)
        return
    if "speed-5" in flags and now > 5:
        sheet.add("speed", _term("overburdened"), 5 - now)
        return
    if "half-speed" in flags and now > 0:
        half = (now // 2) // 5 * 5
        sheet.add("speed", _term("half speed"), half - now)
    if sheet.value("speed") < 0:
        sheet.add("speed", _term("minimum 0"), -sheet.value("speed"))


def _vehicle(rules: Ruleset, state: EncounterState, c: Combatant) -> dict[str, Figure]:
    sheet = _Sheet({
        "eac": _stat(c, "eac", 10), "kac": _stat(c, "kac", 10), "attack": _stat(c, "attack"),
        "init": init_base(c), "fort": 0, "ref": 0, "will": 0, "speed": _stat(c, "speed"),
        "collision_dc": _stat(c, "dc"), "piloting": operator_piloting(rules, state, c, with_broken=False),
    })
    ids = {i.cond for i in rules.conditions.active(c)}
    if marks.MOTION.of(c) == "racing":
        sheet.add("ac", _term("racing"), 2)
    if "broken" in ids:
        for fig in ("ac", "collision_dc", "piloting"):
            sheet.add(fig, _term("broken"), -2)
        speed = sheet.value("speed")
        sheet.add("speed", _term("broken (half)"), speed // 2 // 5 * 5 - speed)
    for cid in ("total-defense", "covering-fire"):
        if cid in ids:
            d = rules.conditions.catalogue.define(cid)
            sheet.add("ac", rules.conditions.catalogue.label(cid), d.modifiers.get("ac", 0), d.bonus_of("ac"))
    figures = {k: sheet.figure(k) for k in VEHICLE_FIGURES if k != "maneuver"}
    figures["maneuver"] = _maneuver(figures["kac"])
    return figures


def init_bonus(rules: Ruleset, c: Combatant) -> int:
    """The initiative modifier with conditions and effects, without a state (a tie-break key)."""
    sheet = _Sheet({"init": init_base(c)})
    for fig, m in modifiers(rules, c):
        sheet.add(fig, m.label, m.delta, m.type, m.source)
    return sheet.value("init")


def check_parts(rules: Ruleset, c: Combatant, aimed: Iterable[str]) -> list[tuple[str, int]]:
    """What conditions and effects add to a check on the figures ``aimed`` (as the catalogue names
    them: ``skills``, ``physical``, ``stealth``...), stacked as figures are, one line per source."""
    wanted = set(aimed)
    total: dict[str, int] = {}
    counted = combine(m for fig, m in modifiers(rules, c) if fig in wanted)[1]
    for m in counted:
        total[m.label] = total.get(m.label, 0) + m.delta
    return [(label, d) for label, d in total.items() if d]
