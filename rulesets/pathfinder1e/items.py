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

from gm_console.ruleset import Combatant, Context, Msg, dealt, fold_text, joined, named, of

from . import marks
from .i18n import T_, _

RULE = "pathfinder1e.md §1.7.2"
KINDS = {"weapon": "weapon", "arma": "weapon", "armor": "armor", "armour": "armor", "armadura": "armor",
         "shield": "shield", "escudo": "shield", "other": "other", "objeto": "other", "item": "other"}
KIND_TERMS = {"weapon": T_("item kind", "weapon", "arma"), "armor": T_("item kind", "armor", "armadura"),
              "shield": T_("item kind", "shield", "escudo"),
              "other": T_("item kind", "other", "objeto")}

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

def items_of(c: Combatant) -> dict:
    return {k: dict(v) for k, v in (marks.ITEMS.of(c) or {}).items()}


def _find(ctx: Context, c: Combatant, name: str) -> str:
    have = items_of(c)
    key = fold_text(name)
    for k in have:
        if fold_text(k) == key:
            return k
    if have:
        ctx.fail(_("{name} has no item {item!r} (items: {items}); add it: item {ref} {item} weapon hardness=10 hp=5",
                   name=c.name, item=name, items=", ".join(have), ref=c.id))
    ctx.fail(_("{name} has no item {item!r} (items: none); add it: item {ref} {item} weapon hardness=10 hp=5",
               name=c.name, item=name, ref=c.id))
    raise AssertionError  # ctx.fail raises


def _int(ctx: Context, word: str, what: str, lo: int = 0, hi: int = 10_000) -> int:
    if not re.fullmatch(r"-?\d{1,6}", word) or not lo <= int(word) <= hi:
        ctx.fail(_("item: {what} must be a whole number from {lo} to {hi}, not {word!r}", what=what, lo=lo, hi=hi,
                   word=word))
    return int(word)


def item(ctx: Context, call) -> None:
    """`item NAME` lists; `item NAME ITEM ...` adds or changes one; `item NAME ITEM remove` drops it."""
    c = ctx.combatant(call.who)
    if call.item is None:
        have = items_of(c)
        if have:
            listed = [describe(k, v) for k, v in have.items()]
            lines = joined(listed, "; ")
            # an item's hardness and hit points are numbers about its bearer
            ctx.say(_("{name}: {items}", name=named(c), items=of(c, lines)), rule=RULE, who=c.id)
        else:
            ctx.say(_("{name}: no items", name=named(c)), rule=RULE, who=c.id)
        return
    name, words = call.item, call.words
    have = items_of(c)
    existing = next((k for k in have if fold_text(k) == fold_text(name)), None)
    if words and fold_text(words[0]) in ("remove", "drop", "quitar", "soltar"):
        if existing is None:
            _find(ctx, c, name)
        _clear_effects(ctx, c, existing)
        del have[existing]
        ctx.set_mark(c, marks.ITEMS, have or None)
        ctx.say(_("{name} no longer carries {item}", name=named(c), item=existing), rule=RULE, who=c.id)
        return
    it = have.get(existing, {"kind": "other", "hardness": 0, "hp": None, "max": None, "ac": 0})
    name = existing or name
    enh, material = 0, None
    for word in words:
        key = fold_text(word).replace(" ", "-")
        low, _sep, value = key.partition("=")
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
            cur, _sep, top = value.partition("/")
            it["max"] = _int(ctx, top or cur, "hp", 1)
            it["hp"] = _int(ctx, cur, "hp", 0, it["max"])
        elif low in ("ac", "ca", "bonus") and value:
            it["ac"] = _int(ctx, value, "ac", 0, 99)
        else:
            ctx.fail(_("item: unexpected {word!r}; usage: {usage}", word=word, usage=ctx.verb.usage()))
    if material is not None:
        it["hardness"] = material
    if it["kind"] in ("armor", "shield") and it.get("ac") and it.get("max") is None:
        it["hp"] = it["max"] = 5 * it["ac"]  # armor: HP = 5 x armor bonus [O]
    if it.get("max") is None:
        ctx.fail(_("item: {item} needs its hit points (hp=N) or a preset such as one-handed-blade; usage: {usage}",
                   item=name, usage=ctx.verb.usage()))
    if enh:  # each +1 of enhancement: +2 hardness, +10 HP [O]
        it["hardness"] += 2 * enh
        it["max"] += 10 * enh
        it["hp"] += 10 * enh
    have[name] = it
    ctx.set_mark(c, marks.ITEMS, have)
    _sync_effects(ctx, c, name, it)
    ctx.say(_("{name}: {item}", name=named(c), item=of(c, describe(name, it))), rule=RULE, who=c.id)


def state_of(it: dict) -> str:
    if it["hp"] <= 0:
        return "destroyed"
    return "broken" if 2 * it["hp"] <= it["max"] else "ok"


