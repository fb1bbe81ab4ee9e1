"""The encounter screen's palette (ctrl+p) copies the round report for the forum thread to the
clipboard (docs/players.md §5): BBCode or Markdown, in the screen's language, of the
current round, through the players' filter. Reading only: it changes nothing."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from gm_console.i18n import _, render

from ..safe import visible


def copy_report(app, controller, lang: str, fmt: str) -> str | None:
    """Put the report of ``controller``'s encounter on the clipboard (the terminal's, through
    Textual); the text, or None."""
    from gm_console.engine.views.post import PostError, report  # when asked for, not at start

    try:
        text = report(controller.history, controller.ruleset, controller.options, controller.name, fmt, lang)
    except PostError as exc:
        app.notify(render(exc.args[0], lang), severity="warning")
        return None
    app.copy_to_clipboard(text)
    app.notify(render(_("The round report ({format}) is on the clipboard: paste it in the thread", format=fmt),
                      lang))
    return text


class PostProvider(Provider):
    """Palette entries for the report; shown on a screen with an encounter."""

    def _entries(self) -> list[tuple[str, str]]:
        controller = getattr(self.screen, "controller", None)
        if controller is None:
            return []
        from gm_console.engine.views.post import FORMATS

        lang = getattr(self.screen, "lang", "en")
        return [(visible(render(_("Copy the round report ({format})", format=fmt), lang)), fmt) for fmt in FORMATS]

    def _run(self, fmt: str) -> None:
        screen = self.screen
        copy_report(self.app, screen.controller, getattr(screen, "lang", "en"), fmt)

    async def discover(self) -> Hits:
        for title, fmt in self._entries():
            yield DiscoveryHit(title, partial(self._run, fmt), text=title)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, fmt in self._entries():
            score = max(matcher.match(title), matcher.match(f"post {fmt} clipboard") * 0.5)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self._run, fmt), text=title)
