"""Items that can be sundered: hardness, hit points, broken, destroyed (pathfinder1e.md §1.7.2).

A combatant's items live in the mark ``items`` ({name: {kind, hardness, hp, max,
ac}}). Damage to an item loses its hardness first; at half its HP or less it is
broken (seed); at 0 it is destroyed, or left at 1 HP and broken if the attacker
spares it. What a broken or destroyed item does to its bearer is a condition
tied to the item (note = the item's name), so figures and the sheet show it:
weapon ``broken`` (-2 attack and damage), armor or shield ``broken-armor:N``
(its AC bonus N halved, rounded down), destroyed armor ``armor-destroyed:N``.
"""

from __future__ import annotations

import re

from gm_console.ruleset import Combatant, Context, fold_text

RULE = "pathfinder1e.md §1.7.2"
MARK = "items"
KINDS = {"weapon": "weapon", "arma": "weapon", "armor": "armor", "armour": "armor", "armadura": "armor",
         "shield": "shield", "escudo": "shield", "other": "other", "objeto": "other", "item": "other"}
KIND_ES = {"weapon": "arma", "armor": "armadura", "shield": "escudo", "other": "objeto"}

#: Core Rulebook, "Common Armor, Weapon, and Shield Hardness and Hit Points": (kind, hardness, hp)
PRESETS = {
    "light-blade": ("weapon", 10, 2), "one-handed-blade": ("weapon", 10, 5),
    "two-handed-blade": ("weapon", 10, 10), "light-metal-hafted": ("weapon", 10, 10),
    "one-handed-metal-hafted": ("weapon", 10, 20), "light-hafted": ("weapon", 5, 2),
    "one-handed-hafted": ("weapon", 5, 5), "two-handed-hafted": ("weapon", 5, 10),
    "projectile": ("weapon", 5, 5), "buckler": ("shield", 10, 5),
    "light-wooden-shield": ("shield", 5, 7), "heavy-wooden-shield": ("shield", 5, 15),
    "light-steel-shield": ("shield", 10, 10), "heavy-steel-shield": ("shield", 10, 20),
    "tower-shield": ("shield", 5, 20),
}
#: armor hardness by material (Core Rulebook, Substance Hardness); its HP are 5 x its armor bonus
MATERIALS = {"cloth": 0, "leather": 2, "cuero": 2, "hide": 2, "wood": 5, "madera": 5, "stone": 8,
             "iron": 10, "steel": 10, "hierro": 10, "acero": 10, "mithral": 15, "adamantine": 20,
             "adamantina": 20}

ITEM_USAGE = ("item NAME [ITEM [weapon|armor|shield|other|PRESET] [hardness=H] [hp=N|hp=N/M] [ac=N] "
              "[MATERIAL] [+E] | ITEM remove]")
SUNDER_USAGE = "sunder NAME ITEM DAMAGE [spare]"
REPAIR_USAGE = "repair NAME ITEM N|full"


def items_of(c: Combatant) -> dict:
    return {k: dict(v) for k, v in (c.marks.get(MARK) or {}).items()}


def _find(ctx: Context, c: Combatant, name: str) -> str:
    have = items_of(c)
    key = fold_text(name)
    for k in have:
        if fold_text(k) == key:
            return k
    listed = ", ".join(have) or "none"
    ctx.fail(f"{c.name} has no item {name!r} (items: {listed}); add it: item {c.id} {name} weapon hardness=10 hp=5")
    raise AssertionError  # ctx.fail raises


def _int(ctx: Context, word: str, what: str, lo: int = 0, hi: int = 10_000) -> int:
    if not re.fullmatch(r"-?\d{1,6}", word) or not lo <= int(word) <= hi:
        ctx.fail(f"item: {what} must be a whole number from {lo} to {hi}, not {word!r}")
    return int(word)


