"""Format 2, the save codec: exact for every value events hold, readable by any TOML reader,
and every [log] record checked, so damage is reported with its line and never replayed."""

from __future__ import annotations

import contextlib
import math
import tomllib

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import builtin_rulesets
from gm_console import plugins
from gm_console.storage import Encounter, SaveError
from gm_console.storage.codec import Document, decode, encode, encode_record, encode_records
from gm_console.storage.errors import CodecError

# Text a GM or a ruleset could put in a name or a note, with the characters that break
# hand-made encoders over-represented.
NASTY = st.sampled_from(['"', "'", "\\", "\n", "\r", "\t", "\x00", "\x1b", "\x7f", "\x9b", "\x85",
                         "\u2028", "\u2029", " =", " = ", "=", "~", "~~", "{", "}", "[", "]", ",", ", ",
                         "ck", '"~', "#", "é", "🐉", "\ufeff", "inf", "nan", "true", "1e5"])
TEXT = st.one_of(st.text(max_size=12), st.lists(NASTY | st.text(max_size=3), max_size=6).map("".join))
INTS = st.one_of(st.integers(-1000, 1000), st.integers(-(2 ** 63), 2 ** 63 - 1),
                 st.integers(-(10 ** 40), 10 ** 40), st.sampled_from([2 ** 63, -(2 ** 63) - 1, 2 ** 64]))
FLOATS = st.floats(allow_nan=False)  # inf allowed: TOML has it
SCALARS = st.none() | st.booleans() | INTS | FLOATS | TEXT
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(TEXT, inner, max_size=4), max_leaves=20)
EVENT = st.dictionaries(TEXT, VALUES, max_size=5).map(lambda d: {"t": "Anything", **d})
RECORD = st.one_of(
    st.fixed_dictionaries({"r": INTS, "do": TEXT, "ev": st.lists(EVENT, max_size=3)}),
    st.fixed_dictionaries({"undo": st.integers(1, 10 ** 6)}),
    st.fixed_dictionaries({"redo": st.integers(1, 10 ** 6)}),
)


