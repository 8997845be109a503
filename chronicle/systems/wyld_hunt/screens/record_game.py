"""The record-a-game dialog of the character view: the quests undertaken and, in the order they
were completed, those completed; the opponent, the date and a note.

The quests listed are the player's own first, then the rest of the catalog, each with its
number and experience where known. Space marks a quest undertaken; ``c`` marks it completed
(the order of the ``c`` presses is the order of completion). The rules decide the experience:
a refused game leaves the dialog open with everything as typed.

The dialog is built once per app and refilled at each opening (``RecordGameScreen.show``); its
looks are inline styles rather than screen CSS, which Textual would load by restyling every
widget of the app the first time the dialog opens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, OptionList
from textual.widgets.option_list import Option

from chronicle.tui.screens.base import chronicle_app, kept_screen
from chronicle.tui.screens.dialog import FormDialog, buttons, compact, field, show_kept
from chronicle.tui.text import esc, fit, plain
from chronicle.tui.widgets.card_list import show_text
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode

    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.cards import Quest
    from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog
    from chronicle.systems.wyld_hunt.services.characters import CharacterView


@dataclass(frozen=True)
class QuestChoice:
    """A quest the dialog offers, and how many copies the player owns."""

    quest: Quest
    owned: int


@dataclass(frozen=True)
class GameContext:
    """What the dialog needs: the quests, the other players, the current Waylay bonus."""

    quests: list[QuestChoice]
    players: list[str]
    waylay_bonus: int
    errors: int = 0
    """The character's rule errors now: an unfinished character cannot record a game."""


def gather(db: Database, player: str, name: str,
           view: CharacterView | None = None) -> GameContext:
    """The player's quests first, then the catalog's others; the other players; the bonus and
    the rule errors of the character (of ``view`` when the caller has it read already)."""
    from chronicle.services.players import list_players
    from chronicle.systems.wyld_hunt.cards import Quest
    from chronicle.systems.wyld_hunt.services.characters import show_character
    from chronicle.systems.wyld_hunt.services.collection import list_collection

    owned = {(o.name.casefold()): o.count for o in list_collection(db, player)
             if o.kind == "quest"}
    from chronicle.systems.wyld_hunt.services.common import catalog

    quests = catalog_quests(catalog(), Quest)
    choices = [QuestChoice(q, owned.get(q.name.casefold(), 0)) for q in quests]
    choices.sort(key=lambda c: (c.owned == 0, c.quest.number or 999, c.quest.name.casefold()))
    others = [p.name for p in list_players(db) if p.name != player]
    if view is None or (view.name, view.player) != (name, player):
        view = show_character(db, name, player)
    return GameContext(choices, others, int(view.report.summary.get("waylay_bonus") or 0),
                       len(view.report.errors))


_QUESTS: list[tuple[WyldHuntCatalog, list[Quest]]] = []
"""The quests of the catalog last asked (the same catalog object until its cards change)."""


def catalog_quests(cards: WyldHuntCatalog, quest: type[Quest]) -> list[Quest]:
    """The quests of the catalog ``cards``, found once per catalog (not among its thousands of
    cards at each opening)."""
    if _QUESTS and _QUESTS[0][0] is cards:
        return _QUESTS[0][1]
    found = [card for card in cards if isinstance(card, quest)]
    _QUESTS[:] = [(cards, found)]
    return found


def quest_line(choice: QuestChoice, undertaken: bool, completed: int | None) -> Text:
    """One quest: undertaken box, completion order, name, number and experience."""
    quest = choice.quest
    box = "[x]" if undertaken else "[ ]"
    done = f"✓{completed}" if completed else "  "
    line = Text(f"{box} ", style="bold" if undertaken else "")
    line.append(f"{done} ", style="bold green")
    line.append(fit(quest.name, 28), style="bold" if undertaken else "")
    number = "#?" if quest.number is None else f"#{quest.number}"
    xp = "? xp" if quest.experience is None else f"{quest.experience} xp"
    line.append(f" {number:>3} {xp:>5}", style="dim")
    line.append(f"  owned {choice.owned}" if choice.owned else "", style="cyan")
    return line


