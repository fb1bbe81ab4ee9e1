"""How Starfinder conditions combine, and the ones that hurt on a clock (starfinder.md §3.6); what
applying an effect does beyond its numbers (§3.13: images left, a force field's temporary HP).

Fatigued on fatigued becomes exhausted for the total duration; only the worst bleed
applies; burning from several sources adds up and is put out by a Reflex save at the
end of each round. ``dead``/``dying``/``stable`` are life states, not instances.
"""

from __future__ import annotations

from gm_console.ruleset import (Combatant, ConditionDef, Conditions, Context, Msg, dealt, gm, named, of, public,
                                possessive)
from gm_console.ruleset import life as life_word

from . import abilities, afflictions, life, marks, monsters
from .economy import use
from .catalogue import CATALOGUE, FORCE_FIELDS, LIFE_CONDITIONS, PENALTIES
from .common import check, say, value
from .i18n import _, _n

#: a second one adds its duration to the first (starfinder.md §3.6 [O])
ADDING = ("shaken", "frightened")


def quoted(c: Combatant) -> str:
    """``c``'s name as a command line takes it."""
    return f'"{c.name}"' if " " in c.name else c.name


class StarfinderConditions(Conditions):
    def definitions(self):
        return CATALOGUE

    def add(self, ctx: Context, target: Combatant, cdef: ConditionDef, rounds: int | None, value_: int | None,
            clock: str | None, source: str | None) -> None:
        if cdef.id in LIFE_CONDITIONS:
            _life_condition(ctx, target, cdef.id)
            return
        if target.life == "dead":
            ctx.fail(_("{name} is dead; conditions no longer matter", name=target.name))
        if monsters.immune_condition(ctx, target, cdef):
            return
        if cdef.id == "fatigued" and target.has("fatigued"):
            self._exhaust(ctx, target, rounds, clock, source)
            return
        if cdef.id in ADDING and target.has(cdef.id):
            _lengthen(ctx, target, cdef, rounds)
            return
        if cdef.id == "force-field" and value_ not in FORCE_FIELDS:
            ctx.fail(_("force-field takes the temporary HP of its color: {table}", table=_field_table()))
        if "counter" in cdef.flags and target.has(cdef.id):
            _recount(ctx, target, cdef, value_)
            return
        ctx.apply_condition(target, cdef, rounds=rounds, value=value_, clock=clock, source=source)
        if cdef.id == "bleeding" and len(target.instances("bleeding")) == 1:
            kept = target.instances("bleeding")[0].value
            if value_ is not None and kept != value_:
                say(ctx, target, _("Only the worst bleed applies: {name} keeps bleeding {kept}", name=named(target),
                                   kept=public(kept)), "starfinder.md §3.6 bleeding [O]")
        if cdef.id == "burning":
            total = target.instances("burning")[0].value
            say(ctx, target, _("{name} is burning: {total}d6 fire at the start of {whose} turn (sources add)",
                               whose=possessive(target),
                               name=named(target), total=public(total)), "starfinder.md §3.6 burning [O]")
        if cdef.id == "force-field":
            _raise_field(ctx, target, value_)
        if cdef.id in PENALTIES:
            abilities.penalty_added(ctx, ctx.state.get(target.id), PENALTIES[cdef.id])

    def removed(self, ctx: Context, target: Combatant, cond: str, reason: str) -> None:
        if target.id in ctx.state.combatants:
            afflictions.removed(ctx, ctx.state.get(target.id), cond)
        if cond == "con-penalty" and target.id in ctx.state.combatants:
            abilities.con_stamina(ctx, ctx.state.get(target.id))
        if cond == "burning" and not target.has("burning"):
            ctx.set_mark(target, marks.BURN_TRIES, None)
            ctx.set_mark(target, marks.BURN_OFFER, None)
        if cond in ("grappled", "pinned") and not target.has("grappled") and not target.has("pinned"):
            ctx.set_mark(target, marks.HELD, None)
        if cond == "force-field" and not target.has("force-field") and target.pools.get("temp"):
            ctx.set_pool(target, "temp", 0, rule="starfinder.md §3.13 force field [I]")
            say(ctx, target, _("{name}'s force field is off: {whose} temporary HP are gone",
                               whose=possessive(target, several=True), name=named(target)),
                "starfinder.md §3.13 force field [I]")

    def _exhaust(self, ctx: Context, target: Combatant, rounds: int | None, clock: str | None,
                 source: str | None) -> None:
        """Fatigued again: exhausted for the total duration of every fatiguing effect (starfinder.md §3.6 [O])."""
        olds = target.instances("fatigued")
        durations = [i.rounds for i in olds] + [rounds]
        total = None if any(d is None for d in durations) else sum(durations)
        old_clock = next((i.clock for i in olds if i.clock), None)
        for inst in olds:
            ctx.remove_condition(target, inst, reason="replaced")
        ctx.apply_condition(target, self.catalogue.define("exhausted"), rounds=total,
                            clock=(clock or old_clock) if total is not None else None, source=source)
        if total is None:
            msg = _("Fatigued again: {name} is exhausted", name=named(target))
        else:
            msg = _n("Fatigued again: {name} is exhausted for {n} round",
                     "Fatigued again: {name} is exhausted for {n} rounds", total, n=public(total), name=named(target))
        say(ctx, target, msg, "starfinder.md §3.6 fatigued [O]")

    # -- what happens on a clock --------------------------------------------------------------------

    def turn_start(self, ctx: Context, c: Combatant) -> None:
        """Bleeding and burning hurt at the start of the turn, before it acts (starfinder.md §3.6 [O])."""
        for inst in list(c.instances("burning")):
            if c.life == "dead":
                return
            dice = max(1, int(inst.value or 1))
            amount = ctx.roll(f"{dice}d6", purpose=_('burning of {name}', name=named(c)), who=c.id).total
            self.rules.health.hurt(ctx, c, amount, ("fire",), continuous=True, why=_("Burning"))
        for inst in list(c.instances("bleeding")):
            if c.life == "dead":
                return
            amount = int(inst.value or 0)
            if amount > 0:
                self.rules.health.hurt(ctx, c, amount, (), continuous=True, why=_("Bleeding"))

    def turn_end(self, ctx: Context, c: Combatant) -> None:
        """A force field regains its fast healing at the end of its owner's turn (starfinder.md §3.13)."""
        for inst in c.instances("force-field"):
            top = int(inst.value or 0)
            heal = FORCE_FIELDS.get(top, ("", 0))[1]
            temp = c.pools.get("temp")
            now = temp.value if temp is not None else 0
            if heal and now < top and c.life != "dead":
                new = min(top, now + heal)
                ctx.set_pool(c, "temp", new, max=top, rule="starfinder.md §3.13 force field")
                say(ctx, c, _("{name}'s force field regains {heal}: temporary HP {before}→{after}", name=named(c),
                              heal=dealt(c, heal), before=of(c, now), after=of(c, new)),
                    "starfinder.md §3.13 force field")

    def round_end(self, ctx: Context) -> None:
        """Every burning creature tries Reflex DC 10 + fire damage taken this round (+2 per earlier try);
        with the table's ``save_rolls offer`` the save is offered to the GM instead, its DC kept (mark
        ``burn_offer``: the round's fire) for when the GM runs it (starfinder.md §3.13.3)."""
        offer = ctx.option("save_rolls") == "offer"
        for c in list(ctx.state.combatants.values()):
            if c.has("burning") and c.life != "dead":
                if offer:
                    self._offer_burn_save(ctx, c)
                else:
                    self.burn_save(ctx, c, bonus=0, why=_("end of round"))
        for c in ctx.state.combatants.values():
            if marks.FIRE_ROUND.of(c):
                ctx.set_mark(c, marks.FIRE_ROUND, None)

    def _offer_burn_save(self, ctx: Context, c: Combatant) -> None:
        fire = int(marks.FIRE_ROUND.of(c) or 0)
        ctx.set_mark(c, marks.BURN_OFFER, {"fire": fire})
        ctx.say(_("{name} may save against {effect} now: save {ref} burning", name=named(c),
                  effect=self.catalogue.define("burning").term, ref=gm(quoted(c))),
                rule="starfinder.md §3.13.3 [I]", who=c.id, gm_only=True)

    def own_save(self, ctx: Context, target: Combatant, cdef: ConditionDef, dice: tuple[int, ...]) -> bool:
        """``save NAME burning [DIE]``: the end-of-round Reflex save offered to the GM, against the DC that
        round's fire set; a success puts the flames out (starfinder.md §3.13.3)."""
        if cdef.id in ("poisoned", "diseased"):
            return afflictions.answer(ctx, target, cdef.id, dice)  # starfinder.md §3.15
        if cdef.id != "burning" or not target.has("burning"):
            return False
        offer = marks.BURN_OFFER.of(target)
        if not offer:
            ctx.fail(_("{name}'s burning save comes at the end of the round (smother {ref}: a new one at +4)",
                       name=target.name, ref=quoted(target)))
        ctx.set_mark(target, marks.BURN_OFFER, None)
        ctx.dice.forced[:0] = list(dice)
        self.burn_save(ctx, target, bonus=0, why=_("end of round"), fire=int(offer.get("fire") or 0))
        return True

    def burn_save(self, ctx: Context, c: Combatant, bonus: int, why: Msg, given: int | None = None,
                  fire: int | None = None) -> None:
        """The Reflex save against burning; ``fire``: the fire taken in the round it belongs to (an offered
        save run later), else this round's."""
        fire = int(marks.FIRE_ROUND.of(c) or 0) if fire is None else fire
        tries = int(marks.BURN_TRIES.of(c) or 0)
        dc = 10 + fire
        ref = value(self.rules, ctx.state, c, "ref")
        total, _text = check(ctx, ref + 2 * tries + bonus, _('Reflex against burning of {name}', name=named(c)), c,
                             given, what="Reflex (burning)", dc=dc)
        more = _more(c, tries, bonus)
        # the outcome reaches the players; the numbers (a foe's Reflex, the fire it took) are the detail
        detail = _("Reflex {total}{more} vs DC {dc}, 10 + {fire} fire this round", total=of(c, total), more=more,
                   dc=of(c, dc), fire=dealt(c, fire))
        if total >= dc:
            ctx.remove_all(c, "burning", reason="saved")
            ctx.set_mark(c, marks.BURN_TRIES, None)
            msg = _("{name} puts out the flames ({why})", name=named(c), why=why)
        else:
            ctx.set_mark(c, marks.BURN_TRIES, tries + 1)
            msg = _("{name} keeps burning ({why})", name=named(c), why=why)
        say(ctx, c, msg, "starfinder.md §3.6 burning [O]", detail=detail)


