"""The turns part: initiative, who keeps a turn, and what each turn, round, combat and hour brings
(starfinder.md §3.1, §3.4, §3.10). Each hook hands the rules to the module that owns them."""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, Msg, Turns, engine_marks

from . import afflictions, economy, initiative, life, maneuvers, marks, monsters, resolve, surprise, vehicles
from .figures import init_bonus


class StarfinderTurns(Turns):
    #: starfinder.md §3.1.5: a readied action not triggered by its owner's next turn is lost
    ready_lapses = True

    def initiative_bonus(self, c: Combatant) -> int:
        return 0 if c.category == "vehicle" else init_bonus(self.rules, c)

    def roll_initiative(self, ctx: Context, c: Combatant):
        return initiative.roll(self.rules, ctx, c)

    def order_key(self, c: Combatant) -> tuple:
        return initiative.order_key(c)

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

    def can_change_initiative(self, c: Combatant) -> "str | Msg | None":
        return super().can_change_initiative(c) or economy.can_ready_or_delay(self.rules, c)

    def surprise_round(self, ctx: Context, aware, unaware) -> bool:
        """Seed: only when every defender is unaware; see ``surprise.outcome``."""
        return bool(aware) and bool(surprise.outcome(self.rules, ctx, list(unaware)))

    def trigger_position(self, ctx: Context, c: Combatant, trigger_args: tuple[str, ...]) -> str:
        return initiative.trigger_position(ctx, c, trigger_args)

    def on_combat_start(self, ctx: Context) -> None:
        resolve.interrupt_rests(ctx)
        initiative.combat_start(ctx)
        vehicles.order_after_pilots(ctx)

    def on_turn_start(self, ctx: Context, c: Combatant) -> None:
        economy.reset(ctx, c)
        surprise.turn_start(ctx, c)
        self.rules.conditions.turn_start(ctx, c)
        c = ctx.state.combatants.get(c.id, c)
        if c.life != "dead":
            afflictions.advance(ctx, c, afflictions.ROUND)  # a poison's save each round (§3.15)
            c = ctx.state.combatants.get(c.id, c)
        initiative.turn_start(ctx, c)
        vehicles.turn_start(ctx, c)
        life.turn_start(ctx, c)

    def on_turn_end(self, ctx: Context, c: Combatant) -> None:
        initiative.remember_ready(ctx, c)
        life.end_of_turn(ctx, c)
        maneuvers.turn_end(ctx, c)
        self.rules.conditions.turn_end(ctx, c)

    def on_round_end(self, ctx: Context, round: int) -> None:
        self.rules.conditions.round_end(ctx)

    def on_combat_end(self, ctx: Context) -> None:
        for c in ctx.state.combatants.values():
            ctx.set_mark(c, marks.ACTIONS, None)
            ctx.set_mark(c, marks.REACTION, None)
        ctx.set_encounter_mark(marks.TIES, None)

    def on_time_passed(self, ctx: Context, seconds: int) -> None:
        resolve.time_passed(ctx, seconds)
        monsters.time_passed(ctx)
        for c in list(ctx.state.combatants.values()):
            if engine_marks.AFFLICTIONS.of(c) and c.life != "dead":
                afflictions.advance(ctx, c, seconds)  # poisons and diseases (§3.15)
