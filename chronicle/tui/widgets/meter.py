"""A one-line meter: a value against a limit, red past it."""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


def meter_markup(label: str, value: int, limit: int, *, width: int = 12,
                 under_is_fine: bool = True) -> str:
    """``label [#####-----] 7/10``: green within the limit, red past it (yellow under it when
    ``under_is_fine`` is false)."""
    filled = 0 if limit <= 0 else min(width, round(width * value / limit))
    bar = "█" * filled + "░" * (width - filled)
    if value > limit:
        colour = "red"
    elif value < limit and not under_is_fine:
        colour = "yellow"
    else:
        colour = "green"
    return f"{label} [{colour}]{bar} {value}/{limit}[/{colour}]"


class Meter(Static):
    """Shows ``meter_markup``; the ``over`` class is set past the limit (for tests and CSS)."""

    DEFAULT_CSS = "Meter { height: 1; width: auto; }"
    shown: str | None = None

    def set(self, label: str, value: int, limit: int, *, under_is_fine: bool = True) -> None:
        """Show a new value (not drawn again when it reads the same)."""
        self.set_class(value > limit, "over")
        markup = meter_markup(label, value, limit, under_is_fine=under_is_fine)
        if markup != self.shown:
            self.update(markup)
            self.shown = markup

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content`` (anything but a meter: the next ``set`` draws again)."""
        self.shown = None
        super().update(content, layout=layout)
