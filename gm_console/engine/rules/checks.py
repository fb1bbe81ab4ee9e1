"""The dice tray: free rolls (`r EXPR`) and checks (`check NAME SKILL vs DC`).

Every roll lands in the log as a ``Rolled`` event with its formula and dice;
``hidden`` rolls are GM-only. The ruleset supplies the check dice (d20 or 3d6
with the dragon die), the sheet's bonus, the conditions' penalties, focus
bonuses and the degree of success; this module reads the GM's words and puts
the numbers together the same way for every game.

    r EXPR [LABEL...]
    check NAME WHAT[:FOCUS][+N] [+N ...] [vs DC | vs NAME2 [WHAT2]] [take10|take20]
          [hidden] [aid NAME2 ...]
"""

from __future__ import annotations

from gm_console.i18n import Msg, _, joined

import re
from dataclasses import dataclass, field

from ..core.told import SaveDC, named, of, public
from ..core.context import Context
from ..core.contract import RulesError, did_you_mean
from ..core.text import listing
from ..core.dice import DiceError, RollResult
from ..core.marks import CHECK_MARK, CHECKS, CHECKS_KEPT  # noqa: F401 (CHECK_MARK: for scripts and tests)
from ..core.state import Combatant

#: skill words for the "did you mean" of a typo (not accepted without +N: sheets do not hold them)
SKILL_WORDS = ("acrobatics", "athletics", "bluff", "climb", "diplomacy", "disguise", "escape",
               "heal", "intimidate", "knowledge", "medicine", "perception", "piloting", "ride",
               "sense-motive", "sleight", "spellcraft", "stealth", "survival", "swim",
               "percepcion", "sigilo", "trepar", "nadar", "avistar")


_BONUS = re.compile(r"^[+-]\d{1,4}$")
_WHAT = re.compile(r"^([^\s+\-:][^+\-:]*?)(?::([^+\-]+))?((?:[+-]\d{1,4})*)$")


@dataclass
class CheckRequest:
    who: str
    what: str = ""
    focus: str | None = None
    bonuses: list[int] = field(default_factory=list)
    dc: int | None = None
    opponent: str | None = None
    opponent_what: str | None = None
    opponent_focus: str | None = None
    opponent_bonuses: list[int] = field(default_factory=list)
    take: int | None = None
    hidden: bool = False
    aiders: list[str] = field(default_factory=list)
    #: advantage (+1) and disadvantage (-1) the GM typed (`adv`, `dis`), for a game that has them
    edges: list[int] = field(default_factory=list)


def record_check(ctx: Context, who: Combatant | None, what: str, total: int, *, dice=(),
                 bonus: int | None = None, against: str = "", target: int | None = None,
                 opponent: Combatant | None = None, opponent_total: int | None = None,
                 outcome: str | None = None, degree: str | None = None, stunt_points: int | None = None,
                 hidden: bool = False) -> None:
    """Keep a check in the state, for scripts (``show --json``), not only in the log.

    ``dice``: the natural results (empty when the GM typed the total; AGE: dragon die first);
    ``against``: what it was rolled against, as the GM reads it ("DC 15", "KAC + 8 = 23");
    ``target``: that number when there is one; ``outcome``: "success", "failure", "win",
    "loss", or the ruleset's word. Only the last ``CHECKS_KEPT`` are kept. A ``target`` that is an
    effect's save DC (``told.SaveDC``) is marked ``save_dc``: the players read it as the table says.
    """
    state = ctx.state
    serial = 1 + max((v["n"] for v in (mark.of(state) for mark in CHECKS)
                      if isinstance(v, dict) and isinstance(v.get("n"), int)), default=0)
    record = {
        "n": serial, "round": state.round, "who": who.id if who is not None else None,
        "name": who.name if who is not None else "", "what": what, "dice": [int(d) for d in dice],
        "bonus": bonus, "total": int(total), "against": against,
        "target": int(target) if target is not None else None,
        "vs": opponent.id if opponent is not None else None, "vs_total": opponent_total,
        "outcome": outcome, "degree": degree, "stunt_points": stunt_points, "hidden": bool(hidden),
    }
    if isinstance(target, SaveDC):
        record["save_dc"] = True
    ctx.set_encounter_mark(CHECKS[serial % CHECKS_KEPT], record)


def recent_checks(state, players: bool = False) -> list[dict]:
    """The kept checks, oldest first; players do not see hidden ones."""
    found = [v for v in (mark.of(state) for mark in CHECKS) if isinstance(v, dict)]
    found.sort(key=lambda r: r["n"] if isinstance(r.get("n"), int) else 0)  # a hand edit may break "n"
    # events freeze lists into tuples; a script reads JSON lists either way
    return [{**r, "dice": list(r.get("dice") or ())} for r in found if not (players and r.get("hidden"))]


