"""The conditions of the document and exhaustion by levels (dnd5e.md §4).

Each entry says what it changes in flags the sheet, the checks and the damage read:
``speed-0`` (Speed 0), ``incapacitated`` (no actions, bonus actions or reactions),
``fail-str-dex`` (Strength and Dexterity saves fail), ``dis-attacks``, ``dis-checks``,
``dis-dex-saves``, ``adv-attacks``, ``attacked-adv`` (attack rolls against it have
advantage), ``resist-all`` (petrified). Exhaustion is one entry whose value is its level.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, ConditionDef, Conditions, Context, fold_text, named, public

from . import concentration
from .common import rule
from .i18n import _

SRD = "SRD 5.2, Rules Glossary"

#: life states a GM may set by hand: `cond Goblin dead`
LIFE_STATES = ("dying", "stable", "dead")


def _c(cid, en, es, flags=(), summary_en="", summary_es="", aliases=(), **kw) -> ConditionDef:
    return ConditionDef(cid, en, es, aliases=aliases, flags=frozenset(flags), summary_en=summary_en,
                        summary_es=summary_es, source=f"{SRD}, {en}", **kw)


CATALOGUE: tuple[ConditionDef, ...] = (
    _c("blinded", "Blinded", "Cegado", ("dis-attacks", "attacked-adv"),
       "fails sight checks; its attacks have disadvantage, attacks against it advantage",
       "falla las pruebas de vista; desventaja en sus ataques, ventaja en los ataques contra él",
       aliases=("blind", "ciego", "cegada")),
    _c("charmed", "Charmed", "Hechizado", (), "cannot attack the charmer; the charmer has advantage on social checks",
       "no puede atacar a quien lo hechizó; este tiene ventaja en pruebas sociales", aliases=("hechizada",)),
    _c("deafened", "Deafened", "Ensordecido", (), "fails hearing checks", "falla las pruebas de oído",
       aliases=("deaf", "sordo", "ensordecida")),
    _c("exhaustion", "Exhaustion", "Agotamiento", (),
       "level N: -2N on d20 tests, Speed -5N feet; level 6 kills",
       "nivel N: -2N a las pruebas d20, Velocidad -5N pies; el nivel 6 mata",
       aliases=("exhausted", "agotado", "agotada", "exh"), valued=True, stack="sum"),
    _c("frightened", "Frightened", "Asustado", ("dis-attacks", "dis-checks"),
       "disadvantage on checks and attacks while it sees the source; cannot move closer to it",
       "desventaja en pruebas y ataques mientras vea la fuente; no puede acercarse a ella",
       aliases=("afraid", "fear", "asustada", "miedo")),
    _c("grappled", "Grappled", "Agarrado", ("speed-0",), "Speed 0; disadvantage on attacks against others than the "
       "grappler", "Velocidad 0; desventaja en ataques contra otros que quien lo agarra",
       aliases=("agarrada", "grapple")),
    _c("incapacitated", "Incapacitated", "Incapacitado", ("incapacitated",),
       "no actions, bonus actions or reactions; concentration breaks; disadvantage on initiative",
       "sin acciones, acciones adicionales ni reacciones; pierde la concentración; desventaja en iniciativa",
       aliases=("incapacitada",)),
    _c("invisible", "Invisible", "Invisible", ("adv-attacks",),
       "advantage on initiative and on its attacks; attacks against it have disadvantage",
       "ventaja en iniciativa y en sus ataques; desventaja en los ataques contra él", aliases=("invisibility",)),
    _c("paralyzed", "Paralyzed", "Paralizado", ("incapacitated", "speed-0", "fail-str-dex", "attacked-adv"),
       "incapacitated, Speed 0; fails Str and Dex saves; attacks against it have advantage, hits within 5 ft are "
       "critical", "incapacitado, Velocidad 0; falla las salvaciones de Fue y Des; ventaja en ataques contra él, los "
       "impactos a 5 pies son críticos", aliases=("paralysed", "paralizada")),
    _c("petrified", "Petrified", "Petrificado",
       ("incapacitated", "speed-0", "fail-str-dex", "attacked-adv", "resist-all"),
       "turned to stone: incapacitated, Speed 0, fails Str and Dex saves, resistance to all damage, immune to poison",
       "convertido en piedra: incapacitado, Velocidad 0, falla salvaciones de Fue y Des, resistencia a todo daño, "
       "inmune al veneno", aliases=("petrificada", "stone")),
    _c("poisoned", "Poisoned", "Envenenado", ("dis-attacks", "dis-checks"),
       "disadvantage on attack rolls and ability checks", "desventaja en tiradas de ataque y pruebas de característica",
       aliases=("envenenada", "poison")),
    _c("prone", "Prone", "Derribado", ("dis-attacks",),
       "crawls or stands up (half its Speed); disadvantage on its attacks; attacks within 5 ft have advantage, "
       "farther disadvantage", "se arrastra o se levanta (la mitad de su Velocidad); desventaja en sus ataques; "
       "ventaja en ataques a 5 pies, desventaja más lejos", aliases=("derribada", "tumbado", "tumbada")),
    _c("restrained", "Restrained", "Apresado", ("speed-0", "dis-attacks", "dis-dex-saves", "attacked-adv"),
       "Speed 0; disadvantage on its attacks and Dex saves; attacks against it have advantage",
       "Velocidad 0; desventaja en sus ataques y salvaciones de Des; ventaja en ataques contra él",
       aliases=("apresada", "restrain")),
    _c("stunned", "Stunned", "Aturdido", ("incapacitated", "fail-str-dex", "attacked-adv"),
       "incapacitated; fails Str and Dex saves; attacks against it have advantage",
       "incapacitado; falla las salvaciones de Fue y Des; ventaja en ataques contra él", aliases=("aturdida", "stun")),
    _c("unconscious", "Unconscious", "Inconsciente", ("incapacitated", "speed-0", "fail-str-dex", "attacked-adv"),
       "incapacitated and prone, Speed 0; fails Str and Dex saves; attacks against it have advantage, hits within "
       "5 ft are critical", "incapacitado y derribado, Velocidad 0; falla salvaciones de Fue y Des; ventaja en ataques "
       "contra él, los impactos a 5 pies son críticos", aliases=("ko",)),
    _c("dodging", "Dodging", "Esquivando", ("attacked-dis", "adv-dex-saves"),
       "the Dodge action: attacks against it have disadvantage, its Dex saves advantage, until its next turn "
       "(lost while incapacitated or at Speed 0)",
       "la acción Esquivar: desventaja en los ataques contra él, ventaja en sus salvaciones de Des, hasta su "
       "siguiente turno (la pierde incapacitado o con Velocidad 0)", aliases=("dodge", "esquivar", "esquiva")),
    ConditionDef("dying", "Dying", "Moribundo", aliases=("moribunda",), system=True,
                 summary_en="0 HP: death saves at the start of its turns",
                 summary_es="0 PG: salvaciones de muerte al empezar sus turnos"),
    ConditionDef("stable", "Stable", "Estable", aliases=("stabilized", "estabilizado"), system=True,
                 summary_en="0 HP, unconscious, no more death saves",
                 summary_es="0 PG, inconsciente, sin más salvaciones de muerte"),
    ConditionDef("dead", "Dead", "Muerto", aliases=("muerta",), system=True),
    concentration.CONCENTRATION,
)

EXHAUSTION_DEATH = 6


def flagged(c: Combatant, flag: str, catalogue) -> list:
    return [i for i in c.conditions if flag in catalogue.define(i.cond).flags]


def dodging(c: Combatant, catalogue) -> bool:
    """The Dodge action's benefit holds: dodging, not incapacitated, not held at Speed 0 (dnd5e.md §7.2)."""
    return c.has("dodging") and not flagged(c, "incapacitated", catalogue) and not flagged(c, "speed-0", catalogue)


