"""What the force builder shows, as plain data: the units browser's rows and search, the lines
of a force with their odds against a chosen enemy unit, and what still fits. Pure: the app's
screens (``screens/``) and the benchmark call these, so a keystroke costs only this.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from chronicle.systems.tales_of_arcadia.cards import STAT_LETTERS, STATS, Keyword, Stats, Unit
from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog, keywords


@dataclass(frozen=True, slots=True)
class UnitRow:
    """One unit (or variant) of the browser: what it shows and what a search matches."""

    unit: Unit
    variant: str | None
    cost: int | None
    stats: Stats
    haystack: str

    @property
    def label(self) -> str:
        """``Gearknight (Lancer)``."""
        return self.unit.name + (f" ({self.variant})" if self.variant else "")

    def line(self) -> str:
        """The row as the browser shows it: army, unit, cost and the six statistics."""
        cost = "?" if self.cost is None else str(self.cost)
        return f"{self.label} · {cost} pts · {stat_text(self.stats)} · {self.unit.army or '?'}"


def stat_text(stats: Stats | dict[str, Any]) -> str:
    """``P3 A4 S5 W3 R1 D5`` ("?" for an unknown value)."""
    values = stats.to_dict() if isinstance(stats, Stats) else stats
    return " ".join(f"{STAT_LETTERS[s]}{'?' if values.get(s) is None else values[s]}"
                    for s in STATS)


def unit_rows(catalog: TalesCatalog) -> list[UnitRow]:
    """Every unit and every variant of the catalog, by army list then name."""
    rows: list[UnitRow] = []
    for card in catalog:
        if not isinstance(card, Unit):
            continue
        words = [card.name, card.army or "", *card.types, *card.keywords,
                 card.movement.value]
        for variant in (None, *card.variants):
            cost, stats = card.resolved(variant)
            text = " ".join([*words, variant.name if variant else ""]).casefold()
            rows.append(UnitRow(card, variant.name if variant else None, cost, stats, text))
    rows.sort(key=lambda r: ((r.unit.army or "").casefold(), r.unit.name.casefold(),
                             r.variant or ""))
    return rows


def search(rows: Sequence[UnitRow], query: str, army: str | None = None) -> list[UnitRow]:
    """The rows holding every word of ``query`` (name, army, types, keywords, movement,
    variant; case ignored), of ``army`` when given."""
    words = query.casefold().split()
    key = army.casefold() if army else None
    return [row for row in rows
            if (key is None or (row.unit.army or "").casefold() == key)
            and all(word in row.haystack for word in words)]


def odds_lines(units: Iterable[dict[str, Any]], enemy: UnitRow,
               catalog: TalesCatalog) -> list[str]:
    """For each line of a force (its summary entry), the chance one activation of one of its
    units kills ``enemy``, and hits and wounds it once (exact, as a percentage)."""
    from chronicle.systems.tales_of_arcadia.odds import unit_attack_odds

    known: list[Keyword] = keywords(catalog)
    enemy_words = list(enemy.unit.keywords)
    found: list[str] = []
    for entry in units:
        name = entry["unit"] + (f" ({entry['variant']})" if entry.get("variant") else "")
        mine = Stats(**{s: entry.get(s) for s in STATS})
        try:
            odds = unit_attack_odds(mine, enemy.stats, keywords=known,
                                    attacker_keywords=entry.get("keywords", ()),
                                    defender_keywords=enemy_words)
        except ValueError as exc:
            found.append(f"{name}: {exc}")
            continue
        found.append(f"{name}: hit {float(odds.hit):.0%}, wound {float(odds.wound):.0%}, "
                     f"kill {float(odds.kill):.0%} ({odds.attacks} attack(s))")
    return found


__all__ = ["UnitRow", "odds_lines", "search", "stat_text", "unit_rows"]
