"""Recording a game's result: who completed which quests, in the order completed. Confirmed, it
is stored by ``chronicle.systems.wyld_hunt.services.games.record_result``, which appends the
game to every seated character's chronicle at once (all of them, or none). A played game shows
its recorded result, read-only.

Every quest of every seat is one row; space (or enter) marks it completed, numbering the marks
in the order they are made (Epic Play: quests are completed in order). Taking a mark out
renumbers the rest. Under the list, the date played (left empty: the day it is recorded) and
a note (tab reaches them) go into every chronicle with the result, as on the command line; a
bad date is said under its field, everything kept as typed.

The games screen keeps one result screen and opens every game in it (``reopen``); a played
game's result is shown from the games screen's own reading (it never changes), without reading
the database again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, Input, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.screens.dialog import compact, field, problem_line
from chronicle.tui.text import esc
from chronicle.tui.widgets.card_list import CardList, show_text
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.games import GameView, Seat


def who(seat: Seat) -> str:
    """``Tim · Winerdria``."""
    return seat.player + (f" · {seat.character}" if seat.character else "")


class GameResultScreen(Screen[bool]):
    """Record (or show) who completed which quests. Dismisses with True once a result has been
    recorded here."""

    TITLE = "Game result"
    DEFAULT_CSS = """
    GameResultScreen #result-intro { height: auto; padding: 0 1; }
    GameResultScreen #result-header {
        height: 1; color: $text-muted; text-style: bold; padding: 0 1; margin-top: 1;
    }
    GameResultScreen #result-list { height: 1fr; padding: 0 1; }
    GameResultScreen #result-summary {
        height: auto; max-height: 8; padding: 0 1; border-top: solid $panel;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_done", "Completed"),
        Binding("ctrl+s,s", "save", "Record", key_display="s"),
        Binding("c", "clear", "Clear", show=False),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game: str, view: GameView | None = None) -> None:
        """The result of game ``game``; ``view``: the game as just read (a played one is shown
        from it, without reading it again)."""
        super().__init__()
        self.game_name = game
        self.view = view
        self.game: GameView | None = None
        self.rows: list[tuple[str, str]] = []
        """(player, quest) per list row."""
        self.completed: dict[str, list[str]] = {}
        """Per player, the quests marked completed, in order."""
        self.recorded = False
        self.busy = False
        self.opening = 0
        """How many times this screen was opened (``reopen``): a game read for an earlier
        opening is not shown."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("Loading the game…", id="result-intro")
            yield Static("", id="result-header")
            yield CardList([4, 26, 30], flex=2, id="result-list")
            yield Static("", id="result-summary")
            with Horizontal(id="result-when").set_styles("height: 1; padding: 0 1;"):
                yield field("date", compact(Input(id="result-date", placeholder="today")),
                            label_width=6).set_styles("width: 22;")
                yield field("note", compact(Input(id="result-note",
                                                  placeholder="anything to remember")),
                            label_width=6)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = self.game_name
        self.query_one(CardList).focus()
        if self.game_name:  # built ahead of time, blank, it is filled when shown (reopen)
            self.load()

    def reopen(self, game: str, view: GameView | None = None) -> None:
        """Show ``game`` as a new screen would (``view`` as for a new one)."""
        self.opening += 1
        self.game_name = game
        self.view, self.game, self.rows, self.completed = view, None, [], {}
        self.recorded = self.busy = False
        if not (self.is_mounted and self.query(CardList)):
            return  # built when shown: on_mount shows it
        self.sub_title = game
        self.query_one("#result-date", Input).value = ""
        self.query_one("#result-note", Input).value = ""
        problem_line(self, "")
        show_text(self.query_one("#result-intro", Static), "Loading the game…")
        self.render_rows(keep=False)
        self.query_one(CardList).focus()
        self.load()

    def load(self) -> None:
        """Show the played game given (it never changes), else read the game in a worker."""
        from chronicle.systems.wyld_hunt.services.games import show_game

        name, opening, view = self.game_name, self.opening, self.view
        if view is not None and view.status == "played":
            self.loaded(view)
            return

        def work(db: Database) -> GameView:
            return show_game(db, name)

        def done(game: GameView) -> None:
            if opening == self.opening:  # not opened again while the worker ran
                self.loaded(game)

        chronicle_app(self).call_service(work, done, description="Loading the game")

    @property
    def played(self) -> bool:
        """True when the game's result is recorded (then nothing can change here)."""
        return self.game is not None and self.game.status == "played"

    def loaded(self, game: GameView) -> None:
        if not self.is_attached:  # closed while the worker ran
            return
        self.game = game
        self.game_name = game.name
        self.rows = [(seat.player, quest) for seat in game.seats for quest in seat.quests]
        if self.played:
            self.completed = {seat.player: list(seat.completed or []) for seat in game.seats}
        else:
            self.completed = {seat.player: [q for q in self.completed.get(seat.player, [])
                                            if q in seat.quests] for seat in game.seats}
        intro = self.query_one("#result-intro", Static)
        if self.played:
            show_text(intro, f"[b]{esc(game.name)}[/b] has been played; its result, as "
                      "recorded in every character's chronicle (read-only):")
        elif not self.rows:
            show_text(intro, f"[b]{esc(game.name)}[/b]: nobody has a quest yet. Choose quests "
                      "in the preparation first (esc, then enter on the game).")
        else:
            errors = len(game.report.errors)
            warning = (f"\n[yellow]Its setup breaks {errors} rule(s) (see the preparation); "
                       "record it only if you played it so.[/yellow]" if errors else "")
            show_text(intro, f"[b]{esc(game.name)}[/b]: mark each quest completed, in the "
                      "order completed ([b]space[/b]); [b]s[/b] records the result in "
                      "every character's chronicle at once." + warning)
        self.render_rows(keep=False)
        for entry in self.query(Input).results(Input):
            entry.disabled = self.played  # a recorded result is shown read-only
        self.query_one("#result-when").display = not self.played
        self.refresh_bindings()

    def render_rows(self, keep: bool = True) -> None:
        """The rows with their marks, and the summary per seat."""
        card_list = self.query_one(CardList)
        card_list.set_header(self.query_one("#result-header", Static),
                             ["done", "player · character", "quest"])
        seats = {seat.player: seat for seat in self.game.seats} if self.game else {}
        cells: list[Sequence[str]] = []
        for player, quest in self.rows:
            done = self.completed.get(player, [])
            mark = f"[{done.index(quest) + 1}]" if quest in done else "[ ]"
            cells.append([mark, who(seats[player]), quest])
        cursor = card_list.cursor
        card_list.set_rows(cells, keep=cursor if keep else 0)
        show_text(self.query_one("#result-summary", Static), self.summary())

    def summary(self) -> str:
        """Per seat, what is (to be) recorded."""
        if self.game is None:
            return ""
        lines = []
        for seat in self.game.seats:
            done = self.completed.get(seat.player, [])
            text = ", ".join(f"{i + 1}. {q}" for i, q in enumerate(done)) or "no quest completed"
            chronicle = ("" if seat.character else
                         " [dim](no character: no chronicle to append to)[/dim]")
            lines.append(f"[b]{esc(who(seat))}[/b]: {esc(text)}{chronicle}")
        if not self.played:
            lines.append("[dim]s records · esc goes back without recording[/dim]")
        return "\n".join(lines)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the recording keys once the result is recorded."""
        return not (action in ("toggle_done", "save", "clear") and self.played)

    def on_card_list_selected(self, _event: CardList.Selected) -> None:
        self.action_toggle_done()

    def action_toggle_done(self) -> None:
        """Mark the quest under the cursor completed (next in order), or take the mark out."""
        if self.game is None:
            return
        if self.played:
            self.notify("This result is recorded already; it is shown read-only.",
                        severity="warning")
            return
        index = self.query_one(CardList).cursor
        if not 0 <= index < len(self.rows):
            return
        player, quest = self.rows[index]
        done = self.completed.setdefault(player, [])
        if quest in done:
            done.remove(quest)
        else:
            done.append(quest)
        self.render_rows()

    def action_clear(self) -> None:
        """Take every mark out."""
        if self.game is None or self.played:
            return
        self.completed = {seat.player: [] for seat in self.game.seats}
        self.render_rows()

    def action_save(self) -> None:
        """Confirm, then record the result in every chronicle."""
        from chronicle.tui.screens.confirm import ConfirmScreen

        if self.game is None or self.busy:
            return
        if self.played:
            self.notify("This result is recorded already.", severity="warning")
            return
        wrong = self.when_problem()
        if wrong is not None:
            problem_line(self, wrong, self.query_one("#result-date", Input))
            return
        problem_line(self, "")
        lines = [f"{who(s)}: {', '.join(self.completed.get(s.player, [])) or 'no quest'}"
                 for s in self.game.seats]
        characters = [s.character for s in self.game.seats if s.character]
        lines.append("Appended to every character's chronicle at once." if characters
                     else "Nobody plays a character: no chronicle changes.")
        self.app.push_screen(ConfirmScreen(f"Record the result of {esc(self.game.name)}?",
                                           esc("\n".join(lines))),
                             self.confirmed)

    def confirmed(self, yes: bool | None) -> None:
        from chronicle.systems.wyld_hunt.services.games import record_result

        if not yes or self.game is None:
            return
        name = self.game.name
        completed = {player: list(quests) for player, quests in self.completed.items()}
        played, note = self.when()
        self.busy = True

        def work(db: Database) -> GameView:
            return record_result(db, name, completed, date=played, note=note)

        def done(game: GameView) -> None:
            self.busy = False
            self.recorded = True
            if not self.is_attached:
                return
            characters = [s.character for s in game.seats if s.character]
            self.notify(f"Recorded {game.name}" + (f" in the chronicles of "
                                                   f"{', '.join(characters)}."
                                                   if characters else "."),
                        title="Result recorded")
            self.loaded(game)

        def failed(exc: Exception) -> None:
            from chronicle.errors import ChronicleError
            from chronicle.tui.messages import error_message

            self.busy = False
            if isinstance(exc, ChronicleError) and self.is_attached:
                problem_line(self, f"Not recorded: {error_message(exc)}")

        chronicle_app(self).call_service(work, done, description="Recording the result",
                                         failed=failed)

    def when(self) -> tuple[str | None, str | None]:
        """The date played and the note, as typed (None when left empty)."""
        return (self.query_one("#result-date", Input).value.strip() or None,
                self.query_one("#result-note", Input).value.strip() or None)

    def when_problem(self) -> str | None:
        """What is wrong with the date or the note typed, as the services would say it."""
        from chronicle.domain.limits import text_problem
        from chronicle.services.dates import date_problem

        played, note = self.when()
        wrong = date_problem(played) if played else None
        if wrong is None and note is not None:
            wrong = text_problem(note)
        return f"Not yet: {wrong}." if wrong else None

    def action_back(self) -> None:
        """Go back (to the games, or to the preparation)."""
        if self.busy:
            return
        self.dismiss(self.recorded)

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        yield SystemCommand("Mark quest completed", "Mark or unmark the quest under the "
                            "cursor, in order (space)", self.action_toggle_done)
        yield SystemCommand("Clear the marks", "Nobody completed anything (c)",
                            self.action_clear)
        yield SystemCommand("Record the result", "In every character's chronicle at once, with "
                            "the date and note typed under the list (s)",
                            self.action_save)
        yield SystemCommand("Back", "Leave without recording (esc)", self.action_back)
