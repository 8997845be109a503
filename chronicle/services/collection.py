"""Collections for every game: the copies of a game's cards a player owns, recorded one by one
or from a CSV file, listed and exported; and the warning a builder shows for a card its player
does not own (``collection.not_owned``, never a refusal).

A game with rules of its own about collections names a module of the same four functions in
its ``GameSystem.collection`` (``add_cards(db, player, cards, *, kind)``,
``list_collection(db, player)``, ``import_collection_csv(db, player, path, *, mode)``,
``export_collection_csv(db, player)``); every other game, a fifth one included, gets these,
driven by its card schema and catalog (``chronicle.services.gamecards``): any card of the
game's catalog, named by its name (``kind:Name`` or ``--kind`` when kinds share a name).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.catalog.front import FrontCard
from chronicle.domain.text import did_you_mean
from chronicle.domain.values import name_key
from chronicle.errors import BadInput, NotFound
from chronicle.rules.ownership import NOT_OWNED_SECTION, not_owned
from chronicle.services.csvtable import ImportResult, Mode
from chronicle.services.gamecards import GameCatalog, game_catalog, system_named
from chronicle.services.ownership import Recorded, check_counts, set_counts

if TYPE_CHECKING:
    from chronicle.rules.report import Violation
    from chronicle.services.db import Database
    from chronicle.systems.protocol import GameSystem

__all__ = ["NOT_OWNED_SECTION", "OwnedCard", "add_cards", "export_collection_csv",
           "import_collection_csv", "list_collection", "not_owned_warnings", "resolve"]

COLUMNS = ("card", "kind", "count", "notes")
EXPORT_HEADER = ("card", "kind", "count")


@dataclass
class OwnedCard:
    """A card in a collection, with its catalog card (None when the catalog has none)."""

    card: FrontCard | None
    name: str
    kind: str
    count: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle collection list --json``."""
        return {"name": self.name, "kind": self.kind, "count": self.count,
                "in_catalog": self.card is not None}


def _own(system: GameSystem) -> Any:
    """The game's own collection module (None: the generic one serves it)."""
    if system.collection is None:
        return None
    from chronicle.systems.protocol import load_name

    return load_name(system.collection)


def _create_hint(system: GameSystem, name: str, kind: str | None = None) -> str:
    """The command that enters the card (runnable as given: its kind named, or KIND)."""
    from chronicle.rules.report import arg

    return (f"create it from the physical card with 'chronicle cards new {arg(name)} "
            f"--system {system.key} --kind {kind or 'KIND'}'")


def resolve(cat: GameCatalog, system: GameSystem, name: str,
            kind: str | None = None) -> FrontCard:
    """The card of the game called ``name`` (of ``kind``); ``name`` may carry its kind as a
    prefix (``unit:Ghoul``) for names several kinds share.

    Raises:
        BadInput: a kind the game lacks. NotFound: no such card (with the nearest name, or how
            to create it), or several kinds share the name and none was said.
    """
    kinds = sorted({c.kind for c in cat} | set(system.card_kinds))
    prefix, colon, rest = name.partition(":")
    whole = [c for c in cat.named(name) if kind is None or c.kind == kind]
    if colon and prefix.strip().casefold() in kinds and rest.strip() and not whole:
        kind, name = prefix.strip().casefold(), rest.strip()
    if kind is not None and kind not in kinds:
        hint = did_you_mean(kind, kinds)
        raise BadInput(f"{system.label} has no kind {kind[:40]!r}"
                       + (f" ({hint})" if hint else "") + f"; its kinds: {', '.join(kinds)}")
    found = [c for c in cat.named(name) if kind is None or c.kind == kind]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        shared = ", ".join(c.kind for c in found)
        raise NotFound(f"{name!r} is the name of several {system.label} cards ({shared}); say "
                       f"which with --kind or as '{found[-1].kind}:{name}'")
    other = cat.named(name)
    if other:
        there = " and ".join(f"a {c.kind}" for c in other)
        raise NotFound(f"no {system.label} {kind} is called {name[:80]!r} (there is {there} of "
                       "that name)")
    near = cat.suggest(name, kind)
    said = f"did you mean {near!r}?" if near else _create_hint(system, name, kind)
    raise NotFound(f"no {system.label} {kind or 'card'} is called {name[:80]!r}; {said}")