def same(a, b) -> bool:
    """Equal, and of the same types all the way down (1 is not 1.0, True is not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float):
        return math.isnan(b) if math.isnan(a) else a == b and math.copysign(1, a) == math.copysign(1, b)
    return a == b


def numbered(records):
    return [{**r, "n": i} for i, r in enumerate(records, 1)]  # decode puts n last


def slow(text: str) -> Document:
    """The same text read by tomllib alone (the fast path bails out on a non-canonical [log])."""
    return decode(text.replace("\n[log]\n", "\n[log] \n"))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(RECORD, min_size=1, max_size=4), st.dictionaries(TEXT, VALUES, max_size=3), TEXT)
@example([{"r": 0, "do": 'note a = b, c = "d"', "ev": [{"t": "Note", "x": None, "~": {"~": None}}]}],
         {"~": None}, "name\n\x1b")
def test_every_value_round_trips_exactly_through_both_readers(records, options, name):
    doc = Document(format=2, ruleset="generic", name=name, created="2026-01-01T00:00:00+00:00",
                   options=options, records=numbered(records))
    text = encode(doc)
    data = tomllib.loads(text)  # any TOML reader reads it: no second parser
    assert sorted(data["log"], key=int) == [str(r["n"]) for r in doc.records]
    for back in (decode(text), slow(text)):
        assert same(back.records, doc.records)
        assert same(back.options, options) and back.name == name
    lines = text.split("\n")
    start = lines.index("[log]") + 1
    for record, line in zip(decode(text).records, lines[start:]):
        assert encode_record(record) == line + "\n"  # one canonical line per record


@settings(max_examples=100, deadline=None)
@given(st.lists(RECORD, min_size=2, max_size=5))
def test_a_batch_reads_back_as_the_records_it_holds(records):
    doc = Document(format=2, ruleset="generic")
    text = encode(doc) + encode_records(numbered(records))
    assert same(decode(text).records, numbered(records))
    assert decode(text).more == list(range(len(records) - 1, -1, -1))


def test_a_line_looks_as_the_issue_asks():
    line = encode_record({"n": 12, "r": 2, "do": "dmg Goblin 5",
                          "ev": [{"t": "PoolSet", "id": "goblin-1", "pool": "hp", "value": 2, "rounds": None}]})
    assert line.startswith('12 = {r = 2, do = "dmg Goblin 5", ev = [{t = "PoolSet", id = "goblin-1", '
                           'pool = "hp", value = 2, rounds = {"~" = "null"}}], ck = "')
    assert line.endswith('"}\n') and line.count("\n") == 1


def test_huge_integers_and_infinity_are_exact_and_still_toml():
    doc = Document(format=2, ruleset="generic",
                   records=[{"r": 0, "do": "x", "ev": [{"t": "X", "big": 10 ** 30, "neg": -(2 ** 63) - 1,
                                                        "f": float("inf"), "g": -float("inf"),
                                                        "h": 1e16, "i": -0.0, "j": 5e-324}], "n": 1}])
    text = encode(doc)
    assert '{"~" = "1000000000000000000000000000000"}' in text and "f = inf" in text
    assert same(decode(text).records, doc.records) and same(slow(text).records, doc.records)


def test_a_broken_character_is_refused_not_written():
    with pytest.raises(CodecError, match="not valid Unicode"):
        encode_record({"n": 1, "r": 0, "do": "note \udcff", "ev": []})


def test_values_that_nest_too_deep_are_refused_in_one_line():
    deep: list = []
    for _ in range(200):
        deep = [deep]
    with pytest.raises(CodecError, match="nest"):
        encode_record({"n": 1, "r": 0, "do": "x", "ev": [{"t": "X", "v": deep}]})


# -- damage ---------------------------------------------------------------------------------
@pytest.fixture
def saved(tmp_path):
    with Encounter.create(tmp_path / "f.toml", "generic") as enc:
        for line in ["add Kyra pc hp=30", "add Goblin x3 hp=7", "init Kyra 15", 'init "Goblin 1" 12',
                     'init "Goblin 2" 10', 'init "Goblin 3" 3', "start", "dmg Kyra 5", 'note the "ferns" = cover',
                     "cond Kyra shaken 2", "next", "undo", "redo", "next"]:
            enc.execute(line)
    return enc.path


def log_region(raw: bytes) -> tuple[int, int]:
    start = raw.index(b"\n[log]\n") + len(b"\n[log]\n")
    return start, len(raw)


def records_of(path):
    return [(e.n, e.line) for e in Encounter.open(path, read_only=True).session.done]


@contextlib.contextmanager
def changed(path, data: bytes):
    """The save holds ``data`` for the test's body, then what it held before."""
    original = path.read_bytes()
    path.write_bytes(data)
    try:
        yield
    finally:
        path.write_bytes(original)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_bit_flipped_in_the_log_is_reported_with_its_line_never_replayed(saved, data):
    original = saved.read_bytes()
    good = records_of(saved)
    start, end = log_region(original)
    pos = data.draw(st.integers(start, end - 1), label="byte")
    bit = data.draw(st.integers(0, 7), label="bit")
    damaged = bytearray(original)
    damaged[pos] ^= 1 << bit
    with changed(saved, bytes(damaged)):
        try:
            enc = Encounter.open(saved)
        except SaveError as exc:
            message = str(exc)
            assert "\n" not in message and "line " in message and "f.toml" in message
            assert saved.read_bytes() == bytes(damaged)  # never overwritten
            return
        with enc:
            assert [(e.n, e.line) for e in enc.session.done] == good and enc.warning is None, (pos, bit)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_cut_of_the_log_opens_as_a_prefix_of_the_actions(saved, data):
    """A crash cuts the file anywhere: what opens is the actions fully written, in order."""
    original = saved.read_bytes()
    good = records_of(saved)
    start, end = log_region(original)
    cut = data.draw(st.integers(start - 1, end), label="cut")
    with changed(saved, original[:cut]), Encounter.open(saved) as enc:
        done = [(e.n, e.line) for e in enc.session.done]
        warning = enc.warning
    assert done == good[:len(done)]
    mid_line = original[cut - 1:cut] != b"\n" and original[cut:cut + 1] not in (b"\n", b"")
    assert (warning is not None) == mid_line  # a line cut short is dropped, and said so


def test_a_flipped_bit_in_a_string_names_the_record_and_line(saved):
    lines = saved.read_text(encoding="utf-8").split("\n")
    line = next(i for i, ln in enumerate(lines, 1) if "ferns" in ln)
    lines[line - 1] = lines[line - 1].replace("ferns", "fern$", 1)
    saved.write_text("\n".join(lines), encoding="utf-8")
    before = saved.read_bytes()
    with pytest.raises(SaveError, match=rf"f.toml: line {line}: record \d+ is damaged: its checksum"):
        Encounter.open(saved)
    assert saved.read_bytes() == before


def test_a_record_turned_into_a_comment_is_damage_not_a_comment(tmp_path):
    """One bit turns a leading 3 into #: that record would vanish silently."""
    with Encounter.create(tmp_path / "c.toml", "generic") as enc:
        for n in range(1, 5):
            enc.execute(f"note {n}")
    text = enc.path.read_text(encoding="utf-8")
    enc.path.write_text(text.replace("\n3 = {", "\n# = {"), encoding="utf-8")
    with pytest.raises(SaveError, match="turned into a comment"):
        Encounter.open(enc.path)


