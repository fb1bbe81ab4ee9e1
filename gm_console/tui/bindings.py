"""Every key of the encounter screen, in one table: ids, default keys, help text.

The table is the single source for the footer, the help screen, the command
palette, the user keymap (ids are what ``keymap.toml`` names) and docs/keys.md
(scripts/keys_table.py); a test holds them together. Each key is at most one
keystroke that opens a modal or runs a command, so no action costs more than
two keystrokes plus its arguments.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding


@dataclass(frozen=True)
class KeySpec:
    id: str
    key: str
    action: str
    en: str
    es: str
    tip_en: str
    tip_es: str
    footer: bool = False  # shown in the footer (the rest are in help and the palette)
    display: str | None = None
    priority: bool = False  # before the focused widget's own binding for the same key

    def description(self, lang: str) -> str:
        return self.es if lang == "es" else self.en

    def tooltip(self, lang: str) -> str:
        return self.tip_es if lang == "es" else self.tip_en


ENCOUNTER_KEYS: tuple[KeySpec, ...] = (
    KeySpec("next", "n", "next", "Next", "Siguiente",
            "End this turn; the next combatant acts (round advances after the last)",
            "Termina el turno; actúa el siguiente (el asalto avanza tras el último)", footer=True),
    KeySpec("previous", "p", "previous", "Previous", "Anterior",
            "Step the turn marker back one slot (effects stay; undo takes them back)",
            "Retrocede el turno un puesto (los efectos se quedan; deshacer los quita)"),
    KeySpec("damage", "d", "damage", "Damage", "Daño",
            "Damage the selected combatant: amount or dice, type, nonlethal",
            "Daño al combatiente elegido: cantidad o dados, tipo, no letal", footer=True),
    KeySpec("heal", "h", "heal", "Heal", "Curar",
            "Heal the selected combatant", "Cura al combatiente elegido", footer=True),
    KeySpec("condition", "c", "condition", "Condition", "Estado",
            "Add a condition (search in English or Spanish, optional rounds)",
            "Añade un estado (busca en español o inglés, asaltos opcionales)", footer=True),
    KeySpec("uncondition", "C", "uncondition", "Remove cond.", "Quitar estado",
            "Remove one of the selected combatant's conditions",
            "Quita un estado del combatiente elegido", display="C"),
    KeySpec("delay", "w", "delay", "Delay", "Retrasar",
            "The active combatant delays (optionally until a count)",
            "El combatiente activo retrasa su turno (opcional: hasta una cuenta)", footer=True),
    KeySpec("ready", "r", "ready", "Ready", "Preparar",
            "The active combatant readies an action with a trigger; its turn ends",
            "El activo prepara una acción con un desencadenante; su turno termina", footer=True),
    KeySpec("trigger", "t", "trigger", "Trigger", "Disparar",
            "A readied action goes off now, before the active combatant",
            "Se dispara una acción preparada, antes del combatiente activo"),
    KeySpec("resume", "e", "resume", "Resume", "Reanudar",
            "A delaying combatant acts now, before the one who is up",
            "Un combatiente que retrasa actúa ahora, antes del que tiene el turno"),
    KeySpec("undo", "u", "undo", "Undo", "Deshacer",
            "Undo the last action (also after reopening the file)",
            "Deshace la última acción (también tras reabrir el archivo)", footer=True),
    KeySpec("redo", "U", "redo", "Redo", "Rehacer",
            "Redo the last undone action", "Rehace la última acción deshecha", display="U"),
    KeySpec("add", "a", "add", "Add", "Añadir",
            "Add combatants with a form built from the ruleset's stat block",
            "Añade combatientes con un formulario según la ficha del reglamento"),
    KeySpec("store_creature", "B", "store_creature", "To bestiary", "Al bestiario",
            "Store the selected combatant in your bestiary (add @NAME adds it in any encounter)",
            "Guarda al combatiente elegido en tu bestiario (add @NOMBRE lo añade en cualquier encuentro)",
            display="B"),
    KeySpec("party", "P", "party_write_back", "Party", "Grupo",
            "Write what lasted of the PCs (HP, conditions...) back to the party; offered when a combat ends",
            "Guarda en el grupo lo que dura de los PJ (PG, estados...); se ofrece al acabar un combate",
            display="P"),
    KeySpec("remove", "x", "remove", "Remove", "Quitar",
            "Remove the selected combatant (asks first)",
            "Quita al combatiente elegido (pregunta antes)"),
    KeySpec("roll", "i", "roll_initiative", "Initiative", "Iniciativa",
            "Initiative for everyone without one: type the players' rolls (PCs first, Tab between), the rest are rolled",
            "Iniciativa de quien no la tenga: escribe las tiradas de los jugadores (PJ primero, Tab entre ellas), el resto se tira"),
    KeySpec("start", "s", "start", "Start", "Empezar",
            "Start the combat: round 1, the highest initiative acts",
            "Empieza el combate: asalto 1, actúa la iniciativa más alta"),
    KeySpec("spend", "$", "spend", "Spend", "Gastar",
            "Spend from one of the selected combatant's resources",
            "Gasta de un recurso del combatiente elegido", display="$"),
    KeySpec("tick_action", "A", "tick_action", "Tick action", "Marcar acción",
            "Tick off one of this turn's actions (standard, move, swift...) where the ruleset counts them",
            "Marca una acción del turno (estándar, movimiento, rápida...) si el reglamento las cuenta",
            display="A"),
    KeySpec("dice", "R", "dice_tray", "Dice", "Dados",
            "Dice tray: roll any dice or make a check; the last rolls in view",
            "Bandeja de dados: tira cualquier dado o haz una prueba; con las últimas tiradas",
            display="R"),
    KeySpec("breakdown", "b", "breakdown", "Breakdown", "Desglose",
            "Show or hide how each figure is made (AC 15 = 17 - 2 shaken)",
            "Muestra u oculta cómo sale cada cifra (CA 15 = 17 - 2 estremecido)"),
    KeySpec("view", "v", "toggle_view", "Log/Timeline", "Registro/Línea",
            "Show the condition timeline alone in the lower pane, or the log again (wide screens: both side by side)",
            "Muestra sola la línea de estados en el panel inferior, o de nuevo el registro (pantallas anchas: los dos)"),
    KeySpec("help", "question_mark,f1", "help", "Help", "Ayuda",
            "Every key and the command language", "Todas las teclas y el lenguaje de comandos",
            footer=True, display="?"),
    KeySpec("command_bar", "colon", "command_bar", "Command", "Comando",
            "Open the command bar (the command language, with history and completion)",
            "Abre la barra de comandos (el lenguaje de comandos, con historial y compleción)",
            footer=True, display=":"),
    KeySpec("select_up", "up,k", "select(-1)", "Select up", "Elegir arriba",
            "Select the combatant above", "Elige al combatiente de arriba", display="↑/k"),
    KeySpec("select_down", "down,j", "select(1)", "Select down", "Elegir abajo",
            "Select the combatant below", "Elige al combatiente de abajo", display="↓/j"),
    KeySpec("select_active", "home", "select_active", "Select active", "Elegir activo",
            "Select the combatant whose turn it is", "Elige al combatiente que tiene el turno"),
    KeySpec("find", "slash", "find", "Find", "Buscar",
            "Select by typing: a few letters of a name (or a row number), then Enter",
            "Elige escribiendo: unas letras del nombre (o el número de fila) y Enter", footer=True, display="/"),
    KeySpec("mark", "space", "mark", "Mark", "Marcar",
            "Mark or unmark the selected combatant and go to the next; damage, healing and conditions then go to every marked one",
            "Marca o desmarca al elegido y pasa al siguiente; el daño, la curación y los estados van entonces a todos los marcados"),
    KeySpec("clear_marks", "escape", "clear_marks", "Unmark all", "Desmarcar",
            "Clear every mark", "Quita todas las marcas", display="Esc"),
    KeySpec("group", "g", "group", "Group", "Agrupar",
            "Group the marked combatants (one shared initiative, side by side); on a grouped one, break its group up",
            "Agrupa a los marcados (una iniciativa compartida, juntos); sobre uno agrupado, deshace su grupo"),
    KeySpec("accept", "y", "accept", "Run offer", "Aceptar",
            "Run the command the warning line offers ([y] on that line); ignoring it costs nothing",
            "Ejecuta el comando que ofrece la línea de avisos ([y] en esa línea); ignorarlo no cuesta nada"),
    KeySpec("log_up", "pageup", "scroll_log(-1)", "Log up", "Registro arriba",
            "Scroll the log back (older events)", "Sube por el registro (sucesos anteriores)"),
    KeySpec("log_down", "pagedown", "scroll_log(1)", "Log down", "Registro abajo",
            "Scroll the log forward (newer events)", "Baja por el registro (sucesos recientes)"),
    KeySpec("save", "ctrl+s", "save", "Save", "Guardar",
            "Save now (every action is already saved as it happens)",
            "Guarda ya (cada acción ya se guarda al hacerla)"),
    KeySpec("save_as", "S", "save_as", "Save as", "Guardar como",
            "Save a copy under another name and go on in it (the way out of a full disk or a read-only file)",
            "Guarda una copia con otro nombre y sigue en ella (la salida si el disco está lleno o es de solo lectura)",
            display="S"),
    KeySpec("end_fight", "E", "end_fight", "End fight", "Terminar",
            "End the fight (asks first, y/n), then its summary: rounds, fallen, damage, biggest hit, XP, what lasts",
            "Termina el combate (pregunta antes, s/n) y muestra su resumen: asaltos, caídos, daño, mayor golpe, PX, lo que dura",
            display="E"),
    KeySpec("quit", "q", "quit", "Quit", "Salir",
            "Quit (everything is already saved); an encounter opened from the picker goes back to it",
            "Salir (todo está ya guardado); un encuentro abierto desde la lista vuelve a ella"),
)

#: the summary after a fight (``screens/summary.py``)
SUMMARY_KEYS: tuple[KeySpec, ...] = (
    KeySpec("summary_party", "P", "party", "Write back", "Guardar en el grupo",
            "Write what lasted of the PCs back to the party the encounter started with (asks first)",
            "Guarda en el grupo con que empezó el encuentro lo que dura de los PJ (pregunta antes)",
            footer=True, display="P"),
    KeySpec("summary_close", "escape,enter,q", "close", "Close", "Cerrar",
            "Back to the encounter (the summary stays in `show` and `post`)",
            "Vuelve al encuentro (el resumen sigue en `show` y `post`)", footer=True, display="Esc"),
)

PICKER_KEYS: tuple[KeySpec, ...] = (
    KeySpec("open", "enter", "open", "Open", "Abrir",
            "Open the highlighted encounter (examples open as a copy)",
            "Abre el encuentro marcado (los ejemplos se abren como copia)", footer=True, priority=True),
    KeySpec("new", "N", "new", "New", "Nuevo",
            "Create a new encounter and choose its ruleset",
            "Crea un encuentro nuevo y elige su reglamento", footer=True, display="N"),
    KeySpec("rename", "r", "rename", "Rename", "Renombrar",
            "Rename the highlighted encounter (the name shown; the file stays)",
            "Cambia el nombre del encuentro marcado (el que se ve; el archivo se queda)", footer=True),
    KeySpec("duplicate", "c", "duplicate", "Duplicate", "Duplicar",
            "Make a copy of the highlighted encounter under a new name",
            "Hace una copia del encuentro marcado con otro nombre", footer=True),
    KeySpec("delete", "d,delete", "delete", "Delete", "Borrar",
            "Delete the highlighted encounter, after asking (it goes to the saves folder's .deleted)",
            "Borra el encuentro marcado, tras preguntar (va a .deleted en la carpeta de partidas)", footer=True),
    KeySpec("picker_help", "question_mark,f1", "help", "Help", "Ayuda",
            "Every key and the command language", "Todas las teclas y el lenguaje de comandos",
            footer=True, display="?"),
    KeySpec("picker_quit", "q", "app.quit", "Quit", "Salir", "Quit", "Salir", footer=True),
)


def spec(binding_id: str) -> KeySpec:
    for s in ENCOUNTER_KEYS + PICKER_KEYS + SUMMARY_KEYS:
        if s.id == binding_id:
            return s
    raise KeyError(binding_id)


# What a read-only console (another program holds the save) still does: look, save a copy, quit.
# Every other key answers with who holds the file.
READ_ONLY_KEYS = frozenset({"breakdown", "view", "help", "command_bar", "select_up", "select_down", "find", "mark", "clear_marks",
                            "summary_close",
                            "select_active", "log_up", "log_down", "save", "save_as", "quit",
                            "open", "picker_help", "picker_quit", "new", "rename", "duplicate", "delete"})


def bindings_for(specs: tuple[KeySpec, ...], lang: str, read_only: bool = False) -> list[Binding]:
    return [
        Binding(s.key, "read_only" if read_only and s.id not in READ_ONLY_KEYS else s.action,
                s.description(lang), show=s.footer, key_display=s.display,
                tooltip=s.tooltip(lang), id=s.id, priority=s.priority)
        for s in specs
    ]


def shown_key(app, binding_id: str) -> str:
    """How the key for ``binding_id`` is written, as the user's keymap.toml has it."""
    keymap = dict(getattr(app, "user_keys", {}) or {})
    keys = keymap.get(binding_id, spec(binding_id).key)
    return key_label(keys.split(",")[0])


