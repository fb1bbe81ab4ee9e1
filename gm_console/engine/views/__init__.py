"""The views: what is read out of a fight, never changing it.

Log lines (``describe``), exports (``export``), the condition timeline (``timeline``), what
the players may read (``players_filter``), the round report (``post``), the summary after a
fight (``aftermath``) and a campaign's record (``record``).

Imports every other room of the engine; none imports it (pyproject.toml's import contracts).
"""
