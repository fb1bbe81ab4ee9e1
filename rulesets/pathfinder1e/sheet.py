"""The Sheet part: the stat block, the pools a combatant starts with, its effective figures,
the sheet's status lines and this turn's action budget.

Hero points are never mentioned in ``status`` (the sheet can face players); the
one warning that needs them (cheat death) is in ``pending``, which is the GM's.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from gm_console.ruleset import (Combatant, ConditionInstance, Context, EncounterState, Figure, Msg, RulesError, Sheet,
                                types_for, words_for, possessive)

from . import abilities, afflictions, defenses, economy, figures, hero, life, marks, monster_sheet, negative_levels, regeneration
from .attacks import PF1Attacks
from .catalogue import BLEEDS
from .grapple import holder_of, holding
from .i18n import _, flag_names
from .initiative import FLAT_NOTE, still_flat_footed
from .items import describe, items_of, state_of
from .options import DEFAULTS
from .stats import ABILITIES, SKILLS, TWF, TWF_TEXT, hd, stat_block

DRAINED_ZERO = {"str": _("helpless"), "dex": _("paralyzed"), "con": _("dead"), "int": _("unconscious"),
                "wis": _("unconscious"), "cha": _("unconscious")}
TWF_TABLE = _("normal -6/-10, light off-hand -4/-8, feat -4/-4, light + feat -2/-2")


class PF1Sheet(Sheet):
    def stat_block(self):
        return stat_block()

    def side_of(self, stats: dict, words: Sequence[str]) -> str:
        side = super().side_of(stats, words)
        if side == "pc":
            stats["pc"] = True  # the word `pc` and pc=true mean the same; the block records it
        return side

    def derive(self, stats: dict[str, Any], category: str) -> dict[str, Any]:
        if stats.get("hero") is not None and not stats.get("pc"):
            raise RulesError(_("hero points are only for PCs: add NAME pc hero=N ..."))
        defenses.check(stats)
        regeneration.check(stats)
        afflictions.check(stats)
        return stats

    def initial_pools(self, stats: Mapping[str, Any], current: Mapping[str, int],
                      category: str) -> dict[str, tuple[int, int | None]]:
        pools: dict[str, tuple[int, int | None]] = {}
        if stats.get("hp") is not None:
            top = int(stats["hp"])
            pools["hp"] = (int(current.get("hp", top)), top)
            nl = current.get("nl", stats.get("nl") or 0)
            pools["nl"] = (int(nl), None)
        if stats.get("temp") is not None:
            pools["temp"] = (int(current.get("temp", stats["temp"])), None)
        if stats.get("pc"):
            pools["hero"] = hero.start_points(dict(stats), dict(current))
        return pools

    def on_added(self, ctx: Context, c: Combatant) -> None:
        """pathfinder1e.md §1.4: HP typed at 0 or below is disabled / dying / dead right away; the
        regeneration and fast healing of the stat block start (§1.14)."""
        regeneration.place(ctx, c)
        life.reconcile(ctx, c)

    def on_stats_set(self, ctx: Context, c: Combatant, changes) -> None:
        defenses.check(changes)
        afflictions.check(changes)
        regeneration.check(changes)
        if "regeneration" in changes or "fast_healing" in changes:
            regeneration.place(ctx, c)
        if "hp" in changes or "con" in changes or "nl" in changes:
            life.reconcile(ctx, c)
        if "hd" in changes or "con" in changes:
            abilities.con_hp(ctx, c)  # Hit Dice x the Con penalty (§1.9)
        if "hd" in changes:
            negative_levels.check_death(ctx, c)

    def figures(self, c: Combatant, instances, options: Mapping) -> dict[str, Figure]:
        return figures.compute(self.rules.conditions.catalogue, c, instances, options)

    def effective(self, state: EncounterState, c: Combatant) -> dict[str, Figure]:
        conds = self.rules.conditions.active(c)
        if still_flat_footed(state, c):
            conds = [*conds, ConditionInstance(uid=-1, cond="flat-footed", note=FLAT_NOTE)]
        return self.figures(c, conds, {**DEFAULTS, **state.options})

    def attack_rules(self) -> PF1Attacks:
        """The stat block's attacks (atk=) as `attack` rolls them (§1.19)."""
        return PF1Attacks(self.rules)

    def modifier_words(self) -> Mapping[str, str]:
        """The keys figures.py reads (FEEDS, the abilities, each skill), in English and Spanish."""
        return _MODIFIER_WORDS

    def bonus_types(self) -> Mapping[str, str]:
        """The Core Rulebook's bonus types (pathfinder1e.md §1.11)."""
        return _BONUS_TYPES

    def action_budget(self, state: EncounterState, c: Combatant):
        """The active combatant's turn (§1.2): what it did and may still do, each with `action NAME KIND`."""
        return economy.slots(self.rules, state, c)

    def status(self, state: EncounterState, c: Combatant, lang: str = "en") -> list[Msg]:
        if "hp" not in c.pools:
            return []
        out = _life_lines(c)
        for inst in c.conditions:
            kind = BLEEDS.get(inst.cond)
            if kind and inst.value and c.life != "dead":
                if kind == "hp":
                    out.append(_("bleeds {n} HP at the start of {whose} turn (Heal DC 15 or healing stops it)",
                                 whose=possessive(c), n=inst.value))
                else:
                    out.append(_("bleeds {n} {ability} at the start of {whose} turn (Heal DC 15 or healing stops it)",
                                 whose=possessive(c), n=inst.value, ability=kind.capitalize()))
        if c.life != "dead":
            out.extend(_actions(self.rules, c))
            out.extend(economy.status(self.rules, state, c))
        if state.in_combat and (still_flat_footed(state, c)
                                or any(i.note == FLAT_NOTE for i in c.instances("flat-footed"))):
            out.append(_("flat-footed until {whose} first turn", whose=possessive(c)))
        levels = negative_levels.levels(c)
        if levels:
            dice = hd(c)
            out.append(_("{n} negative level(s): dies at {hd}", n=levels, hd=dice) if dice
                       else _("{n} negative level(s)", n=levels))
        for key, n in (marks.ABILITY_DAMAGE.of(c) or {}).items():
            top = abilities.left(c, key)
            if n >= top and key == "con":
                out.append(_("{ability} damage {n} reaches its score {top}: dead", ability=abilities.NAMES[key], n=n,
                             top=top))
            elif n >= top:
                out.append(_("{ability} damage {n} reaches its score {top}: unconscious until healed below",
                             ability=abilities.NAMES[key], n=n, top=top))
            else:
                out.append(_("{ability} damage {n}", ability=abilities.NAMES[key], n=n))
        for key, n in (marks.ABILITY_DRAIN.of(c) or {}).items():
            if abilities.left(c, key) <= 0:
                out.append(_("{ability} drained to 0: {what}", ability=abilities.NAMES[key], what=DRAINED_ZERO[key]))
            else:
                out.append(_("{ability} drained {n} (rest does not restore it)", ability=abilities.NAMES[key], n=n))
        lost = int(marks.CON_HP.of(c) or 0)
        if lost:
            out.append(_("Con penalty {penalty} x {hd} HD: -{lost} current and maximum HP",
                         penalty=-abilities.con_penalty(c), hd=max(1, hd(c) or 1), lost=lost))
        out.extend(afflictions.status(c))
        out.extend(_grapple(state, c))
        out.extend(monster_sheet.status(state, c))
        for name, it in items_of(c).items():
            if state_of(it) != "ok":
                out.append(describe(name, it))
        twf = c.stats.get("twf")
        if twf in TWF:  # only for who fights with two weapons (issue: not on every PC's sheet)
            figs = self.effective(state, c)
            main, off = TWF[twf]
            out.append(_("two weapons ({kind}): {main:+d}/{off:+d} ({pmain}/{poff}); table: {table}",
                         kind=TWF_TEXT[twf], main=figs["twf_main"].value, off=figs["twf_off"].value, pmain=main,
                         poff=off, table=TWF_TABLE))
        return out


