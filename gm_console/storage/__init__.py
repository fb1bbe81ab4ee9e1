"""Saves: the TOML codec, atomic writes, the O(1) action journal, user folders."""

from .encounter import Encounter
from .store import SaveError

__all__ = ["Encounter", "SaveError"]
