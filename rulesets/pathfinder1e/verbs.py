"""Pathfinder's own verbs, declared like the core's: typed arguments, English and Spanish
aliases, a summary each (the help, completion and the docs page's table come from here).

The maneuver verbs share one small tail language (a natural d20, +N/-N, a kind or
an action, in any order), read in one place: ``maneuvers.parse_roll_and_extra``;
the `item` verb's description of an item is read by ``items.item``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.ruleset import N_, Amount, Choice, Flag, Int, Keyword, Rest, Verb, Who, Word, choice_map

from . import afflictions, attacks, economy, grapple, hero, items, maneuvers, rest, tactics
from .i18n import _
from .stats import HERO_MAX


@dataclass(frozen=True)
class _Actor(Who):
    """`action [NAME] KIND`: a name only when the word is not an action (`action move` is the active one's)."""

    required: bool = False

    def accepts(self, token: str) -> bool:
        return economy.kind_of(token) is None


AID_KINDS = choice_map(("attack", "ataque", "atk"), ("ac", "ca", "defense", "defensa"))


def _tail(spelled: str) -> Rest:
    return Rest("rest", spelled=spelled)


VERBS: tuple[Verb, ...] = (
    Verb("action", (_Actor("who"), Choice("kind", meta=N_("standard|move|swift|full|step|immediate|reset"), choices=economy.WORDS),
                    Word("what", meta=N_("WHAT"), required=False, rest=True, fold=False)),
         economy.action_verb,
         _("tick this turn's actions: standard, move, swift, full, step, immediate; `move draw`: a move that does not "
           "move"),
         en=("actions",), es=("acción", "acciones"), group="ruleset"),
    Verb("attack", (Who("who", meta=N_("ATTACKER")), Who("target", meta=N_("TARGET"), many=True),
                    _tail(N_("[WEAPON] [full] [ROLL ...] [+N|-N] [charge] [flank] [cover] [concealment|total-concealment|"
                          "miss N] [stop] [at FEET]"))),
         attacks.attack, _("the stat block's attack (atk=): d20 + bonus vs AC now, critical, damage applied; `full`: "
                           "every attack"),
         en=("atk",), es=("atacar", "ataca", "ataque"), group="ruleset"),
    Verb("maneuver", (Who("who", meta=N_("ATTACKER")), Who("target", meta=N_("TARGET")),
                      _tail(N_("[ROLL] [trip|bull-rush|grapple|disarm|sunder|overrun|pin] [+N|-N]"))),
         maneuvers.maneuver, _("combat maneuver check: d20 + CMB vs CMD"), en=("cm",), es=("maniobra",),
         group="ruleset"),
    Verb("maintain", (Who("who", meta=N_("HOLDER")), Who("target", meta=N_("TARGET")), _tail(N_("[ROLL] [pin|move|damage] [+N|-N]"))),
         grapple.maintain, _("the holder's grapple check: +5 after the first round, no -2; pin, move or damage"),
         es=("mantener", "mantener-presa"), group="ruleset"),
    Verb("escape", (Who("who"), Keyword("artist", meta=N_("N"), words=("artist", "escapismo", "escape-artist", "ea", "skill")),
                    Flag("reverse", words=("reverse", "invertir", "control", "controlar")),
                    Keyword("holder", meta=N_("HOLDER"), words=("from", "de")), _tail(N_("[ROLL] [+N|-N]"))),
         grapple.escape, _("break a grapple or pin: CMB or Escape Artist vs the holder's CMD; `reverse` takes the hold"),
         es=("escapar", "zafarse", "liberarse"), group="ruleset"),
    Verb("release", (Who("who", meta=N_("HOLDER")), Who("target", meta=N_("TARGET"), required=False)), grapple.release,
         _("the holder lets go (free action)"), es=("soltar",), group="ruleset"),
    Verb("rest", (Flag("day", words=rest.DAY_WORDS), Flag("night", words=rest.NIGHT_WORDS),
                  Flag("care", words=rest.CARE_WORDS), Flag("all", words=rest.ALL_WORDS),
                  Who("who", required=False, rest=True)),
         rest.rest, _("natural healing now: a night, a day of bed rest; long-term care doubles"),
         es=("descansar", "descanso"), group="ruleset", spelled=N_("[NAME ...|all] [night|day] [care]")),
    Verb("item", (Who("who"), Word("item", meta=N_("ITEM"), required=False, fold=False), Rest("words")),
         items.item, _("record or list items with hardness and HP (for sunder)"),
         en=("items",), es=("objeto", "objetos"), group="ruleset",
         spelled=N_("NAME [ITEM [weapon|armor|shield|other|PRESET] [hardness=H] [hp=N|hp=N/M] [ac=N] [MATERIAL] [+E] "
                    "| ITEM remove]")),
    Verb("sunder", (Who("who"), Word("item", meta=N_("ITEM"), fold=False), Amount("damage", meta=N_("DAMAGE")),
                    Flag("spare", words=("spare", "perdonar", "keep", "conservar"))),
         items.sunder, _("damage to an item: hardness first, broken at half HP, destroyed at 0"),
         es=("romper",), group="ruleset"),
    Verb("repair", (Who("who"), Word("item", meta=N_("ITEM"), fold=False), Word("amount", meta=N_("N|full"))), items.repair,
         _("restore an item's HP: above half it is no longer broken"), es=("reparar",), group="ruleset"),
    Verb("charge", (Who("who"),), tactics.charge, _("+2 attack, -2 AC until the start of its next turn"),
         es=("cargar", "carga"), group="ruleset"),
    Verb("aid", (Who("who"), Who("ally", meta=N_("ALLY")), Choice("kind", choices=AID_KINDS, es={"attack": "ataque", "ac": "ca"}),
                 Keyword("vs", meta=N_("FOE"), words=("vs", "contra")), Word("roll", meta=N_("ROLL|roll"), required=False)),
         tactics.aid, _("aid another: +2 attack or AC until the start of the aider's next turn"),
         en=("aid-another",), es=("ayudar", "ayuda"), group="ruleset"),
    Verb("defend", (Who("who"),), tactics.defend, _("total defense: +4 dodge AC until the start of its next turn"),
         en=("total-defense",), es=("defensa", "defender", "defensa-total"), group="ruleset"),
    Verb("standard", (Who("who"),), tactics.standard, _("a disabled combatant takes a standard action: 1 HP afterwards"),
         en=("strain",), es=("estándar", "esfuerzo"), group="ruleset"),
    Verb("stabilize", (Who("who"), Keyword("by", meta=N_("HEALER"), words=("by", "por"))), tactics.stabilize,
         _("first aid, Heal DC 15: `by HEALER` rolls it; without, it was made at the table; the dying are stable "
           "(aided), bleeding stops"),
         en=("firstaid",), es=("estabilizar",), group="ruleset"),
    Verb("coup", (Who("who", meta=N_("TARGET")), Amount("damage", meta=N_("DAMAGE")),
                  Int("fort", meta=N_("FORT-ROLL"), required=False, minimum=1)),
         tactics.coup, _("coup de grace: damage, then Fort DC 10 + damage or die"),
         es=("golpe-de-gracia", "gracia"), group="ruleset"),
    Verb("revive", (Who("who"), Int("hp", meta=N_("HP"), required=False, minimum=-10**6)), tactics.revive,
         _("raised from the dead with HP (default 1)"), en=("raise",), es=("revivir", "resucitar"), group="ruleset"),
    Verb("hero", (Who("who"), Word("amount", meta=N_("+N|-N|N"), required=False)), hero.award,
         _("show, award or set hero points (GM-only; max {max})", max=HERO_MAX), es=("héroe",), group="ruleset"),
    Verb("poison", (Who("who"), Rest("words", spelled=N_("dc=N str|dex|con|int|wis|cha=DICE "
                                                       "[every=round|minute|hour|day] [for=N] [cure=N] [onset=SPAN] "
                                                       "[die=N] [name=TEXT] | from CREATURE"))),
         afflictions.verb("poison"),
         _("expose to a poison: Fort save now, then at its frequency; ability damage on a failure, cured by "
           "consecutive saves"), es=("envenenar", "veneno"), group="ruleset"),
    Verb("disease", (Who("who"), Rest("words", spelled=N_("dc=N str|dex|con|int|wis|cha=DICE [onset=SPAN] "
                                                        "[every=day] [cure=N] [die=N] [name=TEXT] | from CREATURE"))),
         afflictions.verb("disease"),
         _("expose to a disease: Fort save now, its onset, then a save each interval; cured by consecutive saves"),
         es=("enfermedad", "contagiar"), group="ruleset"),
    Verb("levelup", (Who("who"),), hero.gain_level, _("+1 level (and +1 hero point with option hero_per_level)"),
         es=("subir-nivel", "nivel"), group="ruleset"),
)
