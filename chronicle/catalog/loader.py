"""Reading card files into validated card data, collecting every problem with its location.

A card file is TOML with ``version``, an optional ``game`` and ``[[card]]`` tables; each game
system supplies the schema that validates its cards. A bad card is reported (file, line, card,
field, and a "did you mean" hint for a misspelt key or kind) and skipped; the rest of the file and
every other file still load.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from chronicle.catalog.entry import CardEntry as CardEntry
from chronicle.catalog.problems import FileProblem, did_you_mean

if TYPE_CHECKING:
    from pydantic import ValidationError

    from chronicle.catalog.tomlmap import LineMap
from chronicle.domain.limits import FILE_MAX_BYTES, cut
from chronicle.domain.values import Origin

MAX_FILE_BYTES = FILE_MAX_BYTES


class CardSchema(Protocol):
    """What a game system provides so that its card files can be read."""

    game: str
    version: int
    kinds: tuple[str, ...]

    def fields(self, kind: str) -> list[str]: ...

    def all_fields(self) -> list[str]: ...

    def alias(self, kind: str, key: str) -> str | None: ...

    def validate(self, data: dict[str, Any]) -> dict[str, Any]: ...


def read_toml(path: Path, problems: list[FileProblem], raw: bytes | None = None,
              ) -> tuple[dict[str, Any], LineMap] | None:
    """Parse a TOML file (a regular file of at most ``FILE_MAX_BYTES``, UTF-8 with or without
    a byte-order mark, nested at most ``NESTING_MAX`` deep), or its bytes ``raw`` already read;
    on failure record a located problem and return None."""
    import re
    import tomllib

    from chronicle.catalog.tomlmap import LineMap
    from chronicle.reading import Unreadable, parse_toml, read_bytes, shown_path

    shown = shown_path(path)
    if raw is None:
        try:
            raw = read_bytes(path, limit=MAX_FILE_BYTES)
        except Unreadable as exc:
            problems.append(FileProblem(shown, f"cannot be read: {exc.reason}"))
            return None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        problems.append(FileProblem(shown, "is not UTF-8 text", line=line,
                                    hint="save the file as UTF-8"))
        return None
    try:
        document = parse_toml(text, path)
    except Unreadable as exc:
        problems.append(FileProblem(shown, f"cannot be read: {exc.reason}"))
        return None
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"at line (\d+)", str(exc))
        where = int(match.group(1)) if match else None
        if where is None and "end of document" in str(exc):
            where = max(1, text.count("\n") + (0 if text.endswith("\n") else 1))
        problems.append(FileProblem(shown, f"is not valid TOML: {exc}", line=where))
        return None
    return document, LineMap.of(text)


def validate_card_tables(tables: Any, schema: CardSchema, *, path: str, lines: LineMap | None,
                         origin: Origin, table: str = "card") -> tuple[list[CardEntry],
                                                                       list[FileProblem]]:
    """Validate the ``[[card]]`` tables of one file; every bad card becomes a problem.
    pydantic is imported only when a schema refuses a table (a schema may read a valid table
    without it: Tales of Arcadia's ``quickcheck``)."""
    entries: list[CardEntry] = []
    problems: list[FileProblem] = []
    if not isinstance(tables, list):
        problems.append(FileProblem(path, f"'{table}' must be an array of tables "
                                          f"([[{table}]]), not a single value",
                                    line=lines.key_line(None, 0, table) if lines else None))
        return entries, problems
    for index, item in enumerate(tables):
        line = lines.entry_line(table, index) if lines else None

        def at(key: str, _index: int = index, _line: int | None = line) -> int | None:
            found = lines.key_line(table, _index, key) if lines else None
            return found or _line

        if not isinstance(item, dict):
            problems.append(FileProblem(path, f"{table} #{index + 1} is not a table", line=line))
            continue
        name = item.get("name")
        label = name if isinstance(name, str) and name.strip() else f"#{index + 1}"
        kind = item.get("kind")
        if kind not in schema.kinds:
            if kind is None:
                message, hint = "has no 'kind'", f"one of: {', '.join(schema.kinds)}"
            else:
                message = f"has unknown kind {kind!r}"
                hint = (did_you_mean(str(kind), schema.kinds)
                        or f"one of: {', '.join(schema.kinds)}")
            problems.append(FileProblem(path, message, line=at("kind"), card=label,
                                        field="kind", hint=hint))
            continue
        try:
            data = schema.validate(item)
        except ValueError as exc:  # pydantic's ValidationError is a ValueError
            from pydantic import ValidationError

            if not isinstance(exc, ValidationError):
                raise
            problems.extend(_problems_from(exc, schema, kind, path, label, at))
            continue
        entries.append(CardEntry(data, origin, path, line))
    return entries, problems


def _problems_from(exc: ValidationError, schema: CardSchema, kind: str, path: str, label: str,
                   at: Any) -> Iterable[FileProblem]:
    for error in exc.errors():
        loc = [str(part) for part in error["loc"]]
        key = loc[0] if loc else None
        dotted = ".".join(loc) if loc else None
        if error["type"] == "extra_forbidden" and key is not None:
            hint: str | None
            if len(loc) > 1:  # a key inside a nested table: the card's own fields do not apply
                hint = None
            elif key in schema.all_fields():
                hint = f"'{key}' is not a field of a {kind} card"
                alias = schema.alias(kind, key)
                if alias:
                    hint += f"; a {kind} card has {alias!r}"
            else:
                hint = did_you_mean(key, schema.fields(kind))
            yield FileProblem(path, "unknown key", line=at(key), card=label, field=dotted,
                              hint=hint)
        elif error["type"] == "missing":
            yield FileProblem(path, "is required", line=at(key) if key else None, card=label,
                              field=dotted)
        elif "." in error["type"]:  # a game's rule, raised with its code (``Code.code``)
            hint = (error.get("ctx") or {}).get("hint") or None
            yield FileProblem(path, error["msg"], line=at(key) if key else None, card=label,
                              field=dotted, hint=hint, code=error["type"])
        else:
            shown = error.get("input")
            text = error["msg"]
            if not isinstance(shown, dict | list):
                text += f", got {cut(shown)}"      # never the whole of a huge value
            yield FileProblem(path, text, line=at(key) if key else None, card=label,
                              field=dotted)


def load_card_file(path: Path, schema: CardSchema, origin: Origin) -> tuple[list[CardEntry],
                                                                            list[FileProblem]]:
    """Read one card file (``version``, ``game``, ``[[card]]``); the outcome of a file read
    before with the same bytes is remembered (``chronicle.catalog.cache``)."""
    from chronicle.catalog import cache
    from chronicle.reading import Unreadable, read_bytes

    try:
        raw = read_bytes(path, limit=MAX_FILE_BYTES)
    except Unreadable:
        return _load_card_file(path, schema, origin)  # which says why
    return cache.card_file(path, raw, schema, origin.value,
                           lambda: _load_card_file(path, schema, origin, raw))


def _load_card_file(path: Path, schema: CardSchema, origin: Origin, raw: bytes | None = None,
                    ) -> tuple[list[CardEntry], list[FileProblem]]:
    problems: list[FileProblem] = []
    parsed = read_toml(path, problems, raw)
    if parsed is None:
        return [], problems
    document, lines = parsed
    shown = str(path)
    for key in document:
        if key not in ("version", "game", "card"):
            problems.append(FileProblem(shown, f"unknown top-level key {key!r}",
                                        line=lines.key_line(None, 0, key),
                                        hint=did_you_mean(key, ["version", "game", "card"])
                                        or "a card file holds version, game and [[card]] tables"))
    version = document.get("version")
    if version != schema.version:
        message = ("has no 'version'" if version is None
                   else f"has version {version!r}, but only version {schema.version} is known")
        problems.append(FileProblem(shown, message, line=lines.key_line(None, 0, "version"),
                                    field="version",
                                    hint=f"put 'version = {schema.version}' at the top"))
        return [], problems
    game = document.get("game", schema.game)
    if game != schema.game:
        problems.append(FileProblem(shown, f"is for game {game!r}, not {schema.game!r}",
                                    line=lines.key_line(None, 0, "game"), field="game"))
        return [], problems
    entries, card_problems = validate_card_tables(document.get("card", []), schema, path=shown,
                                                  lines=lines, origin=origin)
    return entries, problems + card_problems


def card_files(directory: Path) -> list[Path]:
    """The ``*.toml`` files of a directory, sorted; none when it does not exist."""
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob("*.toml") if p.is_file())