def _life_lines(c: Combatant) -> list[Msg]:
    hp, nl = life.hp_of(c), life.nl_of(c)
    thr, to_go = life.countdown(c)
    neg = max(0, -hp)
    check = f"d20{life.con_mod(c):+d}{-neg:+d}"
    if c.life == "dead":
        return [_("dead")]
    if c.life == "dying":
        return [_("dying: dies at {thr} ({left} to go); Con check DC 10 ({check}) at the start of {whose} turn",
                  whose=possessive(c), thr=thr, left=to_go, check=check)]
    if c.life == "stable":
        if marks.STABLE.of(c) == "aided":
            return [_("stable (aided): dies at {thr} ({left} to go); hourly Con check DC 10 ({check}) to wake up "
                      "disabled", thr=thr, left=to_go, check=check)]
        return [_("stable (unaided): dies at {thr} ({left} to go); hourly Con check DC 10 ({check}), failure -1 HP",
                  thr=thr, left=to_go, check=check)]
    if c.life == "disabled":
        out = [_("disabled: one move or standard action, half speed; a standard action costs 1 HP; dies at {thr} "
                 "({left} to go)", thr=thr, left=to_go) if hp < 0 else
               _("disabled: one move or standard action, half speed; a standard action costs 1 HP")]
        if hp < 0 and not marks.RECOVERING.of(c):
            out.append(_("heals naturally only if helped, or after a daily Con check DC 10 ({check})", check=check))
        return out
    if c.life == "staggered":
        return [_("staggered: nonlethal {nl} = HP {hp}; one move or standard action", nl=nl, hp=hp)]
    if c.life == "unconscious":
        return [_("unconscious: nonlethal {nl} > HP {hp}", nl=nl, hp=hp)]
    if hp > 0 and nl:
        return [_("nonlethal {nl}: staggered at HP {nl}, unconscious below", nl=nl)]
    return []


