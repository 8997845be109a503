"""The character view: the sheet and the chronicle of one character.

The sheet shows name, race, court, creation points, experience earned, spent and unspent, the
Waylay bonus, Merits grouped by type with their costs, Flaws with their bonuses, the quests
completed, each score's base and effective value with the cards that change it (every Merit and
Flaw active: no play state is kept yet) and every rule problem. The chronicle is a timeline of
every event, undone ones marked. ``g`` records a game, ``s`` spends experience, ``u`` undoes
the latest event (after saying which and asking), ``e`` exports the character file to
``exports/<name>.toml`` in the data folder (asking before overwriting), ``b`` opens the
builder, escape goes back.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from chronicle.systems.wyld_hunt.cards import MeritType, TestType
from chronicle.systems.wyld_hunt.widgets.points import bought_off, points_figures
from chronicle.tui.screens.base import chronicle_app, kept_screen
from chronicle.tui.text import esc, fit
from chronicle.tui.widgets.footer import Footer
from chronicle.tui.widgets.violations import ViolationsPanel

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.characters import CharacterView, HistoryLine

KEPT = "wyld-hunt-character"
"""The name the app's kept character view is installed under."""
MERIT_GROUPS = {MeritType.ABILITY: "Abilities", MeritType.ADVANTAGE: "Advantages",
                MeritType.ALLY: "Allies", MeritType.ART: "Arts",
                MeritType.TREASURE: "Treasures", None: "Of unknown type"}


def export_path(name: str) -> Path:
    """Where the character file of ``name`` is exported: ``exports/`` in the data folder."""
    from chronicle.export.safefiles import safe_name
    from chronicle.tui.screens.exporting import exports_folder

    return exports_folder() / f"{safe_name(name, 'character')}.toml"


@dataclass(frozen=True)
class Exported:
    """The outcome of an export: the file, and whether it was written (False: it exists)."""

    path: Path
    written: bool


def export_to_file(db: Database, name: str, player: str, *, force: bool) -> Exported:
    """Write the character file; an existing file is kept unless ``force``."""
    from chronicle.errors import BadInput
    from chronicle.services.textfiles import write_atomically
    from chronicle.systems.wyld_hunt.services.characters import export_character

    path = export_path(name)
    if path.exists() and not force:
        return Exported(path, False)
    text = export_character(db, name, player)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"cannot create {path.parent}: {exc.strerror or exc}") from None
    write_atomically(path, text)
    return Exported(path, True)


def latest_in_force(history: list[HistoryLine]) -> HistoryLine | None:
    """The event an undo would reverse: the latest one not undone that is not itself an undo."""
    return next((line for line in reversed(history)
                 if line.kind != "undo" and line.undone_by is None), None)


