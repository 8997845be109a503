"""What the use cases remember between transactions of one process (a game's characters
already checked, say), forgotten all together when a database is replaced under them by a
restore or an import.

A game's service registers how to forget what it remembers when it is imported
(:func:`forget_with`); a service never imported remembers nothing. The restore and the import
call :func:`forget_all` without knowing any game.
"""

from __future__ import annotations

from collections.abc import Callable

_FORGETTERS: list[Callable[[], None]] = []


def forget_with(forget: Callable[[], None]) -> None:
    """Call ``forget`` whenever a database is replaced (registered once)."""
    if forget not in _FORGETTERS:
        _FORGETTERS.append(forget)


def forget_all() -> None:
    """Forget everything remembered (after a database is restored or replaced)."""
    for forget in list(_FORGETTERS):
        forget()
