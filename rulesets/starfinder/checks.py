"""The dice tray with Starfinder numbers (starfinder.md §3.9): ability modifiers from scores, saves
and skills from the sheet (untrained: the key ability's modifier), the conditions' and effects'
modifiers listed; saves against an area (§3.13.2) and evasion."""

from __future__ import annotations

from gm_console.ruleset import Checks, Combatant, Context, EncounterState, Msg, fold_text, named, of

from .common import value
from .figures import HELPLESS_LIFE, check_parts, init_base
from .i18n import C_, _
from .stats import SKILL_ABILITY, SKILLS, mod, skill_bonus

ABILITIES = {"str": "str", "fue": "str", "fuerza": "str", "strength": "str",
             "dex": "dex", "des": "dex", "destreza": "dex", "dexterity": "dex",
             "con": "con", "constitucion": "con", "constitution": "con",
             "int": "int", "inteligencia": "int", "intelligence": "int",
             "wis": "wis", "sab": "wis", "sabiduria": "wis", "wisdom": "wis",
             "cha": "cha", "car": "cha", "carisma": "cha", "charisma": "cha"}
SAVES = {"fort": "fort", "fortitude": "fort", "fortaleza": "fort", "ref": "ref", "reflex": "ref",
         "reflejos": "ref", "will": "will", "voluntad": "will"}
SAVE_NAMES = {"fort": _("Fortitude"), "ref": _("Reflex"), "will": _("Will")}
INIT = {"init", "initiative", "iniciativa", "ini"}
#: every spelling of a skill (key, English and Spanish names, aliases; "sleight of hand" too) -> its key
SKILL_WORDS = {fold_text(w): key for key, en, es, aliases, _a in SKILLS for w in (key, en, es, *aliases)}


def kind(what: str) -> tuple[str, str]:
    """("ability", "str"), ("save", "ref"), ("init", "init") or ("skill", its key or the word)."""
    key = fold_text(what)
    if key in ABILITIES:
        return "ability", ABILITIES[key]
    if key in SAVES:
        return "save", SAVES[key]
    if key in INIT:
        return "init", "init"
    return "skill", SKILL_WORDS.get(key, key)


def aimed_at(what: str) -> set[str]:
    """The catalogue's figures whose modifiers count on this check (conditions say "skill checks",
    "Str/Dex checks", "Perception"...)."""
    sort, name = kind(what)
    if sort == "save":
        return {"saves", name}
    if sort == "ability":
        return {"abilities", "physical"} if name in ("str", "dex") else {"abilities"}
    if sort == "init":
        return {"init"}
    aimed = {"skills", name}
    if SKILL_ABILITY.get(name) in ("str", "dex"):
        aimed.add("physical")
    return aimed


class StarfinderChecks(Checks):
    def bonus(self, state: EncounterState, c: Combatant, what: str) -> int | None:
        """Scores become modifiers (Con 12 checks at +1); saves, initiative and skills from the sheet."""
        sort, name = kind(what)
        if sort == "ability":
            score = c.stats.get(name)
            return None if score is None else mod(score)
        if sort == "save":
            v = c.stats.get(name)
            return None if v is None else int(v)
        if sort == "init":
            return init_base(c)
        return skill_bonus(c, name) if name in SKILL_ABILITY else None

    def names(self) -> tuple[str, ...]:
        return ("str", "dex", "con", "int", "wis", "cha", "fort", "ref", "will", "init", *SKILL_ABILITY)

    def modifiers(self, state: EncounterState, c: Combatant, what: str,
                  opposed: bool = False) -> list[tuple[str, int]]:
        return check_parts(self.rules, c, aimed_at(what))

    def save(self, ctx: Context, c: Combatant, what: str, dc: int) -> tuple[bool, int, Msg]:
        """A saving throw against an area (starfinder.md §3.13.2): d20 + the sheet's save with its
        conditions and effects; a natural 20 always succeeds, a natural 1 always fails."""
        sort, name = kind(what)
        if sort != "save":
            ctx.fail(_("a save is fort, ref or will, not {what!r}", what=what))
        bonus = value(self.rules, ctx.state, c, name)
        r = ctx.roll(f"1d20{bonus:+d}" if bonus else "1d20",
                     purpose=_('{save} save of {name} (DC {dc})', save=name, name=named(c), dc=of(c, dc)), who=c.id)
        natural = r.natural
        ok = natural == 20 or (natural != 1 and r.total >= dc)
        text = r.text or str(r.total)
        if natural in (1, 20) and (natural == 20) != (r.total >= dc):
            text = _("{roll} (natural {nat})", roll=of(c, text), nat=of(c, natural))
        return ok, r.total, text

    def save_kind(self, what: str) -> str | None:
        """fort, ref or will, by any of their names (``voluntad``, ``reflejos``)."""
        return SAVES.get(fold_text(what))

    def save_kinds(self) -> tuple[str, ...]:
        return ("fort", "ref", "will")

    def save_words(self) -> tuple[Msg, ...]:
        # TRANSLATORS: the saves as typed after save= (save=will:15): words the game reads
        return (C_("save typed", "fort"), C_("save typed", "ref"), C_("save typed", "will"))

    def evasion(self, c: Combatant) -> str:
        """"evasion", "improved" or "": a Reflex save for half takes nothing (improved: a failed one
        half), never while helpless (CRB, Operative: Evasion)."""
        level = c.stats.get("evasion") or "none"
        if level == "none" or c.life in HELPLESS_LIFE or c.life == "dead":
            return ""
        if any("helpless" in self.rules.conditions.catalogue.define(i.cond).flags for i in self.rules.conditions.active(c)):
            return ""
        return level
