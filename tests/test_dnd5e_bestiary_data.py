"""The fifth-edition bestiary's data, read as plain TOML (not through the ruleset code).

What a GM would notice if a number were mistyped: an ogre worth the wrong XP, a goblin whose HP
does not match its hit dice, an attack string the tracker cannot roll. The tables below are the
System Reference Document 5.2's own (Experience Points and Proficiency Bonus by Challenge
Rating; a creature's hit die by its size), the attack form is the compact form every ruleset
reads (one attack a string: name, bonus, damage, then type, reach or range, riders).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from gm_console.engine.core.text import fold_text

BESTIARY = Path(__file__).resolve().parent.parent / "rulesets" / "dnd5e" / "bestiary.toml"
TEXT = BESTIARY.read_text(encoding="utf-8")
DATA: dict[str, dict] = tomllib.loads(TEXT)
IDS = sorted(DATA)

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
REQUIRED = {"en", "cr", "xp", "hp", "ac", *ABILITIES, "atk"}
ALLOWED = REQUIRED | {
    "es", "aliases", "type", "size", "source", "hit_dice", "speed", "init", "prof",
    *(f"save_{a}" for a in ABILITIES), "perception", "resist", "immune", "vulnerable",
    "condition_immune", "legendary_actions", "legendary_resistance", "recharge",
}

XP_BY_CR = {
    "0": {0, 10}, "1/8": {25}, "1/4": {50}, "1/2": {100}, "1": {200}, "2": {450}, "3": {700},
    "4": {1100}, "5": {1800}, "6": {2300}, "7": {2900}, "8": {3900}, "9": {5000},
    "10": {5900}, "11": {7200}, "12": {8400}, "13": {10000}, "14": {11500}, "15": {13000},
    "16": {15000}, "17": {18000}, "18": {20000}, "19": {22000}, "20": {25000}, "21": {33000},
    "22": {41000}, "23": {50000}, "24": {62000}, "25": {75000}, "26": {90000},
    "27": {105000}, "28": {120000}, "29": {135000}, "30": {155000},
}
HIT_DIE = {"tiny": 4, "small": 6, "medium": 8, "large": 10, "huge": 12, "gargantuan": 20}
DAMAGE_TYPES = {
    "acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing",
    "poison", "psychic", "radiant", "slashing", "thunder",
}
CONDITIONS = {
    "blinded", "charmed", "deafened", "exhaustion", "frightened", "grappled", "incapacitated",
    "invisible", "paralyzed", "petrified", "poisoned", "prone", "restrained", "stunned",
    "unconscious",
}
ATTRIBUTION = (
    'This work includes material from the System Reference Document 5.2 ("SRD 5.2") by Wizards '
    "of the Coast LLC, available at https://www.dndbeyond.com/srd. The SRD 5.2 is licensed under "
    "the Creative Commons Attribution 4.0 International License, available at "
    "https://creativecommons.org/licenses/by/4.0/legalcode."
)

# The compact attack form, 5e flavour: [COUNT] NAME BONUS DAMAGE, then in any order a damage
# type (or types joined by &), melee/ranged, crit 19-20, reach N or range N[/M]; then riders.
HEAD = re.compile(
    r"^(?:(?P<count>[1-9]\d*) )?(?P<name>[^\s+-][^+]*?) "
    r"(?P<bonus>[+-]\d+(?:/[+-]\d+)*) (?P<damage>\d+d\d+(?:[+-]\d+)?|-)(?P<rest>(?: .*)?)$"
)
TOKENS = {
    "types": re.compile(r"(?:%s)(?:&(?:%s))*" % ("|".join(DAMAGE_TYPES), "|".join(DAMAGE_TYPES))),
    "kind": re.compile(r"melee|ranged"),
    "crit": re.compile(r"crit (?:1[5-9])-20"),
    "reach": re.compile(r"reach [1-9]\d*"),
    "range": re.compile(r"range [1-9]\d*(?:/[1-9]\d*)?"),
}


def parse_attack(text: str) -> dict[str, str]:
    """Split one attack string into its parts; ValueError names the first part that is wrong."""
    head = HEAD.match(text)
    if head is None:
        raise ValueError(f"no 'NAME BONUS DAMAGE' start in {text!r}")
    parts = {k: v for k, v in head.groupdict().items() if v and k != "rest"}
    rest = head.group("rest").strip()
    riders = []
    if " plus " in f" {rest} ":
        rest, _, tail = f" {rest} ".partition(" plus ")
        riders = [r.strip() for r in tail.split(" plus ")]
        if not all(riders):
            raise ValueError(f"empty 'plus' rider in {text!r}")
        rest = rest.strip()
    words = rest.split()
    while words:
        for kind, pattern in TOKENS.items():
            size = 2 if kind in {"crit", "reach", "range"} else 1
            chunk = " ".join(words[:size])
            if pattern.fullmatch(chunk):
                if kind in parts:
                    raise ValueError(f"two {kind} tokens in {text!r}")
                parts[kind] = chunk
                words = words[size:]
                break
        else:
            raise ValueError(f"token {words[0]!r} is not part of the attack form in {text!r}")
    if riders:
        parts["riders"] = " | ".join(riders)
    return parts


def mod(score: int) -> int:
    return (score - 10) // 2


def test_the_bestiary_holds_at_least_sixty_creatures() -> None:
    assert len(DATA) >= 60


def test_the_header_carries_the_exact_srd_attribution() -> None:
    assert ATTRIBUTION in TEXT


@pytest.mark.parametrize("cid", IDS)
def test_every_entry_has_the_required_keys_and_no_other(cid: str) -> None:
    entry = DATA[cid]
    assert REQUIRED <= set(entry), REQUIRED - set(entry)
    assert set(entry) <= ALLOWED, set(entry) - ALLOWED
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", cid)
    assert entry["atk"], "a creature with no attack cannot be rolled"


@pytest.mark.parametrize("cid", IDS)
def test_cr_xp_and_proficiency_follow_the_srd_tables(cid: str) -> None:
    entry = DATA[cid]
    assert entry["xp"] in XP_BY_CR[entry["cr"]]
    cr = 0 if "/" in entry["cr"] else int(entry["cr"])
    assert entry["prof"] == 2 + max(0, cr - 1) // 4


@pytest.mark.parametrize("cid", IDS)
def test_hp_is_the_average_of_the_hit_dice(cid: str) -> None:
    entry = DATA[cid]
    dice = re.fullmatch(r"(\d+)d(\d+)(?:([+-]\d+))?", entry["hit_dice"])
    assert dice, entry["hit_dice"]
    count, sides, bonus = int(dice[1]), int(dice[2]), int(dice[3] or 0)
    assert bonus == mod(entry["con"]) * count
    assert entry["hp"] == count * (sides + 1) // 2 + bonus
    assert sides == HIT_DIE[entry["size"]], "the hit die follows the creature's size"


@pytest.mark.parametrize("cid", IDS)
def test_scores_saves_and_senses_are_in_range(cid: str) -> None:
    entry = DATA[cid]
    for ability in ABILITIES:
        assert 1 <= entry[ability] <= 30
        save = entry.get(f"save_{ability}")
        if save is not None:
            assert save == mod(entry[ability]) + entry["prof"], ability
    skill = entry["perception"] - 10 - mod(entry["wis"])
    assert skill in {0, entry["prof"], 2 * entry["prof"]}
    assert 5 <= entry["ac"] <= 25 and entry["hp"] > 0 and entry["speed"] >= 0


@pytest.mark.parametrize("cid", IDS)
def test_defences_name_srd_damage_types_and_conditions(cid: str) -> None:
    entry = DATA[cid]
    for key in ("resist", "immune", "vulnerable"):
        if key in entry:
            assert set(entry[key].split(", ")) <= DAMAGE_TYPES, entry[key]
    if "condition_immune" in entry:
        assert set(entry["condition_immune"].split(", ")) <= CONDITIONS
    if "recharge" in entry:
        assert re.fullmatch(r"[a-z' ]+ (?:[1-5]-6|6)", entry["recharge"]), entry["recharge"]
    for key in ("legendary_actions", "legendary_resistance"):
        if key in entry:
            assert entry[key] >= 1


@pytest.mark.parametrize("cid", IDS)
def test_every_attack_reads_in_the_compact_form(cid: str) -> None:
    entry = DATA[cid]
    for text in entry["atk"]:
        parts = parse_attack(text)
        assert "types" in parts, f"5e attacks name their damage type: {text!r}"
        assert ("reach" in parts) != ("range" in parts), f"reach or range: {text!r}"
        # The to-hit is the proficiency bonus plus one ability modifier, and the damage's
        # flat bonus is that modifier (or none).
        bonus = int(parts["bonus"])
        flat = re.search(r"([+-]\d+)$", parts["damage"])
        fitting = [a for a in ABILITIES if mod(entry[a]) + entry["prof"] == bonus]
        assert fitting, f"{text!r}: no ability gives {bonus:+d}"
        if flat:
            assert any(mod(entry[a]) == int(flat[1]) for a in fitting), text


def test_a_counted_attack_sits_under_its_multiattack_comment() -> None:
    tables = re.split(r"^\[", TEXT, flags=re.M)[1:]
    for table in tables:
        cid = table.split("]", 1)[0]
        if any((parse_attack(a).get("count") or "1") != "1" for a in DATA[cid]["atk"]):
            assert "# multiattack:" in table, cid


def test_every_name_a_gm_types_points_to_one_creature() -> None:
    seen: dict[str, str] = {}
    for cid, entry in DATA.items():
        for name in {cid, entry["en"], entry.get("es", ""), *entry.get("aliases", [])} - {""}:
            key = fold_text(name)
            assert seen.setdefault(key, cid) == cid, f"{name!r}: {seen[key]} and {cid}"


def test_the_file_keeps_the_plain_layout_the_lazy_reader_lists_quickly() -> None:
    """One `key = value` line a field, no multi-line arrays: adding one creature reads only it."""
    for number, line in enumerate(TEXT.splitlines(), 1):
        plain = not line.strip() or line.startswith("#") or re.fullmatch(r"\[[a-z0-9-]+\]", line)
        assert plain or re.match(r"[a-z_]+ = \S", line), f"line {number}: {line!r}"


def test_sources_name_the_srd_stat_block() -> None:
    for cid, entry in DATA.items():
        assert re.fullmatch(
            r"SRD 5\.2, (?:Monsters A–Z|Animals): .+ \(CC-BY-4\.0\)", entry["source"]
        ), cid
        assert entry["en"] in entry["source"], cid


@pytest.mark.parametrize(
    "bad",
    [
        "scimitar 1d6+2 slashing reach 5",  # no bonus
        "scimitar +4 slashing reach 5",  # no damage
        "scimitar +4 1d6+2 slashing reach 5 reach 10",  # two reaches
        "scimitar +4 1d6+2 slashing feet 5",  # unknown token
        "scimitar +4 1d6+2 slashing reach 5 plus",  # empty rider
    ],
)
def test_the_attack_check_refuses_broken_strings(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_attack(bad)


def test_the_attack_check_reads_a_full_attack() -> None:
    parts = parse_attack("3 rends +14 1d10+8 slashing reach 10 plus 2d4 fire")
    assert parts == {
        "count": "3", "name": "rends", "bonus": "+14", "damage": "1d10+8",
        "types": "slashing", "reach": "reach 10", "riders": "2d4 fire",
    }
    assert parse_attack("shortbow +4 1d6+2 piercing range 80/320")["range"] == "range 80/320"
