"""The Checks part: what the dice tray (`check NAME WHAT ...`) needs from PF1, saves, evasion,
and how PF1's own checks are kept with the state's recent checks.

Saves, initiative, CMB and attacks are the effective figures split into base and
parts, so the log shows "d20 + 5 fort - 2 shaken"; an ability check uses the
ability modifier; a skill uses the sheet's bonus, or the ability's modifier when
the sheet does not give it (rolled untrained, pathfinder1e.md §1.12).
"""

from __future__ import annotations

from gm_console.ruleset import Checks, Combatant, Context, EncounterState, Msg, Term, fold_text, joined, named, of, record_check

from .i18n import C_, T_, _
from .abilities import LOW
from .stats import ABILITIES, SKILLS, mod

#: what dazzled costs: a Perception check that relies on sight
SIGHT = T_("breakdown", "(sight)", "(vista)")

FIGURES = {
    "fort": "fort", "fortitude": "fort", "fortaleza": "fort", "ref": "ref", "reflex": "ref",
    "reflejos": "ref", "will": "will", "voluntad": "will", "init": "init", "initiative": "init",
    "iniciativa": "init", "ini": "init", "cmb": "cmb", "bmc": "cmb", "attack": "attack", "ataque": "attack",
    "melee": "attack", "ranged": "ranged", "distancia": "ranged",
}
ABILITY_WORDS = {"str": "str", "strength": "str", "fue": "str", "fuerza": "str", "dex": "dex",
                 "dexterity": "dex", "des": "dex", "destreza": "dex", "con": "con", "constitution": "con",
                 "constitucion": "con", "int": "int", "intelligence": "int", "inteligencia": "int",
                 "wis": "wis", "wisdom": "wis", "sab": "wis", "sabiduria": "wis", "cha": "cha",
                 "charisma": "cha", "car": "cha", "carisma": "cha"}
SKILL_WORDS = {fold_text(w).replace(" ", "-"): key for key, (_a, en, es, more) in SKILLS.items()
               for w in (key, key.replace("_", "-"), en, es, *more)}
PERCEPTION = "perception"
SAVES = {"fort": T_("save", "Fort", "Fort"), "ref": T_("save", "Ref", "Ref"), "will": T_("save", "Will", "Vol")}


def _key(what: str) -> str:
    return fold_text(what).replace(" ", "-").replace("_", "-")


def keep(ctx: Context, c: Combatant, what: str, natural: int | None, bonus: int, total: int, dc: int | None,
         ok: bool | None, against: str = "") -> None:
    """One of PF1's own checks into the state's recent checks (`show --json` checks)."""
    record_check(ctx, c, what, total, dice=(natural,) if natural is not None else (), bonus=bonus,
                 against=against or (f"DC {dc}" if dc is not None else ""), target=dc,
                 outcome=None if ok is None else "success" if ok else "failure")



def _score_label(ability: str, value: int) -> Term:
    """``dex 12`` / ``Des 12``: a changed ability score in a check's breakdown."""
    return joined([LOW[ability], str(value)])

