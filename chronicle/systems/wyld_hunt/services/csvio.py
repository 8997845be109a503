"""A player's collection as a CSV file: export it for a spreadsheet, import it back.

The file has a header naming its columns, in any order and case: ``card`` and ``count`` are
required, ``set``, ``kind`` and ``notes`` optional. ``kind`` says which card is meant when two
kinds share a name (the quest and the Waylay called "Slavers"); ``set`` is checked against the
catalog; ``notes`` is for the user and ignored. Import either adds the counts to the collection
or replaces the collection with exactly the file's counts. Every bad row is reported at once,
with its line, and then nothing at all is imported.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from chronicle.domain.text import did_you_mean
from chronicle.domain.values import name_key
from chronicle.errors import BadInput
from chronicle.services.common import player_row
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.cards import Card, CardSet, Kind
from chronicle.systems.wyld_hunt.editions import GAME
from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog
from chronicle.systems.wyld_hunt.services.common import catalog

Mode = Literal["add", "replace"]
EXPORT_HEADER = ("card", "set", "kind", "count")
COLUMNS = ("card", "set", "kind", "count", "notes")
REQUIRED = ("card", "count")
ALIASES = {"name": "card", "card name": "card", "quantity": "count", "qty": "count",
           "note": "notes"}
"""Other header names understood for a column."""
SET_ALIASES = {"twh": CardSet.WYLD_HUNT.value, "kim": CardSet.IRONHEART.value,
               "king-ironhearts-madness": CardSet.IRONHEART.value}
MAX_COUNT = 1000


@dataclass
class ImportResult:
    """What an import did: each card's new count and, when replacing, the cards that dropped
    to zero."""

    player: str
    mode: str
    rows: int
    counts: list[tuple[str, str, int]] = field(default_factory=list)
    removed: list[tuple[str, str]] = field(default_factory=list)

    def __str__(self) -> str:
        """What the import did, for people: a summary line, then a line per card."""
        rows = f"{self.rows} row{'' if self.rows == 1 else 's'}"
        if self.mode == "replace":
            head = f"Replaced {self.player}'s collection with the {rows} of the file"
        else:
            head = f"Added the {rows} of the file to {self.player}'s collection"
        lines = [head + ("." if self.counts or self.removed else "; nothing changed.")]
        lines += [f"  {name} ({kind}): {count}" for name, kind, count in self.counts]
        lines += [f"  {name} ({kind}): 0 (not in the file)" for name, kind in self.removed]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle collection import --json``."""
        return {"player": self.player, "mode": self.mode, "rows": self.rows,
                "cards": [{"name": n, "kind": k, "count": c} for n, k, c in self.counts],
                "removed": [{"name": n, "kind": k} for n, k in self.removed]}


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula."""


def neutralise(cell: str) -> str:
    """A cell a spreadsheet shows as text: one starting like a formula gets a leading ``'``
    (what spreadsheet users type themselves), which ``restore`` takes off again.

    >>> neutralise("=cmd|' /C calc'!A0"), restore(neutralise("=cmd|' /C calc'!A0"))
    ("'=cmd|' /C calc'!A0", "=cmd|' /C calc'!A0")
    """
    return f"'{cell}" if cell.startswith(FORMULA_STARTS) else cell


def restore(cell: str) -> str:
    """A cell as written before ``neutralise``."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS) else cell


def export_collection_csv(db: Database, player: str) -> str:
    """The CSV text of a player's collection: ``card,set,kind,count``, one row per card owned
    (the set is the catalog's key, empty when unknown)."""
    from chronicle.systems.wyld_hunt.services.collection import list_collection

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(EXPORT_HEADER)
    for owned in list_collection(db, player):
        card_set = owned.card.set.value if owned.card and owned.card.set else ""
        writer.writerow([neutralise(owned.name), card_set, owned.kind, owned.count])
    return buffer.getvalue()


@dataclass(frozen=True)
class _Row:
    line: int
    card: Card
    count: int


def _read_text(path: Path) -> str:
    from chronicle.reading import read_bytes, shown_path

    raw = read_bytes(path, what="collection CSV")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadInput(f"{shown_path(path)} is not UTF-8 text (byte {exc.start}); save it as "
                       "'CSV UTF-8' and try again") from None


