"""Initiative, the order and what happens at each turn (dragon_age.md §2.2, §2.12).

Initiative is 3d6 + Dex, ties by dragon die then Dex. Seize the Initiative moves its user to
the top of the order at once. The engine passes over slots whose turn already ended this
round, so "the current round continues with whoever followed your old slot" and no one
jumped over acts twice. A ``seized`` rank (later seizers rank higher) keeps the seizers on
top, latest first, whenever the order is read by initiative (a newcomer is placed below them).
Dragon Age has no delay and no ready: a combatant prepares (``prepare``).
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, Msg, Turns, dealt, named, of, public, possessive

from . import economy, marks, recovery
from .common import TURN_ENDED, clear_stunt_points, names, rule
from .conditions import CATALOGUE, effect_mods
from .effects import ONGOING, UPKEEP
from .health import turns_left
from .i18n import _, _n
from .stats import ability, has_focus


class DATurns(Turns):
    initiative_dice = "3d6"
    delay = False
    ready = False
    newcomers_roll_at_round_start = True  # dragon_age.md §2.2 [O?]: newcomers roll at the start of the round they join

    def initiative_bonus(self, c: Combatant) -> int:
        """Dex, +2 with the Initiative focus [O], + what effects give to initiative."""
        return (ability(c, "dex") + (2 if has_focus(c, "initiative") else 0)
                + sum(n for _, n in effect_mods(c, "initiative")))

    def roll_initiative(self, ctx: Context, c: Combatant) -> tuple[float, tuple, str]:
        bonus = self.initiative_bonus(c)
        # the log's line shows the Dex it adds: "3d6 (1, 5, 1) + 1 = 8", the count the order uses (§2.2.1)
        r = ctx.roll(f"3d6{bonus:+d}" if bonus else "3d6", purpose=_('initiative of {name}', name=named(c)), who=c.id)
        # the dice, numbers only: the log's roll line says it in the reader's language
        return r.total, (r.dice[0].value, ability(c, "dex")), r.text

    def tiebreak_for(self, c: Combatant, value: float) -> tuple:
        """A typed initiative has no dragon die (0): ties between typed results go by Dex."""
        return (0, ability(c, "dex"))

    def order_key(self, c: Combatant) -> tuple:
        init = c.initiative if c.initiative is not None else float("-inf")
        return (int(marks.SEIZED.of(c) or 0), init, *c.tiebreak, -c.added)

    def can_take_turn(self, c: Combatant) -> bool:
        """The dead and unconscious are passed over; a dying PC still gets its turn (it may
        speak) except the one it dies at, which the countdown's clock ends as it is skipped."""
        if c.life in ("dead", "unconscious"):
            return False
        if c.life == "dying":
            left = turns_left(c)
            return left is None or left > 1
        return True

    def can_change_initiative(self, c: Combatant) -> Msg:
        return _("Dragon Age has no delay or ready: use prepare NAME ACTION "
                 "(Prepare, a minor action that ends the turn and holds a major action)")

    def surprise_round(self, ctx: Context, aware: list[Combatant], unaware: list[Combatant]) -> bool:
        """dragon_age.md §2.2.4 [O]: the aware act in a surprise round, the surprised do not."""
        if not aware or not unaware:
            return False
        ctx.say(_n("Surprise: {caught} is surprised. A surprise round comes first: only {first} act, each a full turn "
                   "(major and minor action); the surprised take no action in it. Then round 1 for everyone, in "
                   "initiative order",
                   "Surprise: {caught} are surprised. A surprise round comes first: only {first} act, each a full turn "
                   "(major and minor action); the surprised take no action in it. Then round 1 for everyone, in "
                   "initiative order", len(unaware), caught=names(unaware), first=names(aware),
                   n=public(len(unaware))), rule=rule("2.2.4"))
        return True

    # -- Seize the Initiative --------------------------------------------------------------------
    def seize(self, ctx: Context, c: Combatant) -> None:
        """To the top now; the round goes on from the seizer's old slot (dragon_age.md §2.2 [S])."""
        state = ctx.state
        serial = int(marks.SEIZE_SERIAL.of(state) or 0) + 1
        ctx.set_encounter_mark(marks.SEIZE_SERIAL, serial)
        ctx.set_mark(c, marks.SEIZED, serial)
        in_order = c.id in state.order
        if in_order:
            ctx.move_to_top(c, reason="seize the initiative")
        if not (state.in_combat and in_order):
            ctx.say(_("{name} seizes the initiative: top of the order", name=named(c)), rule=rule("2.2"), who=c.id)
            return
        ctx.say(_("{name} seizes the initiative: to the top of the order, there until someone else seizes it; this "
                  "round goes on with whoever followed {whose} old slot", whose=possessive(c), name=named(c)),
                rule=rule("2.2"), who=c.id)
        if state.started.get(c.id) != state.round:
            # out of its turn (a prepared attack) before its own slot came up: now above the turn being played,
            # it is not reached again this round [I]
            ctx.say(_("{name} had not taken {whose} turn this round: now above the current turn, {name} acts next at "
                      "the start of round {n}", whose=possessive(c), name=named(c), n=public(state.round + 1)),
                    rule=rule("2.2"), who=c.id)

    def _forget_seized(self, ctx: Context) -> None:
        """A new or finished combat: seized places do not carry over."""
        ctx.set_encounter_mark(marks.SEIZE_SERIAL, None)
        for c in ctx.state.combatants.values():
            ctx.set_mark(c, marks.SEIZED, None)

    # -- turns and time ------------------------------------------------------------------------------
    def on_combat_start(self, ctx: Context) -> None:
        self._forget_seized(ctx)
        for c in ctx.state.combatants.values():
            for key in (marks.TURN, marks.STUNTS_USED, marks.BONUS_ATTACK, marks.BONUS_CAST, marks.ENDED_AT_ZERO):
                ctx.set_mark(c, key, None)

    def on_turn_start(self, ctx: Context, c: Combatant) -> None:
        economy.fresh_turn(ctx, c)
        left = turns_left(c)
        if c.life == "dying" and left is not None:
            # that it is dying is the table's; its countdown is a number about it (a foe's is the GM's)
            ctx.say(_("{name} is dying", name=named(c)), rule=rule("2.6"), who=c.id,
                    detail=_n("dies at the start of {whose} turn in {n} turn unless healed above 0",
                              "dies at the start of {whose} turn in {n} turns unless healed above 0", left,
                              n=of(c, left), whose=possessive(c)))
        for inst in list(c.conditions):
            if inst.cond in ONGOING and c.life not in ("dead", "dying"):
                self._ongoing(ctx, c, inst)
            elif inst.cond in UPKEEP:
                self._upkeep(ctx, c, inst)

    def _ongoing(self, ctx: Context, c: Combatant, inst) -> None:
        """Winter's Grasp, Walking Bomb: the target tests against the Spellpower (the value) at the start
        of its turn; a success ends the spell, a failure deals its damage (dragon_age.md §2.12)."""
        spell, effect = ONGOING[inst.cond], CATALOGUE.define(inst.cond).term
        power = int(inst.value or 0)  # the caster's Spellpower, given as the effect's value
        ok, check = self.rules.checks.resist(ctx, c, spell.test, power)
        # whether it resists is the table's; its roll and the Spellpower it rolls against are numbers about it
        roll_vs = _("{formula} vs Spellpower {power}", formula=check.told(c), power=of(c, power))
        if ok:
            ctx.say(_("{name} shakes off {effect}", name=named(c), effect=effect), rule=rule("2.12"), who=c.id,
                    detail=roll_vs)
            ctx.remove_condition(c, inst, reason="resisted")
            return
        ctx.say(_("{name} fails against {effect}", name=named(c), effect=effect), rule=rule("2.12"), who=c.id,
                detail=roll_vs)
        if spell.slows:
            frost = int(marks.FROST.of(c) or 0) + 1
            ctx.set_mark(c, marks.FROST, frost)
            ctx.say(_("{name}'s Speed drops by {n} more ({effect}: -{total} so far)", name=named(c),
                      n=of(c, spell.slows), effect=effect, total=of(c, spell.slows * frost)), rule=rule("2.12"),
                    who=c.id)
        rolled = ctx.roll(spell.dice, purpose=_('{name}: {effect}', name=named(c), effect=effect), who=c.id).total
        before = c.pools["health"].value if "health" in c.pools else 0
        self.rules.health.take_damage(ctx, c, rolled, penetrating=True, section="2.12",
                                      label=_("{effect} {dice} ({n})", effect=effect, dice=public(spell.dice),
                                              n=dealt(c, rolled)))
        if inst.cond == "walking-bomb" and before > 0 and "health" in c.pools and c.pools["health"].value == 0:
            ctx.say(_("{name} bursts in a shower of blood: 2d6 damage to everyone within 4 yards", name=named(c)),
                    rule=rule("2.12"), who=c.id)

    def _upkeep(self, ctx: Context, c: Combatant, inst) -> None:
        """Fade Shroud: 3 MP at the start of each of its turns, or it ends (dragon_age.md §2.12)."""
        cost, effect = UPKEEP[inst.cond], CATALOGUE.define(inst.cond).term
        mana = c.pools.get("mana")
        if mana is None or mana.value < cost:
            ctx.remove_condition(c, inst, reason="unpaid")
            ctx.say(_("{name} cannot pay {n} MP: {effect} ends", name=named(c), n=of(c, cost), effect=effect),
                    rule=rule("2.12"), who=c.id)
            return
        ctx.spend_pool(c, "mana", cost, rule=rule("2.12"))
        ctx.say(_("{name} pays {n} MP to keep {effect} (mana {left})", name=named(c), n=of(c, cost), effect=effect,
                  left=of(c, c.pools["mana"].value)), rule=rule("2.12"), who=c.id)

    def on_turn_end(self, ctx: Context, c: Combatant) -> None:
        clear_stunt_points(ctx, TURN_ENDED)
        for who in ctx.state.combatants.values():
            ctx.set_mark(who, marks.BONUS_ATTACK, None)
            ctx.set_mark(who, marks.BONUS_CAST, None)
        self.rules.conditions.end_next_turn(ctx, c)

    def on_combat_end(self, ctx: Context) -> None:
        clear_stunt_points(ctx)
        self._forget_seized(ctx)
        recovery.on_combat_end(ctx)
        self.rules.conditions.end_encounter(ctx)

    def on_time_passed(self, ctx: Context, seconds: int) -> None:
        recovery.on_time_passed(ctx, seconds)
