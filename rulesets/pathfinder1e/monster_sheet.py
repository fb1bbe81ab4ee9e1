"""What a monster's hide, regeneration and nature do, as lines on the GM's sheet
(pathfinder1e.md §1.13-§1.16; the players never read a foe's sheet). Apart from defenses.py,
which regeneration.py reads, so the sheet can name both without an import cycle."""

from __future__ import annotations

from gm_console.ruleset import Combatant, possessive
from gm_console.ruleset import joined as glued

from . import defenses, marks, regeneration
from .i18n import T_, _, joined
from .life import ferocious

SIZE_NAMES = {"fine": T_("size", "Fine", "Minúsculo"), "diminutive": T_("size", "Diminutive", "Diminuto"),
              "tiny": T_("size", "Tiny", "Menudo"), "small": T_("size", "Small", "Pequeño"),
              "medium": T_("size", "Medium", "Mediano"),
              "large": T_("size", "Large", "Grande"), "huge": T_("size", "Huge", "Enorme"),
              "gargantuan": T_("size", "Gargantuan", "Gargantuesco"), "colossal": T_("size", "Colossal", "Colosal")}


def status(state, c: Combatant) -> list:
    """What the creature's hide, regeneration and nature do, one line each (pathfinder1e.md §1.13-§1.16)."""
    out: list = []
    d = defenses.of_creature(c)
    if d.dr:
        out.append(_("DR {dr}", dr=joined(r.text() for r in d.dr)))
    if d.resist:
        out.append(_("resists {what}", what=joined(glued([defenses.WORDS[k], str(n)])
                                                   for k, n in d.resist)))
    if d.immune:
        out.append(_("immune to {what}", what=joined(defenses.WORDS[w] for w in sorted(d.immune))))
    if d.vulnerable:
        out.append(_("vulnerable to {what} (+50%)", what=joined(defenses.WORDS[w] for w in sorted(d.vulnerable))))
    inst = regeneration.instance(c)
    if inst is not None and c.life != "dead":
        stop = sorted(regeneration.stoppers(inst))
        what = joined(defenses.WORDS[w] for w in stop) if stop else None
        mark = marks.REGEN_OFF.of(c)
        if regeneration.stopped(state, c):
            out.append(_("regeneration {n}: stopped this round, no healing, death possible", n=inst.value))
        elif mark is not None and state.in_combat and mark == state.round + 1:
            out.append(_("regeneration {n}: works this round; stopped next round (no healing, death possible)",
                         n=inst.value))
        elif what is not None:
            out.append(_("regeneration {n} (stopped by {what}): cannot die from HP loss while it works",
                         n=inst.value, what=what))
        else:
            out.append(_("regeneration {n}: cannot die from HP loss while it works", n=inst.value))
    for fast in c.instances("fast-healing"):
        if fast.value and c.life != "dead":
            out.append(_("fast healing {n} at the start of {whose} turn", whose=possessive(c), n=fast.value))
    if ferocious(c) and c.life != "dead":
        out.append(_("ferocity: below 0 HP fights on staggered, 1 HP a round, dead at -Con"))
    if defenses.incorporeal(c):
        out.append(_("incorporeal: immune to nonmagical attacks; half from magic, spells and supernatural; full "
                     "from force and ghost touch"))
    if defenses.swarm(c):
        out.append(_("swarm ({size}): {what}; +50% from area effects; breaks up at 0 HP",
                     size=SIZE_NAMES.get(str(c.stats.get("size") or "medium"), T_("size", "medium", "mediano")),
                     what=_("immune to weapon damage") if str(c.stats.get("size")) in ("fine", "diminutive")
                     else _("half from slashing and piercing weapons") if str(c.stats.get("size")) == "tiny"
                     else _("weapons in full")))
    return out
