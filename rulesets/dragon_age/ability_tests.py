"""Ability tests: 3d6 + ability (+2 focus) against a target number (dragon_age.md §2.1 [S]).

``DAChecks`` is the engine's dice tray with the AGE dice (``check``) and the test a target
makes against a spell's Spellpower (``save``, §2.12); ``test`` and ``contest`` are the verbs
that take the table's own dice. The first of the three dice is the dragon die, reported
apart because it measures the degree of success and pays stunt points.
"""

from __future__ import annotations

from gm_console.ruleset import (N_, Checks, Combatant, Context, EncounterState, Int, Msg, Rest, Term, Verb, Who, Word, named,
                                fold_text, joined, of)

from .age_roll import (AgeRoll, Check, ability_what, degree, focus_note, keep, make_check, read_tail, roll_3d6,
                       roll_mods, split_ability, DEGREE)
from .common import NEW_ROLL, clear_stunt_points, rule
from .i18n import C_, _
from .stats import LABELS, ability, ability_key, focus_ability, has_focus


def _what(key: str, focus: str | None) -> Term:
    """"Con (swimming)" / "Constitución (swimming)": what a test is of, for the log."""
    return joined([LABELS[key], f"({focus})"]) if focus else LABELS[key]


class DAChecks(Checks):
    """``check NAME ABILITY[:FOCUS] vs TN``: 3d6, the dragon die first; no take 10/20."""

    dice = "3d6"
    allows_take = False
    #: dragon_age.md §2.1 [S]: Perception tests are rolled hidden by the GM
    hidden = ("perception", "per", "percepcion", "percepción")

    def before(self, ctx: Context, c: Combatant) -> None:
        """dragon_age.md §2.5 [S]: stunt points are spent at once; a new roll makes waiting ones vanish."""
        clear_stunt_points(ctx, NEW_ROLL)

    def bonus(self, state: EncounterState, c: Combatant, what: str) -> int | None:
        """The ability (dragon_age.md §2.1 [S]). The engine hands the opposing side's word whole, so
        ``vs Toro con:swimming`` arrives here as ``con:swimming``: ability + 2 if the focus is on the sheet."""
        name, sep, focus = (what or "").partition(":")
        key = ability_key(name) if name else None
        if key is None and name and not sep and focus_ability(name):
            # a focus named alone: its ability, +2 if the sheet has the focus (`check Sera swimming`)
            key, focus, sep = ability_key(focus_ability(name)), name, ":"
        if key is None:
            return super().bonus(state, c, what)
        return ability(c, key) + (self.focus(state, c, focus) if sep else 0)

    def modifiers(self, state: EncounterState, c: Combatant, what: str, opposed: bool = False) -> list[tuple[str, int]]:
        """The effects on the roll (Daze -1 on every test, Berserk +2 on Courage...), dragon_age.md §2.12."""
        key, focus = split_ability(what or "")
        if key is None and what and focus_ability(what):
            key, focus = ability_key(focus_ability(what)), what
        if key is None:
            return []
        return [(str(label), n) for label, n in roll_mods(c, key, focus)]

    def focus(self, state: EncounterState, c: Combatant, focus: str) -> int:
        """+2 only with the focus on the sheet (dragon_age.md §2.1 [S])."""
        return 2 if has_focus(c, focus) else 0

    def tie_key(self, state: EncounterState, c: Combatant, what: str, roll, bonus: int) -> tuple:
        """dragon_age.md §2.1 [O?]: an opposed tie goes to the higher dragon die, then the higher ability."""
        dragon = roll.dice[0].value if roll is not None and roll.dice else 0
        key = ability_key((what or "").partition(":")[0]) if what else None
        return (dragon, ability(c, key) if key else bonus)

    def degree(self, roll, total: int, target: int | None) -> str | None:
        """The first of the three dice is the dragon die: the degree of success (dragon_age.md §2.1 [S])."""
        if roll is None or not roll.dice:
            return None
        dragon = roll.dice[0].value
        return f"dragon die {dragon}: {DEGREE[dragon]}"

    def resist(self, ctx: Context, c: Combatant, what: str, power: int) -> tuple[bool, Check]:
        """An ability test against a spell's Spellpower (dragon_age.md §2.12 [O]): 3d6 + ability,
        +2 with the focus, + the effects on resisting (Affliction Hex -2); success meets the power."""
        key, focus = split_ability(what)
        if key is None and focus_ability(what):  # a focus named alone: its ability (acrobatics -> dex)
            key, focus = ability_key(focus_ability(what)), what
        if key is None:
            ctx.fail(_("{what!r} is not an ability test; give one like dex:acrobatics or con:stamina", what=what))
        roll = roll_3d6(ctx, None, None, _('{name}: {value} vs Spellpower {power}', name=named(c),
                                           value=ability_what(key, focus), power=of(c, power)), c.id)
        check = make_check(c, roll, key, focus, roll_mods(c, key, focus, "resist"))
        ok = check.total >= power
        keep(ctx, c, check, f"{ability_what(key, focus)} (resisting)", f"Spellpower {power}", power,
             "success" if ok else "failure")
        return ok, check

    def save(self, ctx: Context, c: Combatant, what: str, dc: int) -> tuple[bool, int, str]:
        """The area-damage "save" of AGE: ``what`` is the ability test (``dex:acrobatics``), ``dc`` the
        spell's Spellpower. Returns (succeeded, total, the roll's breakdown)."""
        ok, check = self.resist(ctx, c, what, dc)
        return ok, check.total, check.formula(c)

    def save_kind(self, what: str) -> str | None:
        """AGE resists with an ability test: ``willpower:courage``, ``con``, a focus alone
        (``courage``) as its ability's (dragon_age.md §2.12)."""
        name, sep, focus = (what or "").partition(":")
        key = ability_key(name) if name else None
        if key is None and name and not sep and focus_ability(name):
            key, focus = ability_key(focus_ability(name)), name
        if key is None:
            return None
        return f"{key}:{fold_text(focus).replace(' ', '-')}" if focus.strip() else key

    def save_kinds(self) -> tuple[str, ...]:
        return ("ABILITY", "ABILITY:FOCUS")

    def save_words(self) -> tuple[Msg, ...]:
        # TRANSLATORS: what follows save= in AGE: an ability, or an ability and its focus
        return (C_("save typed", "ABILITY"), C_("save typed", "ABILITY:FOCUS"))

    def save_example(self) -> Msg:
        # TRANSLATORS: an ability test as typed after save= (save=willpower:courage:15): words the game reads
        return C_("save typed", "willpower:courage")

    def evasion(self, c: Combatant) -> str:
        """AGE has no evasion: a target that resists takes what the spell says."""
        return ""


