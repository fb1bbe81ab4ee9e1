"""Effective figures after conditions, effects and life state, each with its breakdown.

The given AC/CMD/init are taken to already hold the creature's normal Dex
modifier, so conditions move them by the *change* of that modifier: losing the
Dex bonus, Dex penalties (grappled -4, fatigued -2...), or Dex 0 when helpless.
Str, Con and Wis work the same way for what is built on them.

Conditions' numbers all apply (the seed). Effects' bonuses are typed and follow
the d20 stacking rule (``gm_console.ruleset.combine``, pathfinder1e.md §1.11): what
does not count is kept in ``Figure.suppressed`` for the sheet to show dimmed.
Which bonuses reach which AC is the Core Rulebook's: touch AC takes no armor,
shield or natural armor bonus, flat-footed AC no dodge bonus, and CMD only the
AC bonuses that are not armor, shield, natural armor or size.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from gm_console.ruleset import (Catalogue, Combatant, ConditionDef, Figure, Mod, Msg, Row, Term, attack_flow, combine,
                                joined)

from . import marks
from .abilities import LOW, NAMES
from .i18n import C_, T_
from .stats import ABILITIES, SIZE_AC, SIZE_CMB, SIZE_TERMS, SIZES, SKILLS, TWF, ability_points, base_numbers, mod, size

#: what an unconscious/dying/stable/dead combatant counts as (pathfinder1e.md §1.4, §1.5)
_OUT = frozenset({"helpless", "unconscious", "no-actions", "no-move"})
LIFE_FLAGS: Mapping[str, frozenset[str]] = {
    "dying": _OUT, "stable": _OUT, "unconscious": _OUT, "dead": _OUT,
    "disabled": frozenset({"one-action", "half-speed"}),
    "staggered": frozenset({"one-action"}),
}

#: bonus types a touch attack ignores, and those CMD does not take from AC (Core Rulebook, Combat)
NOT_TOUCH = frozenset({"armor", "shield", "natural", "natural-enhancement"})
NOT_CMD = NOT_TOUCH | {"enhancement", "size"}

#: the modifier keys that feed each figure (a condition's or effect's ``modifiers`` keys)
FEEDS: Mapping[str, tuple[str, ...]] = {
    "ac": ("ac",), "touch": ("ac", "touch"), "ff": ("ac", "ff"), "cmd": ("ac", "cmd"),
    "cmb": ("attack", "melee", "cmb"), "attack": ("attack", "melee", "charge"), "ranged": ("attack", "ranged"),
    "damage": ("damage",), "fort": ("saves", "fort"), "ref": ("saves", "ref"), "will": ("saves", "will"),
    "init": ("init",), "skills": ("skills",), "checks": ("checks",), "speed": ("speed",),
}


#: the breakdown's own words, each the catalogue's (msgctxt "breakdown") so that any language
#: translates them (a condition's label is its catalogue name, data: ``Catalogue.label``)
WORN = {"armor": C_("breakdown", "worn armor"), "shield": C_("breakdown", "worn shield")}
#: ability damage, penalty and drain, named after the ability (``str damage``, ``daño de Fue``)
DAMAGE, PENALTY, DRAIN = "damage", "penalty", "drain"
#: a figure the rules keep at 1 at least
MINIMUM = T_("breakdown", "minimum 1", "mínimo 1")


def _ability(key: str, what: str) -> Msg:
    a = LOW[key]
    if what == DAMAGE:
        return C_("breakdown", "{a} damage", a=a)
    if what == PENALTY:
        return C_("breakdown", "{a} penalty", a=a)
    return C_("breakdown", "{a} drain", a=a)


def _and(terms: list) -> "Msg | Term":
    """``str damage and str penalty``: one or two labels as one, in the reader's language."""
    return terms[0] if len(terms) == 1 else C_("breakdown", "{a} and {b}", a=terms[0], b=terms[1])


def _why(name: Term, why: list) -> "Msg | Term":
    """``Dex (flat-footed)``: an ability and what changes it, in the reader's language."""
    return C_("breakdown", "{name} ({why})", name=name, why=Row(tuple(why))) if why else name


