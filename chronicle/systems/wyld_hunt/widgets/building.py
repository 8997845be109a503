"""The builder's parts: its data (a character and the cards it could take), the list of a
step, the line and the detail of a candidate card (styled text or escaped markup: card and user
text is never markup), and the court-and-identity step, built only when it is first shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, OptionList, Select, Static

from chronicle.domain.values import name_key
from chronicle.systems.wyld_hunt.cards import Card, Flaw, Icon, Merit
from chronicle.tui.messages import app_fix
from chronicle.tui.text import clip_words, esc, fit

if TYPE_CHECKING:
    from chronicle.rules.report import Report
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.characters import Candidate, CharacterView

ROLES = ("icon", "merit", "flaw")
COURTS = [("Seelie", "seelie"), ("Unseelie", "unseelie"), ("Undecided", "undecided")]
NAME_WIDTH = 22


def card_values(card: Card) -> str:
    """The printed values that matter when building: cost or bonus, type, court."""
    if isinstance(card, (Merit, Flaw)):
        worth = card.cost if isinstance(card, Merit) else card.bonus
        parts = [f"{'' if isinstance(card, Merit) else '+'}{'?' if worth is None else worth} pt",
                 card.type.value if card.type else "?type"]
        if card.court:
            parts.append(card.court.value)
        return " ".join(parts)
    if isinstance(card, Icon):
        stats = " ".join(f"{a[0].upper()}{'?' if getattr(card, a) is None else getattr(card, a)}"
                         for a in ("might", "savvy", "resolve"))
        return f"{stats} {card.special or ''}".strip()
    return card.kind.value


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells at a word boundary, with an ellipsis."""
    return clip_words(text, width)


def candidate_line(candidate: Candidate, taken: int, width: int = 40) -> Text:
    """One candidate: a mark when taken, name, values; the first problem below it (dim and
    red, cut to ``width``) when taking it would add an error."""
    mark = "✓ " if taken == 1 else (f"{taken}✓" if taken > 1 else "  ")
    line = Text(mark, style="bold green")
    illegal = not taken and not candidate.legal
    line.append(fit(candidate.card.name, NAME_WIDTH) + " ",
                style="dim" if illegal else "bold" if taken else "")
    line.append(clip_words(card_values(candidate.card), max(8, width - NAME_WIDTH - 3)),
                style="dim" if illegal else "")
    if illegal:
        more = len(candidate.problems) - 1
        suffix = f" (+{more})" if more > 0 else ""
        line.append("\n    ✗ " + clip(candidate.problems[0].message, width - 6 - len(suffix))
                    + suffix, style="red")
    return line


def candidate_detail(candidate: Candidate, taken: int, player: str,
                     report: Report | None = None) -> str:
    """Markup for the line under the list: what the card is and what taking it would do.

    For a card already taken, the problems shown are those the build has now with it (from
    ``report``), not those a further copy would add: a card used once is not flagged for a
    second copy nobody took."""
    card = candidate.card
    lines = [f"[b]{esc(card.name)}[/b] · {esc(card_values(card))} · {esc(player)} owns "
             f"{candidate.owned}" + (f" · taken {taken}" if taken else "")]
    if card.summary:
        lines.append(f"[dim]{esc(card.summary)}[/dim]")
    if taken:
        lines.append("[green]In the build.[/green] x or space removes it.")
    elif candidate.legal:
        lines.append("[green]Legal.[/green] a or space adds it.")
    problems = candidate.problems
    if taken:
        problems = [v for v in (report.errors if report else [])
                    if any(name_key(c) == name_key(card.name) for c in v.cards)]
    for problem in problems[:2]:
        fix = app_fix(problem)
        lines.append(f"[red]✗ {esc(problem.message)}[/red]"
                     + (f" [dim]fix: {esc(fix)}[/dim]" if fix else ""))
    return "\n".join(lines)


@dataclass
class BuilderData:
    """A character and the cards it could take, as the services see them now."""

    view: CharacterView
    candidates: dict[str, list[Candidate]]

    @property
    def locked(self) -> bool:
        """True once the chronicle has begun: the creation choices are fixed."""
        return bool(self.view.history)


def gather(db: Database, name: str, player: str,
           view: CharacterView | None = None) -> BuilderData:
    """The character (or ``view`` when just saved) and its candidates for each role."""
    from chronicle.systems.wyld_hunt.services.characters import creation_choices, show_character

    current = view or show_character(db, name, player)
    candidates = {role: sorted(found, key=lambda c: c.card.name.casefold())
                  for role, found in creation_choices(db, name, ROLES, player).items()}
    return BuilderData(current, candidates)


def taken_count(data: BuilderData, role: str, card: Card) -> int:
    """How many copies of ``card`` the build uses in ``role``."""
    build = data.view.build
    names = {"icon": build.icons, "merit": build.merits, "flaw": build.flaws}[role]
    return sum(1 for n in names if name_key(n) == name_key(card.name))


class CandidateList(OptionList):
    """The cards of one step."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "cursor_up", "Up", show=False),
        Binding("j", "cursor_down", "Down", show=False),
    ]


class IdentityStep(Vertical):
    """Step 3 and 4 of the builder: the name, the system, the court choice and the
    background."""

    DEFAULT_CSS = """
    IdentityStep { height: 1fr; padding: 0 1; }
    IdentityStep .identity-field { height: 1; margin-top: 1; }
    IdentityStep .identity-label { width: 12; color: $text-muted; }
    IdentityStep .identity-hint { color: $text-muted; margin-left: 12; width: 1fr;
                                  height: auto; }
    IdentityStep #identity-name, IdentityStep #identity-background { width: 1fr; }
    IdentityStep #identity-court { width: 24; }
    """

    def __init__(self, name: str) -> None:
        super().__init__(id="step-identity")
        self.character = name

    def compose(self) -> ComposeResult:
        with Horizontal(classes="identity-field"):
            yield Label("name", classes="identity-label")
            yield Input(self.character, id="identity-name", compact=True)
        with Horizontal(classes="identity-field"):
            yield Label("system", classes="identity-label")
            yield Label("", id="identity-system")
        with Horizontal(classes="identity-field"):
            yield Label("court", classes="identity-label")
            yield Select(COURTS, value="undecided", allow_blank=False,
                         id="identity-court", compact=True)
        yield Static("", id="identity-court-hint", classes="identity-hint")
        with Horizontal(classes="identity-field"):
            yield Label("background", classes="identity-label")
            yield Input(id="identity-background", compact=True,
                        placeholder="who they are, where they come from")
        yield Static("enter or ctrl+s saves the background", classes="identity-hint")