# -- the verbs --------------------------------------------------------------------------------

EXPECT_ROLL = _("dice like 5,5,3, the 3d6 sum or +N")


def test_verb(ctx: Context, call) -> None:
    c = ctx.combatant(call.who)
    key, focus = split_ability(call.ability)
    if key is None:
        ctx.fail(_("test: which ability? e.g. con:swimming; usage: {usage}", usage=TEST.usage()))
    if call.tn is None:
        ctx.fail(_("test: missing the target number (TN); usage: {usage}", usage=TEST.usage()))
    t = read_tail(ctx, call.roll, TEST.word, TEST.usage(), EXPECT_ROLL, ability=False)
    tn = call.tn
    clear_stunt_points(ctx, NEW_ROLL)
    hidden = key == "perception"  # dragon_age.md §2.1 [S]: Perception tests are rolled hidden
    roll = roll_3d6(ctx, t.dice, t.numbers[0] if t.numbers else None, _('{name}: {key} test', name=named(c), key=key),
                    c.id, hidden=hidden)
    check = make_check(c, roll, key, focus, t.mod_parts + roll_mods(c, key, focus))
    ok = check.total >= tn
    result = _("success, {degree}", degree=degree(c, roll)) if ok else _("failure by {n}", n=of(c, tn - check.total))
    # the TN the GM set for this test is a number about the one tested (a foe's is the GM's)
    ctx.say(_("{name} tests {what}: {formula} vs TN {tn}: {result}{note}", name=named(c), what=_what(key, focus),
              formula=check.told(c), tn=of(c, tn), result=result, note=focus_note(c, focus)),
            rule=rule("2.1"), who=c.id, gm_only=hidden)
    keep(ctx, c, check, ability_what(key, focus), f"TN {tn}", tn, "success" if ok else "failure", hidden=hidden)