def test_records_outside_log_are_damage_not_an_empty_encounter(saved):
    """`[log]` with a flipped bit is another table: the records must not silently vanish."""
    text = saved.read_text(encoding="utf-8")
    saved.write_text(text.replace("\n[log]\n", "\n[lng]\n"), encoding="utf-8")
    with pytest.raises(SaveError, match=r"under \[lng\] instead of \[log\]"):
        Encounter.open(saved)


def test_a_reformatted_record_keeps_its_checksum(saved):
    """A TOML tool may respace a line: the record is checked in its canonical form."""
    text = saved.read_text(encoding="utf-8")
    lines = text.split("\n")
    i = next(i for i, ln in enumerate(lines) if ln.startswith("8 = {"))
    lines[i] = lines[i].replace(" = ", "=").replace(", ", ",")
    saved.write_text("\n".join(lines), encoding="utf-8")
    assert records_of(saved)[7] == (8, "dmg Kyra 5")


def test_a_record_typed_by_hand_without_checksum_is_named(saved):
    with open(saved, "a", encoding="utf-8") as fh:
        fh.write('99 = {r = 1, do = "note by hand", ev = [{t = "Note", text = "by hand"}]}\n')
    with pytest.raises(SaveError, match="no checksum"):
        Encounter.open(saved)


@pytest.mark.parametrize("payload", ["[" * 100_000 + "]" * 100_000, "{a = " * 50_000 + "1" + "}" * 50_000,
                                     "1" + "0" * 5000, "1e400"])
@pytest.mark.parametrize("ck", [', ck = "00000000"', ""])
def test_hostile_values_are_one_line_errors_with_the_line_never_tracebacks(tmp_path, payload, ck):
    p = tmp_path / "h.toml"
    p.write_text(f'format = 2\nruleset = "generic"\n[log]\n1 = {{r = 0, do = "x", ev = {payload}{ck}}}\n',
                 encoding="utf-8")
    with pytest.raises(SaveError) as exc:
        Encounter.open(p)
    assert "\n" not in str(exc.value) and str(exc.value).startswith(f"{p}: line 4: ")


@pytest.mark.parametrize("payload", ["[" * 100_000 + "]" * 100_000, "1" + "0" * 5000])
def test_hostile_json_in_a_format_1_save_is_a_one_line_error(tmp_path, payload):
    p = tmp_path / "h.toml"
    p.write_text(f"format = 1\nruleset = \"generic\"\n[log]\n1 = '{{\"r\":0,\"do\":\"x\",\"ev\":{payload}}}'\n",
                 encoding="utf-8")
    with pytest.raises(SaveError) as exc:
        Encounter.open(p)
    assert "\n" not in str(exc.value) and "line 4" in str(exc.value)


@pytest.mark.parametrize("header", ["format = true", 'format = "2"', "format = 2.0", "format = 0"])
def test_format_must_be_a_whole_number_not_a_bool(tmp_path, header):
    p = tmp_path / "b.toml"
    p.write_text(f'{header}\nruleset = "generic"\n\n[log]\n', encoding="utf-8")
    with pytest.raises(SaveError, match="format"):
        Encounter.open(p)


# -- [options]: the GM's house rules survive every read and write of the save --------------------

WITH_OPTIONS = [r for r in builtin_rulesets() if plugins.load(r).options()]


@st.composite
def house_rules(draw):
    """A game with options and a value for each of them, from the choices it declares."""
    ruleset_id = draw(st.sampled_from(WITH_OPTIONS))
    return ruleset_id, {o.key: draw(st.sampled_from(o.choices)) for o in plugins.load(ruleset_id).options()}


@settings(max_examples=25, deadline=None)
@given(house_rules(), st.sampled_from(["append", "rewrite", "copy"]))
def test_options_are_kept_when_a_save_is_read_and_written(tmp_path_factory, rules, write):
    """The save's [options] (README "Saves": the header is the GM's to edit) are what the next
    read finds, in the file and in the rules the encounter plays by, whatever wrote the file
    last: an appended action, a rewrite (a table after [log]), or a copy rebuilt from memory."""
    ruleset_id, options = rules
    path = tmp_path_factory.mktemp("options") / "fight.toml"
    Encounter.create(path, ruleset_id, options=options).close()
    if write == "rewrite":
        with open(path, "a", encoding="utf-8") as fh:
            fh.write('\n[gm_notes]\nlair = "behind the waterfall"\n')
    enc = Encounter.open(path)
    assert enc.doc.options == options and dict(enc.state.options) == options
    enc.execute("note the goblins wait")
    if write == "copy":
        path.unlink()  # the copy is rebuilt from memory, header included
        enc = enc.save_as_copy(path.with_name("copy.toml"))
        path = enc.path
    enc.close()
    text = path.read_text(encoding="utf-8")
    assert tomllib.loads(text)["options"] == options  # any TOML reader, the GM's editor
    again = Encounter.open(path)
    assert again.doc.options == options and dict(again.state.options) == options
    assert [e.line for e in again.session.done] == ["note the goblins wait"]
