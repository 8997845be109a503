"""The violations panel: every rule problem of a report, errors first, each with its fix."""

from __future__ import annotations

from rich.markup import escape
from textual.widgets import Static

from chronicle.rules.report import Report


def report_markup(report: Report, *, empty: str = "No rule is broken.") -> str:
    """Rich markup for a report."""
    ordered = report.errors + report.warnings
    if not ordered:
        return f"[green]✓ {escape(empty)}[/green]"
    lines = []
    for violation in ordered:
        colour = "red" if violation.severity.value == "error" else "yellow"
        lines.append(f"[{colour}]{violation.severity.value}[/{colour}] [b]{violation.code}[/b]:"
                     f" {escape(violation.message)}")
        if violation.fix:
            lines.append(f"  [dim]fix: {escape(violation.fix)}[/dim]")
    return "\n".join(lines)


class ViolationsPanel(Static):
    """Shows a report; update it with ``show(report)``."""

    DEFAULT_CSS = """
    ViolationsPanel { height: auto; padding: 0 1; }
    """

    def show(self, report: Report, *, empty: str = "No rule is broken.") -> None:
        """Display ``report``."""
        self.update(report_markup(report, empty=empty))
