"""Actions per turn (starfinder.md §3.2): a standard, a move and a swift action, or one full action.

The mark ``actions`` lists the slots spent this turn (``S``, ``M``, ``W``); a standard
may stand in for a move, a standard or move for a swift; a full action needs the whole
turn. ``reaction`` holds the round a reaction was used. Both reset when the turn starts.
Verbs that are actions (total defense, charge, drive...) tick the budget only when the
actor is the one whose turn it is: an off-turn use is a readied action or a GM fix.
"""

from __future__ import annotations

from gm_console.ruleset import ActionSlot, Combatant, Context, RulesError, fold_text

from .common import Args, say

SLOTS = {"standard": ("S",), "move": ("M", "S"), "swift": ("W", "M", "S")}
SLOT_NAMES = {"S": ("standard", "estándar"), "M": ("move", "movimiento"), "W": ("swift", "rápida")}
KIND_ES = {"standard": "estándar", "move": "de movimiento", "swift": "rápida", "full": "completa",
           "reaction": "reacción", "free": "libre"}
NO_ACTION_LIFE = ("dying", "stable", "unconscious", "dead")


def _flags(rs, c: Combatant) -> dict[str, str]:
    """flag -> the condition that sets it."""
    out: dict[str, str] = {}
    for inst in rs.active_conditions(c):
        d = rs.catalogue.define(inst.cond)
        for f in d.flags:
            out.setdefault(f, d.id)
    return out


def reset(ctx: Context, c: Combatant) -> None:
    ctx.set_mark(c, "actions", [])
    ctx.set_mark(c, "reaction", None)


def use(ctx: Context, c: Combatant, kind: str, what: str = "", strict: bool = False) -> None:
    """Spend ``kind`` of ``c``'s turn. Off-turn: nothing to track.

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
    rs = ctx.ruleset
    why = blocked(rs, c, kind)
    if why:
        ctx.fail(why)
    if kind == "free":
        return
    used = [list(u) for u in c.marks.get("actions") or ()]
    why = _limited(rs, c, used, kind, state)
    if why:
        ctx.fail(why)
    used, over = _spend(c, used, kind)
    label = f" ({what})" if what else ""
    if over:
        if strict:
            ctx.fail(over)
        say(ctx, c, f"Over the action budget: {over}; {what or kind} counted anyway",
            f"Fuera del presupuesto de acciones: a {c.name} no le queda acción {KIND_ES.get(kind, kind)} "
            f"({left_text(used, 'es')}); {what or kind} se cuenta igualmente", "starfinder.md §3.2 [S]")
        return
    ctx.set_mark(c, "actions", used)
    say(ctx, c, f"{c.name} uses a {kind} action{label}; left: {left_text(used)}",
        f"{c.name} usa una acción {KIND_ES.get(kind, kind)}{label}; le queda: {left_text(used, 'es')}",
        "starfinder.md §3.2 [S]")


def _surprise_limit(state, used: list, kind: str) -> str | None:
    """The surprise round (starfinder.md §3.1 [S]): a single move or standard (attack) action each; the
    official surprise round (option ``partial_surprise``) also allows swift actions."""
    if not state.marks.get("surprise-round"):
        return None
    from .options import official

    swift_ok = official(state, "partial_surprise")
    if kind == "full":
        return "surprise round: a single move or standard action, no full actions"
    if kind == "swift" and swift_ok:
        return None
    if kind == "swift" or any(k in ("standard", "move") for _, k in used):
        return "surprise round: a single move or standard action" + (" (plus swift actions)" if swift_ok else "")
    return None


def _limited(rs, c: Combatant, used: list, kind: str, state=None) -> str | None:
    """What a condition (staggered, nauseated) or the surprise round forbids now that some actions are spent."""
    if state is not None:
        why = _surprise_limit(state, used, kind)
        if why:
            return f"{c.name}: {why}"
    flags = _flags(rs, c)
    if "single-action" in flags and kind in ("standard", "move") and \
            any(k in ("standard", "move") for _, k in used):
        return f"{c.name} is {flags['single-action']}: one move or standard action per turn"
    if "move-only" in flags and used:
        return f"{c.name} is {flags['move-only']}: a single move action per turn"
    return None


def _spend(c: Combatant, used: list, kind: str) -> tuple[list, str | None]:
    """The spent slots after ``kind`` (a standard or move may stand in for a cheaper one), or why over."""
    taken = [slot for slot, _ in used]
    if kind == "full":
        if taken:
            return used, f"{c.name} has already acted this turn ({_spent(used)}): a full action needs the whole turn"
        return used + [["S", "full"], ["M", "full"], ["W", "full"]], None
    free = [s for s in SLOTS[kind] if s not in taken]
    if free:
        return used + [[free[0], kind]], None
    return used, f"{c.name} has no {kind} action left this turn ({_spent(used)}); left: {left_text(used)}"


def available(rs, state, c: Combatant, kind: str) -> bool:
    """Whether ``action NAME KIND`` would be accepted now (its turn, the budget, its conditions)."""
    if not state.in_combat or state.active != c.id or blocked(rs, c, kind):
        return False
    used = [list(u) for u in c.marks.get("actions") or ()]
    return _limited(rs, c, used, kind, state) is None and _spend(c, used, kind)[1] is None


def can_ready_or_delay(rs, c: Combatant) -> str | None:
    """Readying is a standard action and delaying is declared before acting (starfinder.md §3.1 [O]): both need
    the turn's standard action still unspent (and a condition that allows it)."""
    why = blocked(rs, c, "standard")
    if why:
        return f"{why}: it cannot delay or ready"
    used = [list(u) for u in c.marks.get("actions") or ()]
    if _limited(rs, c, used, "standard") or _spend(c, used, "standard")[1]:
        return (f"{c.name} has already used its standard action this turn ({_spent(used)}): readying needs "
                f"one and delaying is declared before acting")
    return None


