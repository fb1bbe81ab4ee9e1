"""Saves: the TOML codec, atomic writes, the O(1) action journal, the lock, user folders."""

from .encounter import Encounter
from .errors import SaveError, SaveExists

__all__ = ["Encounter", "SaveError", "SaveExists"]
