"""The command palette (ctrl+p) lists every action of the screen, with its key.

It is a second way to the same actions, for the GM who remembers what but not
which key; choosing one runs the screen's action exactly as the key would. On the
encounter screen: the screen's keys and the initiative list's (which run the screen's
actions too); the sheet's and the log's scroll keys are for the pane that has the focus.
"""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.markup import escape

from .bindings import ENCOUNTER_KEYS, INITIATIVE_KEYS, PICKER_KEYS, KeySpec
from .ui_text import tr
from .safe import visible


class ActionsProvider(Provider):
    def _entries(self) -> list[tuple[str, str, KeySpec]]:
        screen = self.screen
        lang = getattr(screen, "lang", "en")
        from .screens.encounter import EncounterScreen
        from .screens.help import key_text

        specs = (*ENCOUNTER_KEYS, *INITIATIVE_KEYS) if isinstance(screen, EncounterScreen) else PICKER_KEYS
        keymap = dict(getattr(self.app, "user_keys", {}) or {})
        out = []
        for spec in specs:
            title = f"{spec.description(lang)} ({spec.id})"
            # the key comes from the user's keymap.toml: the palette reads help as markup
            help_text = escape(visible(f"{spec.tooltip(lang)} · {tr(lang, 'palette_help', key=key_text(spec, keymap))}"))
            out.append((title, help_text, spec))
        return out

    def _run(self, spec: KeySpec) -> None:
        action = spec.action
        target = self.app if action.startswith("app.") else self.screen
        self.app.call_later(target.run_action, action.removeprefix("app.").removeprefix("screen."))

    async def discover(self) -> Hits:
        for title, help_text, spec in self._entries():
            yield DiscoveryHit(title, partial(self._run, spec), text=title, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, spec in self._entries():
            score = max(matcher.match(title), matcher.match(spec.tooltip("en")) * 0.5)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self._run, spec), text=title,
                          help=help_text)
