"""Actions per turn (starfinder.md §3.2): a standard, a move and a swift action, or one full action.

The mark ``actions`` lists the slots spent this turn (``S``, ``M``, ``W``; ``X`` haste's extra
move); a standard may stand in for a move, a standard or move for a swift; a full action needs
the whole turn. ``reaction`` holds the round a reaction was used. Both reset when the turn starts.
Verbs that are actions (total defense, charge, drive...) tick the budget only when the
actor is the one whose turn it is: an off-turn use is a readied action or a GM fix.
"""

from __future__ import annotations

from gm_console.ruleset import (ActionSlot, Combatant, Context, Msg, RulesError, Term, fold_text, joined, named, of,
                                possessive)
from gm_console.ruleset import life as life_word

from . import marks
from .common import say
from .i18n import C_, T_, _
from .options import official

SLOTS = {"standard": ("S",), "move": ("M", "S"), "swift": ("W", "M", "S")}
SLOT_NAMES = {"S": T_("action", "standard", "estándar"), "M": T_("action", "move", "movimiento"),
              "W": T_("action", "swift", "rápida")}
NOTHING = T_("action", "none", "nada")
FULL = T_("action", "a full action", "una acción completa")
KIND_NAMES = {"standard": T_("kind of action", "standard", "estándar"),
              "move": T_("kind of action", "move", "de movimiento"),
              "swift": T_("kind of action", "swift", "rápida"), "full": T_("kind of action", "full", "completa"),
              "reaction": T_("kind of action", "reaction", "reacción"), "free": T_("kind of action", "free", "libre")}
NO_ACTION_LIFE = ("dying", "stable", "unconscious", "dead")


def cond_word(rules, cid: str) -> Term:
    """A condition's name as it reads inside a sentence: "flat-footed" / "desprevenido"."""
    d = rules.conditions.catalogue.define(cid)
    return d.label_term


def _flags(rules, c: Combatant) -> dict[str, str]:
    """flag -> the condition that sets it."""
    out: dict[str, str] = {}
    for inst in rules.conditions.active(c):
        d = rules.conditions.catalogue.define(inst.cond)
        for f in d.flags:
            out.setdefault(f, d.id)
    return out


def reset(ctx: Context, c: Combatant) -> None:
    ctx.set_mark(c, marks.ACTIONS, [])
    ctx.set_mark(c, marks.REACTION, None)


def use(ctx: Context, c: Combatant, kind: str, what: "Msg | str" = "", strict: bool = False) -> None:
    """Spend ``kind`` of ``c``'s turn on ``what``. Off-turn: nothing to track.

    What a condition forbids is refused. Running over the budget is refused for the
    ``action`` verb (``strict``), but a rules verb (charge, race...) still resolves with a
    warning: the GM may be fixing a slip, and the log shows it.
    """
    state = ctx.state
    if kind == "reaction":
        _reaction(ctx, c, what)
        return
    if not strict and (not state.in_combat or state.active != c.id):
        return
    rules = ctx.ruleset
    why = blocked(rules, c, kind)
    if why:
        ctx.fail(why)
    if kind == "free":
        return
    used = [list(u) for u in marks.ACTIONS.of(c) or ()]
    why = _limited(rules, c, used, kind, state)
    if why:
        ctx.fail(why)
    used, over = _spend(rules, c, used, kind)
    if over:
        if strict:
            ctx.fail(over)
        say(ctx, c, _("Over the action budget: {over}; {what} counted anyway", over=over,
                      what=what or KIND_NAMES[kind]), "starfinder.md §3.2 [S]")
        return
    ctx.set_mark(c, marks.ACTIONS, used)
    if what:
        msg = _("{name} uses a {kind} action ({what}); left: {left}", name=named(c), kind=KIND_NAMES[kind], what=what,
                left=left_now(ctx.state, used))
    else:
        msg = _("{name} uses a {kind} action; left: {left}", name=named(c), kind=KIND_NAMES[kind],
                left=left_now(ctx.state, used))
    say(ctx, c, msg, "starfinder.md §3.2 [S]")


