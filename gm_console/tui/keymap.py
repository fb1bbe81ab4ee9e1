"""User key remapping: ``[keys]`` in keymap.toml, applied through Textual's keymap.

Binding ids are the public names (``next``, ``damage``...); the file may give
several keys for one id ("d,f2"). Textual applies the keymap by id wherever the binding
is, on the screen or on a pane (``Screen._binding_chain``). Unknown ids and keys given to
two actions live at once (a screen key and a pane's, ``bindings.LIVE_TOGETHER``) are
reported as one-line warnings instead of silently doing something odd.
"""

from __future__ import annotations

from gm_console.engine.core.contract import listing

from .bindings import LIVE_TOGETHER, all_ids


def check_keymap(keys: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """(the keymap to apply, problems). Unknown ids are dropped."""
    known = set(all_ids())
    good: dict[str, str] = {}
    problems: list[str] = []
    for bid, key in keys.items():
        if bid not in known:
            problems.append(f"unknown key id {bid!r} in [keys]; ids: {listing(sorted(known))}")
            continue
        good[bid] = key
    for tables in LIVE_TOGETHER:
        taken: dict[str, str] = {}
        for spec in (spec for specs in tables for spec in specs):
            for key in good.get(spec.id, spec.key).split(","):
                key = key.strip()
                if key in taken and taken[key] != spec.id:
                    problem = f"key {key!r} is given to both {taken[key]!r} and {spec.id!r}"
                    if problem not in problems:  # the screen's keys are live with each pane
                        problems.append(problem)
                taken[key] = spec.id
    return good, problems
