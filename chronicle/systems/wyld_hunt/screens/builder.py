"""The character builder: the rulebook's four steps of "Building Your Character" on one screen.

Step by step (``i`` icon, ``m`` Merits, ``f`` Flaws, ``c`` court and identity) it lists the
player's own cards of that kind, from ``creation_choices``: each with its cost or bonus, and
those the rules would object to shown dim with the violation they would add. ``a`` adds the
highlighted card, ``x`` removes it, space toggles it. Beside the list, the points meter (spent
against the starting points plus Flaw bonuses, red past the limit), the court tally and every
rule problem with its fix, all from the report the services return: nothing is recomputed here.

Once the chronicle has begun the creation choices are fixed, so the builder is read-only and
says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    ContentSwitcher,
    Header,
    Input,
    Label,
    OptionList,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from chronicle.domain.values import name_key
from chronicle.systems.wyld_hunt.cards import Card, Flaw, Icon, Merit
from chronicle.systems.wyld_hunt.widgets.points import points_figures, points_text
from chronicle.tui.messages import app_fix
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import clip_words, esc, fit
from chronicle.tui.widgets.footer import Footer
from chronicle.tui.widgets.meter import Meter
from chronicle.tui.widgets.violations import ViolationsPanel

if TYPE_CHECKING:
    from chronicle.rules.report import Report
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.characters import Candidate, CharacterView

ROLES = ("icon", "merit", "flaw")
STEPS = ("icon", "merit", "flaw", "identity")
STEP_TITLES = {"icon": "Icon", "merit": "Merits", "flaw": "Flaws", "identity": "Court & identity"}
STEP_KEYS = {"icon": "i", "merit": "m", "flaw": "f", "identity": "c"}
COURTS = [("Seelie", "seelie"), ("Unseelie", "unseelie"), ("Undecided", "undecided")]
NAME_WIDTH = 22


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


def card_values(card: Card) -> str:
    """The printed values that matter when building: cost or bonus, type, court."""
    if isinstance(card, Merit):
        cost = "?" if card.cost is None else str(card.cost)
        parts = [f"{cost} pt", card.type.value if card.type else "?type"]
        if card.court:
            parts.append(card.court.value)
        return " ".join(parts)
    if isinstance(card, Flaw):
        bonus = "?" if card.bonus is None else str(card.bonus)
        parts = [f"+{bonus} pt", card.type.value if card.type else "?type"]
        if card.court:
            parts.append(card.court.value)
        return " ".join(parts)
    if isinstance(card, Icon):
        stats = " ".join(f"{a[0].upper()}{'?' if getattr(card, a) is None else getattr(card, a)}"
                         for a in ("might", "savvy", "resolve"))
        return f"{stats} {card.special or ''}".strip()
    return card.kind.value


def taken_count(data: BuilderData, role: str, card: Card) -> int:
    """How many copies of ``card`` the build uses in ``role``."""
    build = data.view.build
    names = {"icon": build.icons, "merit": build.merits, "flaw": build.flaws}[role]
    return sum(1 for n in names if name_key(n) == name_key(card.name))


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


class CandidateList(OptionList):
    """The cards of one step."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "cursor_up", "Up", show=False),
        Binding("j", "cursor_down", "Down", show=False),
    ]


