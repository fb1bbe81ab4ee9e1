"""Attacks, Charge and the coup de grace (dragon_age.md §2.3-§2.5 [S]).

An attack is an ability test against the target's Defense. On a hit the damage
is rolled at once (weapon dice + Str, + Perception for bows) and armor taken
off, so the sheet is right even if no stunt follows. The attack is remembered
in the attacker's ``stunt_roll`` mark while stunt points wait, because Mighty
Blow and Pierce Armor change *this* attack's damage: they recompute it and
deal the difference.
"""

from __future__ import annotations

from gm_console.ruleset import N_, Combatant, Context, Fields, Flag, Rest, Term, Verb, Who, fold_text, life, named, of

from . import marks
from .age_roll import AIM, CHARGE, PRONE_TARGET, focus_note, keep, make_check, read_tail, roll_3d6, roll_mods
from .common import NEW_ROLL, clear_stunt_points, defense_of, rule, signed
from .conditions import effect_mods
from .economy import MAJOR, check_can_act, take
from .effects import MELEE_DICE
from .i18n import T_, _
from .stats import LABELS, UNARMED, ability, weapon_kind
from .stunt_points import grant

HIT, MISS = T_("attack outcome", "hit", "impacta"), T_("attack outcome", "miss", "falla")
EXPECT = _("an ability, dice like 5,5,3, +N, dmg=2d6, penetrating, pull, melee, ranged or bow")


def default_ability(c: Combatant, kind: str) -> str:
    chosen = c.stats.get("weapon_ability")
    if chosen:
        return str(chosen)
    return "dex" if kind in ("bow", "ranged") else "str"


def _imposing_blocks(ctx: Context, a: Combatant, target: Combatant) -> bool:
    """Imposing Spell: a melee attacker first passes Willpower (Courage) vs 10 + Magic."""
    inst = next(iter(target.instances("imposing-spell")), None)
    if inst is None:
        return False
    tn = inst.value or 10
    roll = roll_3d6(ctx, None, None, _('{attacker}: Willpower (Courage) vs Imposing Spell', attacker=named(a)), a.id)
    check = make_check(a, roll, "willpower", "courage", roll_mods(a, "willpower", "courage"))
    keep(ctx, a, check, "willpower:courage (Imposing Spell)", f"TN {tn}", tn,
         "success" if check.total >= tn else "failure")
    # the roll and the TN it had to meet are the attacker's numbers; braving or not is the table's
    roll_vs = _("{formula} vs TN {tn}", formula=check.told(a), tn=of(a, tn))
    if check.total >= tn:
        ctx.say(_("{name} braves {target}'s Imposing Spell", name=named(a), target=named(target)), rule=rule("2.5"),
                who=a.id, detail=roll_vs)
        return False
    ctx.say(_("{name} is daunted by {target}'s Imposing Spell: Move or Defend instead of attacking",
              name=named(a), target=named(target)), rule=rule("2.5"), who=a.id, detail=roll_vs)
    return True


def _damage_expr(ctx: Context, verb: Verb, fields) -> str | None:
    expr = None
    for key, value in fields:
        if fold_text(key) not in ("dmg", "damage", "dano"):
            ctx.fail(_("{verb}: unexpected {key}=; usage: {usage}", verb=verb.word, key=key, usage=verb.usage()))
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
    t = read_tail(ctx, call.roll, verb.word, usage, EXPECT)
    kinds = [k for k in ("melee", "ranged", "bow") if getattr(call, k)]
    if len(kinds) > 1:
        ctx.fail(_("{verb}: choose one of melee, ranged, bow; usage: {usage}", verb=verb.word, usage=usage))
    kind = kinds[0] if kinds else weapon_kind(a)
    expr = _damage_expr(ctx, verb, call.fields)
    if target is a:
        ctx.fail(_("{verb}: {name} cannot attack itself", verb=verb.word, name=a.name))
    if target.life == "dead":
        ctx.fail(_("{name} is already dead", name=target.name))
    if charge and kind != "melee":
        ctx.fail(_("charge ends in a melee attack; drop ranged/bow"))
    check_can_act(ctx, a)
    ctx.acting(a)  # its damage is its own, whoever's turn it is (a group member in the group's slot)
    second = bool(marks.BONUS_ATTACK.of(a))
    if not second:
        # the Lightning Attack's own attack leaves the first attack's other points waiting: stunts
        # may be taken in any order (dragon_age.md §2.5 [S])
        clear_stunt_points(ctx, NEW_ROLL)
    if kind == "melee" and _imposing_blocks(ctx, a, target):
        return
    if second:
        ctx.set_mark(a, marks.BONUS_ATTACK, None)
    else:
        what = _("charge at {name}", name=named(target)) if charge else _("attack {name}", name=named(target))
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
    roll = roll_3d6(ctx, t.dice, t.numbers[0] if t.numbers else None,
                    _('{attacker}: attack on {target}', attacker=named(a), target=named(target)), a.id)
    check = make_check(a, roll, key, focus, tuple(mods))
    dfig = ctx.ruleset.sheet.defense(ctx.state, target)
    hit = check.total >= dfig.value
    # who attacks whom and whether it hits is the table's; the roll (the attacker's abilities) and the
    # Defense (the target's) are numbers about each, in the detail (dragon_age.md §2.4)
    args = dict(name=named(a), target=named(target), result=HIT if hit else MISS)
    ctx.say(_("{name} charges {target}: {result}", **args) if charge else _("{name} attacks {target}: {result}", **args),
            rule=rule("2.4"), who=a.id, detail=_("{formula} vs {defense}{note}", formula=check.told(a),
                                                  defense=defense_of(target, dfig), note=focus_note(a, focus)))
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
    r = ctx.roll(str(expr), purpose=_('damage of {attacker} to {target}', attacker=named(a), target=named(target)),
                 who=a.id)
    bonus = ability(a, dmg_key)
    raw = r.total + bonus
    # the damage roll's breakdown shows the attacker's weapon and abilities: numbers about the attacker,
    # the detail of the target's damage line (a foe's are the GM's)
    label = _("damage {dice} ({rolled}) {bonus} {ability}", dice=of(a, str(expr)), rolled=of(a, r.total),
              bonus=of(a, signed(bonus)), ability=LABELS[dmg_key])
    if melee:
        for effect, n in effect_mods(a, "damage"):
            raw += n
            label = _("{label} {bonus} {effect}", label=label, bonus=of(a, signed(n)), effect=effect)
        for inst in a.conditions:
            dice = MELEE_DICE.get(inst.cond)
            if dice:
                term = ctx.ruleset.conditions.catalogue.define(inst.cond).term
                extra = ctx.roll(dice, purpose=_('{name}: {effect}', name=named(a), effect=term), who=a.id).total
                raw += extra
                label = _("{label} + {dice} {effect} ({rolled})", label=label, dice=of(a, dice), rolled=of(a, extra),
                          effect=term)
    armor = ctx.ruleset.sheet.armor(target).value
    dealt = ctx.ruleset.health.take_damage(ctx, target, raw, armor=armor, penetrating=record["penetrating"],
                                           pull=record["pull"], label=label)
    return {"weapon": str(expr), "raw": raw, "armor": armor, "halved": False, "dealt": dealt}


