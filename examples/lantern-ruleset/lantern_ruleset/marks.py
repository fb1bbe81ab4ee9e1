"""Lantern's marks: what it keeps on a combatant that no stat block holds.

A mark is declared once, here, with the type of its value and what it records; the game reads
``RALLIED.of(c)`` and writes ``ctx.set_mark(c, RALLIED, True)`` (None clears). A typo in the
name is an error at import, a value of another type an error where it is set; the save holds
the key, "rallied", as text.
"""

from gm_console.ruleset import Mark

RALLIED = Mark("rallied", bool, "it has rallied this combat: once per combat", owner="lantern")
