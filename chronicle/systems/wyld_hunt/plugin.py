"""Arcadia: The Wyld Hunt as a plug-in: what the registry lists about the first game.

Registered in ``pyproject.toml`` under the entry-point group ``chronicle.systems`` twice, as
``wyld-hunt`` and as its expansion's edition key ``ironheart`` (both name this value). Importing
this module imports only the protocol.

Legacy wiring, to move into this folder as the seam grows: Wyld Hunt's file check still runs
through ``chronicle.services.check`` (it reads the catalog service's cached card sources), and
its odds (``chronicle odds test|trial``), sheets and screens are still wired directly in the
fronts, so ``odds``, ``sheets`` and ``screens`` are empty here.
"""

from __future__ import annotations

from chronicle.systems.protocol import Edition, FileKind, GameSystem

SYSTEM = GameSystem(
    key="wyld-hunt",
    label="Arcadia: The Wyld Hunt",
    editions=(Edition("wyld-hunt", "Arcadia: The Wyld Hunt (5 starting points, one die)"),
              Edition("ironheart", "King Ironheart's Madness (10 starting points, two dice)")),
    card_kinds=("icon", "merit", "flaw", "quest", "league", "waylay"),
    file_kinds=(
        FileKind("character", "a character: Icon, Merits, Flaws and the chronicle of events",
                 "chronicle.services.check:check_path"),
        FileKind("setup", "a game setup: players, quests, Waylays, Treasures and Leagues",
                 "chronicle.services.check:check_path"),
    ),
    card_schema="chronicle.systems.wyld_hunt.schema:SCHEMA",
    codes="chronicle.systems.wyld_hunt.codes",
    ledger_codec="chronicle.systems.wyld_hunt.codec",
    docs="docs/rules.md",
)
"""The entry point's value (for both keys)."""
