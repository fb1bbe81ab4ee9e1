"""Built-in game rulesets. Each is discovered through the ``gm_console.rulesets``
entry-point group, exactly like a third-party package would be."""
