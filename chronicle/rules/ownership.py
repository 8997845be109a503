"""A record built from cards its player does not own, for every game: the warning a builder
shows (a force's units, a guild's heroes and upgrades, a hunter), never a refusal: a group
plays with each other's boxes. Pure: the counts come from the caller.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from chronicle.rules.codes import Code
from chronicle.rules.report import Fix, Severity, Violation, arg

CardKey = tuple[str, str]
"""(name key, kind) of a card."""

NOT_OWNED_SECTION = "Your collection (chronicle collection)"
NOT_OWNED = Code("collection.not_owned", Severity.WARNING, NOT_OWNED_SECTION,
                 "A card used that its player owns too few copies of", scope="database")
"""The warning's code: the same as Wyld Hunt's builder's (where owning is a rule, an error)."""


def not_owned(game: str, player: str, uses: Mapping[CardKey, int],
              owned: Mapping[CardKey, int], names: Mapping[CardKey, str],
              unknown: Collection[CardKey] = ()) -> list[Violation]:
    """A ``collection.not_owned`` warning for each card ``player`` uses more copies of than
    they own, with the command that records the missing copies (after the one that enters the
    card, for the ``unknown`` ones: cards the game's catalog lacks, used all the same)."""
    found: list[Violation] = []
    for key, used in sorted(uses.items()):
        have = owned.get(key, 0)
        if used <= have:
            continue
        name = names.get(key, key[0])
        missing = used - have
        command = (f"chronicle collection add {arg(name)} --player {arg(player)} "
                   + (f"--count {missing} " if missing > 1 else "") + f"--system {game}")
        if sum(1 for other in names if other[0] == key[0]) > 1 or ":" in name:
            command = command.replace(f"add {arg(name)} ", f"add {arg(name)} --kind {key[1]} ")
        if key in unknown:
            command = (f"chronicle cards new {arg(name)} --system {game} --kind {key[1]} && "
                       + command)
        copies = "copy" if used == 1 else "copies"
        found.append(NOT_OWNED(
            f"{player} uses {used} {copies} of {name} ({key[1]}) but owns {have}", [name],
            fix=Fix(f"record {missing} {name} in {player}'s collection ({command}), or play "
                    "with a friend's copy", cli=command,
                    app=f"record it on the command line: {command}")))
    return found
