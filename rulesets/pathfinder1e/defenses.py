"""What a monster's hide does to the damage it takes (pathfinder1e.md §1.13): damage reduction,
energy resistance, immunity and vulnerability, from the stat keys ``dr``, ``resist``, ``immune``
and ``vulnerable``, applied by ``dmg`` to the types it carries.

The keys are stored as the GM typed them (``dr=5/plata``) and read here each time; ``check``
refuses a value written wrong when it is added or set, naming the form expected.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from gm_console.ruleset import Combatant, Context, Msg, RulesError, Term, joined, named, of, public

from .i18n import C_, T_, _

RULE = "pathfinder1e.md §1.13"

#: damage kinds: what a portion of damage *is* (each energy its own; the weapon kinds together)
PHYSICAL = {"bludgeoning": T_("defense", "bludgeoning", "contundente"),
            "piercing": T_("defense", "piercing", "perforante"),
            "slashing": T_("defense", "slashing", "cortante")}
ENERGY = {"acid": T_("defense", "acid", "ácido"), "cold": T_("defense", "cold", "frío"),
          "electricity": T_("defense", "electricity",
                                                                                                  "electricidad"),
          "fire": T_("defense", "fire", "fuego"), "sonic": T_("defense", "sonic", "sónico")}
#: other kinds of damage, not energy for resistance, not stopped by DR [O, CRB Damage Reduction]
SPECIAL = {"force": T_("defense", "force", "fuerza"), "positive": T_("defense", "positive energy", "energía positiva"),
           "negative": T_("defense", "negative energy", "energía negativa")}
#: what a weapon or attack is made of or aligned with: the words that get past DR
MATERIAL = {"magic": T_("defense", "magic", "magia"), "silver": T_("defense", "silver", "plata"),
            "cold-iron": T_("defense", "cold iron", "hierro frío"),
            "adamantine": T_("defense", "adamantine", "adamantina"),
            "good": T_("defense", "good", "bien"), "evil": T_("defense", "evil", "mal"),
            "lawful": T_("defense", "lawful", "legal"),
            "chaotic": T_("defense", "chaotic", "caótico"), "epic": T_("defense", "epic", "épico")}
#: how it is delivered: a spell or supernatural ability ignores DR [O]
DELIVERY = {"spell": T_("defense", "spell", "conjuro"), "supernatural": T_("defense", "supernatural", "sobrenatural")}
#: what else a creature may be immune to and `dmg` may carry
OTHER = {"poison": T_("defense", "poison", "veneno"), "bleed": T_("defense", "bleed", "sangrado"),
         "precision": T_("defense", "precision", "precisión"), "nonlethal": T_("defense", "nonlethal", "no letal"),
         "ability": T_("defense", "ability damage", "daño de característica"), "drain": T_("defense", "ability drain",
                                                                                          "consunción"),
         "disease": T_("defense", "disease", "enfermedad"), "critical": T_("defense", "critical hits", "críticos"),
         "mind": T_("defense", "mind-affecting", "enajenador"), "sleep": T_("defense", "sleep", "sueño"),
         "paralysis": T_("defense", "paralysis", "parálisis"), "stun": T_("defense", "stunning", "aturdimiento"),
         "death": T_("defense", "death effects", "efectos de muerte")}

#: what the attack is beside its kind: an incorporeal attacker or a ghost touch weapon; an area effect
FORM = {"incorporeal": T_("defense", "incorporeal or ghost touch", "incorporal o toque fantasmal"),
        "area": T_("defense", "area effect", "efecto de área")}

WORDS: dict[str, Term] = {**PHYSICAL, **ENERGY, **SPECIAL, **MATERIAL, **DELIVERY, **OTHER, **FORM}

ALIASES = {
    "contundente": "bludgeoning", "b": "bludgeoning", "perforante": "piercing", "p": "piercing",
    "cortante": "slashing", "s": "slashing",
    "acido": "acid", "ácido": "acid", "frio": "cold", "frío": "cold", "electricidad": "electricity",
    "elec": "electricity", "fuego": "fire", "sonico": "sonic", "sónico": "sonic",
    "fuerza": "force", "positivo": "positive", "positiva": "positive", "negativo": "negative", "negativa": "negative",
    "magico": "magic", "mágico": "magic", "magia": "magic", "plata": "silver", "cold iron": "cold-iron",
    "coldiron": "cold-iron", "hierro-frio": "cold-iron", "hierro-frío": "cold-iron", "hierro frio": "cold-iron",
    "hierro frío": "cold-iron", "adamantino": "adamantine", "adamantina": "adamantine", "bien": "good",
    "bueno": "good", "mal": "evil", "maligno": "evil", "legal": "lawful", "caotico": "chaotic", "caótico": "chaotic",
    "epico": "epic", "épico": "epic", "conjuro": "spell", "hechizo": "spell", "sobrenatural": "supernatural",
    "su": "supernatural", "veneno": "poison", "sangrado": "bleed", "precisión": "precision", "precision": "precision",
    "nl": "nonlethal", "no-letal": "nonlethal", "noletal": "nonlethal", "no letal": "nonlethal",
    "subdual": "nonlethal", "enfermedad": "disease", "criticos": "critical", "críticos": "critical",
    "crits": "critical", "crit": "critical", "mind-affecting": "mind", "enajenador": "mind", "enajenamiento": "mind",
    "sueno": "sleep", "sueño": "sleep", "paralisis": "paralysis", "parálisis": "paralysis", "aturdimiento": "stun",
    "death-effects": "death", "muerte": "death", "str": "ability", "dex": "ability", "con": "ability",
    "fue": "ability", "des": "ability", "int": "ability", "wis": "ability", "sab": "ability",
    "cha": "ability", "car": "ability", "consuncion": "drain", "consunción": "drain", "drained": "drain",
    "drenaje": "drain", "ghost-touch": "incorporeal", "incorporal": "incorporeal",
    "toque-fantasmal": "incorporeal", "área": "area", "splash": "area", "salpicadura": "area",
}

#: a weapon's enhancement bonus typed on `dmg` (`+3`): what it counts as against DR, from the Core
#: Rulebook's table (Special Abilities, Damage Reduction: Overcoming DR): +1 is magic, +3 cold iron and
#: silver, +4 adamantine, +5 every alignment (pathfinder1e.md §1.13.1)
ENHANCEMENT = {1: ("magic",), 3: ("cold-iron", "silver"), 4: ("adamantine",),
               5: ("good", "evil", "lawful", "chaotic")}
MAX_ENHANCEMENT = 5
ENHANCEMENT_WORDS = tuple(f"+{n}" for n in range(1, MAX_ENHANCEMENT + 1))

#: a critical hit's multiplier typed on `dmg` (`crit x3`): the damage typed is the critical's total, the
#: weapon's damage rolled that many times (pathfinder1e.md §1.13.2); `crit` alone is x2
MULTIPLIERS = {f"{x}{n}": n for n in range(2, 5) for x in ("x", "×")}
CRIT_WORDS = ("critical", "crit", "crits", "critico", "crítico", "critica", "crítica")

#: the type words `dmg` accepts beside the ones it always did (health.DAMAGE_TYPES)
DAMAGE_WORDS = tuple(dict.fromkeys([*WORDS, *(a for a in ALIASES if " " not in a and len(a) > 1),
                                    *ENHANCEMENT_WORDS, *CRIT_WORDS, *MULTIPLIERS]))


def enhancement(types) -> int:
    """The weapon's enhancement bonus typed on `dmg` (``+3``), 0 when none; the highest if several."""
    best = 0
    for t in types:
        for w in str(t).replace("/", ",").split(","):
            w = w.strip()
            if w.startswith("+") and w[1:].isdigit():
                best = max(best, int(w[1:]))
    return best


