"""The sheet: the stat block, the derived figures with their breakdowns, and the status lines
(dragon_age.md §2.0, §2.8, §2.12).

Figures add what the conditions and effects give, each listed: AGE has no bonus types, so
every modifier simply adds (Defend and the two +2 stunts keep the option ``defense_bonuses``).
"""

from __future__ import annotations

from typing import Any, Mapping

from gm_console.ruleset import (ActionSlot, Combatant, Context, EncounterState, Figure, Msg, Sheet, Term, words_for,
                                possessive)

from . import economy, marks, stats
from .common import own_turn, surprised, waiting_points
from .conditions import CATALOGUE, DEFENSE_SOURCES, effect_mods, flagged
from .health import death_round, turns_left
from .i18n import T_, _, _n
from .options import option
from .stats import ABILITIES, ability, base_ability, has_focus
from .stunt_points import menu_text

ROUND_SECONDS = 15


#: the figures' own labels; a condition or effect is labelled by its catalogue names (``Term``)
DEX, MAGIC = T_("breakdown", "Dex", "Des"), T_("breakdown", "Magic", "Magia")


def _labelled(mods) -> list[tuple[Any, int]]:
    return list(mods)


def _named(cid: str) -> Term:
    return CATALOGUE.define(cid).term


def _figure(base: int, parts: list[tuple[str, int]], suppressed: list[tuple[str, int]] = (),
            floor: int | None = None) -> Figure:
    value = base + sum(n for _, n in parts)
    return Figure(value if floor is None else max(floor, value), base=base, parts=tuple(parts),
                  suppressed=tuple(suppressed))


