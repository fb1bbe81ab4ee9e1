"""The sheet: figures after conditions (AC, initiative, Speed, passive Perception), the status
lines (death saves, exhaustion) and the XP a monster is worth (dnd5e.md §1, §4, §8)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from gm_console.ruleset import (ActionSlot, Combatant, Context, EncounterState, Figure, Msg, RulesError, Sheet,
                                engine_marks, fold_text, listing, named, words_for)

from . import economy, marks, rest, stats
from .attacks import DnDAttacks
from .common import modifier
from .conditions import exhaustion, flagged
from .health import AT_ZERO, dies_at_zero, saves_of
from .i18n import _

#: XP by challenge rating (SRD 5.2, "Monsters": Experience Points by Challenge Rating)
XP_BY_CR = {Fraction(0): 10, Fraction(1, 8): 25, Fraction(1, 4): 50, Fraction(1, 2): 100, **{
    Fraction(n): xp for n, xp in enumerate(
        (200, 450, 700, 1100, 1800, 2300, 2900, 3900, 5000, 5900, 7200, 8400, 10000, 11500, 13000, 15000, 18000,
         20000, 22000, 25000, 33000, 41000, 50000, 62000, 75000, 90000, 105000, 120000, 135000, 155000), 1)}}

_MODIFIER_WORDS = words_for(("ac", "init", "speed", "perception", "attack"),
                            {"velocidad": "speed", "iniciativa": "init", "percepcion": "perception"})


_TYPE_FOLDED = {fold_text(w) for w in stats.TYPE_WORDS}


def _words(raw: Any) -> list[str]:
    if not raw:
        return []
    items = raw.split(",") if isinstance(raw, str) else raw
    return [str(w).strip() for w in items if str(w).strip()]


def challenge(c: Combatant) -> Fraction | None:
    raw: Any = c.stats.get("cr")
    if raw is None and isinstance(engine_marks.BESTIARY.of(c), dict):
        raw = engine_marks.BESTIARY.of(c).get("cr")
    if raw is None or isinstance(raw, bool):
        return None
    try:
        return Fraction(str(raw).strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        return None


def _own(c: Combatant, key: str) -> list[tuple[str, int]]:
    """What the GM's effects add to a figure (``effect X Shield ac+5``): 5e has no bonus types."""
    return [(inst.cond, int(d)) for inst in c.conditions for k, d in (inst.mods or {}).items() if k == key and d]


def _figure(base: int, parts: list[tuple[str, int]], floor: int | None = None) -> Figure:
    value = base + sum(d for _l, d in parts)
    return Figure(value if floor is None else max(floor, value), base=base, parts=tuple(parts))


