"""The basic stunt tables as data (dragon_age.md §2.5: effects [S], costs [O?]).

``cost`` None means the GM chooses the points (Skirmish: 1 per 2 m; Powerful
Casting: 1 to ``max_points``). Disarm's cost is a table option because
printings differ.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.ruleset import Term, fold_text

from .i18n import T_

COMBAT, SPELL = "combat", "spell"


@dataclass(frozen=True)
class Stunt:
    id: str
    en: str
    es: str
    cost: int | None
    kind: str = COMBAT
    repeatable: bool = False  # only Skirmish: the others once per round
    max_points: int | None = None
    target: bool = False  # needs a second combatant named after it
    summary_en: str = ""
    summary_es: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def term(self) -> Term:
        return T_("stunt", self.en, self.es)

    def terms(self) -> tuple[Term, ...]:
        """Its name, for the catalogue tool (gm_console/i18n/tool.py)."""
        return (self.term,)


STUNTS: tuple[Stunt, ...] = (
    Stunt("skirmish", "Skirmish", "Hostigar", None, repeatable=True,
          summary_en="move yourself or the target 2 m per point", summary_es="mueves a ti o al objetivo 2 m por PP"),
    Stunt("rapid-reload", "Rapid Reload", "Recarga rápida", 1,
          summary_en="reload a missile weapon at once", summary_es="recargas de inmediato un arma de proyectiles"),
    Stunt("knock-prone", "Knock Prone", "Derribo", 2,
          summary_en="the target is prone: melee attacks against it +1",
          summary_es="el objetivo queda tumbado: +1 a los ataques cuerpo a cuerpo contra él"),
    Stunt("defensive-stance", "Defensive Stance", "Postura defensiva", 2,
          summary_en="+2 Defense until the start of your next turn",
          summary_es="+2 a la Defensa hasta el comienzo de tu próximo turno"),
    Stunt("disarm", "Disarm", "Desarmar", 2,
          summary_en="opposed attack rolls; if you win the weapon lands 1d6 + Str m away",
          summary_es="ataques enfrentados; si ganas el arma cae a 1d6 + Fuerza m"),
    Stunt("mighty-blow", "Mighty Blow", "Golpe poderoso", 2,
          summary_en="+1d6 damage", summary_es="+1d6 de daño"),
    Stunt("pierce-armor", "Pierce Armor", "Atravesar armadura", 2, aliases=("pierce-armour",),
          summary_en="the target's armor is halved (round down) against this attack",
          summary_es="la armadura del objetivo se reduce a la mitad (hacia abajo) contra este ataque"),
    Stunt("lightning-attack", "Lightning Attack", "Ataque relámpago", 3,
          summary_en="a second attack now (its doubles give no stunt points)",
          summary_es="un segundo ataque ahora (sus dobles no dan PP)"),
    Stunt("dual-strike", "Dual Strike", "Golpe doble", 4, target=True,
          summary_en="the same attack roll against a second target",
          summary_es="la misma tirada de ataque contra un segundo objetivo"),
    Stunt("seize-the-initiative", "Seize the Initiative", "Tomar la iniciativa", 4,
          aliases=("seize", "seize-initiative", "seize initiative"),
          summary_en="move to the top of the initiative order",
          summary_es="pasas al primer puesto del orden de iniciativa"),
    Stunt("powerful-casting", "Powerful Casting", "Lanzamiento energético", None, kind=SPELL, max_points=3,
          aliases=("puissant-casting",),
          summary_en="+1 Spellpower per point, up to +3", summary_es="+1 a la Potencia mágica por PP, hasta +3"),
    Stunt("mighty-spell", "Mighty Spell", "Hechizo potente", 2, kind=SPELL, target=True,
          summary_en="one damaged target takes +1d6", summary_es="un objetivo dañado recibe +1d6"),
    Stunt("skillful-casting", "Skillful Casting", "Lanzamiento hábil", 2, kind=SPELL,
          aliases=("skilful-casting",),
          summary_en="the spell costs 1 mana less (can reach 0)",
          summary_es="el hechizo cuesta 1 de maná menos (puede llegar a 0)"),
    Stunt("mana-shield", "Mana Shield", "Escudo de maná", 3, kind=SPELL,
          summary_en="+2 Defense until the start of your next turn",
          summary_es="+2 a la Defensa hasta el comienzo de tu próximo turno"),
    Stunt("imposing-spell", "Imposing Spell", "Hechizo imponente", 4, kind=SPELL,
          summary_en="melee attackers must pass Willpower (Courage) vs 10 + Magic until your next turn",
          summary_es="quien te ataque cuerpo a cuerpo debe superar Voluntad (Coraje) contra 10 + Magia hasta tu próximo turno"),
    Stunt("fast-casting", "Fast Casting", "Lanzamiento rápido", 4, kind=SPELL,
          summary_en="cast another spell at once (its doubles give no stunt points)",
          summary_es="lanzas otro hechizo de inmediato (sus dobles no dan PP)"),
)

BY_ID: dict[str, Stunt] = {s.id: s for s in STUNTS}

_INDEX: dict[str, str] = {}
for _s in STUNTS:
    for _name in (_s.id, _s.en, _s.es, *_s.aliases):
        _INDEX[fold_text(_name)] = _s.id


def find(word: str, kind: str | None = None, prefix: bool = True) -> Stunt | None:
    """By kebab-case id, English or Spanish name, or a prefix unambiguous within ``kind``."""
    key = fold_text(word)
    if key in _INDEX:
        return BY_ID[_INDEX[key]]
    if not prefix:
        return None
    hits = {sid for name, sid in _INDEX.items()
            if key and name.startswith(key) and (kind is None or BY_ID[sid].kind == kind)}
    return BY_ID[hits.pop()] if len(hits) == 1 else None


def known(kind: str | None = None) -> str:
    return ", ".join(s.id for s in STUNTS if kind is None or s.kind == kind)


def cost_of(stunt: Stunt, disarm_cost: int) -> int | None:
    return disarm_cost if stunt.id == "disarm" else stunt.cost