def counts_as(bonus: int) -> set[str]:
    """What a weapon of that enhancement bonus counts as against DR (pathfinder1e.md §1.13.1)."""
    return {w for need, words in ENHANCEMENT.items() if bonus >= need for w in words}


def multiplier(types) -> int:
    """The critical's multiplier a `dmg` carries: 2 for ``crit`` alone, 3 for ``crit x3`` (or ``x3``),
    0 when it is no critical (pathfinder1e.md §1.13.2)."""
    words = [w.strip().casefold() for t in types for w in str(t).replace("/", ",").split(",")]
    times = [MULTIPLIERS[w] for w in words if w in MULTIPLIERS]
    if times:
        return max(times)
    return 2 if any(w in CRIT_WORDS for w in words) else 0


def refuse_word(word: str) -> "Msg | None":
    """Why `dmg` refuses a word that looks like an enhancement bonus but is none (``+0``, ``+6``), or a
    critical's multiplier out of the weapons' range (``x1``, ``x5``)."""
    w = word.strip()
    low = w.casefold()
    if low[:1] in ("x", "×") and low[1:].isdigit():
        return _("dmg: a critical's multiplier is x2, x3 or x4, not {word} (dmg NAME 30 crit x3: the critical's "
                 "total)", word=w)
    if w.startswith("+") and w[1:].isdigit():
        return _("dmg: a weapon's enhancement bonus is +1 to +{top}, not {word} (+1 magic, +3 cold iron and "
                 "silver, +4 adamantine, +5 alignment)", top=MAX_ENHANCEMENT, word=w)
    return None