def _delimiter(text: str) -> str:
    """Commas, unless the header line uses semicolons or tabs instead (some spreadsheets)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    if "," not in first:
        for other in (";", "\t"):
            if other in first:
                return other
    return ","


def _records(text: str, where: str) -> list[tuple[int, list[str]]]:
    """The non-blank records with the line each starts on."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    found: list[tuple[int, list[str]]] = []
    start = 1
    try:
        while True:
            start = reader.line_num + 1
            try:
                record = next(reader)
            except StopIteration:
                break
            if any(cell.strip() for cell in record):
                found.append((start, record))
    except csv.Error as exc:
        raise BadInput(f"{where} line {start}: cannot be read as CSV ({exc}); check the "
                       "quotes: a value in quotes must end with a quote followed by a comma "
                       "or the end of the line") from None
    return found


def _header(record: list[str], where: str, line: int) -> dict[str, int]:
    """Column name to index, from the header record."""
    columns: dict[str, int] = {}
    for index, cell in enumerate(record):
        name = " ".join(cell.replace("\ufeff", "").split()).casefold()
        name = ALIASES.get(name, name)
        if not name:
            continue
        if name not in COLUMNS:
            hint = did_you_mean(name, COLUMNS)
            raise BadInput(f"{where} line {line}: unknown column {cell.strip()!r}"
                           + (f" ({hint})" if hint else "")
                           + f"; the columns are {', '.join(COLUMNS)}")
        if name in columns:
            raise BadInput(f"{where} line {line}: the column {name!r} appears twice")
        columns[name] = index
    missing = [c for c in REQUIRED if c not in columns]
    if missing:
        raise BadInput(f"{where} line {line}: the first line must be a header naming the "
                       f"columns (card and count, optionally set, kind and notes); it has no "
                       f"{' or '.join(repr(m) for m in missing)} column")
    return columns


def _set_key(text: str) -> str | None:
    """A set as written in a file, as the catalog's key (None when unrecognised)."""
    key = "-".join(text.casefold().replace("_", " ").replace("'", "").replace("’", "").split())
    key = key.removeprefix("the-")
    key = SET_ALIASES.get(key, key)
    return key if key in {s.value for s in CardSet} else None


def _count(raw: str, name: str, mode: Mode) -> tuple[int | None, str | None]:
    """The count of a row, or the reason it is bad."""
    low = 0 if mode == "replace" else 1
    text = raw.strip()
    if not text:
        return None, f"no count for {name!r}"
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_COUNT:
        return None, (f"count {text!r} for {name!r} is not a whole number from {low} to "
                      f"{MAX_COUNT}")
    value = int(text)
    if value < low:
        return None, (f"count 0 for {name!r} adds nothing; use 1 to {MAX_COUNT} (0 is allowed "
                      "only when replacing the collection)")
    return value, None


def _card(cat: WyldHuntCatalog, name: str, kind_text: str) -> tuple[Card | None, str | None]:
    """The card a row names, or the reason it is bad."""
    kinds = [k.value for k in Kind]
    kind: str | None = None
    if kind_text.strip():
        kind = kind_text.strip().casefold()
        if kind not in kinds:
            hint = did_you_mean(kind, kinds)
            return None, (f"unknown kind {kind_text.strip()!r}"
                          + (f" ({hint})" if hint else "") + f"; use one of {', '.join(kinds)}")
    prefix, colon, rest = name.partition(":")
    if colon and prefix.strip().casefold() in kinds and rest.strip():
        if kind is not None and kind != prefix.strip().casefold():
            return None, (f"{name!r} says {prefix.strip()!r} but the kind column says "
                          f"{kind!r}")
        kind, name = prefix.strip().casefold(), rest.strip()  # waylay:Slavers, as typed
    found = cat.named(name)
    chosen = [c for c in found if kind is None or c.kind.value == kind]
    if len(chosen) == 1:
        return chosen[0], None
    if len(chosen) > 1:
        return None, (f"{name!r} is the name of several cards "
                      f"({', '.join(c.kind.value for c in chosen)}); say which in a kind column "
                      f"or with a prefix ({', '.join(f'{c.kind.value}:{c.name}' for c in chosen)})")
    if found:
        kinds_there = " and ".join(("an " if c.kind is Kind.ICON else "a ") + c.kind.value
                                   for c in found)
        return None, f"no {kind} is called {name!r} (there is {kinds_there} of that name)"
    near = cat.suggest(name, kind)
    hint = repr(near)
    if near is not None and kind is None and len(cat.named(near)) > 1:
        hint = " or ".join(repr(f"{c.kind.value}:{c.name}") for c in cat.named(near))
    return None, (f"unknown {kind + ' ' if kind else ''}card {name!r}"
                  + (f" (did you mean {hint}?)" if near else
                     "; create it first with 'chronicle cards new'"))


