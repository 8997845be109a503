"""The League map of a prepared game (``m`` in the game preparation): lay the Leagues on the
table grid, place the Quest Treasures and choose the Base Camps, with the keyboard only.

The arrows move the cursor square; ``[`` and ``]`` pick the League to lay next (each player's
Leagues not yet laid); ``t`` turns it half round; enter lays it under the cursor; ``r`` places
the next Quest Treasure under the League at the cursor; ``b`` chooses the next Base Camp there
(chosen by that player's opponent); ``u`` takes back the latest step. Each step is checked by
the rules (``chronicle.systems.wyld_hunt.services.maps``) and a refused one says why, with its
fix in the app's keys. Names are shown as ``Text``, never as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.maps import MapView

STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


class GameMapScreen(Screen[None]):
    """Lay one prepared game's map, step by step."""

    TITLE = "League map"
    DEFAULT_CSS = """
    GameMapScreen #map-status { height: auto; max-height: 4; padding: 0 1; background: $boost; }
    GameMapScreen #map-grid { height: 1fr; padding: 0 1; }
    GameMapScreen #map-report { height: auto; max-height: 7; padding: 0 1;
                                border-top: solid $panel; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move('up')", "Up", show=False),
        Binding("down", "move('down')", "Down", show=False),
        Binding("left", "move('left')", "Left", show=False),
        Binding("right", "move('right')", "Right", show=False),
        Binding("right_square_bracket", "pick(1)", "Next League", key_display="]"),
        Binding("left_square_bracket", "pick(-1)", "Prev League", key_display="[",
                show=False),
        Binding("t", "turn", "Turn"),
        Binding("enter", "lay", "Lay"),
        Binding("r", "treasure", "Treasure"),
        Binding("b", "camp", "Base Camp"),
        Binding("u", "undo", "Undo"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game_name = game
        self.view: MapView | None = None
        self.cursor = (0, 0)
        self.picked = 0
        self.turn = 0
        self.message = Text("")
        self.busy = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static(Text("Loading the map…"), id="map-status")
            with VerticalScroll(id="map-grid"):
                yield Static(Text(""), id="map-drawing")
            yield Static(Text(""), id="map-report")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = self.game_name
        self.load()

    # -- reading and writing ------------------------------------------------------------------

    def load(self) -> None:
        """Read the map in a worker."""
        from chronicle.systems.wyld_hunt.services.maps import show_map

        name = self.game_name

        def work(db: Database) -> MapView:
            return show_map(db, name)

        chronicle_app(self).call_service(work, self.shown, description="Loading the map")

    def write(self, work_of: str, *args: object, **options: object) -> None:
        """Run one map step (a service function of ``maps``) in a worker."""
        from chronicle.errors import ChronicleError
        from chronicle.systems.wyld_hunt.services import maps

        if self.busy:
            return
        self.busy = True
        step = getattr(maps, work_of)
        name = self.game_name

        def work(db: Database) -> MapView:
            found: MapView = step(db, name, *args, **options)
            return found

        def done(view: MapView) -> None:
            self.busy = False
            self.message = Text("Done.", style="green")
            self.shown(view)

        chronicle_app(self).call_service(work, done, description="Changing the map",
                                         failed=self.refused, quiet=(ChronicleError,))

    def refused(self, exc: Exception) -> None:
        """Say why a step was refused, each rule's fix in the app's keys."""
        from chronicle.rules.report import Front

        self.busy = False
        text = Text("Refused: ", style="bold red")
        text.append(str(exc))
        for violation in getattr(getattr(exc, "report", None), "violations", []):
            fix = violation.fix_for(Front.APP, game=self.game_name)
            text.append(f"\n{violation.code}", style="bold")
            if fix:
                text.append(f": fix: {fix}")
        self.message = text
        self.render_all()

    def shown(self, view: MapView) -> None:
        if not self.is_attached:
            return
        first = self.view is None
        self.view = view
        if first and view.state.cells:
            self.cursor = min(view.state.cells)
        self.picked = min(self.picked, max(0, len(self.choices()) - 1))
        self.render_all()

    # -- what is shown ------------------------------------------------------------------------

    def choices(self) -> list[tuple[str, str]]:
        """``(player, League)`` still to lay, player by player."""
        if self.view is None:
            return []
        return [(who, league) for who, left in self.view.leagues.items() for league in left]

    def render_all(self) -> None:
        from chronicle.systems.wyld_hunt.mapgrid import draw

        if self.view is None:
            return
        choices = self.choices()
        status = Text()
        status.append(f"{self.view.game}", style="bold")
        status.append(f" · square {self.cursor[0]},{self.cursor[1]} · next: ")
        if choices:
            who, league = choices[self.picked]
            status.append(f"{who}'s {league}", style="bold")
            status.append(f" ({self.picked + 1} of {len(choices)})"
                          + (", turned half round" if self.turn else ""))
        else:
            status.append("every League is laid")
        status.append("\n")
        status.append_text(self.message)
        self.query_one("#map-status", Static).update(status)
        self.query_one("#map-drawing", Static).update(
            Text("\n".join(draw(self.view.state, self.cursor))))
        report = Text()
        for violation in self.view.report.errors + self.view.report.warnings:
            report.append(f"{violation.severity.value} {violation.code}: ",
                          style="red" if violation.severity.value == "error" else "yellow")
            report.append(violation.message + "\n")
        if not report.plain:
            report.append("The map breaks no rule.", style="green")
        self.query_one("#map-report", Static).update(report)

    # -- the keys -----------------------------------------------------------------------------

    def action_move(self, direction: str) -> None:
        dx, dy = STEPS[direction]
        self.cursor = (self.cursor[0] + dx, self.cursor[1] + dy)
        self.render_all()

    def action_pick(self, delta: int) -> None:
        choices = self.choices()
        if choices:
            self.picked = (self.picked + delta) % len(choices)
            self.render_all()

    def action_turn(self) -> None:
        self.turn = 180 - self.turn
        self.render_all()

    def action_lay(self) -> None:
        choices = self.choices()
        if not choices:
            return
        who, league = choices[self.picked]
        self.write("place", league, at=self.cursor, turn=self.turn, player=who)

    def action_treasure(self) -> None:
        """Place the next Quest Treasure (players in turn) under the League at the cursor."""
        if self.view is None:
            return
        placed: dict[str, list[str]] = {}
        for under in self.view.state.treasures.values():
            for who, name in under:
                placed.setdefault(who, []).append(name)
        nxt = self._next_treasure(placed)
        if nxt is None:
            self.message = Text("Every Quest Treasure is placed.")
            self.render_all()
            return
        who, name = nxt
        self.write("treasure", name, player=who, at=self.cursor)

    def _next_treasure(self, placed: dict[str, list[str]]) -> tuple[str, str] | None:
        assert self.view is not None
        left = [(who, name) for who, names in self.view.treasures.items() for name in names]
        if not left:
            return None
        return min(left, key=lambda item: len(placed.get(item[0], [])))

    def action_camp(self) -> None:
        """Choose the next Base Camp (of the first player without one) at the cursor."""
        if self.view is None:
            return
        who = next((p for p in self.view.players if p not in self.view.state.camps), None)
        if who is None:
            self.message = Text("Every Base Camp is chosen.")
            self.render_all()
            return
        self.write("camp", who, at=self.cursor)

    def action_undo(self) -> None:
        self.write("undo")

    def action_back(self) -> None:
        self.dismiss(None)
