"""The new-game dialog: a name, up to five seats (each a player and, optionally, one of that
player's characters) and solo play. Returns the new game's name, or None when cancelled.

Players and their characters load in a worker; the game is created by
``chronicle.systems.wyld_hunt.services.games.new_game`` in a worker too, and a refusal (a
taken name, a player seated twice) keeps the dialog open with the reason shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static, Switch

from chronicle.systems.wyld_hunt.services.chronicles import characters_of
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import esc, plain

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.services.players import PlayerInfo
    from chronicle.systems.wyld_hunt.services.games import GameView

MAX_SEATS = 5
"""Arcadia plays with two to five players (Optional Rules: Multi-Player Games)."""


class NewGameScreen(ModalScreen["str | None"]):
    """Create a game: name, seats and solo play."""

    DEFAULT_CSS = """
    NewGameScreen .seat { height: 1; }
    NewGameScreen .seat Label { width: 8; color: $text-muted; }
    NewGameScreen .seat Select { width: 1fr; margin-right: 1; }
    NewGameScreen #solo-row { height: 1; }
    NewGameScreen #solo-row Label { width: 1fr; margin-left: 1; }
    NewGameScreen Switch { border: none; height: 1; padding: 0; width: 8; }
    NewGameScreen Switch:focus { background: $boost; }
    NewGameScreen #game-name { margin-bottom: 1; }
    NewGameScreen #new-game-status { color: $text-muted; height: auto; width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "create", "Create game"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.players: list[PlayerInfo] = []
        self.busy = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label("[b]New game[/b]  [dim]tab moves · ctrl+s creates · esc cancels[/dim]")
            yield Input(placeholder="the game's name", id="game-name", compact=True)
            with Horizontal(id="solo-row"):
                yield Switch(False, id="solo", animate=False)
                yield Label("Solo play: one player, 10 Leagues per quest (space)")
            for index in range(MAX_SEATS):
                with Horizontal(classes="seat"):
                    yield Label(f"Seat {index + 1}")
                    yield Select[str]([], prompt="nobody", id=f"player-{index}", compact=True)
                    yield Select[str]([], prompt="no character", id=f"character-{index}",
                                      compact=True)
            yield Static("Loading players…", id="new-game-status")
            with Horizontal(classes="buttons"):
                yield Button("Create (ctrl+s)", id="create", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        from chronicle.services.players import list_players

        self.query_one("#game-name", Input).focus()

        def work(db: Database) -> list[PlayerInfo]:
            return list_players(db)

        chronicle_app(self).call_service(work, self.players_loaded,
                                         description="Loading players")

    def players_loaded(self, players: list[PlayerInfo]) -> None:
        if not self.is_attached:  # closed while the worker ran
            return
        self.players = players
        options = [(plain(p.name), p.name) for p in players]
        for index in range(MAX_SEATS):
            select = self.player_select(index)
            select.set_options(options)
            if index < min(2, len(players)):
                select.value = players[index].name
                self.fill_characters(index, players[index].name)
        self.update_seats()
        if not players:
            self.status("No players yet: add them in Cards (1, then a), or load the demo.")

    def player_select(self, index: int) -> Select[str]:
        """The player chooser of seat ``index``."""
        return self.query_one(f"#player-{index}", Select)

    def character_select(self, index: int) -> Select[str]:
        """The character chooser of seat ``index``."""
        return self.query_one(f"#character-{index}", Select)

    def fill_characters(self, index: int, player: str | None) -> None:
        """Offer ``player``'s characters in seat ``index``, the first one chosen."""
        info = next((p for p in self.players if p.name == player), None)
        names = characters_of(info) if info else []
        select = self.character_select(index)
        select.set_options([(plain(name), name) for name in names])
        if names:
            select.value = names[0]

    def on_select_changed(self, event: Select.Changed) -> None:
        select_id = event.select.id or ""
        if select_id.startswith("player-"):
            index = int(select_id.removeprefix("player-"))
            value = event.value
            self.fill_characters(index, value if isinstance(value, str) else None)
        self.update_seats()

    def without_character(self) -> list[str]:
        """``Seat 2 (Sam)`` for each seated player who plays no character."""
        solo = self.query_one("#solo", Switch).value
        found = []
        for index in range(1 if solo else MAX_SEATS):
            player = self.player_select(index).value
            if isinstance(player, str) and not isinstance(self.character_select(index).value,
                                                          str):
                found.append(f"Seat {index + 1} ({player})")
        return found

    def on_switch_changed(self, _event: Switch.Changed) -> None:
        self.update_seats()

    def update_seats(self) -> None:
        """Solo play seats one player: the other seats are disabled."""
        solo = self.query_one("#solo", Switch).value
        for index in range(1, MAX_SEATS):
            self.player_select(index).disabled = solo
            self.character_select(index).disabled = solo
        if self.players:
            text = plain("Solo play: only seat 1 plays, choosing their own Waylays." if solo
                         else "Choose a player for each seat (blank seats are left out) and "
                         "the character each plays.")
            bare = self.without_character()
            if bare:
                text.append(f"\n{', '.join(bare)}: no character, so no chronicle gets this "
                            "game. Choose one, or create it in Characters (2).",
                            style="bold yellow")
            self.query_one("#new-game-status", Static).update(text)

    def status(self, text: str) -> None:
        """Show ``text`` under the seats."""
        self.query_one("#new-game-status", Static).update(text)

    def seats(self) -> list[tuple[str, str | None]]:
        """The chosen ``(player, character or None)`` pairs, in seating order."""
        solo = self.query_one("#solo", Switch).value
        chosen: list[tuple[str, str | None]] = []
        for index in range(1 if solo else MAX_SEATS):
            player = self.player_select(index).value
            if not isinstance(player, str):
                continue
            character = self.character_select(index).value
            chosen.append((player, character if isinstance(character, str) else None))
        return chosen

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self.query_one("#solo", Switch).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        from chronicle.tui.screens.dialog import save_or_cancel

        save_or_cancel(self, event, self.action_create)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_create(self, confirmed: bool = False) -> None:
        """Create the game in a worker; close with its name when it is stored."""
        from chronicle.systems.wyld_hunt.services.games import new_game

        name = self.query_one("#game-name", Input).value.strip()
        seats = self.seats()
        solo = self.query_one("#solo", Switch).value
        if not name:
            self.status("[b]Give the game a name first.[/b]")
            self.query_one("#game-name", Input).focus()
            return
        if not seats:
            self.status("[b]Seat at least one player.[/b]")
            return
        if self.busy:
            return
        bare = self.without_character()
        if bare and not confirmed:
            from chronicle.tui.screens.confirm import ConfirmScreen

            def answered(yes: bool | None) -> None:
                if yes:
                    self.action_create(confirmed=True)

            self.app.push_screen(ConfirmScreen(
                "Create the game with a seat without a character?",
                f"{', '.join(bare)} plays no character: the result will not go into any "
                "chronicle for them."), answered)
            return
        self.busy = True

        def work(db: Database) -> GameView:
            return new_game(db, name, seats, solo=solo)

        def done(game: GameView) -> None:
            self.busy = False
            self.dismiss(game.name)

        def failed(exc: Exception) -> None:
            self.busy = False
            self.status(f"[b]Not created:[/b] {esc(str(exc))}")

        chronicle_app(self).call_service(work, done, description="Creating the game",
                                         failed=failed)

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this dialog."""
        yield SystemCommand("Create the game", "Store it and prepare it (ctrl+s)",
                            self.action_create)
        yield SystemCommand("Cancel", "Close without creating a game (esc)", self.action_cancel)