def sheet_markup(view: CharacterView) -> str:
    """The character sheet."""
    s = view.report.summary
    state = view.state
    errors = len(view.report.errors)
    rules = ("[green]✓ valid[/green]" if not errors else
             f"[red]✗ {errors} error{'s' if errors != 1 else ''}[/red]")
    lines = [f"[b]{esc(view.name)}[/b]  {rules}",
             f"[dim]{esc(view.player)}'s {esc(view.build.system)} character[/dim]", ""]
    icon = state.icon
    if icon is not None:
        race = " ".join(p for p in (icon.race, icon.gender) if p) or icon.name
        stats = " ".join(f"{a[0].upper()}{'?' if getattr(icon, a) is None else getattr(icon, a)}"
                         for a in ("might", "savvy", "resolve"))
        lines.append(f"Race    {esc(race)} [dim]· {stats}[/dim]")
        if icon.special:
            lines.append(f"        [dim]{esc(icon.special)}[/dim]")
    else:
        lines.append("Race    [yellow]no icon yet (b builds)[/yellow]")
    court = str(s.get("court") or "undecided").title()
    lines.append(f"Court   {court} [dim](Seelie {s.get('seelie')} · Unseelie "
                 f"{s.get('unseelie')})[/dim]")
    needed, general = points_figures(view)
    colour = "red" if needed > general else "green"
    lines.append(f"Points  [{colour}]{needed} of {general}[/{colour}] "
                 f"[dim]({esc(s.get('points_sources') or '')})[/dim]")
    lines += [f"        [dim]{esc(line)}[/dim]" for line in s.get("points_pools") or []]
    gone = bought_off(view)
    if gone:
        lines.append(f"        [i]as at creation: {esc(', '.join(gone))} bought off later "
                     "changes neither the points nor the court[/i]")
    lines.append(f"XP      {s.get('xp_earned')} earned · {s.get('xp_spent')} spent · "
                 f"[b]{s.get('xp_unspent')} unspent[/b]")
    lines.append(f"Waylay  +{s.get('waylay_bonus')} per quest undertaken")
    lines += ["", "[b]Merits[/b]"]
    merits = list(state.merits)
    if not merits:
        lines.append("  [dim]none yet[/dim]")
    for merit_type, title in MERIT_GROUPS.items():
        group = [m for m in merits if m.type is merit_type]
        if not group:
            continue
        lines.append(f"  [u]{title}[/u]")
        for merit in group:
            cost = "?" if merit.cost is None else str(merit.cost)
            extra = " · ".join(str(v.value) for v in (merit.court, merit.attribute) if v)
            lines.append(f"    {esc(fit(merit.name, 20))} [b]{cost:>2}[/b]"
                         + (f" [dim]{extra}[/dim]" if extra else ""))
    lines += ["", "[b]Flaws[/b]"]
    if not state.flaws:
        lines.append("  [dim]none[/dim]")
    for flaw in state.flaws:
        bonus = "?" if flaw.bonus is None else str(flaw.bonus)
        extra = " ".join(str(v.value) for v in (flaw.type, flaw.court) if v)
        lines.append(f"  {esc(fit(flaw.name, 18))} [b]+{bonus}[/b]"
                     + (f" [dim]{extra}[/dim]" if extra else ""))
    lines += ["", "[b]Quests completed[/b]"]
    quests = list(s.get("quests_completed") or [])
    lines += [f"  {esc(q)}" for q in quests] or ["  [dim]none yet[/dim]"]
    if view.build.background:
        lines += ["", "[b]Background[/b]", f"  [i]{esc(view.build.background)}[/i]"]
    return "\n".join(lines)


def scores_text(view: CharacterView) -> Text:
    """Might, Savvy, Resolve and Combat: base, effective and the cards that make the
    difference (every Merit and Flaw active: no play state is kept), as styled text, never
    markup, since card names are data."""
    scores = view.state.scores
    text = Text()
    text.append("Scores", style="bold")
    text.append("  base → effective, every Merit and Flaw active", style="dim")
    for attribute, score in scores.scores.items():
        base = "?" if score.base is None else str(score.base)
        text.append(f"\n  {attribute.value.title():<8}{base:>2}")
        if score.effective is None:
            text.append(" → ")
            text.append("?", style="reverse")
        elif score.contributions:
            text.append(" → ")
            text.append(str(score.effective), style="bold")
        made = "; ".join(
            f"{c.card} {c.change:+d}" + (f" ({c.via.value.title()})" if c.via is not attribute
                                         else "") + (" always" if c.when.value == "always"
                                                     else "")
            for c in score.contributions)
        if made:
            text.append(f"  {made}", style="dim")
    unknown = scores[TestType.MIGHT].unknown_cards
    if unknown:
        text.append("\n  Score changes not known yet: ", style="italic")
        text.append(", ".join(unknown), style="italic")
        text.append("\n  Fill them in from your cards (key 1, then e on the card).",
                    style="dim italic")
    return text


