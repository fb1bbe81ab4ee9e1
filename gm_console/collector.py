"""The cyclic garbage collector waits while the program starts.

Loading the modules (ours and Textual's) and building the first screen makes a few hundred
thousand objects, none of them garbage, and the collector would walk them again and again
as they come: a start is about 15 ms shorter without it. Once the first frame is on the
screen the collector comes back, and what the start made is frozen out of its walks
(``gc.freeze``: those objects live as long as the program), which keeps each later
collection, paid between keypresses, as short as a small program's.
"""

from __future__ import annotations

import gc


def pause() -> bool:
    """Stop the collector; returns whether it was running, for ``resume``."""
    was = gc.isenabled()
    gc.disable()
    return was


def resume(was: bool, freeze: bool = False) -> None:
    if freeze:
        gc.freeze()
    if was:
        gc.enable()
