"""The pack-opening dialog: fifteen card names typed quickly, each completed from the catalog
(right arrow or tab accepts the suggestion), unknown names flagged at once and creatable on
the spot from the physical card.

The dialog is built once per app and refilled at each opening (``PackScreen.show``); the
catalog's names are listed for completion at the first keystroke, not when it opens."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Button, Input, Label, Select

from chronicle.tui.screens.base import chronicle_app, kept_screen
from chronicle.tui.screens.dialog import compact, show_kept
from chronicle.tui.text import plain
from chronicle.tui.widgets.card_list import show_text

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode

    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.cards import Card
    from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog
    from chronicle.systems.wyld_hunt.services.collection import Recorded

PACK_SIZE = 15
KEY = "wyld-hunt-pack"
"""The name the app keeps the dialog under."""


class CatalogNames(Suggester):
    """Completes a card name from the catalog: the first of its names, in sorted order, that
    starts with what is typed (case ignored). The names are listed at the first keystroke."""

    def __init__(self, catalog: WyldHuntCatalog | None) -> None:
        super().__init__(case_sensitive=False)
        self.catalog = catalog
        self.names: list[tuple[str, str]] | None = None
        """(folded, name) of every card name, sorted by name, once listed."""

    async def get_suggestion(self, value: str) -> str | None:
        if self.catalog is None:
            return None
        if self.names is None:
            self.names = [(n.casefold(), n) for n in sorted({c.name for c in self.catalog})]
        return next((name for folded, name in self.names if folded.startswith(value)), None)


def prebuilt(node: DOMNode, catalog: WyldHuntCatalog | None = None,
             players: list[str] | None = None, player: str | None = None) -> PackScreen:
    """The app's kept dialog, for the app to build ahead of time (an area screen's
    ``prebuilt_screens``): when none is kept yet, one for ``players`` as known now (or empty),
    refilled when shown."""
    screen, _new = kept_screen(node, KEY, PackScreen,
                               lambda: PackScreen(catalog, players or [], player))
    return screen


class CardInput(Input):
    """A card name with completion: tab (or right arrow) accepts the suggestion shown; tab
    with nothing to accept moves to the next card."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "accept", "Accept", show=False),
    ]

    def action_accept(self) -> None:
        suggestion = self._suggestion
        if suggestion and len(suggestion) > len(self.value):
            self.value = suggestion
            self.cursor_position = len(suggestion)
        else:
            self.screen.focus_next()


