"""Which Textual the console runs on, checked before the first screen.

tui/typeahead.py keeps keys typed ahead in order by reading three private attributes of
Textual (``App._registry``, ``MessagePump._pending_message`` and ``._next_callbacks``): no
public API says "every message before this key has been handled"; tui/keyboard.py subclasses
its terminal parser (``textual._xterm_parser.XTermParser``) to read Esc-then-a-key as two keys;
tui/app.py replaces Textual's own Ctrl+P binding in ``App._bindings`` to give it the GM's
language (a binding's description cannot be changed through the public API), and the screens and panes
set their own ``_bindings`` the same way, from the GM's keymap and language (tui/bindings.py:
``OwnKeys``; Textual reads a node's bindings from its class's ``BINDINGS`` only, in English, and
``App.set_keymap`` moves keys but cannot name them in Spanish); tui/app.py keeps a fight's
last screen for its next open (storage/lastscreen.py) as the terminal would receive it whole,
from ``Screen._compositor`` (``drawn`` below: the public ``App.export_screenshot`` draws the
same update, but as SVG); tui/footer.py leaves keys out of Textual's ``Footer`` by skipping
its ``FooterKey`` children (``textual.widgets._footer``: not exported) and recomposes only
once ``Footer._bindings_ready``. pyproject pins the minor versions that are tested; a Textual outside them (an install forced with ``--no-deps``, a
distribution's package) is refused at start in one line that says which versions work, instead
of keys silently applied out of order.
"""

from __future__ import annotations

from pathlib import Path

from gm_console.engine.core.errors import GMError
from gm_console.i18n import _

TESTED = ((8, 2),)  # keep in step with pyproject's "textual>=8.2,<8.3"


class UnsupportedTextual(GMError):
    """The one line the GM reads instead of a console that would misread fast typing."""


def installed_version() -> tuple[int, ...] | None:
    """Read off the dist-info folder's name: importlib.metadata costs the start some 10 ms."""
    import textual

    site = Path(textual.__file__).resolve().parent.parent
    for info in site.glob("textual-*.dist-info"):
        try:
            return tuple(int(part) for part in info.name[len("textual-"):-len(".dist-info")].split(".")[:3])
        except ValueError:
            return None
    return None


def check(version: tuple[int, ...] | None = None) -> None:
    version = installed_version() if version is None else version
    if version is None or tuple(version[:2]) in TESTED:
        return
    shown = ".".join(map(str, version))
    tested = ", ".join(f"{a}.{b}.x" for a, b in TESTED)
    raise UnsupportedTextual(_("Textual {version} is not one gm-console is tested with ({tested}); install "
                               "one with: pip install 'textual>=8.2,<8.3'", version=shown, tested=tested))


def drawn(screen: object, console: object) -> str | None:
    """The whole of ``screen`` as the terminal receives it (text, colours, cursor places), or
    None if this Textual cannot say (the last screen is then simply not kept)."""
    try:
        update = screen._compositor.render_update(full=True)  # type: ignore[attr-defined]
        # each line begins with its cursor place: the newlines between them add nothing, and a
        # newline on the last row would scroll the screen a line
        return update.render_segments(console).replace("\n", "")
    except Exception:  # noqa: BLE001 - a cache never stops the program
        return None