def add_cards(db: Database, game: str, player: str, cards: Sequence[tuple[str, int]], *,
              kind: str | None = None) -> Recorded:
    """Add (or, with a negative count, remove) copies of cards of ``game``, in one
    transaction.

    Raises:
        NotFound: no such game, card or player. BadInput: a count out of bounds, more removed
            than owned.
    """
    system = system_named(game)
    own = _own(system)
    if own is not None:
        result: Recorded = own.add_cards(db, player, list(cards), kind=kind)
        return result
    cat = game_catalog(system.key, db)
    resolved = [(resolve(cat, system, name, kind), number) for name, number in cards]
    check_counts(resolved)
    from chronicle.persistence import repository as repo
    from chronicle.services.common import player_row

    with db.transaction() as session:
        owner = player_row(session, player)
        assert owner.id is not None
        result = Recorded(owner.name)
        have = {(name_key(o.name), o.kind): o.count
                for o in repo.owned_cards(session, owner.id, system.key)}
        for card, number in resolved:
            held = have.get((name_key(card.name), card.kind), 0)
            if held + number < 0:
                raise BadInput(f"{owner.name} owns {held} {card.name}; cannot remove {-number}")
            new = repo.change_count(session, owner.id, card.name, card.kind, number, system.key)
            have[(name_key(card.name), card.kind)] = new
            result.counts.append((card.name, card.kind, new))
        return result


def list_collection(db: Database, game: str, player: str) -> list[Any]:
    """A player's cards of ``game``, each with its catalog card (None when not in it).

    Raises:
        NotFound: no such game or player.
    """
    from chronicle.services.ownership import owned_cards

    system = system_named(game)
    own = _own(system)
    if own is not None:
        found: list[Any] = own.list_collection(db, player)
        return found
    rows = owned_cards(db, player, system.key)
    cat = game_catalog(system.key, db)
    return [OwnedCard(cat.get(o.name, o.kind), o.name, o.kind, o.count) for o in rows]


def export_collection_csv(db: Database, game: str, player: str) -> str:
    """The CSV text of a player's cards of ``game`` (``card,kind,count``)."""
    from chronicle.services.csvtable import write_rows

    system = system_named(game)
    own = _own(system)
    if own is not None:
        text: str = own.export_collection_csv(db, player)
        return text
    return write_rows(EXPORT_HEADER, [[o.name, o.kind, o.count]
                                      for o in list_collection(db, system.key, player)])


def _row_card(cat: GameCatalog, system: GameSystem, name: str,
              kind_text: str) -> tuple[FrontCard | None, str | None]:
    """The card a file's row names, or why it is bad."""
    kind = kind_text.strip().casefold() or None
    try:
        return resolve(cat, system, name, kind), None
    except (NotFound, BadInput) as exc:
        return None, str(exc)


