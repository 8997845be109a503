"""The play screen: a prepared game played Day by Day in the app (``p`` on a game in Games).

It shows the Day, whose it is, each character's League, exhausted and discarded Merits, the
Waylays in play and the latest steps, and takes one step at a time on its step line, in the
words of ``chronicle play`` without the game (``services.play.STEP_WORDS``): a key starts the
step (``m`` move, ``w`` Waylay, ``t`` Test, ``x`` exhaust, ``d`` discard, ``f`` Flaw, ``p``
Treasure, ``r`` Rest), Enter takes it, Escape leaves the line; ``e`` ends the Day and ``u``
undoes the latest step at once (saying what it took back). Names need no quotes (``m`` then
``The Kyrrian Tower``); ``t`` then the rolls faces the next Waylay on the League. A refused
step shows each violation with its fix in the app's terms, and nothing is written.
Everything shown is ``Text`` (names are data, never markup).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, Input, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.play import PlayView

STARTS = {"move": "move ", "waylay": "waylay ", "test": "test ", "exhaust": "exhaust ",
          "discard": "discard ", "flaw": "flaw ", "treasure": "treasure ", "rest": "rest "}


class Board(Static, can_focus=True):
    """The game as it stands (focusable, so the step keys reach the screen)."""


def state_text(view: PlayView) -> Text:
    """The game as it stands: the Day, whose it is, each character and the Waylays."""
    state = view.state
    text = Text()
    if state.finished is not None:
        text.append(f"{view.name}: finished\n", style="bold")
    else:
        text.append(f"Day {state.day}: {state.current}'s Day\n", style="bold")
    for hero in state.heroes.values():
        text.append(f"{hero.character}", style="bold")
        text.append(f" ({hero.player}) in {hero.league}")
        if hero.league == hero.base_camp:
            text.append(" (Base Camp)", style="dim")
        text.append("\n")
        text.append(f"  active: {', '.join(hero.active_merits()) or 'none'}")
        if hero.exhausted:
            text.append(f"; exhausted: {', '.join(sorted(hero.exhausted))}", style="yellow")
        if hero.discarded:
            text.append(f"; discarded: {', '.join(sorted(hero.discarded))}", style="red")
        if hero.owed:
            text.append(f"; owes {hero.owed} Merit (a lost Test)", style="bold red")
        if hero.found:
            text.append(f"; found: {', '.join(hero.found)}", style="green")
        text.append("\n")
    for league in state.leagues:
        placed = state.active(league)
        if placed:
            text.append(f"Waylay on {league}: {', '.join(p.name for p in placed)}\n",
                        style="magenta")
    return text


LOG_ROWS = 6
"""The rows the latest steps take on the screen."""


def log_text(view: PlayView, rows: int = LOG_ROWS,
             wrapped: Callable[[str], int] | None = None) -> Text:
    """The latest steps, oldest first: as many as fill ``rows`` rows, the latest always in
    whole (``wrapped(line)``: the rows a line takes at the screen's width; one by default)."""
    chosen: list[str] = []
    used = 0
    for line in reversed(view.state.log):
        need = wrapped(line) if wrapped is not None else 1
        if chosen and used + need > rows:
            break
        chosen.append(line)
        used += need
    chosen.reverse()
    return Text("\n".join(chosen) or "No step yet.", style="dim")


def report_text(violations: list[Any], game: str) -> Text:
    """Each violation with its code and its fix in the app's terms."""
    from chronicle.rules.report import Front

    text = Text()
    for violation in violations:
        style = "bold red" if violation.severity.value == "error" else "yellow"
        text.append(f"{violation.code}: ", style=style)
        text.append(violation.message)
        fix = violation.fix_for(Front.APP, game=game)
        if fix:
            text.append(f" (fix: {fix})", style="dim")
        text.append("\n")
    return text


class PlayScreen(Screen[None]):
    """One game in play, a step at a time."""

    TITLE = "Play"
    DEFAULT_CSS = """
    PlayScreen #play-state { height: auto; padding: 0 1; }
    PlayScreen #play-log { height: auto; max-height: 7; padding: 0 1; border-top: solid $panel; }
    PlayScreen #play-report { height: auto; max-height: 6; padding: 0 1; }
    PlayScreen #play-step { margin: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "begin('move')", "Move"),
        Binding("w", "begin('waylay')", "Waylay"),
        Binding("t", "begin('test')", "Test"),
        Binding("x", "begin('exhaust')", "Exhaust"),
        Binding("d", "begin('discard')", "Discard", show=False),
        Binding("f", "begin('flaw')", "Flaw", show=False),
        Binding("p", "begin('treasure')", "Treasure", show=False),
        Binding("r", "begin('rest')", "Rest"),
        Binding("e", "end_day", "End Day"),
        Binding("u", "undo", "Undo"),
        Binding("escape", "leave", "Back"),
        Binding("f5", "reload", "Reload", show=False),
    ]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game
        self.view: PlayView | None = None
        self.busy = False
        self.queue: list[str] = []
        """Steps typed while another is being saved, taken in turn."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Board(Text(f"Loading {self.game}…"), id="play-state")
            yield Static(Text(""), id="play-log")
            yield Static(Text(""), id="play-report")
            yield Input(id="play-step", select_on_focus=False,
                        placeholder="a step: m, w, t, x, r, e, u (Enter takes it)")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#play-state", Board).focus()
        self.action_reload()

    # Reading -------------------------------------------------------------------------------------

    def action_reload(self) -> None:
        """Read the game in play again."""
        from chronicle.errors import NotFound
        from chronicle.systems.wyld_hunt.services import play

        game = self.game

        def work(db: Database) -> PlayView:
            try:
                return play.show(db, game)
            except NotFound:
                raise NotFound(play.laying_out(db, game)) from None

        def missing(exc: Exception) -> None:
            self.query_one("#play-state", Static).update(Text(
                f"{game} is not laid out yet. Type on the step line: {play.START_WORDS} "
                f"(names need no quotes)\n{exc}"))
            step = self.query_one("#play-step", Input)
            step.value = "start "
            step.focus()
            step.cursor_position = len(step.value)

        chronicle_app(self).call_service(work, self.shown, description=f"Reading {game}",
                                         failed=missing, quiet=(NotFound,), group="play",
                                         exclusive=True)

    def shown(self, view: PlayView, violations: list[Any] | None = None,
              said: list[str] | None = None) -> None:
        """Show ``view`` (and the report of the latest step: what an undo took back, its
        warnings, or a refusal)."""
        self.view = view
        self.busy = False
        self.query_one("#play-state", Static).update(state_text(view))
        log = self.query_one("#play-log", Static)
        width = log.content_size.width
        console = self.app.console

        def wrapped(line: str) -> int:
            return len(Text(line).wrap(console, width)) if width > 0 else 1

        log.update(log_text(view, wrapped=wrapped))
        report = Text("".join(f"{line}\n" for line in said or []), style="dim")
        report.append_text(report_text(violations or [], view.name))
        self.query_one("#play-report", Static).update(report)

    # Steps ---------------------------------------------------------------------------------------

    def action_begin(self, kind: str) -> None:
        """Start a step on the step line."""
        step = self.query_one("#play-step", Input)
        step.value = STARTS[kind]
        step.focus()
        step.cursor_position = len(step.value)

    def action_leave(self) -> None:
        step = self.query_one("#play-step", Input)
        if step.has_focus:
            step.value = ""
            self.query_one("#play-state", Static).focus()
        else:
            self.app.pop_screen()

    def action_end_day(self) -> None:
        self.take("end")

    def action_undo(self) -> None:
        self.take("undo")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        words = event.value.strip()
        event.input.value = ""
        self.query_one("#play-state", Board).focus()  # the next keys are steps again
        if words:
            self.take(words)

    def take(self, words: str) -> None:
        """Queue one step (its words); the steps are taken in turn, each checked by the rules.
        A refusal is shown with its fixes, and the steps queued after it are dropped."""
        self.queue.append(words)
        if not self.busy:
            self.next_step()

    def next_step(self) -> None:
        """Take the first queued step."""
        from chronicle.errors import BadInput, Conflict, NotFound, Refused
        from chronicle.systems.wyld_hunt.services import play

        if not self.queue:
            return
        words = self.queue.pop(0)
        self.busy = True
        game = self.game
        previous = self.view
        version = previous.version if previous is not None else None

        def work(db: Database) -> PlayView:
            if words.split()[0].lower() == "start":
                return play.start(db, game, **play.words_start(words))
            if words == "undo":
                return play.undo(db, game, expected_version=version)
            kind, payload = play.words_step(words)
            return play.step(db, game, kind, payload, expected_version=version)

        def done(view: PlayView) -> None:
            self.shown(view, view.fresh, view.said if words == "undo" else None)
            self.next_step()

        def failed(exc: Exception) -> None:
            self.busy = False
            dropped, self.queue = self.queue, []
            report = self.query_one("#play-report", Static)
            text = (report_text(exc.report.violations, game)
                    if isinstance(exc, Refused) and exc.report.violations
                    else Text(str(exc) + "\n", style="bold red"))
            if dropped:
                text.append(f"Not taken: {'; '.join(dropped)}", style="dim")
            report.update(text)
            if isinstance(exc, Conflict):
                self.action_reload()

        chronicle_app(self).call_service(work, done, description="Taking the step",
                                         failed=failed,
                                         quiet=(BadInput, Conflict, NotFound, Refused))
