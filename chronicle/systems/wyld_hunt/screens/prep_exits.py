"""The ways out of a game's preparation (``game_prep``): recording its result, laying its
League map, printing its sheet; each waits while a change of the preparation is on its way."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

if TYPE_CHECKING:
    from chronicle.systems.wyld_hunt.services.games import GameView


class PrepExits(Screen[None]):
    """The preparation screen's actions that open another screen or write a file."""

    game_name: str
    game: GameView | None
    sending: bool
    dirty: dict[str, set[str]]

    def busy(self) -> bool:
        """True (and says so) while a change is on its way."""
        if self.sending or any(self.dirty.values()):
            self.notify("Saving the last change; try again in a moment.")
            return True
        return False

    def action_result(self) -> None:
        """Record who completed which quests."""
        from chronicle.systems.wyld_hunt.screens.game_result import GameResultScreen

        if self.game is None or self.busy():
            return
        self.app.push_screen(GameResultScreen(self.game.name), self.result_closed)

    def action_map(self) -> None:
        """Lay the League map (``screens.game_map``)."""
        from chronicle.systems.wyld_hunt.screens.game_map import GameMapScreen
        if self.game is not None and not self.busy():
            self.app.push_screen(GameMapScreen(self.game.name))

    def result_closed(self, recorded: bool | None) -> None:
        if recorded:
            self.dismiss(None)

    def action_print_game(self) -> None:
        """Write the game-preparation sheet (PDF)."""
        from chronicle.systems.wyld_hunt.services.sheetfiles import export_game
        from chronicle.tui.screens.exporting import export_file, exports_folder

        name = self.game.name if self.game is not None else self.game_name
        export_file(self, "game sheet",
                    lambda db, force, warn: export_game(db, name, force=force,
                                                        folder=exports_folder(), warn=warn))