def canon(word: str) -> str | None:
    low = word.strip().casefold()
    if low in WORDS:
        return low
    return ALIASES.get(low)


def _near(word: str, choices) -> str:
    close = difflib.get_close_matches(word.casefold(), list(choices), n=1, cutoff=0.75)
    return close[0] if close else ""


def _word(word: str, allowed, form: Msg) -> str:
    key = canon(word)
    if key is None or key not in allowed:
        near = _near(word, [*allowed, *(a for a, k in ALIASES.items() if k in allowed)])
        if near:
            raise RulesError(_("{form}: unknown word {word!r}; did you mean {near}?", form=form, word=word,
                               near=near))
        raise RulesError(_("{form}: unknown word {word!r}", form=form, word=word))
    return key


# -- the stat keys ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Reduction:
    amount: int
    #: what gets past it: any one alternative whose words are all on the attack; () = nothing (DR n/-)
    bypass: tuple[tuple[str, ...], ...]

    def text(self) -> Term:
        """``10/magic and silver`` in the reader's language."""
        if not self.bypass:
            return joined([f"{self.amount}/-"])
        # TRANSLATORS: what bypasses damage reduction: all the words of one alternative ("magic and silver")
        alts = [joined([WORDS[w] for w in alt], C_("dr", " and ")) for alt in self.bypass]
        # TRANSLATORS: ... or any one of the alternatives ("cold iron or good")
        return joined([f"{self.amount}/", joined(alts, C_("dr", " or "))], "")

    def stops(self, carried: set[str]) -> bool:
        return not any(set(alt) <= carried for alt in self.bypass)


DR_FORM = T_("form", "dr=5/silver, dr=10/magic, dr=5/-, dr=15/bludgeoning+magic, dr=5/cold-iron|good "
               "(several: dr=5/-,10/magic)",
               "rd=5/plata, rd=10/magia, rd=5/-, rd=15/contundente+magia, rd=5/hierro-frío|bien "
               "(varias: rd=5/-,10/magia)")
RESIST_FORM = T_("form", "resist=fire:10 or resist=fire:10,cold:5",
                 "resistencia=fuego:10 o resistencia=fuego:10,frío:5")
LIST_FORMS = {"immune": T_("form", "immune=fire or immune=fire,poison", "inmune=fuego o inmune=fuego,veneno"),
              "vulnerable": T_("form", "vulnerable=fire or vulnerable=fire,cold",
                                    "vulnerable=fuego o vulnerable=fuego,frío")}


def read_dr(text: str) -> tuple[Reduction, ...]:
    """``5/silver`` -> DR 5 that silver bypasses; ``+`` joins words all needed, ``|`` alternatives."""
    out = []
    form = _("dr takes AMOUNT/WHAT ({forms})", forms=DR_FORM)
    for part in (p.strip() for p in str(text).split(",")):
        if not part:
            continue
        number, slash, what = part.partition("/")
        if not slash or not number.strip().isdigit() or not what.strip():
            raise RulesError(_("dr={text}: expected AMOUNT/WHAT ({forms})", text=text, forms=DR_FORM))
        amount = int(number)
        if amount > 10**6:
            raise RulesError(_("dr={text}: the amount is out of range", text=text))
        what = what.strip()
        if what in ("-", "—", "–"):
            out.append(Reduction(amount, ()))
            continue
        bypass = []
        for alt in what.split("|"):
            words = tuple(_word(w, {**PHYSICAL, **MATERIAL}, form) for w in alt.split("+") if w.strip())
            if not words:
                raise RulesError(_("dr={text}: expected AMOUNT/WHAT ({forms})", text=text, forms=DR_FORM))
            bypass.append(words)
        out.append(Reduction(amount, tuple(bypass)))
    return tuple(out)


