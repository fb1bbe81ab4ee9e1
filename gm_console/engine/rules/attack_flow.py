"""A d20 game's ``attack`` verb, the flow both Pathfinder and Starfinder follow (docs/sheets.md#attacks).

``attack ATTACKER TARGET[,TARGET...] [WEAPON] [full] [+N|-N] [ROLL ...] [WORD ...]``: the weapon
is one of the attacker's ``atk`` stat (engine/core/attacks.py), named by a word of its name; ROLL
are natural d20s rolled at the table (used in order, the rest rolled or asked like any die);
+N/-N anything else; the WORDs are the game's (``charge``, ``flank``, ``cover``...).

Each attack: d20 + the published bonus + what the game says the attacker's state adds now,
against the defence the game says the target has now; a natural 1 misses, a natural 20 hits;
a miss chance (concealment) is rolled on a hit; the game decides a critical (Pathfinder's
threat and confirmation, Starfinder's natural 20); the damage is rolled (the dice and flat
bonuses times the critical multiplier) and dealt through the game's own ``Health.damage``.
A full attack makes every attack of the weapon (iteratives, then the other weapons' when none
is named, ``2 claws`` twice) against the first target, moving to the next when one falls;
``stop`` ends it when the last target falls. The whole line is one action: refused before
anything is rolled, or done whole.

What is specific to a game is an ``AttackRules`` subclass: its hooks below.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from gm_console.i18n import C_, Msg, N_, Row, T_, Term, _, joined

from ..core.attacks import Attack, find, rider_damage
from ..core.attacks import of as attacks_of
from .checks import record_check
from .effects import quoted
from .offers import offer
from ..core.contract import Ruleset, RulesError
from ..core.state import Combatant
from ..core.text import fold_text, listing
from ..core.rider_words import rider_term
from ..core.weapon_names import weapon_term
from ..core.words import BYPASS, DAMAGE_AFTER, DAMAGE_TYPES
from ..core.told import dealt, either, named, of, public
from ..core.whose import possessive

HIT, MISS = T_("attack outcome", "hit", "impacta"), T_("attack outcome", "miss", "falla")
#: what an attack that hits deals when the players may not read how much
DAMAGE = T_("attack outcome", "damage", "daño")
#: the table's option: the players read an attack's natural d20 and total (docs/sheets.md#attacks)
SHOW_ROLLS = "players_attack_rolls"
#: the attack's line as saves written before its possessive followed the attacker hold it ("with
#: its" whoever attacked), and the range note: kept in the catalogue so their log still reads, in
#: Spanish too
FORMER_IDS = (N_("{name} attacks {target} with its {weapon}: {outcome}"),
              N_("{name}'s {weapon} has no range increment in its stat block: the distance changes nothing"))



@dataclass
class Plan:
    """What the command line asked for, read before anything happens."""

    attacker: Combatant
    targets: list[Combatant]
    swings: list[tuple[Attack, int]]
    naturals: list[int]
    extra: int
    words: set[str]
    values: dict[str, Any] = field(default_factory=dict)


@dataclass
class Roll:
    """One attack roll, as the log tells it."""

    natural: int
    parts: list[tuple[str, int]]
    defence: Term
    value: int
    why: list[tuple[str, int]]
    #: the d20s behind ``natural`` when the game rolled more than one (fifth edition's
    #: advantage: "2d20kh1 (5, 17)"), for the detail; None for a single d20
    dice: Any = None

    @property
    def total(self) -> int:
        return self.natural + sum(d for _l, d in self.parts)

    def hits(self) -> bool:
        return self.natural == 20 or (self.natural != 1 and self.total >= self.value)


@dataclass(frozen=True)
class Crit:
    """A hit's critical: the damage multiplier (1: none), whether it threatened one, and the
    confirmation roll told in the attack's detail."""

    multiplier: int = 1
    threatened: bool = False
    detail: Any = None


