"""The group's and the user's own cards: cards created on the spot (with values read off the
physical card) and corrections.

Two layers sit on top of the bundled cards, and the later one wins for each card (by name and
kind; the keys it sets replace the earlier values, the others are kept):

1. the **group's cards**, kept in the database (table ``group_card``, revision 0004): what a
   member creates or corrects with a database in use goes there, so every member of a play
   group sharing a database reads the same card the same way, and every backup carries them;
2. the **user's card files** (the card folder): a personal layer on top, for one member's own
   experiments or corrections; ``my-cards.toml`` there is written when no database is given.

The rule for which wins: bundled, then group, then the user's files, then a file's own
``[[card]]`` tables (for that file only). Other card files in the folder are the user's to edit
and are never rewritten.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle import paths
from chronicle.catalog.loader import CardEntry
from chronicle.catalog.tomlwrite import dumps
from chronicle.domain.values import Origin, name_key
from chronicle.errors import BadInput
from chronicle.systems.wyld_hunt import GAME
from chronicle.systems.wyld_hunt.cards import Card, card_to_dict

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog

MANAGED_FILE = "my-cards.toml"
HEADER = ("Your own cards and corrections, written by Arcadia Chronicle.\n"
          "You may edit this file; keep one [[card]] per card.")


def managed_file() -> Path:
    """The card file this program writes new cards and corrections to."""
    return paths.user_cards_dir(GAME) / MANAGED_FILE


def _read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    import tomllib

    from chronicle.reading import parse_toml, read_text, shown_path

    try:
        document = parse_toml(read_text(path, what="card file"), path)
    except (BadInput, tomllib.TOMLDecodeError) as exc:
        raise BadInput(f"{shown_path(path)} cannot be read ({exc}); fix or move it, then try "
                       "again") from None
    cards = document.get("card", [])
    return [c for c in cards if isinstance(c, dict)]


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    """Validated card data as TOML-ready plain values (enums as their text)."""
    plain: dict[str, Any] = {}
    for key, item in data.items():
        if isinstance(item, list):
            plain[key] = [_plain(v) if isinstance(v, dict) else getattr(v, "value", v)
                          for v in item]
        else:
            plain[key] = getattr(item, "value", item)
    return plain


def save_user_cards(entries: Iterable[CardEntry]) -> Path:
    """Add or update cards in the managed file (by name and kind), atomically."""
    path = managed_file()
    existing = _read(path)
    index = {(name_key(str(c.get("name", ""))), str(c.get("kind"))): i
             for i, c in enumerate(existing)}
    for entry in entries:
        data = _plain(entry.data)
        key = (name_key(data["name"]), data["kind"])
        if key in index:
            existing[index[key]] = {**existing[index[key]], **data}
        else:
            index[key] = len(existing)
            existing.append(data)
    from chronicle.export.safefiles import write_bytes_atomically

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"cannot create the card folder {path.parent}: "
                       f"{exc.strerror or exc}") from None
    write_bytes_atomically(path, dumps({"version": 1, "game": GAME, "card": existing},
                                       header=HEADER).encode("utf-8"), overwrite=True)
    return path


def create_card(values: dict[str, Any], db: Database | None = None) -> Card:
    """Validate one card's values and save it (or a correction of a card of the same name and
    kind): into the group's cards of ``db`` when given, else into the user's card file.

    Raises:
        BadInput: naming each bad field, with a hint for misspellings.
    """
    from chronicle.catalog.loader import validate_card_tables
    from chronicle.systems.wyld_hunt.schema import SCHEMA

    entries, problems = validate_card_tables([values], SCHEMA, path="the new card", lines=None,
                                             origin=Origin.USER)
    if problems:
        raise BadInput("the card cannot be saved: " + "; ".join(
            f"{p.field or 'card'}: {p.message}" + (f" ({p.hint})" if p.hint else "")
            for p in problems))
    if db is not None:
        with db.transaction() as session:
            save_group_cards(session, entries)
            sync_group(session)
    else:
        save_user_cards(entries)
    card = layered_catalog().get(entries[0].data["name"], entries[0].data["kind"])
    assert card is not None
    return card


def enter_card(db: Database, values: dict[str, Any], *, force: bool = False) -> Card:
    """Enter or correct one card in the group's cards through the card front's one way in
    (``chronicle.services.cardfront.enter_cards``: the shared limits and the schema, the
    values not given kept, the game's characters and games checked again with it, the
    version read): the app's card form, with the command line's checks and refusals.

    Raises:
        BadInput: a bad value, naming its field; nothing saved.
        BreaksRecords: a correction that makes a saved character or game break a rule
            (each named), unless ``force``.
    """
    from chronicle.services.cardfront import enter_cards

    entered = enter_cards(db, GAME, [values], force=force)
    saved = entered.cards[0] if entered.cards else None
    name, kind = (saved.name, saved.kind) if saved else (values["name"], values["kind"])
    card = layered_catalog().get(name, kind)
    if card is None:
        raise BadInput(f"the {kind} {name} was saved but cannot be read back")
    return card


def card_file_entry(card: Card) -> dict[str, Any]:
    """The ``[[card]]`` table of a card file for ``card``: its known values only."""
    from chronicle.systems.wyld_hunt.schema import SCHEMA

    allowed = set(SCHEMA.fields(card.kind.value))
    data = card_to_dict(card)
    entry: dict[str, Any] = {}
    for name in ("name", "kind", *sorted(allowed - {"name", "kind"})):
        item = data.get(name)
        if item is None or (item in ([], "") and name != "score_changes"):  # [] is known: none
            continue
        if name == "effects" and isinstance(item, list):
            item = [{k: v for k, v in e.items() if k != "description" and v is not None}
                    for e in item]
        entry[name] = item
    return entry


def own_cards() -> list[Card]:
    """The group's and the user's own cards and corrections, as the catalog has them."""
    return [card for card in layered_catalog()
            if card.origin in (Origin.USER, Origin.CORRECTED)]


# The group's cards ---------------------------------------------------------------------------

GROUP_PATH = "the group's cards (database)"
"""Where a group card comes from, in messages."""
_GROUP: dict[str, Any] = {"stamp": None, "entries": [], "catalog": None, "base": None}
"""The group layer validated: the stamp of ``chronicle.services.grouplayer`` it was read at,
its entries, and the catalog built with it."""


def save_group_cards(session: Session, entries: Iterable[CardEntry]) -> None:
    """Add or update cards in the group's cards (inside the caller's transaction)."""
    from chronicle.persistence import repository as repo

    for entry in entries:
        repo.save_group_card(session, GAME, _plain(entry.data))


def sync_group(session: Session) -> None:
    """Make the group's cards of the database of ``session`` the group layer of every catalog
    built from now on (read again only when they changed; ``chronicle.services.grouplayer``,
    which every transaction syncs too)."""
    from chronicle.services import grouplayer

    grouplayer.sync(session)


def _group_layer() -> list[CardEntry]:
    """The group layer in use, validated by the card schema once per change of the tables."""
    from chronicle.services import grouplayer

    stamp = grouplayer.stamp()
    if stamp == _GROUP["stamp"]:
        entries: list[CardEntry] = _GROUP["entries"]
        return entries
    entries = []
    tables = grouplayer.tables(GAME)
    if tables:
        from chronicle.catalog.loader import validate_card_tables
        from chronicle.systems.wyld_hunt.schema import SCHEMA

        entries, _problems = validate_card_tables(tables, SCHEMA, path=GROUP_PATH, lines=None,
                                                  origin=Origin.USER)
    _GROUP.update(stamp=stamp, entries=entries, catalog=None, base=None)
    return entries


def use_group_cards(url: str | None) -> str | None:
    """Read the group's cards of the database at ``url`` (else ``CHRONICLE_DB``, else the
    default file, when it exists) into the group layer, for commands that otherwise need no
    database (``cards list``/``show``). Returns why they could not be read, or None."""
    from chronicle.errors import ChronicleError
    from chronicle.persistence.engine import safe_url, sqlite_path
    from chronicle.services import grouplayer
    from chronicle.services.db import default_url, open_database

    forget_group()
    chosen = url or default_url()
    try:
        path = sqlite_path(chosen)
        if path is not None and not path.exists():
            return None
        db = open_database(chosen)
    except ChronicleError as exc:
        return f"the group's cards in {safe_url(chosen)} could not be read: {exc}"
    try:
        with db.transaction():
            pass
        kept = grouplayer.kept()
    except ChronicleError as exc:
        return f"the group's cards in {safe_url(chosen)} could not be read: {exc}"
    finally:
        db.close()
    grouplayer.keep(kept)  # the layer outlives the connection, for this command
    return None


def forget_group() -> None:
    """Drop the group layer (no database in use), every game's group cards handed to the
    catalogs with it (``chronicle.catalog.group``)."""
    from chronicle.catalog import group
    from chronicle.services import grouplayer

    grouplayer.forget()
    group.forget()
    _GROUP.update(stamp=None, entries=[], catalog=None, base=None)


def group_entries() -> list[CardEntry]:
    """The group layer in use."""
    return list(_group_layer())


def layered_catalog(extra: Iterable[CardEntry] = ()) -> WyldHuntCatalog:
    """The catalog a use case sees: bundled cards, then the group's cards, then the user's card
    files, then ``extra`` (a file's own cards); each layer corrects the one before."""
    from chronicle.catalog.store import Catalog, merge_entries
    from chronicle.systems.wyld_hunt.cards import KIND_ORDER, card_from_data
    from chronicle.systems.wyld_hunt.services.catalog import card_problems, read_sources

    sources = read_sources()
    more = list(extra)
    group = _group_layer()
    if not group:
        return sources.build(more)
    if not more and _GROUP["catalog"] is not None and _GROUP["base"] is sources:
        built: WyldHuntCatalog = _GROUP["catalog"]
        return built
    layers = [sources.bundled, group, sources.user, more]
    cards, problems = merge_entries(layers, card_from_data)
    cards.sort(key=lambda c: (KIND_ORDER[c.kind], c.name.casefold()))
    built = Catalog(cards, sources.problems + problems + card_problems(cards, layers))
    if not more:
        _GROUP.update(catalog=built, base=sources)
    return built
