"""The toy's one screen (its ``"main"``, opened from the app's "Other games" area)."""

from chronicle.services.db import Database
from chronicle.tui.screens.recordlist import RecordListScreen
from toy_game.service import BAGS


class PebblesScreen(RecordListScreen):
    """Pebbles: every bag in the database with what it holds."""

    TITLE, HEADING, EMPTY = "Pebbles", "Pebbles: the bags of the play group", "No bag yet."

    def lines(self, db: Database) -> list[str]:
        return [f"{b.player} · {b.name} (limit {b.limit}): {', '.join(b.pebbles) or 'empty'}"
                for b in BAGS.list(db)]
