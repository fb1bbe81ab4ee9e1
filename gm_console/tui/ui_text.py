"""Every label of the TUI by key, in the GM's language.

The table holds the English ids; their other languages live in the core's
gettext catalogue (``gm_console/locale``), like every message the engine and
the rulesets write, so a missing translation is a test failure
(tests/test_i18n.py) instead of a surprise at the table.
"""

from __future__ import annotations

from gm_console.i18n import LANGS, C_, Msg, N_, core, render

__all__ = ["LANGS", "TEXT", "tr", "life", "side", "error_text", "problem_text"]

TEXT: dict[str, "str | Msg"] = {
    # header and panes
    "app_title": N_('gm-console'),
    "round": N_('Round {n}'),
    "setup": N_('Setting up: add combatants, roll initiative, start'),
    "combat_over": N_('Combat over'),
    "turn_of": N_("{name}'s turn"),
    "initiative": N_('Initiative'),
    "sheet": N_('Sheet'),
    "log": N_('Log'),
    "log_only": N_('only {name}'),
    "timeline": N_('Conditions by round'),
    "warnings": N_('Warnings'),
    "delaying": N_('Delaying'),
    "delaying_until": N_('until {n}'),
    "holding": N_('holding'),
    "readied": N_('ready'),
    "no_initiative": N_('No initiative yet'),
    "empty_roster": N_('No combatants yet: press {key} to add some.'),
    "nobody_selected": N_('Nobody selected.'),
    "setup_round": N_('Before combat'),
    "no_events": N_('Nothing has happened yet.'),
    "no_conditions_timeline": N_('No conditions so far.'),
    "shared_until_act": N_('until they act'),
    "more_above": N_('▲ {n} more'),
    "more_below": N_('▼ {n} more'),
    "new_below": N_('▼ {n} new lines below (PgDn)'),
    "marked_head": N_('{n} marked: d, h, c go to all (Esc unmarks)'),
    "marked_short": N_('{n} marked'),
    "offer_run": N_('runs: {line}'),
    "legend_on": N_('on'),
    "legend_on_short": N_('on'),
    "legend_ends": N_('ends at that turn'),
    "legend_ends_short": N_('ends'),
    "legend_ahead": N_('still to come'),
    "legend_ahead_short": N_('ahead'),
    "legend_open": N_('until removed'),
    "legend_open_short": N_('open'),
    "legend_save": N_('a save ends it'),
    "legend_save_short": N_('save ends'),
    "legend_now": N_('this round'),
    # sheet sections
    "pools": N_('Pools'),
    "figures": N_('Figures'),
    "conditions": N_('Conditions'),
    "resources": N_('Resources'),
    "stats": N_('Stats'),
    "status": N_('Status'),
    "actions": N_('Actions this turn'),
    "no_conditions": N_('none'),
    "rounds_left": N_('{n} rounds left'),
    "one_round_left": N_('1 round left'),
    "until_removed": N_('until removed'),
    "until_first_turn": N_('until {whose} first turn'),
    "clock_of": N_("counts on {name}'s turn"),
    "gm_only": N_('GM'),
    "breakdown_hint": N_('{key}: breakdown'),
    "side_pc": N_('PC'),
    "side_ally": N_('ally'),
    "side_foe": N_('foe'),
    "init_short": N_('init {n}'),
    "life_ok": N_('ok'),
    "life_disabled": N_('disabled'),
    "life_staggered": N_('staggered'),
    "life_unconscious": N_('unconscious'),
    "life_dying": N_('dying'),
    "life_stable": N_('stable'),
    "life_dead": N_('dead'),
    "short_disabled": C_("short", 'disab.'),
    "short_staggered": C_("short", 'stagg.'),
    "short_unconscious": C_("short", 'uncon.'),
    "short_dying": C_("short", 'dying'),
    "short_stable": C_("short", 'stable'),
    "short_dead": C_("short", 'dead'),
    # notifications
    "saved": N_('Saved to {path}'),
    "nothing_to_save": N_('Everything is already saved ({path})'),
    "cancelled": N_('Cancelled: nothing changed'),
    "no_selection": N_('Select a combatant first (↑/↓)'),
    "no_delaying": N_('No one is delaying'),
    "no_readied": N_('No one has a readied action'),
    "no_conditions_to_remove": N_('{name} has no conditions'),
    "no_resources": N_('{name} has no resources to spend'),
    "config_problem": N_('Config: {text}'),
    "opened_copy": N_('Opened a copy of the example: {path}'),
    "created": N_('Created {path}'),
    "ran": N_('✓ {line}'),
    "undone": N_('Undone: {line}'),
    "redone": N_('Redone: {line}'),
    "everyone_has_initiative": N_('Everyone has an initiative already (roll NAME in the command bar rerolls)'),
    "find_placeholder": N_('/ a few letters of a name, or a row number; Enter selects, Esc goes back'),
    "find_none": N_('No combatant matches {text!r}'),
    # a combatant the players do not see (hide/reveal), marked on the GM's screen only
    "hidden_mark": C_('mark', 'hidden'),  # as `show` marks it
    "hidden_sheet": N_('hidden from the players ({line})'),
    "group_how": N_('Mark two or more with Space, then g groups them'),
    "accept_title": N_('Which offer?'),
    "read_only_head": N_('READ-ONLY: {holder}'),
    "read_only_short": N_('READ-ONLY'),
    "save_as_title": N_('Save a copy and go on in it'),
    "save_as_path": N_('File (Enter: {path})'),
    "saved_copy": N_('Saved a copy: {path}; you are working on it now'),
    # modals
    "damage_title": N_('Damage {name}'),
    "attack_title_of": N_('Attack of {name}'),
    "attack_targets": N_('Targets (Space chooses)'),
    "attack_pick_target": N_('Choose the target of {name} in the list (Space)'),
    "attack_die": N_("d20 rolled at the table (empty: rolled)"),
    "attack_die_bad": N_("The d20 rolled: numbers from 1 to 20 (17, or 19 12), not {text}"),
    "attack_distance": N_("Distance in feet (ranged: -2 per increment)"),
    "attack_distance_bad": N_("The distance: feet as a whole number (70), not {text}"),
    "no_attacks": N_("{name}'s stat block has no attacks (atk=)"),
    "no_attack_verb": N_('{ruleset} has no attack command: roll it in the command bar (: r 1d20+5) and apply the damage with d'),
    "targets": N_('Targets: {names}'),
    "heal_title": N_('Heal {name}'),
    "target": N_('Target'),
    "amount": N_('Amount or dice (7, 2d6+3)'),
    "damage_types": N_('Types (fire, piercing...)'),
    "damage_types_known": N_('Types: {types}'),
    "nonlethal": N_('Nonlethal'),
    "ok": N_('OK'),
    "cancel": N_('Cancel'),
    "yes": N_('Yes'),
    "no": N_('No'),
    "bad_amount": N_('Amount: a number or dice like 2d6+3'),
    "condition_title": N_('Condition on {name}'),
    "search": N_('Search (English or Spanish)'),
    "rounds_opt": N_('Rounds (empty: until removed)'),
    "value_opt": N_('Value (bleed 2...)'),
    "save_opt": N_('Save that ends it (empty: none)'),
    "save_example": N_('{example}:15, or 15 if the entry names it'),
    "bad_save": N_('Save: the save and its DC, like {example}:15 (15 when the entry names its save)'),
    "free_label": N_('New label: {text}'),
    "no_match": N_('No condition matches {text!r}'),
    "pick_one": N_('{text!r} is not close to one condition: pick one with ↓'),
    "bad_rounds": N_('Rounds: a whole number from 1'),
    "bad_value": N_('Value: a whole number from 0'),
    "uncond_title": N_('Remove a condition from {name}'),
    "add_title": N_('Add combatants ({ruleset})'),
    "difficulty_line": N_('Difficulty: {summary}'),
    "name": N_('Name'),
    "count": N_('How many'),
    "side": N_('Side'),
    "category": N_('Kind'),
    "need_name": N_('A name is needed'),
    "bad_count": N_('How many: 1 to 100'),
    "name_help": N_('Name: several get numbers (Goblin 1, Goblin 2...)'),
    "count_help": N_('How many (empty: 1)'),
    "side_help": N_('Side: ←/→ or Space changes it'),
    "group_field": N_('Group'),
    "group_help": N_('Group: they share one initiative roll and act side by side (Space toggles)'),
    "pool_help": N_('{label} ({key}): 7, or 3/7 for now/max'),
    "default_help": N_('{label} ({key}): empty means {value}'),
    "initiative_title": N_('Initiative: type totals'),
    "initiative_help": N_('Type each player\'s total, the die plus the modifier shown ({dice}+2 rolling 15: '
                          'type 17); empty ones are rolled. Tab or ↓: next. Enter: done'),
    "bad_initiative": N_('{name}: a number, or empty to roll'),
    "dice_title": N_('Roll a d{sides}'),
    "dice_tray_title": N_('Dice tray'),
    "dice_tray_recent": N_('Last rolls (newest first)'),
    "dice_tray_none": N_('No rolls yet.'),
    "dice_tray_expr": N_('Dice and a label, or a check line'),
    "dice_tray_empty": N_('Type dice like 1d20+5, or check NAME SKILL vs DC'),
    "dice_for": N_('for {purpose}'),
    "dice_value": N_('Natural result (1-{sides})'),
    "bad_die": N_('A whole number from 1 to {sides}'),
    "delay_title": N_('{name} delays'),
    "delay_count": N_('Until initiative count (empty: hold the turn)'),
    "bad_number": N_('A number, or empty'),
    "ready_title": N_('{name} readies an action'),
    "ready_trigger": N_('Trigger (when the ogre moves...)'),
    "need_trigger": N_('The trigger is needed'),
    "resume_title": N_('Who acts now?'),
    "trigger_title": N_('Whose readied action goes off?'),
    "remove_confirm": N_('Remove {name} from the encounter?'),
    "tick_title": N_('{name}: which action is used?'),
    "no_budget": N_('{ruleset} does not count actions per turn'),
    "budget_spent": N_('{name} has used every action this turn'),
    "spend_title": N_('{name} spends'),
    "resource": N_('Resource'),
    "spend_amount": N_('How many (empty: 1)'),
    "quit_unsaved": N_('Not saved: {error}\nQuit anyway and lose the last actions?'),
    "pending_prompt": N_('{text}\n\nRun: {line}?'),
    # command bar
    "command_placeholder": N_(': command (Tab completes, ↑/↓ history, Esc closes)'),
    "candidates": N_('Matches: {items}'),
    # picker
    "picker_title": N_('Encounters'),
    "picker_saved": N_('Your encounters'),
    "picker_examples": N_('Examples (open as a copy)'),
    "picker_new": N_('+ New encounter…'),
    "picker_none": N_('No saved encounters yet.'),
    "picker_round": N_('round {n}'),
    "picker_not_started": N_('not started'),
    "picker_example": N_('example'),
    "picker_round_h": N_('Round'),
    "picker_changed": N_('Last change'),
    "new_title": N_('New encounter'),
    "rename_title": N_('Rename {name}'),
    "duplicate_title": N_('Duplicate {name}'),
    "copy_of": N_('{name} (copy)'),
    "delete_confirm": N_('Delete {name} ({file})? It goes to the .deleted folder beside it'),
    "renamed": N_('Renamed: {name}'),
    "duplicated": N_('Copied as {name}'),
    "deleted": N_('Deleted: {name}'),
    "example_untouched": N_('Examples stay as they are: duplicate one (c) or open it as a copy (Enter)'),
    "ruleset": N_('Ruleset'),
    "file_exists": N_('{path} already exists; pick another name'),
    # help
    "help_title": N_('Help'),
    "help_keys": N_('Keys'),
    "help_language": N_('The command language (the command bar, `gm-console exec`)'),
    "help_aliases": N_('Aliases'),
    "help_ruleset_verbs": N_('Verbs of {ruleset}'),
    "help_keymap": N_('Remap keys in {path}: [keys] next = "n"; [settings] dice = "ask", lang = "es"'),
    "help_close": N_('Esc or q closes this help'),
    "palette_help": N_('Key: {key}'),
    "help_palette": N_('Ctrl+P: the command palette, every action by name'),
    "key": N_('Key'),
    "action": N_('Action'),
    "what": N_('What it does'),
    "dice_mode": N_('dice: {mode}'),
    # the command palette and Textual's own commands in it
    "palette_search": N_('Search for commands…'),
    "palette_key": N_('palette'),
    "palette_tip": N_('Every action by name (Ctrl+P)'),
    "os_problem": N_('{path}: the system refused: {why}'),
    "key_id": N_('id (keymap.toml)'),
    "sys_theme": N_('Theme'),
    "sys_theme_help": N_('Change the colours of the screen'),
    "sys_quit": N_('Quit'),
    "sys_quit_help": N_('Quit now (everything is already saved)'),
    "sys_keys": N_('Keys panel'),
    "sys_keys_show": N_('Show the keys of this screen in a side panel'),
    "sys_keys_hide": N_('Hide the keys panel'),
    "sys_screenshot": N_('Screenshot'),
    "sys_screenshot_help": N_('Save a picture (SVG) of the screen as it is now'),
    "dice_example": N_('1d20+5 stealth · 4d6kh3 · check Kyra perception+5 vs 15'),
}


def tr(lang: str, key: str, /, **kwargs) -> str:
    entry = TEXT[key]
    if isinstance(entry, Msg):
        return Msg(core, entry.id, kwargs, context=entry.context).render(lang)
    return core(entry, **kwargs).render(lang)


def life(lang: str, state: str, short: bool = False) -> str:
    key = f"{'short' if short else 'life'}_{state}"
    return tr(lang, key) if key in TEXT else state


def side(lang: str, value: str) -> str:
    key = f"side_{value}"
    return tr(lang, key) if key in TEXT else value




def problem_text(exc: BaseException, lang: str) -> str:
    """What went wrong, for the GM, in the GM's language: our errors carry a catalogue message;
    the operating system's (a full disk, a folder that vanished) are named by the file and the
    system's reason, in one of ours."""
    message = getattr(exc, "message", None)
    if message is not None:
        return render(message, lang)
    if isinstance(exc, OSError):
        return tr(lang, "os_problem", path=str(exc.filename or ""), why=exc.strerror or type(exc).__name__)
    return str(exc)


def error_text(message, lang: str) -> str:
    """A refusal for the screen, in the GM's language (every refusal is a catalogue message)."""
    return render(message, lang).splitlines()[0] if message else ""
