"""Shell completion: commands and options (argparse's own), and the names a player types —
the home game's cards, players, and what else the home game names (``HomeParts.completion``:
Wyld Hunt's characters and games) — read from the catalog and the database.

The usual mechanism for argparse, ``argcomplete``: the shell runs ``chronicle`` with
``_ARGCOMPLETE`` set, ``main`` hands the parser to ``argcomplete.autocomplete`` before parsing,
and nothing else runs. It is imported only then, so ordinary start-up pays nothing. Installed
once with ``eval "$(register-python-argcomplete chronicle)"`` in the shell's start-up file.
A name that cannot be read (no database yet, a broken card file) completes to nothing: a
completer never prints and never fails.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterable
from typing import Any

Completer = Callable[..., list[str]]

PLAYER_OPTIONS = ("--player", "--target")


def active() -> bool:
    """Whether the shell asked for completions (argcomplete's protocol)."""
    return "_ARGCOMPLETE" in os.environ


def _matching(prefix: str, names: Iterable[str]) -> list[str]:
    folded = prefix.casefold()
    return sorted({n for n in names if n.casefold().startswith(folded)})


def _safely(read: Callable[[argparse.Namespace], Iterable[str]]) -> Completer:
    def complete(prefix: str, parsed_args: argparse.Namespace, **_kwargs: Any) -> list[str]:
        try:
            return _matching(prefix, read(parsed_args))
        except Exception:
            if os.environ.get("CHRONICLE_DEBUG"):
                raise
            return []
    return complete


def _database(args: argparse.Namespace) -> Any:
    """The database the line being completed names (``--db``), else the default one."""
    import shlex

    from chronicle.services.db import open_database

    url = getattr(args, "db", None)
    words = shlex.split(os.environ.get("COMP_LINE", ""))
    if url is None and "--db" in words[:-1]:
        url = words[words.index("--db") + 1]
    return open_database(url)


def _cards(_args: argparse.Namespace) -> Iterable[str]:
    """The home game's card names (``HomeParts.card_names``)."""
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    home = registry.system(registry.home())
    parts = home.home
    names: list[str] = load_name(parts.card_names)() if parts.card_names else []
    return names


def _players(args: argparse.Namespace) -> Iterable[str]:
    from chronicle.persistence import repository as repo

    return _read(args, lambda session: [p.name for p in repo.list_players(session)])


def _home_part() -> Any:
    """The home game's part of completion (``HomeParts.completion``: ``CARD_OPTIONS``,
    ``POSITIONAL``, ``names(kind, session)``); None when it names none or cannot be read (a
    completer never fails)."""
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    try:
        name = registry.system(registry.home()).home.completion
        return load_name(name) if name else None
    except Exception:
        if os.environ.get("CHRONICLE_DEBUG"):
            raise
        return None


def _named(part: Any, kind: str) -> Completer:
    """The home game's names of ``kind`` (``part.names``), read from the database."""
    return _safely(lambda args: _read(args, lambda session: part.names(kind, session)))


def _read(args: argparse.Namespace, names: Callable[[Any], list[str]]) -> list[str]:
    """``names`` read in one transaction of the database, closed afterwards."""
    db = _database(args)
    try:
        with db.transaction() as session:
            return names(session)
    finally:
        db.close()


cards, players = _safely(_cards), _safely(_players)

POSITIONAL: dict[str, Completer] = {"cards": cards, "player": players}
"""Which names a command's first positional argument takes (with the home game's)."""


def attach(parser: argparse.ArgumentParser, command: str | None = None, *,
           home: Any = None) -> None:
    """Give every name argument of the command tree its completer (``home``: the home game's
    part, ``_home_part()``)."""
    card_options = tuple(getattr(home, "CARD_OPTIONS", ()))
    positional = {**POSITIONAL, **{word: _named(home, kind) for word, kind in
                                   getattr(home, "POSITIONAL", {}).items()}}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                attach(sub, command or name, home=home)
            continue
        completer: Completer | None = None
        if any(o in PLAYER_OPTIONS for o in action.option_strings):
            completer = players
        elif any(o in card_options for o in action.option_strings):
            completer = cards
        elif not action.option_strings and action.dest in ("name", "character", "card",
                                                           "merit", "flaw", "player"):
            completer = {"card": cards, "merit": cards, "flaw": cards,
                         "player": players}.get(action.dest) or positional.get(command or "")
        if completer is not None:
            action.completer = completer  # type: ignore[attr-defined]


def complete(parser: argparse.ArgumentParser, **options: Any) -> None:
    """Answer the shell's completion request (argcomplete exits when done)."""
    import argcomplete

    attach(parser, home=_home_part())
    argcomplete.autocomplete(parser, **options)