class BuilderScreen(Screen[None]):
    """Build one character from its player's cards."""

    TITLE = "Builder"
    CSS = """
    BuilderScreen #builder-info { height: 1; padding: 0 1; }
    BuilderScreen #builder-lock { height: auto; padding: 0 1; color: $warning;
                                  text-style: bold; }
    BuilderScreen #builder-steps { height: 1; padding: 0 1; background: $panel; }
    BuilderScreen #builder-body { height: 1fr; }
    BuilderScreen #builder-left { width: 3fr; }
    BuilderScreen ContentSwitcher { height: 1fr; }
    BuilderScreen CandidateList { height: 1fr; border: none; padding: 0 1; }
    BuilderScreen CandidateList:focus { border: none; }
    BuilderScreen #builder-detail { height: 5; padding: 0 1; border-top: solid $panel;
                                    overflow-y: auto; }
    BuilderScreen #builder-side { width: 2fr; min-width: 30; border-left: solid $panel; }
    BuilderScreen #builder-points, BuilderScreen #builder-court { padding: 0 1; }
    BuilderScreen #builder-points-detail { height: auto; padding: 0 1; color: $text-muted; }
    BuilderScreen #builder-court { height: auto; }
    BuilderScreen #builder-problems { height: 1fr; border-top: solid $panel; }
    BuilderScreen #step-identity { height: 1fr; padding: 0 1; }
    BuilderScreen #step-identity .field { height: 1; margin-top: 1; }
    BuilderScreen #step-identity .field-label { width: 12; color: $text-muted; }
    BuilderScreen #step-identity .hint { color: $text-muted; margin-left: 12; width: 1fr;
                                         height: auto; }
    BuilderScreen #identity-background { width: 1fr; }
    BuilderScreen #identity-court { width: 24; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("i", "step('icon')", "Icon step", show=False),
        Binding("m", "step('merit')", "Merits step", show=False),
        Binding("f", "step('flaw')", "Flaws step", show=False),
        Binding("c", "step('identity')", "Court/name"),
        Binding("a", "add", "Add"),
        Binding("x,delete", "remove", "Remove", key_display="x"),
        Binding("space", "toggle_card", "Add/remove", show=False),
        Binding("left", "next_step(-1)", "Previous step", show=False),
        Binding("right", "next_step(1)", "Next step", show=False),
        Binding("ctrl+s", "save_background", "Save background", show=False),
        Binding("r", "reload", "Reload", show=False),
    ]

    def __init__(self, name: str, player: str) -> None:
        super().__init__()
        self.character = name
        self.player = player
        self.data: BuilderData | None = None
        self.step = "icon"
        self.busy = False
        self.loaded_background = ""
        self.shown: dict[str, list[Candidate]] = {role: [] for role in ROLES}

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(f"[b]{esc(self.character)}[/b] ({esc(self.player)}) · loading…",
                     id="builder-info")
        yield Static("", id="builder-lock")
        yield Static("", id="builder-steps")
        with Horizontal(id="builder-body"):
            with Vertical(id="builder-left"):
                with ContentSwitcher(initial="step-icon"):
                    for role in ROLES:
                        yield CandidateList(id=f"step-{role}")
                    with Vertical(id="step-identity"):
                        with Horizontal(classes="field"):
                            yield Label("name", classes="field-label")
                            yield Input(self.character, id="identity-name", compact=True)
                        with Horizontal(classes="field"):
                            yield Label("system", classes="field-label")
                            yield Label("", id="identity-system")
                        with Horizontal(classes="field"):
                            yield Label("court", classes="field-label")
                            yield Select(COURTS, value="undecided", allow_blank=False,
                                         id="identity-court", compact=True)
                        yield Static("", id="identity-court-hint", classes="hint")
                        with Horizontal(classes="field"):
                            yield Label("background", classes="field-label")
                            yield Input(id="identity-background", compact=True,
                                        placeholder="who they are, where they come from")
                        yield Static("enter or ctrl+s saves the background", classes="hint")
                yield Static("", id="builder-detail")
            with Vertical(id="builder-side"):
                yield Meter("", id="builder-points")
                yield Static("", id="builder-points-detail")
                yield Static("", id="builder-court")
                with VerticalScroll(id="builder-problems"):
                    yield ViolationsPanel("", id="builder-violations")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#builder-lock").display = False
        self.show_steps()
        self.query_one("#step-icon", CandidateList).focus()
        self.reload()

    # Data ------------------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the character and its candidates again."""
        name, player = self.character, self.player

        def work(db: Database) -> BuilderData:
            return gather(db, name, player)

        chronicle_app(self).call_service(work, self.show_data, failed=self.not_done,
                                         description="Loading the builder",
                                         group="builder", exclusive=True)

    def not_done(self, _exc: Exception) -> None:
        self.busy = False

    def show_data(self, data: BuilderData) -> None:
        """Show a character and its candidates (after loading or after a change)."""
        self.busy = False
        self.data = data
        view = data.view
        summary = view.report.summary
        errors = len(view.report.errors)
        rules = ("[green]✓ valid[/green]" if not errors else
                 f"[red]✗ {errors} error{'s' if errors != 1 else ''}[/red]")
        self.query_one("#builder-info", Static).update(
            f"[b]{esc(view.name)}[/b] ({esc(view.player)}) · {rules}")
        lock = self.query_one("#builder-lock", Static)
        lock.display = data.locked
        if data.locked:
            events = len(view.history)
            lock.update(f"Read-only: {esc(view.name)}'s chronicle has begun ({events} "
                        f"event{'s' if events != 1 else ''}), so the creation choices are fixed. "
                        "Spend experience from the character view (s) instead.")
        for role in ROLES:
            self.fill(role)
        self.show_steps()
        self.show_detail()
        # Points, court and problems: straight from the rules' own budget and report.
        needed, general = points_figures(view)
        self.query_one("#builder-points", Meter).set("Points", needed, general)
        self.query_one("#builder-points-detail", Static).update(points_text(view))
        seelie, unseelie = summary.get("seelie", 0), summary.get("unseelie", 0)
        court = summary.get("court")
        verdict = (f"[b]{str(court).title()}[/b]" if court else
                   "[yellow]tie: choose one (c)[/yellow]")
        self.query_one("#builder-court", Static).update(
            f"Court  Seelie {seelie} · Unseelie {unseelie}\n       → {verdict}")
        self.query_one("#builder-violations", ViolationsPanel).show(view.report)
        self.show_identity(data)

    def show_identity(self, data: BuilderData) -> None:
        """The court choice and the background (typed text that is not saved yet is kept)."""
        from chronicle.rules.editions import find_edition

        build = data.view.build
        edition = find_edition(build.system)
        self.query_one("#identity-system", Label).update(
            esc(edition.label if edition else build.system))
        court = self.query_one("#identity-court", Select)
        court.value = build.court.value if build.court else "undecided"
        court.disabled = data.locked
        summary = data.view.report.summary
        hint = ("The tally decides the court; your choice counts only on a tie."
                if summary.get("seelie") != summary.get("unseelie") else
                "A tie: your choice decides, and cannot change later.")
        self.query_one("#identity-court-hint", Static).update(hint)
        background = self.query_one("#identity-background", Input)
        saved = build.background or ""
        if background.value == self.loaded_background:
            background.value = saved
        self.loaded_background = saved
        background.disabled = data.locked

    def fill(self, role: str) -> None:
        """The candidate list of ``role``, keeping the cursor on the same card."""
        assert self.data is not None
        listing = self.query_one(f"#step-{role}", CandidateList)
        before = self.highlighted(role)
        candidates = self.data.candidates[role]
        self.shown[role] = candidates
        if not candidates:
            kind = {"icon": "Character Icons", "merit": "Merits", "flaw": "Flaws"}[role]
            listing.set_options([Option(Text(
                f"{self.player} owns no {kind}: record the cards of their packs in Cards (1).",
                style="dim"), id=f"{role}-none", disabled=True)])
            return
        width = max(30, listing.content_region.width or self.size.width - 36)
        listing.set_options([Option(candidate_line(c, taken_count(self.data, role, c.card),
                                                   width),
                                    id=f"{role}-{i}") for i, c in enumerate(candidates)])
        names = [c.card.name for c in candidates]
        listing.highlighted = names.index(before.card.name) if before and \
            before.card.name in names else 0

    def highlighted(self, role: str) -> Candidate | None:
        """The candidate under the cursor of ``role``'s list."""
        listing = self.query_one(f"#step-{role}", CandidateList)
        index = listing.highlighted
        shown = self.shown[role]
        if index is None or not 0 <= index < len(shown):
            return None
        return shown[index]

    def show_steps(self) -> None:
        """The step bar, the current step highlighted."""
        parts = []
        for step in STEPS:
            title = STEP_TITLES[step]
            if self.data is not None:
                build = self.data.view.build
                count = {"icon": len(build.icons), "merit": len(build.merits),
                         "flaw": len(build.flaws)}.get(step)
                if count is not None:
                    title += f" ({count})"
            text = f" {STEP_KEYS[step]} {title} "
            parts.append(f"[reverse b]{text}[/reverse b]" if step == self.step else text)
        self.query_one("#builder-steps", Static).update("│".join(parts))
        self.refresh_bindings()

    def show_detail(self) -> None:
        """What the highlighted card is, or what the identity step is for."""
        detail = self.query_one("#builder-detail", Static)
        if self.step == "identity" or self.data is None:
            detail.update("Step 3: the court follows the tally of Abilities and Weaknesses. "
                          "Step 4: the name and a few words of background." if self.data
                          else "")
            return
        candidate = self.highlighted(self.step)
        if candidate is None:
            detail.update("")
            return
        detail.update(candidate_detail(candidate, taken_count(self.data, self.step,
                                                              candidate.card), self.player,
                                       self.data.view.report))

    def on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        self.show_detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_toggle_card()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out the changing keys once the chronicle has begun, and add/remove outside the
        card steps."""
        if action in ("add", "remove", "toggle_card", "save_background") and \
                self.data is not None and self.data.locked:
            return None
        if action in ("add", "remove", "toggle_card") and self.step not in ROLES:
            return None
        return True

    # Changes ---------------------------------------------------------------------------------

    def edit(self, description: str, **changes: Any) -> None:
        """Save a change through ``edit_character`` in a worker and show the result; a refused
        change leaves everything as it was (the service's message says why)."""
        from chronicle.errors import Conflict
        from chronicle.systems.wyld_hunt.services.characters import edit_character

        if self.data is None:
            return
        if self.data.locked:
            self.notify(f"{self.character}'s chronicle has begun: the creation choices are "
                        "fixed. Spend experience from the character view instead.",
                        severity="warning")
            return
        if self.busy:
            self.notify("Still saving the last change…")
            return
        name, player, version = self.character, self.player, self.data.view.version

        def work(db: Database) -> BuilderData:
            view = edit_character(db, name, player=player, expected_version=version, **changes)
            return gather(db, name, player, view)

        def failed(exc: Exception) -> None:
            self.busy = False
            if isinstance(exc, Conflict):
                self.reload()

        self.busy = True
        chronicle_app(self).call_service(work, self.show_data, failed=failed,
                                         description=description)

    def action_add(self) -> None:
        """Add the highlighted card (the icon replaces the current one)."""
        if self.step not in ROLES:
            return
        candidate = self.highlighted(self.step)
        if candidate is None:
            return
        name = candidate.card.name
        if self.step == "icon":
            self.edit(f"Choosing {name}", icon=name)
        elif self.step == "merit":
            self.edit(f"Adding {name}", add_merits=(name,))
        else:
            self.edit(f"Adding {name}", add_flaws=(name,))

    def action_remove(self) -> None:
        """Remove the highlighted card from the build."""
        if self.step not in ROLES or self.data is None:
            return
        candidate = self.highlighted(self.step)
        if candidate is None:
            return
        name = candidate.card.name
        if not taken_count(self.data, self.step, candidate.card):
            self.notify(f"{name} is not in {self.character}'s build.", severity="warning")
            return
        if self.step == "icon":
            self.edit(f"Removing {name}", icon="")
        elif self.step == "merit":
            self.edit(f"Removing {name}", remove_merits=(name,))
        else:
            self.edit(f"Removing {name}", remove_flaws=(name,))

    def action_toggle_card(self) -> None:
        """Add the highlighted card, or remove it when the build has it."""
        if self.step not in ROLES or self.data is None:
            return
        candidate = self.highlighted(self.step)
        if candidate is None:
            return
        if taken_count(self.data, self.step, candidate.card):
            self.action_remove()
        else:
            self.action_add()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "identity-court" or self.data is None:
            return
        chosen = str(event.value)
        build = self.data.view.build
        current = build.court.value if build.court else "undecided"
        if chosen != current and not self.data.locked:
            self.edit("Choosing the court", court="" if chosen == "undecided" else chosen)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "identity-background":
            self.action_save_background()
        elif event.input.id == "identity-name":
            self.rename(event.value)

    def rename(self, typed: str) -> None:
        """Rename the character (kept in the box if refused)."""
        from chronicle.systems.wyld_hunt.services.characters import rename_character

        new = " ".join(typed.split())
        if not new or new == self.character:
            return
        old, player = self.character, self.player

        def work(db: Database) -> CharacterView:
            return rename_character(db, old, new, player=player)

        def done(view: CharacterView) -> None:
            self.character = view.name
            self.notify(f"{old} is now called {view.name}.")
            self.reload()

        chronicle_app(self).call_service(work, done, description="Renaming")

    def action_save_background(self) -> None:
        """Save the background typed (kept in the box if the save fails)."""
        if self.data is None:
            return
        text = self.query_one("#identity-background", Input).value.strip()
        if text == (self.data.view.build.background or ""):
            self.notify("The background is saved.")
            return
        self.edit("Saving the background", background=text)

    # Navigation --------------------------------------------------------------------------------

    def action_step(self, step: str) -> None:
        """Show one step of the builder."""
        self.step = step
        self.query_one(ContentSwitcher).current = f"step-{step}"
        if step in ROLES:
            self.query_one(f"#step-{step}", CandidateList).focus()
        else:
            court = self.query_one("#identity-court", Select)
            if not court.disabled:
                court.focus()
        self.show_steps()
        self.show_detail()

    def action_next_step(self, delta: int) -> None:
        self.action_step(STEPS[(STEPS.index(self.step) + delta) % len(STEPS)])

    def action_reload(self) -> None:
        self.reload()

    def action_back(self) -> None:
        """Leave the builder; asks first when a typed background is not saved."""
        from chronicle.tui.screens.confirm import ConfirmScreen

        typed = self.query_one("#identity-background", Input).value.strip()
        if self.data is not None and not self.data.locked and \
                typed != (self.data.view.build.background or ""):
            def answered(leave: bool | None) -> None:
                if leave:
                    self.dismiss()

            self.app.push_screen(ConfirmScreen("Leave without saving the background?",
                                               "enter in the background box saves it"),
                                 answered)
            return
        self.dismiss()

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        for step in STEPS:
            yield SystemCommand(f"Builder: {STEP_TITLES[step]}",
                                f"Show the {STEP_TITLES[step].lower()} step "
                                f"({STEP_KEYS[step]})",
                                partial(self.action_step, step))
        yield SystemCommand("Add the highlighted card", "Take it for the character (a)",
                            self.action_add)
        yield SystemCommand("Remove the highlighted card", "Drop it from the character (x)",
                            self.action_remove)
        yield SystemCommand("Save the background", "Keep the background typed (ctrl+s)",
                            self.action_save_background)
        yield SystemCommand("Reload the builder", "Read the character again (r)",
                            self.action_reload)
        yield SystemCommand("Leave the builder", "Back to where you came from (esc)",
                            self.action_back)
