"""Keys land where they were typed: the app hands the focused widget one key (or paste) at a
time, the next only once the previous one has been dealt with.

Textual (8.2.8) forwards each key to the widget focused *when the key arrives*, but the keys
that move the focus (tab, enter in a form, a dialog opening or closing) act later, when the
key has come back up to the app (``App._on_key`` checks the bindings of the focused chain
there). Typed fast (``tmux send-keys 'N1' Tab 'Tim'``, a paste, a fast typist), the keys after
a tab were already in the first field's queue before the tab moved the focus: "N1Tim" in one
field and nothing in the next; ``O1 Tab C-u D1`` put "D1" after the opponent and let ctrl+u
clear the date. Keys 0.3 s apart worked.

``KeyOrder`` holds a key that arrives while another is in flight. A key is in flight from
the moment the app hands it on until a marker (``KeyHandled``) posted right behind it to the
same widget has followed it up to the app, twice: the first round is behind the key itself
(its bindings run on its way up), the second behind what the key's handling posted in turn
(an ``Input.Submitted`` that moves the focus or closes a dialog). A marker lost on the way
(its widget removed meanwhile) frees the keys after ``PATIENCE`` seconds. While the screen
shown saves what was typed (a dialog's ``saving``), the keys typed meanwhile wait for it to close
or stay (``a Zed enter a Yan enter`` in Players adds both). Only public Textual API is used
(messages bubble to the app; ``App.on_event`` forwards an input event).
"""

from __future__ import annotations

from collections import deque
from functools import partial
from typing import TYPE_CHECKING, Any

from textual import events
from textual.message import Message

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from textual.app import App
    from textual.timer import Timer

ROUNDS = 2
"""How many times the marker follows a key up to the app before the next key is handed on."""

PATIENCE = 1.0
"""Seconds after which a key whose marker never came back frees the keys behind it."""


BUSY_PATIENCE = 5.0
"""Seconds the keys wait at most for a screen saving what was typed (``KeyOrder.busy``)."""

POLL = 0.03
"""Seconds between two looks at whether the screen is done saving."""

URGENT = frozenset({"ctrl+q"})
"""Keys handed on at once, whatever is in flight (the app's quit)."""


class KeyHandled(Message):
    """The marker following a key up to the app (``KeyOrder``)."""

    def __init__(self, ticket: int, rounds: int) -> None:
        super().__init__()
        self.ticket = ticket
        self.rounds = rounds


def ordered(event: events.Event) -> bool:
    """Whether ``event`` is typed input the app hands on in order (a key or a paste, as it
    arrives from the terminal: not on its way back up)."""
    return isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded


class KeyOrder:
    """The keys of one app, handed on one at a time (see the module's docstring)."""

    def __init__(self, app: App[Any], deliver: Callable[[events.Event], Awaitable[None]]) -> None:
        self.app = app
        self.deliver = deliver
        """Textual's own handling of an input event (``App.on_event``)."""
        self.waiting: deque[events.Event] = deque()
        self.ticket = 0
        self.in_flight = False
        self.timer: Timer | None = None
        self.polling = False
        self.busy_since: float | None = None

    async def arrived(self, event: events.Event) -> None:
        """A key or paste from the terminal: handed on now, or after those before it (quitting
        never waits)."""
        if isinstance(event, events.Key) and event.key in URGENT:
            await self.deliver(event)
            return
        if self.in_flight or self.waiting or self.busy():
            self.waiting.append(event)
            self.watch()
            if not self.in_flight:
                self.poll()
            return
        await self.send(event)

    async def send(self, event: events.Event) -> None:
        """Hand ``event`` on and post its marker right behind it."""
        self.ticket += 1
        await self.deliver(event)
        self.in_flight = self.follow(KeyHandled(self.ticket, ROUNDS))

    def follow(self, marker: KeyHandled) -> bool:
        """Post ``marker`` to where a key goes now; False when it cannot be posted."""
        app = self.app
        try:
            target = app.focused or app.screen
        except Exception:  # no screen (the app is closing)
            return False
        return target.post_message(marker)

    async def back(self, marker: KeyHandled) -> None:
        """The marker reached the app: another round, or the next key."""
        if marker.ticket != self.ticket or not self.in_flight:
            return  # a marker freed already by ``lost``
        if marker.rounds > 1 and self.follow(KeyHandled(marker.ticket, marker.rounds - 1)):
            return
        self.in_flight = False
        await self.next()

    def busy(self) -> bool:
        """Whether the screen shown is saving what was typed (``saving``: a form dialog, the
        name dialog): the keys typed meanwhile are for what comes after it (the screen below
        once it closes, or the dialog again when it is refused), not for its fields; or is
        opening a dialog once what it shows is read (``opening``): the keys typed meanwhile
        are the dialog's. At most ``BUSY_PATIENCE`` seconds."""
        from time import monotonic

        try:
            screen = self.app.screen
            saving = getattr(screen, "saving", False) is True \
                or getattr(screen, "opening", False) is True
        except Exception:  # no screen (the app is closing)
            saving = False
        if not saving:
            self.busy_since = None
            return False
        if self.busy_since is None:
            self.busy_since = monotonic()
        return monotonic() - self.busy_since < BUSY_PATIENCE

    def poll(self) -> None:
        """Look again shortly whether the screen is done saving (``busy``)."""
        if not self.polling:
            self.polling = True
            self.app.set_timer(POLL, self.polled)

    async def polled(self) -> None:
        self.polling = False
        if not self.in_flight:
            await self.next()

    async def next(self) -> None:
        """Hand on the keys waiting, one at a time (none while the screen saves)."""
        while self.waiting and not self.in_flight:
            if self.busy():
                self.poll()
                return
            await self.send(self.waiting.popleft())
        if not self.waiting and self.timer is not None:
            self.timer.stop()
            self.timer = None

    def watch(self) -> None:
        """Free the keys waiting if the key in flight now is still in flight in ``PATIENCE``
        seconds."""
        if self.timer is None:
            self.timer = self.app.set_timer(PATIENCE, partial(self.lost, self.ticket))

    async def lost(self, ticket: int) -> None:
        """The key ``ticket`` was in flight ``PATIENCE`` seconds ago: if it still is, its
        marker never came back (its widget went away) and the keys behind it go on."""
        self.timer = None
        if ticket == self.ticket:
            self.in_flight = False
            await self.next()
        if self.waiting:
            self.watch()
