"""Ruleset discovery: built-ins and third-party packages through the same entry point."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gm_console import plugins

ROOT = Path(__file__).resolve().parent.parent


def test_builtins_are_discovered_through_entry_points():
    """Every game shipped under rulesets/ is declared as an entry point (a new game folder
    without its line in pyproject.toml would never reach the picker), and loads by its id."""
    shipped = sorted(p.name for p in ROOT.joinpath("rulesets").iterdir() if (p / "__init__.py").exists())
    builtin = [i for i in plugins.available() if i.builtin]
    assert sorted(i.id for i in builtin) == shipped
    assert all(i.target.startswith(f"rulesets.{i.id}:") for i in builtin)
    for rid in shipped:
        assert plugins.load(rid).id == rid


def test_unknown_id_lists_the_installed_ones():
    with pytest.raises(plugins.UnknownRuleset) as exc:
        plugins.load("chess")
    assert "unknown ruleset 'chess'; installed: " in str(exc.value)
    assert "generic" in str(exc.value)


def test_a_third_party_package_adds_a_game(tmp_path):
    """A separate package declaring the entry point is found, listed and used like a built-in."""
    (tmp_path / "kobold_rules.py").write_text(textwrap.dedent('''
        from gm_console.ruleset import Health, Ruleset, Sheet, StatField, part

        class KoboldSheet(Sheet):
            def stat_block(self):
                return (StatField("hp", "pool", health=1),)

        class KoboldHealth(Health):
            def damage(self, ctx, target, amount, types):
                ctx.set_pool(target, "hp", target.pools["hp"].value - 2 * amount)

        class Kobold(Ruleset):
            id = "kobold"
            name = "Kobold Press Lite"
            version = "0.3"
            sheet = part(KoboldSheet)
            health = part(KoboldHealth)
    '''))
    dist = tmp_path / "kobold_rules-0.3.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: kobold-rules\nVersion: 0.3\n")
    (dist / "entry_points.txt").write_text("[gm_console.rulesets]\nkobold = kobold_rules:Kobold\n")
    code = textwrap.dedent(f'''
        import sys; sys.path.insert(0, {str(tmp_path)!r})
        from gm_console import plugins
        from gm_console.engine.language.session import Session
        info = {{i.id: i for i in plugins.available()}}["kobold"]
        s = Session(plugins.load("kobold"))
        s.execute("add Imp hp=10"); s.execute("dmg Imp 3")
        print(info.package, info.package_version, s.state.get("imp").pools["hp"].value)
    ''')
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["kobold-rules", "0.3", "4"]


def test_listing_does_not_import_plugins(tmp_path):
    """Entry points are read without importing every plugin: a broken one cannot stop the list."""
    _package(tmp_path / "broken_rules-1.0.dist-info", "[gm_console.rulesets]\nbroken = no_such_module:Nope\n",
             METADATA="Metadata-Version: 2.1\nName: broken-rules\nVersion: 1.0\n")
    code = (f"import sys; sys.path.insert(0, {str(tmp_path)!r})\n"
            "from gm_console import plugins\n"
            "print(sorted(plugins.installed_ids()))\n"
            "try:\n    plugins.load('broken')\nexcept plugins.UnknownRuleset as e:\n    print('ERR', e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "'broken'" in out.stdout and "'generic'" in out.stdout
    assert "ERR ruleset 'broken' (no_such_module:Nope) failed to load" in out.stdout


def test_builtin_rulesets_do_not_shadow_core_verbs():
    for rid in plugins.installed_ids():
        assert plugins.verb_clashes(plugins.load(rid)) == [], rid


def _as_importlib_metadata_finds(group: str) -> dict[str, tuple[str, str, str]]:
    from importlib.metadata import entry_points as listed

    found: dict[str, tuple[str, str, str]] = {}
    for ep in listed(group=group):
        found.setdefault(ep.name, (ep.value, ep.dist.name, ep.dist.version))
    return found


@pytest.mark.parametrize("group", [plugins.GROUP, "console_scripts", "pytest11"])
def test_the_entry_point_reader_finds_what_importlib_metadata_finds(group):
    """Every listing (opening a save, the picker, `gm-console rulesets`) reads entry_points.txt
    itself, no importlib.metadata: on this installation it finds the same entry points, in
    every group tried, the first of a name, with the same package names and versions."""
    from gm_console.entry_points import entry_points

    found = {name: (ep.value, ep.package, ep.version) for name, ep in entry_points(group).items()}
    assert found == _as_importlib_metadata_finds(group)
    assert found  # each group tried has something installed: the comparison means something
    if group == plugins.GROUP:
        assert {(i.id, i.package) for i in plugins.available()} >= {("generic", "gm-console")}


def test_the_reader_takes_a_third_party_package_and_the_first_of_a_name(tmp_path):
    """A package found twice on the path counts once (the first), and a ruleset id declared
    by two packages is the first one's, as importlib.metadata decides."""
    for folder, version, target in (("a", "1.0", "first_rules:One"), ("b", "2.0", "second_rules:Two")):
        _package(tmp_path / folder / f"Same_Rules-{version}.dist-info",
                 f"# a comment\n[gm_console.rulesets]\n  same = {target}  \n[other]\nx = y:z\n")
    _package(tmp_path / "b" / "other_rules-1.0.dist-info", "[gm_console.rulesets]\nsame = other_rules:Three\nmore = m:M\n")
    code = textwrap.dedent(f'''
        import sys; sys.path[:0] = [{str(tmp_path / "a")!r}, {str(tmp_path / "b")!r}]
        from gm_console.entry_points import entry_points
        from importlib.metadata import entry_points as listed
        mine = {{n: e.value for n, e in entry_points("gm_console.rulesets").items()}}
        theirs = {{}}
        for e in listed(group="gm_console.rulesets"):
            theirs.setdefault(e.name, e.value)
        print(mine == theirs, mine["same"], mine["more"])
    ''')
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "first_rules:One", "m:M"]


def test_an_egg_on_the_path_is_left_to_importlib_metadata(tmp_path):
    """An old-style install (.egg-info) is read by importlib.metadata, not skipped."""
    _package(tmp_path / "egg_rules.egg-info", "[gm_console.rulesets]\neggy = egg_rules:Eggy\n",
             **{"PKG-INFO": "Metadata-Version: 1.0\nName: egg-rules\nVersion: 1.0\n"})
    code = (f"import sys; sys.path.insert(0, {str(tmp_path)!r})\n"
            "from gm_console.entry_points import entry_points\n"
            "print(entry_points('gm_console.rulesets')['eggy'].value)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "egg_rules:Eggy"


def _package(folder: Path, entry_points: str, **files: str) -> None:
    """An installed package's metadata folder: its entry_points.txt and any other files."""
    folder.mkdir(parents=True)
    (folder / "entry_points.txt").write_text(entry_points)
    for name, text in files.items():
        (folder / name).write_text(text)
