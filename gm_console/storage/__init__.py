"""Saves: the TOML codec, atomic writes, the O(1) action journal, the lock, user folders.

``Encounter``, ``SaveError`` and ``SaveExists`` are loaded when first asked for, so a module
of this package that needs none of them (``cachefolder``, ``lastscreen``: the last screen
painted before the program loads) is imported without the engine.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: importing typing is 9 ms of a start that paints first
if TYPE_CHECKING:
    from .encounter import Encounter
    from .errors import SaveError, SaveExists

__all__ = ["Encounter", "SaveError", "SaveExists"]


def __getattr__(name: str) -> object:
    if name == "Encounter":
        from .encounter import Encounter

        return Encounter
    if name in ("SaveError", "SaveExists"):
        from . import errors

        return getattr(errors, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