#: the words every d20 game's attack takes: folded spelling -> canonical word
WORDS = {
    "full": "full", "completo": "full", "completa": "full", "full-attack": "full", "ataque-completo": "full",
    "flank": "flank", "flanking": "flank", "flanqueo": "flank", "flanqueando": "flank", "flanquea": "flank",
    "cover": "cover", "cobertura": "cover", "partial-cover": "partial-cover", "cobertura-parcial": "partial-cover",
    "improved-cover": "improved-cover", "cobertura-mejorada": "improved-cover",
    "concealment": "concealment", "concealed": "concealment", "ocultacion": "concealment", "oculto": "concealment",
    "total-concealment": "total-concealment", "ocultacion-total": "total-concealment",
    "miss": "miss", "fallo": "miss",
    "stop": "stop", "parar": "stop", "para": "stop",
}
#: cover's bonus to AC, both games (pathfinder1e.md §1.19, starfinder.md §3.17)
COVER = {"partial-cover": 2, "cover": 4, "improved-cover": 8}
COVER_NAMES = {"partial-cover": T_("breakdown", "partial cover", "cobertura parcial"),
               "cover": T_("breakdown", "cover", "cobertura"),
               "improved-cover": T_("breakdown", "improved cover", "cobertura mejorada")}
#: the labels of a roll's breakdown and of a miss chance, each the catalogue's too (msgctxt breakdown)
PRONE_RANGED = T_("breakdown", "prone vs ranged", "tumbado contra a distancia")
PRONE_MELEE = T_("breakdown", "prone vs melee", "tumbado contra cuerpo a cuerpo")
FLANKING = T_("breakdown", "flanking", "flanqueo")
HELPLESS_TARGET = T_("breakdown", "helpless target", "objetivo indefenso")
OTHER = T_("breakdown", "other", "otros")
MISS_CHANCE = T_("breakdown", "miss chance", "probabilidad de fallo")
CONCEALMENT = T_("breakdown", "concealment", "ocultación")
TOTAL_CONCEALMENT = T_("breakdown", "total concealment", "ocultación total")
BLINDED_ATTACKER = T_("breakdown", "blinded attacker", "atacante cegado")
INVISIBLE_TARGET = T_("breakdown", "invisible target", "objetivo invisible")

#: the distance the GM says (``at 70``, Spanish ``a 70``): feet from the attacker to the target
#: (pathfinder1e.md §1.19.4, starfinder.md §3.17.6); a game that counts range increments takes these
DISTANCE_WORDS = {"at": "at", "a": "at"}
#: a thrown weapon's names (Pathfinder: five range increments, not ten): words of the stat block's name
THROWN = frozenset({"thrown", "javelin", "javelins", "dart", "darts", "dagger", "daggers", "spear", "spears",
                    "shortspear", "trident", "shuriken", "starknife", "throwing", "hammer", "club", "net", "bolas",
                    "rock", "rocks", "boulder", "bomb", "bombs", "flask", "alchemist's", "jabalina", "jabalinas",
                    "dardo", "dardos", "daga", "dagas", "lanza", "lanzas", "roca", "rocas", "arrojadiza", "bomba"})


def distance(plan: Plan) -> int | None:
    """The feet the line says (``at 70``), None when it says none."""
    return plan.values.get("at") if "at" in plan.words else None


def increment(atk: Attack) -> int | None:
    """An attack's range increment in feet (``range 60``; 5e's ``80/320`` reads its first)."""
    first = atk.range.split("/")[0]
    return int(first) if first.isdigit() and int(first) > 0 else None


def thrown(atk: Attack) -> bool:
    return any(w in THROWN for w in fold_text(atk.name).replace(",", " ").split())


