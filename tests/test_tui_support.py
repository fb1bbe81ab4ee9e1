"""Helpers for the TUI tests: a demo ruleset with everything a pane can draw, and app builders.

The demo ruleset stands in for the real games (which land separately): it has
a catalogue with Spanish names, a GM-only resource, stamina and HP, figures
with a breakdown, a dying countdown, a warning and an action budget. It is
registered for the test only, by patching ``plugins.load``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gm_console import plugins
from gm_console.ruleset import (ActionSlot, ConditionDef, Conditions, Figure, Health, Mark, Pending, Ruleset, Sheet,
                                StatField, Turns, Verb, Who, Word, part)
from gm_console.engine.core.dice import Dice
from gm_console.storage import Encounter

ROOT = Path(__file__).resolve().parent.parent


class DemoSheet(Sheet):
    def stat_block(self):
        return (
            StatField("stamina", "pool", en="Stamina points", es="Puntos de aguante", health=1),
            StatField("hp", "pool", en="Hit points", es="Puntos de vida", health=2),
            StatField("hero", "pool", en="Hero points", es="Puntos de héroe", gm_only=True),
            StatField("init", "int", default=0, en="Initiative bonus", es="Bono de iniciativa"),
            StatField("ac", "int", default=10, en="Armor class", es="Clase de armadura"),
            StatField("size", "choice", choices=("small", "medium", "large"), en="Size", es="Tamaño"),
            StatField("pc", "bool", default=False, en="Player character", es="Personaje jugador"),
        )

    def effective(self, state, c):
        base = int(c.stats.get("ac", 10) or 10)
        parts = []
        for inst in self.rules.conditions.active(c):
            delta = self.rules.conditions.catalogue.define(inst.cond).modifiers.get("ac")
            if delta:
                parts.append((self.rules.conditions.catalogue.define(inst.cond).name("en").lower(), delta))
        return {"ac": Figure(base + sum(d for _, d in parts), base, tuple(parts))}

    def status(self, state, c, lang="en"):
        if c.life == "dying":
            hp = c.pools["hp"].value
            return [f"dies at -10 ({hp + 10} to go)" if lang == "en" else f"muere en -10 (faltan {hp + 10})"]
        return []

    def action_budget(self, state, c):
        used = c.marks.get("used", ())
        return [ActionSlot(a, a.capitalize(), es, a in used) for a, es in
                (("standard", "Estándar"), ("move", "Movimiento"), ("swift", "Rápida"))]


class DemoConditions(Conditions):
    def definitions(self):
        return (
            ConditionDef("stunned", "Stunned", "Aturdido", summary_en="drops what it holds, no actions",
                         summary_es="suelta lo que lleva, sin acciones"),
            ConditionDef("shaken", "Shaken", "Estremecido", modifiers={"ac": -2},
                         summary_en="-2 to AC", summary_es="-2 a la CA"),
            ConditionDef("flat-footed", "Flat-footed", "Desprevenido"),
            ConditionDef("bleed", "Bleed", "Sangrado", valued=True, stack="sum"),
        )


class DemoHealth(Health):
    def damage(self, ctx, target, amount, types):
        hp = target.pools["hp"]
        new = hp.value - amount
        ctx.set_pool(target, "hp", new)
        if new < 0:
            ctx.set_life(target, "dying", rule="demo: below 0 HP")


USED = Mark("used", tuple[str, ...], "the actions the demo's `use` ticked this turn", owner="tui-demo")


class DemoTurns(Turns):
    def on_turn_start(self, ctx, c):
        ctx.set_mark(c, USED, None)


def _use(ctx, call):
    c = ctx.combatant(call.who)
    ctx.set_mark(c, USED, tuple(USED.of(c, ())) + (call.action,))


class DemoRuleset(Ruleset):
    id = "tui-demo"
    name = "TUI demo"
    sheet = part(DemoSheet)
    health = part(DemoHealth)
    conditions = part(DemoConditions)
    turns = part(DemoTurns)

    def pending(self, state):
        return [Pending(c.id, f"{c.name} is dying: Con check at the start of its turn",
                        f"{c.name} está moribundo: tirada de Con al empezar su turno")
                for c in state.combatants.values() if c.life == "dying"]

    def verbs(self):
        return (Verb("use", (Who("who"), Word("action", meta="ACTION")), _use, "tick an action off"),)


@pytest.fixture
def demo_ruleset(monkeypatch):
    real = plugins.load
    demo = DemoRuleset()

    def load(ruleset_id):
        return demo if ruleset_id == DemoRuleset.id else real(ruleset_id)

    monkeypatch.setattr(plugins, "load", load)
    return demo


def make_encounter(tmp_path: Path, lines: list[str], ruleset: str = "generic",
                   name: str = "test") -> Encounter:
    enc = Encounter.create(tmp_path / f"{name}.toml", ruleset, name=name)
    dice = Dice.from_rolls([], seed=7)
    for line in lines:
        enc.execute(line, dice)
    return enc


def copy_example(tmp_path: Path, stem: str) -> Path:
    target = tmp_path / f"{stem}.toml"
    shutil.copyfile(ROOT / "saves" / f"{stem}.toml", target)
    return target


SKIRMISH = [
    "add Kyra pc hp=20 init=3",
    "add Goblin x2 hp=7 init=1",
    "init Kyra 15",
    "init \"Goblin 1\" 12",
    "init \"Goblin 2\" 8",
    "start",
]


def drive(fn):
    """Run an async Pilot test without an asyncio pytest plugin (none is a dependency)."""
    import asyncio
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return asyncio.run(fn(*args, **kwargs))

    return wrapper


def picker_library(tmp_path: Path, monkeypatch, names: tuple[str, ...], examples: tuple[str, ...] = ()) -> None:
    """The GM's saves folder holding the generic example under each of ``names`` (one hour apart
    from 2026-01-01 00:00 UTC), the bundled examples only ``examples``, dates in UTC."""
    import datetime
    import os
    import re

    from gm_console.storage import library
    from gm_console.storage.paths import saves_dir
    from gm_console.tui.screens import picker

    bundled = tmp_path / "bundled"
    bundled.mkdir()
    for stem in examples:
        shutil.copyfile(ROOT / "saves" / f"{stem}.toml", bundled / f"{stem}.toml")
    monkeypatch.setattr(library, "bundled_saves_dir", lambda: bundled)
    monkeypatch.setattr(picker, "when", lambda mtime: datetime.datetime.fromtimestamp(
        mtime, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"))  # the same picture in any time zone
    folder = saves_dir()
    folder.mkdir(parents=True)
    text = (ROOT / "saves" / "generic.toml").read_text(encoding="utf-8")
    for n, name in enumerate(names):
        target = folder / f"table-{n}.toml"
        target.write_text(re.sub(r'(?m)^name = ".*"$', f'name = "{name}"', text), encoding="utf-8")
        os.utime(target, (1_767_225_600 + n * 3600,) * 2)
