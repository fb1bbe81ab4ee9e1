"""The command language: a line in, an entry in the log out.

The verbs' registry and argument kinds (``verbs``), the core's verbs (``core_verbs``), the
plain parser (``commands``), the handlers of the generic verbs (``handlers``, ``hiding``,
``group_verbs``), what a ``key=value`` or a figure's word means (``sheets``,
``figure_words``), and the session that runs a line with its history, undo and redo
(``session``, ``replay``).

Imports the rules and the core (pyproject.toml's import contracts; docs/ARCHITECTURE.md).
"""
