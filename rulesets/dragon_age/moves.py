"""The other actions of dragon_age.md §2.3: Aim, Defend, Run, Move, Prepare, and
plain major/minor actions the tracker only counts (Activate, Equip...)."""

from __future__ import annotations

from gm_console.ruleset import N_, Choice, Context, Msg, Verb, Who, Word, choice_map, named, of, possessive

from .common import defense_of, rule
from .conditions import cdef
from .economy import MAJOR, MINOR, take, used
from .i18n import _


def aim_verb(ctx: Context, call) -> None:
    c = ctx.combatant(call.who)
    take(ctx, c, MINOR, _("aim"))
    ctx.apply_condition(c, cdef("aiming"), source=c.id)
    ctx.say(_("{name} aims: +1 on {whose} next attack if that is {whose} next action", whose=possessive(c),
              name=named(c)), rule=rule("2.3"), who=c.id)


def defend_verb(ctx: Context, call) -> None:
    c = ctx.combatant(call.who)
    take(ctx, c, MAJOR, _("defend"))
    ctx.apply_condition(c, cdef("defending"), rounds=1, clock=c.id, source=c.id)
    fig = ctx.ruleset.sheet.defense(ctx.state, c)
    # that it defends is the table's; its Defense is a number about it (a foe's is the GM's)
    ctx.say(_("{name} defends until the start of {whose} next turn", whose=possessive(c), name=named(c)),
            rule=rule("2.3"), who=c.id, detail=defense_of(c, fig))


def run_verb(ctx: Context, call) -> None:
    c = ctx.combatant(call.who)
    if c.has("prone"):
        ctx.fail(_("{name} is prone and cannot Run; stand up first (move {ref} stand)", name=c.name, ref=c.id))
    take(ctx, c, MAJOR, _("run"))
    metres = 2 * ctx.ruleset.sheet.speed(c).value
    ctx.say(_("{name} runs up to {m} m (2 x Speed)", name=named(c), m=of(c, metres)), rule=rule("2.3"), who=c.id)


def move_verb(ctx: Context, call) -> None:
    _move(ctx, ctx.combatant(call.who), call.how)


def stand_verb(ctx: Context, call) -> None:
    _move(ctx, ctx.combatant(call.who), "stand")


def _move(ctx: Context, c, how: str | None) -> None:
    if how == "stand" and not c.has("prone"):
        ctx.fail(_("{name} is not prone", name=c.name))
    take(ctx, c, MINOR, _("move"))
    full = ctx.ruleset.sheet.speed(c).value
    if not how:
        ctx.say(_("{name} moves up to {m} m", name=named(c), m=of(c, full)), rule=rule("2.3"), who=c.id)
        return
    half = full // 2
    if how == "stand":
        ctx.remove_all(c, "prone", reason="stood up")
        said = _("{name} stands up and moves up to {m} m (half Speed)", name=named(c), m=of(c, half))
    elif how == "prone":
        ctx.apply_condition(c, cdef("prone"), source=c.id)
        said = _("{name} drops prone and moves up to {m} m (half Speed)", name=named(c), m=of(c, half))
    else:
        said = _("{name} mounts and moves up to {m} m (half Speed)", name=named(c), m=of(c, half))
    ctx.say(said, rule=rule("2.3"), who=c.id)


def prepare_verb(ctx: Context, call) -> None:
    """Prepare: a minor action; the turn then ends at once, unused actions lost, holding a major
    action until the owner's next turn starts (dragon_age.md §2.2 [S])."""
    c = ctx.combatant(call.who)
    state = ctx.state
    if not state.in_combat or state.active != c.id:
        ctx.fail(_("Prepare is taken on the combatant's own turn; {name} is not acting now", name=c.name))
    if used(state, c)[0]:
        ctx.fail(_("{name} has already taken a major action this turn: Prepare is not allowed", name=c.name))
    action = " ".join(call.action).strip()
    take(ctx, c, MINOR, _("prepare"))
    ctx.apply_condition(c, cdef("prepared"), rounds=1, clock=c.id, source=c.id, note=action)
    ctx.say(_("{name} prepares: {action}, held to interrupt anyone before {whose} next turn starts, then lost. "
              "{name}'s turn ends now (unused actions are lost)", whose=possessive(c), name=named(c),
              action=action or _("a major action")), rule=rule("2.2"), who=c.id)
    ctx.end_turn()


