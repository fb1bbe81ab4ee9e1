"""Pathfinder 1e with the table's house rules (docs/rulesets/pathfinder1e.md; the Spanish seed wins).

The class only wires the contract's hooks to small modules, one job each:
stats (stat block, sizes), conditions (catalogue), stacking (what adding one
does), figures (effective numbers), life (damage, healing, dying), timeline
(turn start, time passing), initiative, hero (hero points), maneuvers,
tactics (charge, aid, total defense and other verbs), sheet (status, pending),
checks (the dice tray's bonuses and penalties).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from gm_console.ruleset import (
    ActionSlot,
    Combatant,
    ConditionDef,
    ConditionInstance,
    Context,
    EncounterState,
    Figure,
    Pending,
    Ruleset,
    RulesError,
    StatField,
    VerbSpec,
)

from . import (checks, damage, economy, figures, grapple, hero, initiative, items, life, maneuvers,
               negative_levels, passing, rest, sheet, stacking, tactics, timeline)
from .conditions import DEFS
from .options import DEFAULTS, OPTIONS
from .stats import HERO_MAX, stat_block

DAMAGE_TYPES = (
    "lethal", "letal", "nonlethal", "nl", "noletal", "no-letal", "subdual",
    "fire", "fuego", "cold", "frio", "frío", "acid", "acido", "ácido", "electricity", "electricidad",
    "sonic", "sonico", "sónico", "force", "fuerza", "positive", "positivo", "negative", "negativo",
    "bludgeoning", "contundente", "piercing", "perforante", "slashing", "cortante",
    "precision", "precision", "precisión", "bleed", "sangrado", "magic", "magico", "mágico",
    "untyped", "str", "fue", "dex", "des", "con", "drain", "drained", "consuncion", "consunción", "drenaje",
)


class Pathfinder1e(Ruleset):
    id = "pathfinder1e"
    name = "Pathfinder 1e"
    version = "1.0"
    seconds_per_round = 6
    initiative_dice = "1d20"
    ready_lapses = False  # seed: an untriggered readied action is kept (option ready_lapses)

    # -- stat block ------------------------------------------------------------
    def stat_block(self) -> Sequence[StatField]:
        return stat_block()

    def options(self):
        return OPTIONS

    def side_of(self, stats: dict, words: Sequence[str]) -> str:
        side = super().side_of(stats, words)
        if side == "pc":
            stats["pc"] = True  # the word `pc` and pc=true mean the same; the block records it
        return side

    def derive(self, stats: dict[str, Any], category: str) -> dict[str, Any]:
        if stats.get("hero") is not None and not stats.get("pc"):
            raise RulesError("hero points are only for PCs: add NAME pc hero=N ...")
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

    # -- conditions ----------------------------------------------------------------
    def conditions(self) -> Sequence[ConditionDef]:
        return DEFS

    def add_condition(self, ctx: Context, target: Combatant, cdef: ConditionDef, rounds, value,
                      clock, source) -> None:
        stacking.add(ctx, target, cdef, rounds, value, clock, source)

    def on_condition_removed(self, ctx: Context, target: Combatant, cond: str, reason: str) -> None:
        grapple.condition_removed(ctx, target, cond)
        if cond == "energy-drained":
            negative_levels.sync(ctx, target)

    # -- initiative ------------------------------------------------------------------
    def initiative_bonus(self, c: Combatant) -> int:
        return self._figures_of(c, DEFAULTS)["init"].value

    def roll_initiative(self, ctx: Context, c: Combatant):
        bonus = self.initiative_bonus(c)
        r = ctx.roll(f"1d20{bonus:+d}", purpose=f"initiative of {c.name}", who=c.id)
        if ctx.state.in_combat:
            initiative.joined_mid_combat(ctx, c, r.total, (bonus,), self.catalogue.get("flat-footed"))
        elif c.marks.get("rolloff"):
            ctx.set_mark(c, "rolloff", None)
        return r.total, (bonus,), r.text

    def tiebreak_for(self, c: Combatant, value: float) -> tuple:
        return (self.initiative_bonus(c),)

    def order_key(self, c: Combatant) -> tuple:
        return initiative.order_key(c)

    # -- damage, healing, life ---------------------------------------------------------
    def damage(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        life.need_hp(ctx, target)
        life.reconcile(ctx, target)
        fort = self.effective(ctx.state, target)["fort"].value
        damage.damage(ctx, target, amount, types, fort)

    def check_names(self) -> tuple[str, ...]:
        """Checks the sheet can answer without a +N: saves, initiative, CMB, attacks, abilities."""
        return ("fort", "ref", "will", "init", "cmb", "attack", "ranged", "str", "dex", "con")

    def minimum_damage(self, ctx: Context, target: Combatant, rolled: int,
                       types: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
        """pathfinder1e.md §1.3 [O]: a hit whose penalties take the damage below 1 deals 1 nonlethal."""
        ctx.say(f"Damage {rolled} is below 1: the hit deals 1 nonlethal", f"El daño {rolled} es menor que 1: "
                f"el golpe hace 1 no letal", rule="pathfinder1e.md §1.3 [O]", who=target.id)
        return 1, tuple(t for t in types if t not in ("lethal", "letal")) + ("nonlethal",)

    def on_added(self, ctx: Context, c: Combatant) -> None:
        """pathfinder1e.md §1.4: HP typed at 0 or below is disabled / dying / dead right away."""
        life.reconcile(ctx, c)

    def on_stats_set(self, ctx: Context, c: Combatant, changes) -> None:
        if "hp" in changes or "con" in changes or "nl" in changes:
            life.reconcile(ctx, c)
        if "hd" in changes:
            negative_levels.check_death(ctx, c)

    def heal(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        life.need_hp(ctx, target)
        life.reconcile(ctx, target)
        damage.heal(ctx, target, amount, types)

    def damage_types(self) -> tuple[str, ...]:
        return DAMAGE_TYPES

    def can_take_turn(self, c: Combatant) -> bool:
        return c.life != "dead"

    def can_change_initiative(self, c: Combatant) -> str | None:
        if c.life in ("dying", "dead", "unconscious", "stable"):
            return f"{c.name} is {c.life} and cannot delay or ready"
        for inst in c.conditions:
            if "unconscious" in self.catalogue.define(inst.cond).flags:
                return f"{c.name} is {inst.cond} and cannot delay or ready"
        return None

    # -- turns and time -----------------------------------------------------------------
    def surprise_round(self, ctx: Context, aware: list[Combatant], unaware: list[Combatant]) -> bool:
        """pathfinder1e.md §1.1.3 [O]: a surprise round only when some, not all, are aware."""
        played = bool(aware) and bool(unaware)
        if played:
            ctx.say("Surprise round: each aware combatant takes one standard or one move action "
                    "(plus free actions); the unaware stay flat-footed",
                    "Asalto de sorpresa: cada uno de los que se dieron cuenta hace una acción estándar "
                    "o de movimiento (más gratuitas); los demás siguen desprevenidos", rule="pathfinder1e.md §1.1.3")
        return played

    def on_combat_start(self, ctx: Context) -> None:
        for c in list(ctx.state.combatants.values()):
            life.reconcile(ctx, c)
        initiative.combat_start(ctx, self.catalogue.get("flat-footed"))

    def on_turn_start(self, ctx: Context, c: Combatant) -> None:
        economy.turn_start(ctx, c)
        timeline.turn_start(ctx, c, self.catalogue)

    def on_turn_end(self, ctx: Context, c: Combatant) -> None:
        initiative.acted(ctx, c)

    def on_combat_end(self, ctx: Context) -> None:
        for c in ctx.state.combatants.values():
            initiative.acted(ctx, c)
        economy.combat_end(ctx)

    def on_time_passed(self, ctx: Context, seconds: int) -> None:
        passing.time_passed(ctx, seconds)

    # -- resources ------------------------------------------------------------------------
    def spend(self, ctx: Context, c: Combatant, resource: str, amount: int | None,
              args: tuple[str, ...]) -> None:
        if hero.is_hero(resource):
            hero.spend(ctx, c, amount, args)
            return
        super().spend(ctx, c, resource, amount, args)

    # -- reading --------------------------------------------------------------------------
    def _figures_of(self, c: Combatant, options: Mapping) -> dict[str, Figure]:
        return figures.compute(self.catalogue, c, self.active_conditions(c), options)

    def effective(self, state: EncounterState, c: Combatant) -> dict[str, Figure]:
        conds = self.active_conditions(c)
        if initiative.still_flat_footed(state, c):
            conds = [*conds, ConditionInstance(uid=-1, cond="flat-footed", note=initiative.FLAT_NOTE)]
        return figures.compute(self.catalogue, c, conds, {**DEFAULTS, **state.options})

    def status(self, state: EncounterState, c: Combatant, lang: str = "en") -> list[str]:
        return sheet.status(self, state, c, lang)

    def check_bonus(self, state: EncounterState, c: Combatant, what: str) -> int | None:
        found = checks.bonus(self, state, c, what)
        return found if found is not None else super().check_bonus(state, c, what)

    def check_modifiers(self, state: EncounterState, c: Combatant, what: str,
                        opposed: bool = False) -> list[tuple[str, int]]:
        return checks.modifiers(self, state, c, what, opposed)

    def pending(self, state: EncounterState) -> list[Pending]:
        return sheet.pending(self, state)

    def action_budget(self, state: EncounterState, c: Combatant) -> list[ActionSlot]:
        """The active combatant's turn (§1.2): what it did and may still do, each with `action NAME KIND`."""
        return economy.slots(self, state, c)

    def verbs(self) -> Sequence[VerbSpec]:
        return (
            VerbSpec("action", economy.USAGE, economy.action_verb, aliases=("accion", "acción", "acciones", "actions"),
                     doc="tick this turn's actions: standard, move, swift, full-round, 5-ft step, immediate"),
            VerbSpec("maneuver", maneuvers.USAGE, maneuvers.maneuver, aliases=("maniobra", "cm"),
                     doc="combat maneuver check: d20 + CMB vs CMD"),
            VerbSpec("maintain", grapple.MAINTAIN_USAGE, grapple.maintain,
                     aliases=("mantener", "mantener-presa"),
                     doc="the holder's grapple check: +5 after the first round, no -2; pin, move or damage"),
            VerbSpec("escape", grapple.ESCAPE_USAGE, grapple.escape,
                     aliases=("escapar", "zafarse", "liberarse"),
                     doc="break a grapple or pin: CMB or Escape Artist vs the holder's CMD"),
            VerbSpec("release", grapple.RELEASE_USAGE, grapple.release, aliases=("soltar",),
                     doc="the holder lets go (free action)"),
            VerbSpec("rest", rest.USAGE, rest.rest, aliases=("descansar", "descanso"),
                     doc="natural healing: a night, a day of bed rest, long-term care doubles"),
            VerbSpec("item", items.ITEM_USAGE, items.item, aliases=("objeto", "items", "objetos"),
                     doc="a weapon, armor or shield with hardness and HP (for sunder)"),
            VerbSpec("sunder", items.SUNDER_USAGE, items.sunder, aliases=("romper",),
                     doc="damage to an item: hardness first, broken at half HP, destroyed at 0"),
            VerbSpec("repair", items.REPAIR_USAGE, items.repair, aliases=("reparar",),
                     doc="restore an item's HP: above half it is no longer broken"),
            VerbSpec("charge", "charge NAME", tactics.charge, aliases=("cargar", "carga"),
                     doc="+2 attack, -2 AC until the start of its next turn"),
            VerbSpec("aid", tactics.AID_USAGE, tactics.aid, aliases=("ayudar", "ayuda", "aid-another"),
                     doc="aid another: +2 attack or AC until the start of the aider's next turn"),
            VerbSpec("defend", "defend NAME", tactics.defend,
                     aliases=("defensa", "defender", "total-defense", "defensa-total"),
                     doc="total defense: +4 dodge AC until the start of its next turn"),
            VerbSpec("standard", "standard NAME", tactics.standard,
                     aliases=("strain", "estandar", "esfuerzo"),
                     doc="a disabled combatant takes a standard action: 1 HP afterwards"),
            VerbSpec("stabilize", "stabilize NAME", tactics.stabilize, aliases=("estabilizar", "firstaid"),
                     doc="Heal DC 15 made: the dying are stable (aided), bleeding stops"),
            VerbSpec("coup", tactics.COUP_USAGE, tactics.coup, aliases=("golpe-de-gracia", "gracia"),
                     doc="coup de grace: damage, then Fort DC 10 + damage or die"),
            VerbSpec("revive", "revive NAME [HP]", tactics.revive, aliases=("revivir", "resucitar", "raise"),
                     doc="raised from the dead with HP (default 1)"),
            VerbSpec("hero", "hero NAME [+N|-N|N]", hero.award, aliases=("heroe", "héroe"),
                     doc=f"show, award or set hero points (GM-only; max {HERO_MAX})"),
            VerbSpec("levelup", "levelup NAME", hero.gain_level, aliases=("subir-nivel", "nivel"),
                     doc="+1 level (and +1 hero point with option hero_per_level)"),
        )
