"""Ability tests: 3d6 + ability (+2 focus) against a target number (dragon_age.md §2.1 [S]).

The first of the three dice is the dragon die, reported apart because it
measures the degree of success and pays stunt points. The GM may type the
table's dice instead of letting the tracker roll: three naturals (``5,5,3``,
dragon die first) or, as the seed's example does, only their sum (``15``);
with a sum the dragon die and doubles are unknown and the log says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.ruleset import Combatant, Context, record_check

from .common import clear_stunt_points, loose_dice, rule, tokens, reject_words
from .stats import ability, ability_label, has_focus

DEGREE = {1: ("barely", "por los pelos"), 2: ("narrowly", "justo"), 3: ("solidly", "con soltura"),
          4: ("well", "bien"), 5: ("impressively", "de forma impresionante"),
          6: ("flawlessly", "de manera impecable")}


@dataclass(frozen=True)
class AgeRoll:
    dice: tuple[int, ...]  # the three naturals, dragon die first; () when only the sum was given
    natural: int

    @property
    def dragon(self) -> int | None:
        return self.dice[0] if self.dice else None

    @property
    def doubles(self) -> bool:
        """Any two of the three dice equal (triples count), dragon_age.md §2.5 [S]."""
        return bool(self.dice) and len(set(self.dice)) < 3

    def text(self) -> str:
        if not self.dice:
            return f"{self.natural} (3d6 sum given)"
        a, b, c = self.dice
        return f"{self.natural} ({a},{b},{c}; dragon {a})"

    def text_es(self) -> str:
        if not self.dice:
            return f"{self.natural} (suma de 3d6 dada)"
        a, b, c = self.dice
        return f"{self.natural} ({a},{b},{c}; dragón {a})"


def roll_3d6(ctx: Context, dice: tuple[int, ...] | None, total: int | None, purpose: str,
             who: str | None, hidden: bool = False) -> AgeRoll:
    if dice is not None:
        return AgeRoll(tuple(dice), sum(dice))
    if total is not None:
        if not 3 <= total <= 18:
            ctx.fail(f"a 3d6 sum is 3 to 18, not {total}; or give the three dice like 5,5,3")
        return AgeRoll((), total)
    r = ctx.roll("3d6", purpose=purpose, who=who, hidden=hidden)
    naturals = tuple(d.value for d in r.dice)
    return AgeRoll(naturals, r.total)


@dataclass(frozen=True)
class Check:
    roll: AgeRoll
    ability: str
    focus: str | None
    focus_bonus: int
    mods: tuple[tuple[str, int], ...]
    total: int

    def parts(self, c: Combatant, lang: str = "en") -> str:
        out = f"{ability(c, self.ability):+d} {ability_label(self.ability, lang)}"
        if self.focus_bonus:
            out += f" +2 {self.focus}"
        for label, n in self.mods:
            out += f" {n:+d} {label}"
        return out.replace("+-", "-")

    def summary(self, c: Combatant, lang: str = "en") -> str:
        dice = self.roll.text_es() if lang == "es" else self.roll.text()
        return f"{dice} {self.parts(c, lang)} = {self.total}"


def make_check(c: Combatant, roll: AgeRoll, key: str, focus: str | None,
               mods: tuple[tuple[str, int], ...] = ()) -> Check:
    bonus = 2 if has_focus(c, focus) else 0
    total = roll.natural + ability(c, key) + bonus + sum(n for _, n in mods)
    return Check(roll, key, focus, bonus, mods, total)


def keep(ctx: Context, c: Combatant, check: Check, what: str, against: str, target: int | None,
         outcome: str, *, earns: bool = False, hidden: bool = False, opponent: Combatant | None = None,
         opponent_total: int | None = None) -> None:
    """Keep this roll in the state for scripts (``show --json`` checks): its dice (dragon die first),
    total, what it was against and its outcome. ``earns``: a roll that can earn stunt points (an
    attack or a casting): they are then the dragon die on a success with doubles, else 0; unknown
    (None) when only the sum was given; None for rolls that earn none."""
    roll = check.roll
    good = outcome in ("success", "hit", "win")
    degree = f"dragon die {roll.dragon}: {DEGREE[roll.dragon][0]}" if good and roll.dragon else None
    points = None
    if earns and roll.dice:
        points = int(roll.dragon or 0) if good and roll.doubles else 0
    record_check(ctx, c, what, check.total, dice=roll.dice, bonus=check.total - roll.natural, against=against,
                 target=target, opponent=opponent, opponent_total=opponent_total, outcome=outcome,
                 degree=degree, stunt_points=points, hidden=hidden)


def ability_what(key: str, focus: str | None) -> str:
    return key + (f":{focus}" if focus else "")


def focus_note(c: Combatant, focus: str | None) -> tuple[str, str]:
    if focus and not has_focus(c, focus):
        return (f" ({c.name} lacks the {focus} focus: no +2)",
                f" ({c.name} no tiene la concentración {focus}: sin +2)")
    return "", ""


def degree(roll: AgeRoll) -> tuple[str, str]:
    if roll.dragon is None:
        return "dragon die not given", "dado dragón no dado"
    en, es = DEGREE[roll.dragon]
    return f"degree {roll.dragon}: {en}", f"grado {roll.dragon}: {es}"


TEST_USAGE = "test NAME ABILITY[:FOCUS] TN [DICE] [+N]   (DICE: 5,5,3 dragon die first, or the 3d6 sum)"


def test_verb(ctx: Context, args: tuple[str, ...]) -> None:
    if len(args) < 2:
        ctx.fail(f"test: missing arguments; usage: {TEST_USAGE}")
    c = ctx.combatant(args[0])
    t = loose_dice(tokens(ctx, args[1:], TEST_USAGE), 1)
    reject_words(ctx, t, set(), TEST_USAGE)
    if t.ability is None:
        ctx.fail(f"test: which ability? e.g. con:swimming; usage: {TEST_USAGE}")
    tn = int(t.kv["tn"]) if t.kv.get("tn", "").isdigit() else (t.numbers.pop(0) if t.numbers else None)
    if tn is None:
        ctx.fail(f"test: missing the target number (TN); usage: {TEST_USAGE}")
    if len(t.numbers) > 1:
        ctx.fail(f"test: too many numbers; usage: {TEST_USAGE}")
    total = t.numbers[0] if t.numbers else None
    clear_stunt_points(ctx, "a new roll", "una tirada nueva")
    hidden = t.ability == "perception"  # dragon_age.md §2.1 [S]: Perception tests are rolled hidden
    roll = roll_3d6(ctx, t.dice, total, f"{c.name}: {t.ability} test", c.id, hidden=hidden)
    check = make_check(c, roll, t.ability, t.focus, (("mod", t.mod),) if t.mod else ())
    what_en = ability_label(t.ability) + (f" ({t.focus})" if t.focus else "")
    what_es = ability_label(t.ability, "es") + (f" ({t.focus})" if t.focus else "")
    note_en, note_es = focus_note(c, t.focus)
    if check.total >= tn:
        d_en, d_es = degree(roll)
        res_en, res_es = f"success, {d_en}", f"éxito, {d_es}"
    else:
        res_en, res_es = f"failure by {tn - check.total}", f"fallo por {tn - check.total}"
    ctx.say(f"{c.name} tests {what_en}: {check.summary(c)} vs TN {tn}: {res_en}{note_en}",
            f"{c.name} tira {what_es}: {check.summary(c, 'es')} contra NO {tn}: {res_es}{note_es}",
            rule=rule("2.1"), who=c.id, gm_only=hidden)
    keep(ctx, c, check, ability_what(t.ability, t.focus), f"TN {tn}", tn,
         "success" if check.total >= tn else "failure", hidden=hidden)


CONTEST_USAGE = "contest NAME ABILITY[:FOCUS] OTHER ABILITY[:FOCUS] [DICE DICE]"


def opposed(ctx: Context, a: Combatant, ca: Check, b: Combatant, cb: Check) -> Combatant | None:
    """Higher total wins; ties by dragon die, then ability [O?]; None if still tied."""
    key_a = (ca.total, ca.roll.dragon or 0, ability(a, ca.ability))
    key_b = (cb.total, cb.roll.dragon or 0, ability(b, cb.ability))
    if key_a == key_b:
        return None
    return a if key_a > key_b else b


def contest_verb(ctx: Context, args: tuple[str, ...]) -> None:
    if len(args) < 4:
        ctx.fail(f"contest: missing arguments; usage: {CONTEST_USAGE}")
    a = ctx.combatant(args[0])
    ta = tokens(ctx, args[1:2], CONTEST_USAGE)
    b = ctx.combatant(args[2])
    tb = tokens(ctx, args[3:4], CONTEST_USAGE)
    if ta.ability is None or tb.ability is None:
        ctx.fail(f"contest: each side needs an ability; usage: {CONTEST_USAGE}")
    given: list = []
    for tok in args[4:6]:
        t = tokens(ctx, (tok,), CONTEST_USAGE)
        if t.dice is None and not t.numbers:
            ctx.fail(f"contest: {tok!r} is not dice like 5,5,3 or a 3d6 sum; usage: {CONTEST_USAGE}")
        given.append(t.dice if t.dice is not None else t.numbers[0])
    if len(args) > 6:
        ctx.fail(f"contest: unexpected {' '.join(args[6:])!r}; usage: {CONTEST_USAGE}")
    clear_stunt_points(ctx, "a new roll", "una tirada nueva")
    # dragon_age.md §2.1 [S]: a Perception test is rolled hidden, on either side (spotting an ambush)
    hidden = "perception" in (ta.ability, tb.ability)
    checks = []
    for i, (who, t) in enumerate(((a, ta), (b, tb))):
        g = given[i] if i < len(given) else None
        roll = roll_3d6(ctx, g if isinstance(g, tuple) else None, g if isinstance(g, int) else None,
                        f"{who.name}: {t.ability} (opposed)", who.id, hidden=hidden)
        checks.append(make_check(who, roll, t.ability, t.focus))
    winner = opposed(ctx, a, checks[0], b, checks[1])
    res_en = f"{winner.name} wins" if winner else "still tied: roll off"
    res_es = f"gana {winner.name}" if winner else "empate: repetid la tirada"
    ctx.say(f"Opposed test: {a.name} {checks[0].summary(a)} vs {b.name} {checks[1].summary(b)}: {res_en}",
            f"Tirada enfrentada: {a.name} {checks[0].summary(a, 'es')} contra {b.name} "
            f"{checks[1].summary(b, 'es')}: {res_es}", rule=rule("2.1"), gm_only=hidden)
    keep(ctx, a, checks[0], ability_what(ta.ability, ta.focus), f"{b.name} {ability_what(tb.ability, tb.focus)}",
         None, "tie" if winner is None else "win" if winner is a else "loss", hidden=hidden, opponent=b,
         opponent_total=checks[1].total)