def free_roll(ctx: Context, args: tuple[str, ...]) -> None:
    if not args:
        ctx.fail(_('r: usage: r EXPR [LABEL]  (e.g. r 1d20+5 stealth, r 4d6kh3, r 2d20kh1+3)'))
    words = list(args[1:])
    edges: list[int] = []
    hidden = False
    while words and (words[-1].casefold() in EDGE_WORDS or words[-1].casefold() in ("hidden", "oculta")):
        word = words.pop().casefold()  # `r 1d20+5 stealth adv hidden`: the d20 twice, the GM's eyes only
        if word in EDGE_WORDS:
            edges.append(EDGE_WORDS[word])
        else:
            hidden = True
    expr, label = with_edge(args[0], edges), " ".join(words)
    try:
        result = ctx.roll(expr, purpose=label or expr, hidden=hidden)
    except DiceError as exc:
        raise RulesError(exc.message) from None
    ctx.say(_("{label}: {text}{natural}", label=label or _("Roll"), text=result.text, natural=_naturals(result)),
            gm_only=hidden)
    if label:  # a labelled roll is a check the table made (`r 1d20+5 stealth`)
        record_check(ctx, None, label, result.total, dice=[d.value for d in result.dice if d.kept],
                     hidden=hidden)


def with_edge(expr: str, edges: list[int]) -> str:
    """The expression with advantage (2d20kh1) or disadvantage (2d20kl1) on its one d20; both
    typed: the plain roll (they cancel). Refused where the roll has no single d20 to double."""
    if not edges or (1 in edges and -1 in edges):
        return expr
    found = list(re.finditer(r"(?<![\dd])1?d20(?![\dkKlLr!])", expr, re.I))
    if len(found) != 1:
        raise RulesError(_("r: advantage and disadvantage double one d20 (r 1d20+5 adv), not {expr!r}", expr=expr))
    m = found[0]
    return expr[:m.start()] + ("2d20kh1" if edges[0] > 0 else "2d20kl1") + expr[m.end():]


def _naturals(result: RollResult) -> "Msg | str":
    twenties = [d for d in result.dice if d.kept and d.sides == 20]
    if any(d.value == 20 for d in twenties):
        return _natural(20)
    if any(d.value == 1 for d in twenties):
        return _natural(1)
    return ""


def _natural(n: int) -> "Msg":
    return _(" (natural {n})", n=n)


def parse_check(args: tuple[str, ...]) -> CheckRequest:
    usage = ("usage: check NAME SKILL|ABILITY|+N [+N ...] [vs DC|vs NAME2 [SKILL]] "
             "[take10|take20] [adv|dis] [hidden] [aid NAME2 ...]")
    if len(args) < 2:
        raise RulesError(_('check: {usage}', usage=usage))
    req = CheckRequest(who=args[0])
    words = list(args[1:])
    req.what, req.focus, first_bonuses = _split_what(words.pop(0), usage)
    req.bonuses += first_bonuses
    i = 0
    while i < len(words):
        w = words[i].casefold()
        if _BONUS.match(w):
            # after `vs NAME`, a bonus belongs to the opponent
            (req.opponent_bonuses if req.opponent is not None else req.bonuses).append(int(w))
        elif w in ("vs", "contra", "cd", "dc"):
            if i + 1 >= len(words):
                raise RulesError(_('check: `vs` needs a DC or a combatant; {usage}', usage=usage))
            target = words[i + 1]
            if re.fullmatch(r"\d{1,3}", target):
                req.dc = int(target)
                i += 1
            else:
                req.opponent = target
                i += 1
                if i + 1 < len(words) and words[i + 1].casefold() not in _KEYWORDS and not _BONUS.match(words[i + 1]):
                    req.opponent_what, req.opponent_focus, req.opponent_bonuses = _split_what(words[i + 1], usage)
                    i += 1
        elif w in ("take10", "t10", "elegir10"):
            req.take = 10
        elif w in ("take20", "t20", "elegir20"):
            req.take = 20
        elif w in ("hidden", "oculta", "secret", "secreta"):
            req.hidden = True
        elif w in EDGE_WORDS:
            req.edges.append(EDGE_WORDS[w])
        elif w in ("aid", "ayuda"):
            j = i + 1
            while j < len(words) and words[j].casefold() not in _KEYWORDS and not _BONUS.match(words[j]):
                req.aiders.append(words[j])
                j += 1
            if j == i + 1:
                raise RulesError(_('check: `aid` needs who helps; {usage}', usage=usage))
            i = j - 1
        else:
            raise RulesError(_('check: unexpected {value!r}; {usage}', value=words[i], usage=usage))
        i += 1
    return req