def _parse(text: str, where: str, mode: Mode, cat: WyldHuntCatalog,
           ) -> tuple[list[_Row], list[str]]:
    """The good rows of a collection file and a line for every bad one."""
    records = _records(text, where)
    if not records:
        raise BadInput(f"{where} is empty; it needs a header line (card,set,kind,count) and a "
                       "line per card")
    header_line, header = records[0]
    columns = _header(header, where, header_line)
    rows: list[_Row] = []
    problems: list[str] = []
    seen: dict[tuple[str, str], int] = {}

    def cell(record: list[str], column: str) -> str:
        index = columns.get(column)
        return restore(record[index].strip()) if index is not None and index < len(record) \
            else ""

    for line, record in records[1:]:
        def bad(reason: str, line: int = line) -> None:
            problems.append(f"{where} line {line}: {reason}")

        if len(record) > len(header) and any(c.strip() for c in record[len(header):]):
            bad(f"has {len(record)} values but the header names {len(header)} columns (quote a "
                "value that contains a comma)")
            continue
        name = " ".join(cell(record, "card").split())
        if not name:
            bad("no card name")
            continue
        card, reason = _card(cat, name, cell(record, "kind"))
        count, count_reason = _count(cell(record, "count"), card.name if card else name, mode)
        given_set = cell(record, "set")
        set_reason = None
        if given_set:
            key = _set_key(given_set)
            if key is None:
                set_reason = (f"unknown set {given_set!r} for {name!r}; use "
                              f"{' or '.join(s.value for s in CardSet)}, or leave it empty")
            elif card is not None and card.set is not None and card.set.value != key:
                set_reason = (f"{card.name!r} is from the {card.set.value} set, not "
                              f"{given_set!r}; fix the set or leave it empty")
        for why in (reason, count_reason, set_reason):
            if why:
                bad(why)
        if card is None or count is None or set_reason:
            continue
        identity = (name_key(card.name), card.kind.value)
        if identity in seen and mode == "replace":
            bad(f"{card.name} ({card.kind.value}) is also on line {seen[identity]}; list each "
                "card once when replacing the collection")
            continue
        seen.setdefault(identity, line)
        rows.append(_Row(line, card, count))
    return rows, problems


def import_collection_csv(db: Database, player: str, path: Path, *, mode: str = "add",
                          ) -> ImportResult:
    """Add the counts of a collection file to ``player``'s collection (``mode="add"``), or make
    the collection exactly the file's (``mode="replace"``: cards the file does not list drop to
    zero), all in one transaction.

    Raises:
        BadInput: the file cannot be read, its header is wrong, or any row is bad: every bad
            row is listed with its line and nothing is imported.
        NotFound: no such player.
    """
    from chronicle.persistence import repository as repo

    if mode not in ("add", "replace"):
        raise BadInput(f"an import mode is 'add' or 'replace', not {mode!r}")
    chosen: Mode = "replace" if mode == "replace" else "add"
    where = str(path)
    db.sync_cards()  # the group's cards count
    rows, problems = _parse(_read_text(path), where, chosen, catalog())
    if problems:
        rows_text = "this row" if len(problems) == 1 else f"these {len(problems)} rows"
        raise BadInput(f"nothing was imported from {where}; fix {rows_text} and try again:\n"
                       + "\n".join(f"  {p}" for p in problems))
    wanted: dict[tuple[str, str], tuple[str, int]] = {}
    for row in rows:
        identity = (name_key(row.card.name), row.card.kind.value)
        _name, before = wanted.get(identity, (row.card.name, 0))
        wanted[identity] = (row.card.name, before + row.count)
    with db.transaction() as session:
        owner = player_row(session, player)
        assert owner.id is not None
        result = ImportResult(owner.name, chosen, len(rows))
        held = {(name_key(o.name), o.kind): o for o in repo.owned_cards(session, owner.id, GAME)}
        for (key, kind), (name, count) in wanted.items():
            current = held[(key, kind)].count if (key, kind) in held else 0
            delta = count - current if chosen == "replace" else count
            new = (repo.change_count(session, owner.id, name, kind, delta, GAME) if delta
                   else current)
            result.counts.append((name, kind, new))
        if chosen == "replace":
            for (key, kind), owned in held.items():
                if (key, kind) not in wanted:
                    repo.change_count(session, owner.id, owned.name, kind, -owned.count, GAME)
                    result.removed.append((owned.name, kind))
        return result
