"""Ability checks and saving throws: the d20 with the sheet's bonus, exhaustion's penalty, and
advantage and disadvantage from the GM and the conditions, cancelling (dnd5e.md §4, §6)."""

from __future__ import annotations

from gm_console.ruleset import Checks, Combatant, Context, EncounterState, Msg, fold_text

from .common import ABILITIES, modifier
from .conditions import dodging, exhaustion, flagged
from .i18n import C_, T_, _
from .stats import ABILITY_INFO, SHORT_ES

#: a breakdown's label for exhaustion's penalty to every d20 test
EXHAUSTION = T_("breakdown", "exhaustion", "agotamiento")

#: every spelling of an ability (English, Spanish, short) -> its key
ABILITY_WORDS = {fold_text(w): key for key, (en, es, more) in ABILITY_INFO.items()
                 for w in (key, en, es, SHORT_ES[key], *more)}
ADVANTAGE, DISADVANTAGE = "2d20kh1", "2d20kl1"


def save_of(what: str) -> str | None:
    """The ability a save names: ``dex``, ``save_dex``, ``des``, ``destreza``, ``dexsave`` -> ``dex``."""
    word = fold_text(what).replace(" ", "")
    for prefix in ("save_", "save", "st_", "st", "ts_", "ts", "salvacion_", "salvacion"):
        if word.startswith(prefix) and word[len(prefix):] in ABILITY_WORDS:
            word = word[len(prefix):]
            break
    for suffix in ("_save", "save"):
        if word.endswith(suffix) and word[:-len(suffix)] in ABILITY_WORDS:
            word = word[:-len(suffix)]
    return ABILITY_WORDS.get(word)


def is_save(what: str) -> bool:
    word = fold_text(what).replace(" ", "")
    return save_of(what) is not None and word not in ABILITY_WORDS


def save_bonus(c: Combatant, ability: str) -> int:
    """A proficient save's bonus from the sheet, else the ability modifier (dnd5e.md §1)."""
    own = c.stats.get(f"save_{ability}")
    return own if isinstance(own, int) and not isinstance(own, bool) else modifier(c, ability)


class DnDChecks(Checks):
    dice = "1d20"
    allows_take = False

    def names(self) -> tuple[str, ...]:
        return (*ABILITIES, *(f"save_{a}" for a in ABILITIES), "perception", "init")

    def bonus(self, state: EncounterState, c: Combatant, what: str) -> int | None:
        """``dex``: the Dex modifier (a check); ``save_dex``/``dexsave``: the save; ``perception``:
        the passive score less 10, else Wis (dnd5e.md §1.1)."""
        word = fold_text(what).replace(" ", "")
        if word in ABILITY_WORDS:
            return modifier(c, ABILITY_WORDS[word])
        ability = save_of(what)
        if ability is not None:
            return save_bonus(c, ability)
        if word in ("perception", "percepcion", "perc"):
            passive = c.stats.get("perception")
            return passive - 10 if isinstance(passive, int) else modifier(c, "wis")
        if word in ("init", "initiative", "iniciativa"):
            return self.rules.turns.initiative_bonus(c)
        return super().bonus(state, c, what)

    def save_kind(self, what: str) -> str | None:
        return save_of(what)

    def save_kinds(self) -> tuple[str, ...]:
        return ABILITIES

    def save_words(self) -> tuple[Msg, ...]:
        # TRANSLATORS: the saving throws as typed after save= (save=wis:15): each ability's short name
        return (C_("save typed", "str"), C_("save typed", "dex"), C_("save typed", "con"),
                C_("save typed", "int"), C_("save typed", "wis"), C_("save typed", "cha"))

    def save_example(self) -> Msg:
        return self.save_words()[4]  # Wisdom, the usual save against a spell's effect

    def modifiers(self, state: EncounterState, c: Combatant, what: str, opposed: bool = False):
        """Exhaustion: -2 per level on every d20 test (dnd5e.md §4.2)."""
        level = exhaustion(c)
        return [(EXHAUSTION, -2 * level)] if level else []

    # -- advantage and disadvantage -----------------------------------------------------------------
    def edges(self, c: Combatant, what: str, typed: tuple[int, ...] = ()) -> list[tuple[int, "Msg | str"]]:
        """Where advantage (+1) and disadvantage (-1) come from: the GM's word, then the conditions
        (dnd5e.md §6.2): poisoned and frightened on ability checks, restrained on Dex saves."""
        out: list[tuple[int, Msg | str]] = [(n, _("the GM")) for n in typed]
        cat = self.rules.conditions.catalogue
        if what == "init":  # invisible: advantage; incapacitated: disadvantage (dnd5e.md §7.1)
            out += [(1, cat.define(i.cond).term) for i in flagged(c, "adv-attacks", cat)]
            out += [(-1, cat.define(i.cond).term) for i in flagged(c, "incapacitated", cat)]
        elif is_save(what):
            if save_of(what) == "dex":
                out += [(-1, cat.define(i.cond).term) for i in flagged(c, "dis-dex-saves", cat)]
                if dodging(c, cat):
                    out.append((1, cat.define("dodging").term))
        elif what:
            out += [(-1, cat.define(i.cond).term) for i in flagged(c, "dis-checks", cat)]
        return out

    def edge_dice(self, state: EncounterState, c: Combatant, what: str, typed: tuple[int, ...] = ()):
        """Advantage rolls 2d20 and keeps the higher, disadvantage the lower; having both, however
        many of each, is a plain d20 (dnd5e.md §6.1)."""
        found = self.edges(c, what, typed)
        ups = any(n > 0 for n, _w in found)
        downs = any(n < 0 for n, _w in found)
        if ups and downs:
            return self.dice, _("advantage and disadvantage cancel")
        if ups:
            return ADVANTAGE, _("advantage")
        if downs:
            return DISADVANTAGE, _("disadvantage")
        return self.dice, ""

    # -- saves against an effect or an area ----------------------------------------------------------
    def save(self, ctx: Context, c: Combatant, what: str, dc: int, bonus: int = 0) -> "tuple[bool, int, str | Msg]":
        """A saving throw: paralyzed, petrified, stunned and unconscious fail Str and Dex saves
        (dnd5e.md §4.1); exhaustion and advantage as on any d20 test."""
        ability = save_of(what) or fold_text(what)
        cat = self.rules.conditions.catalogue
        if ability in ("str", "dex"):
            fails = flagged(c, "fail-str-dex", cat)
            if fails:
                return False, 0, _("automatic failure: {cond}", cond=cat.define(fails[0].cond).term)
        total_bonus = (save_bonus(c, ability) if ability in ABILITIES else 0) + bonus
        total_bonus += sum(d for _l, d in self.modifiers(ctx.state, c, f"save_{ability}"))
        dice, _why = self.edge_dice(ctx.state, c, f"save_{ability}")
        expr = f"{dice}{total_bonus:+d}" if total_bonus else dice
        r = ctx.roll(expr, purpose=_("{name}: {save} save", name=c.name, save=ability.capitalize()), who=c.id)
        return r.total >= int(dc), r.total, r.text or str(r.total)