def _split_what(token: str, usage: str) -> tuple[str, str | None, list[int]]:
    """`perception+5` -> ("perception", None, [5]); `con:swimming` -> ("con", "swimming", [])."""
    if _BONUS.match(token):
        return "", None, [int(token)]
    m = _WHAT.match(token)
    if not m:
        raise RulesError(_('check: cannot read {token!r} as SKILL, SKILL:FOCUS or +N; {usage}', token=token, usage=usage))
    return m.group(1).strip(), m.group(2), [int(b) for b in re.findall(r"[+-]\d+", m.group(3) or "")]


#: advantage and disadvantage as the GM types them after the check (`check Ana dex adv`)
EDGE_WORDS = {"adv": 1, "advantage": 1, "ventaja": 1, "vent": 1,
              "dis": -1, "disadv": -1, "disadvantage": -1, "desventaja": -1, "desv": -1}
_KEYWORDS = {"vs", "contra", "cd", "dc", "take10", "t10", "elegir10", "take20", "t20", "elegir20",
             "hidden", "oculta", "secret", "secreta", "aid", "ayuda", *EDGE_WORDS}


@dataclass
class CheckOutcome:
    total: int
    natural: int | None
    text: str
    bonus: int = 0
    roll: RollResult | None = None
    what: str = ""


def _one(ctx: Context, c: Combatant, what: str, focus: str | None, bonuses: list[int], take: int | None,
         hidden: bool, opposed: bool, label_extra: str = "", aid: int = 0, strict: bool = True,
         edges: tuple[int, ...] = ()) -> CheckOutcome:
    rs, state = ctx.ruleset, ctx.state
    parts: list[tuple[str, int]] = []
    base = rs.checks.bonus(state, c, what) if what else None
    if strict and what and base is None and not bonuses and not focus:
        known = listing(rs.checks.names(), "+N")
        hint = did_you_mean(what, [*rs.checks.names(), *rs.checks.hidden, *SKILL_WORDS])
        ctx.fail(_("check: {name}'s sheet has no {what!r}{hint} give its bonus as +N ({what}+5) or use one of: {known}", name=c.name, what=what, hint=hint or ';', known=known))
    if base:
        parts.append((what, base))
    if focus:
        f = rs.checks.focus(state, c, focus)
        if f:
            parts.append((_("focus {focus}", focus=focus), f))
    for b in bonuses:
        parts.append((_("bonus"), b))
    if aid:
        parts.append((_("aid"), aid))
    parts += rs.checks.modifiers(state, c, what, opposed)
    bonus = sum(p[1] for p in parts)
    name = what or "check"
    if take is not None:
        if not rs.checks.allows_take:
            ctx.fail(_('{name} has no take {take}; roll the check', name=rs.name, take=take))
        total = take + bonus
        dice_text = _("take {n}", n=take)
        natural = None
        roll = None
    else:
        base_dice, why = rs.checks.edge_dice(state, c, what, tuple(edges))
        expr = f"{base_dice}{bonus:+d}" if bonus else base_dice
        checked = name + label_extra if what else _("check")
        roll = ctx.roll(expr, purpose=_("{name}: {check}", name=c.name, check=checked), who=c.id, hidden=hidden)
        total = roll.total
        natural = roll.natural
        if base_dice != rs.checks.dice:  # advantage: both d20s shown, "2d20kh1 (15, 8)"
            dice = ", ".join(str(d.value) for d in roll.dice)
        else:
            dice = "+".join(str(d.value) for d in roll.dice if d.kept)
        dice_text = _("{dice} ({rolled}; {why})", dice=base_dice, rolled=dice, why=why) if why else f"{base_dice} ({dice})"
    # as the issue lists it: "-2 shaken"; the labels in the GM's language
    text = joined([dice_text, *(joined([f"{d:+d}", label]) for label, d in parts), f"= {total}"])
    return CheckOutcome(total=total, natural=natural, text=text, bonus=bonus, roll=roll, what=what)


