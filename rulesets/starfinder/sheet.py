"""The sheet part: the stat block, its figures, the lines and warnings the GM should see without asking."""

from __future__ import annotations

from typing import Any, Mapping

from gm_console.ruleset import Combatant, EncounterState, Msg, Pending, Sheet, gm, types_for, words_for, possessive

from .attacks import SFAttacks
from .common import value
from . import abilities, afflictions, damage, economy, initiative, life, marks, monsters, stats, vehicles
from .figures import armor_bonus, effective
from .i18n import _


class StarfinderSheet(Sheet):
    def attack_rules(self) -> SFAttacks:
        """The stat block's attacks (atk=) as `attack` rolls them (§3.17)."""
        return SFAttacks(self.rules)

    def stat_block(self):
        return stats.stat_block()

    def categories(self) -> tuple[str, ...]:
        return ("vehicle",)

    def derive(self, stats_: dict[str, Any], category: str) -> dict[str, Any]:
        monsters.check(stats_)
        afflictions.check(stats_)
        return stats.derive(stats_, category)

    def on_added(self, ctx, c: Combatant) -> None:
        """The stat block's regeneration starts (starfinder.md §3.14.1)."""
        monsters.place(ctx, c)

    def on_stats_set(self, ctx, c: Combatant, changes) -> None:
        monsters.check(changes)
        afflictions.check(changes)
        if "regeneration" in changes:
            monsters.place(ctx, c)

    def initial_pools(self, stats_: Mapping[str, Any], current: Mapping[str, int],
                      category: str) -> dict[str, tuple[int, int | None]]:
        pools = super().initial_pools(stats_, current, category)
        if category == "vehicle":
            pools = {k: v for k, v in pools.items() if k == "hp"}
        return pools

    def effective(self, state: EncounterState, c: Combatant):
        return effective(self.rules, state, c)

    def modifier_words(self) -> Mapping[str, str]:
        """The figures figures.py builds (``ac`` is both ACs, ``saves`` all three), DR and each skill."""
        return _MODIFIER_WORDS

    def bonus_types(self) -> Mapping[str, str]:
        """The Core Rulebook's bonus types (starfinder.md §3.13.1)."""
        return _BONUS_TYPES

    def action_budget(self, state, c):
        """starfinder.md §3.2: the active combatant's standard, move, swift or full action, each ticked by
        `action NAME KIND`."""
        return economy.budget(self.rules, state, c)

    def status(self, state: EncounterState, c: Combatant, lang: str = "en") -> list[Msg]:
        rules = self.rules
        out = life.status(c, state.in_combat)
        out += initiative.status(state, c)
        out += economy.status(rules, state, c)
        out += vehicles.status(state, c)
        if c.category == "vehicle":
            return out
        out += abilities.status(c)
        out += afflictions.status(c)
        ids = {i.cond for i in rules.conditions.active(c)}
        flat = sorted(i for i in ids if "flat-footed" in rules.conditions.catalogue.define(i).flags)
        if len(flat) > 1:
            out.append(_("flat-footed once ({sources}): -2 AC", sources=", ".join(flat)))
        out += _cover_lines(c, ids)
        if "prone" in ids:
            out.append(_("prone: +4 AC against ranged, -4 AC against melee"))
        helpless = c.life in ("dying", "stable") or any("helpless" in rules.conditions.catalogue.define(i).flags for i in ids)
        if helpless and c.life != "dead":
            out.append(_("helpless: melee attackers get +4; coup de grace possible"))
        for inst in c.instances("burning"):
            tries = int(marks.BURN_TRIES.of(c) or 0)
            dc = 10 + int(marks.FIRE_ROUND.of(c) or 0)
            if tries:
                out.append(_("burning {dice}d6: Reflex +{bonus} vs DC {dc} at the end of the round", dice=inst.value,
                             bonus=2 * tries, dc=dc))
            else:
                out.append(_("burning {dice}d6: Reflex vs DC {dc} at the end of the round", dice=inst.value, dc=dc))
        for inst in c.instances("bleeding"):
            out.append(_("bleeding {value} at the start of {whose} turn (Medicine DC 15 or healing stops it)",
                         whose=possessive(c), value=inst.value))
        held = marks.HELD.of(c)
        if held and held.get("by") in state.combatants and ("grappled" in ids or "pinned" in ids):
            out.append(_("held by {name}", name=state.get(held["by"]).name))
        rest = marks.STAMINA_REST.of(c)
        if rest is not None:
            out.append(_("resting for stamina: {mins} min to go", mins=max(0, 600 - int(rest)) // 60))
        if "charging" in ids:
            out.append(_("charging: attack {attack:+d}, -2 AC", attack=value(rules, state, c, "attack")))
        for inst in c.instances("mirror-image"):
            out.append(_("{n} mirror images: a hit picks at random; a figment hit or a miss by 5 or less loses one",
                         n=inst.value))
        out += damage.status(c)
        out += monsters.status(c)
        return out


COVER_LINES = {
    "partial-cover": _("partial cover: +2 AC, +1 Reflex against attacks from beyond it"),
    "soft-cover": _("soft cover: +4 AC against ranged attacks only (not in the figures), no Reflex bonus"),
    "cover": _("cover: +4 AC, +2 Reflex against attacks from beyond it; no attacks of opportunity from there"),
    "improved-cover": _("improved cover: +8 AC, +4 Reflex against attacks from beyond it"),
    "total-cover": _("total cover: it cannot be attacked from beyond the cover"),
    "concealment": _("concealment: 20% miss chance (a hit misses on d% 1-20: r 1d100)"),
    # whose square, whose targets: given the combatant's possessive where the sheet shows them
    "total-concealment": _("total concealment: attackers guess {whose} square; 50% miss chance (d% 1-50: r 1d100)"),
    "invisibility": _("invisible: 50% miss chance (d% 1-50: r 1d100); {whose} targets are flat-footed against "
                      "{whose} attacks"),
    "displacement": _("displaced: 50% miss chance (d% 1-50: r 1d100)"),
}


def _cover_lines(c: Combatant, ids: set[str]) -> list[Msg]:
    """Cover, concealment, miss chances and broken armor say on the sheet what they do (starfinder.md §3.6.1-3)."""
    out = [line.given(whose=possessive(c, several=cid == "invisibility")) if "{whose}" in line.id else line
           for cid, line in COVER_LINES.items() if cid in ids]
    if "broken-armor" in ids:
        eac, kac = armor_bonus(c, "eac"), armor_bonus(c, "kac")
        out.append(_("broken armor: armor bonuses EAC +{eac}→+{eac_half}, KAC +{kac}→+{kac_half}", eac=eac,
                     eac_half=eac // 2, kac=kac, kac_half=kac // 2))
    return out


def pending(rules, state: EncounterState) -> list[Pending]:
    """Warnings for the GM; each one that names a command carries it, and only when it would run now."""
    out: list[Pending] = afflictions.clock_pending(state)  # starfinder.md §3.15, save_rolls offer
    for c in state.combatants.values():
        own_turn = not state.in_combat or state.active == c.id
        if c.life == "dying":
            rp = c.pools.get("rp")
            left = rp.value if rp else 0
            cost = life.stabilize_cost(c) if rp else 1
            # offered only when it would work: on its own turn, with the RP (starfinder.md §3.4.6 [S])
            if rp is not None and left >= cost:
                out.append(Pending(c.id, _("{name} is dying: {left} resolve left; stabilise with {cost} RP on "
                                           "{whose} turn or Medicine DC 15", whose=possessive(c), name=c.name,
                                           left=left, cost=cost),
                                   command=f"spend {c.id} resolve stabilize" if own_turn else None))
            else:
                out.append(Pending(c.id, _("{name} is dying: {left} resolve left, too few to self-stabilise ({cost} "
                                           "needed); Medicine DC 15 or healing", name=c.name, left=left, cost=cost),
                                   command=None))
        elif c.life == "stable" and c.pools.get("hp") and c.pools["hp"].value == 0:
            rp = c.pools.get("rp")
            if not rp or rp.value < 1:
                if state.in_combat:
                    out.append(Pending(c.id, _("{name} is stable with no RP: a Con check every hour once the combat is "
                                               "over", name=c.name), command=None))
                else:
                    out.append(Pending(c.id, _("{name} is stable with no RP: a Con check every hour (pass 1h)",
                                               name=c.name), command="pass 1h"))
            elif state.in_combat and state.active == c.id and marks.STABILIZED.of(c) != state.round:
                # starfinder.md §3.4.7 [S]: at the start of its turn, 1 RP puts it back in the fight
                out.append(Pending(c.id, _("{name} is stable: 1 RP now puts {name} back in the fight with 1 HP "
                                           "(spend {ref} resolve fight)", name=c.name, ref=gm(c.id)),
                                   command=f"spend {c.id} resolve fight"))
        if marks.STAMINA_REST.of(c) is not None:
            if state.in_combat:
                out.append(Pending(c.id, _("{name} rests for stamina once the combat is over", name=c.name),
                                   command=None))
            else:
                out.append(Pending(c.id, _("{name} rests for stamina: pass 10m", name=c.name), command="pass 10m"))
        offer = marks.BURN_OFFER.of(c)  # save_rolls offer: the end-of-round save, for the GM to run (§3.13.3)
        if offer and c.has("burning") and c.life != "dead":
            name = f'"{c.name}"' if " " in c.name else c.name
            out.append(Pending(c.id, _("{name}: Reflex save against burning (DC {dc})", name=c.name,
                                       dc=10 + int(offer.get("fire") or 0)), gm_only=True,
                               command=f"save {name} burning"))
        if c.has("burning") and c.life != "dead" and state.in_combat:
            out.append(Pending(c.id, _("{name} is burning: Reflex save at the end of the round", name=c.name),
                               command=None))
        elif c.has("burning") and c.life != "dead":
            out.append(Pending(c.id, _("{name} is still burning: water or a full action to smother it (uncond {ref} "
                                       "burning)", name=c.name, ref=gm(c.id)), command=f"uncond {c.id} burning"))
    for v, text in vehicles.pending(state):
        out.append(Pending(v.id, text, command=None))
    return out


_MODIFIER_WORDS = words_for(
    ("ac", "eac", "kac", "attack", "melee", "ranged", "damage", "saves", "fort", "ref", "will", "init", "speed",
     "skills", "perception", "physical", "abilities", "piloting", "dr", *stats.SKILL_ABILITY),
    {w: key for key, en, es, aliases, _a in stats.SKILLS for w in (en, es, *aliases)})
_BONUS_TYPES = types_for(("armor", "circumstance", "divine", "enhancement", "insight", "luck", "morale", "racial",
                          "resistance", "untyped"))
