"""The text of the card detail pane: every value a card's kind prints, unknown ones marked."""

from __future__ import annotations

from rich.markup import escape

from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt.cards import Card, card_to_dict, describe_effect

HIDDEN = {"name", "kind", "effects", "origin", "path", "source", "notes", "summary",
          "confidence", "missing"}
ORIGINS = {Origin.BUNDLED: "bundled catalog", Origin.USER: "your own card",
           Origin.CORRECTED: "bundled, corrected by you", Origin.FILE: "a checked file"}


def describe_card(card: Card, owned: int, player: str | None) -> str:
    """Rich markup for the detail pane."""
    data = card_to_dict(card)
    lines = [f"[b]{escape(card.name)}[/b]", f"[dim]{card.kind.value} · {ORIGINS[card.origin]}"
             "[/dim]"]
    if player is not None:
        lines.append(f"{escape(player)} owns [b]{owned}[/b]")
    lines.append("")
    for key, value in data.items():
        if key in HIDDEN:
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value) or None
        shown = "[reverse] ? [/reverse]" if value is None else escape(str(value))
        lines.append(f"{key.replace('_', ' ')}: {shown}")
    for effect in card.effects:
        lines.append(f"effect: {escape(describe_effect(effect))}")
    if card.summary:
        lines += ["", escape(card.summary)]
    missing = card.missing()
    if missing:
        lines += ["", f"[i]Unknown: {escape(', '.join(missing))}. Press [b]e[/b] to fill them "
                      "in from your card.[/i]"]
    if card.notes:
        lines += ["", f"[dim]{escape(card.notes)}[/dim]"]
    for source in card.source[:2]:
        lines.append(f"[dim]source: {escape(source)}[/dim]")
    return "\n".join(lines)
