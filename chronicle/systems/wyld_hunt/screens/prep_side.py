"""The right-hand panel of the game preparation: the seat's meters (Waylays against the
target's effective Waylay rating, Treasures against the seat's own Treasure rating, Leagues
against five per quest, ten in solo play), each chosen Waylay's odds against the opponent
character's icon, and the game's report with every rule problem and its fix.

The panel scrolls with the keyboard once focused (the screen's ``v``), so a long report is
never cut off. Every name is escaped: user text is never markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from chronicle.systems.wyld_hunt.widgets.prep import dice_of, icon_markup, waylay_odds
from chronicle.tui.text import esc
from chronicle.tui.widgets.meter import Meter
from chronicle.tui.widgets.violations import ViolationsPanel

if TYPE_CHECKING:
    from chronicle.systems.wyld_hunt.cards import Card, Icon
    from chronicle.systems.wyld_hunt.services.games import GameView, Seat


def odds_markup(game: GameView, seat: Seat, target: str | None, icon: Icon | None,
                cards: dict[str, Card | None]) -> str:
    """Each Waylay ``seat`` chose, with its odds against ``target``'s character (``icon``);
    ``cards`` are the seat's Waylay cards by casefolded name."""
    from chronicle.systems.wyld_hunt.cards import Waylay

    if target is None:
        return "[dim]Odds: choose a target first (o).[/dim]"
    character = next((s.character for s in game.seats if s.player == target), None)
    against = esc(character or target)
    against += f" {icon_markup(icon)}" if icon is not None else " [dim](no icon known)[/dim]"
    lines = [f"[b]Odds v {against}[/b]"]
    for name in seat.waylays:
        card = cards.get(name.casefold())
        if not isinstance(card, Waylay):
            lines.append(f"{esc(name)}: [dim]unknown card[/dim]")
            continue
        odds = waylay_odds(card, icon, dice_of(game.system))
        text = "; ".join(f"{label}: {chance}" for label, chance, _s in odds) or "Test unknown"
        lines.append(f"{esc(name)}\n  {esc(text)}")
    if not seat.waylays:
        lines.append("[dim]no Waylay chosen yet (w)[/dim]")
    return "\n".join(lines)


class PrepSide(VerticalScroll, can_focus=True):
    """Meters, odds and the report of the seat being prepared."""

    DEFAULT_CSS = """
    PrepSide { height: 1fr; padding: 0 1; }
    PrepSide:focus { background: $boost; }
    PrepSide Meter { width: 1fr; }
    PrepSide #prep-odds { height: auto; margin-top: 1; }
    PrepSide #prep-report-title { margin-top: 1; text-style: bold; }
    PrepSide ViolationsPanel { padding: 0; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.shown: tuple[object, ...] = ()
        """What the panel shows (not drawn again when shown again)."""

    def compose(self) -> ComposeResult:
        yield Meter("", id="meter-waylays")
        yield Meter("", id="meter-treasures")
        yield Meter("", id="meter-leagues")
        yield Static("", id="prep-odds")
        yield Static("", id="prep-report-title")
        yield ViolationsPanel("", id="violations")

    def show(self, game: GameView, seat: Seat, target: str | None, odds: str) -> None:
        """Show ``seat``'s totals as the rules computed them (``game.report.summary``), its
        Waylays' ``odds`` and the game's report."""
        from chronicle.systems.wyld_hunt.rules.game import (
            LEAGUES_PER_QUEST,
            SOLO_LEAGUES_PER_QUEST,
        )

        if self.shown == (game, seat, target, odds):
            return
        self.shown = (game, seat, target, odds)

        entries: dict[str, dict[str, Any]] = {
            str(p.get("name")): p for p in game.report.summary.get("players", [])}
        mine = entries.get(seat.player, {})
        waylays = self.query_one("#meter-waylays", Meter)
        if target is not None and target in entries:
            waylays.set("Waylays  ", int(mine.get("waylays_total", 0)),
                        int(entries[target].get("waylay_rating", 0)), under_is_fine=not game.solo)
        else:
            waylays.set("Waylays  ", int(mine.get("waylays_total", 0)), 0)
            waylays.update("Waylays   [yellow]choose a target (o)[/yellow]")
        self.query_one("#meter-treasures", Meter).set(
            "Treasures", int(mine.get("treasures_total", 0)),
            int(mine.get("treasure_rating", 0)), under_is_fine=False)
        per = SOLO_LEAGUES_PER_QUEST if game.solo else LEAGUES_PER_QUEST
        self.query_one("#meter-leagues", Meter).set(
            "Leagues  ", int(mine.get("leagues", 0)), per * len(mine.get("quests", [])),
            under_is_fine=False)
        self.query_one("#prep-odds", Static).update(odds)
        report = game.report
        self.query_one("#prep-report-title", Static).update(
            f"Report: {len(report.errors)} error(s), {len(report.warnings)} warning(s)")
        self.query_one(ViolationsPanel).show(report, empty="This setup keeps every rule.")

    def clear(self) -> None:
        """Show nothing (another game is loading)."""
        self.shown = ()
        for part in self.query(Static):
            part.update("")
            part.remove_class("over")
