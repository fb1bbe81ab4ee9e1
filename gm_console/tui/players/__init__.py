"""The players' side of the table: a read-only live view of an encounter (``gm-console
players``), the same view served to web browsers (``gm-console serve --players``), and the
TUI's copy of the round report. Everything shown comes through ``engine.views.players_filter``."""