BUDGET_KINDS = {"standard": ("Standard", "Estándar"), "move": ("Move", "Movimiento"),
                "swift": ("Swift", "Rápida"), "full": ("Full", "Completa")}


def budget(rs, state, c: Combatant) -> list[ActionSlot]:
    """For the sheet: the active combatant's spent actions and what `action NAME KIND` may still spend."""
    if not state.in_combat or state.active != c.id or c.life in NO_ACTION_LIFE:
        return []
    if blocked(rs, c, "standard") and blocked(rs, c, "move") and blocked(rs, c, "swift"):
        return []
    used = [list(u) for u in c.marks.get("actions") or ()]
    kinds = [k for _, k in used]
    out: list[ActionSlot] = []
    order = ("full", "standard", "move", "swift") if "full" in kinds else tuple(BUDGET_KINDS)
    for kind in order:
        en, es = BUDGET_KINDS[kind]
        for n in range(1 if kind == "full" and "full" in kinds else kinds.count(kind)):
            out.append(ActionSlot(f"{kind}:{n + 1}", en, es, used=True))
        if available(rs, state, c, kind):
            out.append(ActionSlot(kind, en, es, command=f"action {c.id} {kind}"))
    return out


def blocked(rs, c: Combatant, kind: str) -> str | None:
    if kind == "free":
        return None
    if c.life in NO_ACTION_LIFE:
        return f"{c.name} is {c.life} and can take no actions"
    flags = _flags(rs, c)
    if "no-actions" in flags:
        return f"{c.name} is {flags['no-actions']} and can take no actions"
    if "move-only" in flags and kind != "move":
        return f"{c.name} is {flags['move-only']}: only a single move action"
    if "flee" in flags and kind == "full" and flags["flee"] == "panicked":
        return f"{c.name} is panicked: it can only flee"
    if "single-action" in flags and kind == "full":
        return f"{c.name} is {flags['single-action']}: no full actions"
    return None


