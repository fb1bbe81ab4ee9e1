"""The rules every game shares, over the core.

Initiative order and turns (``order``, ``turns``, ``groups``), durations and effects
(``durations``, ``effects``), the dice tray's checks (``checks``), the one d20 attack flow
(``attack_flow``, ``offers``), poisons and diseases (``afflictions``), the d20 stacking rule
(``bonuses``), XP and difficulty tables (``experience``). A game's own rules are its ruleset's.

Imports the core only (pyproject.toml's import contracts; docs/ARCHITECTURE.md).
"""