def read_resist(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    form = _("resist takes ENERGY:AMOUNT ({forms})", forms=RESIST_FORM)
    for part in (p.strip() for p in str(text).split(",")):
        if not part:
            continue
        word, colon, number = part.partition(":")
        if not colon or not number.strip().isdigit():
            raise RulesError(_("resist={text}: expected ENERGY:AMOUNT ({forms})", text=text, forms=RESIST_FORM))
        key = _word(word, {**ENERGY, **SPECIAL}, form)
        out[key] = max(out.get(key, 0), min(int(number), 10**6))
    return out


def read_list(key: str, text: str) -> tuple[str, ...]:
    form = _("{key} takes damage types or effects ({forms})", key=key, forms=LIST_FORMS[key])
    return tuple(dict.fromkeys(_word(w, WORDS, form) for w in str(text).split(",") if w.strip()))


FIELDS = ("dr", "resist", "immune", "vulnerable")


def check(stats) -> None:
    """Refuse a defense key written wrong (add and set), before anything is applied."""
    if stats.get("dr"):
        read_dr(stats["dr"])
    if stats.get("resist"):
        read_resist(stats["resist"])
    for key in ("immune", "vulnerable"):
        if stats.get(key):
            read_list(key, stats[key])


@dataclass(frozen=True)
class Defenses:
    dr: tuple[Reduction, ...] = ()
    resist: tuple[tuple[str, int], ...] = ()
    immune: frozenset[str] = frozenset()
    vulnerable: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.dr or self.resist or self.immune or self.vulnerable)


def of_creature(c: Combatant) -> Defenses:
    s = c.stats
    try:
        return Defenses(read_dr(s["dr"]) if s.get("dr") else (),
                        tuple(read_resist(s["resist"]).items()) if s.get("resist") else (),
                        frozenset(read_list("immune", s["immune"])) if s.get("immune") else frozenset(),
                        frozenset(read_list("vulnerable", s["vulnerable"])) if s.get("vulnerable") else frozenset())
    except RulesError:  # a hand-edited save: the damage goes through whole rather than crash
        return Defenses()


# -- applying them ---------------------------------------------------------------------------


def carried(types) -> set[str]:
    """The canonical words a `dmg` carries (``slashing/magic`` is two)."""
    return set(ordered(types))


def kinds(words: set[str], order) -> list[str]:
    """The portions the damage splits into: each energy (or force, positive, negative) on its own,
    and the weapon's damage ("physical") when a weapon kind is named or nothing else is [I]."""
    energies = [k for k in dict.fromkeys(order) if k in ENERGY or k in SPECIAL]
    physical = bool(words & set(PHYSICAL)) or not energies
    return (["physical"] if physical else []) + energies


def split(amount: int, parts: list[str]) -> list[tuple[str, int]]:
    """Even portions, the odd points to the first named [I] (pathfinder1e.md §1.13)."""
    n = len(parts)
    base, extra = divmod(amount, n)
    return [(k, base + (1 if i < extra else 0)) for i, k in enumerate(parts)]


def ordered(types) -> list[str]:
    """The canonical words in the order typed."""
    out = []
    for t in types:
        for w in str(t).replace("/", ",").split(","):
            key = canon(w)
            if key:
                out.append(key)
    return out


def apply(ctx: Context, c: Combatant, amount: int, types) -> int:
    """The damage left after the creature's defenses, each step said in the log (the numbers are the GM's
    unless ``c`` is a PC). Returns what gets through."""
    d = of_creature(c)
    words = carried(types)
    if amount <= 0 or not (d or incorporeal(c) or swarm(c)):
        return amount
    amount = _critical(ctx, c, amount, types)
    if immune(ctx, c, types):
        return 0
    bonus = enhancement(types)
    amount = _incorporeal(ctx, c, amount, words | ({"magic"} if bonus else set()))
    amount = _swarm(ctx, c, amount, words)
    if amount <= 0 or not d:
        return max(0, amount)
    parts = kinds(words, ordered(types))
    portions = split(amount, parts) if len(parts) > 1 else [(parts[0], amount)]
    if len(portions) > 1:
        ctx.say(_("{name}: the damage splits evenly between {kinds}", name=named(c),
                  kinds=_join([_kind(k) for k, _share in portions])), rule=RULE + " [I]", who=c.id,
                detail=_join([_("{n} {kind}", n=of(c, n), kind=_kind(k)) for k, n in portions]))
    total = 0
    for kind, share in portions:
        total += _portion(ctx, c, d, kind, share, words, bonus)
    return total


