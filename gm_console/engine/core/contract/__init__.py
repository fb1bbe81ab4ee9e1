"""The ruleset contract: what a game plugin decides, and the engine asks.

The engine owns order, rounds, turns, delay/ready bookkeeping, condition
durations and the log. A ``Ruleset`` decides everything game-specific, in five
parts a game composes (``contract.parts``), each with a generic default:

- ``sheet``: the stat block, derived figures, the sheet's status lines and action budget;
- ``health``: damage, healing, the life-state machine, resources spent;
- ``conditions``: the catalogue and what adding or losing a condition does;
- ``turns``: initiative and order, who may act, turn/round/combat/time hooks;
- ``checks``: the dice tray's bonuses, penalties and ties.

plus, on the ruleset itself, its identity, ``options()`` (house rules kept in a
save), ``verbs()`` (its own commands, declared like the core's) and
``pending()`` (warnings for the GM). A new game is a few lines::

    class MyGame(Ruleset):
        id, name = "mygame", "My Game"
        sheet = part(MySheet)
        health = part(MyHealth)

Plugin authors import all of this through ``gm_console.ruleset``; the built-in
games in the top-level ``rulesets`` package use it exactly as a third party would.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Sequence

from gm_console.i18n import Msg, Named, Term, _, _n

from ..marks import ATTACK_OFFERS, SAVES_OWED
from ..state import EncounterState
from .parts import EVERY_GAME, Checks, Conditions, Health, Part, Sheet, Spendable, Turns, Use, part, with_every_game
from .types import (ActionSlot, Catalogue, ConditionDef, Difficulty, Figure, OptionDef, Pending, RulesError,
                    StatField, did_you_mean, fold_text, slug)
from ..text import listing
from ..told import gender_of
from ..whose import POSSESSIVES, SEVERAL, possessive
from ..weapon_names import weapon_term

#: the table's choices that are no game's rule, in every game's ``[options]``
TABLE_OPTIONS = (
    OptionDef("players_damage", False, doc="the players read the exact damage and healing dealt to foes "
                                           "(off: a health word; docs/players.md)"),
    OptionDef("save_rolls", "roll", choices=("roll", "offer"),
              doc="an effect's save to end it (save=will:15) is rolled at its moment (roll), or offered on "
                  "the warnings line for the GM to run (offer: `save NAME EFFECT [DIE]`)"),
    OptionDef("players_save_dc", False, doc="the players read the DC of an effect's save to end it"),
    OptionDef("players_turn_times", False, doc="the players read how long the turns took (the turn clock) in the "
                                               "summary after the fight (off: the times are the GM's)"),
    OptionDef("players_attack_rolls", False, doc="the players read the d20 and total of every attack (off: the "
                                                 "numbers of their own characters only; docs/sheets.md#attacks)"),
)

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from ...language.verbs import Verb

def offered_saves(rules: "Ruleset", state: EncounterState) -> list[Pending]:
    """An effect's save to end it, offered at its moment: the command that rolls it."""
    out: list[Pending] = []
    for c in state.combatants.values():
        for uid in SAVES_OWED.of(c) or ():
            inst = next((i for i in c.conditions if i.uid == uid and i.save), None)
            if inst is None:
                continue
            name = f'"{c.name}"' if " " in c.name else c.name
            out.append(Pending(c.id, _("{name}: {save} save against {effect} (DC {dc})", name=c.name,
                                       save=rules.sheet.label(inst.save), effect=rules.conditions.catalogue.define(inst.cond).term,
                                       dc=inst.dc), gm_only=True, command=f"save {name} {inst.cond}"))
    return out


