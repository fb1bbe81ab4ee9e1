"""No Starfinder line crashes: random GM sessions over its own verbs apply or are refused in one
line, leaving the state untouched when refused."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console import plugins
from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.dice import Dice
from gm_console.engine.language.session import Session

SETUP = (
    "add Navasi pc level=4 key=4 sp=28 hp=24 eac=16 kac=17 attack=6 dex=16 con=12 piloting=10 medicine=3",
    "add Obozaya pc sp=40 hp=34 rp=3 kac=19 attack=9",
    "add Pirate x2 hp=18 eac=13 kac=15 attack=6 ref=3 size=small",
    "add Skimmer vehicle level=3 speed=20 full=450 hp=40 eac=14 kac=15 collision=4d6 dc=13 size=huge pilot=Navasi",
)
NAMES = ["Navasi", "Obozaya", "'Pirate 1'", "'Pirate 2'", "Skimmer", "Nobody"]
WORDS = ["standard", "move", "swift", "full", "reaction", "run", "withdraw", "reset", "grapple", "trip",
         "bull-rush", "dirty-trick", "blinded", "prone", "zero-g", "spell", "by", "flat", "rough", "on", "off",
         "thrown", "stabilize", "fight", "stamina", "defensive", "save=12", "dmg=9", "dc=13", "dist=10", "1h",
         "8h", "24h", "120ft", "-3", "0", "7", "15", "22", "31", "99999"]


def lines():
    rs = plugins.load("starfinder")
    verbs = [v.name for v in rs.verbs()]
    conds = [d.id for d in rs.conditions.catalogue]
    arg = st.one_of(st.sampled_from(NAMES), st.sampled_from(WORDS))
    return st.one_of(
        st.tuples(st.sampled_from(verbs), st.lists(arg, max_size=5)).map(lambda t: " ".join([t[0], *t[1]])),
        st.sampled_from(["start", "next", "next", "next", "end", "undo", "pass 10m", "pass 1h", "delay",
                         "ready when it moves", "trigger Navasi", "trigger Navasi defensive", "roll"]),
        st.tuples(st.sampled_from(NAMES), st.integers(0, 80),
                  st.sampled_from(["", " fire", " nonlethal", " plasma", " bleed", " slashing"]))
        .map(lambda t: f"dmg {t[0]} {t[1]}{t[2]}"),
        st.tuples(st.sampled_from(NAMES), st.integers(0, 30), st.sampled_from(["", " sp", " temp"]))
        .map(lambda t: f"heal {t[0]} {t[1]}{t[2]}"),
        st.tuples(st.sampled_from(NAMES), st.sampled_from(conds), st.sampled_from(["", ":2"]),
                  st.sampled_from(["", " 1", " 3"])).map(lambda t: f"cond {t[0]} {t[1]}{t[2]}{t[3]}"),
        st.tuples(st.sampled_from(NAMES), st.sampled_from(["resolve", "rp", "sp"]),
                  st.sampled_from(["", " 1", " 2", " stabilize", " fight", " stamina"]))
        .map(lambda t: f"spend {t[0]} {t[1]}{t[2]}"),
        st.tuples(st.sampled_from(["tie_order", "damage_at_zero_hp", "pin_threshold", "run_over",
                                   "race_dc_from_stop", "vehicle_broken_at_half"]),
                  st.sampled_from(["seed", "official", "on"])).map(lambda t: f"option {t[0]} {t[1]}"),
    )


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(lines(), min_size=1, max_size=40), st.integers(0, 10_000))
def test_random_starfinder_sessions_never_crash(script, seed):
    session = Session(plugins.load("starfinder"))
    dice = Dice.from_rolls([], seed=seed)
    for line in SETUP:
        session.execute(line, dice)
    for line in script:
        before = session.state.copy()
        n_done = len(session.done)
        try:
            session.execute(line, dice)
        except CommandError as exc:
            assert "\n" not in str(exc), line
            assert session.state == before, f"refused {line!r} but changed the state"
            assert len(session.done) == n_done
        rs = session.ruleset
        for c in session.state.combatants.values():
            rs.sheet.effective(session.state, c)
            rs.sheet.status(session.state, c, "en")
            rs.sheet.status(session.state, c, "es")
        rs.pending(session.state)
