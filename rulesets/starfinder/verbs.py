"""Starfinder's own verbs, declared like the core's: typed arguments, aliases in both languages, a summary.

A number after the names is the GM's check total (without it the tracker rolls 1d20 + the
sheet's bonus); ``key=N`` settings and bare words (``full``, ``zero-g``, a terrain) may come
anywhere after the names. The handlers live with the rules they apply.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from gm_console.ruleset import (N_, Choice, Flag, Int, Keyword, Param, Rest, Term, Verb, Who, Word, choice_map, fold_text,
                                usage)

from . import afflictions, attacks, conditions, driving, economy, healing, maneuvers, tactics, vehicle_control
from .i18n import _


@dataclass(frozen=True)
class _Actor(Who):
    """``action [NAME] ACTION``: the name is optional, so a word that is an action is the action."""

    required: bool = False

    def accepts(self, token: str) -> bool:
        return economy.action_word(token) not in economy.ACTION_WORDS


@dataclass(frozen=True)
class KeyInt(Param):
    """``dc=15``, ``save=12``, ``dist=10``: a whole number after one of ``keys`` (its English
    spelling first, its Spanish second, as a ``Keyword``'s words), anywhere after the names."""

    keys: tuple[str, ...] = ()
    meta: str = N_("N")
    required: bool = False
    anywhere: bool = True
    minimum: int = 0

    def usage(self):
        return usage("[", Term(self.keys[0], self.keys[1] if len(self.keys) > 1 else ""), "=", self.placeholder(), "]")

    def extract(self, verb, tokens: list[str], start: int) -> Mapping[str, Any]:
        for i in range(start, len(tokens)):
            key, sep, raw = tokens[i].partition("=")
            if sep and fold_text(key) in {fold_text(k) for k in self.keys}:
                del tokens[i]
                key = Term(f"{self.keys[0]}=", f"{self.keys[1]}=" if len(self.keys) > 1 else "")
                return Int(self.name, minimum=self.minimum, what=key).take(verb, raw)
        return {self.name: None}


@dataclass(frozen=True)
class Pick(Param):
    """One word out of a few (a purpose, a terrain), in either language, anywhere after the names."""

    choices: Mapping[str, str] = field(default_factory=dict)  # any spelling -> canonical
    es: Mapping[str, str] = field(default_factory=dict)  # canonical -> the word a Spanish table types
    required: bool = False
    anywhere: bool = True
    completes: str = "choice"

    def usage(self):
        words = list(dict.fromkeys(self.choices.values()))
        return usage("[", *(piece for i, w in enumerate(words)
                            for piece in (("|",) if i else ()) + (Term(w, self.es.get(w, "")),)), "]")

    def extract(self, verb, tokens: list[str], start: int) -> Mapping[str, Any]:
        wanted = {fold_text(k): v for k, v in self.choices.items()}
        for i in range(start, len(tokens)):
            if fold_text(tokens[i]) in wanted:
                return {self.name: wanted[fold_text(tokens.pop(i))]}
        return {self.name: None}


_FEET = re.compile(r"^(\d{1,6})\s*(ft|feet|foot|pies|pie|')?$", re.IGNORECASE)


@dataclass(frozen=True)
class Feet(Param):
    """A distance in feet: ``130``, ``130ft``, ``40pies``."""

    def take(self, verb, token: str) -> Mapping[str, Any]:
        m = _FEET.match(token.strip())
        return Int(self.name, what=self.meta).take(verb, m.group(1) if m else token)


@dataclass(frozen=True)
class Hours(Param):
    """``1h``, ``8h``, ``24h`` anywhere after the names."""

    required: bool = False
    anywhere: bool = True

    def usage(self):
        return usage("[1h|8h|24h]")

    def extract(self, verb, tokens: list[str], start: int) -> Mapping[str, Any]:
        for i in range(start, len(tokens)):
            m = re.fullmatch(r"(\d{1,4})h", tokens[i].strip().casefold())
            if m:
                del tokens[i]
                return {self.name: int(m.group(1))}
        return {self.name: None}


def total(name: str = "total", meta: str = N_("TOTAL")) -> Int:
    """The GM's typed check total (may be negative); absent: the tracker rolls."""
    return Int(name, meta=meta, required=False, minimum=-99, what=_("the check total"))


BY = Keyword("by", meta=N_("HEALER"), words=("by", "por"))
ON_OFF = choice_map(("on", "si", "sí", "yes", "true", "activar", "poner"), ("off", "no", "false", "desactivar", "quitar"))
MANEUVER_FLAGS = (
    Word("trick", meta=N_("CONDITION"), required=False, completes="condition"),
    Flag("zero_g", words=("zero-g", "gravedad-cero", "zerog", "ingravidez")),
    Flag("flying", words=("flying", "volando", "flies")),
    Flag("full", words=("full", "completa")),
    KeyInt("dist", meta=N_("FT"), keys=("dist", "distancia", "distance")),
)


def _direct(kind: str, aliases: tuple[str, ...]) -> Verb:
    """`grapple A B 25` is `maneuver A grapple B 25` (the one-word spellings, ``bullrush``, are English)."""
    english = tuple(a for a in aliases if a.replace("-", "") == kind.replace("-", ""))
    return Verb(kind, (Who("attacker", meta=N_("ATTACKER")), Who("target", meta=N_("TARGET")), total(), *MANEUVER_FLAGS),
                maneuvers.direct(kind), _("a combat maneuver: maneuver ATTACKER {kind} TARGET", kind=kind),
                en=english, es=tuple(a for a in aliases if a not in english), group="maneuvers")


VERBS: tuple[Verb, ...] = (
    # -- the action economy and combat actions (starfinder.md §3.2) ------------------------------
    Verb("action", (_Actor("who"), Word("action", meta=N_("ACTION"), fold=False)), economy.action_verb,
         _("tick the actions of the turn (standard, move, swift, full, reaction, free, reset) or a named action (run, "
           "withdraw, full-attack, crawl, guarded-step, stand, drop-prone, attack, aoo, feint, reload, draw)"),
         en=("actions", "use", "tick"), es=("acción", "acciones", "usar"), group="actions"),
    Verb("total-defense", (Who("who"),), tactics.total_defense, _("standard: +4 AC until its next turn"),
         en=("totaldefense", "td", "defend", "defense"), es=("defensa-total",), group="actions"),
    Verb("defensive", (Who("who"), Flag("full", words=("full", "completa", "full-attack"))), tactics.defensive,
         _("-4 attacks, +2 AC until its next turn"), en=("fight-defensively", "fightdefensively", "defensively"),
         es=("defensiva", "luchar-a-la-defensiva", "lucha-defensiva"), group="actions"),
    Verb("cover", (Who("shooter", meta=N_("SHOOTER")), Who("ally", meta=N_("ALLY")), total()), tactics.cover,
         _("covering fire: a ranged attack vs AC 15 gives the ally +2 AC"), en=("covering-fire", "covering"),
         es=("cobertura", "fuego-de-cobertura"), group="actions"),
    Verb("harry", (Who("shooter", meta=N_("SHOOTER")), Who("ally", meta=N_("ALLY")), total()), tactics.harry,
         _("harrying fire: a ranged attack vs AC 15 gives the ally +2 on its next attack"),
         en=("harrying-fire", "harrying"), es=("hostigar", "fuego-hostigador"), group="actions"),
    Verb("attack", (Who("who", meta=N_("ATTACKER")), Who("target", meta=N_("TARGET"), many=True),
                    Rest("rest", spelled=N_("[WEAPON] [full] [ROLL ...] [+N|-N] [flank] [cover] "
                                          "[concealment|total-concealment|miss N] [stop] [at FEET]"))),
         attacks.attack, _("the stat block's attack (atk=): d20 + bonus vs EAC or KAC now, natural 20 doubles "
                           "and applies its critical effect; `full`: every attack"),
         en=("atk",), es=("atacar", "ataca", "ataque"), group="actions"),
    Verb("charge", (Who("who"), Who("target", meta=N_("TARGET"), required=False)), tactics.charge,
         _("full: +1 attack (seed), -2 AC until its next turn"), es=("carga", "cargar"), group="actions"),
    Verb("range", (Feet("distance", meta=N_("DISTANCE")), Feet("increment", meta=N_("INCREMENT")),
                   Flag("thrown", words=("thrown", "arrojadiza", "arrojadizo", "throw"))), tactics.range_verb,
         _("the range-increment penalty of an attack (feet: range 130 60)"), en=("distance",),
         es=("rango", "alcance"), group="actions"),
    # -- combat maneuvers (starfinder.md §3.7) ---------------------------------------------------------
    Verb("maneuver", (Who("attacker", meta=N_("ATTACKER")), Choice("kind", meta=N_("KIND"), choices=maneuvers.KINDS),
                      Who("target", meta=N_("TARGET")), total(), *MANEUVER_FLAGS), maneuvers.maneuver,
         _("a combat maneuver: an attack vs KAC + 8 (bull-rush, dirty-trick, disarm, grapple, reposition, sunder, "
           "trip)"), en=("cm", "manoeuvre"), es=("maniobra",), group="maneuvers"),
    *(_direct(kind, aliases) for kind, aliases in maneuvers.DIRECT.items()),
    # -- injury and care (starfinder.md §3.4-3.6) -------------------------------------------------------
    Verb("medicine", (Who("patient", meta=N_("PATIENT")), total(), Pick("purpose", choices=healing.PURPOSES, es=healing.PURPOSES_ES), BY),
         healing.medicine, _("Medicine DC 15: stabilise, stop bleeding, tend"), en=("medic", "treat"),
         es=("medicina",), group="health"),
    Verb("stabilize", (Who("patient", meta=N_("PATIENT")), total(), BY, Flag("spell", words=healing.SPELL_WORDS),
                       KeyInt("dc", meta=N_("SPELL_DC"), keys=("dc", "cd"))), healing.stabilize,
         _("Medicine DC 15 on the dying, or (with `spell`) the mystic stabilize spell"), en=("stabilise",),
         es=("estabilizar",), group="health"),
    Verb("rest", (Who("names", required=False, rest=True), Hours("hours")), healing.rest,
         _("recovery after rest (out of combat): 1h, 8h (a night) or 24h (bed rest)"), es=("descansar", "descanso"),
         group="health"),
    Verb("coup", (Who("attacker", meta=N_("ATTACKER")), Who("target", meta=N_("TARGET")),
                  Int("damage", meta=N_("DAMAGE"), what=_("the critical damage")), total("fort", N_("FORT_TOTAL")),
                  Flag("disarmed", words=("disarmed", "desarmado", "desarmada")),
                  Word("types", meta=N_("TYPE"), required=False, rest=True, completes="damage-type")),
         healing.coup_de_grace, _("full: an automatic critical on a helpless foe, then Fort DC 10 + level"),
         en=("coup-de-grace",), es=("golpe-de-gracia",), group="health"),
    Verb("smother", (Who("who"), total()), conditions.smother, _("full: a new Reflex save against burning with +4"),
         es=("sofocar", "apagar"), group="health"),
    # -- vehicles (starfinder.md §3.8) ----------------------------------------------------------------------
    Verb("pilot", (Who("vehicle", meta=N_("VEHICLE")), Who("pilot", meta=N_("NAME"))), vehicle_control.take_control,
         _("move: take the controls"), en=("take-control",), es=("pilotar", "tomar-control"), group="vehicles"),
    Verb("handover", (Who("vehicle", meta=N_("VEHICLE")), Who("to", meta=N_("NAME"), required=False)),
         vehicle_control.hand_over, _("swift: pass control (or let go)"), en=("hand-over", "relinquish"),
         es=("traspasar", "ceder"), group="vehicles"),
    Verb("autopilot", (Who("vehicle", meta=N_("VEHICLE")), Choice("switch", meta=N_("on|off"), choices=ON_OFF)),
         vehicle_control.autopilot, _("swift: autopilot on/off"), es=("piloto-automático",), group="vehicles"),
    Verb("autocontrol", (Who("vehicle", meta=N_("VEHICLE")), Choice("switch", meta=N_("on|off"), choices=ON_OFF)),
         vehicle_control.autocontrol, _("swift: lock a straight line"), group="vehicles"),
    Verb("ignite", (Who("vehicle", meta=N_("VEHICLE")),), driving.ignite, _("move: start the vehicle"),
         en=("start-vehicle", "startup", "start-engine"), es=("arrancar",), group="vehicles"),
    Verb("drive", (Who("vehicle", meta=N_("VEHICLE")), Int("feet", meta=N_("FEET"), required=False, what=_("the feet moved"))),
         driving.drive, _("move: up to drive speed"), es=("conducir",), group="vehicles"),
    Verb("race", (Who("vehicle", meta=N_("VEHICLE")), total("total", N_("PILOTING_TOTAL")),
                  Pick("terrain", choices=driving.TERRAIN, es=driving.TERRAIN_ES)), driving.race,
         _("full: Piloting DC 10 + level (15 from a stop)"), es=("carrera", "correr-vehiculo"), group="vehicles"),
    Verb("stop", (Who("vehicle", meta=N_("VEHICLE")),), driving.stop, _("stop after a drive"), es=("parar",),
         group="vehicles"),
    Verb("stopshort", (Who("vehicle", meta=N_("VEHICLE")), total("total", N_("PILOTING_TOTAL"))), driving.stop_short,
         _("move: stop after a race"), en=("stop-short",), es=("parada-en-seco", "frenar"), group="vehicles"),
    Verb("ram", (Who("vehicle", meta=N_("VEHICLE")), Who("target", meta=N_("TARGET")), total("total", N_("PILOTING_TOTAL")),
                 KeyInt("save", meta=N_("TARGET_TOTAL"), keys=("save", "salvación", "ref", "reflex", "salvacion", "defense"),
                        minimum=-99),
                 KeyInt("dmg", meta=N_("COLLISION_ROLL"), keys=("dmg", "daño", "damage", "dano"))), driving.ram,
         _("full: double collision damage to the target, half to the vehicle"), es=("embestir",), group="vehicles"),
    Verb("runover", (Who("vehicle", meta=N_("VEHICLE")),
                     Rest("targets", required=True, spelled=N_("TARGET [REFLEX_TOTAL] [TARGET [REFLEX_TOTAL] ...]")),
                     KeyInt("dmg", meta=N_("COLLISION_ROLL"), keys=("dmg", "daño", "damage", "dano"))), driving.run_over,
         _("full: collision damage to creatures two sizes smaller"), en=("run-over",), es=("atropellar",),
         group="vehicles"),
    Verb("poison", (Who("who"), Rest("words", spelled=N_("dc=N track=str|dex|con|int|wis|cha [every=round|minute|hour|day] "
                                                       "[for=N] [cure=N] [onset=SPAN] [die=N] [name=TEXT] | from CREATURE"))),
         afflictions.verb("poison"),
         _("expose to a poison: DC - 10 HP, a Fort save now, then one at its frequency; each failure a step on its "
           "track"), es=("envenenar", "veneno"), group="ruleset"),
    Verb("disease", (Who("who"), Rest("words", spelled=N_("dc=N [track=physical|mental] [onset=SPAN] [every=day] [cure=N] "
                                                        "[die=N] [name=TEXT] | from CREATURE"))),
         afflictions.verb("disease"),
         _("expose to a disease: a Fort save now, latent, then a save each interval; each failure a step on its "
           "track, consecutive saves a step back"), es=("enfermedad", "contagiar"), group="ruleset"),
    Verb("board", (Who("who"), Who("vehicle", meta=N_("VEHICLE"))), vehicle_control.board, _("move: get aboard"),
         es=("embarcar",), group="vehicles"),
    Verb("disembark", (Who("who"),), vehicle_control.disembark, _("move: get off"), es=("desembarcar",),
         group="vehicles"),
)
