"""Words the engine itself puts in sentences: life states and sides, in the GM's language."""

from __future__ import annotations

from gm_console.i18n import C_, Msg, Named

LIFE: dict[str, Msg] = {
    "ok": C_("life", "ok"),
    "disabled": C_("life", "disabled"),
    "staggered": C_("life", "staggered"),
    "unconscious": C_("life", "unconscious"),
    "dying": C_("life", "dying"),
    "stable": C_("life", "stable"),
    "dead": C_("life", "dead"),
}

SIDE: dict[str, Msg] = {"pc": C_("side", "PC"), "ally": C_("side", "ally"), "foe": C_("side", "foe")}

#: the AGE games' threat ranks, weakest first: a bestiary entry's ``threat``
THREATS: dict[str, Msg] = {
    "minor": C_("threat", "minor"),
    "moderate": C_("threat", "moderate"),
    "major": C_("threat", "major"),
    "dire": C_("threat", "dire"),
    "epic": C_("threat", "epic"),
}


def threat(word: str) -> "Msg | str":
    """A threat rank as a word in the reader's language; one the list does not know stays as
    the bestiary wrote it."""
    return THREATS.get(word, word)


def life(state: str, who: "Named | None" = None) -> "Msg | str":
    """A life state as a word for a message (a ruleset's own state stays as it is); ``who``:
    the combatant it is said of (its name and gender), so a translation can agree with it
    through the ``g`` argument (``{g:?muerto|muerta}``)."""
    word = LIFE.get(state, state)
    if who is not None and isinstance(word, Msg):  # said of no one: Msg.render gives the neutral form
        return word.given(g=who)
    return word

# TRANSLATORS: a damage type as the attack log writes it after the damage ("7 slashing")
DAMAGE_TYPES = {"slashing": C_("damage type", "slashing"), "piercing": C_("damage type", "piercing"),
                "bludgeoning": C_("damage type", "bludgeoning"), "acid": C_("damage type", "acid"),
                "cold": C_("damage type", "cold"), "electricity": C_("damage type", "electricity"),
                "fire": C_("damage type", "fire"), "sonic": C_("damage type", "sonic"),
                "negative": C_("damage type", "negative"), "positive": C_("damage type", "positive"),
                "force": C_("damage type", "force"), "nonlethal": C_("damage type", "nonlethal"),
                # fifth edition's own
                "poison": C_("damage type", "poison"), "necrotic": C_("damage type", "necrotic"),
                "radiant": C_("damage type", "radiant"), "psychic": C_("damage type", "psychic"),
                "thunder": C_("damage type", "thunder"), "lightning": C_("damage type", "lightning")}
# TRANSLATORS: a damage type as it reads after an amount or the word damage ("7 slashing", "4 fire"; Spanish
# "7 cortante", "4 de fuego"): an adjective stays as it is, a noun takes what your language puts before it
DAMAGE_AFTER = {"slashing": C_("damage after an amount", "slashing"),
                "piercing": C_("damage after an amount", "piercing"),
                "bludgeoning": C_("damage after an amount", "bludgeoning"),
                "acid": C_("damage after an amount", "acid"), "cold": C_("damage after an amount", "cold"),
                "electricity": C_("damage after an amount", "electricity"),
                "fire": C_("damage after an amount", "fire"), "sonic": C_("damage after an amount", "sonic"),
                "negative": C_("damage after an amount", "negative"),
                "positive": C_("damage after an amount", "positive"),
                "force": C_("damage after an amount", "force"),
                "nonlethal": C_("damage after an amount", "nonlethal"),
                "poison": C_("damage after an amount", "poison"),
                "necrotic": C_("damage after an amount", "necrotic"),
                "radiant": C_("damage after an amount", "radiant"),
                "psychic": C_("damage after an amount", "psychic"),
                "thunder": C_("damage after an amount", "thunder"),
                "lightning": C_("damage after an amount", "lightning")}
#: what a weapon counts as against damage reduction: not a damage type but a quality of the weapon,
#: written after the types: "7 slashing (magic)" (docs/rulesets/pathfinder1e.md §1.13)
# TRANSLATORS: what a weapon counts as against damage reduction ("7 slashing (magic)")
BYPASS = {"magic": C_("bypass", "magic"), "silver": C_("bypass", "silver"),
          "cold-iron": C_("bypass", "cold iron"), "adamantine": C_("bypass", "adamantine"),
          "good": C_("bypass", "good"), "evil": C_("bypass", "evil"), "lawful": C_("bypass", "lawful"),
          "chaotic": C_("bypass", "chaotic"), "epic": C_("bypass", "epic")}
