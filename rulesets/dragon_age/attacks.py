"""Attacks, Charge and the coup de grace (dragon_age.md §2.3-§2.5 [S]).

An attack is an ability test against the target's Defense. On a hit the damage
is rolled at once (weapon dice + Str, + Perception for bows) and armor taken
off, so the sheet is right even if no stunt follows. The attack is remembered
in the attacker's ``stunt_roll`` mark while stunt points wait, because Mighty
Blow and Pierce Armor change *this* attack's damage: they recompute it and
deal the difference.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from .ability_tests import focus_note, keep, make_check, roll_3d6
from .common import clear_stunt_points, loose_dice, rule, tokens
from .economy import MAJOR, check_can_act, take
from .health import kill, take_damage
from .sheet import defense
from .stats import UNARMED, ability, ability_label, weapon_kind
from .stunt_points import grant

ATTACK_USAGE = ("attack NAME TARGET [ABILITY[:FOCUS]] [DICE] [+N] [dmg=2d6] [penetrating] [pull] "
                "[melee|ranged|bow]   (DICE: 5,5,3 dragon die first, or the 3d6 sum)")
CHARGE_USAGE = ATTACK_USAGE.replace("attack NAME", "charge NAME")
COUP_USAGE = "coup NAME TARGET [ranged] [ABILITY[:FOCUS]] [DICE]"

FLAGS = {
    "penetrating": "penetrating", "penetrante": "penetrating", "pen": "penetrating",
    "pull": "pull", "pulled": "pull", "contener": "pull", "contenido": "pull",
    "melee": "melee", "cac": "melee", "cuerpo": "melee",
    "ranged": "ranged", "distancia": "ranged", "thrown": "ranged",
    "bow": "bow", "arco": "bow", "crossbow": "bow", "ballesta": "bow",
}


def _flags(ctx: Context, words: list[str], usage: str) -> set[str]:
    out = set()
    for w in words:
        if w not in FLAGS:
            ctx.fail(f"unexpected {w!r}: expected an ability, dice like 5,5,3, +N, dmg=2d6, "
                     f"penetrating, pull, melee, ranged or bow; usage: {usage}")
        out.add(FLAGS[w])
    return out


def default_ability(c: Combatant, kind: str) -> str:
    chosen = c.stats.get("weapon_ability")
    if chosen:
        return str(chosen)
    return "dex" if kind in ("bow", "ranged") else "str"


def attack_verb(ctx: Context, args: tuple[str, ...]) -> None:
    _attack(ctx, args, charge=False)


def charge_verb(ctx: Context, args: tuple[str, ...]) -> None:
    _attack(ctx, args, charge=True)


def _imposing_blocks(ctx: Context, a: Combatant, target: Combatant) -> bool:
    """Imposing Spell: a melee attacker first passes Willpower (Courage) vs 10 + Magic."""
    inst = next(iter(target.instances("imposing-spell")), None)
    if inst is None:
        return False
    tn = inst.value or 10
    roll = roll_3d6(ctx, None, None, f"{a.name}: Willpower (Courage) vs Imposing Spell", a.id)
    check = make_check(a, roll, "willpower", "courage")
    keep(ctx, a, check, "willpower:courage (Imposing Spell)", f"TN {tn}", tn,
         "success" if check.total >= tn else "failure")
    if check.total >= tn:
        ctx.say(f"{a.name} braves {target.name}'s Imposing Spell: {check.summary(a)} vs TN {tn}",
                f"{a.name} supera el Hechizo imponente de {target.name}: {check.summary(a, 'es')} contra NO {tn}",
                rule=rule("2.5"), who=a.id)
        return False
    ctx.say(f"{a.name} is daunted by {target.name}'s Imposing Spell: {check.summary(a)} vs TN {tn}, fails; "
            f"it must Move or Defend instead of attacking",
            f"{a.name} se amilana ante el Hechizo imponente de {target.name}: {check.summary(a, 'es')} contra "
            f"NO {tn}, falla; debe Moverse o Defender en vez de atacar", rule=rule("2.5"), who=a.id)
    return True


def _attack(ctx: Context, args: tuple[str, ...], charge: bool) -> None:
    usage = CHARGE_USAGE if charge else ATTACK_USAGE
    verb = "charge" if charge else "attack"
    if len(args) < 2:
        ctx.fail(f"{verb}: missing arguments; usage: {usage}")
    a = ctx.combatant(args[0])
    target = ctx.combatant(args[1])
    t = loose_dice(tokens(ctx, args[2:], usage), 0)
    flags = _flags(ctx, t.words, usage)
    kinds = flags & {"melee", "ranged", "bow"}
    if len(kinds) > 1:
        ctx.fail(f"{verb}: choose one of melee, ranged, bow; usage: {usage}")
    kind = kinds.pop() if kinds else weapon_kind(a)
    if target is a:
        ctx.fail(f"{verb}: {a.name} cannot attack itself")
    if target.life == "dead":
        ctx.fail(f"{target.name} is already dead")
    if charge and kind != "melee":
        ctx.fail("charge ends in a melee attack; drop ranged/bow")
    if len(t.numbers) > 1:
        ctx.fail(f"{verb}: too many numbers ({', '.join(map(str, t.numbers))}); usage: {usage}")
    check_can_act(ctx, a)
    second = bool(a.marks.get("bonus_attack"))
    if not second:
        # the Lightning Attack's own attack leaves the first attack's other points waiting: stunts
        # may be taken in any order (dragon_age.md §2.5 [S])
        clear_stunt_points(ctx, "a new roll", "una tirada nueva")
    if kind == "melee" and _imposing_blocks(ctx, a, target):
        return
    if second:
        ctx.set_mark(a, "bonus_attack", None)
    else:
        what = ("charge at " if charge else "attack ") + target.name
        what_es = ("carga contra " if charge else "ataque a ") + target.name
        take(ctx, a, MAJOR, what, what_es, attack=True)
    key = t.ability or default_ability(a, kind)
    focus = t.focus or a.stats.get("weapon_focus") or None
    mods: list[tuple[str, int]] = []
    for inst in a.instances("aiming"):
        ctx.remove_condition(a, inst, reason="used")
        mods.append(("aim", 1))
    if charge:
        mods.append(("charge", 1))
    if kind == "melee" and target.has("prone"):
        mods.append(("prone target", 1))
    if t.mod:
        mods.append(("mod", t.mod))
    roll = roll_3d6(ctx, t.dice, t.numbers[0] if t.numbers else None,
                    f"{a.name}: attack on {target.name}", a.id)
    check = make_check(a, roll, key, focus, tuple(mods))
    dfig = defense(ctx.state, target)
    hit = check.total >= dfig.value
    note_en, note_es = focus_note(a, focus)
    lead_en = f"{a.name} {'charges' if charge else 'attacks'} {target.name}"
    lead_es = f"{a.name} {'carga contra' if charge else 'ataca a'} {target.name}"
    ctx.say(f"{lead_en}: {check.summary(a)} vs {dfig.explain('Defense')}: {'hit' if hit else 'miss'}{note_en}",
            f"{lead_es}: {check.summary(a, 'es')} contra Defensa {dfig.value}: "
            f"{'impacta' if hit else 'falla'}{note_es}", rule=rule("2.4"), who=a.id)
    keep(ctx, a, check, f"{'charge' if charge else 'attack'} on {target.name} ({key})", f"Defense {dfig.value}",
         dfig.value, "hit" if hit else "miss", earns=not second)
    if not hit:
        if roll.doubles:
            ctx.say("Doubles, but a miss earns no stunt points", "Dobles, pero un fallo no da puntos de proeza",
                    rule=rule("2.5"), who=a.id)
        return
    record = {"target": target.id, "total": check.total, "ability": key,
              "focus_bonus": check.focus_bonus, "wkind": kind,
              "penetrating": "penetrating" in flags, "pull": "pull" in flags}
    record.update(roll_damage(ctx, a, target, record, t.kv.get("dmg") or t.kv.get("damage")))
    if second:
        if roll.doubles:
            ctx.say("Doubles on the Lightning Attack's second attack: no stunt points",
                    "Dobles en el segundo ataque de Ataque relámpago: sin puntos de proeza",
                    rule=rule("2.5"), who=a.id)
        return
    grant(ctx, a, roll, "combat", record)


def roll_damage(ctx: Context, a: Combatant, target: Combatant, record: dict,
                expr: str | None = None) -> dict:
    """Weapon dice + Str (Perception for bows) - armor (dragon_age.md §2.4 [S]); returns what stunts need."""
    expr = expr or a.stats.get("weapon") or UNARMED
    dmg_key = "perception" if record.get("wkind") == "bow" else "str"
    r = ctx.roll(str(expr), purpose=f"damage of {a.name} to {target.name}", who=a.id)
    bonus = ability(a, dmg_key)
    raw = r.total + bonus
    armor = int(target.stats.get("armor") or 0)
    label_en = f"damage {expr} ({r.total}) {bonus:+d} {ability_label(dmg_key)}".replace("+-", "-")
    label_es = f"daño {expr} ({r.total}) {bonus:+d} {ability_label(dmg_key, 'es')}".replace("+-", "-")
    dealt = take_damage(ctx, target, raw, armor=armor, penetrating=record["penetrating"],
                        pull=record["pull"], label_en=label_en, label_es=label_es)
    return {"weapon": str(expr), "raw": raw, "armor": armor, "halved": False, "dealt": dealt}


def coup_verb(ctx: Context, args: tuple[str, ...]) -> None:
    """Coup de grace on a dying or unconscious target: death (dragon_age.md §2.3 [S])."""
    if len(args) < 2:
        ctx.fail(f"coup: missing arguments; usage: {COUP_USAGE}")
    a = ctx.combatant(args[0])
    target = ctx.combatant(args[1])
    t = loose_dice(tokens(ctx, args[2:], COUP_USAGE), 0)
    flags = _flags(ctx, t.words, COUP_USAGE)
    if target.life not in ("dying", "unconscious"):
        ctx.fail(f"coup de grace needs a dying or unconscious target; {target.name} is {target.life}")
    ranged = bool(flags & {"ranged", "bow"})
    take(ctx, a, MAJOR, f"coup de grace on {target.name}", f"remate a {target.name}")
    if not ranged:
        kill(ctx, target, f"{a.name} delivers the coup de grace: {target.name} dies",
             f"{a.name} remata a {target.name}: muere", "2.3")
        return
    clear_stunt_points(ctx, "a new roll", "una tirada nueva")
    key = t.ability or default_ability(a, "bow" if "bow" in flags else "ranged")
    roll = roll_3d6(ctx, t.dice, t.numbers[0] if t.numbers else None,
                    f"{a.name}: ranged coup de grace", a.id)
    check = make_check(a, roll, key, t.focus or a.stats.get("weapon_focus"),
                       (("mod", t.mod),) if t.mod else ())
    keep(ctx, a, check, f"ranged coup de grace on {target.name}", "Defense 10", 10,
         "hit" if check.total >= 10 else "miss")
    if check.total >= 10:
        kill(ctx, target, f"{a.name}'s ranged coup de grace: {check.summary(a)} vs Defense 10, hit: "
                          f"{target.name} dies",
             f"Remate a distancia de {a.name}: {check.summary(a, 'es')} contra Defensa 10, impacta: "
             f"{target.name} muere", "2.3")
    else:
        ctx.say(f"{a.name}'s ranged coup de grace: {check.summary(a)} vs Defense 10: miss",
                f"Remate a distancia de {a.name}: {check.summary(a, 'es')} contra Defensa 10: falla",
                rule=rule("2.3"), who=a.id)