class DnDSheet(Sheet):
    def stat_block(self):
        return stats.stat_block()

    def attack_rules(self) -> DnDAttacks:
        """The stat block's attacks (atk=) as `attack` rolls them (dnd5e.md §6.5)."""
        return DnDAttacks(self.rules)

    def modifier_words(self) -> Mapping[str, str]:
        return _MODIFIER_WORDS

    def derive(self, stats_: dict[str, Any], category: str) -> dict[str, Any]:
        """Damage types and conditions on the sheet must be the document's (a typo would
        otherwise never resist anything): refused with the words there are (dnd5e.md §2.3)."""
        self.check_words(stats_)
        if stats_.get("lair") is True and isinstance(stats_.get("legendary_resistance"), int):
            stats_ = {**stats_, "legendary_resistance": stats_["legendary_resistance"] + 1}  # dnd5e.md §7.7
        return stats_

    def check_words(self, stats_: Mapping[str, Any]) -> None:
        for key in ("resist", "immune", "vulnerable"):
            for word in _words(stats_.get(key)):
                if fold_text(word) not in _TYPE_FOLDED:
                    raise RulesError(_("{key}: {word!r} is not a damage type; types: {types}", key=key, word=word,
                                       types=listing(stats.DAMAGE_TYPES)))
        for word in _words(stats_.get("condition_immune")):
            self.rules.conditions.catalogue.lookup(word)
        raw = stats_.get("hit_dice")
        if raw is not None and not rest.HIT_DICE.match(fold_text(str(raw))):
            raise RulesError(_("hit_dice: {raw!r} is not a Hit Point Die; write the die (hit_dice=d10, as many as the "
                               "level) or how many (hit_dice=5d10)", raw=raw))

    def on_added(self, ctx: Context, c: Combatant) -> None:
        pool = c.pools.get("hp")
        if pool is not None and pool.value <= 0 and c.life == "ok":
            if dies_at_zero(ctx.state, c):
                ctx.set_life(c, "dead", rule="dnd5e.md §3.1")
            else:
                self.rules.health.fall(ctx, c)

    def on_stats_set(self, ctx: Context, c: Combatant, changes) -> None:
        """``set NAME hp=0`` drops it as damage would; above 0 a dying or stable one wakes (dnd5e.md §3.1, §3.5)."""
        self.check_words(changes)
        lr = c.pools.get("legendary_resistance")
        if "lair" in changes and lr is not None and "legendary_resistance" not in changes:
            ctx.set_pool(c, "legendary_resistance", max(0, lr.value + (1 if changes["lair"] else -1)), rule="dnd5e.md §7.7")
        pool = c.pools.get("hp")
        if pool is None or "hp" not in changes:
            return
        if pool.value <= 0 and c.life == "ok":
            if dies_at_zero(ctx.state, c):
                self.rules.health.kill(ctx, c, _("{name} is set to 0 HP and dies", name=named(c)), "3.1")
            else:
                self.rules.health.fall(ctx, c)
        elif pool.value > 0 and c.life in ("dying", "stable"):
            self.rules.health.wake(ctx, c)

    # -- figures -------------------------------------------------------------------------------------
    def speed(self, c: Combatant) -> Figure:
        """Speed, less 5 feet per exhaustion level; 0 while a condition says so (dnd5e.md §4)."""
        base = int(c.stats.get("speed") or 30) if c.stats.get("speed") is not None else 30
        parts = _own(c, "speed")
        level = exhaustion(c)
        if level:
            parts.append((self.rules.conditions.catalogue.label("exhaustion"), -5 * level))
        held = flagged(c, "speed-0", self.rules.conditions.catalogue)
        if held:
            parts.append((self.rules.conditions.catalogue.label(held[0].cond), -(base + sum(d for _l, d in parts))))
        return _figure(base, parts, floor=0)

    def effective(self, state: EncounterState, c: Combatant) -> dict[str, Figure]:
        out: dict[str, Figure] = {}
        if isinstance(c.stats.get("ac"), int):
            out["ac"] = _figure(c.stats["ac"], _own(c, "ac"))
        out["init"] = Figure(self.rules.turns.initiative_bonus(c))
        out["speed"] = self.speed(c)
        if isinstance(c.stats.get("perception"), int):
            out["perception"] = _figure(c.stats["perception"], _own(c, "perception"))
        level = exhaustion(c)
        if level:
            out["d20"] = Figure(-2 * level, base=0, parts=((self.rules.conditions.catalogue.label("exhaustion"), -2 * level),))
        return out

    # -- what the sheet says ---------------------------------------------------------------------------
    def status(self, state: EncounterState, c: Combatant, lang: str = "en") -> "list[str | Msg]":
        out: list[str | Msg] = []
        ok, fail = saves_of(c)
        if c.life == "dying":
            out.append(_("dying: death saves: successes {ok}, failures {fail}", ok=ok, fail=fail))
        elif c.life == "stable":
            out.append(_("stable at 0 HP: unconscious, no death saves"))
        level = exhaustion(c)
        if level:
            out.append(_("exhaustion {level}: -{d20} on d20 tests, Speed -{speed} ft", level=level, d20=2 * level,
                         speed=5 * level))
        if any(i.note == AT_ZERO for i in c.instances("unconscious")) and c.life == "ok":
            out.append(_("unconscious"))
        return out + self.rules.turns.status(state, c)

    def action_budget(self, state: EncounterState, c: Combatant) -> list[ActionSlot]:
        """dnd5e.md §7.2: action, bonus action, reaction and the movement left."""
        return economy.budget(state, self.rules, c)

    def lasting(self, state: EncounterState, c: Combatant) -> dict[str, Any]:
        """What a PC takes out of the fight: as every game, less a concentration and the spells
        held by one (they do not pass to the next encounter; dnd5e.md §5.6)."""
        kept = super().lasting(state, c)
        held = {(caster.id, (marks.CONCENTRATING.of(caster) or {}).get("id")) for caster in state.combatants.values()
                if isinstance(marks.CONCENTRATING.of(caster), dict)}
        gone = {"concentration", "dodging"} | {i.cond for i in c.conditions if (i.source, i.cond) in held}
        kept["conditions"] = [k for k in kept["conditions"] if k["cond"] not in gone]
        return kept

    def xp(self, c: Combatant) -> int | None:
        own = c.stats.get("xp")
        if isinstance(own, int) and not isinstance(own, bool) and own >= 0:
            return own
        cr = challenge(c)
        if cr is None:
            return None
        rows = [row for row in XP_BY_CR if row <= cr]
        return XP_BY_CR[max(rows)] if rows else None

    def ability_mod(self, c: Combatant, key: str) -> int:
        return modifier(c, key)
