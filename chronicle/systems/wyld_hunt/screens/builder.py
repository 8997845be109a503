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

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Header, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from chronicle.systems.wyld_hunt.widgets.building import (
    ROLES,
    BuilderData,
    CandidateList,
    IdentityStep,
    candidate_detail,
    candidate_line,
    gather,
    taken_count,
)
from chronicle.systems.wyld_hunt.widgets.points import points_figures, points_text
from chronicle.tui.screens.base import chronicle_app, kept_screen, on_a_stack
from chronicle.tui.text import esc
from chronicle.tui.widgets.footer import Footer
from chronicle.tui.widgets.meter import Meter
from chronicle.tui.widgets.violations import ViolationsPanel

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.characters import Candidate, CharacterView

STEPS = ("icon", "merit", "flaw", "identity")
STEP_TITLES = {"icon": "Icon", "merit": "Merits", "flaw": "Flaws", "identity": "Court & identity"}
STEP_KEYS = {"icon": "i", "merit": "m", "flaw": "f", "identity": "c"}
KEPT = "wyld-hunt-builder"  # the name the app's kept builder is installed under
SHOW_WITHIN = 0.3  # seconds an opening waits for the builder's data before showing it loading


def open_builder(node: DOMNode, name: str, player: str,
                 view: CharacterView | None = None) -> None:
    """Show ``name``'s builder (``view``: as the opener read it). The app keeps one builder,
    built once and refilled on each opening; it is shown once its data is loaded, so it is
    laid out and drawn once (or after ``SHOW_WITHIN`` seconds, still loading)."""
    screen, new = kept_screen(node, KEPT, BuilderScreen,
                              lambda: BuilderScreen(name, player, view))
    if not new:
        screen.open(name, player, view)
    opener, settled = node.screen, list[bool]()

    def show() -> None:  # once: when loaded, or when the wait is over
        if not settled and opener.is_active and not on_a_stack(node, screen):
            if not new and screen.data is None:  # another character's parts: not shown
                screen.show_loading()
            node.app.push_screen(screen)
        settled.append(True)

    screen.reload(then=show, view=view)
    node.set_timer(SHOW_WITHIN, show)


