"""The players screen (mode "players", key 4): everyone in the play group with their cards and
what they hold of each game (``chronicle.services.players.Holding``). ``a`` adds a player,
``r`` renames the highlighted one, ``delete`` removes one
(asking first; the services refuse while anything refers to them), ``enter`` shows their
collection of any installed game (asking which: the game chosen last time first).

Rename and delete go through ``chronicle.services.playermending``: the delete asks first with the
services' own plan (what the player holds), and a player still holding something a game keeps
is refused with the reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from chronicle.tui.screens.base import areas_changed, chronicle_app, kept_row
from chronicle.tui.screens.record_browser import listed, show_item
from chronicle.tui.text import plain
from chronicle.tui.widgets.card_list import CardList

if TYPE_CHECKING:
    from rich.text import Text

    from chronicle.services.db import Database
    from chronicle.services.players import PlayerInfo


class PlayerList(CardList):
    """The players; enter shows the highlighted player's collection."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", "Collection")]

    def action_select(self) -> None:
        """Enter: the highlighted player's collection; before the players are read, the
        first player's once they are (a burst of keys: 4 then enter)."""
        if self.count:
            super().action_select()
        else:
            self.post_message(self.Selected(self, 0))


class PlayersScreen(Screen[None]):
    """The play group."""

    TITLE = "Players"
    DEFAULT_CSS = """
    PlayersScreen #players-header { height: 1; color: $text-muted; text-style: bold;
                                    padding: 0 1; }
    PlayersScreen #players { height: 1fr; padding: 0 1; }
    PlayersScreen #players-detail { height: auto; max-height: 8; padding: 0 1;
                                    border-top: solid $panel; }
    PlayersScreen #players-status { height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add", "Add"),
        Binding("r", "rename", "Rename"),
        Binding("delete", "delete", "Delete", key_display="del"),
        Binding("f5", "reload", "Reload", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.players: list[PlayerInfo] = []
        self.renamed: str | None = None
        """The name the highlighted player was just given (the next reload keeps it)."""
        self.read = False
        """Whether the players were read once."""
        self.waiting = False
        """Enter was pressed before the players were read: answered once they are."""

    def compose(self) -> ComposeResult:
        return listed("players", PlayerList([24, 7, 30], flex=2, id="players"),
                      "Loading players…")

    def on_mount(self) -> None:
        self.query_one(PlayerList).start(self.query_one("#players-header", Static),
                                         ("player", "cards", "holds"))

    def on_screen_resume(self) -> None:
        self.action_reload()

    def prebuilt(self) -> None:
        """Built in idle time: load the players once, so the first showing only refreshes."""
        self.action_reload()

    def action_reload(self) -> None:
        """Read the players again."""
        from chronicle.services.players import list_players

        chronicle_app(self).call_service(list_players, self.loaded,
                                         description="Loading players", group="players-list",
                                         exclusive=True)

    def loaded(self, players: list[PlayerInfo]) -> None:
        if not self.is_attached:
            return
        current = self.current()
        self.players = players
        names = [p.name for p in players]
        keep = kept_row(names, current.name if current is not None else None,
                        self.query_one(PlayerList).cursor, renamed=self.renamed)
        self.renamed = None
        self.query_one(PlayerList).set_rows(
            [[p.name, str(p.cards), p.said("none yet")] for p in players],
            keep=keep)
        status = self.query_one("#players-status", Static)
        if players:
            status.update(f"{len(players)} player(s) · a adds · r renames · del deletes · "
                          "enter: their cards")
        else:
            status.update("No players yet: press a to add the first one.")
        self.show_detail()
        self.read = True
        if self.waiting:
            self.waiting = False
            self.action_collection()

    def current(self) -> PlayerInfo | None:
        """The player under the cursor."""
        return self.query_one(PlayerList).pick(self.players)

    def show_detail(self) -> None:
        show_item(self.query_one("#players-detail", Static), self.current(), self.player_text)

    def player_text(self, player: PlayerInfo) -> Text:
        """The highlighted player: their cards and what they hold in each game."""
        text = plain(player.name, "bold")
        text.append(f"\n{player.cards} card(s) in the collection")
        for holding in player.holdings[:4]:
            text.append(f"\n  {holding.said()}")
        return text

    def on_card_list_highlighted(self, _event: CardList.Highlighted) -> None:
        self.show_detail()

    def on_card_list_selected(self, _event: CardList.Selected) -> None:
        self.action_collection()

    # Actions -----------------------------------------------------------------------------------

    def action_add(self) -> None:
        """Ask for a new player's name (the dialog stays open until it is accepted)."""
        from chronicle.services.players import add_player
        from chronicle.tui.screens.name_dialog import NameDialog

        self.app.push_screen(NameDialog("Add a player", "Name", add_player,
                                        description="Adding a player"), self.added)

    def added(self, info: PlayerInfo | None) -> None:
        if info is not None:
            self.notify(f"Added {info.name}.")
            self.renamed = info.name  # the new player highlighted
            self.action_reload()

    def action_rename(self) -> None:
        """Rename the highlighted player (the dialog stays open while the name is refused)."""
        from chronicle.services.playermending import rename_player
        from chronicle.tui.screens.name_dialog import NameDialog

        player = self.current()
        if player is None:
            self.notify("No player here yet: press a to add one.", severity="warning")
            return
        old = player.name

        def save(db: Database, new: str) -> PlayerInfo:
            return rename_player(db, old, new)

        def renamed(result: PlayerInfo | None) -> None:
            if result is not None:
                self.notify(f"{old} is now called {result.name}.")
                self.renamed = result.name
                self.action_reload()
                areas_changed(self)

        self.app.push_screen(NameDialog(f"Rename {old}", "New name", save, value=old,
                                        description="Renaming the player"), renamed)

    def action_delete(self) -> None:
        """Delete the highlighted player: the services' plan says what goes, and a player who
        still has characters or seats is refused with the reason."""
        from chronicle.services.playermending import Removal, delete_player, plan_player_delete
        from chronicle.tui.mendflows import remove, removed_message

        player = self.current()
        if player is None:
            return
        name = player.name

        def done(plan: Removal) -> None:
            self.notify(removed_message(plan))
            self.action_reload()
            areas_changed(self)

        remove(self, "the player", lambda db: plan_player_delete(db, name),
               lambda db, _action: delete_player(db, name), done)

    def action_collection(self) -> None:
        """Show the highlighted player's collection of a game, asking which (the home game's
        in its area that shows a player; any other's on the Collections screen)."""
        from chronicle.tui.screens.game_collection import open_player_collection

        player = self.current()
        if player is not None:
            open_player_collection(self, player.name)
        elif not self.read:
            self.waiting = True

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        yield SystemCommand("Add a player", "A new member of the play group (a)",
                            self.action_add)
        yield SystemCommand("Rename the player", "Change the highlighted player's name (r)",
                            self.action_rename)
        yield SystemCommand("Delete the player", "Remove the highlighted player (del)",
                            self.action_delete)
        yield SystemCommand("Show the player's collection",
                            "Their cards of any game (enter)",
                            self.action_collection)