def describe(name: str, it: dict) -> Msg:
    st, kind = state_of(it), KIND_TERMS[it["kind"]]
    args = dict(item=name, kind=kind, hp=it["hp"], max=it["max"], hardness=it["hardness"])
    if it.get("ac"):
        return {"ok": _("{item} ({kind}, AC +{ac}) HP {hp}/{max}, hardness {hardness}", ac=it["ac"], **args),
                "broken": _("{item} ({kind}, AC +{ac}) HP {hp}/{max}, hardness {hardness}, broken", ac=it["ac"], **args),
                "destroyed": _("{item} ({kind}, AC +{ac}) HP {hp}/{max}, hardness {hardness}, destroyed", ac=it["ac"],
                               **args)}[st]
    return {"ok": _("{item} ({kind}) HP {hp}/{max}, hardness {hardness}", **args),
            "broken": _("{item} ({kind}) HP {hp}/{max}, hardness {hardness}, broken", **args),
            "destroyed": _("{item} ({kind}) HP {hp}/{max}, hardness {hardness}, destroyed", **args)}[st]


def sunder(ctx: Context, call) -> None:
    """Damage to an item: hardness first, broken at half HP or less, destroyed at 0 unless spared."""
    c = ctx.combatant(call.who)
    name = _find(ctx, c, call.item)
    raw = call.damage
    amount = int(raw) if raw.isdigit() else ctx.roll(raw, purpose=_("damage to {name}'s {item}", name=named(c),
                                                                    item=name)).total
    have = items_of(c)
    it = have[name]
    if state_of(it) == "destroyed":
        ctx.fail(_("{name}'s {item} is already destroyed", name=c.name, item=name))
    through = max(0, amount - it["hardness"])
    old = it["hp"]
    it["hp"] = max(0, old - through)
    spared = call.spare and it["hp"] == 0
    if spared:
        it["hp"] = 1
    have[name] = it
    ctx.set_mark(c, marks.ITEMS, have)
    st = state_of(it)
    args = dict(name=named(c), item=name, amount=dealt(c, amount), hardness=of(c, it["hardness"]),
                through=dealt(c, through), old=of(c, old), hp=of(c, it["hp"]), max=of(c, it["max"]))
    if spared:
        text = _("{name}'s {item} takes {amount} damage, hardness {hardness}: {through} through, HP {old} -> "
                 "{hp}/{max}: spared at 1 HP, broken", **args)
    else:
        text = {"ok": _("{name}'s {item} takes {amount} damage, hardness {hardness}: {through} through, HP {old} -> "
                        "{hp}/{max}", **args),
                "broken": _("{name}'s {item} takes {amount} damage, hardness {hardness}: {through} through, HP {old} -> "
                            "{hp}/{max}: broken", **args),
                "destroyed": _("{name}'s {item} takes {amount} damage, hardness {hardness}: {through} through, HP "
                               "{old} -> {hp}/{max}: destroyed", **args)}[st]
    ctx.say(text, rule=RULE, who=c.id)
    _sync_effects(ctx, c, name, it)


def repair(ctx: Context, call) -> None:
    """Mending or Craft: HP back; above half its HP an item is no longer broken."""
    c = ctx.combatant(call.who)
    name = _find(ctx, c, call.item)
    have = items_of(c)
    it = have[name]
    if state_of(it) == "destroyed":
        ctx.fail(_("{name}'s {item} is destroyed: a new one is `item {ref} {item} ...`", name=c.name, item=name,
                   ref=c.id))
    if fold_text(call.amount) in ("full", "todo", "completo"):
        amount = it["max"] - it["hp"]
    elif re.fullmatch(r"\d{1,6}", call.amount):
        amount = int(call.amount)
    else:
        ctx.fail(_("repair: N must be a whole number or full, not {word!r}", word=call.amount))
    old = it["hp"]
    it["hp"] = min(it["max"], old + amount)
    have[name] = it
    ctx.set_mark(c, marks.ITEMS, have)
    args = dict(name=named(c), item=name, old=of(c, old), hp=of(c, it["hp"]), max=of(c, it["max"]))
    if state_of(it) == "ok" and 2 * old <= it["max"]:
        ctx.say(_("{name}'s {item} is repaired: HP {old} -> {hp}/{max}, no longer broken", **args), rule=RULE,
                who=c.id)
    else:
        ctx.say(_("{name}'s {item} is repaired: HP {old} -> {hp}/{max}", **args), rule=RULE, who=c.id)
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
        cdef = ctx.ruleset.conditions.catalogue.get(want[0])
        ctx.apply_condition(c, cdef, value=want[1], source=c.id, note=name)
    if kind == "weapon" and st == "destroyed":
        ctx.say(_("{name}'s {item} is destroyed: no more attacks with it", name=named(c), item=name), rule=RULE,
                who=c.id)