class PF1Checks(Checks):
    def bonus(self, state: EncounterState, c: Combatant, what: str) -> int | None:
        key = _key(what)
        figs = self.rules.sheet.effective(state, c)
        if key in FIGURES:
            return figs[FIGURES[key]].base
        if key in ABILITY_WORDS:
            ability = ABILITY_WORDS[key]
            return mod(figs[ability].base if ability in figs else _score(c, ability))
        skill = SKILL_WORDS.get(key)
        if skill is not None:
            if skill in figs:
                return figs[skill].base
            ability = SKILLS[skill][0]
            return mod(figs[ability].base if ability in figs else _score(c, ability))
        return super().bonus(state, c, what)

    def names(self) -> tuple[str, ...]:
        """Checks the sheet can answer without a +N: saves, initiative, CMB, attacks, abilities, skills."""
        return ("fort", "ref", "will", "init", "cmb", "attack", "ranged", *ABILITIES, *SKILLS)

    def modifiers(self, state: EncounterState, c: Combatant, what: str, opposed: bool = False) -> list[tuple[str, int]]:
        key = _key(what)
        figs = self.rules.sheet.effective(state, c)
        if key in FIGURES:
            return list(figs[FIGURES[key]].parts)
        if key in ABILITY_WORDS:
            ability = ABILITY_WORDS[key]
            fig = figs.get(ability)
            delta = mod(fig.value) - mod(fig.base) if fig is not None else 0
            out = [(_score_label(ability, fig.value), delta)] if delta else []
            return out + list(figs["checks"].parts)
        skill = SKILL_WORDS.get(key)
        if skill in figs:
            out = list(figs[skill].parts)
        elif skill is not None:
            ability = SKILLS[skill][0]
            fig = figs.get(ability)
            delta = mod(fig.value) - mod(fig.base) if fig is not None else 0
            out = ([(_score_label(ability, fig.value), delta)] if delta else []) + list(figs["skills"].parts)
        else:
            out = list(figs["skills"].parts)
        if skill == PERCEPTION:
            label = self.rules.conditions.catalogue.label
            for inst in self.rules.conditions.active(c):
                if inst.cond == "fascinated":
                    out.append((label("fascinated"), -4))
                elif inst.cond == "dazzled":
                    out.append((joined([label("dazzled"), SIGHT]), -1))
                elif inst.cond == "blinded" and opposed:
                    out.append((label("blinded"), -4))
                elif inst.cond == "deafened" and opposed:
                    out.append((label("deafened"), -4))
        return out

    def save(self, ctx: Context, c: Combatant, what: str, dc: int, bonus: int = 0) -> tuple[bool, int, "Msg | str"]:
        """The contract's save (an area's ``save=ref:15``): the roll as the log shows it; the engine
        writes the DC and the verdict. ``bonus``: what helps this one save (rolling on the ground
        when on fire, +4: pathfinder1e.md §1.11.1)."""
        ok, total, _text, natural, bonus = self._save(ctx, c, what, dc, extra=bonus)
        text = f"1d20 ({natural}) {bonus:+d} = {total}".replace("+-", "-")
        if natural in (1, 20) and (natural == 20) != (total >= dc):
            text = _("{roll} (natural {nat})", roll=of(c, text), nat=of(c, natural))
        return ok, total, text

    def roll_save(self, ctx: Context, c: Combatant, what: str, dc: int, natural: int | None = None,
                  purpose: "str | Msg" = "") -> tuple[bool, int, Msg]:
        """A save the ruleset's own rules call for (massive damage, coup de grace): its sentence names
        the save and the DC."""
        ok, total, text, _natural, _bonus = self._save(ctx, c, what, dc, natural, purpose)
        return ok, total, text

    def _save(self, ctx: Context, c: Combatant, what: str, dc: int, natural: int | None = None,
              purpose: "str | Msg" = "", extra: int = 0) -> tuple[bool, int, Msg, int, int]:
        """A saving throw: d20 + the sheet's save and everything weighing on it, vs DC; a natural 20
        always succeeds and a natural 1 always fails (pathfinder1e.md §1.12). Kept with the recent checks."""
        key = FIGURES.get(_key(what))
        if key not in SAVES:
            ctx.fail(_("{what!r} is not a save: fort, ref or will", what=what))
        bonus = self.rules.sheet.effective(ctx.state, c)[key].value + extra
        if natural is None:
            natural = ctx.roll("1d20", purpose=_('{name}: {value} save (DC {dc})', name=named(c), value=purpose or key,
                                                 dc=of(c, dc)), who=c.id).total
        total = natural + bonus
        ok = natural == 20 or (natural != 1 and total >= dc)
        keep(ctx, c, key, natural, bonus, total, dc, ok)
        # its save bonus and the DC it rolls against: the GM's unless c is a PC
        args = dict(save=SAVES[key], nat=of(c, natural), bonus=of(c, bonus), total=of(c, total), dc=of(c, dc))
        if natural in (1, 20) and (natural == 20) != (total >= dc):
            text = _("{save} {nat}{bonus:+d} = {total} vs DC {dc} (natural {nat})", **args)
        else:
            text = _("{save} {nat}{bonus:+d} = {total} vs DC {dc}", **args)
        return ok, total, text, natural, bonus

    def save_kind(self, what: str) -> str | None:
        """fort, ref or will, by any of their names (``voluntad``, ``reflejos``)."""
        key = FIGURES.get(_key(what))
        return key if key in SAVES else None

    def save_kinds(self) -> tuple[str, ...]:
        return tuple(SAVES)

    def save_words(self) -> tuple[Msg, ...]:
        # TRANSLATORS: the saves as typed after save= (save=will:15): words the game reads
        return (C_("save typed", "fort"), C_("save typed", "ref"), C_("save typed", "will"))

    def evasion(self, c: Combatant) -> str:
        """"" | "evasion" | "improved": the stat block's, lost while helpless (Core Rulebook, Evasion)."""
        have = c.stats.get("evasion") or "none"
        if have == "none":
            return ""
        if "helpless" in self.rules.conditions.flags(c):
            return ""
        return have


def _score(c: Combatant, key: str) -> int:
    value = c.stats.get(key)
    return 10 if value is None else int(value)