def _reaction(ctx: Context, c: Combatant, what: str) -> None:
    """One reaction a round, regained at the start of its turn, none before its first turn (starfinder.md §3.2 [O])."""
    state = ctx.state
    if not state.in_combat:
        return
    if c.life in NO_ACTION_LIFE:
        ctx.fail(f"{c.name} is {c.life} and can take no reactions")
    if state.started.get(c.id) is None:
        ctx.fail(f"{c.name} has not acted yet in this combat: no reactions before its first turn")
    flags = _flags(ctx.ruleset, c)
    if "no-reactions" in flags:
        ctx.fail(f"{c.name} is {flags['no-reactions']}: no reactions")
    if "no-actions" in flags:
        ctx.fail(f"{c.name} is {flags['no-actions']}: no reactions")
    if c.marks.get("reaction") is not None:
        ctx.fail(f"{c.name} has used its reaction this round (it returns at the start of its turn)")
    ctx.set_mark(c, "reaction", state.round)
    label = f" ({what})" if what else ""
    say(ctx, c, f"{c.name} uses its reaction{label}", f"{c.name} usa su reacción{label}", "starfinder.md §3.2 [O]")


def left_text(used, lang: str = "en") -> str:
    taken = {slot for slot, _ in used}
    i = 1 if lang == "es" else 0
    left = [SLOT_NAMES[s][i] for s in ("S", "M", "W") if s not in taken]
    return ", ".join(left) or ("nada" if lang == "es" else "none")


def _spent(used) -> str:
    kinds = [k for _, k in used]
    if "full" in kinds:
        return "a full action"
    return ", ".join(kinds)


def status(rs, state, c: Combatant, lang: str = "en") -> list[str]:
    if not state.in_combat:
        return []
    es = lang == "es"
    out = []
    if state.active == c.id and c.life not in NO_ACTION_LIFE:
        used = c.marks.get("actions") or []
        why = blocked(rs, c, "standard")
        if why and blocked(rs, c, "move"):
            out.append("sin acciones este turno" if es else "no actions this turn")
        elif any(k == "full" for _, k in used):
            out.append("acción completa hecha: solo acciones libres" if es
                       else "full action taken: free actions only")
        elif state.marks.get("surprise-round"):
            left = [k for k in ("standard", "move", "swift") if _surprise_limit(state, used, k) is None]
            names = {"standard": "estándar", "move": "movimiento", "swift": "rápida"}
            if es:
                txt = " o ".join(names[k] for k in left if k != "swift") or "nada"
            else:
                txt = " or ".join(k for k in left if k != "swift") or "none"
            if "swift" in left:
                txt += ", rápida" if es else ", swift"
            out.append(f"asalto de sorpresa: {txt}" if es else f"surprise round: {txt}")
        else:
            out.append(f"acciones restantes: {left_text(used, lang)}" if es
                       else f"actions left: {left_text(used)}")
    if c.marks.get("reaction") is not None:
        out.append("reacción usada" if es else "reaction used")
    return out


# -- the `action` verb ------------------------------------------------------------------

ACTION_USAGE = "action [NAME] standard|move|swift|full|reaction|free|reset|ACTION  (ACTION: run, withdraw, " \
               "full-attack, crawl, guarded-step, stand, drop-prone, attack, aoo, feint, reload, draw)"
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


def action_verb(rs, ctx: Context, args: tuple[str, ...]) -> None:
    a = Args.parse(args, ACTION_USAGE)
    state = ctx.state
    if not a.words:
        raise RulesError(f"missing the action; usage: {ACTION_USAGE}")
    word = fold_text(a.words[-1]).replace(" ", "-")
    if len(a.words) > 2:
        raise RulesError(f"unexpected {' '.join(a.words[:-2])!r}; usage: {ACTION_USAGE}")
    if len(a.words) == 2:
        c = ctx.combatant(a.words[0])
    else:
        if not state.in_combat or state.active is None:
            raise RulesError(f"no one is acting: name who acts; usage: {ACTION_USAGE}")
        c = state.get(state.active)
    if word in ("reset", "clear", "borrar"):
        reset(ctx, c)
        say(ctx, c, f"{c.name}'s actions this turn are reset", f"Se reinician las acciones de {c.name} en este turno")
        return
    if word in KINDS:
        kind, named = KINDS[word], ""
    elif word in NAMED:
        kind, named = NAMED[word], CANON.get(word, word)
    else:
        raise RulesError(f"unknown action {a.words[-1]!r}; usage: {ACTION_USAGE}")
    if kind != "reaction" and kind != "free" and (not state.in_combat or state.active != c.id):
        if not named:
            raise RulesError(f"{c.name} is not the one acting; its actions are tracked on its turn")
    _named_checks(rs, ctx, c, named)
    use(ctx, c, kind, named, strict=state.in_combat and state.active == c.id)
    _named_effects(rs, ctx, c, named)