def all_ids() -> list[str]:
    return [s.id for s in ENCOUNTER_KEYS + PICKER_KEYS + SUMMARY_KEYS]


_KEY_NAMES = {"question_mark": "?", "colon": ":", "dollar_sign": "$", "up": "↑", "down": "↓",
              "home": "Home", "enter": "Enter", "slash": "/", "pageup": "PgUp", "pagedown": "PgDn", "space": "Space", "escape": "Esc", "tab": "Tab"}


def key_label(keys: str) -> str:
    """``question_mark,f1`` -> ``? / F1``: how a key is written for people."""
    out = []
    for key in keys.split(","):
        key = key.strip()
        parts = key.split("+")
        last = parts[-1]
        parts[-1] = _KEY_NAMES.get(last, last.upper() if len(last) > 1 or len(parts) > 1 else last)
        out.append("+".join(p.capitalize() if i < len(parts) - 1 else p for i, p in enumerate(parts)))
    return " / ".join(out)


def markdown_table() -> str:
    """docs/keys.md (scripts/keys_table.py writes it; a test checks it matches)."""
    lines = [
        "<!-- Generated by scripts/keys_table.py from gm_console/tui/bindings.py; do not edit by hand. -->",
        "",
        "# Keys",
        "",
        "Every key in gm-console, as `?` (F1) lists them in the program. The command language behind",
        "them is in [commands.md](commands.md); Spanish speakers see every label in Spanish.",
        "",
        "## Encounter screen",
        "",
        "| Key | Id | What it does |",
        "|---|---|---|",
    ]
    lines += [f"| `{key_label(s.key)}` | `{s.id}` | {s.tip_en} |" for s in ENCOUNTER_KEYS]
    lines += ["", "## Encounter picker", "", "| Key | Id | What it does |", "|---|---|---|"]
    lines += [f"| `{key_label(s.key)}` | `{s.id}` | {s.tip_en} |" for s in PICKER_KEYS]
    lines += ["", "## After the fight", "", "| Key | Id | What it does |", "|---|---|---|"]
    lines += [f"| `{key_label(s.key)}` | `{s.id}` | {s.tip_en} |" for s in SUMMARY_KEYS]
    lines += [
        "",
        "`Ctrl+P` opens the command palette with every action. Any key can be remapped by its id in",
        "`keymap.toml` in the config folder (`[keys]` `next = \"space\"`); the same file takes",
        "`[settings]` `dice = \"ask\"` (prompt for physical dice), `lang = \"es\"` and `groups = \"block\"`",
        "(`n` ends a whole group's turns at once; the default `\"each\"` steps through its members).",
        "",
    ]
    return "\n".join(lines)
