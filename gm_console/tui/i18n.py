"""Every label and message of the TUI, in English and Spanish.

One table rather than strings scattered through widgets, so a missing
translation is a test failure (tests/test_tui_i18n.py) instead of a surprise
at the table. Messages from the engine (command errors) stay in English: they
are the command language's own words.
"""

from __future__ import annotations

LANGS = ("en", "es")

TEXT: dict[str, tuple[str, str]] = {
    # header and panes
    "app_title": ("gm-console", "gm-console"),
    "round": ("Round {n}", "Asalto {n}"),
    "setup": ("Setting up: add combatants, roll initiative, start", "Preparación: añade combatientes, tira iniciativa, empieza"),
    "combat_over": ("Combat over", "Combate terminado"),
    "turn_of": ("{name}'s turn", "turno de {name}"),
    "initiative": ("Initiative", "Iniciativa"),
    "sheet": ("Sheet", "Ficha"),
    "log": ("Log", "Registro"),
    "timeline": ("Conditions by round", "Estados por asalto"),
    "warnings": ("Warnings", "Avisos"),
    "delaying": ("Delaying", "Retrasando"),
    "delaying_until": ("until {n}", "hasta {n}"),
    "holding": ("holding", "espera"),
    "readied": ("ready", "preparada"),
    "no_initiative": ("No initiative yet", "Sin iniciativa"),
    "empty_roster": ("No combatants yet: press {key} to add some.", "Aún no hay combatientes: pulsa {key} para añadir."),
    "nobody_selected": ("Nobody selected.", "Nadie elegido."),
    "setup_round": ("Before combat", "Antes del combate"),
    "no_events": ("Nothing has happened yet.", "Aún no ha pasado nada."),
    "no_conditions_timeline": ("No conditions so far.", "Ningún estado por ahora."),
    "more_above": ("▲ {n} more", "▲ {n} más"),
    "more_below": ("▼ {n} more", "▼ {n} más"),
    # sheet sections
    "pools": ("Pools", "Reservas"),
    "figures": ("Figures", "Cifras"),
    "conditions": ("Conditions", "Estados"),
    "resources": ("Resources", "Recursos"),
    "stats": ("Stats", "Atributos"),
    "status": ("Status", "Situación"),
    "actions": ("Actions this turn", "Acciones del turno"),
    "no_conditions": ("none", "ninguno"),
    "rounds_left": ("{n} rounds left", "quedan {n} asaltos"),
    "one_round_left": ("1 round left", "queda 1 asalto"),
    "until_removed": ("until removed", "hasta que se quite"),
    "clock_of": ("counts on {name}'s turn", "cuenta en el turno de {name}"),
    "gm_only": ("GM", "DJ"),
    "breakdown_hint": ("{key}: breakdown", "{key}: desglose"),
    "side_pc": ("PC", "PJ"),
    "side_ally": ("ally", "aliado"),
    "side_foe": ("foe", "enemigo"),
    "init_short": ("init {n}", "inic {n}"),
    "life_ok": ("ok", "bien"),
    "life_disabled": ("disabled", "incapacitado"),
    "life_staggered": ("staggered", "grogui"),
    "life_unconscious": ("unconscious", "inconsciente"),
    "life_dying": ("dying", "moribundo"),
    "life_stable": ("stable", "estable"),
    "life_dead": ("dead", "muerto"),
    "short_disabled": ("disab.", "incap."),
    "short_staggered": ("stagg.", "grogui"),
    "short_unconscious": ("uncon.", "incons."),
    "short_dying": ("dying", "morib."),
    "short_stable": ("stable", "estable"),
    "short_dead": ("dead", "muerto"),
    # notifications
    "saved": ("Saved to {path}", "Guardado en {path}"),
    "nothing_to_save": ("Everything is already saved ({path})", "Todo está ya guardado ({path})"),
    "cancelled": ("Cancelled: nothing changed", "Cancelado: nada ha cambiado"),
    "no_selection": ("Select a combatant first (↑/↓)", "Elige primero un combatiente (↑/↓)"),
    "no_delaying": ("No one is delaying", "Nadie está retrasando"),
    "no_readied": ("No one has a readied action", "Nadie tiene una acción preparada"),
    "no_conditions_to_remove": ("{name} has no conditions", "{name} no tiene estados"),
    "no_resources": ("{name} has no resources to spend", "{name} no tiene recursos que gastar"),
    "config_problem": ("Config: {text}", "Configuración: {text}"),
    "opened_copy": ("Opened a copy of the example: {path}", "Abierta una copia del ejemplo: {path}"),
    "created": ("Created {path}", "Creado {path}"),
    "ran": ("✓ {line}", "✓ {line}"),
    "read_only_head": ("READ-ONLY: {holder}", "SOLO LECTURA: {holder}"),
    "save_as_title": ("Save a copy and go on in it", "Guardar una copia y seguir en ella"),
    "save_as_path": ("File (Enter: {path})", "Archivo (Intro: {path})"),
    "saved_copy": ("Saved a copy: {path}; you are working on it now", "Copia guardada: {path}; ahora trabajas en ella"),
    # modals
    "damage_title": ("Damage {name}", "Daño a {name}"),
    "heal_title": ("Heal {name}", "Curar a {name}"),
    "target": ("Target", "Objetivo"),
    "amount": ("Amount or dice (7, 2d6+3)", "Cantidad o dados (7, 2d6+3)"),
    "damage_types": ("Types (fire, piercing...)", "Tipos (fuego, perforante...)"),
    "damage_types_known": ("Types: {types}", "Tipos: {types}"),
    "nonlethal": ("Nonlethal", "No letal"),
    "ok": ("OK", "Aceptar"),
    "cancel": ("Cancel", "Cancelar"),
    "yes": ("Yes", "Sí"),
    "no": ("No", "No"),
    "bad_amount": ("Amount: a number or dice like 2d6+3", "Cantidad: un número o dados como 2d6+3"),
    "condition_title": ("Condition on {name}", "Estado a {name}"),
    "search": ("Search (English or Spanish)", "Buscar (español o inglés)"),
    "rounds_opt": ("Rounds (empty: until removed)", "Asaltos (vacío: hasta que se quite)"),
    "value_opt": ("Value (bleed 2...)", "Valor (sangrado 2...)"),
    "free_label": ("New label: {text}", "Etiqueta nueva: {text}"),
    "no_match": ("No condition matches {text!r}", "Ningún estado coincide con {text!r}"),
    "bad_rounds": ("Rounds: a whole number from 1", "Asaltos: un número entero desde 1"),
    "bad_value": ("Value: a whole number from 0", "Valor: un número entero desde 0"),
    "uncond_title": ("Remove a condition from {name}", "Quitar un estado a {name}"),
    "add_title": ("Add combatants ({ruleset})", "Añadir combatientes ({ruleset})"),
    "name": ("Name", "Nombre"),
    "count": ("How many", "Cuántos"),
    "side": ("Side", "Bando"),
    "category": ("Kind", "Tipo"),
    "need_name": ("A name is needed", "Hace falta un nombre"),
    "bad_count": ("How many: 1 to 100", "Cuántos: de 1 a 100"),
    "dice_title": ("Roll a d{sides}", "Tira un d{sides}"),
    "dice_tray_title": ("Dice tray", "Bandeja de dados"),
    "dice_tray_recent": ("Last rolls (newest first)", "Últimas tiradas (la más reciente primero)"),
    "dice_tray_none": ("No rolls yet.", "Aún no hay tiradas."),
    "dice_tray_expr": ("Dice and a label, or a check line", "Dados y una etiqueta, o una línea de prueba"),
    "dice_tray_empty": ("Type dice like 1d20+5, or check NAME SKILL vs DC", "Escribe dados como 1d20+5, o check NOMBRE HABILIDAD vs CD"),
    "dice_for": ("for {purpose}", "para {purpose}"),
    "dice_value": ("Natural result (1-{sides})", "Resultado natural (1-{sides})"),
    "bad_die": ("A whole number from 1 to {sides}", "Un número entero de 1 a {sides}"),
    "delay_title": ("{name} delays", "{name} retrasa su turno"),
    "delay_count": ("Until initiative count (empty: hold the turn)", "Hasta la cuenta de iniciativa (vacío: esperar)"),
    "bad_number": ("A number, or empty", "Un número, o vacío"),
    "ready_title": ("{name} readies an action", "{name} prepara una acción"),
    "ready_trigger": ("Trigger (when the ogre moves...)", "Desencadenante (cuando el ogro se mueva...)"),
    "need_trigger": ("The trigger is needed", "Hace falta el desencadenante"),
    "resume_title": ("Who acts now?", "¿Quién actúa ahora?"),
    "trigger_title": ("Whose readied action goes off?", "¿De quién se dispara la acción preparada?"),
    "remove_confirm": ("Remove {name} from the encounter?", "¿Quitar a {name} del encuentro?"),
    "tick_title": ("{name}: which action is used?", "{name}: ¿qué acción gasta?"),
    "no_budget": ("{ruleset} does not count actions per turn", "{ruleset} no cuenta acciones por turno"),
    "budget_spent": ("{name} has used every action this turn", "{name} ya ha gastado todas sus acciones del turno"),
    "spend_title": ("{name} spends", "{name} gasta"),
    "resource": ("Resource", "Recurso"),
    "spend_amount": ("How many (empty: 1)", "Cuántos (vacío: 1)"),
    "quit_unsaved": ("Not saved: {error}\nQuit anyway and lose the last actions?",
                     "Sin guardar: {error}\n¿Salir igualmente y perder las últimas acciones?"),
    "pending_prompt": ("{text}\n\nRun: {line}?", "{text}\n\n¿Ejecutar: {line}?"),
    # command bar
    "command_placeholder": (": command (Tab completes, ↑/↓ history, Esc closes)", ": comando (Tab completa, ↑/↓ historial, Esc cierra)"),
    "candidates": ("Matches: {items}", "Opciones: {items}"),
    # picker
    "picker_title": ("Encounters", "Encuentros"),
    "picker_saved": ("Your encounters", "Tus encuentros"),
    "picker_examples": ("Examples (open as a copy)", "Ejemplos (se abren como copia)"),
    "picker_new": ("+ New encounter…", "+ Encuentro nuevo…"),
    "picker_none": ("No saved encounters yet.", "Aún no hay encuentros guardados."),
    "picker_round": ("round {n}", "asalto {n}"),
    "picker_not_started": ("not started", "sin empezar"),
    "picker_example": ("example", "ejemplo"),
    "picker_round_h": ("Round", "Asalto"),
    "picker_changed": ("Last change", "Último cambio"),
    "new_title": ("New encounter", "Encuentro nuevo"),
    "ruleset": ("Ruleset", "Reglamento"),
    "file_exists": ("{path} already exists; pick another name", "{path} ya existe; elige otro nombre"),
    # help
    "help_title": ("Help", "Ayuda"),
    "help_keys": ("Keys", "Teclas"),
    "help_language": ("The command language (the command bar, `gm-console exec`)", "El lenguaje de comandos (barra de comandos, `gm-console exec`)"),
    "help_aliases": ("Aliases", "Alias"),
    "help_ruleset_verbs": ("Verbs of {ruleset}", "Verbos de {ruleset}"),
    "help_keymap": ("Remap keys in {path}: [keys] next = \"n\"; [settings] dice = \"ask\", lang = \"es\"",
                    "Cambia las teclas en {path}: [keys] next = \"n\"; [settings] dice = \"ask\", lang = \"es\""),
    "help_close": ("Esc or q closes this help", "Esc o q cierra esta ayuda"),
    "palette_help": ("Key: {key}", "Tecla: {key}"),
    "help_palette": ("Ctrl+P: the command palette, every action by name", "Ctrl+P: la paleta de comandos, cada acción por su nombre"),
    "key": ("Key", "Tecla"),
    "action": ("Action", "Acción"),
    "what": ("What it does", "Qué hace"),
    "dice_mode": ("dice: {mode}", "dados: {mode}"),
}


