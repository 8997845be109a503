"""A player's collection as a CSV file: export it for a spreadsheet, import it back.

The file has a header naming its columns, in any order and case: ``card`` and ``count`` are
required, ``set``, ``kind`` and ``notes`` optional. ``kind`` says which card is meant when two
kinds share a name (the quest and the Waylay called "Slavers"); ``set`` is checked against the
catalog; ``notes`` is for the user and ignored. Import either adds the counts to the collection
or replaces the collection with exactly the file's counts. Every bad row is reported at once,
with its line, and then nothing at all is imported.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from chronicle.domain.text import did_you_mean
from chronicle.domain.values import name_key
from chronicle.errors import BadInput
from chronicle.services.csvtable import (  # the generic part, written once (re-exported)
    ALIASES,
    FORMULA_STARTS,
    MAX_COUNT,
    ImportResult,
    Mode,
    count,
    header,
    neutralise,
    nothing_imported,
    read_text,
    records,
    restore,
    too_many_values,
    write_rows,
)
from chronicle.services.db import Database
from chronicle.services.ownership import set_counts
from chronicle.systems.wyld_hunt.cards import Card, CardSet, Kind
from chronicle.systems.wyld_hunt.editions import GAME
from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog
from chronicle.systems.wyld_hunt.services.common import catalog

__all__ = ["ALIASES", "COLUMNS", "EXPORT_HEADER", "FORMULA_STARTS", "MAX_COUNT", "REQUIRED",
           "ImportResult", "export_collection_csv", "import_collection_csv", "neutralise",
           "restore"]

EXPORT_HEADER = ("card", "set", "kind", "count")
COLUMNS = ("card", "set", "kind", "count", "notes")
REQUIRED = ("card", "count")
SET_ALIASES = {"twh": CardSet.WYLD_HUNT.value, "kim": CardSet.IRONHEART.value,
               "king-ironhearts-madness": CardSet.IRONHEART.value}


def export_collection_csv(db: Database, player: str) -> str:
    """The CSV text of a player's collection: ``card,set,kind,count``, one row per card owned
    (the set is the catalog's key, empty when unknown)."""
    from chronicle.systems.wyld_hunt.services.collection import list_collection

    return write_rows(EXPORT_HEADER, [
        [owned.name, owned.card.set.value if owned.card and owned.card.set else "",
         owned.kind, owned.count] for owned in list_collection(db, player)])


@dataclass(frozen=True)
class _Row:
    line: int
    card: Card
    count: int


def _set_key(text: str) -> str | None:
    """A set as written in a file, as the catalog's key (None when unrecognised)."""
    key = "-".join(text.casefold().replace("_", " ").replace("'", "").replace("’", "").split())
    key = key.removeprefix("the-")
    key = SET_ALIASES.get(key, key)
    return key if key in {s.value for s in CardSet} else None


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
    found = records(text, where)
    if not found:
        raise BadInput(f"{where} is empty; it needs a header line (card,set,kind,count) and a "
                       "line per card")
    header_line, head = found[0]
    columns = header(head, where, header_line, COLUMNS, REQUIRED)
    rows: list[_Row] = []
    problems: list[str] = []
    seen: dict[tuple[str, str], int] = {}

    def cell(record: list[str], column: str) -> str:
        index = columns.get(column)
        return restore(record[index].strip()) if index is not None and index < len(record) \
            else ""

    for line, record in found[1:]:
        def bad(reason: str, line: int = line) -> None:
            problems.append(f"{where} line {line}: {reason}")

        extra = too_many_values(record, len(head))
        if extra:
            bad(extra)
            continue
        name = " ".join(cell(record, "card").split())
        if not name:
            bad("no card name")
            continue
        card, reason = _card(cat, name, cell(record, "kind"))
        number, count_reason = count(cell(record, "count"), card.name if card else name, mode)
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
        if card is None or number is None or set_reason:
            continue
        identity = (name_key(card.name), card.kind.value)
        if identity in seen and mode == "replace":
            bad(f"{card.name} ({card.kind.value}) is also on line {seen[identity]}; list each "
                "card once when replacing the collection")
            continue
        seen.setdefault(identity, line)
        rows.append(_Row(line, card, number))
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
    if mode not in ("add", "replace"):
        raise BadInput(f"an import mode is 'add' or 'replace', not {mode!r}")
    chosen: Mode = "replace" if mode == "replace" else "add"
    where = str(path)
    db.sync_cards()  # the group's cards count
    rows, problems = _parse(read_text(path), where, chosen, catalog())
    if problems:
        raise nothing_imported(where, problems)
    wanted: dict[tuple[str, str], tuple[str, int]] = {}
    for row in rows:
        identity = (name_key(row.card.name), row.card.kind.value)
        _name, before = wanted.get(identity, (row.card.name, 0))
        wanted[identity] = (row.card.name, before + row.count)
    return set_counts(db, GAME, player, wanted, chosen, len(rows))
