"""Wyld Hunt's part of the command line's overview (``chronicle`` without arguments): its
catalog at a glance (``GameSystem.overview``); and the card names shell completion offers
(``GameSystem.card_names``)."""

from __future__ import annotations

from collections import Counter

from chronicle.domain.values import Origin


def overview() -> list[str]:
    """The catalog at a glance: cards by kind, your own and the incomplete ones, where your
    card files are, and whether any has a problem."""
    from chronicle.systems.wyld_hunt.services.catalog import read_sources

    sources = read_sources()
    catalog = sources.build()
    kinds = Counter(card.kind.value for card in catalog)
    own = sum(1 for card in catalog if card.origin is not Origin.BUNDLED)
    incomplete = sum(1 for card in catalog if card.missing())
    lines = [f"Catalog (bundled and your card files): {len(catalog)} cards — " + ", ".join(
                 f"{kinds[k]} {k}s" for k in ("icon", "merit", "flaw", "quest", "league",
                                              "waylay")),
             f"  {own} from your own card files, {incomplete} with values still unknown "
             "(fill them in from your physical cards)",
             f"  your card files: {sources.user_dir}/*.toml"]
    if catalog.problems:
        lines.append(f"  {len(catalog.problems)} problem(s) in card files: "
                     "run 'chronicle cards validate'")
    return lines


def card_names() -> list[str]:
    """Every card name of the catalog (bundled and your own)."""
    from chronicle.systems.wyld_hunt.services.catalog import load_catalog

    return [card.name for card in load_catalog()]
