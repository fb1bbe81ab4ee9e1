"""Damage and healing: temporary HP, then stamina, then HP, in one hit (starfinder.md §3.3).

Types pick the armour class the attack was aimed at (energy -> EAC, anything else ->
KAC) and the resistance that applies; ``nonlethal`` knocks out instead of killing;
``continuous`` (bleed, burn) counts as its own instance at 0 HP. This module is the
ruleset's ``health`` part; Resolve Points are spent in ``resolve``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.ruleset import Combatant, Context, Health, Msg, Term, dealt, fold_text, named, of
from gm_console.ruleset import joined as glued

from . import abilities, life, marks, monsters, resolve
from .common import joined, say, value
from .kinds import ENERGY, TYPE_WORDS, kind_term
from .options import opt
from .i18n import T_, _

NONLETHAL = ("nonlethal", "non-lethal", "noletal", "no-letal", "nl")
CONTINUOUS = ("continuous", "ongoing", "continuo", "continuado", "bleed", "burn")
STAMINA = ("sp", "stamina", "estamina", "pe", "aguante")
TEMP = ("temp", "thp", "temporary", "temporales", "temporal")
AC_NAMES = {"EAC": T_("defence", "EAC", "CAE"), "KAC": T_("defence", "KAC", "CAC")}
POOL_NAMES = {"temp": T_("pool", "temp HP", "PG temp."), "sp": T_("pool", "SP", "PE"), "hp": T_("pool", "HP", "PG")}


def classify(types: tuple[str, ...]) -> tuple[tuple[str, ...], bool, bool]:
    canon: list[str] = []
    for t in types:
        for name in TYPE_WORDS.get(t, ()):
            if name not in canon:
                canon.append(name)
    return tuple(canon), any(t in NONLETHAL for t in types), any(t in CONTINUOUS for t in types)


def is_energy(canon: tuple[str, ...]) -> bool:
    """starfinder.md §3.3 [S]: energy damage targets EAC; kinetic and anything else, KAC."""
    return bool(canon) and all(t in ENERGY or t == "energy" for t in canon)


def _type_list(c: Combatant, key: str, bare: int = 0) -> dict[str, int]:
    """``er=fire:5,cold:5`` -> {fire: 5, cold: 5}; ``immune=fire`` (``bare=1``) -> {fire: 1}.
    The type words of ``dmg`` count (``fuego``, ``plasma`` = electricity and fire)."""
    out: dict[str, int] = {}
    raw = c.stats.get(key) or ()
    for item in ([raw] if isinstance(raw, str) else raw):
        text = fold_text(str(item)).replace("=", ":").replace(" ", ":")
        name, _sep, num = text.partition(":")
        types = TYPE_WORDS.get(name, (name,))
        amount = int(num) if num.isdigit() else (bare if not num else 0)
        if amount:
            for t in types:
                out[t] = max(out.get(t, 0), amount)
    return out


def _resistances(c: Combatant) -> dict[str, int]:
    return {t: n for t, n in _type_list(c, "er").items() if n > 0}


def split(amount: int, canon: tuple[str, ...]) -> list[tuple[str, int]]:
    """starfinder.md §3.3.3 (CRB ch. 7, Weapons: damage types): damage of several types is
    split evenly; an odd point goes to the type typed first (the attacker chooses which half
    rounds up; the GM types that one first). Untyped damage is one part, type ""."""
    if len(canon) <= 1:
        return [(canon[0] if canon else "", amount)]
    base, odd = divmod(amount, len(canon))
    return [(t, base + (1 if i < odd else 0)) for i, t in enumerate(canon)]


@dataclass
class Cut:
    """What one part of a hit became after immunity, vulnerability, resistance or DR."""

    kind: str
    amount: int
    taken: int
    notes: "list[Msg]"


def _cut_part(c: Combatant, kind: str, amount: int) -> Cut:
    """One part of a hit meets what stops or worsens its type (starfinder.md §3.3.3); damage
    reduction comes after, once for all the kinetic parts (``_reduce``)."""
    if amount <= 0:
        return Cut(kind, amount, amount, [])
    name = kind_term(kind)
    if kind and kind in _type_list(c, "immune", bare=1):
        return Cut(kind, amount, 0, [_("immune to {kind}: {amount} stopped", kind=name, amount=dealt(c, amount))])
    taken, notes = amount, []
    if kind and kind in _type_list(c, "vulnerable", bare=1):
        taken = amount + amount // 2
        notes.append(_("vulnerable to {kind}: {amount}→{taken}", kind=name, amount=dealt(c, amount),
                       taken=dealt(c, taken)))
    er = _resistances(c).get(kind, 0) if is_energy((kind,)) else 0
    if er and taken:
        cut = min(er, taken)
        taken -= cut
        notes.append(_("{kind} resistance {er} stops {cut}", kind=name, er=of(c, er), cut=dealt(c, cut)))
    return Cut(kind, amount, taken, notes)


def _reduce(c: Combatant, amount: int, canon: tuple[str, ...], dr: int) -> tuple[list[Cut], list[Msg]]:
    """Split the hit by type, each part against its own immunity, vulnerability and energy
    resistance; DR stops its amount once per attack from the kinetic (and untyped) parts."""
    parts = [_cut_part(c, kind, n) for kind, n in split(amount, canon)]
    kinetic = [p for p in parts if not is_energy((p.kind,)) and p.taken > 0]
    notes: list[Msg] = []
    if len(parts) > 1 and (any(p.notes for p in parts) or (dr and kinetic)):  # the split matters: say it
        shares = glued([glued([str(p.amount), kind_term(p.kind, after=True)]) for p in parts], " + ")
        if amount % len(parts):
            notes.append(_("split {shares} (the odd point to {kind}, typed first)", shares=dealt(c, shares),
                           kind=kind_term(parts[0].kind)))
        else:
            notes.append(_("split {shares}", shares=dealt(c, shares)))
    notes += [n for p in parts for n in p.notes]
    if dr and kinetic:
        left, stopped = dr, 0
        for p in kinetic:
            cut = min(left, p.taken)
            p.taken -= cut
            left -= cut
            stopped += cut
        if len(parts) > 1:
            notes.append(_("DR {dr} stops {stopped} (kinetic part)", dr=of(c, dr), stopped=dealt(c, stopped)))
        else:
            notes.append(_("DR {dr} stops {stopped}", dr=of(c, dr), stopped=dealt(c, stopped)))
    return parts, notes


def damage_line(c: Combatant, amount: int, kind: Term, ac: str, ac_value: int, details: "list[Msg | str]",
                why: "Msg | None") -> Msg:
    """"Navasi takes 45 electricity, fire damage (vs EAC 16): SP 19→0, HP 24→0", with ``why`` in front.
    The amounts are damage dealt to ``c``, its AC and pools numbers about it: a PC's line reads in
    full for the players; a foe's reaches them as a health word (docs/players.md, "How the log keeps them")."""
    head = _("{name} takes {amount} {kind} damage (vs {ac} {value})", name=named(c), amount=dealt(c, amount),
             kind=kind, ac=AC_NAMES[ac], value=of(c, ac_value))
    text = joined(details)
    line = _("{head}: {details}", head=head, details=text) if text else _("{head}: no effect", head=head)
    return _("{why}: {line}", why=why, line=line) if why is not None else line


