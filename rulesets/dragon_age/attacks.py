"""Attacks, Charge and the coup de grace (dragon_age.md §2.3-§2.5 [S]).

An attack is an ability test against the target's Defense. On a hit the damage
is rolled at once (weapon dice + Str, + Perception for bows) and armor taken
off, so the sheet is right even if no stunt follows. The attack is remembered
in the attacker's ``stunt_roll`` mark while stunt points wait, because Mighty
Blow and Pierce Armor change *this* attack's damage: they recompute it and
deal the difference.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, Fields, Flag, Rest, Term, Verb, Who, fold_text, life

from .age_roll import AIM, CHARGE, PRONE_TARGET, focus_note, keep, make_check, read_tail, roll_3d6, roll_mods
from .common import NEW_ROLL, clear_stunt_points, rule, signed
from .conditions import effect_mods
from .economy import MAJOR, check_can_act, take
from .effects import MELEE_DICE
from .i18n import _
from .stats import UNARMED, ability, ability_label, weapon_kind
from .stunt_points import grant

HIT, MISS = Term("hit", "impacta"), Term("miss", "falla")
EXPECT = _("an ability, dice like 5,5,3, +N, dmg=2d6, penetrating, pull, melee, ranged or bow")


def default_ability(c: Combatant, kind: str) -> str:
    chosen = c.stats.get("weapon_ability")
    if chosen:
        return str(chosen)
    return "dex" if kind in ("bow", "ranged") else "str"


def _defense(fig) -> Term:
    return Term(fig.explain("Defense"), f"Defensa {fig.value}")


def _imposing_blocks(ctx: Context, a: Combatant, target: Combatant) -> bool:
    """Imposing Spell: a melee attacker first passes Willpower (Courage) vs 10 + Magic."""
    inst = next(iter(target.instances("imposing-spell")), None)
    if inst is None:
        return False
    tn = inst.value or 10
    roll = roll_3d6(ctx, None, None, _('{attacker}: Willpower (Courage) vs Imposing Spell', attacker=a.name), a.id)
    check = make_check(a, roll, "willpower", "courage", roll_mods(a, "willpower", "courage"))
    keep(ctx, a, check, "willpower:courage (Imposing Spell)", f"TN {tn}", tn,
         "success" if check.total >= tn else "failure")
    if check.total >= tn:
        ctx.say(_("{name} braves {target}'s Imposing Spell: {formula} vs TN {tn}", name=a.name, target=target.name,
                  formula=check.formula(a), tn=tn), rule=rule("2.5"), who=a.id)
        return False
    ctx.say(_("{name} is daunted by {target}'s Imposing Spell: {formula} vs TN {tn}, fails; it must Move or Defend "
              "instead of attacking", name=a.name, target=target.name, formula=check.formula(a), tn=tn),
            rule=rule("2.5"), who=a.id)
    return True


def _damage_expr(ctx: Context, verb: Verb, fields) -> str | None:
    expr = None
    for key, value in fields:
        if fold_text(key) not in ("dmg", "damage", "dano"):
            ctx.fail(_("{verb}: unexpected {key}=; usage: {usage}", verb=verb.name, key=key, usage=verb.usage()))
        expr = value
    return expr


def attack_verb(ctx: Context, call) -> None:
    _attack(ctx, call, ATTACK)


def charge_verb(ctx: Context, call) -> None:
    _attack(ctx, call, CHARGE_VERB)


def _attack(ctx: Context, call, verb: Verb) -> None:
    charge = verb is CHARGE_VERB
    usage = verb.usage()
    a, target = ctx.combatant(call.who), ctx.combatant(call.target)
    t = read_tail(ctx, call.roll, verb.name, usage, EXPECT)
    kinds = [k for k in ("melee", "ranged", "bow") if getattr(call, k)]
    if len(kinds) > 1:
        ctx.fail(_("{verb}: choose one of melee, ranged, bow; usage: {usage}", verb=verb.name, usage=usage))
    kind = kinds[0] if kinds else weapon_kind(a)
    expr = _damage_expr(ctx, verb, call.fields)
    if target is a:
        ctx.fail(_("{verb}: {name} cannot attack itself", verb=verb.name, name=a.name))
    if target.life == "dead":
        ctx.fail(_("{name} is already dead", name=target.name))
    if charge and kind != "melee":
        ctx.fail(_("charge ends in a melee attack; drop ranged/bow"))
    check_can_act(ctx, a)
    second = bool(a.marks.get("bonus_attack"))
    if not second:
        # the Lightning Attack's own attack leaves the first attack's other points waiting: stunts
        # may be taken in any order (dragon_age.md §2.5 [S])
        clear_stunt_points(ctx, NEW_ROLL)
    if kind == "melee" and _imposing_blocks(ctx, a, target):
        return
    if second:
        ctx.set_mark(a, "bonus_attack", None)
    else:
        what = _("charge at {name}", name=target.name) if charge else _("attack {name}", name=target.name)
        take(ctx, a, MAJOR, what, attack=True)
    key = t.ability or default_ability(a, kind)
    focus = t.focus or a.stats.get("weapon_focus") or None
    mods: list = []
    for inst in a.instances("aiming"):
        ctx.remove_condition(a, inst, reason="used")
        mods.append((AIM, 1))
    if charge:
        mods.append((CHARGE, 1))
    if kind == "melee" and target.has("prone"):
        mods.append((PRONE_TARGET, 1))
    mods += t.mod_parts
    mods += roll_mods(a, key, focus, "attack", *(("melee_attack",) if kind == "melee" else ()))
    roll = roll_3d6(ctx, t.dice, t.numbers[0] if t.numbers else None, _('{attacker}: attack on {target}', attacker=a.name, target=target.name), a.id)
    check = make_check(a, roll, key, focus, tuple(mods))
    dfig = ctx.ruleset.sheet.defense(ctx.state, target)
    hit = check.total >= dfig.value
    args = dict(name=a.name, target=target.name, formula=check.formula(a), defense=_defense(dfig),
                result=HIT if hit else MISS, note=focus_note(a, focus))
    ctx.say(_("{name} charges {target}: {formula} vs {defense}: {result}{note}", **args) if charge else
            _("{name} attacks {target}: {formula} vs {defense}: {result}{note}", **args), rule=rule("2.4"), who=a.id)
    keep(ctx, a, check, f"{'charge' if charge else 'attack'} on {target.name} ({key})", f"Defense {dfig.value}",
         dfig.value, "hit" if hit else "miss", earns=not second)
    if not hit:
        if roll.doubles:
            ctx.say(_("Doubles, but a miss earns no stunt points"), rule=rule("2.5"), who=a.id)
        return
    record = {"target": target.id, "total": check.total, "ability": key,
              "focus_bonus": check.focus_bonus, "wkind": kind,
              "penetrating": bool(call.penetrating), "pull": bool(call.pull)}
    record.update(roll_damage(ctx, a, target, record, expr))
    if second:
        if roll.doubles:
            ctx.say(_("Doubles on the Lightning Attack's second attack: no stunt points"), rule=rule("2.5"), who=a.id)
        return
    grant(ctx, a, roll, "combat", record)


def roll_damage(ctx: Context, a: Combatant, target: Combatant, record: dict, expr: str | None = None) -> dict:
    """Weapon dice + Str (Perception for bows; Magic in Combat Magic) - armor (dragon_age.md §2.4 [S],
    §2.12); melee hits add the effects' damage (Berserk) and dice (Flaming Weapons). Returns what
    stunts need to recompute this attack's damage."""
    expr = expr or a.stats.get("weapon") or UNARMED
    melee = record.get("wkind", "melee") == "melee"
    dmg_key = "perception" if record.get("wkind") == "bow" else (
        "magic" if melee and a.has("combat-magic") else "str")
    r = ctx.roll(str(expr), purpose=_('damage of {attacker} to {target}', attacker=a.name, target=target.name), who=a.id)
    bonus = ability(a, dmg_key)
    raw = r.total + bonus
    label = _("damage {dice} ({rolled}) {bonus} {ability}", dice=str(expr), rolled=r.total, bonus=signed(bonus),
              ability=Term(ability_label(dmg_key), ability_label(dmg_key, "es")))
    if melee:
        for effect, n in effect_mods(a, "damage"):
            raw += n
            label = _("{label} {bonus} {effect}", label=label, bonus=signed(n), effect=effect)
        for inst in a.conditions:
            dice = MELEE_DICE.get(inst.cond)
            if dice:
                extra = ctx.roll(dice, purpose=_('{name}: {effect}', name=a.name, effect=ctx.ruleset.catalogue.define(inst.cond).term), who=a.id).total
                raw += extra
                label = _("{label} + {dice} {effect} ({rolled})", label=label, dice=dice, rolled=extra,
                          effect=ctx.ruleset.catalogue.define(inst.cond).term)
    armor = ctx.ruleset.sheet.armor(target).value
    dealt = ctx.ruleset.health.take_damage(ctx, target, raw, armor=armor, penetrating=record["penetrating"],
                                           pull=record["pull"], label=label)
    return {"weapon": str(expr), "raw": raw, "armor": armor, "halved": False, "dealt": dealt}


