"""A card of any game as the app's detail panes show it: its name, game, kind and origin, its
summary, then every field of its kind in its game's schema (tables key by key, a value the card
leaves out as ``?``), all of it plain text, never markup. Used by the Cards area and the
Collections screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from chronicle.tui.text import plain

if TYPE_CHECKING:
    from chronicle.catalog.front import FrontCard
    from chronicle.catalog.loader import CardSchema

UNKNOWN = "?"
"""How a value the card leaves out is shown."""


def value_lines(name: str, value: Any, indent: str = "") -> list[str]:
    """A field and its value as lines: a table one line per key (nested tables indented), a
    list joined, a value left out as ``?``."""
    if isinstance(value, dict):
        lines = [f"{indent}{name}:"]
        for key, item in value.items():
            lines += value_lines(str(key), item, indent + "  ")
        return lines if value else [f"{indent}{name}: (empty)"]
    if isinstance(value, list):
        if any(isinstance(item, dict) for item in value):
            lines = [f"{indent}{name}:"]
            for number, item in enumerate(value, 1):
                lines += value_lines(f"#{number}", item, indent + "  ")
            return lines
        shown = ", ".join(str(item) for item in value) if value else "(none)"
        return [f"{indent}{name}: {shown}"]
    if value is None:
        return [f"{indent}{name}: {UNKNOWN}"]
    if isinstance(value, bool):
        return [f"{indent}{name}: {'yes' if value else 'no'}"]
    return [f"{indent}{name}: {value}"]


def describe(card: FrontCard, label: str, schema: CardSchema) -> Text:
    """The detail of ``card``: its name, game, kind and origin, summary, then every field of
    its kind (unknown ones as ``?``); all of it plain text."""
    text = Text()
    text.append_text(plain(card.name, "bold", lines=False))
    text.append("\n")
    text.append_text(plain(f"{label} · {card.kind} · {card.origin.value}", "dim", lines=False))
    text.append("\n")
    if card.summary:
        text.append_text(plain(card.summary))
        text.append("\n")
    text.append("\n")
    for name, value in card.fields(schema):
        if name == "summary":
            continue
        for line in value_lines(name, value):
            text.append_text(plain(line))
            text.append("\n")
    text.rstrip()
    return text


__all__ = ["UNKNOWN", "describe", "value_lines"]