class Players(SuggestFromList):
    """The other players, offered as the opponent."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(names, case_sensitive=False)
        self.names = names


class QuestList(OptionList):
    """The quests offered."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_undertaken", "Undertaken"),
        Binding("c", "toggle_completed", "Completed"),
    ]

    def action_toggle_undertaken(self) -> None:
        screen = self.screen
        if isinstance(screen, RecordGameScreen):
            screen.toggle_undertaken()

    def action_toggle_completed(self) -> None:
        screen = self.screen
        if isinstance(screen, RecordGameScreen):
            screen.toggle_completed()


KEY = "wyld-hunt-record-game"
"""The name the app keeps the dialog under."""


def prebuilt(node: DOMNode) -> RecordGameScreen:
    """The app's kept dialog (for no character yet when none is kept yet: it is filled when
    shown), for the app to build ahead of time (an area screen's ``prebuilt_screens``)."""
    screen, _new = kept_screen(node, KEY, RecordGameScreen, lambda: RecordGameScreen("", ""))
    return screen


class RecordGameScreen(FormDialog["CharacterView"]):
    """Record one game in a character's chronicle."""

    BINDINGS: ClassVar[list[BindingType]] = [  # after the dialog's escape
        Binding("ctrl+s", "save", "Record game"),
    ]

    def __init__(self, name: str, player: str, context: GameContext | None = None) -> None:
        super().__init__()
        self.character = name
        self.player = player
        self.context: GameContext | None = context
        self.undertaken: list[str] = []
        self.completed: list[str] = []
        self.lines: list[Text] = []
        """The quest lines shown (to redraw only those that change)."""

    @classmethod
    def show(cls, app: App[Any], name: str, player: str,
             callback: Callable[[CharacterView | None], None],
             view: CharacterView | None = None) -> None:
        """Read what the dialog offers for ``name`` (in a worker; ``view``, the character as
        the caller read it, spares reading it again), then open the dialog filled with it (the
        app's kept one when there is one): it shows at once as it will stay."""
        def work(db: Database) -> GameContext:
            return gather(db, player, name, view)

        def loaded(context: GameContext) -> None:
            show_kept(app, KEY, cls, lambda: cls(name, player, context),
                      lambda screen: screen.refill(name, player, context), callback)

        chronicle_app(app).call_service(work, loaded, description="Loading the quests")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide").set_styles("height: 23;"):
            yield Label(self.title_text(), id="game-title")
            yield QuestList(id="game-quests").set_styles("height: 1fr; border: none; "
                                                         "padding: 0;")
            yield self.status("Loading the quests…", "game-undertaken")
            yield self.status("", "game-completed")
            yield Label("", id="game-ready").set_styles("height: auto;")
            yield field("opponent", compact(Input(id="game-opponent",
                                                  placeholder="who you played")), label_width=10)
            yield field("date", compact(Input(date.today().isoformat(), id="game-date")),
                        label_width=10)
            yield field("note", compact(Input(id="game-note", placeholder="anything to remember")),
                        label_width=10)
            yield buttons("Record (ctrl+s)", disabled=True).set_styles("margin-top: 1;")
        yield Footer(compact=True)

    def title_text(self) -> str:
        """The dialog's title line (the character's name escaped)."""
        return (f"[b]Record a game for {esc(self.character)}[/b]  [dim]space: "
                "undertaken · c: completed, in order[/dim]")

    @staticmethod
    def status(text: str, name: str) -> Label:
        """A one-line summary under the quests."""
        return Label(text, id=name, classes="hint").set_styles(
            "width: 1fr; height: 1; text-wrap: nowrap; text-overflow: ellipsis;")

    def on_mount(self) -> None:
        self.query_one(QuestList).focus()
        if self.context is not None:  # else built ahead of time: filled when shown
            self.loaded(self.context)

    def prebuilt(self) -> None:
        """Built ahead of time (the app calls this once it is): draw the catalog's quests once,
        hidden, so that the first opening only redraws the lines that differ (every character
        is offered the same quests, the player's own first)."""
        from chronicle.systems.wyld_hunt.cards import Quest

        def work(_db: Database) -> list[QuestChoice]:
            from chronicle.systems.wyld_hunt.services.common import catalog

            choices = [QuestChoice(q, 0) for q in catalog_quests(catalog(), Quest)]
            choices.sort(key=lambda c: (c.quest.number or 999, c.quest.name.casefold()))
            return choices

        def done(choices: list[QuestChoice]) -> None:
            if self.context is None and not self.lines and choices:
                self.lines = [quest_line(choice, False, None) for choice in choices]
                self.query_one(QuestList).set_options(
                    Option(line, id=f"q{index}") for index, line in enumerate(self.lines))

        chronicle_app(self).call_service(work, done, description="Preparing the quests")

    def refill(self, name: str, player: str, context: GameContext) -> None:
        """Show a new game of ``name`` with what ``show`` read, as when first opened."""
        self.character, self.player = name, player
        self.context = context
        self.undertaken, self.completed = [], []
        self.saving = False
        if not self.children:  # not built yet: it will be, from these
            return
        show_text(self.query_one("#game-title", Label), self.title_text())
        for entry, value in (("#game-opponent", ""), ("#game-date", date.today().isoformat()),
                             ("#game-note", "")):
            self.query_one(entry, Input).value = value
        listing = self.query_one(QuestList)
        listing.highlighted = None
        listing.focus()
        self.loaded(context)

    def loaded(self, context: GameContext) -> None:
        """Show the quests and offer the other players as opponents."""
        self.context = context
        opponent = self.query_one("#game-opponent", Input)
        if not (isinstance(opponent.suggester, Players) and opponent.suggester.names
                == context.players):
            opponent.suggester = Players(context.players)
        self.refresh_quests()
        listing = self.query_one(QuestList)
        if context.quests:
            listing.highlighted = 0

    def refresh_quests(self) -> None:
        """Redraw the quest lines and the summary under them."""
        if self.context is None:
            return
        listing = self.query_one(QuestList)
        keep = listing.highlighted
        lines = []
        for choice in self.context.quests:
            name = choice.quest.name
            order = self.completed.index(name) + 1 if name in self.completed else None
            lines.append(quest_line(choice, name in self.undertaken, order))
        if not lines:
            listing.set_options([Option("The catalog has no quests.", disabled=True)])
        elif len(lines) == len(self.lines) == listing.option_count:
            # The same quests (a mark changed, or the same character again): only the lines
            # that changed are drawn again, the list is not rebuilt.
            for index, (line, shown) in enumerate(zip(lines, self.lines, strict=True)):
                if (line.plain, line.spans) != (shown.plain, shown.spans):
                    listing.replace_option_prompt_at_index(index, line)
            listing.highlighted = keep if keep is not None else 0
        else:
            listing.set_options(Option(line, id=f"q{index}") for index, line in enumerate(lines))
            listing.highlighted = keep if keep is not None else 0
        self.lines = lines
        show_text(self.query_one("#game-undertaken", Label), esc(
            "Undertaken: " + (", ".join(self.undertaken) or "none yet (space marks one)")
            + f" · Waylay bonus +{self.context.waylay_bonus}"))
        show_text(self.query_one("#game-completed", Label), esc(
            "Completed, in order: " + (", ".join(self.completed) or "none (c marks one)")))
        self.show_ready()

    def missing(self) -> str | None:
        """What keeps the game from being recorded now, or None when it can be."""
        if self.context is None:
            return "Loading…"
        if self.context.errors:
            count = self.context.errors
            return (f"{self.character} is not finished ({count} rule error"
                    f"{'s' if count != 1 else ''}): finish it in the builder (esc, then b) "
                    "before recording games.")
        if not self.undertaken:
            return "Mark the quests undertaken first (space on a quest)."
        wrong = self.typed_problem()
        return wrong[1] if wrong else None

    def typed(self) -> dict[str, Any]:
        """The game as typed, in the form the engine stores it."""
        values = {key: self.query_one(f"#game-{key}", Input).value.strip() or None
                  for key in ("opponent", "date", "note")}
        return {"quests": list(self.undertaken), "completed": list(self.completed),
                **{key: value for key, value in values.items() if value is not None}}

    def typed_problem(self) -> tuple[str, str] | None:
        """What the engine would refuse in the values typed (the date, the opponent, the
        note): the field and what is wrong, as the engine says it; or None."""
        from chronicle.services.dates import date_problem
        from chronicle.systems.wyld_hunt.payloads import payload_problems

        typed = self.typed()
        problems = payload_problems("game", typed)
        when = typed.get("date")
        if not problems and when is not None and (wrong := date_problem(when)):
            problems = [("date", wrong)]
        if not problems:
            return None
        where, why = problems[0]
        return where.split(".")[0], f"Not yet: {why}."

    def on_input_changed(self, _event: Input.Changed) -> None:
        if self.context is not None and self.children:
            self.show_ready()

    def show_ready(self) -> None:
        """Say what is missing, and allow recording only when nothing is."""
        missing = self.missing()
        label = self.query_one("#game-ready", Label)
        said = plain(missing or "Ready: ctrl+s records the game.",
                     "bold yellow" if missing else "green")
        shown = label.content
        if not (isinstance(shown, Text) and (shown.plain, shown.style) == (said.plain, said.style)):
            label.update(said)
        self.query_one("#save", Button).disabled = missing is not None

    def current_quest(self) -> str | None:
        """The name of the quest under the cursor."""
        if self.context is None:
            return None
        index = self.query_one(QuestList).highlighted
        if index is None or not 0 <= index < len(self.context.quests):
            return None
        return self.context.quests[index].quest.name

    def toggle_undertaken(self) -> None:
        """Mark the highlighted quest undertaken, or not (which also un-completes it)."""
        name = self.current_quest()
        if name is None:
            return
        if name in self.undertaken:
            self.undertaken.remove(name)
            if name in self.completed:
                self.completed.remove(name)
        else:
            self.undertaken.append(name)
        self.refresh_quests()

    def toggle_completed(self) -> None:
        """Mark the highlighted quest completed next (and undertaken), or not completed."""
        name = self.current_quest()
        if name is None:
            return
        if name in self.completed:
            self.completed.remove(name)
        else:
            self.completed.append(name)
            if name not in self.undertaken:
                self.undertaken.append(name)
        self.refresh_quests()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.toggle_undertaken()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        inputs = list(self.query(Input).results(Input))
        position = inputs.index(event.input)
        if position + 1 < len(inputs):
            inputs[position + 1].focus()
        else:
            self.action_save()

    def action_save(self) -> None:
        """Record the game in a worker; a refusal keeps the dialog open as it is."""
        from chronicle.systems.wyld_hunt.services.ledger import record_game

        missing = self.missing()
        if missing is not None:
            wrong = self.typed_problem()
            if wrong is not None and wrong[0] in ("opponent", "date", "note"):
                self.problem(wrong[1], self.query_one(f"#game-{wrong[0]}", Input))
                return
            self.notify(missing, severity="warning")
            self.query_one(QuestList).focus()
            return
        self.problem("")
        name, player = self.character, self.player
        quests, completed = list(self.undertaken), list(self.completed)
        typed = self.typed()
        opponent, played, note = (typed.get(key) for key in ("opponent", "date", "note"))

        def work(db: Database) -> CharacterView:
            return record_game(db, name, quests, completed, player=player, date=played,
                               opponent=opponent, note=note)

        self.save_with(work, "Recording the game")

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this dialog."""
        yield SystemCommand("Quest undertaken", "Mark the highlighted quest undertaken, or not "
                            "(space)", self.toggle_undertaken)
        yield SystemCommand("Quest completed", "Mark the highlighted quest completed next, or "
                            "not (c)", self.toggle_completed)
        yield SystemCommand("Record the game", "Save it in the chronicle (ctrl+s)",
                            self.action_save)
        yield SystemCommand("Cancel recording", "Close without recording (esc)",
                            self.action_cancel)