def check_distance(ctx, plan: Plan, max_increments) -> None:
    """Before anything is rolled: ``at`` needs its feet; a ranged attack beyond its maximum range
    (``max_increments(atk)`` range increments) is refused; a melee attack beyond its reach is
    noted for the GM, not refused."""
    if "at" not in plan.words:
        return
    feet = distance(plan)
    if feet is None:
        raise RulesError(_("attack: at takes the distance in feet, like at 70"), param="distance")
    for atk in dict.fromkeys(a for a, _b in plan.swings):
        inc = increment(atk)
        if atk.ranged and inc:
            most = max_increments(atk) * inc
            if feet > most:
                raise RulesError(_("attack: {feet} ft is beyond the {weapon}'s maximum range ({n} increments of "
                                   "{inc} ft = {most} ft)", feet=feet, weapon=weapon_term(atk.name),
                                   n=max_increments(atk), inc=inc, most=most), param="distance")
        elif atk.ranged:
            ctx.say(_("{name}'s {weapon} has no range increment in {whose} stat block: the distance changes nothing",
                      whose=possessive(plan.attacker),
                      name=named(plan.attacker), weapon=weapon_term(atk.name)), who=plan.attacker.id, gm_only=True)
        elif atk.reach is not None and feet > atk.reach:
            ctx.say(_("{name}'s {weapon} reaches {reach} ft and the target is {feet} ft away (the GM's call)",
                      name=named(plan.attacker), weapon=weapon_term(atk.name), reach=atk.reach, feet=feet),
                    who=plan.attacker.id, gm_only=True)


