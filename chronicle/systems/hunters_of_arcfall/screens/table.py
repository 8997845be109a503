"""The Hunters of Arcfall score keeper for one game at the table (opened from the list of
games, ``enter``): a large live scoreboard, the active bounty with its slots, the turn being
played entered one key at a time, the final round flagged as soon as someone reaches the limit,
and the winner.

Keys: ``d`` a bounty drawn (one dialog: its name, and its Fortune and Fame when the catalog
lacks it), ``c`` the active bounty captured, ``w``/``W`` a wound more/less, ``h`` a heal, ``a``
the ability, then ``enter`` stop and claim, ``x`` fatally wounded, ``o`` out of dice; ``u``
takes the last turn back (after asking, as Wyld Hunt's undo does), ``backspace`` clears the
turn being entered, ``[``/``]`` the previous/next game, ``p`` prints the score pad and log,
``escape`` goes back to the list of games. Every write goes through the game's service (the
rules check it first); names are data, never markup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from chronicle.systems.hunters_of_arcfall.screens.board import (
    banner_text,
    board_text,
    bounty_text,
    log_text,
    turn_text,
)
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import clean, plain
from chronicle.tui.widgets.footer import Footer
from chronicle.tui.widgets.narrow import fit_footer

if TYPE_CHECKING:
    from pathlib import Path

    from chronicle.services.db import Database
    from chronicle.systems.hunters_of_arcfall.rules.draft import TurnDraft
    from chronicle.systems.hunters_of_arcfall.screens.bounty import Drawn
    from chronicle.systems.hunters_of_arcfall.service import HuntView

PANELS = ("title", "board", "banner", "bounty", "turn", "log")


def print_score_pad(screen: Screen[Any], game: str) -> None:
    """Write the score pad and log of ``game`` as a PDF in exports/ in the data folder (asking
    before overwriting one)."""
    from chronicle.systems.hunters_of_arcfall.service import export_pdf
    from chronicle.tui.screens.exporting import export_file, exports_folder

    def write(db: Database, force: bool, warn: Any) -> Path:
        return export_pdf(db, game, force=force, warn=warn, folder=exports_folder())

    export_file(screen, "score pad", write)


class HuntScreen(Screen[None]):
    """The score keeper of one game; ``names`` are the games ``[``/``]`` step through."""

    TITLE = "Hunters of Arcfall"
    DEFAULT_CSS = """
    HuntScreen #hunt-body { height: 1fr; }
    HuntScreen #hunt-title { height: auto; padding: 0 1; text-style: bold; }
    HuntScreen #hunt-board { height: auto; padding: 0 1; }
    HuntScreen #hunt-banner { height: auto; padding: 0 1; text-style: bold; }
    HuntScreen #hunt-bounty { height: auto; padding: 0 1; }
    HuntScreen #hunt-turn { height: auto; padding: 0 1; border-top: solid $panel; }
    HuntScreen #hunt-log { height: auto; padding: 0 1; color: $text-muted; }
    """
    NARROW_HIDDEN = ("finish('claimed')", "finish('wounded')")
    """Keys the footer leaves out below 80 columns (``?`` lists them)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", "Draw"),
        Binding("c", "capture", "Capture"),
        Binding("w", "wound(1)", "Wound"),
        Binding("W", "wound(-1)", "Wound -", show=False),
        Binding("h", "heal", "Heal", show=False),
        Binding("a", "ability", "Ability", show=False),
        Binding("enter", "finish('claimed')", "Claim", key_display="⏎"),
        Binding("x", "finish('wounded')", "Fatal"),
        Binding("o", "finish('no_dice')", "No dice", show=False),
        Binding("u", "undo", "Undo"),
        Binding("backspace", "clear", "Clear the turn", show=False),
        Binding("escape", "back", "Back", key_display="esc", show=False),
        Binding("left_square_bracket", "switch(-1)", "Previous game", key_display="[",
                show=False),
        Binding("right_square_bracket", "switch(1)", "Next game", key_display="]",
                show=False),
        Binding("p", "print", "Print the score pad", show=False),
        Binding("f5", "reload", "Reload", show=False),
    ]

    def __init__(self, name: str, names: list[str] | None = None) -> None:
        super().__init__()
        self.game = name
        self.names = list(names or [name])
        self.view: HuntView | None = None
        self.draft: TurnDraft | None = None
        self.busy = False
        self.painted: dict[str, Text] = {}
        """What each panel shows now: a panel is repainted only when its text changes."""

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="hunt-body"):
            yield Static("Loading the game…", id="hunt-title")
            for part in PANELS[1:]:
                yield Static("", id=f"hunt-{part}")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.action_reload()

    # Loading -------------------------------------------------------------------------------

    def action_reload(self) -> None:
        """Read the game shown again."""
        from chronicle.systems.hunters_of_arcfall.service import show_hunt

        game = self.game

        def work(db: Database) -> HuntView:
            return show_hunt(db, game)

        chronicle_app(self).call_service(work, self.show, description="Loading the game",
                                         group="hunt", exclusive=True)

    def show(self, view: HuntView, said: str = "") -> None:
        """Paint ``view`` and start the next player's turn."""
        if not self.is_attached:
            return
        from chronicle.systems.hunters_of_arcfall.rules.draft import TurnDraft

        self.view = view
        self.game = view.name
        self.busy = False
        state = view.state
        self.draft = None
        if state.next_player is not None and not state.finished:
            player = state.player(state.next_player)
            hunter = view.catalog.get(player.hunter, "hunter")
            wounds = getattr(hunter, "wounds", None) or 3
            self.draft = TurnDraft(player.name, active=state.active_bounty, capacity=wounds,
                                   ability_spent=player.ability_used)
        text = plain(view.name, "bold")
        at = self.names.index(view.name) + 1 if view.name in self.names else 1
        text.append(f"  ·  first to {view.log.limit} Fortune  ·  round {state.round}"
                    f"  ·  game {at} of {max(1, len(self.names))}", style="dim")
        self.put("title", text)
        self.put("banner", banner_text(view))
        self.put("log", log_text(view, said))
        self.paint_turn()

    def put(self, part: str, text: Text) -> None:
        """Show ``text`` in the panel ``part`` unless it shows it already."""
        if self.painted.get(part) != text:
            self.painted[part] = text
            self.query_one(f"#hunt-{part}", Static).update(text)

    def on_resize(self) -> None:
        fit_footer(self, self.NARROW_HIDDEN, self.size.width)
        if self.view is not None:
            self.paint_turn()

    def paint_turn(self) -> None:
        """The scoreboard (the wounds of the turn being entered), the active bounty and the
        turn."""
        view, draft = self.view, self.draft
        if view is None:
            return
        width = max(40, (self.size.width or 80) - 3)
        self.put("board", board_text(view, draft, width))
        self.put("bounty", bounty_text(view, draft.active if draft is not None
                                       else view.state.active_bounty))
        self.put("turn", turn_text(view, draft))

    # The turn ------------------------------------------------------------------------------

    def _step(self, action: Callable[[TurnDraft], Any]) -> None:
        from chronicle.systems.hunters_of_arcfall.rules.draft import DraftError

        if self.draft is None or self.busy:
            self.app.bell()
            return
        try:
            action(self.draft)
        except DraftError as exc:
            self.notify(clean(str(exc)), severity="warning", markup=False)
            return
        self.paint_turn()

    def action_draw(self) -> None:
        """Ask which bounty was drawn (and its values when the catalog lacks it)."""
        from chronicle.systems.hunters_of_arcfall.screens.bounty import BountyDialog

        if self.draft is None or self.view is None or self.busy:
            self.app.bell()
            return
        if self.draft.active is not None:
            self._step(lambda d: d.draw("?"))      # says why not
            return
        self.app.push_screen(BountyDialog(self.view.catalog), self._drawn)

    def _drawn(self, drawn: Drawn | None) -> None:
        if drawn is None or self.view is None:
            return
        name, values = drawn
        if values is None:
            self._step(lambda d: d.draw(name))
            return
        from chronicle.systems.hunters_of_arcfall.service import set_card

        game = self.view.name
        table = {"name": name, "kind": "bounty", "fortune": values[0], "fame": values[1]}

        def work(db: Database) -> HuntView:
            return set_card(db, game, table)

        def done(view: HuntView) -> None:
            self.view = view            # the draft goes on: only the catalog changed
            self._step(lambda d: d.draw(name))

        chronicle_app(self).call_service(work, done, description="Entering the bounty",
                                         group="hunt")

    def action_capture(self) -> None:
        self._step(lambda d: d.capture())

    def action_wound(self, count: int) -> None:
        self._step(lambda d: d.wound(count))

    def action_heal(self) -> None:
        self._step(lambda d: d.heal())

    def action_ability(self) -> None:
        self._step(lambda d: d.use_ability())

    def action_clear(self) -> None:
        """Forget the turn being entered."""
        if self.view is not None:
            self.show(self.view)

    def action_back(self) -> None:
        """Back to the list of games (asking first when a turn is being entered: it is not
        written)."""
        def leave() -> None:
            if len(self.app.screen_stack) > 1:
                self.dismiss()

        self._unless_turn(leave)

    def _unless_turn(self, then: Callable[[], None]) -> None:
        """Run ``then``, asking first when the turn being entered holds something (leaving
        the game forgets it)."""
        from chronicle.tui.screens.confirm import ConfirmScreen

        draft = self.draft
        if draft is None or not (draft.drawn or draft.captured or draft.heals or draft.ability
                                 or draft.wounds):
            then()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.app.push_screen(ConfirmScreen(f"Leave {draft.player}'s turn unwritten?",
                                           f"{draft.summary()}. Enter, x or o writes it; "
                                           "leaving the game forgets it."), answered)

    def action_finish(self, end: str) -> None:
        """Write the turn (the rules check it first)."""
        from chronicle.systems.hunters_of_arcfall.log import End
        from chronicle.systems.hunters_of_arcfall.service import play_turn

        if self.draft is None or self.view is None or self.busy:
            self.app.bell()
            return
        turn = self.draft.finish(End(end))
        game = self.view.name

        def work(db: Database) -> HuntView:
            return play_turn(db, game, player=turn.player, drawn=turn.drawn,
                             captured=turn.captured, ability=turn.ability, end=turn.end,
                             heals=turn.heals)

        self.busy = True
        chronicle_app(self).call_service(work, self.written, description="Entering the turn",
                                         group="hunt", failed=self._failed)

    def written(self, view: HuntView) -> None:
        """A turn or undo was written: repaint and say what it did."""
        self.show(view, view.said)

    def _failed(self, _exc: Exception) -> None:
        self.busy = False

    def action_undo(self) -> None:
        """Take back the last turn (a compensating entry), after saying which and asking."""
        from chronicle.tui.screens.confirm import ConfirmScreen

        if self.view is None or self.busy:
            self.app.bell()
            return
        from chronicle.systems.hunters_of_arcfall.log import TurnUndone
        from chronicle.systems.hunters_of_arcfall.rules.ledger import NothingToUndo, undo_last

        try:                # the turn the service would take back, said before it does
            undone = undo_last(self.view.log).entries[-1]
        except NothingToUndo:
            self.notify(f"{self.view.name} has no turn to take back.", severity="warning",
                        markup=False)
            return
        number = undone.entry if isinstance(undone, TurnUndone) else 0
        last = next((e for e in self.view.to_dict()["entries"] if e["entry"] == number),
                    {"entry": number, "text": "the last turn"})
        self.app.push_screen(ConfirmScreen(
            f"Take back entry {last['entry']}?",
            f"{last['text']}. It stays in the log, marked taken back."), self._undo_answered)

    def _undo_answered(self, yes: bool | None) -> None:
        from chronicle.systems.hunters_of_arcfall.service import undo_turn

        if not yes or self.view is None or self.busy:
            return
        game = self.view.name

        def work(db: Database) -> HuntView:
            return undo_turn(db, game)

        self.busy = True
        chronicle_app(self).call_service(work, self.written, description="Taking back a turn",
                                         group="hunt", failed=self._failed)

    def action_switch(self, step: int) -> None:
        """The previous or next game."""
        if len(self.names) < 2:
            return
        at = self.names.index(self.game) if self.game in self.names else 0

        def switch() -> None:
            self.game = self.names[(at + step) % len(self.names)]
            self.painted.clear()
            self.action_reload()

        self._unless_turn(switch)

    def action_print(self) -> None:
        """Write the score pad and the log as a PDF in exports/ in the data folder (asking
        before overwriting one)."""
        if self.view is not None:
            print_score_pad(self, self.view.name)

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        yield SystemCommand("Undo the last turn", "It stays in the log, marked (u)",
                            self.action_undo)
        yield SystemCommand("Print the score pad", "A PDF in exports/ (p)", self.action_print)
        yield SystemCommand("Clear the turn being entered", "backspace", self.action_clear)
