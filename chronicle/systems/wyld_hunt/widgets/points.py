"""The creation points and the court tally as the rules computed them, said the same way in the
builder and in the character view.

Every number comes from the rules' own budget (``PointsState`` through the report's summary:
``points_needed`` against ``points_general``, the pools usable on some Merits only, and the
engine's own fix when over): the meter and the engine's message can never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from chronicle.tui.messages import app_fix
from chronicle.tui.text import clean

if TYPE_CHECKING:
    from chronicle.systems.wyld_hunt.services.characters import CharacterView


def bought_off(view: CharacterView) -> list[str]:
    """The creation Flaws the character has bought off since."""
    now = {str(name).casefold() for name in view.report.summary.get("flaws") or []}
    return [name for name in view.build.flaws if name.casefold() not in now]


def points_figures(view: CharacterView) -> tuple[int, int]:
    """(points the Merits need from the general budget, the general budget)."""
    s = view.report.summary
    return int(s.get("points_needed") or 0), int(s.get("points_general") or 0)


def points_text(view: CharacterView, *, verdict: bool = True) -> Text:
    """Where the points come from, the pools, and (``verdict``) what is over or unspent, in
    the engine's own words and numbers."""
    s = view.report.summary
    needed, general = points_figures(view)
    text = Text(clean(str(s.get("points_sources") or "")), style="dim")
    for line in s.get("points_pools") or []:
        text.append(f"\n{clean(str(line))}", style="dim")
    if verdict:
        if not s.get("points_complete"):
            text.append("\nsome costs or bonuses are unknown", style="yellow")
        elif needed > general:
            over = next((v for v in view.report.errors if v.code == "points.over_budget"), None)
            fix = app_fix(over) if over is not None else None
            text.append(f"\n{needed - general} over", style="bold red")
            if fix:
                text.append(f": {clean(fix)}", style="red")
        else:
            left = general - needed
            pools = sum(int(p) for p in _pool_left(view))
            text.append(f"\n{left} unspent" + (f" (+{pools} for named Merits only)"
                                                if pools else ""))
    gone = bought_off(view)
    if gone:
        text.append(f"\nAs at creation: {', '.join(gone)} was bought off later, which "
                    "changes neither the creation points nor the court tally.", style="italic")
    return text


def _pool_left(view: CharacterView) -> list[int]:
    pools = view.state.points.pools
    return [(p.effect.points or 0) - p.used for p in pools]
