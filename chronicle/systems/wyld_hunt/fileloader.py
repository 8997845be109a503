"""Character files and game setup files: their strict TOML format and how they are read.

A file is told apart by content: one with ``[[player]]`` tables is a game setup, anything else a
character. Both may carry ``[[card]]`` tables that define or correct cards for that file only.
Every mistake is reported with the file, line, table and key, and a hint for misspellings; a file
with any such problem cannot be checked (``chronicle check`` exits 2).

The format is defined by the pydantic models of ``filemodels.py``, which word every problem; a
plainly valid character file is read by ``quickcheck.py`` without them (the same result).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from chronicle.catalog.loader import CardEntry, read_toml, validate_card_tables
from chronicle.catalog.problems import FileProblem
from chronicle.catalog.tomlmap import LineMap
from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild
from chronicle.systems.wyld_hunt.quickcheck import SCHEMA, character_file
from chronicle.systems.wyld_hunt.setup import GameSetup, PlayerSetup

if TYPE_CHECKING:
    from chronicle.systems.wyld_hunt.filemodels import PlayerModel


@dataclass
class Loaded:
    """A readable file: what it holds, the cards it defines, and any problems found."""

    path: Path
    kind: str
    """"character" or "setup"."""
    character: CharacterBuild | None = None
    setup: GameSetup | None = None
    cards: list[CardEntry] = field(default_factory=list)
    problems: list[FileProblem] = field(default_factory=list)


def load_file(path: Path, *, character_only: bool = False) -> Loaded:
    """Read a character or setup file. When ``problems`` is not empty, the file is unusable.
    With ``character_only`` (a file a setup file names) a setup file is refused unread, so a
    setup file naming itself, or one that names it back, is a problem and not a loop."""
    problems: list[FileProblem] = []
    parsed = read_toml(path, problems)
    if parsed is None:
        return Loaded(path, "unknown", problems=problems)
    document, lines = parsed
    kind = "setup" if isinstance(document.get("player"), list) else "character"
    loaded = Loaded(path, kind)
    if character_only and kind == "setup":
        loaded.problems.append(FileProblem(str(path), "is a setup file, not a character",
                                           hint="a setup file names character files only"))
        return loaded
    quick = character_file(document) if kind == "character" else None
    if quick is not None:
        build, cards = quick
        _cards(cards, path, lines, loaded)
        loaded.character = build
        return loaded
    from chronicle.systems.wyld_hunt.filemodels import CharacterFile, validate

    model, loaded.problems = validate(document, kind, str(path), lines)
    if model is None:
        return loaded
    _cards(model.card, path, lines, loaded)
    if isinstance(model, CharacterFile):
        loaded.character = model.to_build()
    else:
        players = []
        for index, player in enumerate(model.player):
            players.append(_player(player, index, path, lines, loaded))
        loaded.setup = GameSetup(system=model.system, solo=model.solo, players=tuple(players),
                                 epic_order=model.epic_order,
                                 map=tuple(m.to_event() for m in model.map))
    return loaded


def _cards(tables: list[object], path: Path, lines: LineMap, loaded: Loaded) -> None:
    if tables:
        loaded.cards, card_problems = validate_card_tables(tables, SCHEMA, path=str(path),
                                                           lines=lines, origin=Origin.FILE)
        loaded.problems.extend(card_problems)


def _player(player: PlayerModel, index: int, path: Path, lines: LineMap,
            loaded: Loaded) -> PlayerSetup:
    character = None
    if player.character is not None:
        target = (path.parent / player.character)
        sub = load_file(target, character_only=True)
        if sub.kind != "character" and not sub.problems:
            sub.problems.append(FileProblem(str(target), "is a setup file, not a character"))
        if sub.problems:
            loaded.problems.append(FileProblem(
                str(path), f"player {player.name!r}: character file {player.character!r} "
                           "cannot be used (see below)",
                line=lines.key_line("player", index, "character"), field="character"))
            loaded.problems.extend(sub.problems)
        character = sub.character
        loaded.cards.extend(sub.cards)
    return PlayerSetup(name=player.name, character=character, career_xp=player.career_xp,
                       character_points=player.character_points, quests=tuple(player.quests),
                       target=player.target, waylays=tuple(player.waylays),
                       treasures=tuple(player.treasures), leagues=tuple(player.leagues),
                       pool=tuple(player.pool) if player.pool is not None else None)