def tr(lang: str, key: str, /, **kwargs) -> str:
    en, es = TEXT[key]
    text = es if lang == "es" else en
    return text.format(**kwargs) if kwargs else text


def life(lang: str, state: str, short: bool = False) -> str:
    key = f"{'short' if short else 'life'}_{state}"
    return tr(lang, key) if key in TEXT else state


def side(lang: str, value: str) -> str:
    key = f"side_{value}"
    return tr(lang, key) if key in TEXT else value


# The engine's errors are the command language's own words (English). The frequent ones are
# shown in Spanish too; anything else stays as the engine said it.
_ERRORS_ES: tuple[tuple[str, str], ...] = (
    (r"^no combatant '(.+)'; combatants: (.*)$", r"no hay ningún combatiente '\1'; combatientes: \2"),
    (r"^'(.+)' is ambiguous: (.*)$", r"'\1' es ambiguo: \2"),
    (r"^unknown verb '(.+)'; did you mean (.+)\? verbs: (.*)$", r"verbo desconocido '\1'; ¿quizá \2? verbos: \3"),
    (r"^unknown verb '(.+)'; verbs: (.*)$", r"verbo desconocido '\1'; verbos: \2"),
    (r"^unknown condition '(.+)'; did you mean (.+)\? known: (.*)$",
     r"estado desconocido '\1'; ¿quizá \2? conocidos: \3"),
    (r"^unknown condition '(.+)'; known: (.*)$", r"estado desconocido '\1'; conocidos: \2"),
    (r"^unknown stat '(.+)' for (.+); did you mean (.+)\? keys: (.*)$",
     r"atributo desconocido '\1' en \2; ¿quizá \3? claves: \4"),
    (r"^unknown stat '(.+)' for (.+); keys: (.*)$", r"atributo desconocido '\1' en \2; claves: \3"),
    (r"^(\w+): missing arguments; usage: (.*)$", r"\1: faltan argumentos; uso: \2"),
    (r"^nothing to undo$", "no hay nada que deshacer"),
    (r"^nothing to redo$", "no hay nada que rehacer"),
    (r"^no one is acting: `start` the combat first$", "nadie tiene el turno: empieza el combate (`start`)"),
    (r"^no combat running: `start` it first$", "no hay combate en curso: empiézalo (`start`)"),
    (r"^(.+) is not delaying \(delaying: (.*)\)$", r"\1 no está retrasando (retrasan: \2)"),
    (r"^(.+) has no readied action \(readied: (.*)\)$", r"\1 no tiene acción preparada (preparadas: \2)"),
    (r"^(.+) is (dying|dead|unconscious|stable) and cannot act now.*$",
     r"\1 está \2 y no puede actuar ahora (quita la acción o cúralo antes)"),
    # the save (storage's words)
    (r"^(.+): read-only: in use by another gm-console \(host (.+), pid (\d+), since (.+)\); nothing was changed$",
     r"\1: solo lectura: en uso por otro gm-console (equipo \2, pid \3, desde \4); no ha cambiado nada"),
    (r"^(.+): read-only: (.+); nothing was changed$", r"\1: solo lectura: \2; no ha cambiado nada"),
    (r"^in use by another gm-console \(host (.+), pid (\d+), since (.+)\)$",
     r"en uso por otro gm-console (equipo \1, pid \2, desde \3)"),
    (r"^(.+): not saved: the disk is full; the file holds everything before this action$",
     r"\1: no se ha guardado: el disco está lleno; el archivo tiene todo lo anterior a esta acción"),
    (r"^(.+): not saved: the disk is read-only; the file holds everything before this action$",
     r"\1: no se ha guardado: el disco es de solo lectura; el archivo tiene todo lo anterior a esta acción"),
    (r"^(.+): not saved: the file or its folder is gone; nothing was changed$",
     r"\1: no se ha guardado: el archivo o su carpeta ya no están; no ha cambiado nada"),
)


def error_text(message: str, lang: str) -> str:
    """An engine error for the screen, in Spanish where the message is a frequent one."""
    if lang != "es":
        return message
    import re

    for pattern, replacement in _ERRORS_ES:
        if re.match(pattern, message):
            return re.sub(pattern, replacement, message)
    return message
