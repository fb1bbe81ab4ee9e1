"""What the players' screen shows, as plain data: built from an encounter through the
players' filter (``engine.views.players_filter``), so the widgets only draw it."""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_console.engine.views import players_filter as pv
from gm_console.engine.core.told import gender_of
from gm_console.engine.core.words import life as life_word
from gm_console.i18n import C_, Named, _, render

LOG_LINES = 8


@dataclass(frozen=True)
class Row:
    active: bool
    init: str
    name: str
    pc: bool
    health: str | None  # the word's id (unhurt ... down), for its colour
    figures: str  # a PC's health pools, or a foe's health word
    conditions: str
    note: str = ""  # delaying, readied
    #: how full its health bar is (0..1): a PC's from its pools, a foe's from its health word
    #: alone (bloodied is half a bar whatever its hit points), None with nothing to measure
    share: float | None = None


@dataclass(frozen=True)
class PlayerFrame:
    title: str
    status: str
    rows: tuple[Row, ...] = ()
    log: tuple[str, ...] = field(default_factory=tuple)
    round: int = 0  # 0: no combat running
    turn: str = ""  # whose turn it is, for the projector's banner


#: a foe's bar for its health word: the word is all the players know, so the bar says no more
WORD_SHARE = {"unhurt": 1.0, "wounded": 0.75, "bloodied": 0.5, "near-death": 0.2, "down": 0.0}


def share(rs, c, word: str | None) -> float | None:
    """How full a combatant's health bar is drawn: a PC's pools (the players read them in
    full), anyone else's only from its health word."""
    if not pv.in_full(c):
        return WORD_SHARE.get(word or "")
    secret = pv.secret_keys(rs)
    pools = [c.pools[k] for k in pv.health_keys(rs) if k in c.pools and k not in secret]
    top = sum(p.max for p in pools if p.max)
    if top <= 0:
        return WORD_SHARE.get(word or "")
    return max(0.0, min(1.0, sum(p.value for p in pools if p.max) / top))


def frame(encounter, lang: str = "en", log_lines: int = LOG_LINES) -> PlayerFrame:
    state, rs = encounter.state, encounter.ruleset
    t = lambda msg: render(msg, lang)  # noqa: E731
    active = pv.shown_active(state)
    if state.in_combat:
        status = t(_("Round {n}", n=state.round))
        if active:
            status += " · " + t(C_("post", "{name}'s turn", name=state.combatants[active].name))
    elif state.ended:
        status = t(_("The fight is over"))
    else:
        status = t(_("No combat running"))
    rows = []
    for c in pv.roster(state):
        word = pv.health_word(rs, c)
        if pv.in_full(c):
            figures = "  ".join(pv.health_figures(rs, c, lang))
            if c.life != "ok":
                figures += f"  {t(life_word(c.life, Named(c.name, gender_of(c))))}"
        else:
            figures = pv.health_text(word, lang)
        conds = ", ".join(rs.conditions.catalogue.define(i.cond).name(lang) + (f" {i.value}" if i.value is not None else "")
                          + (f" ({i.rounds})" if i.rounds is not None else "")
                          for i in pv.visible_conditions(rs, c))
        note = ""
        if c.id in state.delayed:
            note = t(_("delaying"))
        elif c.id in state.readied:
            note = t(_("ready: {trigger}", trigger=state.readied[c.id].trigger))
        init = "" if c.initiative is None else (str(int(c.initiative)) if float(c.initiative).is_integer()
                                                 else str(c.initiative))
        rows.append(Row(c.id == active, init, c.name, pv.in_full(c), word, figures.strip(), conds, note,
                        share(rs, c, word)))
    log = tuple(ln.text for ln in pv.last_lines(encounter.history, rs, encounter.doc.options, lang,
                                                 count=log_lines))
    turn = t(C_("post", "{name}'s turn", name=state.combatants[active].name)) if state.in_combat and active else ""
    return PlayerFrame(encounter.name, status, tuple(rows), log, state.round if state.in_combat else 0, turn)
