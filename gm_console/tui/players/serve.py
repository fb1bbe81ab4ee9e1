"""``gm-console serve SAVE --players``: the players' view in a web browser, with textual-serve.

textual-serve runs one copy of the players' view (``gm-console players SAVE``) per browser
tab and relays the screen and the keys over a websocket. That view opens the save
read-only and has no key that changes anything, so a browser cannot change the encounter.
It listens on 127.0.0.1 (this computer) unless the GM names another address.
"""

from __future__ import annotations

import html
import shlex
import sys
from pathlib import Path

from gm_console.i18n import _, render

WILDCARD = ("0.0.0.0", "::", "")


def command(path: Path | str, lang: str) -> str:
    """The shell line textual-serve runs for each browser: this Python, this checkout's code."""
    return shlex.join([sys.executable, "-m", "gm_console", "--lang", lang, "players",
                       str(Path(path).resolve())])


def public_url(host: str, port: int) -> str:
    """Where browsers find the page (and its websocket): a wildcard address is no address to
    browse to, so then this computer's name on the network."""
    if host in WILDCARD:
        import socket

        host = socket.gethostname()
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def serve(path: Path | str, lang: str = "en", host: str = "127.0.0.1", port: int = 8000) -> int:
    from textual_serve.server import Server  # the web server loads only when asked for

    # the page's template does not escape its title, and a file name is the GM's text
    title = html.escape(render(_("Players' view: {name}", name=Path(path).stem), lang))
    server = Server(command(path, lang), host=host, port=port, title=title, public_url=public_url(host, port))
    server.serve()
    return 0
