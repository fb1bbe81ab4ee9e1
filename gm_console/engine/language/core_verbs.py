"""The core command language: every verb the engine itself knows, declared once.

Each declaration is the whole truth about a verb: its arguments and their kinds,
its English and Spanish aliases, its one-line summary (for help, completion and
the README) and the handler that runs it. A ruleset adds its own verbs the same
way (``Ruleset.verbs``); ``registry_for(ruleset)`` joins the two.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from gm_console.i18n import _

from ..rules import checks, effects, turns
from . import group_verbs, handlers, hiding
from ..core import events as ev
from ..core.errors import CommandError
from .verbs import (Amount, Call, Choice, Count, Fields, Int, Keyword, Number, Param, Registry, Rest, Text, Verb,
                    VerbClash, Who, Word, choice_map)

if TYPE_CHECKING:
    from ..core.contract import Ruleset

#: what happens to history, not to the encounter: the session handles these itself
HISTORY = ("undo", "redo")

SIDES = choice_map(("pc", "pj", "jugador"), ("ally", "aliado"), ("foe", "enemigo", "npc", "pnj"))


@dataclass(frozen=True)
class _Duration(Param):
    """``10m``, ``1 hora``, ``3r``: the tokens left, read as a span of time (checked here
    with 6-second rounds; the handler converts with the ruleset's own round)."""

    rest: bool = True
    meta: str = "DURATION"

    def usage(self) -> str:
        return self.meta

    def take_all(self, verb, tokens):
        from ..rules.durations import parse_duration

        text = "".join(tokens)
        try:
            parse_duration(text)
        except CommandError as exc:
            raise CommandError(_("{verb}: {why}", verb=verb.name, why=exc.message)) from None
        return {self.name: text}


@dataclass(frozen=True)
class _Condition(Param):
    """``bleed:2``: a condition's name and, after a colon, its value."""

    meta: str = "CONDITION[:VALUE]"
    completes: str = "condition"

    def take(self, verb, token):
        cond, value = token, None
        if ":" in token:
            cond, _sep, raw = token.rpartition(":")
            value = Int("value", what=_("the condition value")).take(verb, raw)["value"]
        if not cond.strip():
            raise CommandError(_("{verb}: missing the condition name; usage: {usage}", verb=verb.name,
                                 usage=verb.usage()))
        return {"cond": cond.strip(), "value": value}

    def missing(self):
        return {"cond": None, "value": None}


def _no(ctx, call: Call) -> None:
    """Undo and redo move the history; the session runs them, never a handler."""
    raise AssertionError(f"{call.verb} is handled by the session")


CORE = Registry([
    # -- the roster ----------------------------------------------------------------
    Verb("add", (Who("name", meta="NAME", new=True), Count("count"), Word("words", meta="pc", required=False, rest=True, fold=False, completes="side"),
                 Fields("fields")),
         handlers._add, _("add a combatant; `x3` adds \"Goblin 1\"..\"Goblin 3\" (numbering continues: a removed Goblin 2's number and id are never given again; beside an unnumbered \"Goblin\", `@goblin` or `x2` renames it \"Goblin 1\" first); keys are the ruleset's stat block; `hp=6/38` is current/max; `@goblin` (or `\"Grak\" @goblin`) adds from the bestiary by its name in either language, your keys overriding its stats; HP are the stat block's, or with `roll` rolled from its hit dice (`hp=2d8+2` too); `hidden` keeps them from the players until `reveal`"),
         es=("añadir", "agregar"), group="roster",
         spelled="add NAME|@CREATURE [xN] [@CREATURE] [pc|ally|foe] [group] [hidden] [roll] [key=value ...]"),
    Verb("remove", (Who("who"),), handlers._remove, _("remove a combatant; condition clocks it owned pass to the next in order"),
         en=("rm", "del"), es=("quitar", "eliminar"), group="roster"),
    Verb("set", (Who("who"), Fields("fields", at_least_one=True)), handlers._set,
         _("change stats: `hp=N` the current value, `hp=N/M` both, `hpmax=M` the maximum (docs/sheets.md); `name=\"New name\"` renames"),
         es=("poner", "cambiar"), group="roster"),
    Verb("side", (Who("who"), Choice("side", choices=SIDES)), handlers._side,
         _("whose side a combatant is on"), es=("bando",), group="roster"),
    Verb("hide", (Who("who", many=True),), hiding.hide,
         _("keep combatants off the players' view (an ambush not yet seen) until `reveal`"),
         es=("ocultar",), group="roster"),
    Verb("reveal", (Who("who", many=True),), hiding.reveal,
         _("show hidden combatants to the players"), es=("revelar",), group="roster"),
    # -- initiative and turns --------------------------------------------------------
    Verb("init", (Who("who"), Number("value", meta="VALUE", what=_("the initiative"))), handlers._init,
         _("set an initiative result (mid-combat: inserted by count)"),
         en=("initiative",), es=("iniciativa",), group="turns"),
    Verb("roll", (Who("who", required=False, rest=True),), handlers._roll,
         _("roll initiative with the ruleset's formula (default: all without one)"),
         en=("rollinit",), es=("tirar",), group="turns"),
    Verb("surprise", (Who("aware", required=False, rest=True),), handlers._surprise,
         _("before `start`: who is aware; the ruleset decides whether a surprise round (round 0) is played"), es=("sorpresa",), group="turns"),
    Verb("start", (), lambda ctx, c: turns.start_combat(ctx), _("round 1 begins (those without initiative roll); the highest acts"),
         es=("empezar", "comenzar"), group="turns"),
    Verb("next", (), lambda ctx, c: turns.end_turn(ctx), _("end the turn; the round advances after the last"),
         en=("n",), es=("siguiente", "sig"), group="turns"),
    Verb("prev", (), lambda ctx, c: turns.previous_turn(ctx), _("move the marker back one turn (effects stay; `undo` takes them back)"),
         en=("previous", "back"), es=("anterior",), group="turns"),
    Verb("delay", (Number("count", meta="COUNT", required=False),), lambda ctx, c: turns.delay(ctx, c.count),
         _("the active combatant delays; with COUNT it re-enters by itself when that count comes up"),
         en=("wait",), es=("retrasar",), group="turns"),
    Verb("resume", (Who("who"),), lambda ctx, c: turns.resume(ctx, ctx.combatant(c.who)),
         _("a delaying combatant acts now, before the one who is up; its initiative becomes that slot's"), en=("act",), es=("reanudar", "entrar"), group="turns"),
    Verb("ready", (Text("trigger", meta="TEXT"),), lambda ctx, c: turns.ready(ctx, c.trigger),
         _("the active combatant readies an action with trigger TEXT; its turn ends (fifth edition: it goes on)"), es=("preparar",), group="turns"),
    Verb("trigger", (Who("who"), Rest("args")), lambda ctx, c: turns.trigger(ctx, ctx.combatant(c.who), c.args),
         _("a readied action happens now, just before the active combatant, and its owner moves there"), es=("disparar", "desencadenar"), group="turns"),
    Verb("unready", (Who("who"),), lambda ctx, c: turns.unready(ctx, ctx.combatant(c.who)),
         _("drop a readied action"), en=("drop",), es=("despreparar", "cancelar"), group="turns"),
    Verb("end", (), lambda ctx, c: turns.end_combat(ctx), _("the combat ends"), es=("terminar", "fin"), group="turns"),
    Verb("group", (Who("who", rest=True),), lambda ctx, c: group_verbs.make(ctx, group_verbs.names_in(ctx, c.who)),
         _("these combatants share one initiative and act side by side (`add Goblin x6 group` does it as they join)"),
         es=("grupo", "agrupar"), group="turns"),
    Verb("ungroup", (Who("who", rest=True),), lambda ctx, c: group_verbs.ungroup(ctx, group_verbs.names_in(ctx, c.who)),
         _("these combatants act on their own again"), es=("desagrupar",), group="turns"),
    Verb("group-done", (), lambda ctx, c: group_verbs.next_group(ctx),
         _("end the turns of the active combatant's whole group at once; the one after the group acts"),
         en=("groupdone",), es=("grupo-hecho",), group="turns"),
    # -- health, conditions, resources ------------------------------------------------
    Verb("dmg", (Who("who", many=True), Amount("amount"),
                 Word("types", meta="TYPE", required=False, rest=True, completes="damage-type"),
                 Fields("options", meta="save=WHAT:DC[:half|negates]")), handlers._damage,
         _("damage through the ruleset; AMOUNT may be dice (`2d6+3`), rolled once for every target named; types "
           "like `fire`, `nonlethal`; `save=ref:15` gives each target its save (half on a success, "
           "`save=will:15:negates` nothing)"),
         en=("damage", "hurt"), es=("daño", "herir"), group="health",
         note=_("AMOUNT: 7 or dice like 2d6+3")),
    Verb("heal", (Who("who", many=True), Amount("amount"),
                  Word("types", meta="TYPE", required=False, rest=True, completes="damage-type")), handlers._heal,
         _("healing through the ruleset; AMOUNT may be dice, rolled once for every target named"),
         es=("curar",), group="health"),
    Verb("cond", (Who("who", many=True), _Condition("cond"),
                  Rest("tail", spelled="[ROUNDS|10m|1h] [FIGURE+N[:TYPE] ...]"),
                  Keyword("by", meta="NAME", words=("by", "por"))), lambda ctx, c: effects.put(ctx, c),
         _("add a condition or effect to one or many (`A,B`, `Goblin*`): for ROUNDS, minutes (`10m`) or hours (`1h`), "
           "else until removed; modifiers like `ac+2 attack+1:morale` (Spanish names too: `ca+2`); `by NAME` counts on NAME's turns and says who cast it"),
         en=("condition",), es=("estado",), group="conditions"),
    Verb("effect", (Who("who", many=True), _Condition("cond"),
                    Rest("tail", spelled="[ROUNDS|10m|1h] [FIGURE+N[:TYPE] ...]"),
                    Keyword("by", meta="NAME", words=("by", "por"))), lambda ctx, c: effects.put(ctx, c, free=True),
         _("like `cond`, and a name the catalogue does not know is a new effect of that name, as typed"),
         es=("efecto",), group="conditions"),
    Verb("uncond", (Who("who", many=True), _Condition("cond", completes="own-condition")),
         lambda ctx, c: effects.take_off(ctx, c), _("remove a condition or effect"),
         en=("uncondition",), es=("quitar-estado", "sin-estado"), group="conditions"),
    Verb("save", (Who("who"), _Condition("cond", completes="own-condition"),
                   Word("roll", meta="DIE|HOW", required=False, rest=True, fold=False)),
         lambda ctx, c: effects.save_now(ctx, c),
         _("roll the save against an effect a save ends (`save=will:15` on `cond`) now; DIE: the natural roll "
           "if the player rolled it; then what helps that save where the game names it (Pathfinder's on fire: "
           "`rolling`, +4)"),
         es=("salvar", "salvación", "salvacion"), group="conditions"),
    Verb("spend", (Who("who"), Word("resource", meta="RESOURCE", completes="resource"), Int("amount", meta="N", required=False, minimum=1),
                   Word("args", meta="USE", required=False, rest=True)), handlers._spend,
         _("spend from a pool (hero, resolve, ...) on a use"), es=("gastar",), group="health"),
    # -- dice and time --------------------------------------------------------------------
    Verb("r", (Rest("args", required=True, spelled="EXPR [LABEL] [adv|dis] [hidden]"),), lambda ctx, c: checks.free_roll(ctx, c.args),
         _("roll anything in the d20 grammar: `1d20+5`, `4d6kh3`, `2d20kh1+3`; each die shown, natural 20/1 marked; `adv`/`dis` after it rolls its d20 twice (2d20kh1/2d20kl1), both cancel"), en=("dice",), es=("dados", "tirada"), group="dice"),
    Verb("check", (Rest("args", required=True, spelled="NAME SKILL|ABILITY|+N [+N ...] [vs DC|vs NAME2] "
                                                          "[take10|take20] [adv|dis] [hidden] [aid NAME2]"),),
         lambda ctx, c: checks.check(ctx, c.args), _("a check with the ruleset's dice and the conditions' penalties listed; opposed checks name the winner; `aid` is a DC 10 check giving +2; `adv`/`dis`: advantage or disadvantage where the game has them"),
         es=("prueba", "chequeo"), group="dice"),
    Verb("pass", (_Duration("duration"),), handlers._pass, _("time passes out of combat (`6s`, `3r`, `10m`, `1h`, `8h`, `1d`): durations run down, hourly checks and rest run"),
         es=("pasar",), group="time", note=_("e.g. 6s, 3r, 10m, 1h, 8h")),
    # -- the encounter ---------------------------------------------------------------------
    Verb("clock", (Choice("what", choices=choice_map(("pause", "pausa", "para"), ("resume", "sigue", "reanuda")),
                          es={"pause": "pausa", "resume": "sigue"}),),
         lambda ctx, c: turns.clock(ctx, c.what),
         _("the running turn's clock stops without the turn ending (`pause`) or goes on (`resume`): the console "
           "does it when it closes and opens again"),
         es=("reloj",), group="turns"),
    Verb("note", (Text("text"),), lambda ctx, c: ctx.emit(ev.Note(text=c.text)), _("a free line in the log"),
         es=("nota",), group="other"),
    Verb("option", (Word("key", meta="KEY", fold=False), Word("value", meta="VALUE", required=False, fold=False)),
         handlers._option, _("show or change a house-rule option of the ruleset"),
         es=("opción",), group="other"),
    Verb("undo", (), _no, _("take back the last action: exact, and it survives closing the file"), es=("deshacer",), group="history"),
    Verb("redo", (), _no, _("bring back what undo took back"), es=("rehacer",), group="history"),
])


class RulesetVerbClash(ValueError):
    pass


def registry_for(ruleset: "Ruleset") -> Registry:
    """The core verbs plus the ruleset's; a ruleset verb that would shadow a core one is refused."""
    return _registry_for(ruleset)


@lru_cache(maxsize=None)
def _registry_for(ruleset: "Ruleset") -> Registry:
    try:
        return Registry([as_verb(v) for v in ruleset.verbs()], base=CORE)
    except VerbClash as exc:
        raise RulesetVerbClash(str(exc)) from None


def as_verb(verb) -> Verb:
    """A ruleset's verb as the registry holds it: a ``Verb``, declared like the core's."""
    if not isinstance(verb, Verb):
        raise RulesetVerbClash(f"{verb!r} is not a gm_console.ruleset.Verb (declare verbs with Verb(...))")
    return verb