class DASheet(Sheet):
    def stat_block(self):
        return stats.stat_block()

    def initial_pools(self, stats_: Mapping[str, Any], current: Mapping[str, int],
                      category: str) -> dict[str, tuple[int, int | None]]:
        """Health and mana start between 0 and their maximum (dragon_age.md §2.4 [S]: never below 0; §2.6 [O]:
        never above the maximum), so ``health=-5/30`` is 0 and ``health=40/30`` is 30."""
        return stats.clamp_pools(super().initial_pools(stats_, current, category))

    def on_stats_set(self, ctx: Context, c: Combatant, changes) -> None:
        """dragon_age.md §2.4 [S]: Health never below 0 (nor above its maximum), whatever the GM types."""
        pool = c.pools.get("health")
        if pool is not None and (pool.value < 0 or (pool.max is not None and pool.value > pool.max)):
            ctx.set_pool(c, "health", max(0, min(pool.value, pool.max if pool.max is not None else pool.value)))

    # -- figures ------------------------------------------------------------------------------
    def _base(self, c: Combatant, key: str) -> tuple[int, list[tuple[str, int]]]:
        """The sheet's number, or 10 + Dex when the sheet has none (dragon_age.md §2.8 [O])."""
        if c.stats.get(key) is not None:
            return int(c.stats[key]), []
        dex = ability(c, "dex")
        return 10, [(DEX, dex)] if dex else []

    def defense(self, state: EncounterState, c: Combatant) -> Figure:
        base, parts = self._base(c, "defense")
        if flagged(c, "defense-spellpower"):  # Arcane Shield: Defense equals Spellpower
            parts.append((_named("arcane-shield"), self.spellpower(c).value - base - sum(n for _, n in parts)))
        dex = ability(c, "dex")
        for inst in flagged(c, "no-dex-defense")[:1]:
            if dex > 0:
                parts.append((_named(inst.cond), -dex))
        stances: list[tuple[Term, int]] = []
        for inst in c.conditions:
            d = CATALOGUE.define(inst.cond)
            delta = d.modifiers.get("defense")
            if delta and d.id in DEFENSE_SOURCES and all(label != d.term for label, _ in stances):
                stances.append((d.term, delta))
        suppressed: list[tuple[str, int]] = []
        if option(state, "defense_bonuses") == "highest" and len(stances) > 1:
            best = max(stances, key=lambda p: p[1])
            suppressed = [s for s in stances if s is not best]
            stances = [best]
        parts += stances + _labelled(effect_mods(c, "defense", skip=DEFENSE_SOURCES))
        for inst in flagged(c, "defense-10")[:1]:  # asleep: Defense 10, whatever else
            parts.append((_named(inst.cond), 10 - base - sum(n for _, n in parts)))
        return _figure(base, parts, suppressed)

    def armor(self, c: Combatant) -> Figure:
        """Worn armor, + effects; Rock Armor gives its value (the caster's Magic) only without worn armor."""
        worn = int(c.stats.get("armor") or 0)
        parts, suppressed = _labelled(effect_mods(c, "armor")), []
        for inst in c.instances("rock-armor")[:1]:
            rating = int(inst.value or 0)
            (suppressed if worn else parts).insert(0, (_named("rock-armor"), rating))
        return _figure(worn, parts, suppressed, floor=0)

    def speed(self, c: Combatant) -> Figure:
        base, parts = self._base(c, "speed")
        parts += _labelled(effect_mods(c, "speed"))
        frost = int(marks.FROST.of(c) or 0)
        if frost and c.has("winters-grasp"):
            parts.append((_named("winters-grasp"), -2 * frost))
        for inst in flagged(c, "speed-quarter")[:1]:  # reduced by a quarter, rounded in its favour
            now = max(0, base + sum(n for _, n in parts))
            if now // 4:
                parts.append((_named(inst.cond), -(now // 4)))
        return _figure(base, parts, floor=0)

    def spellpower(self, c: Combatant, focus: str | None = None) -> Figure:
        parts = [(MAGIC, ability(c, "magic"))]
        if has_focus(c, focus):
            parts.append((str(focus), 2))
        parts += _labelled(effect_mods(c, "spellpower"))
        return _figure(10, parts)

    def modifier_words(self) -> Mapping[str, str]:
        """The figures and rolls effects reach (dragon_age.md §2.12): Defense, Armor, Speed,
        Spellpower, initiative, attacks, damage, casting, resisting, every test (``tests``), an
        ability, a test of one ability or focus (``test_willpower``, ``test_courage``); AGE has no
        bonus types (``bonus_types`` stays empty)."""
        return _MODIFIER_WORDS

    def effective(self, state: EncounterState, c: Combatant) -> dict[str, Figure]:
        out = {"defense": self.defense(state, c), "armor": self.armor(c), "speed": self.speed(c)}
        power = self.spellpower(c)
        if c.stats.get("magic") or "mana" in c.pools or power.value != 10 + ability(c, "magic"):
            out["spellpower"] = power
        out["initiative"] = Figure(self.rules.turns.initiative_bonus(c))
        for figure in ("attack", "melee_attack", "damage"):  # only while an effect changes them
            parts = _labelled(effect_mods(c, figure))
            if parts:
                out[figure] = _figure(0, parts)
        for key in ABILITIES:
            parts = _labelled(effect_mods(c, key))
            if parts:
                out[key] = _figure(base_ability(c, key), parts)
        return out

    def action_budget(self, state: EncounterState, c: Combatant) -> list[ActionSlot]:
        """dragon_age.md §2.3 [S]: one major + one minor, or two minor, ticked by ``major NAME`` / ``minor NAME``."""
        return economy.budget(state, c)

    # -- what the sheet says ----------------------------------------------------------------------
    def status(self, state: EncounterState, c: Combatant, lang: str = "en") -> "list[str | Msg]":
        out: list[str | Msg] = []
        if surprised(state, c):
            out.append(_("surprised: no action in the surprise round"))
        n = turns_left(c)
        if n is not None and c.life == "dying":
            out.append(_n("dying: dies at the start of {whose} turn in {n} turn",
                          "dying: dies at the start of {whose} turn in {n} turns", n, whose=possessive(c)))
            when = death_round(state, c)
            if when is not None:
                out.append(_("dies in round {n}", n=when))
        for inst in c.instances("unconscious"):
            if inst.rounds is not None:
                minutes, secs = divmod(inst.rounds * ROUND_SECONDS, 60)
                time = f"{minutes} min" + (f" {secs} s" if secs else "")
                out.append(_n("unconscious: wakes in {time} ({n} round)", "unconscious: wakes in {time} ({n} rounds)",
                              inst.rounds, time=time))
        if own_turn(state, c):
            out.append(_("actions: {left}", left=economy.left(state, c)))
        points = waiting_points(c)
        if points > 0:
            out.append(_("{n} stunt points to spend now: {menu}", n=points,
                         menu=Term(menu_text(state, c), menu_text(state, c, "es"))))
        for inst in c.instances("prepared"):
            out.append(_("prepared: {action} (until {whose} next turn)", whose=possessive(c), action=inst.note))
        if c.has("aiming"):
            out.append(_("aiming: +1 on {whose} next attack", whose=possessive(c)))
        if marks.BONUS_ATTACK.of(c):
            out.append(_("Lightning Attack: a second attack now"))
        if marks.BONUS_CAST.of(c):
            out.append(_("Fast Casting: another spell now"))
        if marks.SEIZED.of(c) and state.in_combat:
            out.append(_("seized the initiative: top of the order"))
        if c.has("heal-lockout"):
            out.append(_("no Heal action until damaged again"))
        if marks.ENDED_AT_ZERO.of(c) and not state.in_combat:
            out.append(_("no breather: ended the encounter at 0 Health"))
        return out


_MODIFIER_WORDS = words_for(
    ("defense", "armor", "speed", "spellpower", "initiative", "attack", "melee_attack", "damage", "casting", "resist",
     "tests", *ABILITIES, *(f"test_{a}" for a in ABILITIES),
     *(f"test_{f.replace(' ', '_')}" for f in stats.FOCUS_ABILITY)),
    {w: key for key, (en, es, more) in stats.ABILITY_INFO.items() for w in (en, es, *more)})
