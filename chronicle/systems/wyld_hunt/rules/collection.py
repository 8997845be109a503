"""Ownership: a character is built, and a game prepared, from the player's own cards; and what
a standard pack holds (rulebook: The Character Pack, "What You Get"; Story Pack)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from chronicle.domain.values import name_key
from chronicle.rules.report import Violation
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.cards import Card, Kind

CardKey = tuple[str, str]
"""(case-folded name, kind) of a card."""

CHARACTER_PACK = {"icon": 1, "merits and flaws": 14}
STORY_PACK = {Kind.QUEST: 1, Kind.LEAGUE: 7, Kind.WAYLAY: 7}


def key_of(name: str, kind: str) -> CardKey:
    """The ownership key of a card."""
    return (name_key(name), str(kind))


def check_ownership(owner: str, user: str, uses: Mapping[CardKey, int],
                    owned: Mapping[CardKey, int], names: Mapping[CardKey, str],
                    others: Mapping[CardKey, int] | None = None) -> list[Violation]:
    """``user`` (a character or a game selection) uses ``uses`` copies; ``owner`` owns
    ``owned``. Too few copies is an error; with ``others`` (the same player's other characters'
    uses), more copies used in total than owned is a warning: a card can only be in one place
    at a time at the table."""
    found: list[Violation] = []
    for key, count in sorted(uses.items()):
        have = owned.get(key, 0)
        name = names.get(key, key[0])
        if count > have:
            found.append(codes.COLLECTION_NOT_OWNED(
                f"{user} uses {count} {'copy' if count == 1 else 'copies'} of {name} but "
                f"{owner} owns {have}", [name],
                fix=f"add {count - have} {name} to {owner}'s collection, or stop using it"))
        elif others is not None and count + others.get(key, 0) > have:
            total = count + others.get(key, 0)
            found.append(codes.COLLECTION_SHARED_COPY(
                f"{owner}'s characters use {total} copies of {name} together but {owner} owns "
                f"{have}", [name], fix=f"add {total - have} more {name} to the collection"))
    return found


def count_uses(cards: Iterable[Card]) -> Counter[CardKey]:
    """How many copies of each card a list uses."""
    return Counter(key_of(card.name, card.kind.value) for card in cards)


def check_pack(kind: str, cards: list[Card]) -> list[Violation]:
    """A Character Pack holds 1 Character Icon and 14 Merits and Flaws; a Story Pack holds 1
    Quest, 7 Leagues and 7 Waylays (everything2 and arcadiaccg on pack contents; the rulebook's
    own example pack had 11 Merits and 3 Flaws). A different pack is recorded all the same, with
    a warning."""
    found: list[Violation] = []
    counts = Counter(card.kind for card in cards)
    names = [card.name for card in cards]
    if kind == "character":
        icons = counts[Kind.ICON]
        rest = counts[Kind.MERIT] + counts[Kind.FLAW]
        other = len(cards) - icons - rest
        if icons != 1 or rest != 14 or other:
            found.append(codes.PACK_CONTENTS(
                f"This Character Pack holds {icons} icon(s), {rest} Merits and Flaws"
                + (f" and {other} other card(s)" if other else "")
                + "; a standard one holds 1 icon and 14 Merits and Flaws", names,
                fix="check the cards typed against the pack; it is recorded as typed"))
    else:
        wanted = ", ".join(f"{n} {k.value}(s)" for k, n in STORY_PACK.items())
        got = ", ".join(f"{counts[k]} {k.value}(s)" for k in STORY_PACK)
        other = len(cards) - sum(counts[k] for k in STORY_PACK)
        if any(counts[k] != n for k, n in STORY_PACK.items()) or other:
            found.append(codes.PACK_CONTENTS(
                f"This Story Pack holds {got}" + (f" and {other} other card(s)" if other else "")
                + f"; a standard one holds {wanted}", names,
                fix="check the cards typed against the pack; it is recorded as typed"))
    return found
