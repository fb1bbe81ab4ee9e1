"""The program's front door (the ``gm-console`` command): the fight's last screen first, if
one was kept for it (``glimpse``), then the console itself.

Only the standard library and two small modules are loaded before that screen is painted;
``gm_console.cli`` (the command line, storage, the engine) comes after it.
"""

from __future__ import annotations

import sys

from gm_console import glimpse


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    glimpse.show(argv)
    try:
        from gm_console.cli import main as console

        return console(argv)
    finally:
        glimpse.withdraw()  # unless the live screen replaced it: see glimpse