def _more(c: Combatant, tries: int, smother: int) -> "Msg | str":
    """What ``c``'s burning save adds: +2 per earlier try, +4 when smothering (the rule's number)."""
    if tries and smother:
        return _n(" (+{bonus} for {n} earlier try, +{smother} smothering)",
                  " (+{bonus} for {n} earlier tries, +{smother} smothering)", tries, n=of(c, tries),
                  bonus=of(c, 2 * tries), smother=public(smother))
    if tries:
        return _n(" (+{bonus} for {n} earlier try)", " (+{bonus} for {n} earlier tries)", tries, n=of(c, tries),
                  bonus=of(c, 2 * tries))
    if smother:
        return _(" (+{smother} smothering)", smother=public(smother))
    return ""


def _lengthen(ctx: Context, target: Combatant, cdef: ConditionDef, rounds: int | None) -> None:
    """Shaken again (or frightened again): the duration increases by the new one's (starfinder.md §3.6 [O]);
    no escalation to the next fear grade. Either one without an end: until removed."""
    inst = target.instances(cdef.id)[0]
    total = None if inst.rounds is None or rounds is None else inst.rounds + rounds
    ctx.change_condition(target, inst, rounds=total, keep_rounds=False)
    still = cdef.label_term
    if total is None:
        msg = _("{cond} again: {name} stays {still}, the durations add (until removed)", cond=cdef.term,
                still=still, name=named(target))
    else:
        msg = _n("{cond} again: {name} stays {still}, the durations add ({n} round)",
                 "{cond} again: {name} stays {still}, the durations add ({n} rounds)", total, n=public(total),
                 cond=cdef.term, still=still, name=named(target))
    say(ctx, target, msg, f"starfinder.md §3.6 {cdef.id} [O]")