class BuilderScreen(Screen[None]):
    """Build one character from its player's cards."""

    TITLE = "Builder"
    DEFAULT_CSS = """
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

    def __init__(self, name: str, player: str, view: CharacterView | None = None) -> None:
        super().__init__()
        self.character = name
        self.player = player
        self.locked_before = bool(view and view.history)
        """Whether the character was read-only when the opener read it (``view``): the keys
        are shown so while loading."""
        self.data: BuilderData | None = None
        self.step = "icon"
        self.busy = False
        self.loaded_background = ""
        self.shown: dict[str, list[Candidate]] = {role: [] for role in ROLES}
        self.drawn: dict[str, object] = {}
        """What each part shows now (``put``), so an unchanged part is not drawn again."""
        self.pending: BuilderData | None = None
        self.built = {"icon"}
        """The steps built so far (the others are built when first shown)."""
        self.loading_data = False

    def compose(self) -> ComposeResult:
        # The steps other than the icon are built when first shown (``action_step``).
        yield Header()
        yield Static(self.loading_text(), id="builder-info")
        yield Static("", id="builder-lock")
        yield Static("", id="builder-steps")
        with Horizontal(id="builder-body"):
            with Vertical(id="builder-left"):
                with ContentSwitcher(initial="step-icon"):
                    yield CandidateList(id="step-icon")
                yield Static("", id="builder-detail")
            with Vertical(id="builder-side"):
                yield Meter("", id="builder-points")
                yield Static("", id="builder-points-detail")
                yield Static("", id="builder-court")
                with VerticalScroll(id="builder-problems"):
                    yield ViolationsPanel("", id="builder-violations")
        yield Footer(compact=True)

    def loading_text(self) -> str:
        return f"[b]{esc(self.character)}[/b] ({esc(self.player)}) · loading…"

    def on_mount(self) -> None:
        self.query_one("#builder-lock").display = False
        self.show_steps()
        self.query_one("#step-icon", CandidateList).focus()
        if self.pending is not None:  # loaded before it was built
            self.show_data(self.pending)
            self.pending = None
        elif not self.character:  # built ahead, blank: filled before it is laid out hidden
            self.prebuilt()
        elif not self.loading_data:
            self.reload()

    sample: Callable[[], CharacterView | None] | None = None
    """Gives a character to fill the screen with when it is built ahead (``prebuilt``)."""

    def prebuilt(self) -> None:
        """Built in idle time (blank): filled, hidden, with the character under the opener's
        cursor, so that the first real opening only changes what differs (read here, not in a
        worker: the app is idle, and the fill must come before the hidden layout)."""
        view = self.sample() if self.sample is not None and not self.character else None
        try:
            data = view and gather(chronicle_app(self).database(), view.name, view.player, view)
        except Exception:  # only a warming: the real opening reads again and says what failed
            data = None
        if data and view:
            self.open(view.name, view.player, view)
            self.show_data(data)

    def open(self, name: str, player: str, view: CharacterView | None = None) -> None:
        """Build another character in this (kept) screen, as a new screen would: at the icon
        step. What already shows this character stays until the load; another character's
        parts are replaced when its data comes (``show_loading`` if shown before)."""
        same = (name, player) == (self.character, self.player)
        self.character, self.player = name, player
        self.locked_before = bool(view and view.history)
        self.busy, self.loaded_background = False, ""
        if not same:
            self.data = None
            self.shown = {role: [] for role in ROLES}
        self.step = "icon"
        self.query_one(ContentSwitcher).current = "step-icon"
        if "identity" in self.built:  # nothing typed last time is kept
            self.query_one("#identity-name", Input).value = name
            self.query_one("#identity-background", Input).value = ""
        if same:
            self.show_steps()
        self.query_one("#step-icon", CandidateList).focus()

    def show_loading(self) -> None:
        """What a new screen shows until its data comes: the name, and nothing else."""
        for role in ROLES:
            if role in self.built:
                self.query_one(f"#step-{role}", CandidateList).clear_options()
                self.drawn.pop(f"#step-{role}", None)
        for part in ("#builder-detail", "#builder-points-detail", "#builder-court"):
            self.put(part, "")
        meter = self.query_one("#builder-points", Meter)
        meter.update("")
        meter.set_class(False, "over")
        self.query_one("#builder-violations", ViolationsPanel).update("")
        self.query_one("#builder-lock").display = False
        self.put("#builder-info", self.loading_text())
        self.show_steps()

    def put(self, selector: str, content: str | Text) -> None:
        """Show ``content`` in the Static ``selector`` unless it shows it already."""
        if self.drawn.get(selector) != content:
            self.drawn[selector] = content
            self.query_one(selector, Static).update(content)

    # Data ------------------------------------------------------------------------------------

    def reload(self, then: Callable[[], None] | None = None,
               view: CharacterView | None = None) -> None:
        """Read the character (unless the opener just did: ``view``) and its candidates again
        (shown at once if the screen is built, else when it is); ``then`` is called after,
        whether the read worked or not."""
        name, player = self.character, self.player

        def work(db: Database) -> BuilderData:
            return gather(db, name, player, view)

        def done(data: BuilderData) -> None:
            self.loading_data = False
            if (name, player) == (self.character, self.player):  # not another opened since
                if self.is_mounted:
                    self.show_data(data)
                else:
                    self.pending = data
            if then is not None:
                then()

        def failed(_exc: Exception) -> None:
            self.loading_data = self.busy = False
            if then is not None:
                then()

        self.loading_data = True
        chronicle_app(self).call_service(work, done, failed=failed,
                                         description="Loading the builder",
                                         group="builder", exclusive=True)

    def show_data(self, data: BuilderData) -> None:
        """Show a character and its candidates (after loading or after a change)."""
        self.busy = False
        self.data = data
        view = data.view
        summary = view.report.summary
        errors = len(view.report.errors)
        rules = ("[green]✓ valid[/green]" if not errors else
                 f"[red]✗ {errors} error{'s' if errors != 1 else ''}[/red]")
        self.put("#builder-info", f"[b]{esc(view.name)}[/b] ({esc(view.player)}) · {rules}")
        lock = self.query_one("#builder-lock", Static)
        lock.display = data.locked
        self.refresh_bindings()  # a read-only builder offers no changing keys
        if data.locked:
            events = len(view.history)
            self.put("#builder-lock", f"Read-only: {esc(view.name)}'s chronicle has begun "
                     f"({events} event{'s' if events != 1 else ''}), so the creation choices "
                     "are fixed. Spend experience from the character view (s) instead.")
        for role in ROLES:
            self.fill(role)
        self.show_steps()
        self.show_detail()
        # Points, court and problems: straight from the rules' own budget and report.
        needed, general = points_figures(view)
        self.query_one("#builder-points", Meter).set("Points", needed, general)
        self.put("#builder-points-detail", points_text(view))
        seelie, unseelie = summary.get("seelie", 0), summary.get("unseelie", 0)
        court = summary.get("court")
        verdict = (f"[b]{str(court).title()}[/b]" if court else
                   "[yellow]tie: choose one (c)[/yellow]")
        self.put("#builder-court", f"Court  Seelie {seelie} · Unseelie {unseelie}\n"
                 f"       → {verdict}")
        self.query_one("#builder-violations", ViolationsPanel).show(view.report)
        if "identity" in self.built:
            self.show_identity(data)

    def show_identity(self, data: BuilderData) -> None:
        """The court choice and the background (typed text that is not saved yet is kept)."""
        from chronicle.rules.editions import find_edition

        build = data.view.build
        edition = find_edition(build.system)
        self.put("#identity-system", esc(edition.label if edition else build.system))
        court = self.query_one("#identity-court", Select)
        chosen = build.court.value if build.court else "undecided"
        if court.value != chosen:
            court.value = chosen
        court.disabled = data.locked
        summary = data.view.report.summary
        hint = ("The tally decides the court; your choice counts only on a tie."
                if summary.get("seelie") != summary.get("unseelie") else
                "A tie: your choice decides, and cannot change later.")
        self.put("#identity-court-hint", hint)
        background = self.query_one("#identity-background", Input)
        saved = build.background or ""
        if background.value == self.loaded_background and background.value != saved:
            background.value = saved
        self.loaded_background = saved
        background.disabled = data.locked

    def fill(self, role: str) -> None:
        """The candidate list of ``role``, keeping the cursor on the same card (a list not
        built yet is filled when its step is first shown)."""
        assert self.data is not None
        before = self.highlighted(role)
        candidates = self.data.candidates[role]
        self.shown[role] = candidates
        if role not in self.built:
            return
        listing = self.query_one(f"#step-{role}", CandidateList)
        if not candidates:
            kind = {"icon": "Character Icons", "merit": "Merits", "flaw": "Flaws"}[role]
            lines = [Text(f"{self.player} owns no {kind}: record the cards of their packs in "
                          "Cards (1).", style="dim")]
            if self.drawn.get(f"#step-{role}") != lines:
                self.drawn[f"#step-{role}"] = lines
                listing.set_options([Option(lines[0], id=f"{role}-none", disabled=True)])
            return
        width = max(30, listing.content_region.width or self.size.width - 36)
        lines = [candidate_line(c, taken_count(self.data, role, c.card), width)
                 for c in candidates]
        if self.drawn.get(f"#step-{role}") != lines:  # the same lines are not drawn again
            self.drawn[f"#step-{role}"] = lines
            listing.set_options([Option(line, id=f"{role}-{i}")
                                 for i, line in enumerate(lines)])
        names = [c.card.name for c in candidates]
        index = names.index(before.card.name) if before and before.card.name in names else 0
        if listing.highlighted != index:
            listing.highlighted = index

    def highlighted(self, role: str) -> Candidate | None:
        """The candidate under the cursor of ``role``'s list."""
        index = (self.query_one(f"#step-{role}", CandidateList).highlighted
                 if role in self.built else None)
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
        self.put("#builder-steps", "│".join(parts))
        self.refresh_bindings()

    def show_detail(self) -> None:
        """What the highlighted card is, or what the identity step is for."""
        if self.step == "identity" or self.data is None:
            self.put("#builder-detail",
                     "Step 3: the court follows the tally of Abilities and Weaknesses. "
                     "Step 4: the name and a few words of background." if self.data else "")
            return
        candidate = self.highlighted(self.step)
        if candidate is None:
            self.put("#builder-detail", "")
            return
        self.put("#builder-detail", candidate_detail(
            candidate, taken_count(self.data, self.step, candidate.card), self.player,
            self.data.view.report))

    def on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        self.show_detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_toggle_card()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No changing keys once the chronicle has begun (read-only: the footer offers none),
        and add/remove greyed outside the card steps."""
        locked = self.data.locked if self.data is not None else self.locked_before
        if action in ("add", "remove", "toggle_card", "save_background") and locked:
            return False
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

    def typed_background(self) -> str | None:
        """The background in the box, None while the identity step has not been shown."""
        if "identity" not in self.built:
            return None
        return self.query_one("#identity-background", Input).value.strip()

    def action_save_background(self) -> None:
        """Save the background typed (kept in the box if the save fails)."""
        if self.data is None:
            return
        text = self.typed_background()
        if text is None or text == (self.data.view.build.background or ""):
            self.notify("The background is saved.")
            return
        self.edit("Saving the background", background=text)

    # Navigation --------------------------------------------------------------------------------

    async def action_step(self, step: str) -> None:
        """Show one step of the builder (built the first time it is shown)."""
        self.step = step
        switcher = self.query_one(ContentSwitcher)
        if step not in self.built:
            part: Widget = (CandidateList(id=f"step-{step}") if step in ROLES else
                            IdentityStep(self.character))
            await switcher.mount(part)
            self.built.add(step)
            if self.data is not None and step in ROLES:
                self.fill(step)
            elif self.data is not None:
                self.show_identity(self.data)
        switcher.current = f"step-{step}"
        if step in ROLES:
            self.query_one(f"#step-{step}", CandidateList).focus()
        else:
            court = self.query_one("#identity-court", Select)
            if not court.disabled:
                court.focus()
        self.show_steps()
        self.show_detail()

    async def action_next_step(self, delta: int) -> None:
        await self.action_step(STEPS[(STEPS.index(self.step) + delta) % len(STEPS)])

    def action_reload(self) -> None:
        self.reload()

    def action_back(self) -> None:
        """Leave the builder; asks first when a typed background is not saved."""
        from chronicle.tui.screens.confirm import ConfirmScreen

        typed = self.typed_background()
        if self.data is not None and not self.data.locked and typed is not None and \
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
