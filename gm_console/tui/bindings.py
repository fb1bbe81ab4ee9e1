"""Every key of gm-console, in one table per place it is bound: ids, default keys, help text.

The tables are the single source for the footer, the help screen, the command
palette, the user keymap (ids are what ``keymap.toml`` names) and docs/keys.md
(scripts/keys_table.py); a test holds them together. Each key is at most one
keystroke that opens a modal or runs a command, so no action costs more than
two keystrokes plus its arguments.

Where a key is bound is where it works (Textual asks the focused widget first, then its
parents, the screen, the app). On the encounter screen:

- ``ENCOUNTER_KEYS``: bound on the screen, so they work whichever pane has the focus: the
  fight's keys (turns, history, files, help, the bars) and the selected or marked
  combatants' actions (``d`` ``h`` ``c``...), because the selection is the screen's, drawn by
  every pane. A few reach one pane without moving there (``reaches``: PgUp/PgDn the log,
  ``b`` the sheet), as a GM reads the log back while the list keeps the focus.
- ``INITIATIVE_KEYS``, ``SHEET_KEYS``, ``LOG_KEYS``: bound on that pane, working while it has
  the focus, and shown first in the footer then; ↑/↓ select in the list and scroll in the
  sheet and the log. The list has the focus when the screen opens; Tab and Shift+Tab move it.
- ``COMMAND_BAR_KEYS``, ``FIND_BAR_KEYS``: the two bars' own, while one is open.

A pane's key must not take a key of the screen's (it would be lost while that pane has the
focus): keymap.toml's check (``keymap.py``) and a test hold it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from textual.binding import Binding, BindingsMap

from gm_console.i18n import C_, Msg, render


@dataclass(frozen=True)
class KeySpec:
    """A key: its id (what keymap.toml names), default keys, action, and its label and tooltip
    as catalogue messages, so a language is a catalogue (the core's, context ``key``)."""

    id: str
    key: str
    action: str
    label: Msg
    tip: Msg
    footer: bool = False  # shown in the footer (the rest are in help and the palette): 80 columns
    # hold the focused pane's (first) and the screen's, so few of each
    display: str | None = None
    priority: bool = False  # before the focused widget's own binding for the same key
    group: Msg | None = None  # keys shown side by side in the footer under one word (↑↓ Select)
    reaches: str | None = None  # a screen key that acts on one pane (its name) from any pane
    # a footer key the footer may leave out where the terminal is too narrow for all (80 columns
    # in Spanish), the highest first; 0: always shown. It stays in the help and the palette.
    spare: int = 0

    def description(self, lang: str) -> str:
        return render(self.label, lang)

    def tooltip(self, lang: str) -> str:
        return render(self.tip, lang)

    @property
    def tip_en(self) -> str:
        """The English tooltip: docs/keys.md and the README are written in English."""
        return render(self.tip, "en")


ENCOUNTER_KEYS: tuple[KeySpec, ...] = (
    KeySpec("next", "n", "next", C_("key", "Next"),
            C_("key", "End this turn; the next combatant acts (round advances after the last)"), footer=True),
    KeySpec("previous", "p", "previous", C_("key", "Previous"),
            C_("key", "Step the turn marker back one slot (effects stay; undo takes them back)")),
    KeySpec("damage", "d", "damage", C_("key", "Damage"),
            C_("key", "Damage the selected combatant: amount or dice, type, nonlethal"), footer=True),
    KeySpec("heal", "h", "heal", C_("key", "Heal"),
            C_("key", "Heal the selected combatant"), footer=True),
    KeySpec("attack", "f", "attack", C_("key", "Attack"),
            C_("key", "The active creature attacks with one of its stat block's attacks (full attack too) the "
                      "targets chosen in its list of the other side (the selected or marked ones already chosen): "
                      "rolled, resolved and applied; Dragon Age: its attack command begun in the command bar")),
    KeySpec("condition", "c", "condition", C_("key", "Condition"),
            C_("key", "Add a condition (search in English or Spanish, optional rounds)"), footer=True),
    KeySpec("uncondition", "C", "uncondition", C_("key", "Remove cond."),
            C_("key", "Remove one of the selected combatant's conditions"), display="C"),
    KeySpec("delay", "w", "delay", C_("key", "Delay"),
            C_("key", "The active combatant delays (optionally until a count)")),
    KeySpec("ready", "r", "ready", C_("key", "Ready"),
            C_("key", "The active combatant readies an action with a trigger; its turn ends")),
    KeySpec("trigger", "t", "trigger", C_("key", "Trigger"),
            C_("key", "A readied action goes off now, before the active combatant")),
    KeySpec("resume", "e", "resume", C_("key", "Resume"),
            C_("key", "A delaying combatant acts now, before the one who is up")),
    KeySpec("undo", "u", "undo", C_("key", "Undo"),
            C_("key", "Undo the last action (also after reopening the file)"), footer=True),
    KeySpec("redo", "U", "redo", C_("key", "Redo"),
            C_("key", "Redo the last undone action"), display="U"),
    KeySpec("add", "a", "add", C_("key", "Add"),
            C_("key", "Add combatants with a form built from the ruleset's stat block")),
    KeySpec("store_creature", "B", "store_creature", C_("key", "To bestiary"),
            C_("key", "Store the selected combatant in your bestiary (add @NAME adds it in any encounter)"),
            display="B"),
    KeySpec("party", "P", "party_write_back", C_("key", "Party"),
            C_("key", "Write what lasted of the PCs (HP, conditions...) back to the party; offered when a combat ends"),
            display="P"),
    KeySpec("remove", "x", "remove", C_("key", "Remove"),
            C_("key", "Remove the selected combatant (asks first)")),
    KeySpec("roll", "i", "roll_initiative", C_("key", "Initiative"),
            C_("key", "Initiative for everyone without one: type the players' totals, die + modifier (PCs first, Tab between), the rest are rolled")),
    KeySpec("start", "s", "start", C_("key", "Start"),
            C_("key", "Start the combat: round 1, the highest initiative acts")),
    KeySpec("spend", "$", "spend", C_("key", "Spend"),
            C_("key", "Spend from one of the selected combatant's resources"), display="$"),
    KeySpec("tick_action", "A", "tick_action", C_("key", "Tick action"),
            C_("key", "Tick off one of this turn's actions (standard, move, swift...) where the ruleset counts them"),
            display="A"),
    KeySpec("dice", "R", "dice_tray", C_("key", "Dice"),
            C_("key", "Dice tray: roll any dice or make a check; the last rolls in view"),
            display="R"),
    KeySpec("breakdown", "b", "breakdown", C_("key", "Breakdown"),
            C_("key", "Show or hide how each figure on the sheet is made (AC 15 = 17 - 2 shaken)"), reaches="sheet"),
    KeySpec("view", "v", "toggle_view", C_("key", "Log/Timeline"),
            C_("key", "Show the condition timeline alone in the lower pane, or the log again (wide screens: both side by side)")),
    KeySpec("help", "question_mark,f1", "help", C_("key", "Help"),
            C_("key", "Every key and the command language"),
            footer=True, display="?"),
    KeySpec("command_bar", "colon", "command_bar", C_("key", "Command"),
            C_("key", "Open the command bar (the command language, with history and completion)"),
            footer=True, display=":", spare=1),
    KeySpec("find", "slash", "find", C_("key", "Find"),
            C_("key", "Select by typing: a few letters of a name (or a row number), then Enter"), footer=True, display="/",
            spare=2),
    KeySpec("group", "g", "group", C_("key", "Group"),
            C_("key", "Group the marked combatants (one shared initiative, side by side); on a grouped one, break its group up")),
    KeySpec("accept", "y", "accept", C_("key", "Run offer"),
            C_("key", "Run the command the warning line offers ([y] on that line); ignoring it costs nothing")),
    KeySpec("log_up", "pageup", "scroll_log(-1)", C_("key", "Log up"),
            C_("key", "Scroll the log back a page (older events), whichever pane has the focus"), reaches="log"),
    KeySpec("log_down", "pagedown", "scroll_log(1)", C_("key", "Log down"),
            C_("key", "Scroll the log forward a page (newer events), whichever pane has the focus"), reaches="log"),
    KeySpec("save", "ctrl+s", "save", C_("key", "Save"),
            C_("key", "Save now (every action is already saved as it happens)")),
    KeySpec("save_as", "S", "save_as", C_("key", "Save as"),
            C_("key", "Save a copy under another name and go on in it (the way out of a full disk or a read-only file)"),
            display="S"),
    KeySpec("end_fight", "E", "end_fight", C_("key", "End fight"),
            C_("key", "End the fight (asks first, y/n), then its summary: rounds, fallen, damage, biggest hit, XP, what lasts"),
            display="E"),
    KeySpec("quit", "q", "quit", C_("key", "Quit"),
            C_("key", "Quit (everything is already saved); an encounter opened from the picker goes back to it")),
    KeySpec("pane_next", "tab", "pane(1)", C_("key", "Next pane"),
            C_("key", "Move the focus to the next pane (initiative list, sheet, log): the footer shows its keys first"),
            display="Tab"),
    KeySpec("pane_previous", "shift+tab", "pane(-1)", C_("key", "Previous pane"),
            C_("key", "Move the focus to the previous pane"), display="⇧Tab"),
)

_SELECT = C_("key", "Select")

#: the initiative list's own keys, while it has the focus (it has it when the screen opens):
#: the rows, walked. Who is selected and marked is the screen's (every pane draws it), so
#: these run the screen's actions (``screen.``, done in ``screens/selection.py``).
INITIATIVE_KEYS: tuple[KeySpec, ...] = (
    KeySpec("select_up", "up,k", "screen.select(-1)", C_("key", "Select up"),
            C_("key", "Select the combatant above"), footer=True, display="↑", group=_SELECT),
    KeySpec("select_down", "down,j", "screen.select(1)", C_("key", "Select down"),
            C_("key", "Select the combatant below"), footer=True, display="↓", group=_SELECT),
    KeySpec("select_active", "home", "screen.select_active", C_("key", "Select active"),
            C_("key", "Select the combatant whose turn it is")),
    KeySpec("mark", "space", "screen.mark", C_("key", "Mark"),
            C_("key", "Mark or unmark the selected combatant and go to the next; the next damage, healing or condition goes to every marked one, then the marks clear")),
    KeySpec("clear_marks", "escape", "screen.clear_marks", C_("key", "Unmark all"),
            C_("key", "Clear every mark"), display="Esc"),
)

#: Esc in the sheet or the log: the keys of the list again
PANE_BACK = KeySpec("pane_back", "escape", "screen.pane_home", C_("key", "To the list"),
                    C_("key", "Back to the initiative list (its keys: select, mark)"), display="Esc")

_SCROLL = C_("key", "Scroll")

#: the selected combatant's sheet, while it has the focus (Tab)
SHEET_KEYS: tuple[KeySpec, ...] = (
    KeySpec("sheet_up", "up,k", "lines(-1)", C_("key", "Sheet up"),
            C_("key", "Scroll the sheet up a line"), footer=True, display="↑", group=_SCROLL),
    KeySpec("sheet_down", "down,j", "lines(1)", C_("key", "Sheet down"),
            C_("key", "Scroll the sheet down a line"), footer=True, display="↓", group=_SCROLL),
    KeySpec("sheet_top", "home", "top", C_("key", "Sheet top"),
            C_("key", "The top of the sheet (name, health)")),
    KeySpec("sheet_end", "end", "end", C_("key", "Sheet end"),
            C_("key", "The end of the sheet (stats)")),
    PANE_BACK,
)

_ROUND = C_("key", "Round")

#: the log, while it has the focus (Tab): read it line by line and round by round
LOG_KEYS: tuple[KeySpec, ...] = (
    KeySpec("log_line_up", "up,k", "lines(-1)", C_("key", "Line up"),
            C_("key", "Scroll the log back a line"), footer=True, display="↑", group=_SCROLL),
    KeySpec("log_line_down", "down,j", "lines(1)", C_("key", "Line down"),
            C_("key", "Scroll the log forward a line"), footer=True, display="↓", group=_SCROLL),
    KeySpec("log_round_back", "left,left_square_bracket", "round(-1)", C_("key", "Round back"),
            C_("key", "Back to the start of the round above"), display="←", group=_ROUND),
    KeySpec("log_round_forward", "right,right_square_bracket", "round(1)", C_("key", "Round forward"),
            C_("key", "On to the start of the next round"), display="→", group=_ROUND),
    KeySpec("log_only", "o", "only", C_("key", "Filter"),
            C_("key", "Only the actions about the selected combatant (done to it, by it, rolled for it); again: every action"),
            footer=True),
    KeySpec("log_oldest", "home", "oldest", C_("key", "Oldest"),
            C_("key", "The first line of the log (before combat)")),
    KeySpec("log_newest", "end", "newest", C_("key", "Newest"),
            C_("key", "The newest line; the log follows each action again")),
    PANE_BACK,
)

#: the encounter screen's tables, in the order the help and docs/keys.md show them, with
#: where each works
ENCOUNTER_PLACES: tuple[tuple[Msg, tuple[KeySpec, ...]], ...] = (
    (C_("key", "Anywhere on the encounter screen"), ENCOUNTER_KEYS),
    (C_("key", "In the initiative list (it has the focus when the screen opens)"), INITIATIVE_KEYS),
    (C_("key", "In the sheet (Tab)"), SHEET_KEYS),
    (C_("key", "In the log (Tab)"), LOG_KEYS),
)

#: the summary after a fight (``screens/summary.py``)
SUMMARY_KEYS: tuple[KeySpec, ...] = (
    KeySpec("summary_party", "P", "party", C_("key", "Write back"),
            C_("key", "Write what lasted of the PCs back to the party the encounter started with (asks first)"),
            footer=True, display="P"),
    KeySpec("summary_close", "escape,enter,q", "close", C_("key", "Close"),
            C_("key", "Back to the encounter (the summary stays in `show` and `post`)"), footer=True, display="Esc"),
)

#: the command bar's own keys, while it is open (``widgets/command_bar.py``: bound on the bar)
COMMAND_BAR_KEYS: tuple[KeySpec, ...] = (
    KeySpec("bar_close", "escape", "close", C_("key", "Close"),
            C_("key", "Close the command bar; what was typed is dropped"), display="Esc"),
    KeySpec("bar_back", "up", "history(-1)", C_("key", "History back"),
            C_("key", "The line typed before this one (the bar keeps the lines run)")),
    KeySpec("bar_forward", "down", "history(1)", C_("key", "History forward"),
            C_("key", "The next line of the history, or an empty bar after the last")),
    KeySpec("bar_complete", "tab", "complete", C_("key", "Complete"),
            C_("key", "Complete the verb, name or condition being typed; when several fit, they are listed under the bar"),
            priority=True),
)

#: the find bar's own keys, while it is open (``/``)
FIND_BAR_KEYS: tuple[KeySpec, ...] = (
    KeySpec("find_close", "escape", "close", C_("key", "Close"),
            C_("key", "Close the find bar; whoever was selected before is selected again"), display="Esc"),
)

PICKER_KEYS: tuple[KeySpec, ...] = (
    KeySpec("open", "enter", "open", C_("key", "Open"),
            C_("key", "Open the highlighted encounter (examples open as a copy)"), footer=True, priority=True),
    KeySpec("new", "N", "new", C_("key", "New"),
            C_("key", "Create a new encounter and choose its ruleset"), footer=True, display="N"),
    KeySpec("rename", "r", "rename", C_("key", "Rename"),
            C_("key", "Rename the highlighted encounter (the name shown; the file stays)"), footer=True),
    KeySpec("duplicate", "c", "duplicate", C_("key", "Duplicate"),
            C_("key", "Make a copy of the highlighted encounter under a new name"), footer=True),
    KeySpec("delete", "d,delete", "delete", C_("key", "Delete"),
            C_("key", "Delete the highlighted encounter, after asking (it goes to the saves folder's .deleted)"), footer=True),
    KeySpec("picker_help", "question_mark,f1", "help", C_("key", "Help"),
            C_("key", "Every key and the command language"),
            footer=True, display="?"),
    KeySpec("picker_quit", "q", "app.quit", C_("key", "Quit"),
            C_("key", "Quit"), footer=True),
)


#: every table, each one place where its keys are bound
TABLES: tuple[tuple[KeySpec, ...], ...] = (ENCOUNTER_KEYS, INITIATIVE_KEYS, SHEET_KEYS, LOG_KEYS,
                                           COMMAND_BAR_KEYS, FIND_BAR_KEYS, PICKER_KEYS, SUMMARY_KEYS)

#: the tables live at once, whose keys must differ (keymap.toml's check): a pane with the
#: screen it is on (a pane's key taking a screen key would lose it while the pane has the
#: focus); a bar overrides the screen's keys on purpose while it is open, so stands alone
LIVE_TOGETHER: tuple[tuple[tuple[KeySpec, ...], ...], ...] = (
    (ENCOUNTER_KEYS, INITIATIVE_KEYS), (ENCOUNTER_KEYS, SHEET_KEYS), (ENCOUNTER_KEYS, LOG_KEYS),
    (COMMAND_BAR_KEYS,), (FIND_BAR_KEYS,), (PICKER_KEYS,), (SUMMARY_KEYS,),
)


def every_spec() -> list[KeySpec]:
    """Every key once (Esc-back-to-the-list is in two panes' tables)."""
    return list({s.id: s for table in TABLES for s in table}.values())


def spec(binding_id: str) -> KeySpec:
    for s in every_spec():
        if s.id == binding_id:
            return s
    raise KeyError(binding_id)


# What a read-only console (another program holds the save) still does: look, save a copy, quit.
# Every other key answers with who holds the file.
# A pane's keys all only look (a key that changes the fight is the screen's, where this applies).
READ_ONLY_KEYS = frozenset({"breakdown", "view", "help", "command_bar", "find", "pane_next", "pane_previous",
                            *(s.id for table in (INITIATIVE_KEYS, SHEET_KEYS, LOG_KEYS) for s in table),
                            "summary_close",
                            "log_up", "log_down", "save", "save_as", "quit",
                            "open", "picker_help", "picker_quit", "new", "rename", "duplicate", "delete"})


def bindings_for(specs: tuple[KeySpec, ...], lang: str, read_only: bool = False) -> list[Binding]:
    """The bindings of one table. ``read_only``: the screen's keys on a save another program
    holds: each that would change it says who holds it (a pane's keys only look)."""
    return [
        Binding(s.key, "read_only" if read_only and s.id not in READ_ONLY_KEYS else s.action,
                s.description(lang), show=s.footer, key_display=s.display,
                tooltip=s.tooltip(lang), id=s.id, priority=s.priority,
                group=Binding.Group(render(s.group, lang), compact=True) if s.group is not None else None)
        for s in specs
    ]


class OwnKeys:
    """A pane that binds its own keys from its table: ``KEYS``, and ``BINDINGS =
    bindings_for(KEYS, "en")`` on the class; ``speak(lang)`` once it knows the GM's language
    (its first ``show``) binds them in the GM's words, less any default key the user's
    keymap.toml gives to a screen key (the user's key wins, as Textual has it within one
    widget, instead of being lost while this pane has the focus)."""

    KEYS: tuple[KeySpec, ...] = ()
    _keys_lang: str | None = None

    def speak(self, lang: str) -> None:
        if lang == self._keys_lang:
            return
        self._keys_lang = lang
        user = dict(getattr(self.app, "user_keys", {}) or {})
        self._bindings = BindingsMap(bindings_for(yielding(self.KEYS, user), lang))


def yielding(specs: tuple[KeySpec, ...], user: dict[str, str]) -> tuple[KeySpec, ...]:
    """``specs`` less the default keys ``user`` (keymap.toml's ``[keys]``) gives to another
    key bound at once; a key left with none is not bound. One the user moved keeps its id, for
    Textual's keymap to move it."""
    if not user:
        return specs
    live = {s.id: s for tables in LIVE_TOGETHER if any(t is specs for t in tables) for t in tables for s in t}
    taken = {k.strip() for bid, keys in user.items() if bid in live and bid not in {s.id for s in specs}
             for k in keys.split(",")}
    out = []
    for s in specs:
        keys = [k for k in s.key.split(",") if s.id in user or k.strip() not in taken]
        if keys:
            out.append(replace(s, key=",".join(keys)))
    return tuple(out)


def in_language(node, specs: tuple[KeySpec, ...], lang: str) -> None:
    """A widget's own keys, declared on its class from ``specs`` in English (``BINDINGS``), with
    their labels and tooltips in the GM's language: the ids, keys and actions are the same."""
    if lang == "en":
        return
    keys = dict(node._bindings.key_to_bindings)
    keys.update(BindingsMap(bindings_for(specs, lang)).key_to_bindings)
    node._bindings = BindingsMap.from_keys(keys)


def shown_key(app, binding_id: str) -> str:
    """How the key for ``binding_id`` is written, as the user's keymap.toml has it."""
    keymap = dict(getattr(app, "user_keys", {}) or {})
    keys = keymap.get(binding_id, spec(binding_id).key)
    return key_label(keys.split(",")[0])


def spare_of(binding_id: str | None) -> int:
    """How soon a narrow footer leaves the key ``binding_id`` out (``KeySpec.spare``; 0: never)."""
    found = next((s for s in every_spec() if s.id == binding_id), None)
    return found.spare if found is not None else 0


def spared() -> list[KeySpec]:
    """The footer keys a narrow terminal leaves out, in the order it does."""
    return sorted((s for s in every_spec() if s.footer and s.spare), key=lambda s: -s.spare)


def all_ids() -> list[str]:
    return [s.id for s in every_spec()]


_KEY_NAMES = {"question_mark": "?", "colon": ":", "dollar_sign": "$", "up": "↑", "down": "↓",
              "home": "Home", "enter": "Enter", "slash": "/", "pageup": "PgUp", "pagedown": "PgDn", "space": "Space", "escape": "Esc", "tab": "Tab",
              "end": "End", "left": "←", "right": "→", "left_square_bracket": "[", "right_square_bracket": "]"}


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


def reached_from_anywhere(pane: str) -> list[KeySpec]:
    """The screen's keys that act on ``pane`` from any pane (PgUp/PgDn on the log)."""
    return [s for s in ENCOUNTER_KEYS if s.reaches == pane]


#: each pane's table, by the name ``KeySpec.reaches`` gives it
PANE_TABLES = {"initiative": INITIATIVE_KEYS, "sheet": SHEET_KEYS, "log": LOG_KEYS}


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
        "A key works where it is bound. The screen's keys work whichever pane has the focus: the",
        "fight's, and what the selected (or marked) combatants do. A pane's keys work while it has",
        "the focus, and the footer shows them first: the initiative list has it when the screen",
        "opens, `Tab` and `Shift+Tab` move it to the sheet and the log, and `Esc` there brings it back.",
        "",
        "Where the terminal is too narrow for every footer key (80 columns in Spanish, or with the log",
        "focused), the footer leaves whole keys out, in this order: "
        + ", ".join(f"`{key_label(s.key)}` ({render(s.label, 'en')})" for s in spared()) + ";",
        "`?` is always there and lists every key, as the palette (`Ctrl+P`) does.",
    ]
    for title, specs in ENCOUNTER_PLACES:
        lines += ["", f"### {render(title, 'en')}", "", "| Key | Id | What it does |", "|---|---|---|"]
        lines += [f"| `{key_label(s.key)}` | `{s.id}` | {s.tip_en} |" for s in specs]
        pane = next((name for name, table in PANE_TABLES.items() if table is specs), None)
        reached = reached_from_anywhere(pane) if pane else []
        if reached:
            keys = ", ".join(f"`{key_label(s.key)}` (`{s.id}`)" for s in reached)
            lines += ["", f"From any pane, the screen's {keys} act on it too."]
    lines += ["", "### In the command bar (`:`)", "", "| Key | Id | What it does |", "|---|---|---|"]
    lines += [f"| `{key_label(s.key)}` | `{s.id}` | {s.tip_en} |" for s in COMMAND_BAR_KEYS]
    lines += ["", "### In the find bar (`/`)", "", "| Key | Id | What it does |", "|---|---|---|"]
    lines += [f"| `{key_label(s.key)}` | `{s.id}` | {s.tip_en} |" for s in FIND_BAR_KEYS]
    lines += ["", "## Encounter picker", "", "| Key | Id | What it does |", "|---|---|---|"]
    lines += [f"| `{key_label(s.key)}` | `{s.id}` | {s.tip_en} |" for s in PICKER_KEYS]
    lines += ["", "## After the fight", "", "| Key | Id | What it does |", "|---|---|---|"]
    lines += [f"| `{key_label(s.key)}` | `{s.id}` | {s.tip_en} |" for s in SUMMARY_KEYS]
    lines += [
        "",
        "`Ctrl+P` opens the command palette with every action. Any key can be remapped by its id in",
        "`keymap.toml` in the config folder (`[keys]` `next = \"enter\"`); the same file takes",
        "`[settings]` `dice = \"ask\"` (prompt for physical dice), `lang = \"es\"` and `groups = \"block\"`",
        "(`n` ends a whole group's turns at once; the default `\"each\"` steps through its members) and",
        "`turn_clock = \"off\"` (the head no longer shows how long this turn has taken; the turns are still timed).",
        "",
        "## Typing ahead",
        "",
        "Keys are applied in the order they were typed, each after the last has done all it does: `d 7 Enter n`",
        "typed in one go damages the selected combatant by 7 and then ends the turn, even when typed while",
        "the program is still starting. `Esc` followed at once by a key is `Esc`, then that key (gm-console",
        "binds no `Alt` key); `Ctrl+J` is `Enter`, as in a shell.",
        "",
    ]
    return "\n".join(lines)