def _recount(ctx: Context, target: Combatant, cdef: ConditionDef, value_: int | None) -> None:
    """A counter applied again sets what is left: ``mirror-image:2`` after a figment is hit; 0 ends it
    (starfinder.md §3.13)."""
    inst = target.instances(cdef.id)[0]
    if not value_:
        ctx.remove_condition(target, inst, reason="used up")
        say(ctx, target, _("{name}: {cond} is used up", name=named(target), cond=cdef.term), "starfinder.md §3.13")
        return
    ctx.change_condition(target, inst, value=value_)
    say(ctx, target, _("{name}: {cond} now {value}", name=named(target), cond=cdef.term, value=public(value_)),
        "starfinder.md §3.13")
    if cdef.id == "force-field":
        _raise_field(ctx, target, value_)


def _raise_field(ctx: Context, c: Combatant, top: int) -> None:
    """A force field switched on: its temporary HP (the higher of these and any it has count)."""
    color, heal = FORCE_FIELDS[top]
    temp = c.pools.get("temp")
    now = temp.value if temp is not None else 0
    ctx.set_pool(c, "temp", max(now, top), max=max(now, top), rule="starfinder.md §3.13 force field")
    say(ctx, c, _("{name}'s force field ({color}): {temp} temporary HP, fast healing {heal} at the end of {whose} "
                  "turns", whose=possessive(c, several=True), name=named(c), color=COLORS[color],
                  temp=of(c, max(now, top)), heal=public(heal)),
        "starfinder.md §3.13 force field")