def exhaustion(c: Combatant) -> int:
    return max((int(i.value or 1) for i in c.instances("exhaustion")), default=0)


class DnDConditions(Conditions):
    def definitions(self):
        return CATALOGUE

    # -- what the catalogue does to damage -------------------------------------------------------
    def immune_types(self, c: Combatant) -> set[str]:
        """Petrified: immune to poison damage (dnd5e.md §4.1)."""
        return {"poison"} if c.has("petrified") else set()

    def resisted_types(self, c: Combatant) -> set[str]:
        return set()

    def resists_all(self, c: Combatant) -> bool:
        return bool(flagged(c, "resist-all", self.catalogue))

    def damaged(self, ctx: Context, c: Combatant, taken: int) -> None:
        """``c`` took ``taken`` damage (temporary HP included): concentration's save (dnd5e.md §5.4)."""
        concentration.damaged(ctx, c, taken)

    def lost(self, ctx: Context, c: Combatant) -> None:
        """``c`` died: its concentration ends (dnd5e.md §5.5)."""
        concentration.end(ctx, c, _("the caster died"))

    def incapacitated(self, ctx: Context, c: Combatant, why: ConditionDef) -> None:
        """Incapacitated (or worse): its concentration ends (dnd5e.md §5.5)."""
        if "incapacitated" in why.flags:
            concentration.end(ctx, c, why.term)

    def removed(self, ctx: Context, target: Combatant, cond: str, reason: str) -> None:
        if cond == "concentration" and reason != "ended":
            concentration.dropped(ctx, target)

    # -- adding ------------------------------------------------------------------------------------
    def add(self, ctx: Context, c: Combatant, cdef: ConditionDef, rounds, value, clock, source) -> None:
        if cdef.id in LIFE_STATES:
            self._life_by_hand(ctx, c, cdef.id)
            return
        if c.life == "dead":
            ctx.fail(_("{name} is dead; conditions no longer matter", name=c.name))
        raw = c.stats.get("condition_immune") or ""
        immune = {fold_text(str(w)) for w in (raw.split(",") if isinstance(raw, str) else raw) if str(w).strip()}
        if immune & {cdef.id, fold_text(cdef.en), fold_text(cdef.es), *(fold_text(a) for a in cdef.aliases)}:
            ctx.fail(_("{name} is immune to {cond} (condition_immune)", name=c.name, cond=cdef.term))
        if cdef.id == "exhaustion":
            self._exhaust(ctx, c, cdef, rounds, 1 if value is None else value, clock, source)
            return
        if cdef.id == "concentration":
            ctx.fail(_("concentration goes with its spell: concentrate {ref} SPELL [on NAME,NAME] [ROUNDS]",
                       ref=c.id))
        ctx.apply_condition(c, cdef, rounds=rounds, value=value, clock=clock, source=source)
        self.incapacitated(ctx, c, cdef)

    def _exhaust(self, ctx: Context, c: Combatant, cdef, rounds, value, clock, source) -> None:
        """Levels add (dnd5e.md §4.2): ``cond X exhaustion:1`` one more, ``exhaustion:2`` two more; at 6, death."""
        if value < 1:
            ctx.fail(_("exhaustion takes a level from 1 to 6, not {n}", n=value))
        before = exhaustion(c)
        level = min(EXHAUSTION_DEATH, before + value)
        found = c.instances("exhaustion")
        if found:
            ctx.change_condition(c, found[0], value=level)
        else:
            ctx.apply_condition(c, cdef, rounds=rounds, value=level, clock=clock, source=source)
        ctx.say(_("{name}: exhaustion level {level} (-{d20} on d20 tests, Speed -{speed} ft)", name=named(c),
                  level=public(level), d20=public(2 * level), speed=public(5 * level)), rule=rule("4.2"), who=c.id)
        if level >= EXHAUSTION_DEATH:
            self.rules.health.kill(ctx, c, _("{name} dies of exhaustion (level 6)", name=named(c)), "4.2")

    def _life_by_hand(self, ctx: Context, c: Combatant, life: str) -> None:
        health = self.rules.health
        if life == "dead":
            health.kill(ctx, c, _("The GM declares {name} dead", name=named(c)), "3.1")
        elif life == "dying":
            if "hp" in c.pools and c.pools["hp"].value > 0:
                ctx.set_pool(c, "hp", 0, rule=rule("3.1"))
            health.fall(ctx, c)
        else:
            if c.life != "dying":
                ctx.fail(_("{name} is not dying: only a dying creature becomes stable", name=c.name))
            ctx.say(_("{name} is stabilized: unconscious at 0 HP, no more death saves", name=named(c)),
                    rule=rule("3.3"), who=c.id)
            health.stabilize(ctx, c)

