"""Words the engine itself puts in sentences: life states and sides, in the GM's language."""

from __future__ import annotations

from gm_console.i18n import C_, Msg

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


def life(state: str) -> "Msg | str":
    """A life state as a word for a message (a ruleset's own state stays as it is)."""
    return LIFE.get(state, state)