def _surprise_limit(state, used: list, kind: str) -> "Msg | None":
    """The surprise round (starfinder.md §3.1 [S]): a single move or standard (attack) action each; the
    official surprise round (option ``partial_surprise``) also allows swift actions."""
    if not state.surprise_round:
        return None
    swift_ok = official(state, "partial_surprise")
    if kind == "full":
        return _("surprise round: a single move or standard action, no full actions")
    if kind == "swift" and swift_ok:
        return None
    if kind == "swift" or any(k in ("standard", "move") for _s, k in used):
        if swift_ok:
            return _("surprise round: a single move or standard action (plus swift actions)")
        return _("surprise round: a single move or standard action")
    return None


def _limited(rules, c: Combatant, used: list, kind: str, state=None) -> "Msg | None":
    """What a condition (staggered, nauseated) or the surprise round forbids now that some actions are spent."""
    if state is not None:
        why = _surprise_limit(state, used, kind)
        if why:
            return _("{name}: {why}", name=named(c), why=why)
    flags = _flags(rules, c)
    if "single-action" in flags and kind in ("standard", "move") and \
            any(k in ("standard", "move") for _s, k in used):
        return _("{name} is {cond}: one move or standard action per turn", name=named(c),
                 cond=cond_word(rules, flags["single-action"]))
    if "move-only" in flags and used:
        return _("{name} is {cond}: a single move action per turn", name=named(c),
                 cond=cond_word(rules, flags["move-only"]))
    return None


def _spend(rules, c: Combatant, used: list, kind: str) -> "tuple[list, Msg | None]":
    """The spent slots after ``kind`` (a standard or move may stand in for a cheaper one), or why over."""
    taken = [slot for slot, _k in used]
    if kind == "full":
        if taken:
            return used, _("{name} has already acted this turn ({spent}): a full action needs the whole turn",
                           name=named(c), spent=_spent(used))
        return used + [["S", "full"], ["M", "full"], ["W", "full"]], None
    free = [s for s in SLOTS[kind] if s not in taken]
    if free:
        return used + [[free[0], kind]], None
    if kind == "move" and "X" not in taken and any(k == "full" for _s, k in used) \
            and "extra-move" in _flags(rules, c):
        return used + [["X", "move"]], None  # haste: a move action to move beside a full attack (§3.13)
    return used, _("{name} has no {kind} action left this turn ({spent}); left: {left}", name=named(c),
                   kind=KIND_NAMES[kind], spent=_spent(used), left=left_text(used))


def available(rules, state, c: Combatant, kind: str) -> bool:
    """Whether ``action NAME KIND`` would be accepted now (its turn, the budget, its conditions)."""
    if not state.in_combat or state.active != c.id or blocked(rules, c, kind):
        return False
    used = [list(u) for u in marks.ACTIONS.of(c) or ()]
    return _limited(rules, c, used, kind, state) is None and _spend(rules, c, used, kind)[1] is None


def can_ready_or_delay(rules, c: Combatant) -> "Msg | None":
    """Readying is a standard action and delaying is declared before acting (starfinder.md §3.1 [O]): both need
    the turn's standard action still unspent (and a condition that allows it)."""
    why = blocked(rules, c, "standard")
    if why:
        return _("{why}: no delaying or readying", why=why)
    used = [list(u) for u in marks.ACTIONS.of(c) or ()]
    if _limited(rules, c, used, "standard") or _spend(rules, c, used, "standard")[1]:
        return _("{name} has already used {whose} standard action this turn ({spent}): readying needs one and "
                 "delaying is declared before acting", whose=possessive(c), name=named(c), spent=_spent(used))
    return None


BUDGET_KINDS = {"standard": ("Standard", "Estándar"), "move": ("Move", "Movimiento"),
                "swift": ("Swift", "Rápida"), "full": ("Full", "Completa")}
#: the sheet's names of the turn's actions, as the catalogue holds them
BUDGET_NAMES = {kind: T_("action slot", en, es) for kind, (en, es) in BUDGET_KINDS.items()}