def item(ctx: Context, args: tuple[str, ...]) -> None:
    """`item NAME` lists; `item NAME ITEM ...` adds or changes one; `item NAME ITEM remove` drops it."""
    if not args:
        ctx.fail(f"usage: {ITEM_USAGE}")
    c = ctx.combatant(args[0])
    if len(args) == 1:
        have = items_of(c)
        lines = "; ".join(describe(k, v)[0] for k, v in have.items()) or "no items"
        lines_es = "; ".join(describe(k, v)[1] for k, v in have.items()) or "sin objetos"
        ctx.say(f"{c.name}: {lines}", f"{c.name}: {lines_es}", rule=RULE, who=c.id)
        return
    name, words = args[1], args[2:]
    have = items_of(c)
    existing = next((k for k in have if fold_text(k) == fold_text(name)), None)
    if words and fold_text(words[0]) in ("remove", "drop", "quitar", "soltar"):
        if existing is None:
            _find(ctx, c, name)
        _clear_effects(ctx, c, existing)
        del have[existing]
        ctx.set_mark(c, MARK, have or None)
        ctx.say(f"{c.name} no longer carries {existing}", f"{c.name} ya no lleva {existing}", rule=RULE, who=c.id)
        return
    it = have.get(existing, {"kind": "other", "hardness": 0, "hp": None, "max": None, "ac": 0})
    name = existing or name
    enh, material = 0, None
    for word in words:
        key = fold_text(word).replace(" ", "-")
        low, _, value = key.partition("=")
        if key in KINDS:
            it["kind"] = KINDS[key]
        elif key in PRESETS:
            it["kind"], it["hardness"], hp = PRESETS[key]
            it["hp"] = it["max"] = hp
        elif key in MATERIALS:
            material = MATERIALS[key]
        elif re.fullmatch(r"\+\d{1,2}", word):
            enh = int(word)
        elif low in ("hardness", "dureza") and value:
            it["hardness"] = _int(ctx, value, "hardness")
        elif low in ("hp", "pg", "pv") and value:
            cur, _, top = value.partition("/")
            it["max"] = _int(ctx, top or cur, "hp", 1)
            it["hp"] = _int(ctx, cur, "hp", 0, it["max"])
        elif low in ("ac", "ca", "bonus") and value:
            it["ac"] = _int(ctx, value, "ac", 0, 99)
        else:
            ctx.fail(f"item: unexpected {word!r}; usage: {ITEM_USAGE}")
    if material is not None:
        it["hardness"] = material
    if it["kind"] in ("armor", "shield") and it.get("ac") and it.get("max") is None:
        it["hp"] = it["max"] = 5 * it["ac"]  # armor: HP = 5 x armor bonus [O]
    if it.get("max") is None:
        ctx.fail(f"item: {name} needs its hit points (hp=N) or a preset such as one-handed-blade; "
                 f"usage: {ITEM_USAGE}")
    if enh:  # each +1 of enhancement: +2 hardness, +10 HP [O]
        it["hardness"] += 2 * enh
        it["max"] += 10 * enh
        it["hp"] += 10 * enh
    have[name] = it
    ctx.set_mark(c, MARK, have)
    _sync_effects(ctx, c, name, it)
    en, es = describe(name, it)
    ctx.say(f"{c.name}: {en}", f"{c.name}: {es}", rule=RULE, who=c.id)


def state_of(it: dict) -> str:
    if it["hp"] <= 0:
        return "destroyed"
    return "broken" if 2 * it["hp"] <= it["max"] else "ok"


def describe(name: str, it: dict) -> tuple[str, str]:
    st = state_of(it)
    ac = f", AC +{it['ac']}" if it.get("ac") else ""
    tail_en = {"ok": "", "broken": ", broken", "destroyed": ", destroyed"}[st]
    tail_es = {"ok": "", "broken": ", roto", "destroyed": ", destruido"}[st]
    return (f"{name} ({it['kind']}{ac}) HP {it['hp']}/{it['max']}, hardness {it['hardness']}{tail_en}",
            f"{name} ({KIND_ES[it['kind']]}{ac.replace('AC', 'CA')}) PG {it['hp']}/{it['max']}, "
            f"dureza {it['hardness']}{tail_es}")