class StarfinderHealth(Health):
    """Damage in the seed's order, healing by pool, Resolve Points spent on their uses."""

    record_pools = ("rp",)  # the campaign's record counts resolve points spent

    def damage_types(self) -> tuple[str, ...]:
        return tuple(TYPE_WORDS) + NONLETHAL + CONTINUOUS + monsters.ATTACK_WORDS + tuple(abilities.WORDS) + \
            abilities.DRAIN

    def tick_works(self, ctx: Context, c: Combatant, inst) -> bool:
        """A regeneration a stopping type got through heals nothing at the next turn start (§3.14.1)."""
        return monsters.tick_works(ctx, c, inst)

    def damage(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        if not self.ability_loss(ctx, target, amount, types):
            self.hurt(ctx, target, amount, types)

    def ability_loss(self, ctx: Context, c: Combatant, amount: int, types: tuple[str, ...], heal: bool = False) -> bool:
        """``dmg NAME 3 dex`` is ability damage, ``... con drain`` ability drain; ``heal NAME 2 dex [drain]``
        heals them (starfinder.md §3.14.6). False: not about an ability."""
        words = {fold_text(w) for t in types for w in t.replace("/", ",").split(",") if w}
        keys = sorted({abilities.WORDS[w] for w in words if w in abilities.WORDS}, key=abilities.KEYS.index)
        drain = bool(words & {fold_text(w) for w in abilities.DRAIN})
        if not keys:
            if drain:
                ctx.fail(_("drain needs the ability: dmg NAME N str|dex|con|int|wis|cha drain"))
            return False
        if c.category == "vehicle":
            ctx.fail(_("{name} is a vehicle: it has no ability scores", name=c.name))
        if c.life == "dead":
            ctx.fail(_("{name} is dead; damage has no effect", name=c.name) if not heal
                     else _("{name} is dead; healing has no effect", name=c.name))
        immune = {"drain", "ability"} if drain else {"ability"}
        if not heal and monsters.immunities(c) & immune:  # the undead's and constructs' (starfinder.md §3.14.9)
            say(ctx, c, _("{name} is immune to ability damage and drain: no effect", name=named(c)),
                monsters.IMMUNITIES + " [O]")
            return True
        for key in keys:
            if drain:
                abilities.drain(ctx, c, key, amount, heal=heal)
            else:
                abilities.damage(ctx, c, key, amount, heal=heal)
        return True

    def damage_reduction(self, c: Combatant) -> int:
        """The sheet's DR or an effect's (resistant armor), the higher: they do not add (starfinder.md §3.13)."""
        dr = int(c.stats.get("dr") or 0)
        for inst in self.rules.conditions.active(c):
            d = self.rules.conditions.catalogue.define(inst.cond)
            per = int(inst.value or 0) if "per-value" in d.flags else 1
            dr = max(dr, d.modifiers.get("dr", 0) * per, int((inst.mods or {}).get("dr", 0)))
        return dr

    def hurt(self, ctx: Context, c: Combatant, amount: int, types: tuple[str, ...] = (),
             continuous: bool = False, why: "Msg | None" = None) -> int:
        """Apply ``amount`` to ``c``; returns the damage it suffered after resistances (run over needs it).
        ``why`` heads the log line ("Burning", "Rammed by Skimmer")."""
        if c.life == "dead":
            ctx.fail(_("{name} is wrecked; damage has no effect", name=c.name) if c.category == "vehicle"
                     else _("{name} is dead; damage has no effect", name=c.name))
        canon, nonlethal, cont = classify(types)
        continuous = continuous or cont
        ac = "EAC" if is_energy(canon) else "KAC"
        ac_value = value(self.rules, ctx.state, c, ac.lower())
        rolled = amount
        amount, first = monsters.adjust(c, amount, canon, types, is_energy(canon))
        parts, notes = _reduce(c, amount, canon, self.damage_reduction(c))
        notes = first + notes
        amount = rolled
        taken = sum(p.taken for p in parts)
        kind = kind_term(*canon, *(("nonlethal",) if nonlethal else ()), after=True)
        fire = sum(p.taken for p in parts if p.kind == "fire")
        if fire:  # the burning save's DC counts fire damage taken this round (starfinder.md §3.6)
            ctx.set_mark(c, marks.FIRE_ROUND, int(marks.FIRE_ROUND.of(c) or 0) + fire)
        if c.category == "vehicle":
            damage_vehicle(ctx, c, amount, taken, kind, ac, ac_value, notes, why)
            return taken
        hp = c.pools.get("hp")
        if hp is None:
            ctx.fail(_("{name} has no hp; set it first: set {ref} hp=10", name=c.name, ref=c.id))
        rest = taken
        moved: list[Msg] = []
        for pool in ("temp", "sp"):
            p = c.pools.get(pool)
            if p is None or p.value <= 0 or rest <= 0:
                continue
            used = min(p.value, rest)
            before = p.value
            ctx.set_pool(c, pool, before - used, rule="starfinder.md §3.3 damage order [S]")
            rest -= used
            moved.append(_("{pool} {before}→{after}", pool=POOL_NAMES[pool], before=of(c, before),
                           after=of(c, before - used)))
        at_zero = hp.value == 0 and c.life in ("dying", "stable", "unconscious")
        feral = monsters.fighting_on(c) and hp.value == 0
        before = hp.value
        if rest > 0 and not at_zero:
            ctx.set_pool(c, "hp", max(0, before - rest), rule="starfinder.md §3.3 HP never below 0 [S]")
            moved.append(_("{pool} {before}→{after}", pool=POOL_NAMES["hp"], before=of(c, before),
                           after=of(c, max(0, before - rest))))
        details = [joined(notes), joined(moved, ", ")]
        say(ctx, c, damage_line(c, amount, kind, ac, ac_value, details, why), "starfinder.md §3.3 [S]")
        monsters.after_damage(ctx, c, {p.kind for p in parts if p.taken > 0})
        if feral and rest > 0 and not nonlethal:
            life.kill(ctx, c, "ferocity", _("{name} loses more HP while fighting on with ferocity and dies",
                                            name=named(c)), monsters.FEROCITY + " [O]")
        elif at_zero:
            life.hit_at_zero(ctx, c, rest, nonlethal, continuous)
        elif rest > 0 and rest >= before:
            life.drop_to_zero(ctx, c, rest - before, nonlethal)
        return taken

    def heal(self, ctx: Context, c: Combatant, amount: int, types: tuple[str, ...]) -> None:
        """HP by default; ``sp`` restores stamina, ``temp`` grants temporary HP (starfinder.md §3.5 [S])."""
        if c.life == "dead":
            ctx.fail(_("{name} is wrecked; healing has no effect", name=c.name) if c.category == "vehicle"
                     else _("{name} is dead; healing has no effect", name=c.name))
        if self.ability_loss(ctx, c, amount, types, heal=True):
            return
        words = set(types)
        if words & set(STAMINA):
            self._stamina(ctx, c, amount)
            return
        if words & set(TEMP):
            temp = c.pools.get("temp")
            before = temp.value if temp else 0
            new = max(before, amount)
            ctx.set_pool(c, "temp", new, max=max(new, temp.max or 0) if temp else new, rule="starfinder.md §3.3")
            say(ctx, c, _("{name} has {temp} temporary HP (they do not stack: the higher counts)", name=named(c),
                          temp=of(c, new)), "starfinder.md §3.3 [O]")
            return
        hp = c.pools.get("hp")
        if hp is None:
            ctx.fail(_("{name} has no hp; set it first: set {ref} hp=10", name=c.name, ref=c.id))
        top = hp.max if hp.max is not None else hp.value + amount
        before = hp.value
        new = min(top, before + amount)
        ctx.set_pool(c, "hp", new, rule="starfinder.md §3.5 healing restores HP")
        if c.category == "vehicle":
            msg = _("{name} repaired {gained} HP: {before}→{after} (healing restores HP, not stamina)",
                    name=named(c), gained=dealt(c, new - before), before=of(c, before), after=of(c, new))
        else:
            msg = _("{name} heals {gained} HP: {before}→{after} (healing restores HP, not stamina)", name=named(c),
                    gained=dealt(c, new - before), before=of(c, before), after=of(c, new))
        say(ctx, c, msg, "starfinder.md §3.5 [S]")
        if new > 0 and c.category != "vehicle":
            if c.has("bleeding") and amount > 0:
                ctx.remove_all(c, "bleeding", reason="healed")
                say(ctx, c, _("Healing stops {name}'s bleeding", name=named(c)), "starfinder.md §3.6 bleeding [O]")
            if before == 0:
                life.revive(ctx, c, "starfinder.md §3.4.6 [O]")
        if c.category == "vehicle" and new > 0:
            after_repair(ctx, c)

    def _stamina(self, ctx: Context, c: Combatant, amount: int) -> None:
        sp = c.pools.get("sp")
        if sp is None:
            ctx.fail(_("{name} has no stamina; set it first: set {ref} sp=10", name=c.name, ref=c.id))
        new = min(sp.max if sp.max is not None else sp.value + amount, sp.value + amount)
        before = sp.value
        ctx.set_pool(c, "sp", new, rule="starfinder.md §3.5")
        hp = c.pools.get("hp")
        if hp is not None and hp.value == 0:
            msg = _("{name} regains {gained} SP: {before}→{after} (stamina does not wake a creature at 0 HP)",
                    name=named(c), gained=dealt(c, new - before), before=of(c, before), after=of(c, new))
        else:
            msg = _("{name} regains {gained} SP: {before}→{after}", name=named(c), gained=dealt(c, new - before),
                    before=of(c, before), after=of(c, new))
        say(ctx, c, msg, "starfinder.md §3.5 [S]")

    def spend(self, ctx: Context, c: Combatant, resource: str, amount: int | None, args: tuple[str, ...]) -> None:
        resolve.spend(ctx, c, resource, amount, args)

    def spendable(self, state, c: Combatant):
        return resolve.spendable(state, c)


# -- vehicles (starfinder.md §3.8): HP only, wrecked at 0, broken at half with the option --------


def damage_vehicle(ctx: Context, v: Combatant, amount: int, taken: int, kind: Term, ac: str, ac_value: int,
                   notes: "list[Msg]", why: "Msg | None") -> None:
    hp = v.pools.get("hp")
    if hp is None:
        ctx.fail(_("{name} has no hp; set it first: set {ref} hp=40", name=v.name, ref=v.id))
    before = hp.value
    new = max(0, before - taken)
    ctx.set_pool(v, "hp", new, rule="starfinder.md §3.8 vehicle damage")
    moved = _("{pool} {before}→{after}", pool=POOL_NAMES["hp"], before=of(v, before), after=of(v, new))
    say(ctx, v, damage_line(v, amount, kind, ac, ac_value, [joined(notes), moved], why), "starfinder.md §3.8")
    if new == 0:
        ctx.set_life(v, "dead", rule="starfinder.md §3.8 wrecked [O]")
        ctx.set_mark(v, marks.DEATH, "wrecked")
        ctx.set_mark(v, marks.MOTION, None)
        say(ctx, v, _("{name} is wrecked at 0 HP", name=named(v)), "starfinder.md §3.8 [O]")
        return
    top = hp.max or 0
    if opt(ctx.state, "vehicle_broken_at_half") and new * 2 <= top and not v.has("broken"):
        ctx.apply_condition(v, ctx.ruleset.conditions.catalogue.define("broken"), source=v.id)
        ctx.set_mark(v, marks.AUTO_BROKEN, True)
        say(ctx, v, _("{name} is at half HP or less: broken (-2 AC and collision DC, Piloting -2, half speed)",
                      name=named(v)), "starfinder.md §3.8 [O]")


def after_repair(ctx: Context, v: Combatant) -> None:
    hp = v.pools["hp"]
    if marks.AUTO_BROKEN.of(v) and hp.value * 2 > (hp.max or 0):
        ctx.set_mark(v, marks.AUTO_BROKEN, None)
        ctx.remove_all(v, "broken", reason="repaired")


def status(c: Combatant) -> "list[Msg]":
    """The sheet's lines for its defenses (starfinder.md §3.3.3; the GM's: the players never read a foe's sheet)."""
    out: list[Msg] = []
    dr = int(c.stats.get("dr") or 0)
    if dr:
        out.append(_("DR {dr} against kinetic damage", dr=dr))
    er = _resistances(c)
    if er:
        out.append(_("energy resistance {what}", what=glued([glued([kind_term(k), str(n)])
                                                                   for k, n in er.items()], ", ")))
    immune = sorted(_type_list(c, "immune", bare=1))
    if immune:
        out.append(_("immune to {what}", what=kind_term(*immune)))
    weak = sorted(_type_list(c, "vulnerable", bare=1))
    if weak:
        out.append(_("vulnerable to {what} (+50%)", what=kind_term(*weak)))
    return out