class PackScreen(ModalScreen["Recorded | None"]):
    """Record a Character Pack or a Story Pack in one step."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Record pack"),
        Binding("ctrl+n", "create", "Create card"),
    ]

    AUTO_FOCUS = ".pack-card"

    def __init__(self, catalog: WyldHuntCatalog | None, players: list[str],
                 player: str | None) -> None:
        """The dialog for ``players`` (``player`` first chosen); without a catalog and players,
        an empty one to refill before it is shown (``kept_dialog``)."""
        super().__init__()
        self.catalog = catalog
        self.suggester = CatalogNames(catalog)
        self.players = players
        self.player = player if player in players else (players[0] if players else "")

    @classmethod
    def show(cls, app: App[Any], catalog: WyldHuntCatalog, players: list[str],
             player: str | None, callback: Callable[[Recorded | None], None]) -> PackScreen:
        """Open the dialog (the app's kept one, emptied, when there is one)."""
        return show_kept(app, KEY, cls, lambda: cls(catalog, players, player),
                         lambda screen: screen.refill(catalog, players, player), callback)

    def refill(self, catalog: WyldHuntCatalog, players: list[str], player: str | None) -> None:
        """Empty the dialog for a new pack, as it is when first opened."""
        if catalog is not self.catalog:
            self.catalog = catalog
            self.suggester = CatalogNames(catalog)
        others = players != self.players
        self.players = players
        self.player = player or players[0]
        if not self.children:  # not built yet: it will be, from these
            return
        chooser = self.query_one("#pack-player", Select)
        if others:
            chooser.set_options([(plain(p), p) for p in players])
        chooser.value = self.player
        self.query_one("#pack-type", Select).value = "character"
        for entry in self.entries():
            with entry.prevent(Input.Changed):
                entry.value = ""
            entry.suggester = self.suggester
            entry.remove_class("unknown")
        show_text(self.query_one("#pack-status", Label), "")
        self.query_one("#pack-cards", VerticalScroll).scroll_home(animate=False)
        self.entries()[0].focus()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label("[b]Open a pack[/b]")
            yield Label("[dim]tab accepts a suggestion · enter next · ctrl+s records · "
                        "ctrl+n creates an unknown card · esc cancels[/dim]", classes="hint")
            with Horizontal(classes="row"):
                yield compact(Select([("Character Pack", "character"), ("Story Pack", "story")],
                                     value="character", allow_blank=False, id="pack-type"))
                yield compact(Select([(plain(p), p) for p in self.players or [""]],
                                     value=self.player,
                                     allow_blank=False, id="pack-player"))
            with VerticalScroll(id="pack-cards"):
                for index in range(PACK_SIZE):
                    yield compact(CardInput(placeholder=f"card {index + 1}",
                                            suggester=self.suggester, classes="pack-card"))
            yield Label("", id="pack-status")
            with Horizontal(classes="buttons"):
                yield Button("Record pack (ctrl+s)", id="save", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        self.query(".pack-card").first(Input).focus()

    def entries(self) -> list[Input]:
        """The card inputs."""
        return list(self.query(".pack-card").results(Input))

    def resolve(self, text: str) -> list[Card]:
        """The catalog cards a typed name may mean (a kind prefix narrows it)."""
        if self.catalog is None:
            return []
        prefix, colon, rest = text.partition(":")
        if colon and rest.strip():
            return [c for c in self.catalog.named(rest) if c.kind.value == prefix.lower()]
        return self.catalog.named(text)

    def on_input_changed(self, event: Input.Changed) -> None:
        text = event.value.strip()
        event.input.set_class(bool(text) and not self.resolve(text), "unknown")
        self.update_status()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        inputs = self.entries()
        if event.input in inputs:
            position = inputs.index(event.input)
            if position + 1 < len(inputs):
                inputs[position + 1].focus()
            else:
                self.query_one("#save", Button).focus()

    def update_status(self) -> None:
        typed = [i.value.strip() for i in self.entries() if i.value.strip()]
        unknown = [t for t in typed if not self.resolve(t)]
        shared = [t for t in typed if len(self.resolve(t)) > 1]
        parts = [f"{len(typed)} of {PACK_SIZE} cards"]
        if unknown:
            parts.append(f"unknown: {', '.join(unknown)} (ctrl+n creates it)")
        if shared:
            parts.append(f"several kinds share {', '.join(shared)}: prefix one, e.g. "
                         f"waylay:{shared[0]}")
        self.query_one("#pack-status", Label).update(plain(" · ".join(parts)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        from chronicle.tui.screens.dialog import save_or_cancel

        save_or_cancel(self, event)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_create(self) -> None:
        from chronicle.systems.wyld_hunt.screens.card_edit import CardEditScreen

        focused = self.focused
        name = focused.value.strip() if isinstance(focused, Input) else ""
        CardEditScreen.show(self.app, None, self.created, name=name)

    def created(self, card: Card | None) -> None:
        from chronicle.systems.wyld_hunt.services.common import catalog

        if card is None:
            return
        self.catalog = catalog()
        self.suggester = CatalogNames(self.catalog)
        for entry in self.entries():
            entry.suggester = self.suggester
            entry.set_class(bool(entry.value.strip()) and not self.resolve(entry.value.strip()),
                            "unknown")
        self.update_status()

    def action_save(self) -> None:
        from chronicle.systems.wyld_hunt.services.collection import open_pack

        typed = [i.value.strip() for i in self.entries() if i.value.strip()]
        if not typed:
            self.notify("Type the pack's cards first.", severity="warning")
            return
        unknown = [t for t in typed if not self.resolve(t)]
        if unknown:
            self.notify(f"Unknown: {', '.join(unknown)}. Fix the name or create the card "
                        "(ctrl+n).", severity="error")
            return
        kind = str(self.query_one("#pack-type", Select).value)
        player = str(self.query_one("#pack-player", Select).value)

        def work(db: Database) -> Recorded:
            return open_pack(db, player, kind, typed)

        def done(result: Recorded) -> None:
            self.dismiss(result)

        chronicle_app(self).call_service(work, done, description="Recording the pack")