def timeline_markup(view: CharacterView) -> str:
    """Every event of the chronicle, oldest first; undone ones struck through and marked; an
    event recorded from a game names the game; each shows the day it happened (when given,
    else the day it was written down) and its note."""
    if not view.history:
        return ("[b]Chronicle[/b]\n\n[dim]No events yet. Once the character is valid, record "
                "a game with g; completed quests earn experience to spend with s.[/dim]")
    count = len(view.history)
    lines = [f"[b]Chronicle[/b] [dim]({count} event{'s' if count != 1 else ''})[/dim]", ""]
    for line in view.history:
        when = esc(line.date or (line.recorded_at or "")[:10])
        text = esc(line.text)
        note = f"\n   [i]{esc(line.note)}[/i]" if line.note else ""
        if line.kind == "undo":
            lines.append(f"[dim][b]#{line.seq}[/b] ↶ {text}[/dim]")
            lines.append(f"   [dim]{when}[/dim]{note}")
            continue
        if line.undone_by is not None:
            lines.append(f"[dim][b]#{line.seq}[/b] [strike]{text}[/strike][/dim]")
            lines.append(f"   [dim]{when}[/dim] · [yellow]undone by #{line.undone_by}[/yellow]"
                         + note)
            continue
        change = (f"[green]+{line.xp_change} xp[/green]" if line.xp_change > 0 else
                  f"[red]{line.xp_change} xp[/red]" if line.xp_change < 0 else "±0 xp")
        game = line.game
        lines.append(f"[b]#{line.seq}[/b] {text}"
                     + (f" [dim]· game {esc(game)}[/dim]" if game else ""))
        lines.append(f"   [dim]{when}[/dim] · {change} → {line.xp_earned} earned · "
                     f"{line.xp_unspent} unspent · Waylay +{line.waylay_bonus}" + note)
    return "\n".join(lines)


def open_character(node: DOMNode, name: str, player: str,
                   view: CharacterView | None = None) -> None:
    """Show ``name``'s sheet and chronicle (``view``: as the opener has just read it) in the
    app's kept character view: built once, refilled on each opening."""
    screen, new = kept_screen(node, KEPT, CharacterViewScreen,
                              lambda: CharacterViewScreen(name, player, view))
    if not new:
        screen.open(name, player, view)
    node.app.push_screen(screen)


