"""``gm-console serve SAVE --players``: the players' view in a web browser, with textual-serve.

textual-serve runs one copy of the players' view (``gm-console players SAVE``) per browser
tab and relays the screen and the keys over a websocket. That view opens the save
read-only and has no key that changes anything, so a browser cannot change the encounter.
It listens on 127.0.0.1 (this computer) unless the GM names another address.

The page is our own template (``web/app_index.html``), not textual-serve's: that one loads a
web font from the internet, which a table offline at a convention does not reach; ours loads
only what this server serves (the Roboto Mono textual-serve ships, or the system's own) and
escapes its title once. ``--projector`` serves the projector layout in large type.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from gm_console.i18n import _, render

WILDCARD = ("0.0.0.0", "::", "")
#: the page's own template folder
TEMPLATES = Path(__file__).resolve().parent / "web"
#: the type size (px) of the page; the projector's is large enough to read across a room
FONT_SIZE = 16
PROJECTOR_FONT_SIZE = 28


def command(path: Path | str, lang: str, projector: bool = False) -> str:
    """The shell line textual-serve runs for each browser: this Python, this checkout's code."""
    return shlex.join([sys.executable, "-m", "gm_console", "--lang", lang, "players",
                       str(Path(path).resolve())] + (["--projector"] if projector else []))


def public_url(host: str, port: int) -> str:
    """Where browsers find the page (and its websocket): a wildcard address is no address to
    browse to, so then this computer's name on the network."""
    if host in WILDCARD:
        import socket

        host = socket.gethostname()
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def server(path: Path | str, lang: str = "en", host: str = "127.0.0.1", port: int = 8000,
           projector: bool = False):
    """The textual-serve server for the players' page, with our template and its words."""
    import aiohttp_jinja2
    from textual_serve.server import Server  # the web server loads only when asked for

    words = {
        "closed_text": render(_("The view has closed."), lang),
        "restart_text": render(_("Open it again"), lang),
        "start_text": render(_("Open"), lang),
        "default_font_size": PROJECTOR_FONT_SIZE if projector else FONT_SIZE,
    }

    class PlayersServer(Server):
        async def _make_app(self):
            app = await super()._make_app()
            aiohttp_jinja2.get_env(app).globals.update(words)
            return app

    # the template escapes the title (a file name is the GM's text): given as it reads
    title = render(_("Players' view: {name}", name=Path(path).stem), lang)
    return PlayersServer(command(path, lang, projector), host=host, port=port, title=title,
                         public_url=public_url(host, port), templates_path=TEMPLATES)


def serve(path: Path | str, lang: str = "en", host: str = "127.0.0.1", port: int = 8000,
          projector: bool = False) -> int:
    server(path, lang, host, port, projector).serve()
    return 0