def budget(rules, state, c: Combatant) -> list[ActionSlot]:
    """For the sheet: the active combatant's spent actions and what `action NAME KIND` may still spend."""
    if not state.in_combat or state.active != c.id or c.life in NO_ACTION_LIFE:
        return []
    if blocked(rules, c, "standard") and blocked(rules, c, "move") and blocked(rules, c, "swift"):
        return []
    used = [list(u) for u in marks.ACTIONS.of(c) or ()]
    kinds = [k for _s, k in used]
    out: list[ActionSlot] = []
    order = ("full", "standard", "move", "swift") if "full" in kinds else tuple(BUDGET_KINDS)
    for kind in order:
        for n in range(1 if kind == "full" and "full" in kinds else kinds.count(kind)):
            out.append(ActionSlot(f"{kind}:{n + 1}", BUDGET_NAMES[kind], used=True))
        if available(rules, state, c, kind):
            out.append(ActionSlot(kind, BUDGET_NAMES[kind], command=f"action {c.id} {kind}"))
    return out


def blocked(rules, c: Combatant, kind: str) -> "Msg | None":
    if kind == "free":
        return None
    if c.life in NO_ACTION_LIFE:
        return _("{name} is {life} and can take no actions", name=named(c), life=life_word(c.life))
    flags = _flags(rules, c)
    if "no-actions" in flags:
        return _("{name} is {cond} and can take no actions", name=named(c), cond=cond_word(rules, flags["no-actions"]))
    if "move-only" in flags and kind != "move":
        return _("{name} is {cond}: only a single move action", name=named(c), cond=cond_word(rules, flags["move-only"]))
    if "flee" in flags and kind == "full" and flags["flee"] == "panicked":
        return _("{name} is panicked and can only flee", name=named(c))
    if "single-action" in flags and kind == "full":
        return _("{name} is {cond}: no full actions", name=named(c), cond=cond_word(rules, flags["single-action"]))
    return None


def _reaction(ctx: Context, c: Combatant, what: "Msg | str") -> None:
    """One reaction a round, regained at the start of its turn, none before its first turn (starfinder.md §3.2 [O])."""
    state = ctx.state
    if not state.in_combat:
        return
    if c.life in NO_ACTION_LIFE:
        ctx.fail(_("{name} is {life} and can take no reactions", name=named(c), life=life_word(c.life)))
    if state.started.get(c.id) is None:
        ctx.fail(_("{name} has not acted yet in this combat: no reactions before {whose} first turn",
                   whose=possessive(c), name=named(c)))
    flags = _flags(ctx.ruleset, c)
    for flag in ("no-reactions", "no-actions"):
        if flag in flags:
            ctx.fail(_("{name} is {cond}: no reactions", name=named(c), cond=cond_word(ctx.ruleset, flags[flag])))
    if marks.REACTION.of(c) is not None:
        ctx.fail(_("{name} has used {whose} reaction this round (it returns at the start of {whose} turn)",
                   whose=possessive(c), name=named(c)))
    ctx.set_mark(c, marks.REACTION, state.round)
    msg = _("{name} uses {whose} reaction ({what})", whose=possessive(c), name=named(c), what=what) if what else \
        _("{name} uses {whose} reaction", whose=possessive(c), name=named(c))
    say(ctx, c, msg, "starfinder.md §3.2 [O]")


def left_now(state, used) -> Term:
    """What is left this turn: in the surprise round, one move or standard action at most (§3.1)."""
    if not state.surprise_round:
        return left_text(used)
    left = [k for k in ("standard", "move", "swift") if _surprise_limit(state, used, k) is None]
    main = [SLOT_NAMES["S" if k == "standard" else "M"] for k in left if k != "swift"]
    # TRANSLATORS: the actions a character may still take, one of them ("move or standard")
    either_one = joined(main, C_("action", " or ")) if main else None
    if "swift" in left:
        return joined([either_one, SLOT_NAMES["W"]] if either_one else [SLOT_NAMES["W"]], ", ")
    return either_one or NOTHING


def left_text(used) -> Term:
    """The slots left this turn, named in both languages: "move, swift" / "movimiento, rápida"."""
    taken = {slot for slot, _k in used}
    left = [SLOT_NAMES[s] for s in ("S", "M", "W") if s not in taken]
    return joined(left, ", ") if left else NOTHING


