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
        from gm_console.engine.session import Session
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
    dist = tmp_path / "broken_rules-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-rules\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[gm_console.rulesets]\nbroken = no_such_module:Nope\n")
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