class CharacterViewScreen(Screen[None]):
    """One character's sheet and chronicle."""

    TITLE = "Character"
    DEFAULT_CSS = """
    CharacterViewScreen #character-body { height: 1fr; }
    CharacterViewScreen VerticalScroll { scrollbar-size-vertical: 1; }
    CharacterViewScreen #character-sheet { width: 45%; min-width: 40; max-width: 72;
                                           padding: 0 1;
                                           border-right: solid $panel; }
    CharacterViewScreen #character-timeline { width: 1fr; padding: 0 1; }
    CharacterViewScreen #character-sheet:focus, CharacterViewScreen #character-timeline:focus {
        background-tint: $foreground 5%; }
    CharacterViewScreen ViolationsPanel { padding: 0; margin-top: 1; }
    CharacterViewScreen #scores { margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("g", "record_game", "Game"),
        Binding("s", "spend", "Spend"),
        Binding("u", "undo", "Undo"),
        Binding("e", "export", "Export file", show=False),
        Binding("p", "print_sheet", "PDF"),
        Binding("l", "print_log", "PDF log", show=False),
        Binding("b", "build", "Builder"),
        Binding("r", "reload", "Reload", show=False),
    ]

    def __init__(self, name: str, player: str, view: CharacterView | None = None) -> None:
        super().__init__()
        self.character = name
        self.player = player
        self.view: CharacterView | None = None
        self.loads = 0
        self.given = view
        """A view handed over by the opener (the list's own): shown at once, not read again
        on this opening."""
        self.drawn: tuple[str, str, str] | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="character-body"):
            with VerticalScroll(id="character-sheet"):
                yield Static(self.loading_text(), id="sheet")
                yield Static("", id="scores", markup=False)
                yield ViolationsPanel("", id="character-violations")
            with VerticalScroll(id="character-timeline"):
                yield Static("", id="timeline")
        yield Footer(compact=True)

    def loading_text(self) -> str:
        return f"[b]{esc(self.character)}[/b]\nLoading…"

    def on_mount(self) -> None:
        self.query_one("#character-timeline").focus()
        if self.given is not None:
            self.show_view(self.given)
        elif not self.character:  # built ahead, blank: filled before it is laid out hidden
            self.prebuilt()

    sample: Callable[[], CharacterView | None] | None = None
    """Gives a character to fill the screen with when it is built ahead (``prebuilt``)."""

    def prebuilt(self) -> None:
        """Built in idle time (blank): filled once, hidden, with the character the opener
        has under its cursor, so that the first real opening only changes what differs."""
        view = self.sample() if self.sample is not None else None
        if view is not None and not self.character:
            self.open(view.name, view.player, view)

    def open(self, name: str, player: str, view: CharacterView | None = None) -> None:
        """Show another character in this (kept) screen, as a new screen would: the sheet
        scrolled to the top, the chronicle focused at its end."""
        self.character, self.player, self.given = name, player, view
        self.loads += 1  # a reload of the character shown before is stale
        self.query_one("#character-sheet", VerticalScroll).scroll_home(animate=False)
        self.query_one("#character-timeline").focus()
        if view is not None:
            self.show_view(view)
            return
        self.view = None
        self.drawn = None
        self.query_one("#sheet", Static).update(self.loading_text())
        self.query_one("#scores", Static).update("")
        self.query_one("#character-violations", ViolationsPanel).display = False
        self.query_one("#timeline", Static).update("")

    def on_screen_resume(self) -> None:
        if self.given is not None:  # just shown from the opener's fresh view
            self.given = None
            return
        self.reload()

    # Data ------------------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the character again."""
        from chronicle.systems.wyld_hunt.services.characters import show_character

        name, player = self.character, self.player

        def work(db: Database) -> CharacterView:
            return show_character(db, name, player)

        self.loads += 1
        token = self.loads

        def done(view: CharacterView) -> None:
            if token != self.loads:  # a newer reload or a change came back first
                return
            self.show_view(view, fresh=False)

        chronicle_app(self).call_service(work, done,
                                         description="Loading the character",
                                         group="character-view", exclusive=True)

    def show_view(self, view: CharacterView, *, fresh: bool = True) -> None:
        """Show the sheet and the timeline of ``view``; ``fresh`` (a change just saved) makes
        any reload still on its way stale. What is shown already is not drawn again."""
        if fresh:
            self.loads += 1
        self.view = view
        panel = self.query_one("#character-violations", ViolationsPanel)
        panel.display = bool(view.report.violations)
        panel.show(view.report)  # drawn only when it reads differently
        scores = scores_text(view)
        drawn = (sheet_markup(view), timeline_markup(view), scores.plain)
        if drawn == self.drawn:
            return
        self.drawn = drawn
        self.query_one("#sheet", Static).update(drawn[0])
        self.query_one("#scores", Static).update(scores)
        self.query_one("#timeline", Static).update(drawn[1])
        timeline = self.query_one("#character-timeline", VerticalScroll)
        timeline.call_after_refresh(timeline.scroll_end, animate=False)

    # Actions -----------------------------------------------------------------------------------

    def action_back(self) -> None:
        self.dismiss()

    def action_reload(self) -> None:
        self.reload()

    def action_build(self) -> None:
        """Open the builder (read-only once the chronicle has begun)."""
        from chronicle.systems.wyld_hunt.screens.builder import open_builder

        open_builder(self, self.character, self.player, self.view)

    def action_record_game(self) -> None:
        """Record a game: quests undertaken and completed, opponent, date, note."""
        from chronicle.systems.wyld_hunt.screens.record_game import RecordGameScreen

        RecordGameScreen.show(self.app, self.character, self.player, self.changed, self.view)

    def action_spend(self) -> None:
        """Spend experience on a Merit, or buy off a Flaw."""
        from chronicle.systems.wyld_hunt.screens.spend_xp import SpendXpScreen

        self.app.push_screen(SpendXpScreen(self.character, self.player), self.changed)

    def changed(self, view: CharacterView | None) -> None:
        """Show the character a dialog saved (the reload on return confirms it)."""
        if view is not None:
            last = view.history[-1] if view.history else None
            if last is not None:
                self.notify(f"Recorded: {last.text}. Unspent experience: {last.xp_unspent}.")
            self.show_view(view)

    def action_undo(self) -> None:
        """Undo the latest event still in force, after saying which and asking."""
        from chronicle.tui.screens.confirm import ConfirmScreen

        if self.view is None:
            return
        target = latest_in_force(self.view.history)
        if target is None:
            self.notify(f"{self.character}'s chronicle has nothing to undo.",
                        severity="warning")
            return
        detail = (f"{target.text} ({target.xp_change:+d} xp). It stays in the chronicle, "
                  "marked undone.")
        self.app.push_screen(ConfirmScreen(f"Undo event {target.seq}?",
                                           "\n".join(textwrap.wrap(detail, 54))),
                             self.undo_answered)

    def undo_answered(self, yes: bool | None) -> None:
        from chronicle.systems.wyld_hunt.services.ledger import undo

        if not yes:
            return
        name, player = self.character, self.player

        def work(db: Database) -> tuple[CharacterView, str]:
            return undo(db, name, player=player)

        def done(result: tuple[CharacterView, str]) -> None:
            view, what = result
            self.notify(f"Undid {what}.")
            self.show_view(view)

        chronicle_app(self).call_service(work, done, description="Undoing")

    def action_export(self, force: bool = False) -> None:
        """Write the character file to exports/; asks before overwriting one."""
        name, player = self.character, self.player

        def work(db: Database) -> Exported:
            return export_to_file(db, name, player, force=force)

        chronicle_app(self).call_service(work, self.exported, description="Exporting")

    def exported(self, result: Exported) -> None:
        from chronicle.tui.screens.confirm import ConfirmScreen

        if result.written:
            self.notify(f"Wrote {result.path}\nCheck it with 'chronicle check', share it, or "
                        "import it elsewhere.", title="Character file exported", timeout=10)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.action_export(force=True)

        self.app.push_screen(ConfirmScreen(f"Overwrite {result.path.name}?",
                                           f"{result.path} exists already."), answered)

    def action_print_sheet(self, pencil: bool = False) -> None:
        """Write the printable character sheet (PDF)."""
        from chronicle.systems.wyld_hunt.services.sheetfiles import export_sheet
        from chronicle.tui.screens.exporting import export_file, exports_folder

        name, player = self.character, self.player
        export_file(self, "pencil sheet" if pencil else "character sheet",
                    lambda db, force, warn: export_sheet(db, name, player, force=force,
                                                         pencil=pencil, folder=exports_folder(),
                                                         warn=warn))

    def action_print_log(self) -> None:
        """Write the chronicle log (PDF)."""
        from chronicle.systems.wyld_hunt.services.sheetfiles import export_log
        from chronicle.tui.screens.exporting import export_file, exports_folder

        name, player = self.character, self.player
        export_file(self, "chronicle log",
                    lambda db, force, warn: export_log(db, name, player, force=force,
                                                       folder=exports_folder(), warn=warn))

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        yield SystemCommand("Print the character sheet", "A PDF in exports/ (p)",
                            self.action_print_sheet)
        yield SystemCommand("Print the pencil sheet", "A PDF with the changing values left "
                            "blank", lambda: self.action_print_sheet(pencil=True))
        yield SystemCommand("Print the chronicle log", "Every game and purchase, PDF (l)",
                            self.action_print_log)
        yield SystemCommand("Record a game", "Quests undertaken and completed (g)",
                            self.action_record_game)
        yield SystemCommand("Spend experience", "Buy a Merit or buy off a Flaw (s)",
                            self.action_spend)
        yield SystemCommand("Undo the latest event", "Reverse it, keeping it in the chronicle "
                            "(u)", self.action_undo)
        yield SystemCommand("Export the character file", "exports/<name>.toml in the data "
                            "folder (e)", self.action_export)
        yield SystemCommand("Open the builder", "Icon, Merits, Flaws, court and identity (b)",
                            self.action_build)
        yield SystemCommand("Reload the character", "Read it again (r)", self.action_reload)
        yield SystemCommand("Back to the characters", "Leave the character view (esc)",
                            self.action_back)