def _not_stacking(label) -> Msg:
    return C_("breakdown", "{label} (not stacking)", label=label)


@dataclass
class Active:
    """What weighs on a combatant now: condition and effect instances that apply, its life state."""

    items: list[tuple[str, ConditionDef, object]] = field(default_factory=list)
    flags: dict[str, list[str]] = field(default_factory=dict)

    def has(self, flag: str) -> bool:
        return flag in self.flags

    def why(self, flag: str) -> list:
        """What set ``flag``, each as its label (a condition by its catalogue name)."""
        return self.flags.get(flag, [])

    def mods(self, *keys: str) -> list[Mod]:
        """Every modifier to these keys, typed: a valued entry's value is the size of its numbers
        (shield-of-faith:3 is +3; energy-drained:2 is -2 each); a free effect's own carry the type
        the GM gave them (``ac+1:deflection``, else untyped), the effect as their source."""
        out = []
        for label, d, inst in self.items:
            value = getattr(inst, "value", None)
            own = getattr(inst, "mods", None) or {}
            for key in keys:
                delta = d.modifiers.get(key)
                if delta:
                    if d.valued and value is not None:
                        delta = value if delta > 0 else -value
                    source = d.id if d.kind == "effect" else ""
                    out.append(Mod(label, delta, d.bonus_of(key), source))
                if own.get(key):
                    kinds = getattr(inst, "mod_types", None) or {}
                    out.append(Mod(label, int(own[key]), kinds.get(key, ""), d.id))
        return out

    def steps(self) -> list[tuple[Term, int]]:
        """Size steps of its effects (enlarge +1, reduce -1): they cancel each other."""
        return [(label, int(d.modifiers["size"])) for label, d, _ in self.items if d.modifiers.get("size")]


def gather(catalogue: Catalogue, c: Combatant, instances: Iterable) -> Active:
    act = Active()
    for inst in instances:
        d = catalogue.define(inst.cond)
        name = catalogue.label(d.id)
        label = joined([name, str(inst.value)]) if d.valued and inst.value is not None else name
        if inst.cond.startswith("aid-") and inst.source:
            label = joined([name, f"({inst.source})"])
        act.items.append((label, d, inst))
        for flag in d.flags:
            act.flags.setdefault(flag, []).append(name)
    for flag in LIFE_FLAGS.get(c.life, ()):
        act.flags.setdefault(flag, []).append(catalogue.label(c.life))
    return act


@dataclass
class _Build:
    """One figure being put together: its base, the modifiers that always count (ability changes)
    and the typed ones; ``in_base`` are bonuses the given number already holds (worn armor)."""

    base: int
    fixed: list[tuple[str, int]] = field(default_factory=list)
    typed: list[Mod] = field(default_factory=list)
    in_base: list[Mod] = field(default_factory=list)

    def figure(self) -> Figure:
        _total, counted, dropped = combine([*self.in_base, *self.typed])
        held = {id(m) for m in self.in_base}
        parts = [(label, d) for label, d in self.fixed if d]
        parts += [(m.label, m.delta) for m in counted if id(m) not in held]
        parts += [(_not_stacking(m.label), -m.delta) for m in dropped if id(m) in held]
        suppressed = tuple((m.label, m.delta) for m in dropped if id(m) not in held)
        return Figure(value=self.base + sum(d for _, d in parts), base=self.base, parts=tuple(parts),
                      suppressed=suppressed)


def _score(base: int, parts: list[tuple[str, int]], zero_by: list[str]) -> tuple[int, list]:
    if zero_by:
        return 0, [(Row(tuple(dict.fromkeys(zero_by))), -base)] if base else []
    total = base + sum(p[1] for p in parts)
    value = max(1, total) if base >= 1 else max(0, total)
    if value != total:  # a penalty cannot take a score below 1
        parts = parts + [(MINIMUM, value - total)]
    return value, parts


def _resized(c: Combatant, act: Active) -> str:
    steps = sum(n for _, n in act.steps())
    at = max(0, min(len(SIZES) - 1, SIZES.index(size(c)) + steps))
    return SIZES[at]