COLORS = {"brown": _("brown"), "purple": _("purple"), "black": _("black"), "white": _("white"), "gray": _("gray"),
          "green": _("green"), "red": _("red"), "blue": _("blue"), "orange": _("orange"),
          "prismatic": _("prismatic")}


def _field_table() -> str:
    return ", ".join(f"{hp} ({color})" for hp, (color, _heal) in FORCE_FIELDS.items())


def _life_condition(ctx: Context, target: Combatant, cid: str) -> None:
    if cid == "dead":
        life.kill(ctx, target, "gm", _("{name} is dead", name=named(target)), "GM")
        return
    hp = target.pools.get("hp")
    if hp is None:
        ctx.fail(_("{name} has no hp", name=target.name))
    if cid == "stable":
        if target.life != "dying":
            ctx.fail(_("{name} is {life}, not dying; only the dying become stable", name=target.name,
                       life=life_word(target.life)))
        life.make_stable(ctx, target, "gm", "starfinder.md §3.4.6")
        say(ctx, target, _("{name} is stable: unconscious at 0 HP, no more RP loss", name=named(target)),
            "starfinder.md §3.4.6")
        return
    if target.life == "dying":
        ctx.fail(_("{name} is already dying", name=target.name))
    if hp.value > 0:
        ctx.set_pool(target, "hp", 0, rule="GM: dying")
    life.drop_to_zero(ctx, target, 0, nonlethal=False)


def smother(ctx: Context, call) -> None:
    """Full action: a new Reflex save against burning with +4 (starfinder.md §3.6 [O])."""
    c = ctx.combatant(call.who)
    if not c.has("burning"):
        ctx.fail(_("{name} is not burning", name=c.name))
    use(ctx, c, "full", _("smother the flames"))
    ctx.ruleset.conditions.burn_save(ctx, c, bonus=4, why=_("smothering, full action"), given=call.total)
