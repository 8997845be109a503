"""The cards a shared record depends on travel with the group: when the record store writes a
record, the cards of the member's own card folder that it uses and the group's cards lack
(the game's ``RecordKind.cards``) are copied into the group's cards in the same transaction,
so every member's checks and every backup see them; a card the group already has stays as the
group has it (the member's own correction remains a personal layer).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.systems.protocol import RecordContext, RecordKind


def share_cards(session: Session, game: str, spec: RecordKind, data: dict[str, Any],
                events: list[dict[str, Any]], context: RecordContext) -> None:
    """Copy into the group's cards of ``game`` the member's own cards the record uses and the
    group lacks (``spec.cards``; nothing when the game names no such function).

    Raises:
        Collision: another writer shared the same card at the same moment (the store runs
            the write again).
    """
    from chronicle.persistence import records as store
    from chronicle.systems.protocol import load_name

    if not spec.cards:
        return
    tables: list[dict[str, Any]] = load_name(spec.cards)(copy.deepcopy(data),
                                                         copy.deepcopy(events), context)
    for table in tables:
        store.share_group_card(session, game, table)
