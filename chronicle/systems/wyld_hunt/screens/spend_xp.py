"""The spend-experience dialog of the character view, listing ``purchase_candidates``: the
Merits the player owns that the character could buy and the Flaws it could buy off. Those the
rules allow come first with their cost, the unspent experience shown above them; the others are
greyed with the reason. Enter buys the highlighted one; a refusal keeps the dialog open with the
date and note as typed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from chronicle.systems.wyld_hunt.cards import Flaw, Merit
from chronicle.tui.messages import app_fix
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.screens.dialog import FormDialog, buttons, compact, field
from chronicle.tui.text import esc, fit
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.characters import Candidate, CharacterView


@dataclass(frozen=True)
class Offer:
    """The character and what it could spend experience on."""

    view: CharacterView
    candidates: list[Candidate]


def gather(db: Database, name: str, player: str) -> Offer:
    """The character and its purchase candidates, legal ones first (cheapest first)."""
    from chronicle.systems.wyld_hunt.services.characters import purchase_candidates, show_character

    view = show_character(db, name, player)
    found = purchase_candidates(db, name, player)
    found.sort(key=lambda c: (not c.legal, price(c) is None, price(c) or 0,
                              c.card.name.casefold()))
    return Offer(view, found)


def price(candidate: Candidate) -> int | None:
    """The experience a purchase costs: a Merit's cost, or a Flaw's bonus to buy it off."""
    card = candidate.card
    if isinstance(card, Merit):
        return card.cost
    if isinstance(card, Flaw):
        return card.bonus
    return None


def what(candidate: Candidate) -> str:
    """``Buy X`` or ``Buy off X``."""
    verb = "Buy off" if isinstance(candidate.card, Flaw) else "Buy"
    return f"{verb} {candidate.card.name}"


def offer_line(candidate: Candidate) -> Text:
    """One purchase: what, the price, the type; the reason below when the rules refuse it."""
    cost = price(candidate)
    card = candidate.card
    kind = card.type.value if isinstance(card, Merit | Flaw) and card.type else ""
    style = "" if candidate.legal else "dim"
    line = Text(fit(what(candidate), 34), style=style or "bold")
    line.append(f" {'?' if cost is None else cost:>2} xp ", style=style)
    line.append(kind, style="dim")
    if not candidate.legal:
        line.append("\n    ✗ " + candidate.problems[0].message, style="dim red")
    return line


class OfferList(OptionList):
    """The purchases offered."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", "Buy", show=True)]


class SpendXpScreen(FormDialog["CharacterView"]):
    """Spend experience on a Merit or on buying off a Flaw."""

    BINDINGS: ClassVar[list[BindingType]] = [  # after the dialog's escape
        Binding("ctrl+s", "save", "Buy", show=False),
    ]

    def __init__(self, name: str, player: str) -> None:
        super().__init__()
        self.character = name
        self.player = player
        self.offer: Offer | None = None

    def compose(self) -> ComposeResult:
        # Inline styles, not screen CSS: Textual loads a screen's CSS by restyling every widget
        # of the app the first time the screen is shown.
        with Vertical(classes="dialog wide").set_styles("height: 21;"):
            yield Label(f"[b]Spend experience: {esc(self.character)}[/b]  [dim]enter buys · "
                        "esc cancels[/dim]")
            yield Label("Loading…", id="spend-xp")
            yield OfferList(id="spend-offers").set_styles("height: 1fr; border: none; "
                                                          "padding: 0;")
            yield Static("", id="spend-detail").set_styles("height: 2; width: 1fr;")
            yield field("date", compact(Input(date.today().isoformat(), id="spend-date")),
                        label_width=10)
            yield field("note", compact(Input(id="spend-note",
                                              placeholder="why, or where it happened (optional)")),
                        label_width=10)
            yield buttons("Buy (enter)", save_id="buy")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(OfferList).focus()
        name, player = self.character, self.player

        def work(db: Database) -> Offer:
            return gather(db, name, player)

        chronicle_app(self).call_service(work, self.loaded,
                                         description="Loading what experience buys")

    def loaded(self, offer: Offer) -> None:
        """Show the unspent experience and the purchases."""
        self.offer = offer
        s = offer.view.report.summary
        self.query_one("#spend-xp", Label).update(
            f"Unspent experience: [b]{s.get('xp_unspent')}[/b] [dim]({s.get('xp_earned')} "
            f"earned, {s.get('xp_spent')} spent)[/dim]")
        listing = self.query_one(OfferList)
        if not offer.candidates:
            listing.set_options([Option(Text(
                f"Nothing to buy: {self.player} owns no Merit {self.character} lacks, and "
                "there is no Flaw to buy off.", style="dim"), disabled=True)])
        else:
            legal = sum(1 for c in offer.candidates if c.legal)
            options: list[Option | None] = []
            for index, candidate in enumerate(offer.candidates):
                if index == legal and legal:
                    options.append(None)
                options.append(Option(offer_line(candidate), id=f"o{index}"))
            listing.set_options(options)
            listing.highlighted = 0
        self.show_detail()

    def current(self) -> Candidate | None:
        """The purchase under the cursor."""
        option = self.query_one(OfferList).highlighted_option
        if self.offer is None or option is None or option.id is None:
            return None
        return self.offer.candidates[int(option.id[1:])]

    def show_detail(self) -> None:
        """What buying the highlighted one costs and leaves, or why the rules refuse it."""
        detail = self.query_one("#spend-detail", Static)
        candidate = self.current()
        if candidate is None or self.offer is None:
            detail.update("")
            return
        unspent = int(self.offer.view.report.summary.get("xp_unspent") or 0)
        cost = price(candidate)
        if candidate.legal and cost is not None:
            detail.update(f"[green]{esc(what(candidate))}[/green] costs {cost} experience "
                          f"and leaves {unspent - cost} unspent. Enter buys it.")
        else:
            problem = candidate.problems[0] if candidate.problems else None
            reason = esc(problem.message) if problem else "the rules refuse it"
            said = app_fix(problem) if problem else None
            fix = f" [dim]fix: {esc(said)}[/dim]" if said else ""
            detail.update(f"[red]✗ {reason}[/red]{fix}")

    def on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        self.show_detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_save()

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self.action_save()

    def action_save(self) -> None:
        """Buy the highlighted purchase in a worker; the rules have the last word, and a
        refusal leaves the dialog as it is."""
        from chronicle.systems.wyld_hunt.services.ledger import buy, buy_off

        candidate = self.current()
        if candidate is None:
            self.notify("Nothing chosen to buy.", severity="warning")
            return
        name, player = self.character, self.player
        card_name = candidate.card.name
        flaw = isinstance(candidate.card, Flaw)
        when = self.query_one("#spend-date", Input).value.strip() or None
        note = self.query_one("#spend-note", Input).value.strip() or None

        def work(db: Database) -> CharacterView:
            if flaw:
                return buy_off(db, name, card_name, player=player, date=when, note=note)
            return buy(db, name, card_name, player=player, date=when, note=note)

        self.save_with(work, what(candidate))

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this dialog."""
        yield SystemCommand("Buy the highlighted purchase", "Spend the experience (enter)",
                            self.action_save)
        yield SystemCommand("Cancel spending", "Close without buying (esc)",
                            self.action_cancel)
