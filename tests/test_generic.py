"""The generic ruleset: HP only, free-label conditions, life states set by hand."""


def test_damage_stops_at_zero_and_knocks_out(table):
    t = table("generic")
    t.do("add Orc hp=8", "dmg Orc 11")
    assert t.hp("Orc") == 0 and t.c("Orc").life == "unconscious"
    t.do("heal Orc 3")
    assert t.hp("Orc") == 3 and t.c("Orc").life == "ok"


def test_healing_never_exceeds_the_maximum(table):
    t = table("generic")
    t.do("add Orc hp=5/8", "heal Orc 10")
    assert t.hp("Orc") == 8


def test_dead_by_hand_is_passed_over(table):
    t = table("generic")
    t.do("add A hp=5", "add B hp=5", "add C hp=5", "init A 3", "init B 2", "init C 1", "start")
    t.do("cond B dead")
    assert t.c("B").life == "dead" and not t.c("B").conditions
    t.do("next")
    assert t.active == "c"


def test_free_labels_with_values_and_rounds(table):
    t = table("generic")
    t.do("add A hp=5", "cond A \"Hex of Doom\":3 2")
    inst = t.c("A").conditions[0]
    assert (inst.cond, inst.value, inst.rounds) == ("hex-of-doom", 3, 2)


def test_effective_shows_ac_and_initiative(table):
    t = table("generic")
    t.do("add A hp=5 ac=14 init=2")
    from gm_console.engine.views.export import state_dict

    a = state_dict(t.state, t.session.ruleset)["combatants"][0]
    assert a["effective"] == {"init": 2, "ac": 14}


def test_common_conditions_answer_to_both_languages(table):
    t = table("generic")
    t.do("add A hp=5", "cond A desprevenido 1", "cond A Estremecido")
    assert [i.cond for i in t.c("A").conditions] == ["flat-footed", "shaken"]


def test_added_at_zero_hp_is_unconscious(table):
    t = table("generic")
    t.do("add A hp=0/5")
    assert t.c("A").life == "unconscious"