def _plain(ctx: Context, c, kind: str, what: "Msg | str") -> None:
    if kind == MAJOR:
        what_done = what or _("a major action")
        take(ctx, c, kind, what_done)
        ctx.say(_("{name}: {what} (major action)", name=named(c), what=what_done), rule=rule("2.3"), who=c.id)
    else:
        what_done = what or _("a minor action")
        take(ctx, c, kind, what_done)
        ctx.say(_("{name}: {what} (minor action)", name=named(c), what=what_done), rule=rule("2.3"), who=c.id)


def major_verb(ctx: Context, call) -> None:
    _plain(ctx, ctx.combatant(call.who), MAJOR, " ".join(call.what).strip())


def minor_verb(ctx: Context, call) -> None:
    _plain(ctx, ctx.combatant(call.who), MINOR, " ".join(call.what).strip())


def activate_verb(ctx: Context, call) -> None:
    what = " ".join(call.what).strip()
    _plain(ctx, ctx.combatant(call.who), MINOR, _("activate {what}", what=what) if what else _("activate"))


def equip_verb(ctx: Context, call) -> None:
    what = " ".join(call.what).strip()
    _plain(ctx, ctx.combatant(call.who), MINOR, _("equip {what}", what=what) if what else _("equip"))


ACTION_KINDS = {"major": MAJOR, "mayor": MAJOR, "minor": MINOR, "menor": MINOR}


def action_verb(ctx: Context, call) -> None:
    """`action NAME major|minor`: the same as `major NAME` / `minor NAME` (the word other games use)."""
    kind = ACTION_KINDS.get(call.kind.casefold())
    if kind is None:
        ctx.fail(_("action: expected major or minor, not {word!r}; usage: {usage}", word=call.kind,
                   usage=ACTION.usage()))
    _plain(ctx, ctx.combatant(call.who), kind, " ".join(call.what).strip())


def _what(meta: str = N_("WHAT")) -> Word:
    return Word("what", meta=meta, required=False, rest=True, fold=False)


AIM = Verb("aim", (Who("who"),), aim_verb, _("minor: +1 on the next attack if it is the next action"),
           es=("apuntar",), group="ruleset")
DEFEND = Verb("defend", (Who("who"),), defend_verb, _("major: +2 Defense until the start of its next turn"),
              es=("defender",), group="ruleset")
RUN = Verb("run", (Who("who"),), run_verb, _("major: 2 x Speed; not prone"), es=("correr",), group="ruleset")
MOVE = Verb("move", (Who("who"), Choice("how", required=False, choices=choice_map(
    ("stand", "levantarse"), ("prone", "tumbarse", "drop"), ("mount", "montar")),
    es={"stand": "levantarse", "prone": "tumbarse", "mount": "montar"})), move_verb,
    _("minor: Speed in metres; half if standing up, dropping prone or mounting"), es=("mover", "movimiento"),
    group="ruleset")
STAND = Verb("stand", (Who("who"),), stand_verb, _("minor: stand up from prone (a Move at half Speed)"),
             es=("levantarse",), group="ruleset")
PREPARE = Verb("prepare", (Who("who"), Word("action", meta=N_("MAJOR ACTION"), required=False, rest=True, fold=False)),
               prepare_verb, _("minor: end the turn holding a major action until its next turn"),
               es=("preparación",), group="ruleset")
ACTION = Verb("action", (Who("who"), Word("kind", meta=N_("major|minor")), _what()), action_verb,
              _("count a major or minor action (as `major NAME` / `minor NAME`)"), es=("acción",),
              group="ruleset")
MAJOR_VERB = Verb("major", (Who("who"), _what()), major_verb, _("count any other major action"), es=("mayor",),
                  group="ruleset")
MINOR_VERB = Verb("minor", (Who("who"), _what()), minor_verb, _("count any other minor action"), es=("menor",),
                  group="ruleset")
ACTIVATE = Verb("activate", (Who("who"), _what()), activate_verb,
                _("minor: start a power or item, drink a potion, adopt a style"), es=("activar",), group="ruleset")
EQUIP = Verb("equip", (Who("who"), _what()), equip_verb, _("minor: draw or stow items"), es=("equipar",),
             group="ruleset")

VERBS = (AIM, DEFEND, RUN, MOVE, STAND, PREPARE, ACTION, MAJOR_VERB, MINOR_VERB, ACTIVATE, EQUIP)
