"""Keys in the order they were typed, each one after the last has done all it does.

Textual hands a key to whatever has focus *now*, and what a key does happens
later, message by message: ``d`` bubbles from the screen to the app before its
binding pushes the damage modal, and the modal focuses its field only once it
is mounted. Keys typed faster than that (``d`` ``7`` Enter from a GM who knows
the keys, or a paste into the terminal) reached the old screen, or a modal
with nothing focused, and were lost; an Enter followed by ``n`` could type the
``n`` into a field the Enter was closing.

So the app takes every key from the terminal into a queue and hands them on
one at a time: after each, it waits until the key's work has *settled*, i.e.
every message pump of the app (app, screens, widgets) has an empty queue and
no callback waiting, checked with a marker message sent through each pump
(a marker runs only after everything queued before it). Nothing is timed.

One exception makes a slow screen forgiving: the key that opened a modal,
pressed again right after it and before that modal was on the screen, is a
double press (the GM thought the first was lost), not the first letter of the
form's field.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from textual import events

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

#: marker rounds before the queue gives up waiting (a widget that never stops posting
#: messages, an animation): the next key goes then anyway, as it always did
MAX_ROUNDS = 40


class Typeahead:
    def __init__(self, app: "App") -> None:
        self.app = app
        self.keys: deque[tuple[events.Key, int]] = deque()
        self.busy = False
        self.shown = 0  # how many modals have been painted: tells "before it was on the screen"
        self.current: events.Key | None = None

    # -- the queue -----------------------------------------------------------------
    def take(self, event: events.Key) -> bool:
        """A key from the terminal: queued (True) or to be handled as usual (False)."""
        if event.is_forwarded:
            return False
        self.keys.append((event, self.shown))
        return True

    async def pump(self, dispatch, before=None) -> None:
        """Hand on the next key if the last one has settled (runs in the app's task);
        ``before()`` runs first, each time."""
        while self.keys and not self.busy:
            event, shown_then = self.keys.popleft()
            if self._double_press(event, shown_then):
                continue
            if before is not None:
                before()
            self.busy = True
            self.current = event  # until it settles: its binding runs when it bubbles back
            await dispatch(event)
            self._settle(0)

    def _double_press(self, event: events.Key, shown_then: int) -> bool:
        """The opener again, straight after it and before the modal was on the screen. Any
        other key disarms this: after it, the opener's letter is just a letter (``r`` ``Bridge``)."""
        try:
            screen = self.app.screen
        except Exception:  # no screen (the app is closing): nothing to compare with
            return False
        opener = getattr(screen, "opened_by", None)
        if opener is None:
            return False
        painted = getattr(screen, "painted_at", None)
        if opener == event.key and (painted is None or shown_then < painted):
            return True
        screen.opened_by = None
        return False

    # -- settling ------------------------------------------------------------------------
    def _pumps(self) -> list:
        return [self.app, *list(self.app._registry)]

    def _settle(self, round_: int) -> None:
        pumps = [p for p in self._pumps() if p.is_running]
        waiting = [len(pumps)]

        def one() -> None:
            waiting[0] -= 1
            if waiting[0] == 0:
                self._round_done(round_)

        for p in pumps:
            if not p.call_later(one):
                waiting[0] -= 1
        if waiting[0] == 0:
            self._round_done(round_)

    def _round_done(self, round_: int) -> None:
        if round_ + 1 < MAX_ROUNDS and any(_busy(p) for p in self._pumps()):
            self._settle(round_ + 1)
            return
        self.busy = False
        self.current = None
        if self.keys:
            self.app.call_later(self.app._pump_keys)

    # -- modals tell when they are on the screen ----------------------------------------
    def opened(self, screen: "Screen") -> None:
        """A screen pushed while a key was being handled: remember that key."""
        if self.current is not None and screen is not None:
            try:
                screen.opened_by = self.current.key
            except AttributeError:
                pass

    def painted(self, screen: "Screen") -> None:
        self.shown += 1
        screen.painted_at = self.shown


def _busy(pump) -> bool:
    if getattr(pump, "_closed", False):
        return False
    return bool(pump.message_queue_size or getattr(pump, "_pending_message", None) is not None
                or getattr(pump, "_next_callbacks", None))
