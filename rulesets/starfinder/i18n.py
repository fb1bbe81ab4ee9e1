"""Starfinder's own message catalogue: every sentence in English here, Spanish in locale/es."""

from pathlib import Path

from gm_console.ruleset import N_, Domain


_ = Domain("gm_console_starfinder", Path(__file__).resolve().parent / "locale")
C_ = _.context  # the same English another language tells apart (msgctxt)
_n = _.plural
T_ = _.term  # a name that is data: T_("ctx", "English", "Spanish"); the tool puts it in the catalogue


#: lines as saves written before they spoke of a combatant as a person would ("its", "it" of
#: anyone, a player character too: docs/sheets.md#the-log-and-the-players): the log keeps a
#: message's id, so the catalogue keeps these for an older save to read, in Spanish too
FORMER_IDS = (
    N_("{name} dies: its Constitution is gone"),
    N_("{name} wakes up: its {ability} loss is below its score"),
    N_("{name}: damage to its key ability costs {lost} RP: RP {old} -> {new}"),
    N_("{what}: its next save after the onset ({onset})"),
    N_("{name} is exposed to {what} and fails its save"),
    N_("{name} fails its save against {what}"),
    N_("-{n} on its {track} figures; {hand}"),
    N_("-{n} on its {track} figures"),
    N_("{name}'s force field ({color}): {temp} temporary HP, fast healing {heal} at the end of its turns"),
    N_("{name} is burning: {total}d6 fire at the start of its turn (sources add)"),
    N_("{name}'s force field is off: its temporary HP are gone"),
    N_("{name} uses its reaction ({what})"),
    N_("{name} uses its reaction"),
    N_("{name} runs at 4x speed in a straight line: flat-footed until its next turn"),
    N_("up to {con} turns in a row: its Con score"),
    N_("{name} full attack: two attacks at -4 each with one weapon; two weapons use its feats"),
    N_("{name} dropped during its own turn: its first RP loss comes at the end of its next turn"),
    N_("{name} has 0 RP: dies at the end of its turn in round {round} unless healed or stabilised"),
    N_("loses 1 RP at the end of its turn, {rp} left"),
    N_("{rp} RP: dies at the end of its turn in round {round} unless healed or stabilised"),
    N_("loses 1 RP at the end of its next turn, {rp} RP left"),
    N_("loses 1 RP at the end of each of its turns, {rp} RP left"),
    N_("{head}: {target} drops its weapon ({name} may catch it with a free hand)"),
    N_("{name}'s regeneration is stopped by {what}: until its next turn it heals nothing and can die"),
    N_("{name} fights on with ferocity at 0 HP: it acts until the end of its next turn, then dies; any further HP "
       "loss kills it"),
    N_("{name} charges at {target}: up to double speed in a line, {path}; {bonus:+d} on the attack, -2 AC until its "
       "next turn"),
    N_("{name} charges: up to double speed in a line, {path}; {bonus:+d} on the attack, -2 AC until its next turn"),
    N_("{name} takes total defense: +4 AC until the start of its next turn, no attacks of opportunity"),
    N_("{name} takes total defense: +4 AC until the start of its next turn, no attacks of opportunity; combines with "
       "other AC boosts (seed)"),
    N_("{name} fights defensively: -4 on attacks this turn, +2 AC until its next turn (its +2 AC does not add to "
       "total defense: official)"),
    N_("{name} fights defensively: -4 on attacks this turn, +2 AC until its next turn"),
    N_("{name}'s {fire} hits AC 15 ({total}): {ally} gets +2 on its next attack until the start of {name}'s next turn"),
    N_("{what} is purged from {name}'s system: it recovers a step a day of bed rest"),
    N_("{what} has run its course in {name}: it recovers a step a day of bed rest"),
    N_("{name} loses more HP while fighting on with ferocity: it dies"),
    N_("{name} has no Resolve Points: lethal damage at 0 HP kills it"),
    N_("{name} is dying ({rp} RP): it may spend {cost} RP to stabilise now, else it loses 1 RP at the end of this "
       "turn"),
    N_("{name} is dying with {rp} RP, too few to stabilise itself ({cost} needed): only Medicine DC 15 or healing by "
       "someone else can save it; {fate}"),
    N_("it loses 1 RP at the end of this turn"),
    N_("with 0 RP it dies at the end of its turn in round {round}"),
    N_("with 0 RP it dies at the end of this turn"),
    N_("{name} is stable: {rp} RP now puts it back in the fight with 1 HP"),
    N_("{head}: {target} moves up to {feet} ft within reach, not through obstacles; as a full action {name} may move "
       "{feet} ft dragging it"),
    N_("{head}: {target} descends 10 ft (prone if it lands)"),
    N_("{name}'s regeneration keeps it alive: unconscious at 0 HP until it heals"),
    N_("{name}'s ferocity runs out: it dies at 0 HP"),
    N_("{name} is stable with {rp} RP: it can stay in the fight; no Con check while it has RP"),
    N_("{rp} RP: it must lose 1 for {what} at 0 HP"),
    N_("{rp} RP: it must lose 1 while dying"),
)
