"""The core: what a fight is and how it changes.

The state (``state``) and the events (``events``) that change it, the fold that applies them
(``apply``), the Context every change goes through (``context``), the ruleset contract
(``contract/``), dice, errors, the typed arguments of a logged sentence (``told``), the
bestiary a session is handed and a stat block's attacks, and the words the core says things
with (``text``, ``words``, ``labels``, ``weapon_names``, ``creature_types``).

Imports nothing else of the engine (pyproject.toml's import contracts; docs/ARCHITECTURE.md).
"""