def sunder(ctx: Context, args: tuple[str, ...]) -> None:
    """Damage to an item: hardness first, broken at half HP or less, destroyed at 0 unless spared."""
    if len(args) < 3:
        ctx.fail(f"usage: {SUNDER_USAGE}")
    c = ctx.combatant(args[0])
    name = _find(ctx, c, args[1])
    spare = any(fold_text(w) in ("spare", "keep", "perdonar", "conservar") for w in args[3:])
    other = [w for w in args[3:] if fold_text(w) not in ("spare", "keep", "perdonar", "conservar")]
    if other:
        ctx.fail(f"sunder: unexpected {other[0]!r}; usage: {SUNDER_USAGE}")
    raw = args[2]
    amount = int(raw) if re.fullmatch(r"\d{1,6}", raw) else ctx.roll(raw, purpose=f"damage to {c.name}'s {name}").total
    have = items_of(c)
    it = have[name]
    if state_of(it) == "destroyed":
        ctx.fail(f"{c.name}'s {name} is already destroyed")
    through = max(0, amount - it["hardness"])
    old = it["hp"]
    it["hp"] = max(0, old - through)
    spared = spare and it["hp"] == 0
    if spared:
        it["hp"] = 1
    have[name] = it
    ctx.set_mark(c, MARK, have)
    st = state_of(it)
    what_en = {"ok": "", "broken": ": broken", "destroyed": ": destroyed"}[st]
    what_es = {"ok": "", "broken": ": roto", "destroyed": ": destruido"}[st]
    if spared:
        what_en, what_es = ": spared at 1 HP, broken", ": se deja a 1 PG, roto"
    ctx.say(f"{c.name}'s {name} takes {amount} damage, hardness {it['hardness']}: {through} through, "
            f"HP {old} -> {it['hp']}/{it['max']}{what_en}",
            f"{name} de {c.name} recibe {amount} de daño, dureza {it['hardness']}: pasan {through}, "
            f"PG {old} -> {it['hp']}/{it['max']}{what_es}", rule=RULE, who=c.id)
    _sync_effects(ctx, c, name, it)


def repair(ctx: Context, args: tuple[str, ...]) -> None:
    """Mending or Craft: HP back; above half its HP an item is no longer broken."""
    if len(args) != 3:
        ctx.fail(f"usage: {REPAIR_USAGE}")
    c = ctx.combatant(args[0])
    name = _find(ctx, c, args[1])
    have = items_of(c)
    it = have[name]
    if state_of(it) == "destroyed":
        ctx.fail(f"{c.name}'s {name} is destroyed: a new one is `item {c.id} {name} ...`")
    if fold_text(args[2]) in ("full", "todo", "completo"):
        amount = it["max"] - it["hp"]
    elif re.fullmatch(r"\d{1,6}", args[2]):
        amount = int(args[2])
    else:
        ctx.fail(f"repair: N must be a whole number or full, not {args[2]!r}")
    old = it["hp"]
    it["hp"] = min(it["max"], old + amount)
    have[name] = it
    ctx.set_mark(c, MARK, have)
    ok_en = ", no longer broken" if state_of(it) == "ok" and 2 * old <= it["max"] else ""
    ok_es = ", ya no está roto" if ok_en else ""
    ctx.say(f"{c.name}'s {name} is repaired: HP {old} -> {it['hp']}/{it['max']}{ok_en}",
            f"{name} de {c.name} se repara: PG {old} -> {it['hp']}/{it['max']}{ok_es}", rule=RULE, who=c.id)
    _sync_effects(ctx, c, name, it)


def _effects(c: Combatant, name: str) -> list:
    return [i for i in c.conditions if i.cond in ("broken", "broken-armor", "armor-destroyed") and i.note == name]


def _clear_effects(ctx: Context, c: Combatant, name: str) -> None:
    for inst in _effects(c, name):
        ctx.remove_condition(c, inst, reason="item")


def _sync_effects(ctx: Context, c: Combatant, name: str, it: dict) -> None:
    """The condition that shows what the item's state does to its bearer, and nothing else."""
    st, kind = state_of(it), it["kind"]
    want = None
    if kind == "weapon" and st == "broken":
        want = ("broken", None)
    elif kind in ("armor", "shield") and it.get("ac"):
        want = {"broken": ("broken-armor", it["ac"]), "destroyed": ("armor-destroyed", it["ac"])}.get(st)
    have = _effects(c, name)
    if want and any(i.cond == want[0] and i.value == want[1] for i in have):
        return
    for inst in have:
        ctx.remove_condition(c, inst, reason="item")
    if want:
        cdef = ctx.ruleset.catalogue.get(want[0])
        ctx.apply_condition(c, cdef, value=want[1], source=c.id, note=name)
    if kind == "weapon" and st == "destroyed":
        ctx.say(f"{c.name}'s {name} is destroyed: it no longer attacks with it",
                f"{name} de {c.name} queda destruida: ya no ataca con ella", rule=RULE, who=c.id)
