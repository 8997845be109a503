"""``chronicle cards new NAME --system GAME``: a card typed in from the physical card, for
whichever installed game ``--system`` names (each game's flags and handler come from its
``GameSystem.card_entry``). The ``cards`` command group of the home system adds it with
:func:`add_new`."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from chronicle.cli.output import fail
from chronicle.cli.systems import building


def _system_named(argv: Sequence[str] | None) -> str | None:
    """The value of ``--system`` in ``argv`` (None when not given)."""
    words = list(argv or ())
    for index, word in enumerate(words):
        if word == "--system" and index + 1 < len(words):
            return words[index + 1]
        if word.startswith("--system="):
            return word.partition("=")[2]
    return None


def add_new(sub: Any) -> None:
    """Add ``new`` to the subcommands ``sub`` of ``cards``: its ``name``, ``--system`` and the
    flags of that game's card entry (``GameSystem.card_entry``), the game being the one named by
    ``--system`` on the command line being parsed (the whole tree: the default game's). The
    game systems are read only when that command line holds ``cards new`` (start-up)."""
    new = sub.add_parser(
        "new", help="create a card from the physical card (or correct one)",
        description="Create a card with the values printed on your physical card; it becomes "
                    "one of your own cards. Giving the name and kind of a catalog card fills "
                    "in or corrects its values instead. Leave out what you cannot read.")
    new.add_argument("name")
    argv = building()
    if argv is not None and not ("cards" in argv and "new" in argv):
        new.add_argument("--system", metavar="GAME")
        return
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    entries = [s for s in registry.systems() if s.card_entry]
    games = ", ".join(f"{s.key} ({s.label})" for s in entries)
    new.add_argument("--system", metavar="GAME", default=registry.DEFAULT,
                     help=f"the game of the card (default {registry.DEFAULT}): {games}")
    key = _system_named(argv) or registry.DEFAULT
    try:
        game = registry.system(key)
    except (registry.UnknownSystem, registry.BadSystem):
        game = None
    if game is None or game.card_entry is None:
        said = (f"no game system is called {key[:40]!r}" if game is None else
                f"{game.label} has no cards to enter with 'chronicle cards new'")
        new.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
        new.set_defaults(handler=_no_entry(f"{said}; the games that have: {games}"))
        return
    load_name(game.card_entry)(new)


def _no_entry(message: str) -> Any:
    def run(_args: argparse.Namespace) -> int:
        fail(message)
        return 2
    return run