def immune(ctx: Context, c: Combatant, types) -> bool:
    """Immune to something the damage carries besides its kinds (poison, bleed, precision, nonlethal,
    ability damage or drain): it takes none, and the log says why."""
    d = of_creature(c)
    blocked = sorted((carried(types) & d.immune) - set(ENERGY) - set(PHYSICAL) - set(SPECIAL) - {"critical"})
    if not blocked:
        return False
    ctx.say(_("{name} is immune to {what}: no damage", name=named(c), what=WORDS[blocked[0]]), rule=RULE, who=c.id)
    return True


def _kind(kind: str) -> "Term | Msg":
    return _("weapon damage") if kind == "physical" else WORDS[kind]


def _join(items: list) -> "Msg | Term":
    out = items[-1]
    for item in reversed(items[:-1]):
        out = _("{first}, {rest}", first=item, rest=out)
    return out


def _portion(ctx: Context, c: Combatant, d: Defenses, kind: str, share: int, words: set[str],
             bonus: int = 0) -> int:
    if share <= 0:
        return 0
    name = named(c)
    if kind == "physical":
        hit = words & set(PHYSICAL)
        if hit and hit <= d.immune:
            ctx.say(_("{name} is immune to {what}: no damage", name=name, what=WORDS[sorted(hit)[0]]), rule=RULE,
                    who=c.id)
            return 0
        if words & set(DELIVERY) or not d.dr or ("poison" in words and not hit):
            return share  # DR stops weapons, not spells nor a poison's own damage [O, CRB Damage Reduction]
        plain = [r for r in d.dr if r.stops(words)]
        standing = [r for r in plain if r.stops(words | counts_as(bonus))]
        if not standing and plain:  # the enhancement bonus is what gets past (§1.13.1)
            best = max(plain, key=lambda r: r.amount)
            alt = next(a for a in best.bypass if set(a) <= words | counts_as(bonus))
            ctx.say(_("{name}'s damage reduction is bypassed: a +{bonus} weapon counts as {what}", name=name,
                      bonus=public(bonus), what=_join([WORDS[w] for w in alt if w not in words])),
                    rule=RULE + ".1", who=c.id, detail=_("DR {dr}", dr=of(c, best.text())))
            return share
        if not standing:
            ctx.say(_("{name}'s damage reduction is bypassed", name=name), rule=RULE, who=c.id,
                    detail=_("DR {dr}", dr=of(c, d.dr[0].text())))
            return share
        best = max(standing, key=lambda r: r.amount)
        left = max(0, share - best.amount)
        text = (_("{name}'s damage reduction stops all of the damage", name=name) if not left
                else _("{name}'s damage reduction stops part of the damage", name=name))
        ctx.say(text, rule=RULE, who=c.id, detail=_("DR {dr}: {stopped} of {share} stopped", dr=of(c, best.text()),
                                                     stopped=of(c, share - left), share=of(c, share)))
        return left
    if kind in d.immune:
        ctx.say(_("{name} is immune to {what}: no damage", name=name, what=WORDS[kind]), rule=RULE, who=c.id)
        return 0
    out = share
    if kind in d.vulnerable:
        out = share + share // 2
        ctx.say(_("{name} is vulnerable to {what}: half again as much damage", name=name, what=WORDS[kind]),
                rule=RULE, who=c.id, detail=_("{share} becomes {out}", share=of(c, share), out=of(c, out)))
    resist = dict(d.resist).get(kind, 0)
    if resist:
        left = max(0, out - resist)
        ctx.say(_("{name} resists {what}", name=name, what=WORDS[kind]), rule=RULE, who=c.id,
                detail=_("resistance {n}: {stopped} of {share} stopped", n=of(c, resist), stopped=of(c, out - left),
                         share=of(c, out)))
        out = left
    return out


