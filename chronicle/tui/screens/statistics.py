"""The Statistics screen (the palette's "Statistics"): every game's numbers as ``chronicle
stats`` computes them, with charts drawn in the terminal by Textual's own ``Sparkline`` (no
dependency beyond Textual; this module, and so the sparkline, is imported only when the
screen opens, so the app's cold start is unchanged).

Per game: the players' record with a win-rate chart (one bar per player), then each of the
game's series (experience over time, coins per scenario, a hunt's score per turn, points
fielded) as a sparkline under its title with its first, last and highest values, then its
tables. ``[`` / ``]`` (or ``left`` / ``right``) show the previous or next game. The numbers
are computed in a worker thread; names are data, never markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Sparkline, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import plain
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.services.stats import Series, SystemStats

MAX_SERIES = 12
"""Series shown per game (the rest are in ``chronicle stats``)."""


def _number(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


def series_caption(series: Series) -> str:
    """``first 0 · last 3 · highest 3 (4 points)``."""
    values = [v for _label, v in series.points]
    if not values:
        return "no points"
    return (f"from 0: first {_number(values[0])} · last {_number(values[-1])} · highest "
            f"{_number(max(values))} ({len(values)} points)")


def chart(values: list[float], classes: str = "") -> Sparkline | Static:
    """A sparkline of ``values`` drawn from 0 (its first bar is the origin, so a lone value or
    equal values are not drawn as the top of the scale); all zero: said in words, as a
    sparkline would draw zeros full height."""
    if not values or max(values) <= 0 < len(values) or max(values) == min(values) == 0:
        return Static(plain("(all 0)" if values else "(no points)"), classes="stats-text")
    return Sparkline([0.0, *values], classes=classes)


class StatisticsScreen(Screen[None]):
    """Every game's statistics and charts, one game at a time."""

    TITLE = "Statistics"
    DEFAULT_CSS = """
    StatisticsScreen #stats-title { height: 1; text-style: bold; padding: 0 1; }
    StatisticsScreen #stats-body { height: 1fr; padding: 0 1; }
    StatisticsScreen .stats-label { height: auto; color: $text-muted; margin-top: 1; }
    StatisticsScreen .stats-text { height: auto; }
    StatisticsScreen Sparkline { height: 3; margin: 0 0; }
    StatisticsScreen #stats-status { height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right_square_bracket,right", "next_game(1)", "Next game"),
        Binding("left_square_bracket,left", "next_game(-1)", "Previous game"),
        Binding("f5", "reload", "Reload", show=False),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.found: list[SystemStats] = []
        self.index = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="stats-title")
        yield VerticalScroll(id="stats-body")
        yield Static("Counting every recorded game…", id="stats-status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        """Compute the numbers again (in a worker thread)."""
        def work(db: Database) -> list[SystemStats]:
            from chronicle.services.stats import group_stats

            return group_stats(db)

        chronicle_app(self).call_service(work, self.loaded, description="Statistics",
                                         group="statistics", exclusive=True)

    def loaded(self, found: list[SystemStats]) -> None:
        """Show what was computed (on the UI thread)."""
        if not self.is_attached:
            return
        played = [one for one in found if one.stats.plays]
        self.found = played or found
        self.index = min(self.index, max(0, len(self.found) - 1))
        total = sum(len(one.stats.plays) for one in found)
        self.query_one("#stats-status", Static).update(
            f"{total} recorded game(s) in {len(played)} game(s) · [ ] other games · "
            "chronicle stats for every number" if found else "No game keeps statistics.")
        self.show()

    def action_next_game(self, step: int) -> None:
        """Show the next (or previous) game."""
        if self.found:
            self.index = (self.index + step) % len(self.found)
            self.show()

    def show(self) -> None:
        """Draw the current game's numbers and charts."""
        body = self.query_one("#stats-body", VerticalScroll)
        body.remove_children()
        if not self.found:
            self.query_one("#stats-title", Static).update("")
            return
        one = self.found[self.index]
        self.query_one("#stats-title", Static).update(plain(
            f"{one.label} ({self.index + 1} of {len(self.found)}): "
            f"{len(one.stats.plays)} play(s)", "bold"))
        widgets: list[Any] = []
        if one.players:
            lines = [f"{'player':<20} {'plays':>5} {'wins':>5} {'win rate':>8}  last played"]
            lines += [f"{p.player[:20]:<20} {p.plays:>5} {p.wins:>5} "
                      f"{p.win_rate * 100:>7.1f}%  "
                      f"{p.last_played.isoformat() if p.last_played else '-'}"
                      for p in one.players]
            widgets.append(Static(plain("\n".join(lines)), classes="stats-text"))
            widgets.append(Static(plain("Win rate, from 0, one bar per player: " + ", ".join(
                p.player for p in one.players)), classes="stats-label"))
            widgets.append(chart([p.win_rate for p in one.players], "stats-win-rates"))
        for series in one.stats.series[:MAX_SERIES]:
            widgets.append(Static(plain(f"{series.title}: {series_caption(series)}"),
                                  classes="stats-label"))
            widgets.append(chart([v for _label, v in series.points]))
        for table in one.stats.tables:
            if not table.rows:
                continue
            widgets.append(Static(plain(table.title, "bold"), classes="stats-label"))
            rows = [" · ".join(table.columns)] + [
                " · ".join("-" if v is None else str(v) for v in row) for row in table.rows[:20]]
            widgets.append(Static(plain("\n".join(rows)), classes="stats-text"))
        body.mount_all(widgets)