def versus(a: Combatant, ca: Check, b: Combatant, cb: Check) -> Msg:
    """"Sera 15 (...) +1 Dex = 16 vs Hurlock 12 (...)": both sides of an opposed roll, each a number about its roller."""
    return _("{a} {fa} vs {b} {fb}", a=named(a), fa=ca.told(a), b=named(b), fb=cb.told(b))


def opposed(a: Combatant, ca: Check, b: Combatant, cb: Check) -> Combatant | None:
    """Higher total wins; ties by dragon die, then ability [O?]; None if still tied."""
    key_a = (ca.total, ca.roll.dragon or 0, ability(a, ca.ability))
    key_b = (cb.total, cb.roll.dragon or 0, ability(b, cb.ability))
    if key_a == key_b:
        return None
    return a if key_a > key_b else b


def contest_verb(ctx: Context, call) -> None:
    a, b = ctx.combatant(call.who), ctx.combatant(call.other)
    sides = [split_ability(call.ability), split_ability(call.other_ability)]
    if sides[0][0] is None or sides[1][0] is None:
        ctx.fail(_("contest: each side needs an ability; usage: {usage}", usage=CONTEST.usage()))
    if len(call.dice) > 2:
        ctx.fail(_("contest: unexpected {extra!r}; usage: {usage}", extra=" ".join(call.dice[2:]),
                   usage=CONTEST.usage()))
    given: list[AgeRoll | None] = []
    for tok in call.dice:
        t = read_tail(ctx, (tok,), CONTEST.word, CONTEST.usage(), EXPECT_ROLL, ability=False)
        if (t.dice is None and not t.numbers) or t.mods:
            ctx.fail(_("contest: {token!r} is not dice like 5,5,3 or a 3d6 sum; usage: {usage}", token=tok,
                       usage=CONTEST.usage()))
        given.append(roll_3d6(ctx, t.dice, None if t.dice else t.numbers[0], "", None))
    clear_stunt_points(ctx, NEW_ROLL)
    # dragon_age.md §2.1 [S]: a Perception test is rolled hidden, on either side (spotting an ambush)
    hidden = "perception" in (sides[0][0], sides[1][0])
    checks = []
    for i, (who, (key, focus)) in enumerate(((a, sides[0]), (b, sides[1]))):
        roll = given[i] if i < len(given) else roll_3d6(ctx, None, None, _('{who}: {key} (opposed)', who=named(who),
                                                                             key=key), who.id, hidden=hidden)
        checks.append(make_check(who, roll, key, focus, roll_mods(who, key, focus)))
    winner = opposed(a, checks[0], b, checks[1])
    result = _("{name} wins", name=named(winner)) if winner else _("still tied: roll off")
    # who won is the table's; each side's roll shows its abilities (a foe's are the GM's)
    ctx.say(_("Opposed test: {result}", result=result), rule=rule("2.1"), gm_only=hidden,
            detail=versus(a, checks[0], b, checks[1]))
    keep(ctx, a, checks[0], ability_what(*sides[0]), f"{b.name} {ability_what(*sides[1])}", None,
         "tie" if winner is None else "win" if winner is a else "loss", hidden=hidden, opponent=b,
         opponent_total=checks[1].total)


TEST = Verb("test", (Who("who"), Word("ability", meta=N_("ABILITY[:FOCUS]"), fold=False),
                     Int("tn", meta=N_("TN"), required=False, what=_("the target number")),
                     Rest("roll", spelled=N_("[DICE] [+N]"))), test_verb,
            _("ability test: 3d6 + ability (+2 focus) vs TN; dragon die = degree"), es=("probar", "atributo"),
            group="ruleset", note=_("DICE: 5,5,3 dragon die first, or the 3d6 sum"),
            spelled=N_("NAME ABILITY[:FOCUS] TN [DICE] [+N]"))
CONTEST = Verb("contest", (Who("who"), Word("ability", meta=N_("ABILITY[:FOCUS]"), fold=False),
                           Who("other", meta=N_("OTHER")), Word("other_ability", meta=N_("ABILITY[:FOCUS]"), fold=False),
                           Rest("dice", spelled=N_("[DICE DICE]"))), contest_verb,
               _("opposed test: higher total, ties by dragon die then ability"), en=("opposed",),
               es=("enfrentada",), group="ruleset")
