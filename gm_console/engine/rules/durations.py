"""Spans of time as the GM types them (``6s``, ``3r``, ``10m``, ``1 hora``, ``8h``, ``1d``)."""

from __future__ import annotations

import re

from gm_console.i18n import Msg, _

from ..core.errors import CommandError
from ..core.text import fold_text

_DURATION = re.compile(r"^(\d+(?:\.\d+)?)\s*(s|sec|seg|r|rd|rds|round|rounds|asalto|asaltos|m|min|mins|minute|minutes|minuto|minutos|h|hr|hrs|hour|hours|hora|horas|d|day|days|dia|dias|día|días)?$")
_UNIT_SECONDS = {"s": 1, "sec": 1, "seg": 1, "m": 60, "min": 60, "mins": 60, "minute": 60,
                 "minutes": 60, "minuto": 60, "minutos": 60, "h": 3600, "hr": 3600, "hrs": 3600,
                 "hour": 3600, "hours": 3600, "hora": 3600, "horas": 3600, "d": 86400,
                 "day": 86400, "days": 86400, "dia": 86400, "dias": 86400, "día": 86400,
                 "días": 86400}
_ROUND_UNITS = {"r", "rd", "rds", "round", "rounds", "asalto", "asaltos"}


def parse_duration(text: str, seconds_per_round: int = 6) -> int:
    if text.strip().startswith("-"):
        raise CommandError(_("bad duration {text!r}: time only goes forward (e.g. 10m, 1h)", text=text))
    m = _DURATION.match(fold_text(text).replace(" ", "") if text else "")
    if not m:
        raise CommandError(_("bad duration {text!r}; expected e.g. 6s, 3r, 10m, 1h, 8h, 1d", text=text))
    amount = float(m.group(1))
    unit = m.group(2) or "r"
    seconds = amount * (seconds_per_round if unit in _ROUND_UNITS else _UNIT_SECONDS[unit])
    if seconds <= 0 or seconds > 366 * 86400:
        raise CommandError(_("duration {text!r} out of range (a second to a year)", text=text))
    return int(round(seconds))


def wall_time(seconds: float) -> Msg:
    """A span of the wall clock as a GM reads it: ``0:42`` and ``12:05`` under an hour, ``1 h 5
    min`` under a day, ``2 d 5 h`` beyond (a play-by-post fight, whose turns last days)."""
    whole = max(0, int(seconds))
    days, rest = divmod(whole, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return _("{d} d {h} h", d=days, h=hours)
    if hours:
        return _("{h} h {m} min", h=hours, m=minutes)
    return _("{m}:{s}", m=minutes, s=str(secs).zfill(2))
