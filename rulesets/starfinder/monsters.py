"""The Alien Archive's universal creature rules a fight needs (starfinder.md §3.14): regeneration and
the types that stop it, ferocity, incorporeal creatures and swarms.

Each is a stat key (``regeneration=15/acid``, ``ferocity``, ``incorporeal``, ``swarm``); regeneration is
also the engine's ``regeneration:N`` effect (``cond NAME regeneration:5 fire``), whose note holds the
types that stop it. The marks it keeps on a combatant: ``regen_off`` (a stopping type got through: no
healing and it can die, until its next turn start) and ``ferocity`` (at 0 HP fighting on; the round of
its own turn in which it dropped, whose end does not count).
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, Msg, RulesError, dealt, fold_text, named, possessive

from . import marks
from .common import say
from .kinds import TYPE_WORDS, kind_term
from .i18n import T_, _

REGEN = "starfinder.md §3.14.1"
FEROCITY = "starfinder.md §3.14.2"
INCORPOREAL = "starfinder.md §3.14.3"
SWARM = "starfinder.md §3.14.4"
FORM = T_("form", "regeneration=5, regeneration=5/fire,acid", "regeneracion=5, regeneracion=5/fuego,acido")

#: what a `dmg` may say of the attack beside its damage types (starfinder.md §3.14.3-4)
MAGIC = ("magic", "magical", "magia", "magico", "mágico", "magica", "mágica")
FORCE = ("force", "fuerza")
GHOSTLY = ("incorporeal", "incorporal", "ghost-killer", "ghost killer", "ghostkiller", "asesino-de-fantasmas")
AREA = ("area", "área", "blast", "explode", "grenade", "granada", "explosion", "explosión", "estallido")
MULTI = ("line", "linea", "línea", "automatic", "automatico", "automático", "auto", "multi", "multiple",
         "múltiple", "multiples", "múltiples")
#: the damage typed is a critical hit's (double): a creature immune to critical hits takes it once (§3.14.8)
CRIT = ("crit", "critical", "critico", "crítico", "critica", "crítica")
ATTACK_WORDS = MAGIC + FORCE + GHOSTLY + AREA + MULTI + CRIT
CRITICAL = "starfinder.md §3.14.8"
IMMUNITIES = "starfinder.md §3.14.9"
#: what a swarm is immune to (Alien Archive, Swarm Immunities): conditions, besides bleeding and critical hits
SWARM_IMMUNE = ("flat-footed", "off-target", "pinned", "prone", "staggered", "stunned", "bleeding")


def _types() -> dict:
    return TYPE_WORDS


def _has(types, words) -> bool:
    return any(fold_text(str(t)) in {fold_text(w) for w in words} for t in types)


# -- regeneration -------------------------------------------------------------------------------


def read(text: str) -> tuple[int, tuple[str, ...]]:
    """``15/acid`` -> (15, ("acid",)); refused naming the form when written wrong."""
    number, _slash, what = str(text).strip().partition("/")
    if not number.strip().isdigit():
        raise RulesError(_("regeneration={text}: expected AMOUNT or AMOUNT/TYPES ({form})", text=text, form=FORM))
    words = []
    type_words = _types()
    for w in (w.strip() for w in what.split(",") if w.strip()):
        canon = type_words.get(fold_text(w)) or type_words.get(w)
        if not canon:
            raise RulesError(_("regeneration={text}: unknown damage type {word!r} ({form})", text=text, word=w,
                               form=FORM))
        words.extend(canon)
    return min(int(number), 10**6), tuple(dict.fromkeys(words))


def check(stats) -> None:
    if stats.get("regeneration"):
        read(stats["regeneration"])


def place(ctx: Context, c: Combatant) -> None:
    """The stat key puts (or changes) the effect the turns tick."""
    if not c.stats.get("regeneration"):
        return
    amount, words = read(c.stats["regeneration"])
    for inst in c.instances("regeneration"):
        ctx.remove_condition(c, inst, reason="replaced")
    if amount:
        ctx.apply_condition(c, ctx.ruleset.conditions.catalogue.get("regeneration"), value=amount, note=",".join(words))


def instance(c: Combatant):
    return next((i for i in c.instances("regeneration") if (i.value or 0) > 0), None)


def stoppers(inst) -> set[str]:
    out: set[str] = set()
    type_words = _types()
    for w in (inst.note or "").replace(",", " ").split():
        out.update(type_words.get(fold_text(w), (w,)))
    return out


def stopped(c: Combatant) -> bool:
    return bool(marks.REGEN_OFF.of(c))


def works(c: Combatant) -> bool:
    """It has regeneration and no stopping type got through since its last turn start."""
    return c.life != "dead" and instance(c) is not None and not stopped(c)


def after_damage(ctx: Context, c: Combatant, taken_kinds: set[str]) -> None:
    """A stopping type that got through stops it at once, until its next turn start (§3.14.1 [I])."""
    inst = instance(c)
    if inst is None or c.life == "dead":
        return
    hit = sorted(stoppers(inst) & taken_kinds)
    if not hit:
        return
    ctx.set_mark(c, marks.REGEN_OFF, True)
    say(ctx, c, _("{name}'s regeneration is stopped by {what}: {name} heals nothing until {whose} next turn and can "
                  "die", whose=possessive(c), name=named(c), what=kind_term(*hit)), REGEN + " [O/I]")


def tick_works(ctx: Context, c: Combatant, inst) -> bool:
    """Its turn start: a stopped regeneration heals nothing now and works again after."""
    if inst.cond != "regeneration" or not stopped(c):
        return True
    ctx.set_mark(c, marks.REGEN_OFF, None)
    say(ctx, c, _("{name}'s regeneration was stopped: no healing this turn; it works again from now", name=named(c)),
        REGEN + " [O/I]")
    return False


def keeps_alive(ctx: Context, c: Combatant, cause: str) -> bool:
    """Whatever would kill it from hit points while its regeneration works leaves it unconscious at 0 HP."""
    if cause not in ("massive", "npc", "resolve", "coup", "ferocity") or not works(c):
        return False
    if c.life != "unconscious":
        ctx.set_life(c, "unconscious", rule=REGEN + " [O]")
    ctx.set_mark(c, marks.DYING, None)
    say(ctx, c, _("{name}'s regeneration keeps {name} alive: unconscious at 0 HP until healed", name=named(c)),
        REGEN + " [O]")
    return True


def time_passed(ctx: Context) -> None:
    for c in ctx.state.combatants.values():
        if marks.REGEN_OFF.of(c):
            ctx.set_mark(c, marks.REGEN_OFF, None)


# -- ferocity -----------------------------------------------------------------------------------


def ferocious(c: Combatant) -> bool:
    return bool(c.stats.get("ferocity"))


def fighting_on(c: Combatant) -> bool:
    return marks.FEROCITY.of(c) is not None


def fight_on(ctx: Context, c: Combatant) -> bool:
    """Brought to 0 HP: it acts normally until the end of its next turn (§3.14.2 [O])."""
    if not ferocious(c) or fighting_on(c) or c.life == "dead":
        return False
    state = ctx.state
    own = state.round if state.in_combat and state.active == c.id else 0
    ctx.set_mark(c, marks.FEROCITY, {"own": own})
    if c.life != "ok":
        ctx.set_life(c, "ok", rule=FEROCITY + " [O]")
    say(ctx, c, _("{name} fights on with ferocity at 0 HP until the end of {whose} next turn, then dies; any further "
                  "HP loss is fatal", whose=possessive(c), name=named(c)), FEROCITY + " [O]")
    return True


def end_of_turn(ctx: Context, c: Combatant, kill) -> bool:
    """The end of its next turn: still at 0 HP, it dies (``kill``: life.kill, handed in by life,
    which reads this module). True when it was fighting on."""
    mark = marks.FEROCITY.of(c)
    if mark is None or c.life == "dead":
        return False
    if mark.get("own") == ctx.state.round:  # dropped during this very turn: the next one is the deadline
        ctx.set_mark(c, marks.FEROCITY, {"own": 0})
        return True
    hp = c.pools.get("hp")
    ctx.set_mark(c, marks.FEROCITY, None)
    if hp is not None and hp.value <= 0:
        kill(ctx, c, "ferocity", _("{name}'s ferocity runs out: {name} dies at 0 HP", name=named(c)), FEROCITY + " [O]")
    return True


# -- incorporeal creatures and swarms -------------------------------------------------------------


def incorporeal(c: Combatant) -> bool:
    return bool(c.stats.get("incorporeal"))


def swarm(c: Combatant) -> bool:
    return bool(c.stats.get("swarm"))


def crit_immune(c: Combatant, types=()) -> bool:
    """Immune to critical hits (§3.14.8): incorporeal (unless a ghost killer weapon or an incorporeal
    attacker: they score critical hits on it [I]), a swarm, or ``immune=critical``."""
    if immunities(c) & {fold_text(w) for w in CRIT + ("critical-hits", "criticos", "críticos")}:
        return True
    return swarm(c) or (incorporeal(c) and not _has(types, GHOSTLY))


def adjust(c: Combatant, amount: int, canon: tuple[str, ...], types, energy: bool) -> tuple[int, "list[Msg]"]:
    """What an incorporeal creature or a swarm takes of a hit, before its other defenses; the notes say
    why (the numbers, damage dealt to ``c``, are the GM's for a foe)."""
    notes: list[Msg] = []
    if amount <= 0:
        return amount, notes
    if _has(types, CRIT) and crit_immune(c, types):
        once = amount // 2
        notes.append(_("immune to critical hits: the damage once, not doubled ({amount}→{once})",
                       amount=dealt(c, amount), once=dealt(c, once)))
        amount = once
    if incorporeal(c) and not (_has(types, GHOSTLY) or _has(types, FORCE)):
        if energy or _has(types, MAGIC):
            half = amount // 2
            notes.append(_("incorporeal: half from energy and magic ({amount}→{half})", amount=dealt(c, amount),
                           half=dealt(c, half)))
            amount = half
        else:
            notes.append(_("incorporeal: immune to nonmagical kinetic attacks (magic, energy: half; force, "
                           "incorporeal, ghost killer: full)"))
            return 0, notes
    if swarm(c) and _has(types, ("bleed",)):
        notes.append(_("swarm: immune to bleeding"))
        return 0, notes
    if swarm(c) and not _has(types, ("continuous", "ongoing", "continuo", "continuado", "burn")):
        if _has(types, AREA):
            more = amount + amount // 2
            notes.append(_("swarm: half again as much from an area effect ({amount}→{more})",
                           amount=dealt(c, amount), more=dealt(c, more)))
            amount = more
        elif not _has(types, MULTI):
            notes.append(_("swarm: immune to attacks that target a single creature (area: +50%; line, automatic: "
                           "full)"))
            return 0, notes
    return amount, notes


def status(c: Combatant) -> list[Msg]:
    """The sheet's lines for these rules (the GM's: the players never read a foe's sheet)."""
    out: list[Msg] = []
    inst = instance(c)
    if inst is not None and c.life != "dead":
        stop = sorted(stoppers(inst))
        what = kind_term(*stop) if stop else None
        if stopped(c):
            out.append(_("regeneration {n}: stopped, no healing at the start of {whose} next turn, and death is "
                         "possible", whose=possessive(c), n=inst.value))
        elif what is not None:
            out.append(_("regeneration {n} (stopped by {what}): cannot die while it works", n=inst.value, what=what))
        else:
            out.append(_("regeneration {n}: cannot die while it works", n=inst.value))
    if ferocious(c) and c.life != "dead":
        out.append(_("ferocity: at 0 HP fights on until the end of {whose} next turn, then dies", whose=possessive(c))
                   if fighting_on(c) else _("ferocity: fights on for a turn at 0 HP"))
    if incorporeal(c):
        out.append(_("incorporeal: immune to nonmagical kinetic attacks; half from energy and magic; full from force "
                     "and incorporeal"))
    if swarm(c):
        out.append(_("swarm: immune to single-target attacks; +50% from area effects; breaks up at 0 HP"))
        out.append(_("swarm immunities: critical hits, combat maneuvers, bleeding, flat-footed, off-target, pinned, "
                     "prone, staggered, stunned"))
    elif crit_immune(c):
        out.append(_("immune to critical hits"))
    return out


#: the words of a stat block's immunities that name conditions (Alien Archive, Undead and Construct Immunities)
IMMUNE_CONDITIONS = {"paralysis": ("paralyzed",), "sleep": ("asleep",), "stun": ("stunned",),
                     "stunning": ("stunned",), "bleed": ("bleeding",), "fatigue": ("fatigued", "exhausted"),
                     "exhaustion": ("exhausted",)}


def immunities(c: Combatant) -> set[str]:
    """The stat block's ``immune`` words, folded (``immune=poison,disease,off-kilter``)."""
    raw = c.stats.get("immune") or ()
    return {fold_text(w).strip() for item in ([raw] if isinstance(raw, str) else raw) for w in str(item).split(",")}


def immune_condition(ctx: Context, c: Combatant, cdef) -> bool:
    """A swarm is not made flat-footed, off-target, pinned, prone, staggered or stunned, nor does it bleed
    (Alien Archive, Swarm Immunities); a creature whose immunities name the condition (``off-kilter``) or what
    causes it (``paralysis``, ``sleep``, ``stun``: the undead's and constructs') is not affected either. The log
    says so and nothing changes."""
    if swarm(c) and cdef.id in SWARM_IMMUNE:
        say(ctx, c, _("{name} is a swarm: immune to {cond}", name=named(c), cond=cdef.term), SWARM + " [O]")
        return True
    words = immunities(c)
    if fold_text(cdef.id) in words or any(cdef.id in IMMUNE_CONDITIONS.get(w, ()) for w in words):
        say(ctx, c, _("{name} is immune to {cond}", name=named(c), cond=cdef.term), IMMUNITIES + " [O]")
        return True
    return False


def maneuver_refusal(attacker: Combatant, target: Combatant) -> "Msg | None":
    """Swarms can neither perform combat maneuvers nor be affected by them; an incorporeal creature can take no
    physical action that moves or manipulates an opponent, nor is it subject to one (Core Rulebook,
    Incorporeal) [O]; between two incorporeal creatures they work [I]."""
    for c, role in ((target, "target"), (attacker, "attacker")):
        if swarm(c):
            return _("{name} is a swarm: swarms neither perform nor suffer combat maneuvers", name=c.name)
    if incorporeal(target) != incorporeal(attacker):
        who = target if incorporeal(target) else attacker
        return _("{name} is incorporeal: no combat maneuvers between {name} and a corporeal creature", name=who.name)
    return None