def range_parts(plan: Plan, atk: Attack) -> list[tuple[Any, int]]:
    """-2 for each full range increment beyond the first (``at 70`` with a 60 ft increment: -2;
    at 120: -2; at 121: -4)."""
    feet, inc = distance(plan), increment(atk)
    if feet is None or not atk.ranged or not inc or feet <= inc:
        return []
    return [(C_("breakdown", "range {feet} ft", feet=feet), -2 * (-(-feet // inc) - 1))]



@dataclass(frozen=True)
class Tick:
    """A tick box of the console's attack form (docs/sheets.md#attacks): the canonical word it puts
    on the line and its label in the game's own words; the ticks of one ``group`` exclude each
    other (fifth edition's half or three-quarters cover)."""

    word: str
    label: Term
    group: str = ""


#: the attack form's defaults, for a game that says nothing of its own (docs/sheets.md#attacks)
FULL_LABEL = T_("attack form", "Full attack: every attack of this weapon", "Ataque completo: todos los ataques de esta arma")
EVERY_LABEL = T_("attack form", "Every attack (full attack)", "Todos los ataques (ataque completo)")
MORE_LABEL = T_("attack form", "More: +N, flank, cover, concealment, stop", "Más: +N, flanqueo, cobertura, ocultación, parar")


class AttackRules:
    """A game's answers; the flow asks them in this order for each attack."""

    rule = ""
    #: labels a game's breakdown and miss chances use (both languages)
    FLANKING, HELPLESS_TARGET = FLANKING, HELPLESS_TARGET
    BLINDED_ATTACKER, INVISIBLE_TARGET = BLINDED_ATTACKER, INVISIBLE_TARGET
    #: words the tail takes: folded spelling -> canonical word
    words: dict[str, str] = WORDS
    #: words that take a number after them (``miss 20``): canonical word -> default
    valued: dict[str, int] = {"miss": 20}
    #: an attack as this game's stat blocks write it, for a refusal's "give them: set NAME atk=..."
    example: Term = T_("attack example", "short sword +2 1d4 19-20/x2 slashing",
                       "espada corta +2 1d4 19-20/x2 cortante")
    #: what the console's attack form offers, each in the game's own words (docs/sheets.md#attacks):
    #: the tick box that makes every attack of the chosen weapon (``full``; None: the game has no
    #: such attack), the weapons list's entry for every attack at once, the game's tick boxes, and
    #: what the "More" field takes typed; the distance is asked where ``words`` take ``at``
    full_label: Term | None = FULL_LABEL
    every_label: Term = EVERY_LABEL
    ticks: tuple[Tick, ...] = ()
    more_label: Term = MORE_LABEL

    @staticmethod
    def position(plan: Plan, prone: bool, atk: Attack) -> list[tuple[str, int]]:
        """A prone target's -4 AC against melee and +4 against ranged, and the cover the line names."""
        more = []
        if prone:
            more.append((PRONE_RANGED, 4) if atk.ranged else (PRONE_MELEE, -4))
        cover = next((w for w in COVER if w in plan.words), None)
        if cover:
            more.append((COVER_NAMES[cover], COVER[cover]))
        return more

    @staticmethod
    def said_chances(plan: Plan) -> list[tuple[int, str]]:
        """The miss chances the line names: `miss N`, concealment 20%, total concealment 50%."""
        chances = []
        if "miss" in plan.words:
            chances.append((plan.values["miss"], MISS_CHANCE))
        if "total-concealment" in plan.words:
            chances.append((50, TOTAL_CONCEALMENT))
        if "concealment" in plan.words:
            chances.append((20, CONCEALMENT))
        return chances

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def prepare(self, ctx, plan: Plan) -> None:
        """Before any roll (``charge`` charges, refusals of the game's own)."""

    def state_parts(self, state, a: Combatant, atk: Attack) -> list[tuple[str, int]]:
        """What the attacker's state adds to this attack now, whatever the target (its conditions,
        effects, ability changes): what `show --json` adds to the printed bonus."""
        return []

    def attack_parts(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> list[tuple[str, int]]:
        """``state_parts`` and what this target and this line add (flanking, a helpless target)."""
        return self.state_parts(ctx.state, a, atk)

    def defence_key(self, atk: Attack) -> str:
        """The defence an attack targets, as scripts read it (``ac``, ``touch``, ``eac``, ``kac``)."""
        return atk.defence or "ac"

    def defence(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> tuple[Term, int, list]:
        raise NotImplementedError

    def miss_chance(self, ctx, plan: Plan, a: Combatant, t: Combatant) -> tuple[int, str]:
        return 0, ""

    def critical(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack, roll: Roll) -> "Crit":
        """Whether a hit is a critical (may roll a confirmation, told in the attack's detail)."""
        return Crit()

    def damage_parts(self, ctx, plan: Plan, a: Combatant, atk: Attack) -> list[tuple[str, int]]:
        return []

    def d20(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> str:
        """The attack roll's dice: "1d20", or "2d20kh1"/"2d20kl1" where the game has advantage
        and disadvantage (fifth edition); the highest or lowest is the natural."""
        return "1d20"

    def roll_damage(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack, multiplier: int) -> tuple[int, Any]:
        """The damage of a hit and how the detail tells it. Default: the dice and flat bonuses
        rolled ``multiplier`` times (the d20 critical); fifth edition doubles only the dice."""
        return _damage(ctx, self, plan, a, t, atk, multiplier)

    def dealt_types(self, atk: Attack, multiplier: int) -> tuple[str, ...]:
        """The words the damage reaches ``Health.damage`` with. Default: the attack's types."""
        return tuple(atk.types)

    def after_critical(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> None:
        """A critical's own effect (Starfinder's ``critical bleed 1d4``)."""

    def after_hit(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> None:
        """After a hit's damage, the target still alive: what its riders offer (``plus grab``:
        ``offer(ctx, ...)``, engine/rules/offers.py); a critical's own effect is ``after_critical``."""

    def fallen(self, t: Combatant) -> bool:
        return t.life not in ("ok", "disabled", "staggered")


def refuse_attacks(a: Combatant, word: str, rules: "AttackRules | None" = None) -> RulesError:
    names = [atk.name for atk in attacks_of(a.stats.get("atk"))]
    if not names:
        example = (rules or AttackRules).example
        return RulesError(_('{name} has no attacks in {whose} stat block; give them: set {name} atk="{example}"',
                            whose=possessive(a), name=a.name, example=example))
    return RulesError(_("{name} has no attack {word!r}; {whose} attacks: {names}", whose=possessive(a, several=True),
                        name=a.name, word=word, names=listing(names)))


def read(ctx, rules: AttackRules, call, verb: str) -> Plan:
    """The line read whole (targets, weapon, dice, words) or refused with nothing done."""
    a = ctx.combatant(call.who)
    if a.life == "dead":
        ctx.fail(_("{name} is dead and cannot attack", name=a.name))
    targets = [ctx.combatant(ref) for ref in call.target]
    for t in targets:
        if t.id == a.id:
            ctx.fail(_("{verb}: {name} cannot attack itself", verb=verb, name=a.name))
        if t.life == "dead":
            ctx.fail(_("{name} is already dead", name=t.name))
    naturals, extra, words, values, weapon = [], 0, set(), {}, []
    tokens = list(call.rest)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        key = fold_text(tok).replace(" ", "-")
        if re.fullmatch(r"\d{1,2}", tok, re.A):
            n = int(tok)
            if not 1 <= n <= 20:
                raise RulesError(_("{verb}: ROLL is a natural d20 (1-20), not {word}", verb=verb, word=tok),
                                 param="roll")
            naturals.append(n)
        elif re.fullmatch(r"[+-]\d{1,3}", tok, re.A):
            extra += int(tok)
        elif key in rules.words:
            word = rules.words[key]
            words.add(word)
            if word in rules.valued:
                nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
                number = re.fullmatch(r"(\d{1,5})(?:%|ft|pies)?", nxt, re.A | re.I)
                values[word] = int(number.group(1)) if number else rules.valued[word]
                i += 1 if number else 0
        else:
            weapon.append(tok)
        i += 1
    attacks = attacks_of(a.stats.get("atk"))
    if not attacks:
        raise refuse_attacks(a, " ".join(weapon), rules)
    if weapon:
        chosen = find(attacks, " ".join(weapon))
        if chosen is None:
            raise refuse_attacks(a, " ".join(weapon), rules)
        attacks = [chosen]
    full = "full" in words
    if full:
        swings = [(atk, b) for atk in attacks for _n in range(atk.count) for b in atk.bonuses]
    else:
        swings = [(attacks[0], attacks[0].bonus)] * len(targets)
    return Plan(a, targets, swings, naturals, extra, words, values)


def run(ctx, rules: AttackRules, call, verb: str) -> None:
    plan = read(ctx, rules, call, verb)
    rules.prepare(ctx, plan)
    ctx.acting(plan.attacker)
    full = "full" in plan.words
    at = 0
    for k, (atk, bonus) in enumerate(plan.swings):
        if full:
            while at < len(plan.targets) - 1 and rules.fallen(ctx.state.get(plan.targets[at].id)):
                at += 1
            target = ctx.state.get(plan.targets[at].id)
            if "stop" in plan.words and rules.fallen(target):
                ctx.say(_("{name} stops: {target} is down", name=named(plan.attacker), target=named(target)),
                        rule=rules.rule, who=plan.attacker.id)
                return
        else:
            target = ctx.state.get(plan.targets[k].id)
        one(ctx, rules, plan, ctx.state.get(plan.attacker.id), target, atk, bonus)


def _natural(ctx, plan: Plan, purpose: Msg, who: str) -> int:
    if plan.naturals:
        return plan.naturals.pop(0)
    return ctx.roll("1d20", purpose=purpose, who=who).total


def _naturals(ctx, plan: Plan, purpose: Msg, who: str, dice: str) -> tuple[int, Any]:
    """The natural of an attack rolled on ``dice`` (2d20kh1: both d20s, the higher kept), the
    table's ROLLs used first, and the dice as the detail tells them."""
    if dice == "1d20":
        return _natural(ctx, plan, purpose, who), None
    given = [plan.naturals.pop(0) for _k in range(min(2, len(plan.naturals)))]
    if len(given) < 2:
        ctx.dice.forced[:0] = given  # the table's die first, the other rolled or asked
        rolled = [d.value for d in ctx.roll(dice, purpose=purpose, who=who).dice]  # the log: 2d20kh1 (4, 16) = 16
    else:
        rolled = given
    kept = max(rolled) if "kh" in dice else min(rolled)
    return kept, f"{dice} ({', '.join(map(str, rolled))})"


def roll_against(ctx, rules: AttackRules, plan: Plan, a: Combatant, t: Combatant, atk: Attack, bonus: int,
                 purpose: Msg) -> Roll:
    parts = [(weapon_term(atk.name), bonus), *_named(ctx, rules.attack_parts(ctx, plan, a, t, atk))]
    if plan.extra:
        parts.append((OTHER, plan.extra))
    name, value, why = rules.defence(ctx, plan, a, t, atk)
    natural, dice = _naturals(ctx, plan, purpose, a.id, rules.d20(ctx, plan, a, t, atk))
    return Roll(natural, parts, name, value, _named(ctx, why), dice)


def _named(ctx, parts: Sequence[tuple[Any, int]]) -> list[tuple[Any, int]]:
    """A breakdown's labels that name a condition (``shaken``) in both languages, as its catalogue
    names it; any other label as the game gave it."""
    catalogue = ctx.ruleset.conditions.catalogue
    return [(catalogue.label(label) if isinstance(label, str) else label, d) for label, d in parts]


def one(ctx, rules: AttackRules, plan: Plan, a: Combatant, t: Combatant, atk: Attack, bonus: int) -> None:
    weapon = weapon_term(atk.name)
    roll = roll_against(ctx, rules, plan, a, t, atk, bonus,
                        _("{attacker}: {weapon} attack on {target}", attacker=named(a), weapon=weapon,
                          target=named(t)))
    hit = roll.hits()
    chance, why_miss = rules.miss_chance(ctx, plan, a, t) if hit else (0, "")
    missed_by_chance = None
    if chance:
        d = ctx.roll("1d100", purpose=_("{target}: {chance}% miss chance ({why})", target=named(t),
                                        chance=chance, why=why_miss), who=a.id).total
        missed_by_chance = d <= chance
        hit = not missed_by_chance
    crit = rules.critical(ctx, plan, a, t, atk, roll) if hit else Crit()
    multiplier = crit.multiplier
    rolled_detail, amount = None, 0
    if hit and atk.dice != "-":
        amount, rolled_detail = rules.roll_damage(ctx, plan, a, t, atk, multiplier)
    extra = _riders(ctx, a, t, atk) if hit else []
    outcome = _outcome(roll, hit, crit, missed_by_chance, chance, t, amount, atk)
    detail = _detail(ctx, a, t, roll, rolled_detail, crit.detail)
    for dice, rolled, _types in extra:
        detail = _("{attack}; {damage}", attack=detail, damage=_("plus {dice} ({rolled})", dice=of(a, dice),
                                                                  rolled=of(a, rolled)))
    ctx.say(_("{name} attacks {target} with {whose} {weapon}: {outcome}", name=named(a), target=named(t),
              whose=possessive(a), weapon=weapon, outcome=outcome), rule=rules.rule, who=a.id, detail=detail)
    record_check(ctx, a, f"attack ({atk.name}) on {t.name}", roll.total, dice=(roll.natural,),
                 bonus=roll.total - roll.natural, against=f"{t.name} {roll.defence.en} {roll.value}", target=roll.value,
                 outcome="success" if hit else "failure")
    if hit and atk.dice != "-":
        _deal(ctx, t, amount, rules.dealt_types(atk, multiplier))
    for _dice, rolled, types in extra:
        if t.id in ctx.state.combatants and ctx.state.get(t.id).life != "dead":
            _deal(ctx, ctx.state.get(t.id), rolled, types)
    if hit and multiplier > 1:
        rules.after_critical(ctx, plan, a, ctx.state.get(t.id) if t.id in ctx.state.combatants else t, atk)
    if hit and t.id in ctx.state.combatants and ctx.state.get(t.id).life != "dead":
        rules.after_hit(ctx, plan, ctx.state.get(a.id), ctx.state.get(t.id), atk)


def _outcome(roll: Roll, hit: bool, crit: Crit, by_chance, chance: int, t: Combatant, amount: int,
             atk: Attack) -> Msg | Term:
    if not hit:
        if by_chance:
            return _("miss ({chance}% miss chance)", chance=public(chance))
        return _("natural 1, miss") if roll.natural == 1 else MISS
    types = type_term(atk.types)
    riders = joined([rider_term(r) for r in atk.riders], "; ") if atk.riders else ""
    if atk.dice == "-":
        what = _("hit, {riders}", riders=riders) if riders else HIT
        return what
    # the damage is told as the players may read it: a foe's only with the table's players_damage
    damage = either(_("{amount} {types}", amount=dealt(t, amount), types=types) if atk.types else dealt(t, amount),
                    types if atk.types else DAMAGE)
    if crit.multiplier > 1:
        what = _("critical hit (x{m}), {damage}", m=public(crit.multiplier), damage=damage)
    elif crit.threatened:
        what = _("hit, critical not confirmed, {damage}", damage=damage)
    elif roll.natural == 20:
        what = _("natural 20, hit, {damage}", damage=damage)
    else:
        what = _("hit, {damage}", damage=damage)
    if riders:
        what = _("{what}, {riders}", what=what, riders=riders)
    return what


def type_term(types: Sequence[str]) -> "Msg | Term":
    """An attack's damage types in the reader's language, its qualities after them in
    parentheses (what it bypasses, nonlethal): ``slashing and piercing (magic)``, ``cortante
    (plata, adamantina)``, ``5 electricity (nonlethal)``; the stat block's ``slashing&piercing``
    read as a sentence says it."""
    qualities = {**BYPASS, "nonlethal": DAMAGE_TYPES["nonlethal"]}
    kinds = [DAMAGE_AFTER.get(t, t) for t in types if t not in qualities]
    # TRANSLATORS: a weapon's damage types, all of them at once ("bludgeoning, piercing and slashing")
    if len(kinds) > 1:
        kind = _("{types} and {last}", types=joined(kinds[:-1], ", "), last=kinds[-1])
    else:  # one, or none (damage of no named type)
        kind = kinds[0] if kinds else joined(())
    bypass = [qualities[t] for t in types if t in qualities]
    if not bypass:
        return kind
    if not kinds:
        # TRANSLATORS: damage of no named type from a weapon that bypasses damage reduction ("7 damage (magic)")
        return _("damage ({bypass})", bypass=Row(tuple(bypass)))
    # TRANSLATORS: damage types, then what the weapon counts as against damage reduction ("slashing (magic)")
    return _("{types} ({bypass})", types=kind, bypass=Row(tuple(bypass)))


def signed(parts: Sequence[tuple[Any, int]]) -> Term:
    """``+2 short sword -2 shaken``, each label in the reader's language."""
    return joined([joined([f"{d:+d}", label]) for label, d in parts if d or label])


def _detail(ctx, a: Combatant, t: Combatant, roll: Roll, rolled, confirm) -> Any:
    why = joined([" (", signed(roll.why), ")"], sep="") if roll.why else ""
    nat = roll.natural if roll.dice is None else f"{roll.natural} [{roll.dice}]"
    full = _("{nat} {parts} = {total} vs {defence} {value}{why}", nat=of(a, nat), parts=of(a, signed(roll.parts)),
             total=of(a, roll.total), defence=roll.defence, value=of(t, roll.value), why=of(t, why))
    if confirm is not None:
        full = _("{attack}; {confirm}", attack=full, confirm=confirm)
    if rolled is not None:
        full = _("{attack}; {damage}", attack=full, damage=rolled)
    if ctx.option(SHOW_ROLLS):
        return either(full, _("d20 {nat}, total {total}", nat=public(roll.natural), total=public(roll.total)))
    return full


def _damage(ctx, rules: AttackRules, plan: Plan, a: Combatant, t: Combatant, atk: Attack,
            multiplier: int) -> tuple[int, Msg]:
    """The weapon's dice and flat bonus, and the state's damage changes, rolled ``multiplier``
    times and added (a critical multiplies dice and bonuses alike)."""
    parts = _named(ctx, rules.damage_parts(ctx, plan, a, atk))
    rolled = []
    for _k in range(multiplier):
        rolled.append(ctx.roll(atk.dice, purpose=_("damage of {attacker}'s {weapon} to {target}", attacker=named(a),
                                                    weapon=weapon_term(atk.name), target=named(t)), who=a.id).total)
    flat = sum(d for _l, d in parts) * multiplier
    amount = sum(rolled) + flat
    dice = atk.dice if multiplier == 1 else f"{atk.dice} x{multiplier}"
    text = joined(["+".join(str(r) for r in rolled),
                   *((signed(parts), f"x{multiplier}" if multiplier > 1 else "") if parts else ())])
    return amount, _("{dice} ({rolled})", dice=of(a, dice), rolled=of(a, text))


def _riders(ctx, a: Combatant, t: Combatant, atk: Attack) -> list[tuple[str, int, tuple[str, ...]]]:
    """The riders that are extra damage (``plus 1d6 fire``), rolled once each: never multiplied."""
    out = []
    for rider in atk.riders:
        found = rider_damage(rider)
        if found is not None:
            dice, types = found
            rolled = ctx.roll(dice, purpose=_("{attacker}'s {weapon}: plus {rider}", attacker=named(a),
                                              weapon=weapon_term(atk.name), rider=rider), who=a.id).total
            out.append((dice, rolled, types))
    return out


def _deal(ctx, t: Combatant, amount: int, types: Sequence[str]) -> None:
    """Through the game's damage, with the types it knows (Starfinder has no `silver`)."""
    health = ctx.ruleset.health
    known = set(health.damage_types())
    types = tuple(w for w in types if not known or w in known)
    if amount < 1:
        amount, types = health.minimum_damage(ctx, t, amount, types)
    health.damage(ctx, t, amount, types)


#: a rider's first word -> what it offers (pathfinder1e.md §1.19.5, starfinder.md §3.17.7)
RIDERS = {"grab": "grab", "agarron": "grab", "agarrar": "grab", "trip": "trip", "derribo": "trip",
          "derribar": "trip", "poison": "poison", "veneno": "poison", "disease": "disease", "enfermedad": "disease"}


def rider_kinds(atk: Attack) -> list[str]:
    """The riders of ``atk`` that offer something (``plus grab``, ``plus poison``), in order."""
    out = []
    for rider in atk.riders:
        words = fold_text(rider).split()
        kind = RIDERS.get(words[0]) if words else None
        if kind and kind not in out:
            out.append(kind)
    return out


def offer_affliction(ctx, a: Combatant, t: Combatant, atk: Attack, kind: str) -> None:
    """``plus poison`` / ``plus disease``: the exposure to the attacker's own (``poison=`` on its
    stat block), offered as ``poison TARGET from ATTACKER``; without one, the rider is only told."""
    if a.stats.get(kind) not in (None, ""):
        offer(ctx, a, t, atk.name, kind, kind, f"{kind} {quoted(t)} from {quoted(a)}")


def listed(rules: AttackRules | None, state, c: Combatant) -> list[dict[str, Any]]:
    """``c``'s attacks for scripts (``show --json``): each as the stat block writes it and with the
    bonus it has now, conditions applied (docs/json.md)."""
    out = []
    for atk in attacks_of(c.stats.get("atk")):
        now = sum(d for _l, d in rules.state_parts(state, c, atk)) if rules is not None else 0
        out.append({"name": atk.name, "text": atk.text, "count": atk.count, "printed": list(atk.bonuses),
                    "bonus": [b + now for b in atk.bonuses], "damage": atk.dice, "types": list(atk.types),
                    "kind": atk.kind, "defence": rules.defence_key(atk) if rules is not None else atk.defence,
                    "crit": atk.crit_text(), "critical": atk.critical, "riders": list(atk.riders),
                    "reach": atk.reach, "range": atk.range or None})
    return out
