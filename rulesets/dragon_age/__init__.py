"""Dragon Age RPG (AGE system), from the table's Spanish seed and the published rules (docs/rulesets/dragon_age.md).

The class only wires the engine's hooks to small modules, one job each:
stats (stat block), ability_tests (3d6 + ability, the dragon die), initiative
(incl. Seize the Initiative), economy (actions per turn), attacks, stunts /
stunt_points / stunt_effects, health (damage, dying, pulled blows), moves
(Aim, Defend, Run, Move, Prepare), magic (cast), recovery (Heal action,
breather, sleep, level up), status (sheet lines and warnings).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from gm_console.ruleset import (
    ActionSlot, Combatant, ConditionDef, Context, EncounterState, Figure, OptionDef, Pending, Ruleset, StatField,
    VerbSpec,
)

from . import attacks, economy, health, initiative, magic, moves, recovery, sheet, stats, status, surprise
from .ability_tests import CONTEST_USAGE, DEGREE, TEST_USAGE, contest_verb, test_verb
from .common import clear_stunt_points, rule
from .conditions import CONDITIONS, LIFE_CONDITIONS
from .options import OPTIONS
from .stunt_effects import USAGE as STUNT_USAGE
from .stunt_effects import spend as spend_stunt
from .stunt_effects import stunt_verb
from .stunt_points import MenuItem, menu
from .stunts import find as find_stunt

DAMAGE_TYPES = {
    "pull": "pull", "pulled": "pull", "contener": "pull", "contenido": "pull",
    "penetrating": "penetrating", "penetrante": "penetrating", "pen": "penetrating",
    "pierce": "pierce", "atravesar": "pierce",
}
STUNT_RESOURCES = ("stunt", "stunts", "sp", "pp", "proeza", "proezas")
MANA_RESOURCES = ("mana", "mp", "pm", "maná")


class DragonAge(Ruleset):
    id = "dragon_age"
    name = "Dragon Age RPG (AGE)"
    version = "1.0"
    seconds_per_round = 15
    initiative_dice = "3d6"

    # -- stat block and options -------------------------------------------------------
    def stat_block(self) -> Sequence[StatField]:
        return stats.stat_block()

    def initial_pools(self, stats_: Mapping[str, Any], current: Mapping[str, int],
                      category: str) -> dict[str, tuple[int, int | None]]:
        """Health and mana start between 0 and their maximum (dragon_age.md §2.4 [S]: never below 0; dragon_age.md §2.6 [O]:
        never above the maximum), so ``health=-5/30`` is 0 and ``health=40/30`` is 30."""
        return stats.clamp_pools(super().initial_pools(stats_, current, category))

    def options(self) -> Sequence[OptionDef]:
        return OPTIONS

    def conditions(self) -> Sequence[ConditionDef]:
        return CONDITIONS

    def add_condition(self, ctx: Context, target: Combatant, cdef: ConditionDef, rounds, value, clock,
                      source) -> None:
        """``cond NAME dying|unconscious|dead`` set the life state as the rules would."""
        if cdef.id not in LIFE_CONDITIONS:
            return super().add_condition(ctx, target, cdef, rounds, value, clock, source)
        if target.life == "dead":
            ctx.fail(f"{target.name} is dead")
        if cdef.id == "dead":
            health.kill(ctx, target, f"The GM declares {target.name} dead",
                        f"El DJ declara muerto a {target.name}", "2.6")
        elif cdef.id == "dying":
            if target.life == "dying":
                ctx.fail(f"{target.name} is already dying")
            if "health" in target.pools:
                ctx.set_pool(target, "health", 0, rule=rule("2.6"))
            health.start_dying(ctx, target)
        else:
            if target.life == "dying":
                ctx.fail(f"{target.name} is dying, which is worse than unconscious; heal it above 0 first")
            for inst in target.instances("unconscious"):
                ctx.remove_condition(target, inst, reason="replaced")
            ctx.apply_condition(target, cdef, rounds=rounds, clock=target.id if rounds else None, source=source)
            ctx.set_life(target, "unconscious", rule=rule("2.6"))
            ctx.say(f"{target.name} is unconscious", f"{target.name} está inconsciente", rule=rule("2.6"),
                    who=target.id)

    def on_condition_removed(self, ctx: Context, target: Combatant, cond: str, reason: str) -> None:
        health.on_removed(ctx, target, cond, reason)
        if cond == "prepared" and reason == "expired":
            ctx.say(f"{target.name}'s prepared action is lost: its turn has come",
                    f"{target.name} pierde su acción preparada: le llega el turno", rule=rule("2.2"),
                    who=target.id)

    # -- initiative and order ----------------------------------------------------------
    def initiative_bonus(self, c: Combatant) -> int:
        return sheet.initiative_bonus(c)

    def roll_initiative(self, ctx: Context, c: Combatant) -> tuple[float, tuple, str]:
        return initiative.roll(ctx, c)

    def tiebreak_for(self, c: Combatant, value: float) -> tuple:
        return initiative.tiebreak_for(c)

    def order_key(self, c: Combatant) -> tuple:
        return initiative.order_key(c)

    # -- damage, healing, life -------------------------------------------------------------
    def damage_types(self) -> tuple[str, ...]:
        return tuple(DAMAGE_TYPES)

    def damage(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        """``dmg NAME N``: N is the damage roll; armor comes off unless penetrating (dragon_age.md §2.4)."""
        kinds = {DAMAGE_TYPES[t] for t in types}
        health.take_damage(ctx, target, amount, penetrating="penetrating" in kinds,
                           halved="pierce" in kinds, pull="pull" in kinds)

    def heal(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        health.heal_health(ctx, target, amount)

    def can_take_turn(self, c: Combatant) -> bool:
        """The dead and unconscious are passed over; a dying PC still gets its turn (it may
        speak) except the one it dies at, which the countdown's clock ends as it is skipped."""
        if c.life in ("dead", "unconscious"):
            return False
        if c.life == "dying":
            left = health.turns_left(c)
            return left is None or left > 1
        return True

    def surprise_round(self, ctx: Context, aware: list[Combatant], unaware: list[Combatant]) -> bool:
        """dragon_age.md §2.2.4 [O]: the aware act in a surprise round, the surprised do not."""
        return surprise.surprise_round(ctx, aware, unaware)

    def can_change_initiative(self, c: Combatant) -> str | None:
        return ("Dragon Age has no delay or ready: use prepare NAME ACTION "
                "(Prepare, a minor action that ends the turn and holds a major action)")

    # -- turns and time ----------------------------------------------------------------------
    def on_combat_start(self, ctx: Context) -> None:
        initiative.forget(ctx)
        for c in ctx.state.combatants.values():
            for key in ("turn", "stunts_used", "bonus_attack", "bonus_cast", "ended_at_zero"):
                ctx.set_mark(c, key, None)

    def on_turn_start(self, ctx: Context, c: Combatant) -> None:
        economy.fresh_turn(ctx, c)
        left = health.turns_left(c)
        if c.life == "dying" and left is not None:
            ctx.say(f"{c.name} is dying: it dies at the start of its turn in {left} turn{'s' if left != 1 else ''}"
                    f" unless healed above 0",
                    f"{c.name} está moribundo: muere al comienzo de su turno dentro de {left} "
                    f"turno{'s' if left != 1 else ''} salvo que lo curen por encima de 0",
                    rule=rule("2.6"), who=c.id)

    def on_turn_end(self, ctx: Context, c: Combatant) -> None:
        clear_stunt_points(ctx, "the turn ended", "acabó el turno")
        for who in ctx.state.combatants.values():
            ctx.set_mark(who, "bonus_attack", None)
            ctx.set_mark(who, "bonus_cast", None)

    def on_combat_end(self, ctx: Context) -> None:
        clear_stunt_points(ctx)
        initiative.forget(ctx)
        recovery.on_combat_end(ctx)
        for c in ctx.state.combatants.values():
            for inst in c.instances("prepared"):
                ctx.remove_condition(c, inst, reason="combat over")

    def on_time_passed(self, ctx: Context, seconds: int) -> None:
        recovery.on_time_passed(ctx, seconds)

    # -- resources ----------------------------------------------------------------------------
    def spend(self, ctx: Context, c: Combatant, resource: str, amount: int | None,
              args: tuple[str, ...]) -> None:
        """``spend NAME stunt [N] STUNT`` or ``spend NAME STUNT [N]`` buy stunts; ``spend NAME mana N``."""
        if resource in STUNT_RESOURCES:
            if not args:
                ctx.fail(f"spend {c.id} stunt: which stunt? usage: {STUNT_USAGE}")
            rest = (*args, *([str(amount)] if amount is not None else []))
            stunt_verb(ctx, (c.id, *rest))
            return
        if resource in MANA_RESOURCES:
            ctx.spend_pool(c, "mana", amount if amount is not None else 1, rule=rule("2.8"))
            return
        stunt = find_stunt(resource, prefix=False)
        if stunt is not None:
            spend_stunt(ctx, c, stunt, (*([str(amount)] if amount is not None else []), *args))
            return
        ctx.spend_pool(c, resource, amount if amount is not None else 1)

    def health_pools(self) -> tuple[str, ...]:
        """For the TUI's bars: Health only (mana and stunt points are resources)."""
        return ("health",)

    # -- the engine's dice tray (check NAME ABILITY[:FOCUS] vs TN) ----------------------------------
    check_dice = "3d6"
    allows_take = False
    #: dragon_age.md §2.1 [S]: Perception tests are rolled hidden by the GM
    hidden_checks = ("perception", "per", "percepcion", "percepción")

    def before_check(self, ctx: Context, c: Combatant) -> None:
        """dragon_age.md §2.5 [S]: stunt points are spent at once; a new roll makes waiting ones vanish."""
        clear_stunt_points(ctx, "a new roll", "una tirada nueva")

    def check_bonus(self, state: EncounterState, c: Combatant, what: str) -> int | None:
        """The ability (dragon_age.md §2.1 [S]). The engine hands the opposing side's word whole, so
        ``vs Toro con:swimming`` arrives here as ``con:swimming``: ability + 2 if the focus is on the sheet."""
        name, sep, focus = (what or "").partition(":")
        key = stats.ability_key(name) if name else None
        if key is None and name and not sep and stats.focus_ability(name):
            # a focus named alone: its ability, +2 if the sheet has the focus (`check Sera swimming`)
            key, focus, sep = stats.ability_key(stats.focus_ability(name)), name, ":"
        if key is None:
            return super().check_bonus(state, c, what)
        return stats.ability(c, key) + (self.check_focus(state, c, focus) if sep else 0)

    def check_tie_key(self, state: EncounterState, c: Combatant, what: str, roll, bonus: int) -> tuple:
        """dragon_age.md §2.1 [O?]: an opposed tie goes to the higher dragon die, then the higher ability."""
        dragon = roll.dice[0].value if roll is not None and roll.dice else 0
        key = stats.ability_key((what or "").partition(":")[0]) if what else None
        return (dragon, stats.ability(c, key) if key else bonus)

    newcomers_roll_at_round_start = True  # dragon_age.md §2.2 [O?]: newcomers roll at the start of the round they join

    def on_stats_set(self, ctx: Context, c: Combatant, changes) -> None:
        """dragon_age.md §2.4 [S]: Health never below 0 (nor above its maximum), whatever the GM types."""
        pool = c.pools.get("health")
        if pool is not None and (pool.value < 0 or (pool.max is not None and pool.value > pool.max)):
            ctx.set_pool(c, "health", max(0, min(pool.value, pool.max if pool.max is not None else pool.value)))

    def check_focus(self, state: EncounterState, c: Combatant, focus: str) -> int:
        """+2 only with the focus on the sheet (dragon_age.md §2.1 [S])."""
        return 2 if stats.has_focus(c, focus) else 0

    def check_degree(self, roll, total: int, target: int | None) -> str | None:
        """The first of the three dice is the dragon die: the degree of success (dragon_age.md §2.1 [S])."""
        if roll is None or not roll.dice:
            return None
        dragon = roll.dice[0].value
        return f"dragon die {dragon}: {DEGREE[dragon][0]}"

    # -- reading ----------------------------------------------------------------------------------
    def effective(self, state: EncounterState, c: Combatant) -> dict[str, Figure]:
        return sheet.effective(state, c)

    def status(self, state: EncounterState, c: Combatant, lang: str = "en") -> list[str]:
        return surprise.status(state, c, lang) + status.lines(state, c, lang)

    def pending(self, state: EncounterState) -> list[Pending]:
        return status.warnings(state)

    def action_budget(self, state: EncounterState, c: Combatant) -> list[ActionSlot]:
        """dragon_age.md §2.3 [S]: one major + one minor, or two minor, ticked by ``major NAME`` / ``minor NAME``."""
        return economy.budget(state, c)

    def stunt_menu(self, state: EncounterState, c: Combatant) -> list[MenuItem]:
        """For the TUI: what the waiting stunt points can buy, with costs and why not."""
        return menu(state, c)

    def verbs(self) -> Sequence[VerbSpec]:
        return (
            VerbSpec("test", TEST_USAGE, test_verb, aliases=("probar", "atributo"),
                     doc="ability test: 3d6 + ability (+2 focus) vs TN; dragon die = degree"),
            VerbSpec("contest", CONTEST_USAGE, contest_verb, aliases=("opposed", "enfrentada"),
                     doc="opposed test: higher total, ties by dragon die then ability"),
            VerbSpec("attack", attacks.ATTACK_USAGE, attacks.attack_verb, aliases=("atacar", "ataque", "atk"),
                     doc="attack roll vs Defense; damage; doubles on a hit earn stunt points"),
            VerbSpec("charge", attacks.CHARGE_USAGE, attacks.charge_verb, aliases=("cargar", "carga"),
                     doc="move half Speed and melee attack at +1 (major)"),
            VerbSpec("stunt", STUNT_USAGE, stunt_verb, aliases=("proeza",),
                     doc="spend waiting stunt points; each stunt once per round except Skirmish"),
            VerbSpec("aim", "aim NAME", moves.aim_verb, aliases=("apuntar",),
                     doc="minor: +1 on the next attack if it is the next action"),
            VerbSpec("defend", "defend NAME", moves.defend_verb, aliases=("defender",),
                     doc="major: +2 Defense until the start of its next turn"),
            VerbSpec("run", "run NAME", moves.run_verb, aliases=("correr",), doc="major: 2 x Speed; not prone"),
            VerbSpec("move", moves.MOVE_USAGE, moves.move_verb, aliases=("mover", "movimiento"),
                     doc="minor: Speed in metres; half if standing up, dropping prone or mounting"),
            VerbSpec("stand", "stand NAME", moves.stand_verb, aliases=("levantarse",),
                     doc="minor: stand up from prone (a Move at half Speed)"),
            VerbSpec("prepare", moves.PREPARE_USAGE, moves.prepare_verb, aliases=("preparacion", "preparación"),
                     doc="minor: end the turn holding a major action until its next turn"),
            VerbSpec("aid", recovery.AID_USAGE, recovery.aid_verb,
                     aliases=("first-aid", "firstaid", "curacion", "curación", "auxilios"),
                     doc="the Heal action (major): Cunning (Healing) TN 11 restores 1d6 + Cunning"),
            VerbSpec("cast", magic.USAGE, magic.cast_verb, aliases=("lanzar", "hechizo"),
                     doc="casting roll vs TN; mana is spent even on failure"),
            VerbSpec("coup", attacks.COUP_USAGE, attacks.coup_verb,
                     aliases=("coup-de-grace", "rematar", "remate"),
                     doc="major: kills a dying or unconscious target (ranged: roll vs Defense 10)"),
            VerbSpec("breather", recovery.BREATHER_USAGE, recovery.breather_verb, aliases=("respiro",),
                     doc="after the encounter: 5 + Con + level Health"),
            VerbSpec("levelup", recovery.LEVELUP_USAGE, recovery.levelup_verb,
                     aliases=("level-up", "subirnivel", "subir-nivel"),
                     doc="level +1, Health +1d6 + Con"),
            VerbSpec("action", moves.ACTION_USAGE, moves.action_verb, aliases=("accion", "acción"),
                     doc="count a major or minor action (as `major NAME` / `minor NAME`)"),
            VerbSpec("major", "major NAME [WHAT...]", moves.major_verb, aliases=("mayor",),
                     doc="count any other major action"),
            VerbSpec("minor", "minor NAME [WHAT...]", moves.minor_verb, aliases=("menor",),
                     doc="count any other minor action"),
            VerbSpec("activate", "activate NAME [WHAT...]", moves.activate_verb, aliases=("activar",),
                     doc="minor: start a power or item, drink a potion, adopt a style"),
            VerbSpec("equip", "equip NAME [WHAT...]", moves.equip_verb, aliases=("equipar",),
                     doc="minor: draw or stow items"),
        )
