"""The text of the card detail pane: every value a card's kind prints, unknown ones marked.

Built as styled text, never as markup, so any name or note shows exactly as written.
"""

from __future__ import annotations

from rich.text import Text

from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt.cards import (
    Card,
    Flaw,
    Icon,
    League,
    Merit,
    Quest,
    Waylay,
    card_to_dict,
    describe_effect,
    describe_score_changes,
    format_sides,
)

HIDDEN = {"name", "kind", "effects", "origin", "path", "source", "notes", "summary",
          "confidence", "missing"}
ORIGINS = {Origin.BUNDLED: "bundled catalog", Origin.USER: "your own card",
           Origin.CORRECTED: "bundled, corrected by you", Origin.FILE: "a checked file"}


def describe_card(card: Card, owned: int, player: str | None) -> Text:
    """Styled text for the detail pane."""
    data = card_to_dict(card)
    text = Text()
    text.append(card.name, style="bold")
    text.append(f"\n{card.kind.value} · {ORIGINS[card.origin]}", style="dim")
    if player is not None:
        text.append(f"\n{player} owns ")
        text.append(str(owned), style="bold")
    text.append("\n")
    for key, value in data.items():
        if key in HIDDEN:
            continue
        if key == "score_changes" and isinstance(card, Merit | Flaw):
            value = describe_score_changes(card.score_changes)  # "Combat+1", "none" or None
        if key == "sides" and isinstance(card, League) and card.sides is not None:
            value = format_sides(card.sides)
        elif isinstance(value, list):
            value = ", ".join(str(v) for v in value) or None
        text.append(f"\n{key.replace('_', ' ')}: ")
        if value is None:
            text.append(" ? ", style="reverse")
        else:
            text.append(str(value))
    for effect in card.effects:
        text.append(f"\neffect: {describe_effect(effect)}")
    if card.summary:
        text.append(f"\n\n{card.summary}")
    missing = card.missing()
    if missing:
        text.append(f"\n\nUnknown: {', '.join(missing)}. Press ", style="italic")
        text.append("e", style="bold italic")
        text.append(" to fill them in from your card.", style="italic")
    if card.notes:
        text.append(f"\n\n{card.notes}", style="dim")
    for source in card.source[:2]:
        text.append(f"\nsource: {source}", style="dim")
    return text


def _n(value: object) -> str:
    return "?" if value is None else str(value)


def short_facts(card: Card) -> str:
    """The card's key values in the fewest cells, most telling first (for narrow columns):
    ``3pt ability seelie``, ``#7 W10 T5 xp2``, ``r3 combat 4 forest``."""
    if isinstance(card, Icon):
        return f"M{_n(card.might)} S{_n(card.savvy)} R{_n(card.resolve)}"
    if isinstance(card, Merit | Flaw):
        points = card.cost if isinstance(card, Merit) else card.bonus
        sign = "+" if isinstance(card, Flaw) and points is not None else ""
        parts = [f"{sign}{_n(points)}pt", card.type.value if card.type else "?"]
        parts += [v.value for v in (card.court, card.attribute) if v]
        return " ".join(parts)
    if isinstance(card, Quest):
        return (f"#{_n(card.number)} W{_n(card.waylay_rating)} T{_n(card.treasure_rating)} "
                f"xp{_n(card.experience)}")
    if isinstance(card, League):
        terrain = ",".join(t.value for t in card.terrain) if card.terrain else "?"
        return ("unique " if card.unique else "") + terrain
    assert isinstance(card, Waylay)
    tests = " ".join(f"{t.value} {_n(card.attribute_value(t))}" for t in card.tests or ())
    terrain = ",".join(t.value for t in card.terrain) if card.terrain else "?"
    return f"r{_n(card.rating)} {tests or '?'} {terrain}"