def _spent(used) -> Term:
    kinds = [k for _s, k in used]
    if "full" in kinds:
        return FULL
    return joined([KIND_NAMES.get(k, k) for k in kinds], ", ")


def status(rules, state, c: Combatant) -> list[Msg]:
    if not state.in_combat:
        return []
    out = []
    if state.active == c.id and c.life not in NO_ACTION_LIFE:
        used = marks.ACTIONS.of(c) or []
        why = blocked(rules, c, "standard")
        if why and blocked(rules, c, "move"):
            out.append(_("no actions this turn"))
        elif any(k == "full" for _s, k in used):
            out.append(_("full action taken: free actions only"))
        elif state.surprise_round:
            out.append(_("surprise round: {left}", left=left_now(state, used)))
        else:
            out.append(_("actions left: {left}", left=left_text(used)))
    if marks.REACTION.of(c) is not None:
        out.append(_("reaction used"))
    return out


# -- the `action` verb ------------------------------------------------------------------

KINDS = {"standard": "standard", "estandar": "standard", "std": "standard", "move": "move",
         "movimiento": "move", "mov": "move", "swift": "swift", "rapida": "swift", "full": "full",
         "completa": "full", "reaction": "reaction", "reaccion": "reaction", "free": "free", "libre": "free"}
NAMED = {
    "attack": "standard", "ataque": "standard", "atacar": "standard", "feint": "standard", "fintar": "standard",
    "aoo": "reaction", "attack-of-opportunity": "reaction", "ataque-de-oportunidad": "reaction",
    "run": "full", "correr": "full", "withdraw": "full", "retirada": "full", "retirarse": "full",
    "full-attack": "full", "ataque-completo": "full", "crawl": "move", "gatear": "move",
    "guarded-step": "move", "step": "move", "paso-protegido": "move", "stand": "move", "levantarse": "move",
    "stand-up": "move", "drop-prone": "swift", "tumbarse": "swift", "reload": "move", "recargar": "move",
    "draw": "move", "desenfundar": "move", "coup-de-grace": "full", "golpe-de-gracia": "full",
}
CANON = {"ataque": "attack", "atacar": "attack", "fintar": "feint", "attack-of-opportunity": "aoo",
         "ataque-de-oportunidad": "aoo", "correr": "run", "retirada": "withdraw", "retirarse": "withdraw",
         "ataque-completo": "full-attack", "gatear": "crawl", "step": "guarded-step",
         "paso-protegido": "guarded-step", "levantarse": "stand", "stand-up": "stand", "tumbarse": "drop-prone",
         "recargar": "reload", "desenfundar": "draw", "golpe-de-gracia": "coup-de-grace"}
RESET = ("reset", "clear", "borrar")
#: every word the `action` verb takes after the name (what tells the name and the action apart)
ACTION_WORDS = frozenset(KINDS) | frozenset(NAMED) | frozenset(RESET)


def action_word(token: str) -> str:
    return fold_text(token).replace(" ", "-")


def action_verb(ctx: Context, call) -> None:
    state = ctx.state
    word = action_word(call.action)
    if call.who is not None:
        c = ctx.combatant(call.who)
    else:
        if not state.in_combat or state.active is None:
            raise RulesError(_("no one is acting: name who acts (action NAME {action})", action=call.action))
        c = state.get(state.active)
    if word in RESET:
        reset(ctx, c)
        say(ctx, c, _("{name}'s actions this turn are reset", name=named(c)))
        return
    if word in KINDS:
        kind, action = KINDS[word], ""
    elif word in NAMED:
        kind, action = NAMED[word], CANON.get(word, word)
    else:
        raise RulesError(_("unknown action {action!r}; actions: standard, move, swift, full, reaction, free, reset, "
                           "or run, withdraw, full-attack, crawl, guarded-step, stand, drop-prone, attack, aoo, feint, "
                           "reload, draw", action=call.action))
    if kind != "reaction" and kind != "free" and (not state.in_combat or state.active != c.id):
        if not action:
            raise RulesError(_("{name} is not the one acting; {whose} actions are tracked on {whose} turn",
                               whose=possessive(c), name=named(c)))
    _named_checks(ctx, c, action)
    use(ctx, c, kind, NAMED_TERMS.get(action, action) if action else "",
        strict=state.in_combat and state.active == c.id)
    _named_effects(ctx, c, action)


