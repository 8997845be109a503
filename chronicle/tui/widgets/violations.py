"""The violations panel: every rule problem of a report, errors first, each with its fix.

Built as styled text, never as markup, so card names show exactly as written; each fix is said
in the app's terms (keys and fields, ``chronicle.tui.messages.app_fix``).
"""

from __future__ import annotations

from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Static

from chronicle.rules.report import Report
from chronicle.tui.messages import app_fix
from chronicle.tui.text import clean


def report_text(report: Report, *, empty: str = "No rule is broken.") -> Text:
    """Styled text for a report."""
    ordered = report.errors + report.warnings
    if not ordered:
        return Text(f"✓ {empty}", style="green")
    text = Text()
    for index, violation in enumerate(ordered):
        if index:
            text.append("\n")
        colour = "red" if violation.severity.value == "error" else "yellow"
        text.append("✗ " if violation.severity.value == "error" else "! ", style=colour)
        text.append(clean(violation.message, lines=True))
        text.append(f" ({violation.code})", style="dim")
        fix = app_fix(violation)
        if fix:
            text.append(f"\n  fix: {fix}", style="dim")
    return text


def report_markup(report: Report, *, empty: str = "No rule is broken.") -> Text:
    """Kept for callers that expect the old name: the same styled text."""
    return report_text(report, empty=empty)


class ViolationsPanel(Static):
    """Shows a report; update it with ``show(report)``."""

    DEFAULT_CSS = """
    ViolationsPanel { height: auto; padding: 0 1; }
    """

    shown: Text | None = None

    def show(self, report: Report, *, empty: str = "No rule is broken.") -> None:
        """Display ``report`` (not drawn again when it reads the same)."""
        text = report_text(report, empty=empty)
        if text != self.shown:
            self.update(text)
            self.shown = text

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content`` (anything but a report: the next ``show`` draws again)."""
        self.shown = None
        super().update(content, layout=layout)