def import_collection_csv(db: Database, game: str, player: str, path: Path, *,
                          mode: str = "add") -> ImportResult:
    """Add the counts of a collection file (``card,kind,count``, ``notes`` ignored) to
    ``player``'s cards of ``game``, or make them exactly the file's (``mode="replace"``), in
    one transaction.

    Raises:
        BadInput: the file cannot be read, its header is wrong, or any row is bad: every bad
            row is listed with its line, and nothing is imported. NotFound: no such player.
    """
    from chronicle.services import csvtable

    system = system_named(game)
    own = _own(system)
    if own is not None:
        done: ImportResult = own.import_collection_csv(db, player, path, mode=mode)
        return done
    if mode not in ("add", "replace"):
        raise BadInput(f"an import mode is 'add' or 'replace', not {mode!r}")
    chosen: Mode = "replace" if mode == "replace" else "add"
    where = str(path)
    found = csvtable.records(csvtable.read_text(path), where)
    if not found:
        raise BadInput(f"{where} is empty; it needs a header line (card,kind,count) and a "
                       "line per card")
    cat = game_catalog(system.key, db)
    head_line, head = found[0]
    columns = csvtable.header(head, where, head_line, COLUMNS)

    def cell(record: list[str], column: str) -> str:
        index = columns.get(column)
        return csvtable.restore(record[index].strip()) \
            if index is not None and index < len(record) else ""

    problems: list[str] = []
    wanted: dict[tuple[str, str], tuple[str, int]] = {}
    seen: dict[tuple[str, str], int] = {}
    rows = 0
    for line, record in found[1:]:
        reasons: list[str] = []
        extra = csvtable.too_many_values(record, len(head))
        name = " ".join(cell(record, "card").split())
        card: FrontCard | None = None
        number: int | None = None
        if extra:
            reasons.append(extra)
        elif not name:
            reasons.append("no card name")
        else:
            card, why = _row_card(cat, system, name, cell(record, "kind"))
            number, count_why = csvtable.count(cell(record, "count"),
                                               card.name if card else name, chosen)
            reasons += [r for r in (why, count_why) if r]
        if card is not None and number is not None and not reasons:
            identity = (name_key(card.name), card.kind)
            if identity in seen and chosen == "replace":
                reasons.append(f"{card.name} ({card.kind}) is also on line {seen[identity]}; "
                               "list each card once when replacing the collection")
            else:
                seen.setdefault(identity, line)
                rows += 1
                before = wanted.get(identity, (card.name, 0))[1]
                wanted[identity] = (card.name, before + number)
        problems += [f"{where} line {line}: {reason}" for reason in reasons]
    if problems:
        raise csvtable.nothing_imported(where, problems)
    return set_counts(db, system.key, player, wanted, chosen, rows,
                      kinds={c.kind for c in cat} | set(system.card_kinds))


def not_owned_warnings(db: Database, game: str,
                       uses: Iterable[tuple[str | None, str, str]]) -> list[Violation]:
    """The ``collection.not_owned`` warnings of what a record uses: ``uses`` holds (player,
    card name, kind) once per copy used, the player None when nobody is named (not checked).
    A player is checked once they have recorded a card of the game (before that, nothing is
    known of their collection); a player the database does not know is not checked. A card
    the game's catalog lacks (entered for one record) is flagged with the command entering
    it before the one recording it.
    """
    from chronicle.services.ownership import owned_cards
    from chronicle.services.players import list_players

    system = system_named(game)
    wanted: dict[str, Counter[tuple[str, str]]] = {}
    names: dict[tuple[str, str], str] = {}
    for player, name, kind in uses:
        if player:
            wanted.setdefault(player, Counter())[(name_key(name), kind)] += 1
            names.setdefault((name_key(name), kind), name)
    if not wanted:
        return []
    known = {name_key(p.name): p.name for p in list_players(db)}
    checked: list[tuple[str, Counter[tuple[str, str]], dict[tuple[str, str], int]]] = []
    for player, counts in wanted.items():
        real = known.get(name_key(player))
        if real is None:
            continue
        held = {(name_key(o.name), o.kind): o.count
                for o in owned_cards(db, real, system.key) if o.kind in system.card_kinds}
        if held:
            checked.append((real, counts, held))
    unknown: set[tuple[str, str]] = set()
    if any(count > held.get(key, 0) for _p, counts, held in checked
           for key, count in counts.items()):
        catalog = game_catalog(system.key, db)
        unknown = {key for key, name in names.items() if catalog.get(name, key[1]) is None}
    return [flag for player, counts, held in checked
            for flag in not_owned(system.key, player, counts, held, names, unknown)]