def compute(catalogue: Catalogue, c: Combatant, instances: Iterable, options: Mapping) -> dict[str, Figure]:
    act = gather(catalogue, c, instances)
    base = base_numbers(c, bool(options.get("cmb_dex_tiny")))
    damage = marks.ABILITY_DAMAGE.of(c) or {}
    drain = marks.ABILITY_DRAIN.of(c) or {}
    zero = {"str": ("str-zero",), "dex": ("dex-zero", "helpless")}

    scores: dict[str, Figure] = {}
    for key in ABILITIES:
        _t, kept, dropped = combine(act.mods(key))
        parts = [(m.label, m.delta) for m in kept]
        hurt, penalty = ability_points(c, key)
        if hurt + penalty >= 2:
            # -1 per 2 points to what the ability governs (§1.9): shown as the score giving that modifier
            what = _and([w for w, n in ((_ability(key, DAMAGE), hurt), (_ability(key, PENALTY), penalty)) if n])
            parts.append((what, -2 * ((hurt + penalty) // 2)))
        zero_by = [w for f in zero.get(key, ()) for w in act.why(f)]
        lost = int(drain.get(key) or 0)
        if lost and base[key] - lost <= 0:
            zero_by.append(_ability(key, DRAIN))
            value, parts = _score(base[key], parts, zero_by)
        elif lost:
            value, rest = _score(base[key] - lost, parts, zero_by)
            parts = [(_ability(key, DRAIN), -lost), *rest]
        else:
            value, parts = _score(base[key], parts, zero_by)
        scores[key] = Figure(value, base[key], tuple(parts), tuple((m.label, m.delta) for m in dropped))

    def delta(key: str) -> int:
        return mod(scores[key].value) - mod(base[key])

    def label(key: str) -> Term:
        return _why(NAMES[key], [lab for lab, _ in scores[key].parts])

    no_dex = act.has("no-dex")
    m_dex0, m_dex = mod(base["dex"]), mod(scores["dex"].value)
    dex_why = list(dict.fromkeys(act.why("no-dex") + [lab for lab, _ in scores["dex"].parts]))
    dex_ac_label = _why(NAMES["dex"], dex_why)
    ac_dex = (min(m_dex, 0) if no_dex else m_dex) - m_dex0
    if no_dex and c.stats.get("dex") is None and base["ac"] > base["ff"]:
        # a stat block with AC and flat-footed AC but no Dex score (a PC typed as ac=16 ff=14): what
        # it loses is what the book's flat-footed AC leaves out, its Dex and dodge bonuses (§1.5)
        ac_dex = base["ff"] - base["ac"]
    ff_dex = min(m_dex, 0) - min(m_dex0, 0)
    str_label, dex_label = label("str"), label("dex")

    new_size = _resized(c, act)
    resize = joined([lab for lab, _ in act.steps()], ", ")
    size_ac = SIZE_AC[new_size] - SIZE_AC[size(c)]
    size_cmb = SIZE_CMB[new_size] - SIZE_CMB[size(c)]
    resized = joined([resize, ": ", SIZE_TERMS[new_size]], "")
    size_ac_part, size_cmb_part = (resized, size_ac), (resized, size_cmb)

    def ac_mods(*keys: str, leave: frozenset[str] = frozenset()) -> list[Mod]:
        mods = [m for m in act.mods(*keys) if m.type not in leave]
        if no_dex:  # dodge bonuses go with the Dex bonus
            mods = [m for m in mods if m.type != "dodge"]
        return mods

    worn = [Mod(WORN[key], int(c.stats[key]), key) for key in ("armor", "shield")
            if isinstance(c.stats.get(key), int) and c.stats[key] > 0]
    armor = []
    for lab, d, inst in act.items:
        value = getattr(inst, "value", None)
        if d.id == "broken-armor" and value:
            armor.append((lab, -(value - value // 2)))
        elif d.id == "armor-destroyed" and value:
            armor.append((lab, -value))

    builds: dict[str, _Build] = {
        "ac": _Build(base["ac"], [(dex_ac_label, ac_dex), size_ac_part, *armor], ac_mods("ac"), worn),
        "touch": _Build(base["touch"], [(dex_ac_label, ac_dex), size_ac_part], ac_mods("ac", "touch", leave=NOT_TOUCH)),
        "ff": _Build(base["ff"], [(dex_ac_label, ff_dex), size_ac_part, *armor],
                     [m for m in act.mods("ac", "ff") if m.type != "dodge"], worn),
        "cmd": _Build(base["cmd"], [(str_label, delta("str")), (dex_ac_label, ac_dex), size_cmb_part],
                      ac_mods("ac", "cmd", leave=frozenset(NOT_CMD))),
        "cmb": _Build(base["cmb"], [(dex_label, delta("dex")) if base["cmb_uses_dex"] else (str_label, delta("str")),
                                    size_cmb_part], act.mods(*FEEDS["cmb"])),
        "attack": _Build(base["attack"], [(str_label, delta("str")), size_ac_part], act.mods(*FEEDS["attack"])),
        "ranged": _Build(base["ranged"], [(dex_label, delta("dex")), size_ac_part], act.mods(*FEEDS["ranged"])),
        "damage": _Build(0, [(str_label, delta("str"))], act.mods("damage")),
        "fort": _Build(base["fort"], [(NAMES["con"], delta("con"))], act.mods(*FEEDS["fort"])),
        "ref": _Build(base["ref"], [(dex_label, delta("dex"))], act.mods(*FEEDS["ref"])),
        "will": _Build(base["will"], [(label("wis"), delta("wis"))], act.mods(*FEEDS["will"])),
    }
    figs: dict[str, Figure] = {name: b.figure() for name, b in builds.items()}
    for key in ("str", "dex", "con"):
        figs[key] = scores[key]
    for key in ("int", "wis", "cha"):
        if c.stats.get(key) is not None or scores[key].parts:
            figs[key] = scores[key]
    figs["init"] = _Build(base["init"], [(dex_label, delta("dex"))], act.mods("init")).figure()
    figs["skills"] = _Build(0, [], act.mods("skills")).figure()
    figs["checks"] = _Build(0, [], act.mods("checks")).figure()
    for key, (ability, *_rest) in SKILLS.items():
        given = c.stats.get(key)
        if isinstance(given, int) and not isinstance(given, bool):
            figs[key] = _Build(given, [(label(ability), delta(ability))],
                               act.mods("skills", key)).figure()
    figs["speed"] = _speed(base["speed"], act)
    if act.has("prone"):
        ac = figs["ac"]
        figs["ac_melee"] = Figure(ac.value - 4, ac.base, ac.parts + ((attack_flow.PRONE_MELEE, -4),), ac.suppressed)
        figs["ac_ranged"] = Figure(ac.value + 4, ac.base, ac.parts + ((attack_flow.PRONE_RANGED, 4),), ac.suppressed)
    twf = c.stats.get("twf")
    if twf in TWF:
        main, off = TWF[twf]
        atk = figs["attack"]
        two, hand = C_("breakdown", "two weapons ({kind})", kind=twf), C_("breakdown", "off-hand ({kind})", kind=twf)
        figs["twf_main"] = Figure(atk.value + main, atk.base, atk.parts + ((two, main),))
        figs["twf_off"] = Figure(atk.value + off, atk.base, atk.parts + ((hand, off),))
    return figs


def _speed(speed: int, act: Active) -> Figure:
    """Speed bonuses by type (haste's enhancement); at most double [I]; then no-move / half speed."""
    _t, kept, dropped = combine(act.mods("speed"))
    parts = [(m.label, m.delta) for m in kept]
    gain = sum(d for _, d in parts)
    if gain > speed:
        parts.append((C_("breakdown", "at most double"), speed - gain))
    value = speed + sum(d for _, d in parts)
    suppressed = tuple((m.label, m.delta) for m in dropped)
    if act.has("no-move") and value:
        parts.append((C_("breakdown", "{why}: can't move", why=Row(tuple(dict.fromkeys(act.why("no-move"))))), -value))
        value = 0
    elif act.has("half-speed") and value:
        half = value // 2
        parts.append((C_("breakdown", "{why}: half speed", why=Row(tuple(dict.fromkeys(act.why("half-speed"))))),
                      half - value))
        value = half
    return Figure(value, speed, tuple(p for p in parts if p[1]), suppressed)