def _named_checks(rs, ctx: Context, c: Combatant, named: str) -> None:
    from .options import official

    flags = _flags(rs, c)
    if named == "run" and "no-run" in flags:
        ctx.fail(f"{c.name} is {flags['no-run']} and cannot run")
    if named in ("run", "withdraw", "crawl", "guarded-step") and "immobile" in flags:
        ctx.fail(f"{c.name} is {flags['immobile']} and cannot move")
    if named == "withdraw":
        if official(ctx.state, "withdraw"):
            if c.has("blinded"):
                ctx.fail(f"{c.name} is blinded and cannot withdraw (official)")
        else:
            barred = [x for x in ("stunned", "off-kilter", "off-target", "confused", "dazed") if c.has(x)]
            if barred:
                ctx.fail(f"{c.name} is {barred[0]} and cannot withdraw (seed: not when disoriented or stunned)")


def _named_effects(rs, ctx: Context, c: Combatant, named: str) -> None:
    from .options import official

    if named == "run":
        ctx.apply_condition(c, rs.catalogue.define("running"), rounds=1, clock=c.id, source=c.id)
        con = c.stats.get("con")
        limit_en = f" for up to {con} turns (Con score)" if con is not None else ""
        limit_es = f" hasta {con} turnos (puntuación de Con)" if con is not None else ""
        say(ctx, c, f"{c.name} runs at 4x speed in a straight line{limit_en}: flat-footed until its next turn",
            f"{c.name} corre a 4x velocidad en línea recta{limit_es}: desprevenido hasta su próximo turno",
            "starfinder.md §3.2 run [S]")
    elif named == "full-attack":
        if official(ctx.state, "full_attack"):
            say(ctx, c, f"{c.name} full attack: two attacks at -4 each", f"{c.name} ataque completo: dos ataques a -4",
                "starfinder.md §3.2 full attack [Δ official]")
        else:
            say(ctx, c, f"{c.name} full attack: two attacks at -4 each with one weapon; two weapons use its feats",
                f"{c.name} ataque completo: dos ataques a -4 con la misma arma; con dos armas, según sus dotes",
                "starfinder.md §3.2 full attack [S]")
    elif named == "crawl":
        ctx.apply_condition(c, rs.catalogue.define("prone"), source=c.id)
        say(ctx, c, f"{c.name} crawls 5 ft (counts as prone)", f"{c.name} gatea 5 pies (cuenta como tumbado)",
            "starfinder.md §3.2 crawl [S]")
    elif named == "stand":
        ctx.remove_all(c, "prone")
        ctx.remove_all(c, "off-kilter")
    elif named == "drop-prone":
        ctx.apply_condition(c, rs.catalogue.define("prone"), source=c.id)
    elif named == "guarded-step":
        say(ctx, c, f"{c.name} takes a guarded step: 5 ft, no attacks of opportunity",
            f"{c.name} da un paso protegido: 5 pies, sin ataques de oportunidad", "starfinder.md §3.2 [S]")
    elif named == "withdraw":
        say(ctx, c, f"{c.name} withdraws at 2x speed: leaving the first square provokes no attacks of opportunity",
            f"{c.name} se retira a 2x velocidad: salir de la primera casilla no provoca ataques de oportunidad",
            "starfinder.md §3.2 withdraw [S]")
