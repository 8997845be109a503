"""The catalog: cards by name and kind, layered (bundled, then the user's, then a file's own).

A card of a later layer with the same name and kind as an earlier one corrects it: the keys it
sets replace the earlier values, the rest are kept, and the card's origin says so. Lookups ignore
case and surrounding space. Text search scans precomputed folded strings, so a 10,000-card
catalog answers in a few milliseconds; the last searches' results are kept, so typing a word
searches only the cards its beginning matched, and erasing it gives back a result already found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, Protocol, TypeVar

from chronicle.catalog.loader import CardEntry
from chronicle.catalog.problems import FileProblem, suggest
from chronicle.domain.values import Origin, name_key


class CatalogCard(Protocol):
    """What the catalog needs to know of a card."""

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def origin(self) -> Origin: ...

    @property
    def summary(self) -> str | None: ...


C = TypeVar("C", bound=CatalogCard)

RECENT_SEARCHES = 16
"""How many searches' results a catalog keeps (those typed one key at a time, and erased)."""

CardFactory = Callable[[dict[str, Any], Origin, str | None], C]


class Catalog(Generic[C]):
    """An immutable set of cards, looked up by name (and kind), searchable by text."""

    def __init__(self, cards: Iterable[C], problems: Iterable[FileProblem] = ()) -> None:
        self._cards: dict[tuple[str, str], C] = {}
        for card in cards:
            self._cards[(name_key(card.name), str(card.kind))] = card
        self._by_name: dict[str, list[C]] = {}
        for (key, _kind), card in self._cards.items():
            self._by_name.setdefault(key, []).append(card)
        self._aliases: dict[tuple[str, str], C] = {}
        """The cards by their other names (a card's ``aliases``), where no card has the name."""
        self._by_alias: dict[str, list[C]] = {}
        for (_key, kind), card in self._cards.items():
            for alias in getattr(card, "aliases", None) or ():
                found = (name_key(str(alias)), kind)
                if found not in self._cards and found not in self._aliases:
                    self._aliases[found] = card
                    self._by_alias.setdefault(found[0], []).append(card)
        self.problems: list[FileProblem] = list(problems)
        self._haystack: list[tuple[str, C]] | None = None
        self._found: dict[tuple[str, ...], list[tuple[str, C]]] = {}
        """The last searches' results (the catalog never changes), oldest first."""

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[C]:
        return iter(self._cards.values())

    def get(self, name: str, kind: str | None = None) -> C | None:
        """The card called ``name`` (of ``kind``, when given). Without a kind, the only card of
        that name, or None when several kinds share it."""
        key = name_key(name)
        if kind is not None:
            return self._cards.get((key, str(kind))) or self._aliases.get((key, str(kind)))
        found = self.named(name)
        return found[0] if len(found) == 1 else None

    def named(self, name: str) -> list[C]:
        """Every card called ``name``, whatever its kind; else every card having it among its
        other names (``aliases``: the rulebook's language, an older printing)."""
        key = name_key(name)
        found = self._by_name.get(key)
        if found:
            return list(found)
        return list(self._by_alias.get(key, []))

    def suggest(self, name: str, kind: str | None = None) -> str | None:
        """The nearest card name (of ``kind``, when given) to a misspelt ``name``."""
        names = (c.name for c in self if kind is None or str(c.kind) == str(kind))
        return suggest(name, names)

    def prepare_search(self) -> None:
        """Fold every card's name and summary for searching now (a first search is then as fast
        as the next ones): an app does it while idle."""
        if self._haystack is None:
            self._haystack = [(f"{c.name}\n{c.summary or ''}\n"
                               f"{chr(10).join(getattr(c, 'aliases', None) or ())}".casefold(), c)
                              for c in self]

    def search(self, text: str, cards: Iterable[C] | None = None) -> list[C]:
        """Cards whose name or summary contains every word of ``text`` (case-insensitive)."""
        words = tuple(text.casefold().split())
        self.prepare_search()
        assert self._haystack is not None
        pool = self._haystack
        if cards is not None:
            wanted = {id(c) for c in cards}
            pool = [(h, c) for h, c in pool if id(c) in wanted]
        elif words:
            found = self._found.pop(words, None)
            if found is None:
                found = _having(self._narrowest(words), words)
            self._found[words] = found  # the newest last
            while len(self._found) > RECENT_SEARCHES:
                self._found.pop(next(iter(self._found)), None)
            return [c for _h, c in found]
        return [c for _h, c in _having(pool, words)]

    def _narrowest(self, words: tuple[str, ...]) -> list[tuple[str, C]]:
        """The smallest kept result that holds every card matching ``words``: one of a search
        whose every word is part of one of ``words`` (else the whole catalog)."""
        assert self._haystack is not None
        best = self._haystack
        for earlier, found in list(self._found.items()):
            if len(found) < len(best) and all(any(e in w for w in words) for e in earlier):
                best = found
        return best


def _having(pool: list[tuple[str, C]], words: tuple[str, ...]) -> list[tuple[str, C]]:
    """The cards of ``pool`` whose folded text holds every word, in order: one word at a time
    (a generator per card made a first search over 10,000 cards half again as slow)."""
    for word in words:
        pool = [(h, c) for h, c in pool if word in h]
    return pool


def merge_entries(layers: Iterable[Iterable[CardEntry]], factory: CardFactory[C],
                  ) -> tuple[list[C], list[FileProblem]]:
    """Merge card entries layer by layer into cards; later layers correct earlier ones.

    Two entries for the same card within one layer are reported; the later one wins over the
    earlier one of that layer, and still corrects the card of the layers before (whose values
    it does not set are kept). A correction keeps the card's own spelling of its name.
    """
    below: dict[tuple[str, str], tuple[dict[str, Any], Origin]] = {}
    """Each card as the layers before the current one made it."""
    merged: dict[tuple[str, str], tuple[dict[str, Any], Origin, str]] = {}
    problems: list[FileProblem] = []
    for layer in layers:
        seen_here: dict[tuple[str, str], CardEntry] = {}
        for entry in layer:
            key = (name_key(entry.data["name"]), str(entry.data["kind"]))
            if key in seen_here and seen_here[key].data != entry.data:
                first = seen_here[key]
                where = first.path if first.line is None else f"{first.path}:{first.line}"
                problems.append(FileProblem(entry.path, f"defines this {key[1]} card again "
                                                        f"(first at {where}); the later one wins",
                                            line=entry.line, card=entry.data["name"]))
            seen_here[key] = entry
            earlier = below.get(key)
            if earlier is not None:
                data = {**earlier[0], **entry.data, "name": earlier[0]["name"]}
                origin = entry.origin
                if entry.origin is Origin.USER and earlier[1] is not Origin.USER:
                    origin = Origin.CORRECTED
                merged[key] = (data, origin, entry.path)
            else:
                merged[key] = (dict(entry.data), entry.origin, entry.path)
        below = {key: (data, origin) for key, (data, origin, _path) in merged.items()}
    cards = [factory(data, origin, path) for data, origin, path in merged.values()]
    return cards, problems
