"""Which Textual the console runs on, checked before the first screen.

tui/typeahead.py keeps keys typed ahead in order by reading three private attributes of
Textual (``App._registry``, ``MessagePump._pending_message`` and ``._next_callbacks``): no
public API says "every message before this key has been handled"; tui/keyboard.py subclasses
its terminal parser (``textual._xterm_parser.XTermParser``) to read Esc-then-a-key as two keys;
tui/app.py replaces Textual's own Ctrl+P binding in ``App._bindings`` to give it the GM's
language (a binding's description cannot be changed through the public API), and the screens and panes
set their own ``_bindings`` the same way, from the GM's keymap and language (tui/bindings.py:
``OwnKeys``; Textual reads a node's bindings from its class's ``BINDINGS`` only, in English, and
``App.set_keymap`` moves keys but cannot name them in Spanish). pyproject pins the minor
versions that are tested; a Textual outside them (an install forced with ``--no-deps``, a
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
