"""Dragon Age's own message catalogue (rulesets/dragon_age/locale): every sentence a GM reads."""

from pathlib import Path

from gm_console.ruleset import N_, Domain


_ = Domain("gm_console_dragon_age", Path(__file__).resolve().parent / "locale")
C_ = _.context  # the same English another language tells apart (msgctxt)
_n = _.plural
T_ = _.term  # a name that is data: T_("ctx", "English", "Spanish"); the tool puts it in the catalogue


#: lines as saves written before they spoke of a combatant as a person would ("its", "it" of
#: anyone, a player character too: docs/sheets.md#the-log-and-the-players): the log keeps a
#: message's id, so the catalogue keeps these for an older save to read, in Spanish too
FORMER_IDS = (
    N_("{name}'s prepared action is lost: its turn has come"),
    N_("{name} interrupts with its prepared action: {what}"),
    N_("{name} acts out of its turn ({what}): not counted"),
    N_("{name} loses its aim: the next action was not an attack"),
    N_("{name} wakes up: the damage ends its sleep"),
    N_("Con {con} + 2 = {total} rounds{floor}; dies at the start of its turn in round {when} unless healed above 0"),
    N_("{name} dies at the start of its turn: the dying countdown ran out"),
    N_("{name} aims: +1 on its next attack if that is its next action"),
    N_("{name} defends until the start of its next turn"),
    N_("{name} prepares: {action}; it may interrupt anyone with it before its next turn starts, then it is lost. "
       "{name}'s turn ends now (unused actions are lost)"),
    N_("{stunt}: {defense} until the start of its next turn"),
    N_("Disarm: {name} keeps its weapon"),
    N_("Lightning Attack: {name} attacks again now: no action, and its doubles earn no stunt points"),
    N_("Fast Casting: {name} casts another spell now: no action, and its doubles earn no stunt points"),
    N_("{name} seizes the initiative: it moves to the top of the order and stays there until someone else seizes it; "
       "this round goes on with whoever followed its old slot"),
    N_("{name} had not taken its turn this round: now above the current turn, it acts next at the start of round {n}"),
    N_("{name} is daunted by {target}'s Imposing Spell: it must Move or Defend instead of attacking"),
    N_("{name} is inside a force field: the damage does not reach it"),
    N_("{name} takes {formula} damage, enough to drop it; the blow is pulled"),
    N_("Knock Prone: {name} is prone (melee attacks against it +1)"),
    N_("{name} gets no breather: it {why}"),
)
FORMER_PLURALS = (
    _n("Con {con} + 2 = {total}{floor}; dies at the start of its turn in {n} turn{when} unless healed above 0",
       "Con {con} + 2 = {total}{floor}; dies at the start of its turn in {n} turns{when} unless healed above 0", 1),
    _n("dies at the start of its turn in {n} turn unless healed above 0",
       "dies at the start of its turn in {n} turns unless healed above 0", 1),
)
