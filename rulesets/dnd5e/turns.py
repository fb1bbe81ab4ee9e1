"""Initiative and what happens at each turn (dnd5e.md §7): the turn's actions back, the
reaction back, legendary actions back, Recharge rolled, then a dying creature's death save."""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState, Msg, Turns, engine_marks, named, possessive

from . import concentration, economy, legendary, marks
from .common import modifier, rule
from .conditions import exhaustion, flagged
from .i18n import _, _n


class DnDTurns(Turns):
    initiative_dice = "1d20"
    #: the 2024 rules have no Delay: a creature's place in the order does not move (dnd5e.md §7.1)
    delay = False
    #: a readied action not taken by the start of its owner's next turn is lost (dnd5e.md §7.3)
    ready_lapses = True
    #: Ready takes the action, not the turn: the creature can still move and take a bonus action (dnd5e.md §7.3)
    ready_ends_turn = False
    #: an effect's repeated save is rolled at the end of the affected's turn (dnd5e.md §6.4)
    save_moment = "end"

    def initiative_bonus(self, c: Combatant) -> int:
        """The sheet's initiative bonus, else the Dexterity modifier (dnd5e.md §7.1)."""
        init = c.stats.get("init")
        if isinstance(init, int) and not isinstance(init, bool):
            return init
        return modifier(c, "dex")

    def tiebreak_for(self, c: Combatant, value: float) -> tuple:
        return (self.initiative_bonus(c), modifier(c, "dex"))

    def roll_initiative(self, ctx: Context, c: Combatant):
        """d20 + the bonus, with advantage when invisible, disadvantage when incapacitated or
        surprised (dnd5e.md §7.1), the two cancelling."""
        state = ctx.state
        surprised = engine_marks.AWARE.of(state) is not None and c.id not in state.aware
        dice, why = self.rules.checks.edge_dice(state, c, "init", (-1,) if surprised else ())
        bonus = self.initiative_bonus(c) - 2 * exhaustion(c)  # a d20 test (dnd5e.md §4.2)
        r = ctx.roll(f"{dice}{bonus:+d}" if bonus else dice, purpose=_("initiative of {name}", name=named(c)),
                     who=c.id)
        if why:
            ctx.say(_("{name} rolls initiative: {why}", name=named(c), why=why), rule=rule("7.1"), who=c.id)
        return r.total, (bonus, modifier(c, "dex")), r.text

    def surprise_round(self, ctx: Context, aware: list[Combatant], unaware: list[Combatant]) -> bool:
        """No surprise round: the surprised rolled their initiative with disadvantage (dnd5e.md §7.1)."""
        if aware and unaware:
            ctx.say(_("Surprise: no surprise round; the surprised rolled initiative with disadvantage"),
                    rule=rule("7.1"))
        return False

    def can_change_initiative(self, c: Combatant):
        if c.life in ("dying", "dead", "stable"):
            return super().can_change_initiative(c)
        return None

    def can_delay(self, c: Combatant):
        return _("D&D 5e has no delay: the order stays as rolled; ready an action instead (ready TEXT)")

    def can_ready(self, c: Combatant):
        """Ready takes its action (dnd5e.md §7.3)."""
        why = self.can_change_initiative(c)
        if why:
            return why
        if economy.used(c).get("action"):
            return _("{name} has already taken {whose} action this turn: Ready needs it", whose=possessive(c),
                     name=c.name)
        return None

    def on_ready(self, ctx: Context, c: Combatant, trigger: str) -> str:
        """Ready spends the action and the turn goes on; ``spell=NAME`` at the end of the
        trigger holds a spell, which needs concentration until it is released (dnd5e.md §7.3)."""
        text, spell = concentration.readied_spell(trigger)
        if not text:
            ctx.fail(_("ready needs the trigger before spell=: ready \"when the ogre moves\" spell=Fireball"))
        turn = economy.used(c)
        turn["action"] = True
        ctx.set_mark(c, marks.TURN, turn)
        if spell:
            concentration.begin(ctx, c, spell, [], None, readied=True)
        ctx.say(_("{name} readies {whose} action and {whose} turn goes on (movement, a bonus action)",
                  whose=possessive(c), name=named(c)), rule=rule("7.3"), who=c.id)
        return f"{text} ({spell})" if spell else text

    def trigger_position(self, ctx: Context, c: Combatant, trigger_args: tuple[str, ...]) -> str:
        """The readied action goes off as its reaction; its place in the order stays (dnd5e.md §7.3)."""
        if marks.REACTION.of(c):
            ctx.fail(_("{name} has already taken {whose} reaction this round: the readied action cannot go off",
                       whose=possessive(c), name=c.name))
        if flagged(c, "incapacitated", self.rules.conditions.catalogue):
            ctx.fail(_("{name} is incapacitated: no reaction", name=c.name))
        ctx.set_mark(c, marks.REACTION, True)
        if concentration.holding(c):
            concentration.end(ctx, c, _("released with {whose} reaction", whose=possessive(c)), release=True)
        return "stay"

    def on_combat_start(self, ctx: Context) -> None:
        for c in ctx.state.combatants.values():
            economy.fresh_turn(ctx, c)
            legendary.refill(ctx, c)

    def on_turn_start(self, ctx: Context, c: Combatant) -> None:
        economy.fresh_turn(ctx, c)
        for inst in c.instances("dodging"):  # the Dodge lasts until the start of its next turn
            ctx.remove_condition(c, inst, reason="expired")
        legendary.refill(ctx, c)
        if concentration.holding(c):  # held up to the start of its next turn (dnd5e.md §7.3)
            concentration.end(ctx, c, _("the readied spell was not released by the start of {whose} turn: it "
                                        "dissipates", whose=possessive(c)))
        if c.life == "ok":
            legendary.roll_recharges(ctx, c)
        if c.life == "dying":
            self.rules.health.death_save(ctx, c)

    def on_round_end(self, ctx: Context, round: int) -> None:
        self.rules.health.time_passes(ctx, self.rules.seconds_per_round)

    def on_time_passed(self, ctx: Context, seconds: int) -> None:
        self.rules.health.time_passes(ctx, seconds)

    def on_combat_end(self, ctx: Context) -> None:
        for c in ctx.state.combatants.values():
            economy.fresh_turn(ctx, c)
            ctx.set_mark(c, marks.LEGENDARY, None)
            ctx.set_mark(c, marks.LEGENDARY_AFTER, None)

    def status(self, state: EncounterState, c: Combatant) -> "list[str | Msg]":
        out: list[str | Msg] = []
        if state.in_combat and legendary.per_round(c):
            n = legendary.left(c)
            out.append(_n("{n} legendary action left this round", "{n} legendary actions left this round", n, n=n))
        spent = marks.SPENT.of(c)
        if spent:
            out.append(_("waiting to recharge: {what}", what=", ".join(spent)))
        if state.in_combat and marks.REACTION.of(c):
            out.append(_("reaction spent until {whose} turn", whose=possessive(c)))
        return out
