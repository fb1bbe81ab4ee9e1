"""Starfinder (1e) for gm-console, after the table's seed and the Core Rulebook (docs/rulesets/starfinder.md).

Stamina before HP, Resolve Points, the dying/stable machine, conditions with their
numbers, the action economy, maneuvers and vehicles. The class only wires the engine's
hooks to the modules that hold the rules; each module has one job.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Mapping

from gm_console.ruleset import Combatant, ConditionDef, Context, EncounterState, Ruleset, VerbSpec

from . import (checks, conditions, driving, economy, healing, initiative, life, maneuvers, resolve, sheet, stats, surprise,
               tactics, vehicle_control, vehicles)
from .catalogue import CONDITIONS
from .damage import apply_damage, damage_types, heal
from .figures import effective
from .options import OPTIONS


def _direct_maneuver(rs, ctx, args, kind):
    """`grapple A B 25` is `maneuver A grapple B 25`."""
    maneuvers.maneuver(rs, ctx, (*args[:1], kind, *args[1:]))


class Starfinder(Ruleset):
    id = "starfinder"
    name = "Starfinder"
    version = "1.0"
    seconds_per_round = 6
    ready_lapses = True

    # -- stat block ----------------------------------------------------------------
    def stat_block(self):
        return stats.stat_block()

    def categories(self) -> tuple[str, ...]:
        return ("vehicle",)

    def options(self):
        return OPTIONS

    def derive(self, stats_: dict[str, Any], category: str) -> dict[str, Any]:
        return stats.derive(stats_, category)

    def initial_pools(self, stats_: Mapping[str, Any], current: Mapping[str, int],
                      category: str) -> dict[str, tuple[int, int | None]]:
        pools = super().initial_pools(stats_, current, category)
        if category == "vehicle":
            pools = {k: v for k, v in pools.items() if k == "hp"}
        return pools

    # -- conditions ----------------------------------------------------------------
    def conditions(self):
        return CONDITIONS

    def add_condition(self, ctx, target, cdef: ConditionDef, rounds, value, clock, source) -> None:
        conditions.add(self, ctx, target, cdef, rounds, value, clock, source)

    def on_condition_removed(self, ctx, target, cond, reason) -> None:
        conditions.removed(ctx, target, cond)

    # -- initiative ----------------------------------------------------------------
    def initiative_bonus(self, c: Combatant) -> int:
        from .figures import init_base

        if c.category == "vehicle":
            return 0
        ids = [self.catalogue.define(i.cond) for i in self.active_conditions(c)]
        return init_base(c) + sum(d.modifiers.get("init", 0) for d in ids)

    def roll_initiative(self, ctx, c):
        return initiative.roll(self, ctx, c)

    def tiebreak_for(self, c, value):
        return (self.initiative_bonus(c),)

    def order_key(self, c):
        return initiative.order_key(c)

    # -- damage and life -----------------------------------------------------------
    def damage(self, ctx, target, amount, types) -> None:
        apply_damage(self, ctx, target, amount, types)

    def heal(self, ctx, target, amount, types) -> None:
        heal(self, ctx, target, amount, types)

    def damage_types(self) -> tuple[str, ...]:
        return damage_types()

    def can_take_turn(self, c: Combatant) -> bool:
        """The dying keep their turn (RP loss at its end, RP to stabilise); the stable only while
        they have RP to get back up; vehicles only under autopilot (else the pilot acts)."""
        if c.life == "dead":
            return False
        if c.category == "vehicle":
            return vehicles.control(c) == "autopilot"
        if c.life == "stable":
            rp = c.pools.get("rp")
            return rp is not None and rp.value >= 1
        return True

    # -- turns and time ------------------------------------------------------------
    def on_combat_start(self, ctx) -> None:
        resolve.interrupt_rests(ctx)
        initiative.combat_start(self, ctx)
        vehicles.order_after_pilots(ctx)

    def on_turn_start(self, ctx, c) -> None:
        economy.reset(ctx, c)
        surprise.turn_start(ctx, c)
        conditions.turn_start(self, ctx, c)
        c = ctx.state.combatants.get(c.id, c)
        initiative.turn_start(ctx, c)
        vehicles.turn_start(ctx, c)
        life.turn_start(ctx, c)

    def on_turn_end(self, ctx, c) -> None:
        initiative.remember_ready(ctx, c)
        life.end_of_turn(ctx, c)
        maneuvers.turn_end(ctx, c)

    def on_round_end(self, ctx, round) -> None:
        conditions.round_end(self, ctx)

    def on_combat_end(self, ctx) -> None:
        for c in ctx.state.combatants.values():
            ctx.set_mark(c, "actions", None)
            ctx.set_mark(c, "reaction", None)
        ctx.set_encounter_mark("ties", None)

    def on_time_passed(self, ctx, seconds) -> None:
        resolve.time_passed(ctx, seconds)

    def can_change_initiative(self, c: Combatant) -> str | None:
        return super().can_change_initiative(c) or economy.can_ready_or_delay(self, c)

    def trigger_position(self, ctx, c, trigger_args) -> str:
        return initiative.trigger_position(ctx, c, trigger_args)

    # -- resources -----------------------------------------------------------------
    def spend(self, ctx, c, resource, amount, args) -> None:
        resolve.spend(ctx, c, resource, amount, args)

    # -- reading -------------------------------------------------------------------
    def effective(self, state: EncounterState, c: Combatant):
        return effective(self, state, c)

    def status(self, state, c, lang="en"):
        return sheet.status(self, state, c, lang)

    def pending(self, state):
        return sheet.pending(self, state)

    def action_budget(self, state, c):
        """starfinder.md §3.2: the active combatant's standard, move, swift or full action, each ticked by `action NAME KIND`."""
        return economy.budget(self, state, c)

    def health_pools(self) -> tuple[str, ...]:
        """Stamina absorbs damage before HP (starfinder.md §3.3); resolve is a resource, not health."""
        return ("sp", "hp")

    # -- surprise ------------------------------------------------------------------
    def surprise_round(self, ctx: Context, aware, unaware) -> bool:
        """Seed: only when every defender is unaware; see ``surprise.outcome``."""
        return bool(aware) and bool(surprise.outcome(self, ctx, list(unaware)))

    # -- checks (the dice tray) --------------------------------------------------------
    def check_bonus(self, state, c, what):
        return checks.bonus(self, state, c, what)

    def check_modifiers(self, state, c, what, opposed=False):
        return checks.modifiers(self, state, c, what, opposed)

    # -- verbs ---------------------------------------------------------------------
    def verbs(self):
        def v(verb, fn, usage, aliases=(), doc=""):
            return VerbSpec(verb=verb, usage=usage, handler=partial(fn, self), aliases=aliases, doc=doc)

        return (
            v("action", economy.action_verb, economy.ACTION_USAGE, ("accion", "acción", "acciones", "actions", "use", "usar", "tick"),
              "tick the actions of the turn (standard, move, swift, full, reaction) or a named action"),
            v("total-defense", tactics.total_defense, tactics.TD_USAGE, ("totaldefense", "defensa-total", "td", "defend", "defense"),
              "standard: +4 AC until its next turn"),
            v("defensive", tactics.defensive, tactics.DEF_USAGE,
              ("fight-defensively", "fightdefensively", "defensively", "defensiva", "luchar-a-la-defensiva",
               "lucha-defensiva"),
              "-4 attacks, +2 AC until its next turn"),
            v("cover", tactics.cover, tactics.FIRE_USAGE.format(verb="cover"),
              ("covering-fire", "covering", "cobertura", "fuego-de-cobertura"), "ranged attack vs AC 15: ally +2 AC"),
            v("harry", tactics.harry, tactics.FIRE_USAGE.format(verb="harry"),
              ("harrying-fire", "harrying", "hostigar", "fuego-hostigador"), "ranged attack vs AC 15: ally +2 next attack"),
            v("charge", tactics.charge, tactics.CHARGE_USAGE, ("carga", "cargar"),
              "full: +1 attack (seed), -2 AC until its next turn"),
            v("maneuver", maneuvers.maneuver, maneuvers.USAGE, ("maniobra", "cm", "manoeuvre"),
              "attack vs KAC + 8"),
            *(v(kind, partial(_direct_maneuver, kind=kind), f"{kind} ATTACKER TARGET [ATTACK_TOTAL] ...",
                aliases, f"maneuver ATTACKER {kind} TARGET ...")
              for kind, aliases in maneuvers.DIRECT.items()),
            v("range", tactics.range_verb, tactics.RANGE_USAGE, ("rango", "alcance", "distance"),
              "range-increment penalty"),
            v("medicine", healing.medicine, healing.MED_USAGE, ("medic", "medicina", "treat"),
              "Medicine DC 15: stabilise, stop bleeding, tend"),
            v("stabilize", healing.stabilize, healing.SPELL_USAGE, ("estabilizar", "stabilise"),
              "Medicine DC 15 on the dying, or (with `spell`) the mystic stabilize spell"),
            v("rest", healing.rest, healing.REST_USAGE, ("descansar", "descanso"), "recovery after rest"),
            v("coup", healing.coup_de_grace, healing.COUP_USAGE, ("coup-de-grace", "golpe-de-gracia"),
              "full: automatic critical on a helpless foe, then Fort DC 10 + level"),
            v("smother", conditions.smother, conditions.SMOTHER_USAGE, ("sofocar", "apagar"),
              "full: a new Reflex save against burning with +4"),
            v("pilot", vehicle_control.take_control, vehicle_control.PILOT_USAGE, ("pilotar", "take-control", "tomar-control"),
              "move: take the controls"),
            v("handover", vehicle_control.hand_over, vehicle_control.HANDOVER_USAGE,
              ("hand-over", "traspasar", "ceder", "relinquish"), "swift: pass control (or let go)"),
            v("autopilot", vehicle_control.autopilot, vehicle_control.SWITCH_USAGE.format(verb="autopilot"),
              ("piloto-automatico",), "swift: autopilot on/off"),
            v("autocontrol", vehicle_control.autocontrol, vehicle_control.SWITCH_USAGE.format(verb="autocontrol"), (),
              "swift: lock a straight line"),
            v("ignite", driving.ignite, driving.ONE_USAGE.format(verb="ignite"),
              ("arrancar", "start-vehicle", "startup", "start-engine"), "move: start the vehicle"),
            v("drive", driving.drive, driving.DRIVE_USAGE, ("conducir",), "move: up to drive speed"),
            v("race", driving.race, driving.RACE_USAGE, ("carrera", "correr-vehiculo"),
              "full: Piloting DC 10 + level (15 from a stop)"),
            v("stop", driving.stop, driving.ONE_USAGE.format(verb="stop"), ("parar",), "stop after a drive"),
            v("stopshort", driving.stop_short, driving.STOPSHORT_USAGE,
              ("stop-short", "parada-en-seco", "frenar"), "move: stop after a race"),
            v("ram", driving.ram, driving.RAM_USAGE, ("embestir",), "full: double collision to the target"),
            v("runover", driving.run_over, driving.RUNOVER_USAGE, ("run-over", "atropellar"),
              "full: collision damage to smaller creatures"),
            v("board", vehicle_control.board, vehicle_control.BOARD_USAGE, ("embarcar",), "move: get aboard"),
            v("disembark", vehicle_control.disembark, "disembark NAME", ("desembarcar",), "move: get off"),
        )
