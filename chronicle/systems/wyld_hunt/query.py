"""The collection screen's search box: free words plus ``key:value`` filters.

``fire kind:merit type:ability court:seelie cost:2-3 owned user`` finds owned, user-made
Seelie Abilities costing 2 or 3 with "fire" in their name or summary; ``missing`` keeps the cards
the catalog lacks values for (a collector's list of physical cards to look at). Parsing is pure,
so it is tested without the app.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chronicle.domain.text import did_you_mean
from chronicle.systems.wyld_hunt.cards import (
    Attribute,
    CardSet,
    Court,
    FlawType,
    Kind,
    MeritType,
    terrain_words,
)
from chronicle.systems.wyld_hunt.search import CardFilter, Range

KEYS = ("kind", "type", "set", "court", "attribute", "cost", "rating", "terrain")
FLAGS = ("owned", "user", "missing")
ALIASES = {"attr": "attribute", "k": "kind", "t": "type"}
CHOICES: dict[str, list[str]] = {
    "kind": [k.value for k in Kind],
    "type": [t.value for t in (*MeritType, *FlawType)],
    "set": [*(s.value for s in CardSet), "unknown"],
    "court": [c.value for c in Court],
    "attribute": [a.value for a in Attribute],
    "terrain": terrain_words(),  # the rulebook's and the cards' words: swamp is marsh
}


@dataclass
class Query:
    """A parsed search: words, a card filter, flags, and anything not understood."""

    text: str = ""
    filter: CardFilter = field(default_factory=CardFilter)
    owned: bool = False
    user: bool = False
    missing: bool = False
    problems: list[str] = field(default_factory=list)


def parse_query(raw: str) -> Query:
    """Split the search box into words and filters; bad filters are reported, not fatal."""
    words: list[str] = []
    values: dict[str, object] = {}
    query = Query()
    for token in raw.split():
        key, colon, value = token.partition(":")
        key = ALIASES.get(key.lower(), key.lower())
        if not colon:
            if key in FLAGS:
                setattr(query, key, True)
            else:
                words.append(token)
            continue
        if key in FLAGS:
            setattr(query, key, value.lower() not in ("no", "false", "0"))
        elif key not in KEYS:
            query.problems.append(f"unknown filter {key!r} (use {', '.join(KEYS + FLAGS)})")
        elif key in ("cost", "rating"):
            try:
                values[key] = Range.parse(value)
            except ValueError as exc:
                query.problems.append(str(exc))
        elif value.lower() in CHOICES[key]:
            values[key] = value.lower()
        elif value:
            hint = did_you_mean(value, CHOICES[key]) or f"one of {', '.join(CHOICES[key])}"
            query.problems.append(f"{key}:{value} is not known ({hint})")
    query.text = " ".join(words)
    query.filter = CardFilter(**values)  # type: ignore[arg-type]
    return query
