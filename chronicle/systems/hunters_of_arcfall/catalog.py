"""Loading the Hunters of Arcfall catalog: the bundled cards, then the user's own, then a
game log's own ``[[card]]`` tables, each layer correcting the one before by name.

Reading, locating errors and merging are the shared ones (``chronicle.catalog.loader`` and
``store``); this module only says which folders and which schema. ``catalog_violations`` says
how far the catalog is from the box (8 hunters, 44 bounties): fewer is a warning, never an error.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from chronicle import paths
from chronicle.catalog.layers import read_files
from chronicle.catalog.loader import CardEntry, card_files
from chronicle.catalog.problems import FileProblem
from chronicle.catalog.store import Catalog, merge_entries
from chronicle.domain.values import Origin
from chronicle.rules.report import Fix, Violation
from chronicle.systems.hunters_of_arcfall import BOUNTIES_IN_SET, HUNTERS_IN_SET, KEY, codes
from chronicle.systems.hunters_of_arcfall.cards import KIND_ORDER, Card, Kind, card_from_data
from chronicle.systems.hunters_of_arcfall.quickcheck import SCHEMA

HuntersCatalog = Catalog[Card]
_PLURAL = {Kind.HUNTER: "hunters", Kind.BOUNTY: "bounties"}


_READ: dict[tuple[Path, Origin], tuple[object, list[CardEntry], list[FileProblem]]] = {}
"""The last reading of each folder, with the files' sizes and times it was made from: a score
keeper re-reads the catalog on every turn, and the files rarely change between turns."""


def _signature(paths: list[Path]) -> object:
    found = []
    for path in paths:
        try:
            stat = path.stat()
        except OSError:
            return None
        found.append((path.name, stat.st_mtime_ns, stat.st_size, stat.st_ino))
    return tuple(found)


def read_dir(directory: Path, origin: Origin) -> tuple[list[CardEntry], list[FileProblem]]:
    """Every card entry of the ``*.toml`` files of ``directory`` (none when it is absent);
    read again whenever a file is added, removed or changed."""
    paths = card_files(directory)
    signature = _signature(paths)
    kept = _READ.get((directory, origin))
    if kept is not None and signature is not None and kept[0] == signature:
        return list(kept[1]), list(kept[2])
    entries, problems = read_files(paths, SCHEMA, origin)
    if signature is not None:
        _READ[(directory, origin)] = (signature, list(entries), list(problems))
    return entries, problems


def load_catalog(user_dir: Path | None = None, extra: Iterable[CardEntry] = (), *,
                 bundled_dir: Path | None = None) -> HuntersCatalog:
    """The catalog of bundled cards, the user's cards (``user_dir``, by default the user's
    ``cards/hunters-of-arcfall`` folder) and ``extra`` entries (a game log's own cards).

    Problems in card files are kept in ``catalog.problems``; the good cards still load.
    """
    bundled, problems = read_dir(bundled_dir or paths.bundled_cards_dir(KEY), Origin.BUNDLED)
    user, user_problems = read_dir(user_dir if user_dir is not None
                                   else paths.user_cards_dir(KEY), Origin.USER)
    from chronicle.catalog.group import layer  # the play group's cards, when a database is

    group, group_problems = layer(KEY, SCHEMA)
    cards, merge_problems = merge_entries([bundled, group, user, list(extra)], card_from_data)
    cards.sort(key=lambda card: (KIND_ORDER[card.kind], card.name.casefold()))
    return Catalog(cards, problems + group_problems + user_problems + merge_problems)


def catalog_violations(catalog: Iterable[Card]) -> list[Violation]:
    """How the catalog compares with the box: ``catalog.incomplete_set`` when hunters or
    bounties are missing, ``catalog.extra_cards`` when there are more than the box holds."""
    counts = {Kind.HUNTER: 0, Kind.BOUNTY: 0}
    for card in catalog:
        if card.kind in counts:
            counts[card.kind] += 1
    found: list[Violation] = []
    short = [(kind, have, want) for kind, have, want in
             ((Kind.HUNTER, counts[Kind.HUNTER], HUNTERS_IN_SET),
              (Kind.BOUNTY, counts[Kind.BOUNTY], BOUNTIES_IN_SET)) if have < want]
    if short:
        text = "; ".join(f"{have} of the box's {want} {_PLURAL[kind]}"
                         for kind, have, want in short)
        found.append(codes.CATALOG_INCOMPLETE(
            f"The catalog holds {text}: the missing cards are unknown, enter the ones you "
            "play with", fix=Fix(
                "enter each hunter and bounty you play with from its card",
                cli=f"chronicle cards new NAME --system {KEY} --kind hunter|bounty",
                app="c in Other games, on Hunters of Arcfall",
                file=f"add [[card]] tables to a file in <data dir>/cards/{KEY}/ "
                     "(kind = \"hunter\" or \"bounty\")")))
    over = [(kind, have, want) for kind, have, want in
            ((Kind.HUNTER, counts[Kind.HUNTER], HUNTERS_IN_SET),
             (Kind.BOUNTY, counts[Kind.BOUNTY], BOUNTIES_IN_SET)) if have > want]
    if over:
        text = "; ".join(f"{have} {_PLURAL[kind]} where the box holds {want}"
                         for kind, have, want in over)
        found.append(codes.CATALOG_EXTRA(
            f"The catalog holds {text} (an expansion, or a card entered twice under two names?)",
            fix="remove a card entered twice under another name; an expansion's cards can stay"))
    return found