def _offer_text(kind: str, a: str, t: str, weapon: Any, detail: str, rules: "Ruleset | None" = None,
                whose: Term = POSSESSIVES["creature"], theirs: Term = SEVERAL["creature"]):
    """``whose``: the attacker's possessive (``possessive``: her, his, their, its); ``theirs``: the
    target's, before several things (its turns)."""
    if kind == "grab":
        return _("{name} hit {target} with {whose} {weapon}: grab, a free grapple check at +4", name=a, target=t,
                 whose=whose, weapon=weapon)
    if kind == "trip":
        return _("{name} hit {target} with {whose} {weapon}: trip, a free trip attempt", name=a, target=t,
                 whose=whose, weapon=weapon)
    if kind == "poison":
        return _("{name} hit {target} with {whose} {weapon}: {whose} poison", name=a, target=t, whose=whose,
                 weapon=weapon)
    if kind == "disease":
        return _("{name} hit {target} with {whose} {weapon}: {whose} disease", name=a, target=t, whose=whose,
                 weapon=weapon)
    if kind == "arc":
        return _("{name}'s critical arcs from {target}: {detail} damage to the creature nearest it within 10 ft "
                 "(dmg NAME {detail})", name=a, target=t, detail=detail)
    if kind == "corrode":
        return _("{name}'s critical corrodes {target}: {detail} acid damage at the start of {whose} turns, as "
                 "burning deals fire", whose=theirs, name=a, target=t, detail=detail)
    if kind in ("fortitude", "reflex", "will"):
        save = {"fortitude": _("Fortitude"), "reflex": _("Reflex"), "will": _("Will")}[kind]
        cond, _sp, span = detail.partition(" ")
        cdef = rules.conditions.catalogue.defs.get(cond) if rules is not None else None
        effect = cdef.label_term if cdef is not None else cond
        if span.endswith("m"):
            return _("{target}: a {save} save against {name}'s critical, or {effect} for {n} minutes", target=t,
                     save=save, name=a, effect=effect, n=span[:-1])
        return _n("{target}: a {save} save against {name}'s critical, or {effect} for {n} round",
                  "{target}: a {save} save against {name}'s critical, or {effect} for {n} rounds", int(span or 1),
                  target=t, save=save, name=a, effect=effect)
    if kind == "wound":
        return _("{name}'s critical wounds {target}: a d20 on the wounding weapons table", name=a, target=t)
    if kind == "severe wound":
        return _("{name}'s critical wounds {target} severely: two d20 on the wounding weapons table, the attacker "
                 "chooses", name=a, target=t)
    return _("{name}'s critical effect on {target}: {effect}", name=a, target=t, effect=detail)


def offered_riders(state: EncounterState, rules: "Ruleset | None" = None) -> list[Pending]:
    """Every offer as a warning for the GM (never the players': a foe's poison or a DC is the GM's)."""
    out: list[Pending] = []
    for c in state.combatants.values():
        for item in ATTACK_OFFERS.of(c) or ():
            _verb, kind, command, aid, tid, weapon, detail = (list(item) + [""] * 7)[:7]  # then who ends it
            a, t = state.combatants.get(aid), state.combatants.get(tid)
            if a is None or t is None or t.life == "dead":
                continue
            out.append(Pending(t.id, _offer_text(kind, a.name, t.name, weapon_term(weapon), detail, rules,
                                                 possessive(a), possessive(t, several=True)), gm_only=True,
                               command=command or None))
    return out

__all__ = [
    "ActionSlot", "Catalogue", "Checks", "ConditionDef", "Conditions", "Difficulty", "Figure", "Health", "OptionDef", "Part",
    "Pending", "Ruleset", "RulesError", "Sheet", "Spendable", "StatField", "Turns", "Use", "did_you_mean", "fold_text",
    "listing", "part", "slug", "EVERY_GAME", "with_every_game",
]

PARTS: dict[str, type[Part]] = {"sheet": Sheet, "health": Health, "conditions": Conditions, "turns": Turns,
                                "checks": Checks}


