"""The other actions of dragon_age.md §2.3: Aim, Defend, Run, Move, Prepare, and
plain major/minor actions the tracker only counts (Activate, Equip...)."""

from __future__ import annotations

from gm_console.ruleset import Context

from .common import rule
from .conditions_lookup import cdef
from .economy import MAJOR, MINOR, take, used
from .sheet import defense, speed


def _one(ctx: Context, args: tuple[str, ...], usage: str):
    if not args:
        ctx.fail(f"missing the name; usage: {usage}")
    return ctx.combatant(args[0])


def aim_verb(ctx: Context, args: tuple[str, ...]) -> None:
    c = _one(ctx, args, "aim NAME")
    take(ctx, c, MINOR, "aim", "apuntar")
    ctx.apply_condition(c, cdef("aiming"), source=c.id)
    ctx.say(f"{c.name} aims: +1 on its next attack if that is its next action",
            f"{c.name} apunta: +1 a su próximo ataque si es su siguiente acción", rule=rule("2.3"), who=c.id)


def defend_verb(ctx: Context, args: tuple[str, ...]) -> None:
    c = _one(ctx, args, "defend NAME")
    take(ctx, c, MAJOR, "defend", "defender")
    ctx.apply_condition(c, cdef("defending"), rounds=1, clock=c.id, source=c.id)
    fig = defense(ctx.state, c)
    ctx.say(f"{c.name} defends: {fig.explain('Defense')} until the start of its next turn",
            f"{c.name} se defiende: Defensa {fig.value} hasta el comienzo de su próximo turno",
            rule=rule("2.3"), who=c.id)


def run_verb(ctx: Context, args: tuple[str, ...]) -> None:
    c = _one(ctx, args, "run NAME")
    if c.has("prone"):
        ctx.fail(f"{c.name} is prone and cannot Run; stand up first (move {c.id} stand)")
    take(ctx, c, MAJOR, "run", "correr")
    metres = 2 * speed(c).value
    ctx.say(f"{c.name} runs up to {metres} m (2 x Speed)", f"{c.name} corre hasta {metres} m (2 x Velocidad)",
            rule=rule("2.3"), who=c.id)


MOVE_USAGE = "move NAME [stand|prone|mount]"


def move_verb(ctx: Context, args: tuple[str, ...]) -> None:
    c = _one(ctx, args, MOVE_USAGE)
    extra = [a.casefold() for a in args[1:]]
    what = extra[0] if extra else ""
    if len(extra) > 1 or what not in ("", "stand", "levantarse", "prone", "tumbarse", "drop", "mount", "montar"):
        ctx.fail(f"move: unexpected {' '.join(args[1:])!r}; usage: {MOVE_USAGE}")
    take(ctx, c, MINOR, "move", "movimiento")
    full = speed(c).value
    if not what:
        ctx.say(f"{c.name} moves up to {full} m", f"{c.name} se mueve hasta {full} m", rule=rule("2.3"), who=c.id)
        return
    half = full // 2
    if what in ("stand", "levantarse"):
        if not c.has("prone"):
            ctx.fail(f"{c.name} is not prone")
        ctx.remove_all(c, "prone", reason="stood up")
        en, es = "stands up", "se levanta"
    elif what in ("prone", "tumbarse", "drop"):
        ctx.apply_condition(c, cdef("prone"), source=c.id)
        en, es = "drops prone", "se tumba"
    else:
        en, es = "mounts", "monta"
    ctx.say(f"{c.name} {en} and moves up to {half} m (half Speed)",
            f"{c.name} {es} y se mueve hasta {half} m (media Velocidad)", rule=rule("2.3"), who=c.id)


def stand_verb(ctx: Context, args: tuple[str, ...]) -> None:
    move_verb(ctx, (*args[:1], "stand"))


PREPARE_USAGE = "prepare NAME [MAJOR ACTION...]   (e.g. prepare Sera attack the first darkspawn)"


def prepare_verb(ctx: Context, args: tuple[str, ...]) -> None:
    """Prepare: a minor action; the turn then ends at once, unused actions lost, holding a major
    action until the owner's next turn starts (dragon_age.md §2.2 [S])."""
    c = _one(ctx, args, PREPARE_USAGE)
    state = ctx.state
    if not state.in_combat or state.active != c.id:
        ctx.fail(f"Prepare is taken on its own turn; {c.name} is not acting now")
    if used(state, c)[0]:
        ctx.fail(f"{c.name} has already taken a major action this turn: Prepare is not allowed")
    action = " ".join(args[1:]).strip() or "a major action"
    take(ctx, c, MINOR, "prepare", "preparación")
    ctx.apply_condition(c, cdef("prepared"), rounds=1, clock=c.id, source=c.id, note=action)
    ctx.say(f"{c.name} prepares: {action}; it may interrupt anyone with it before its next turn starts, "
            f"then it is lost. {c.name}'s turn ends now (unused actions are lost)",
            f"{c.name} se prepara: {action}; puede interrumpir a cualquiera con ella antes de que empiece su "
            f"próximo turno, después se pierde. El turno de {c.name} termina ya (pierde las acciones que no usó)",
            rule=rule("2.2"), who=c.id)
    ctx.end_turn()


def _plain(kind: str):
    def verb(ctx: Context, args: tuple[str, ...]) -> None:
        c = _one(ctx, args, f"{kind} NAME [WHAT...]")
        what = " ".join(args[1:]).strip() or f"a {kind} action"
        take(ctx, c, kind, what, what)
        ctx.say(f"{c.name}: {what} ({kind} action)",
                f"{c.name}: {what} (acción {'mayor' if kind == MAJOR else 'menor'})", rule=rule("2.3"), who=c.id)
    return verb


major_verb = _plain(MAJOR)
minor_verb = _plain(MINOR)


def activate_verb(ctx: Context, args: tuple[str, ...]) -> None:
    minor_verb(ctx, (*args[:1], "activate", *args[1:]))


def equip_verb(ctx: Context, args: tuple[str, ...]) -> None:
    minor_verb(ctx, (*args[:1], "equip", *args[1:]))


ACTION_USAGE = "action NAME major|minor [WHAT...]   (accion; mayor, menor)"
ACTION_KINDS = {"major": MAJOR, "mayor": MAJOR, "minor": MINOR, "menor": MINOR}


def action_verb(ctx: Context, args: tuple[str, ...]) -> None:
    """`action NAME major|minor`: the same as `major NAME` / `minor NAME` (the word other games use)."""
    if len(args) < 2:
        ctx.fail(f"usage: {ACTION_USAGE}")
    kind = ACTION_KINDS.get(args[1].casefold())
    if kind is None:
        ctx.fail(f"action: expected major or minor, not {args[1]!r}; usage: {ACTION_USAGE}")
    (major_verb if kind == MAJOR else minor_verb)(ctx, (args[0], *args[2:]))