def coup_verb(ctx: Context, call) -> None:
    """Coup de grace on a dying or unconscious target: death (dragon_age.md §2.3 [S])."""
    a, target = ctx.combatant(call.who), ctx.combatant(call.target)
    t = read_tail(ctx, call.roll, COUP.word, COUP.usage(), EXPECT)
    if target.life not in ("dying", "unconscious"):
        ctx.fail(_("coup de grace needs a dying or unconscious target; {name} is {life}", name=target.name,
                   life=life(target.life)))
    ranged = call.ranged or call.bow
    take(ctx, a, MAJOR, _("coup de grace on {name}", name=named(target)))
    health = ctx.ruleset.health
    if not ranged:
        health.kill(ctx, target, _("{name} delivers the coup de grace: {target} dies", name=named(a),
                                   target=named(target)), "2.3")
        return
    clear_stunt_points(ctx, NEW_ROLL)
    key = t.ability or default_ability(a, "bow" if call.bow else "ranged")
    focus = t.focus or a.stats.get("weapon_focus")
    roll = roll_3d6(ctx, t.dice, t.numbers[0] if t.numbers else None,
                    _('{attacker}: ranged coup de grace', attacker=named(a)), a.id)
    check = make_check(a, roll, key, focus, t.mod_parts + roll_mods(a, key, focus, "attack"))
    keep(ctx, a, check, f"ranged coup de grace on {target.name}", "Defense 10", 10,
         "hit" if check.total >= 10 else "miss")
    roll_vs = _("{formula} vs Defense 10", formula=check.told(a))  # Defense 10: the rule's, whoever the target
    if check.total >= 10:
        health.kill(ctx, target, _("{name}'s ranged coup de grace hits: {target} dies", name=named(a),
                                   target=named(target)), "2.3", detail=roll_vs)
    else:
        ctx.say(_("{name}'s ranged coup de grace misses", name=named(a)), rule=rule("2.3"), who=a.id,
                detail=roll_vs)


def _attack_params() -> tuple:
    return (Who("who"), Who("target", meta=N_("TARGET")),
            Flag("penetrating", words=("penetrating", "penetrante", "pen")),
            Flag("pull", words=("pull", "contener", "pulled", "contenido")),
            Flag("melee", words=("melee", "cac", "cuerpo")), Flag("ranged", words=("ranged", "distancia", "thrown")),
            Flag("bow", words=("bow", "arco", "crossbow", "ballesta")),
            Fields("fields", meta=N_("dmg=DICE"), completes=""),
            Rest("roll", spelled=N_("[ABILITY[:FOCUS]] [DICE] [+N]")))


ATTACK = Verb("attack", _attack_params(), attack_verb,
              _("attack roll vs Defense; damage; doubles on a hit earn stunt points"),
              en=("atk",), es=("atacar", "ataque"), group="ruleset",
              note=_("DICE: 5,5,3 dragon die first, or the 3d6 sum"))
CHARGE_VERB = Verb("charge", _attack_params(), charge_verb, _("move half Speed and melee attack at +1 (major)"),
                   es=("cargar", "carga"), group="ruleset")
COUP = Verb("coup", (Who("who"), Who("target", meta=N_("TARGET")), Flag("ranged", words=("ranged", "distancia", "thrown")),
                     Flag("bow", words=("bow", "arco", "crossbow", "ballesta")),
                     Flag("melee", words=("melee", "cac", "cuerpo")),
                     Rest("roll", spelled=N_("[ABILITY[:FOCUS]] [DICE] [+N]"))),
            coup_verb, _("major: kills a dying or unconscious target (ranged: roll vs Defense 10)"),
            en=("coup-de-grace",), es=("rematar", "remate"), group="ruleset")