def _grapple(state: EncounterState, c: Combatant) -> list[Msg]:
    """Who holds whom, with the command that comes next (pathfinder1e.md §1.7.1)."""
    out = []
    for cid in holding(c):
        if cid in state.combatants:
            t = state.get(cid)
            out.append(_("holds {target} in a grapple: maintain {ref} {target_ref} [pin] each round", target=t.name,
                         ref=c.id, target_ref=t.id))
    holder = holder_of(state, c)
    if holder is not None:
        out.append(_("held by {holder}: escape {ref} [artist N] [reverse]", holder=holder.name, ref=c.id))
    return out


def _actions(rs, c: Combatant) -> list[Msg]:
    flags = rs.conditions.flags(c)

    def why(flag: str):
        return flag_names(rs, flags[flag])

    out = []
    if "no-actions" in flags:
        out.append(_("actions: none ({why})", why=why("no-actions")))
    elif "move-only" in flags:
        out.append(_("actions: one move action only ({why})", why=why("move-only")))
    elif "one-action" in flags:
        out.append(_("actions: one move or standard ({why})", why=why("one-action")))
    if "flee" in flags:
        out.append(_("must flee the source of {whose} fear ({why})", whose=possessive(c), why=why("flee")))
    if "helpless" in flags:
        out.append(_("helpless ({why}): melee attackers get +4; coup de grace", why=why("helpless")))
    if "no-charge" in flags and "no-actions" not in flags:
        out.append(_("can't run or charge ({why})", why=why("no-charge")))
    return out


_MODIFIER_WORDS = words_for(
    ("ac", "touch", "ff", "cmb", "cmd", "attack", "melee", "ranged", "charge", "damage", "saves", "fort", "ref",
     "will", "init", "skills", "checks", "speed", *ABILITIES, *SKILLS),
    {w: key for key, (_a, en, es, more) in SKILLS.items() for w in (en, es, *more)})
_BONUS_TYPES = types_for(("alchemical", "armor", "circumstance", "competence", "deflection", "dodge", "enhancement",
                          "insight", "luck", "morale", "natural", "profane", "racial", "resistance", "sacred",
                          "shield", "size", "trait", "untyped"))