class Ruleset:
    """Base class of every game plugin: an identity and five parts (see the module's doc)."""

    id: ClassVar[str]
    name: ClassVar[str]
    version: ClassVar[str] = "1.0"
    seconds_per_round: ClassVar[int] = 6
    #: the game's message catalogue (its ``i18n._``): where another language finds the names its
    #: data declares in English and Spanish (conditions, stat labels), unless a part names its own
    domain: ClassVar[Any] = None

    sheet = part(Sheet)
    health = part(Health)
    conditions = part(Conditions)
    turns = part(Turns)
    checks = part(Checks)

    @classmethod
    def declared_terms(cls) -> "list[Term]":
        """The names the game's data declares in English and Spanish, each with the catalogue
        another language finds it in: its conditions' names (and summaries, durations, breakdown
        labels) and its stat block's labels (the catalogue tool reads them: gm_console/i18n/tool.py)."""
        if not getattr(cls, "id", None):
            return []
        rules = cls()
        return [t for d in rules.conditions.catalogue for t in d.terms()] + \
            [t for f in rules.sheet.block for t in f.terms()]

    def options(self) -> Sequence[OptionDef]:
        """House-rule switches kept in a save's ``[options]`` (the seed's reading is the default)."""
        return ()

    def every_option(self) -> tuple[OptionDef, ...]:
        """This game's options and the ones every game has (``TABLE_OPTIONS``); a game's own
        of the same key wins."""
        own = tuple(self.options())
        keys = {o.key for o in own}
        return own + tuple(o for o in TABLE_OPTIONS if o.key not in keys)

    def verbs(self) -> "Sequence[Verb]":
        """This game's own verbs, declared like the core's (``gm_console.ruleset.Verb``)."""
        return ()

    def pending(self, state: EncounterState) -> list[Pending]:
        """Warnings a GM wants before they become surprises."""
        return []

    def warnings(self, state: EncounterState) -> list[Pending]:
        """What the warnings line shows: the saves the engine offers the GM (``save_rolls offer``),
        what a hit offers (``plus grab``, a critical's save: engine/rules/offers.py), then the game's own
        ``pending``."""
        notes = offered_saves(self, state) + offered_riders(state, self) + list(self.pending(state))
        return [agreeing(p, state) for p in notes]

    def difficulty(self, state: EncounterState) -> "Difficulty | None":
        """How hard the encounter in ``state`` is by this game's encounter-building rule, for the
        GM while building it (the add form's line, the picker, ``show``; docs/json.md): a
        ``Difficulty``. The GM's view: hidden combatants count. A party level it cannot work
        out is stated as unknown with what to give (``Difficulty.party_unknown``), never
        guessed. Pathfinder and Starfinder answer with ``experience.by_xp_table`` (foes' XP
        summed, the encounter's CR from the XP table, compared with the average party level).
        Default None: this game offers no difficulty."""
        return None

    def bestiary_files(self) -> Sequence[Traversable]:
        """The game's starter bestiary, as data: TOML files of creatures (one table each, English
        and Spanish names, the stat block's keys, where the numbers come from; see the README's
        "Bestiary"), read by storage, never by the engine. Default: ``bestiary.toml`` beside
        the ruleset's module when its package ships one, so a game needs no code for it."""
        return self._beside("bestiary.toml")

    def bestiary_supplements(self) -> Sequence[Traversable]:
        """TOML files that add keys to the starter bestiary's entries, one table per entry id
        (``[goblin]`` with ``atk = ["short sword +2 1d4 19-20/x2 slashing", ...]``): each table's keys
        join that entry's stat block, what the entry gives itself winning (docs/sheets.md#attacks). Read by
        storage with the bestiary; a missing file adds nothing. Default: ``bestiary_attacks.toml``
        beside the ruleset's module."""
        return self._beside("bestiary_attacks.toml")

    def _beside(self, name: str) -> Sequence[Traversable]:
        """The data file ``name`` beside the ruleset's module, when its package can ship one."""
        package = getattr(sys.modules.get(type(self).__module__), "__package__", None)
        if not package:
            return ()
        from importlib import resources  # here: 4 ms of imports a start (its first frame) never needs

        try:
            return (resources.files(package) / name,)
        except (ModuleNotFoundError, TypeError, ValueError):
            return ()


def agreeing(note: Pending, state: EncounterState) -> Pending:
    """A warning whose ``name`` is the combatant it is about, given the combatant's gender, so a
    Spanish warning agrees with it ("Leliana está moribunda") though the game passed the plain
    name: one rule here rather than a ``named(c)`` at every warning of every game."""
    c = state.combatants.get(note.who) if note.who else None
    text = note.en
    if c is None or not isinstance(text, Msg) or text.args.get("name") != c.name or type(text.args["name"]) is not str:
        return note
    gender = gender_of(c)
    if gender is None:
        return note
    return replace(note, en=text.given(name=Named(c.name, gender)))


def status_of(ruleset: "Ruleset", state: EncounterState, c: Any, lang: str = "en") -> "list[Any]":
    """The sheet's status lines of ``c`` (``Sheet.status``), each message handed ``c``'s name
    and gender as ``g`` so a translation agrees with it ("{g:?moribundo|moribunda}: muere..."):
    one rule here for every game's lines."""
    who = Named(c.name, gender_of(c))
    return [x.given(g=who) if isinstance(x, Msg) else x
            for x in ruleset.sheet.status(state, c, lang)]