def coup_verb(ctx: Context, call) -> None:
    """Coup de grace on a dying or unconscious target: death (dragon_age.md §2.3 [S])."""
    a, target = ctx.combatant(call.who), ctx.combatant(call.target)
    t = read_tail(ctx, call.roll, "coup", COUP.usage(), EXPECT)
    if target.life not in ("dying", "unconscious"):
        ctx.fail(_("coup de grace needs a dying or unconscious target; {name} is {life}", name=target.name,
                   life=life(target.life)))
    ranged = call.ranged or call.bow
    take(ctx, a, MAJOR, _("coup de grace on {name}", name=target.name))
    health = ctx.ruleset.health
    if not ranged:
        health.kill(ctx, target, _("{name} delivers the coup de grace: {target} dies", name=a.name,
                                   target=target.name), "2.3")
        return
    clear_stunt_points(ctx, NEW_ROLL)
    key = t.ability or default_ability(a, "bow" if call.bow else "ranged")
    focus = t.focus or a.stats.get("weapon_focus")
    roll = roll_3d6(ctx, t.dice, t.numbers[0] if t.numbers else None, _('{attacker}: ranged coup de grace', attacker=a.name), a.id)
    check = make_check(a, roll, key, focus, t.mod_parts + roll_mods(a, key, focus, "attack"))
    keep(ctx, a, check, f"ranged coup de grace on {target.name}", "Defense 10", 10,
         "hit" if check.total >= 10 else "miss")
    if check.total >= 10:
        health.kill(ctx, target, _("{name}'s ranged coup de grace: {formula} vs Defense 10, hit: {target} dies",
                                   name=a.name, formula=check.formula(a), target=target.name), "2.3")
    else:
        ctx.say(_("{name}'s ranged coup de grace: {formula} vs Defense 10: miss", name=a.name,
                  formula=check.formula(a)), rule=rule("2.3"), who=a.id)