# -- incorporeal creatures and swarms (pathfinder1e.md §1.16) --------------------------------------

INCORPOREAL_RULE = "pathfinder1e.md §1.16"
MAGICAL = {"magic", "spell", "supernatural", "epic"}


def crit_immune(c: Combatant) -> bool:
    """Immune to critical hits (§1.3, §1.16): ``immune=critical``, an incorporeal creature (Bestiary,
    Incorporeal) or a swarm (Bestiary, Swarm subtype)."""
    return "critical" in of_creature(c).immune or incorporeal(c) or swarm(c)


def _critical(ctx: Context, c: Combatant, amount: int, types) -> int:
    """A critical's total on a creature immune to critical hits: the normal damage, the total divided by
    the multiplier (rounded down) [I]; the extra damage of the critical is what it is immune to [O, Core
    Rulebook, Critical Hits; Bestiary, Incorporeal, Swarm] (pathfinder1e.md §1.13.2)."""
    times = multiplier(types)
    if not times or amount <= 0 or not crit_immune(c):
        return amount
    once = amount // times
    ctx.say(_("{name} is immune to critical hits: the normal damage, not the critical's", name=named(c)),
            rule=RULE + ".2", who=c.id, detail=_("x{m}: {share} becomes {out}", m=public(times),
                                                  share=of(c, amount), out=of(c, once)))
    return once


def incorporeal(c: Combatant) -> bool:
    return bool(c.stats.get("incorporeal")) or c.has("incorporeal")


def swarm(c: Combatant) -> bool:
    return bool(c.stats.get("swarm"))


def _incorporeal(ctx: Context, c: Combatant, amount: int, words: set[str]) -> int:
    """Force and incorporeal (ghost touch) attacks in full; magic weapons, spells and supernatural effects
    half; anything else nothing; precision damage only from ghost touch [O, Bestiary Incorporeal]."""
    if not incorporeal(c):
        return amount
    name = named(c)
    if "incorporeal" in words or ("force" in words and "precision" not in words):
        return amount
    if "precision" in words:
        ctx.say(_("{name} is incorporeal: immune to precision damage (except from ghost touch)", name=name),
                rule=INCORPOREAL_RULE, who=c.id)
        return 0
    if words & MAGICAL:
        ctx.say(_("{name} is incorporeal: half damage from a magical attack", name=name), rule=INCORPOREAL_RULE,
                who=c.id, detail=_("{share} becomes {out}", share=of(c, amount), out=of(c, amount // 2)))
        return amount // 2
    ctx.say(_("{name} is incorporeal: immune to nonmagical attacks (magic, spell, supernatural: half; force, "
              "ghost touch: full)", name=name), rule=INCORPOREAL_RULE, who=c.id)
    return 0


def _swarm(ctx: Context, c: Combatant, amount: int, words: set[str]) -> int:
    """A swarm's size decides what weapons do: Fine or Diminutive immune to weapon damage, Tiny half from
    slashing and piercing; an area effect deals half again as much [O, Bestiary Swarm]."""
    if not swarm(c):
        return amount
    name = named(c)
    weapon = not (words & (set(ENERGY) | set(SPECIAL) | set(DELIVERY)))
    size = str(c.stats.get("size") or "medium")
    if weapon and size in ("fine", "diminutive"):
        ctx.say(_("{name} is a swarm of creatures too small to hit: immune to weapon damage", name=name),
                rule=INCORPOREAL_RULE, who=c.id)
        return 0
    if weapon and size == "tiny" and words & {"slashing", "piercing"} and "bludgeoning" not in words:
        ctx.say(_("{name} is a swarm of Tiny creatures: half damage from slashing and piercing weapons", name=name),
                rule=INCORPOREAL_RULE, who=c.id, detail=_("{share} becomes {out}", share=of(c, amount),
                                                          out=of(c, amount // 2)))
        amount //= 2
    if "area" in words and amount > 0:
        out = amount + amount // 2
        ctx.say(_("{name} is a swarm: half again as much damage from an area effect", name=name),
                rule=INCORPOREAL_RULE, who=c.id, detail=_("{share} becomes {out}", share=of(c, amount),
                                                          out=of(c, out)))
        amount = out
    return amount