NAMED_ES = {"attack": "ataque", "feint": "finta", "aoo": "ataque de oportunidad", "run": "correr",
            "withdraw": "retirada", "full-attack": "ataque completo", "crawl": "gatear",
            "guarded-step": "paso protegido", "stand": "levantarse", "drop-prone": "tumbarse", "reload": "recargar",
            "draw": "desenfundar", "coup-de-grace": "golpe de gracia"}
#: each named action as the log names it
NAMED_TERMS = {en: T_("named action", {"aoo": "attack of opportunity"}.get(en, en.replace("-", " ")), es)
               for en, es in NAMED_ES.items()}


def _named_checks(ctx: Context, c: Combatant, action: str) -> None:
    rules = ctx.ruleset
    flags = _flags(rules, c)
    if action == "run" and "no-run" in flags:
        ctx.fail(_("{name} is {cond} and cannot run", name=named(c), cond=cond_word(rules, flags["no-run"])))
    if action in ("run", "withdraw", "crawl", "guarded-step") and "immobile" in flags:
        ctx.fail(_("{name} is {cond} and cannot move", name=named(c), cond=cond_word(rules, flags["immobile"])))
    if action == "withdraw":
        if official(ctx.state, "withdraw"):
            if c.has("blinded"):
                ctx.fail(_("{name} is blinded and cannot withdraw (official)", name=named(c)))
        else:
            barred = [x for x in ("stunned", "off-kilter", "off-target", "confused", "dazed") if c.has(x)]
            if barred:
                ctx.fail(_("{name} is {cond} and cannot withdraw (seed: not when disoriented or stunned)", name=named(c),
                           cond=cond_word(rules, barred[0])))


def _named_effects(ctx: Context, c: Combatant, action: str) -> None:
    rules = ctx.ruleset
    if action == "run":
        ctx.apply_condition(c, rules.conditions.catalogue.define("running"), rounds=1, clock=c.id, source=c.id)
        con = c.stats.get("con")
        # the players read that it runs; a foe's Con score is the GM's
        say(ctx, c, _("{name} runs at 4x speed in a straight line: flat-footed until {whose} next turn",
                      whose=possessive(c), name=named(c)),
            "starfinder.md §3.2 run [S]",
            _("up to {con} turns in a row: {whose} Con score", whose=possessive(c), con=of(c, con))
            if con is not None else None)
    elif action == "full-attack":
        if official(ctx.state, "full_attack"):
            say(ctx, c, _("{name} full attack: two attacks at -4 each", name=named(c)),
                "starfinder.md §3.2 full attack [Δ official]")
        else:
            say(ctx, c, _("{name} full attack: two attacks at -4 each with one weapon; two weapons use {whose} feats",
                          whose=possessive(c, several=True), name=named(c)), "starfinder.md §3.2 full attack [S]")
    elif action == "crawl":
        ctx.apply_condition(c, rules.conditions.catalogue.define("prone"), source=c.id)
        say(ctx, c, _("{name} crawls 5 ft (counts as prone)", name=named(c)), "starfinder.md §3.2 crawl [S]")
    elif action == "stand":
        ctx.remove_all(c, "prone")
        ctx.remove_all(c, "off-kilter")
    elif action == "drop-prone":
        ctx.apply_condition(c, rules.conditions.catalogue.define("prone"), source=c.id)
    elif action == "guarded-step":
        say(ctx, c, _("{name} takes a guarded step: 5 ft, no attacks of opportunity", name=named(c)),
            "starfinder.md §3.2 [S]")
    elif action == "withdraw":
        say(ctx, c, _("{name} withdraws at 2x speed: leaving the first square provokes no attacks of opportunity",
                      name=named(c)), "starfinder.md §3.2 withdraw [S]")