def _attack_params() -> tuple:
    return (Who("who"), Who("target", meta="TARGET"),
            Flag("penetrating", words=("penetrating", "penetrante", "pen")),
            Flag("pull", words=("pull", "pulled", "contener", "contenido")),
            Flag("melee", words=("melee", "cac", "cuerpo")), Flag("ranged", words=("ranged", "distancia", "thrown")),
            Flag("bow", words=("bow", "arco", "crossbow", "ballesta")),
            Fields("fields", meta="dmg=DICE", completes=""),
            Rest("roll", spelled="[ABILITY[:FOCUS]] [DICE] [+N]"))


ATTACK = Verb("attack", _attack_params(), attack_verb,
              _("attack roll vs Defense; damage; doubles on a hit earn stunt points"),
              en=("atk",), es=("atacar", "ataque"), group="ruleset",
              note=_("DICE: 5,5,3 dragon die first, or the 3d6 sum"))
CHARGE_VERB = Verb("charge", _attack_params(), charge_verb, _("move half Speed and melee attack at +1 (major)"),
                   es=("cargar", "carga"), group="ruleset")
COUP = Verb("coup", (Who("who"), Who("target", meta="TARGET"), Flag("ranged", words=("ranged", "distancia", "thrown")),
                     Flag("bow", words=("bow", "arco", "crossbow", "ballesta")),
                     Flag("melee", words=("melee", "cac", "cuerpo")),
                     Rest("roll", spelled="[ABILITY[:FOCUS]] [DICE] [+N]")),
            coup_verb, _("major: kills a dying or unconscious target (ranged: roll vs Defense 10)"),
            en=("coup-de-grace",), es=("rematar", "remate"), group="ruleset")
