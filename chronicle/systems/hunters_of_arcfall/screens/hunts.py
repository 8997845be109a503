"""Hunters of Arcfall's main screen in the app (the "Other games" area, ``enter``): the group's
games, and for the highlighted one where it stands. ``enter`` opens the game at the table (the
score keeper, ``screens.table``), ``n`` starts a game (its name, seats and point limit, as
``chronicle hunt new`` takes them), ``r`` renames the game, ``delete`` deletes it (one with
turns entered is archived, after a confirmation), ``b`` brings an archived one back, ``p``
prints its score pad and ``escape`` goes back to the other games. The focus starts on the
list, as on Wyld Hunt's screens; names are data, never markup.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType

from chronicle.systems.hunters_of_arcfall.screens.board import listing_row
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.screens.record_browser import RecordBrowser, listed
from chronicle.tui.text import clean, plain
from chronicle.tui.widgets.card_list import CardList

if TYPE_CHECKING:

    from rich.text import Text

    from chronicle.services.db import Database
    from chronicle.systems.hunters_of_arcfall.service import HuntView


class HuntList(CardList):
    """The games; enter opens the highlighted one at the table."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", "Open")]


class HuntsScreen(RecordBrowser["HuntView"]):
    """The Hunters of Arcfall games of the group."""

    TITLE = "Hunters of Arcfall"
    PREFETCH: ClassVar[tuple[str, ...]] = (
        "chronicle.systems.hunters_of_arcfall.service",
        "chronicle.systems.hunters_of_arcfall.rules.draft",
        "chronicle.systems.hunters_of_arcfall.rules.ledger",
        "chronicle.systems.hunters_of_arcfall.screens.table",
        "chronicle.systems.hunters_of_arcfall.screens.new_game",
        "chronicle.systems.hunters_of_arcfall.screens.bounty",
        "chronicle.tui.recordflows", "chronicle.tui.screens.confirm", "chronicle.tui.screens.pick",
        "chronicle.tui.screens.name_dialog")
    """What its first opening and its dialogs' import, loaded ahead (``OtherGamesScreen``)."""
    DEFAULT_CSS = """
    HuntsScreen #hunts-header { height: 1; color: $text-muted; text-style: bold; padding: 0 1; }
    HuntsScreen #hunts-list { height: 1fr; padding: 0 1; }
    HuntsScreen #hunts-detail { height: auto; max-height: 12; padding: 0 1;
                                border-top: solid $panel; }
    HuntsScreen #hunts-status { height: auto; color: $text-muted; padding: 0 1; }
    """
    WHAT, WHATS, ENTRIES = "game", "games", ("log entry", "log entries")
    HEADINGS = ("game", "where it stands", "players and Fortune")
    HEADER, STATUS, DETAIL = "hunts-header", "hunts-status", "hunts-detail"
    SERVICE = "chronicle.systems.hunters_of_arcfall.service"
    RENAME, DELETE, RESTORE = ("rename_hunt", "delete_hunt", "restore_hunt")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New"),
        Binding("r", "rename", "Rename"),
        Binding("delete", "delete", "Delete", key_display="del"),
        Binding("b", "restore", "Bring back archived", show=False),
        Binding("p", "print", "Print the score pad", show=False),
        Binding("escape", "back", "Back", key_display="esc", show=False),
        Binding("f5", "reload", "Reload", show=False),
    ]

    def compose(self) -> ComposeResult:
        return listed("hunts", HuntList([18, 18, 20], flex=2, id="hunts-list"), "Loading games…")

    # Loading -------------------------------------------------------------------------------

    def action_reload(self) -> None:
        """Read the games again (a damaged one is said; the others still show)."""
        from chronicle.systems.hunters_of_arcfall.service import list_hunts

        def work(db: Database) -> tuple[list[HuntView], list[str]]:
            damaged: list[str] = []
            return list_hunts(db, damaged=damaged), damaged

        chronicle_app(self).call_service(work, self.loaded, description="Loading games",
                                         group="hunts", exclusive=True)

    def loaded(self, found: tuple[list[HuntView], list[str]]) -> None:
        if not self.is_attached:
            return
        views, damaged = found
        for text in damaged:
            self.notify(clean(text), severity="error", markup=False, timeout=12)
        self.show_views(views, [listing_row(v) for v in views],
                        f"{len(views)} game(s) · enter plays one at the table · n starts one"
                        if views else "No Hunters of Arcfall game yet: n starts one.",
                        dim={i for i, v in enumerate(views) if v.state.finished},
                        otherwise=max(0, len(views) - 1))

    def detail_text(self, view: HuntView) -> Text:
        """Where the highlighted game stands: its players, Fortune and Fame, who plays next."""
        from chronicle.systems.hunters_of_arcfall.screens.board import banner_text

        state = view.state
        text = plain(view.name, "bold")
        text.append(f"  ·  first to {view.log.limit} Fortune  ·  round {state.round}", "dim")
        for p in state.players:
            text.append("\n")
            text.append_text(plain(f"  {p.name} ({p.hunter}): {p.fortune} Fortune, "
                                   f"{p.fame} Fame"))
        banner = banner_text(view)
        if banner.plain:
            text.append("\n")
            text.append_text(banner)
        elif state.next_player:
            text.append_text(plain(f"\n{state.next_player} plays next.", "italic"))
        return text

    def on_card_list_selected(self, _event: CardList.Selected) -> None:
        self.action_open()

    # The game's services -------------------------------------------------------------------

    def archived(self, db: Database) -> list[tuple[str, str]]:
        from chronicle.systems.hunters_of_arcfall.service import list_hunts

        return [(f"{v.name} ({', '.join(s.name for s in v.log.seats)})", v.name)
                for v in list_hunts(db, archived=True, damaged=[])]

    def holds(self, view: HuntView) -> int:
        return len(view.state.lines)

    # Actions -----------------------------------------------------------------------------------

    def action_open(self) -> None:
        """Play the highlighted game at the table."""
        from chronicle.systems.hunters_of_arcfall.screens.table import HuntScreen

        view = self.current()
        if view is None:
            self.none_yet()
            return
        self.wanted = view.name
        self.app.push_screen(HuntScreen(view.name, [v.name for v in self.views]))

    def action_new_game(self) -> None:
        """Start a game: its name, seats and point limit (kept while one is wrong)."""
        from chronicle.systems.hunters_of_arcfall.screens.new_game import NewHuntDialog

        def started(view: HuntView | None) -> None:
            if view is None:
                return
            self.notify(view.said or f"{view.name} started.", markup=False)
            lacking = [v.message for v in view.report.warnings
                       if v.code == "collection.not_owned"]
            if lacking:  # the hunter choice is flagged, never refused
                self.notify("Not in the collection: " + "; ".join(lacking[:3]),
                            severity="warning", markup=False)
            self.reload_at(view.name)

        self.app.push_screen(NewHuntDialog(), started)

    def action_print(self) -> None:
        """Write the highlighted game's score pad and log as a PDF in exports/ (asking before
        overwriting one)."""
        from chronicle.systems.hunters_of_arcfall.screens.table import print_score_pad

        view = self.current()
        if view is not None:
            print_score_pad(self, view.name)

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        yield SystemCommand("New game", "Its name, seats and point limit (n)",
                            self.action_new_game)
        yield SystemCommand("Rename the game", "r", self.action_rename)
        yield SystemCommand("Delete the game", "One with turns is archived (del)",
                            self.action_delete)
        yield SystemCommand("Bring back an archived game", "b", self.action_restore)
        yield SystemCommand("Print the score pad", "A PDF in exports/ (p)", self.action_print)
