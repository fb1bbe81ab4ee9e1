"""Damage and healing: temporary HP, then stamina, then HP, in one hit (starfinder.md §3.3).

Types pick the armour class the attack was aimed at (energy -> EAC, anything else ->
KAC) and the resistance that applies; ``nonlethal`` knocks out instead of killing;
``continuous`` (bleed, burn) counts as its own instance at 0 HP.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.ruleset import Combatant, Context, fold_text

from . import life
from .common import say
from .figures import value

ENERGY = ("acid", "cold", "electricity", "fire", "sonic")
KINETIC = ("bludgeoning", "piercing", "slashing")
#: word -> canonical damage types (energy words of the seed map to their SF types)
TYPE_WORDS: dict[str, tuple[str, ...]] = {
    "acid": ("acid",), "a": ("acid",), "acido": ("acid",), "ácido": ("acid",),
    "cold": ("cold",), "c": ("cold",), "frio": ("cold",), "frío": ("cold",),
    "electricity": ("electricity",), "e": ("electricity",), "electric": ("electricity",),
    "electricidad": ("electricity",), "electrico": ("electricity",), "eléctrico": ("electricity",),
    "fire": ("fire",), "f": ("fire",), "fuego": ("fire",),
    "sonic": ("sonic",), "so": ("sonic",), "sonico": ("sonic",), "sónico": ("sonic",),
    "plasma": ("electricity", "fire"), "laser": ("fire",), "láser": ("fire",), "solar": ("fire",),
    "energy": ("energy",), "energia": ("energy",), "energía": ("energy",), "arcane": ("energy",),
    "arcano": ("energy",),
    "bludgeoning": ("bludgeoning",), "b": ("bludgeoning",), "contundente": ("bludgeoning",),
    "piercing": ("piercing",), "p": ("piercing",), "perforante": ("piercing",),
    "slashing": ("slashing",), "s": ("slashing",), "cortante": ("slashing",),
    "kinetic": ("kinetic",), "cinetico": ("kinetic",), "cinético": ("kinetic",),
}
NONLETHAL = ("nonlethal", "non-lethal", "noletal", "no-letal", "nl")
CONTINUOUS = ("continuous", "ongoing", "continuo", "continuado", "bleed", "burn")
STAMINA = ("sp", "stamina", "estamina", "pe", "aguante")
TEMP = ("temp", "thp", "temporary", "temporales", "temporal")


def damage_types() -> tuple[str, ...]:
    return tuple(TYPE_WORDS) + NONLETHAL + CONTINUOUS


def classify(types: tuple[str, ...]) -> tuple[tuple[str, ...], bool, bool]:
    canon: list[str] = []
    for t in types:
        for name in TYPE_WORDS.get(t, ()):
            if name not in canon:
                canon.append(name)
    return tuple(canon), any(t in NONLETHAL for t in types), any(t in CONTINUOUS for t in types)


def is_energy(canon: tuple[str, ...]) -> bool:
    """starfinder.md §3.3 [S]: energy damage targets EAC; kinetic and anything else, KAC."""
    return bool(canon) and all(t in ENERGY or t == "energy" for t in canon)


def _type_list(c: Combatant, key: str, bare: int = 0) -> dict[str, int]:
    """``er=fire:5,cold:5`` -> {fire: 5, cold: 5}; ``immune=fire`` (``bare=1``) -> {fire: 1}.
    The type words of ``dmg`` count (``fuego``, ``plasma`` = electricity and fire)."""
    out: dict[str, int] = {}
    raw = c.stats.get(key) or ()
    for item in ([raw] if isinstance(raw, str) else raw):
        text = fold_text(str(item)).replace("=", ":").replace(" ", ":")
        name, _, num = text.partition(":")
        types = TYPE_WORDS.get(name, (name,))
        value = int(num) if num.isdigit() else (bare if not num else 0)
        if value:
            for t in types:
                out[t] = max(out.get(t, 0), value)
    return out


def _resistances(c: Combatant) -> dict[str, int]:
    return {t: n for t, n in _type_list(c, "er").items() if n > 0}


def split(amount: int, canon: tuple[str, ...]) -> list[tuple[str, int]]:
    """starfinder.md §3.3.3 (CRB ch. 7, Weapons: damage types): damage of several types is
    split evenly; an odd point goes to the type typed first (the attacker chooses which half
    rounds up; the GM types that one first). Untyped damage is one part, type ""."""
    if len(canon) <= 1:
        return [(canon[0] if canon else "", amount)]
    base, odd = divmod(amount, len(canon))
    return [(t, base + (1 if i < odd else 0)) for i, t in enumerate(canon)]


@dataclass
class Cut:
    """What one part of a hit became after immunity, vulnerability, resistance or DR."""

    kind: str
    amount: int
    taken: int
    en: str = ""
    es: str = ""


def _cut_part(c: Combatant, kind: str, amount: int) -> Cut:
    """One part of a hit meets what stops or worsens its type (starfinder.md §3.3.3); damage
    reduction comes after, once for all the kinetic parts (``_reduce``)."""
    if amount <= 0:
        return Cut(kind, amount, amount)
    name_en, name_es = kind or "untyped", _es_kind(kind or "untyped")
    if kind and kind in _type_list(c, "immune", bare=1):
        return Cut(kind, amount, 0, f"immune to {name_en}: {amount} stopped",
                   f"inmune a {name_es}: se detienen {amount}")
    taken, notes_en, notes_es = amount, [], []
    if kind and kind in _type_list(c, "vulnerable", bare=1):
        taken = amount + amount // 2
        notes_en.append(f"vulnerable to {name_en}: {amount}→{taken}")
        notes_es.append(f"vulnerable a {name_es}: {amount}→{taken}")
    er = _resistances(c).get(kind, 0) if is_energy((kind,)) else 0
    if er and taken:
        cut = min(er, taken)
        taken -= cut
        notes_en.append(f"{name_en} resistance {er} stops {cut}")
        notes_es.append(f"resistencia a {name_es} {er} detiene {cut}")
    return Cut(kind, amount, taken, ", ".join(notes_en), ", ".join(notes_es))


def _reduce(c: Combatant, amount: int, canon: tuple[str, ...]) -> tuple[list[Cut], str, str]:
    """Split the hit by type, each part against its own immunity, vulnerability and energy
    resistance; DR stops its amount once per attack from the kinetic (and untyped) parts."""
    parts = [_cut_part(c, kind, n) for kind, n in split(amount, canon)]
    dr = int(c.stats.get("dr") or 0)
    kinetic = [p for p in parts if not is_energy((p.kind,)) and p.taken > 0]
    en: list[str] = []
    es: list[str] = []
    if len(parts) > 1 and (any(p.en for p in parts) or (dr and kinetic)):  # the split matters: say it
        odd_en = odd_es = ""
        if amount % len(parts):
            odd_en = f" (the odd point to {parts[0].kind}, typed first)"
            odd_es = f" (el punto impar a {_es_kind(parts[0].kind)}, el primero escrito)"
        en.append("split " + " + ".join(f"{p.amount} {p.kind}" for p in parts) + odd_en)
        es.append("se reparte " + " + ".join(f"{p.amount} {_es_kind(p.kind)}" for p in parts) + odd_es)
    en += [p.en for p in parts if p.en]
    es += [p.es for p in parts if p.es]
    if dr and kinetic:
        left, stopped = dr, 0
        for p in kinetic:
            cut = min(left, p.taken)
            p.taken -= cut
            left -= cut
            stopped += cut
        what_en = " (kinetic part)" if len(parts) > 1 else ""
        what_es = " (parte cinética)" if len(parts) > 1 else ""
        en.append(f"DR {dr} stops {stopped}{what_en}")
        es.append(f"RD {dr} detiene {stopped}{what_es}")
    return parts, "; ".join(en), "; ".join(es)


def apply_damage(rs, ctx: Context, c: Combatant, amount: int, types: tuple[str, ...] = (),
                 continuous: bool = False, why: tuple[str, str] | None = None) -> int:
    """Apply ``amount`` to ``c``; returns the damage it suffered after resistances (run over needs it).

    ``why`` prefixes the log line in both languages ("Burning", "Rammed by Skimmer").
    """
    if c.life == "dead":
        ctx.fail(f"{c.name} is {'wrecked' if c.category == 'vehicle' else 'dead'}; damage has no effect")
    canon, nonlethal, cont = classify(types)
    continuous = continuous or cont
    ac = "EAC" if is_energy(canon) else "KAC"
    ac_value = value(rs, ctx.state, c, ac.lower())
    parts, cut_en, cut_es = _reduce(c, amount, canon)
    taken = sum(p.taken for p in parts)
    kind = ", ".join(canon + (("nonlethal",) if nonlethal else ())) or "untyped"
    fire = sum(p.taken for p in parts if p.kind == "fire")
    if fire:  # the burning save's DC counts fire damage taken this round (starfinder.md §3.6)
        ctx.set_mark(c, "fire_round", int(c.marks.get("fire_round") or 0) + fire)
    if c.category == "vehicle":
        from .vehicles import damage_vehicle

        damage_vehicle(ctx, c, amount, taken, kind, ac, ac_value, cut_en, cut_es, why)
        return taken
    hp = c.pools.get("hp")
    if hp is None:
        ctx.fail(f"{c.name} has no hp; set it first: set {c.id} hp=10")
    rest = taken
    moved_en: list[str] = []
    moved_es: list[str] = []
    for pool, en, es in (("temp", "temp HP", "PG temp."), ("sp", "SP", "PE")):
        p = c.pools.get(pool)
        if p is None or p.value <= 0 or rest <= 0:
            continue
        used = min(p.value, rest)
        before = p.value
        ctx.set_pool(c, pool, before - used, rule="starfinder.md §3.3 damage order [S]")
        rest -= used
        moved_en.append(f"{en} {before}→{before - used}")
        moved_es.append(f"{es} {before}→{before - used}")
    at_zero = hp.value == 0 and c.life in ("dying", "stable", "unconscious")
    before = hp.value
    if rest > 0 and not at_zero:
        ctx.set_pool(c, "hp", max(0, before - rest), rule="starfinder.md §3.3 HP never below 0 [S]")
        moved_en.append(f"HP {before}→{max(0, before - rest)}")
        moved_es.append(f"PG {before}→{max(0, before - rest)}")
    head_en = f"{c.name} takes {amount} {kind} damage (vs {ac} {ac_value})"
    head_es = f"{c.name} recibe {amount} de daño {_es_kind(kind)} (contra {_es_ac(ac)} {ac_value})"
    if why:
        head_en, head_es = f"{why[0]}: {head_en}", f"{why[1]}: {head_es}"
    parts_en = [p for p in (cut_en, ", ".join(moved_en)) if p]
    parts_es = [p for p in (cut_es, ", ".join(moved_es)) if p]
    say(ctx, c, head_en + (": " + "; ".join(parts_en) if parts_en else ": no effect"),
        head_es + (": " + "; ".join(parts_es) if parts_es else ": sin efecto"), "starfinder.md §3.3 [S]")
    if at_zero:
        life.hit_at_zero(ctx, c, rest, nonlethal, continuous)
    elif rest > 0 and rest >= before:
        life.drop_to_zero(ctx, c, rest - before, nonlethal)
    return taken


def _es_kind(kind: str) -> str:
    words = {"acid": "ácido", "cold": "frío", "electricity": "electricidad", "fire": "fuego",
             "sonic": "sónico", "energy": "energía", "bludgeoning": "contundente", "piercing": "perforante",
             "slashing": "cortante", "kinetic": "cinético", "nonlethal": "no letal", "untyped": "sin tipo"}
    return ", ".join(words.get(w.strip(), w.strip()) for w in kind.split(","))


def _es_ac(ac: str) -> str:
    return "CAE" if ac == "EAC" else "CAC"


def heal(rs, ctx: Context, c: Combatant, amount: int, types: tuple[str, ...]) -> None:
    """HP by default; ``sp`` restores stamina, ``temp`` grants temporary HP (starfinder.md §3.5 [S])."""
    if c.life == "dead":
        ctx.fail(f"{c.name} is {'wrecked' if c.category == 'vehicle' else 'dead'}; healing has no effect")
    words = set(types)
    if words & set(STAMINA):
        sp = c.pools.get("sp")
        if sp is None:
            ctx.fail(f"{c.name} has no stamina; set it first: set {c.id} sp=10")
        new = min(sp.max if sp.max is not None else sp.value + amount, sp.value + amount)
        before = sp.value
        ctx.set_pool(c, "sp", new, rule="starfinder.md §3.5")
        note_en = " (stamina does not wake a creature at 0 HP)" if c.pools["hp"].value == 0 else ""
        note_es = " (la estamina no despierta a quien está a 0 PG)" if note_en else ""
        say(ctx, c, f"{c.name} regains {new - before} SP: {before}→{new}{note_en}",
            f"{c.name} recupera {new - before} PE: {before}→{new}{note_es}", "starfinder.md §3.5 [S]")
        return
    if words & set(TEMP):
        temp = c.pools.get("temp")
        before = temp.value if temp else 0
        new = max(before, amount)
        ctx.set_pool(c, "temp", new, max=max(new, temp.max or 0) if temp else new, rule="starfinder.md §3.3")
        say(ctx, c, f"{c.name} has {new} temporary HP (they do not stack: the higher counts)",
            f"{c.name} tiene {new} PG temporales (no se suman: cuenta el mayor)", "starfinder.md §3.3 [O]")
        return
    hp = c.pools.get("hp")
    if hp is None:
        ctx.fail(f"{c.name} has no hp; set it first: set {c.id} hp=10")
    top = hp.max if hp.max is not None else hp.value + amount
    before = hp.value
    new = min(top, before + amount)
    ctx.set_pool(c, "hp", new, rule="starfinder.md §3.5 healing restores HP")
    noun = ("repaired", "reparado") if c.category == "vehicle" else ("heals", "se cura")
    say(ctx, c, f"{c.name} {noun[0]} {new - before} HP: {before}→{new} (healing restores HP, not stamina)",
        f"{c.name} {noun[1]} {new - before} PG: {before}→{new} (la curación restaura PG, no PE)", "starfinder.md §3.5 [S]")
    if new > 0 and c.category != "vehicle":
        if c.has("bleeding") and amount > 0:
            ctx.remove_all(c, "bleeding", reason="healed")
            say(ctx, c, f"Healing stops {c.name}'s bleeding", f"La curación detiene la hemorragia de {c.name}",
                "starfinder.md §3.6 bleeding [O]")
        if before == 0:
            life.revive(ctx, c, "starfinder.md §3.4.6 [O]")
    if c.category == "vehicle" and new > 0:
        from .vehicles import after_repair

        after_repair(ctx, c)