def check(ctx: Context, args: tuple[str, ...]) -> None:
    req = parse_check(args)
    rs = ctx.ruleset
    c = ctx.combatant(req.who)
    if fold_what(req.what) in {fold_what(h) for h in rs.checks.hidden}:
        req.hidden = True
    rs.checks.before(ctx, c)
    aid_bonus = 0
    for helper_ref in req.aiders:
        helper = ctx.combatant(helper_ref)
        # the aider rolls the same check with its own sheet (its +0 if the sheet has no such entry)
        help_roll = _one(ctx, helper, req.what, None, [], None, req.hidden, False, " (aid)", strict=False)
        ok = help_roll.total >= 10
        if ok:
            aid_bonus += 2
        ctx.say(_("{helper} aids {name}: {text} vs 10, {result}", helper=named(helper), name=named(c),
                  text=of(helper, help_roll.text), result=public("+2") if ok else _("no help")), who=helper.id,
                gm_only=req.hidden)
    if req.edges and req.take is not None:
        ctx.fail(_("check: advantage or disadvantage is a roll; not with take {n}", n=req.take))
    mine = _one(ctx, c, req.what, req.focus, req.bonuses, req.take, req.hidden, req.opponent is not None,
                aid=aid_bonus, edges=tuple(req.edges))
    name = req.what or _("check")
    nat: "Msg | str" = ""
    if mine.natural is not None and rs.checks.dice == "1d20" and mine.natural in (1, 20):
        nat = _natural(mine.natural)
    if req.opponent is not None:
        other = ctx.combatant(req.opponent)
        what2 = req.opponent_what or req.what
        focus2 = req.opponent_focus if req.opponent_what else req.focus
        if other.id != c.id:
            rs.checks.before(ctx, other)
        bonuses2 = req.opponent_bonuses
        # the opponent's sheet often lacks the number: its +0 (and its conditions) then
        theirs = _one(ctx, other, what2, focus2, bonuses2, None, req.hidden, True, strict=False)
        if mine.total != theirs.total:
            winner = c if mine.total > theirs.total else other
        else:
            winner = _tie(ctx, mine, theirs, c, other, req.hidden)
        tie = _(" (tie)") if mine.total == theirs.total else ""
        ctx.say(_("{name} {what} {text}{natural} vs {other} {what2} {other_text}: {winner} wins{tie}", name=named(c),
                  what=name, text=of(c, mine.text), natural=of(c, nat), other=named(other), what2=what2,
                  other_text=of(other, theirs.text), winner=named(winner), tie=tie), who=c.id, gm_only=req.hidden,
                rule="opposed check")
        _record(ctx, c, req, mine, f"{other.name} {what2}".strip(), None, "win" if winner is c else "loss",
                None, other, theirs.total)
        return
    if req.dc is not None:
        ok = mine.total >= req.dc
        degree = rs.checks.degree(mine.roll, mine.total, req.dc) if ok else None
        extra = joined([",", degree]) if degree else ""
        ctx.say(_("{name} {what}: {text}{natural} vs DC {dc}: {verdict}{extra}", name=named(c), what=name,
                  text=of(c, mine.text), natural=of(c, nat), dc=of(c, req.dc), verdict=_("success") if ok else _("failure"),
                  extra=extra), who=c.id, gm_only=req.hidden)
        _record(ctx, c, req, mine, f"DC {req.dc}", req.dc, "success" if ok else "failure", degree)
        return
    degree = rs.checks.degree(mine.roll, mine.total, None)
    extra = joined([",", degree]) if degree else ""
    ctx.say(_("{name} {what}: {text}{natural}{extra}", name=named(c), what=name, text=of(c, mine.text),
              natural=of(c, nat), extra=extra), who=c.id, gm_only=req.hidden)
    _record(ctx, c, req, mine, "", None, None, degree)


def _record(ctx: Context, c: Combatant, req: CheckRequest, mine: CheckOutcome, against: str,
            target: int | None, outcome: str | None, degree: str | None,
            other: Combatant | None = None, other_total: int | None = None) -> None:
    what = (req.what or "check") + (f":{req.focus}" if req.focus else "")
    if req.take is not None:
        what += f" (take {req.take})"
    dice = [d.value for d in mine.roll.dice if d.kept] if mine.roll is not None else []
    record_check(ctx, c, what, mine.total, dice=dice, bonus=mine.bonus, against=against, target=target,
                 opponent=other, opponent_total=other_total, outcome=outcome, degree=degree, hidden=req.hidden)


def _tie(ctx: Context, mine: CheckOutcome, theirs: CheckOutcome, c: Combatant, other: Combatant,
         hidden: bool) -> Combatant:
    """Ties: the ruleset's tie key (d20: the bonus; AGE: dragon die, then ability), then a roll-off."""
    rs, state = ctx.ruleset, ctx.state
    k1 = rs.checks.tie_key(state, c, mine.what, mine.roll, mine.bonus)
    k2 = rs.checks.tie_key(state, other, theirs.what, theirs.roll, theirs.bonus)
    if k1 != k2:
        return c if k1 > k2 else other
    for _attempt in range(20):
        a = ctx.roll("1d20", purpose=_("roll-off: {name}", name=c.name), who=c.id, hidden=hidden).total
        b = ctx.roll("1d20", purpose=_("roll-off: {name}", name=other.name), who=other.id, hidden=hidden).total
        if a != b:
            return c if a > b else other
    return c


def fold_what(text: str) -> str:
    return text.casefold().strip()
