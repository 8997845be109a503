"""The user's own cards: cards created on the spot (with values read off the physical card) and
corrections, kept in one card file of the user's card folder that this program manages.

Other card files in that folder are the user's to edit and are never rewritten.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from chronicle import paths
from chronicle.catalog.loader import CardEntry
from chronicle.catalog.tomlwrite import dumps
from chronicle.domain.values import Origin, name_key
from chronicle.errors import BadInput
from chronicle.systems.wyld_hunt import GAME
from chronicle.systems.wyld_hunt.cards import Card, card_to_dict

MANAGED_FILE = "my-cards.toml"
HEADER = ("Your own cards and corrections, written by Arcadia Chronicle.\n"
          "You may edit this file; keep one [[card]] per card.")


def managed_file() -> Path:
    """The card file this program writes new cards and corrections to."""
    return paths.user_cards_dir(GAME) / MANAGED_FILE


def _read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
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
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(dumps({"version": 1, "game": GAME, "card": existing}, header=HEADER),
                         encoding="utf-8")
    os.replace(temporary, path)
    return path


def create_card(values: dict[str, Any]) -> Card:
    """Validate one card's values and save it as the user's own (or as a correction of a
    bundled card of the same name and kind).

    Raises:
        BadInput: naming each bad field, with a hint for misspellings.
    """
    from chronicle.catalog.loader import validate_card_tables
    from chronicle.services.catalog import load_catalog
    from chronicle.systems.wyld_hunt.schema import SCHEMA

    entries, problems = validate_card_tables([values], SCHEMA, path="the new card", lines=None,
                                             origin=Origin.USER)
    if problems:
        raise BadInput("the card cannot be saved: " + "; ".join(
            f"{p.field or 'card'}: {p.message}" + (f" ({p.hint})" if p.hint else "")
            for p in problems))
    save_user_cards(entries)
    card = load_catalog().get(entries[0].data["name"], entries[0].data["kind"])
    assert card is not None
    return card


def card_file_entry(card: Card) -> dict[str, Any]:
    """The ``[[card]]`` table of a card file for ``card``: its known values only."""
    from chronicle.systems.wyld_hunt.schema import SCHEMA

    allowed = set(SCHEMA.fields(card.kind.value))
    data = card_to_dict(card)
    entry: dict[str, Any] = {}
    for name in ("name", "kind", *sorted(allowed - {"name", "kind"})):
        item = data.get(name)
        if item in (None, [], ""):
            continue
        if name == "effects" and isinstance(item, list):
            item = [{k: v for k, v in e.items() if k != "description" and v is not None}
                    for e in item]
        entry[name] = item
    return entry


def own_cards() -> list[Card]:
    """The user's own cards and corrections, as the catalog has them."""
    from chronicle.services.catalog import load_catalog

    return [card for card in load_catalog() if card.origin in (Origin.USER, Origin.CORRECTED)]
