"""A stored Wyld Hunt character as the domain's ``CharacterBuild``: the character row's
creation choices (Icon, court, Merits and Flaws) and its whole chronicle, the events decoded by
the repository through this game's ledger codec."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chronicle.systems.wyld_hunt.cards import Court
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild

if TYPE_CHECKING:
    from chronicle.persistence.light import CharacterFacts
    from chronicle.persistence.models import CharacterRow
    from chronicle.persistence.reads import EventInfo, Reader


def load_character(session: Reader, row: CharacterRow | CharacterFacts,
                   player_name: str | None = None) -> tuple[CharacterBuild, list[EventInfo]]:
    """The domain character of ``row`` (creation choices plus its whole chronicle) and what
    the database records of each event."""
    from chronicle.persistence import reads

    assert row.id is not None
    merits, flaws = reads.creation_cards(session, row.id)
    found, info = reads.events(session, row.id, row.system)
    build = CharacterBuild(name=row.name, system=row.system,
                           icons=(row.icon,) if row.icon else (),
                           court=Court(row.court) if row.court else None,
                           merits=tuple(merits), flaws=tuple(flaws), background=row.background,
                           player=player_name, events=tuple(found))
    return build, info


def load_build(session: Reader, row: CharacterRow | CharacterFacts,
               player_name: str | None = None) -> CharacterBuild:
    """The domain character of ``row``: creation choices plus its whole chronicle."""
    return load_character(session, row, player_name)[0]
