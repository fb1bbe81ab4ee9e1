"""The combat maneuver check (pathfinder1e.md §1.7) that every maneuver verb rolls, ``maneuver``
and the grapple's ``maintain`` and ``escape`` alike: the tail their command lines share and the
d20 + CMB against CMD itself."""

from __future__ import annotations

import re

from gm_console.ruleset import Combatant, Context, Term, fold_text, named, of

from .checks import keep
from .i18n import _

RULE = "pathfinder1e.md §1.7"


def parse_roll_and_extra(ctx: Context, words, more: dict | None = None):
    """The tail the maneuver verbs share: ROLL (the natural d20 rolled at the table), +N/-N (summed)
    and the words of ``more`` (word -> (key, what)), in any order; anything else is refused with the
    usage line of the verb being run (``ctx.verb``), in the reader's language."""
    natural, extra, found = None, 0, {}
    for word in words:
        key = fold_text(word).replace(" ", "-")
        if re.fullmatch(r"\d{1,2}", word):
            natural = int(word)
            if not 1 <= natural <= 20:
                ctx.fail(_("{verb}: ROLL is the natural d20 (1-20), not {word}", verb=ctx.verb.word, word=word))
        elif re.fullmatch(r"[+-]\d{1,3}", word):
            extra += int(word)
        elif more and key in more:
            found[more[key][0]] = more[key]
        else:
            ctx.fail(_("{verb}: unexpected {word!r}; usage: {usage}", verb=ctx.verb.word, word=word,
                       usage=ctx.verb.usage()))
    return natural, extra, found


def contest(ctx: Context, a: Combatant, t: Combatant, natural: int | None, parts: list[tuple[str, int]],
            extra: int, label: Term, rule: str = RULE, cmd_of: Combatant | None = None) -> bool:
    """The combat maneuver check itself: d20 + parts vs the CMD of ``cmd_of`` (default the target).

    Helpless defender: automatic success, no roll; stunned: +4; natural 20 / 1 decide.
    Kept with the state's recent checks.
    """
    d = cmd_of or t
    parts = list(parts)
    if d.has("stunned"):
        parts.append(("stunned target", 4))
    if extra:
        parts.append(("other", extra))
    if "helpless" in ctx.ruleset.conditions.flags(d):
        ctx.say(_("{name} {what} vs {target}: {target} is helpless, automatic success", name=named(a), what=label,
                  target=named(d)), rule=rule, who=a.id)
        return True
    cmd = ctx.ruleset.sheet.effective(ctx.state, d)["cmd"].value
    if natural is None:
        natural = ctx.roll("1d20", purpose=_('{attacker}: combat maneuver vs {defender}', attacker=named(a),
                                             defender=named(d)), who=a.id).total
    bonus = sum(v for _l, v in parts)
    total = natural + bonus
    if natural == 20:
        ok, outcome = True, _("natural 20, success")
    elif natural == 1:
        ok, outcome = False, _("natural 1, failure")
    else:
        ok = total >= cmd
        outcome = _("success") if ok else _("failure")
    keep(ctx, a, str(label), natural, bonus, total, cmd, ok, against=f"{d.name} CMD {cmd}")
    text = " ".join(f"{v:+d} {name}" for name, v in parts)
    # the outcome is the players' to read; the roll is the attacker's, the CMD the defender's
    ctx.say(_("{name} {what} vs {target}: {outcome}", name=named(a), what=label, target=named(d), outcome=outcome),
            rule=rule, who=a.id,
            detail=_("{nat} {parts} = {total} vs CMD {cmd}", nat=of(a, natural), parts=of(a, text), total=of(a, total),
                     cmd=of(d, cmd)))
    return ok
