"""Arcadia Quest's main screen in the app: the group's campaigns, and for the highlighted one
its guild board (three heroes with the cards in their slots, curses, titles and coins) and the
next scenario's set-up. The focus starts on the list, as on Wyld Hunt's screens. ``n`` starts a
campaign (its guilds, checked live), ``s`` records a scenario (with a live coin tally), ``g``
the upgrade phase after it (buying the group's upgrade cards, a guided step with its limits
live), ``u`` undoes the last event after saying which and asking (it stays in the history),
``p`` prints the campaign sheet, ``r`` renames the campaign, ``delete`` deletes it (one with
events is archived, after a confirmation), ``b`` brings an archived one back and ``escape``
goes back to the other games — over the same services as ``chronicle campaign
new|undo|rename|delete|restore``, ``scenario record`` and ``upgrade record``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Header, Static

from chronicle.systems.arcadia_quest.screens.board import board_text, next_text
from chronicle.tui.prebuild import GROUP as PREBUILD
from chronicle.tui.readyforms import ReadyForms
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.screens.record_browser import RecordBrowser
from chronicle.tui.text import plain
from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual.screen import Screen

    from chronicle.services.db import Database
    from chronicle.systems.arcadia_quest.catalog import QuestCatalog
    from chronicle.systems.arcadia_quest.service import CampaignView
    from chronicle.tui.readyforms import Wanted


class CampaignList(CardList):
    """The campaigns; the cursor picks the one shown (its board shows beside it, so enter
    opens nothing and is neither bound nor listed in the help)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "select"


def last_undoable(view: CampaignView) -> Any:
    """The event ``u`` would undo (the last one still counting that is no start or undo, as
    ``service.undo`` picks it), or None."""
    found = [h for h in view.history if h.kind not in ("start", "undo") and h.undone_by is None]
    return found[-1] if found else None


def _new_campaign(_view: CampaignView | None, catalog: QuestCatalog) -> Screen[Any]:
    from chronicle.systems.arcadia_quest.screens.new_campaign import NewCampaignDialog

    return NewCampaignDialog(catalog)


def _scenario(view: CampaignView | None, catalog: QuestCatalog) -> Screen[Any]:
    from chronicle.systems.arcadia_quest.screens.scenario import ScenarioDialog

    assert view is not None
    return ScenarioDialog(view, catalog)


def _upgrade(view: CampaignView | None, catalog: QuestCatalog) -> Screen[Any]:
    from chronicle.systems.arcadia_quest.screens.upgrade import UpgradeDialog

    assert view is not None
    return UpgradeDialog(view, catalog)


FORMS: dict[str, Callable[[CampaignView | None, QuestCatalog], Screen[Any]]] = {
    "new": _new_campaign, "scenario": _scenario, "upgrade": _upgrade}
"""The screen's forms, each made from the campaign it writes to (none for a new one) and the
group's cards."""


def _editing(name: str) -> Any:
    def work(db: Database) -> tuple[CampaignView, QuestCatalog]:
        from chronicle.systems.arcadia_quest.service import catalog_of, show_campaign

        view = show_campaign(db, name)
        return view, catalog_of(db, view)

    return work


class CampaignsScreen(RecordBrowser["CampaignView"]):
    """Arcadia Quest campaigns."""

    TITLE = "Arcadia Quest"
    PREFETCH: ClassVar[tuple[str, ...]] = (
        "chronicle.systems.arcadia_quest.service",
        "chronicle.systems.arcadia_quest.offer",
        "chronicle.systems.arcadia_quest.screens.new_campaign",
        "chronicle.systems.arcadia_quest.screens.scenario",
        "chronicle.systems.arcadia_quest.screens.upgrade",
        "chronicle.tui.recordflows", "chronicle.tui.screens.confirm", "chronicle.tui.screens.pick",
        "chronicle.tui.screens.name_dialog")
    """What its first opening and its dialogs' import, loaded ahead (``OtherGamesScreen``)."""
    DEFAULT_CSS = """
    CampaignsScreen #aq-header { height: 1; color: $text-muted; text-style: bold; padding: 0 1; }
    CampaignsScreen #aq-body { height: 1fr; }
    CampaignsScreen #aq-campaigns { width: 30%; min-width: 20; max-width: 60; padding: 0 1; }
    CampaignsScreen #aq-board-box { width: 1fr; padding: 0 1; border-left: solid $panel; }
    CampaignsScreen #aq-next { border-top: solid $panel; height: auto; }
    CampaignsScreen #aq-status { height: 1; color: $text-muted; padding: 0 1; }
    """
    WHAT, WHATS, ENTRIES = "campaign", "campaigns", ("event", "events")
    HEADINGS = ("campaign", "played")
    HEADER, STATUS = "aq-header", "aq-status"
    SERVICE = "chronicle.systems.arcadia_quest.service"
    RENAME, DELETE, RESTORE = ("rename_campaign", "delete_campaign", "restore_campaign")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New"),
        Binding("s", "scenario", "Scenario"),
        Binding("g", "upgrade", "Buy", tooltip="The upgrade phase: buy, discard, keep curses"),
        Binding("u", "undo", "Undo"),
        Binding("r", "rename", "Rename"),
        Binding("delete", "delete", "Delete", key_display="del"),
        Binding("b", "restore", "Bring back archived", show=False),
        Binding("p", "print", "Print the campaign sheet", show=False),
        Binding("escape", "back", "Back", key_display="esc", show=False),
        Binding("f5", "reload", "Reload", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.ready = ReadyForms()
        """The forms built ahead for their next opening."""
        self.opening = False
        """Reading what a form shows before opening it (``read_then_open``)."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="aq-header")
        with Horizontal(id="aq-body"):
            yield CampaignList([14, 6], flex=0, id="aq-campaigns")
            with VerticalScroll(id="aq-board-box"):
                yield Static("", id="aq-board")
                yield Static("", id="aq-next")
        yield Static("Loading campaigns…", id="aq-status")
        yield Footer(compact=True)

    def action_reload(self) -> None:
        """Read the campaigns again."""
        from chronicle.systems.arcadia_quest.service import list_campaigns

        chronicle_app(self).call_service(list_campaigns, self.loaded,
                                         description="Loading campaigns", group="aq-list",
                                         exclusive=True)

    def loaded(self, views: list[CampaignView]) -> None:
        if not self.is_attached:
            return
        self.show_views(views, [[v.name, f"{len(v.summary['scenarios'])}/6"] for v in views],
                        f"{len(views)} campaign(s) · s records a scenario · g the upgrade "
                        "phase · ? every key" if views else "No campaigns yet: n starts one.")
        self.prepare_forms()

    def show_detail(self) -> None:
        """The highlighted campaign's guild board and next scenario."""
        view = self.current()
        board = self.query_one("#aq-board", Static)
        upcoming = self.query_one("#aq-next", Static)
        if view is None:
            board.update("")
            upcoming.update("")
            return
        width = max(20, self.query_one("#aq-board-box").content_region.width - 2)
        text = board_text(view.summary, width)
        if view.report.errors:
            text.append("\n")
            for violation in view.report.errors[:5]:
                text.append_text(plain(f"! {violation.message}\n", "red"))
        lacking = [v for v in view.report.warnings if v.code == "collection.not_owned"]
        if lacking:
            text.append("\n")
            for violation in lacking[:5]:
                text.append_text(plain(f"? {violation.message}\n", "yellow"))
            if len(lacking) > 5:
                text.append_text(plain(f"? and {len(lacking) - 5} more not owned\n", "yellow"))
        board.update(text)
        upcoming.update(next_text(view.summary["next"], width))

    def on_resize(self) -> None:
        super().on_resize()
        self.show_detail()

    # Actions -----------------------------------------------------------------------------------

    def _with_catalog(self, then: Any) -> None:
        view = self.current()
        if view is None:
            self.none_yet()
            return
        self.read_then_open(_editing(view.name), lambda found: then(*found),
                            "Reading the campaign")

    def read_then_open(self, work: Any, then: Any, description: str) -> None:
        """Read what a form shows, then open it (``then``); the keys typed meanwhile wait
        for it (``opening``, ``chronicle.tui.keys``): they are the form's."""
        def done(found: Any) -> None:
            self.opening = False
            then(found)

        def failed(_exc: Exception) -> None:
            self.opening = False

        self.opening = True
        chronicle_app(self).call_service(work, done, failed=failed, description=description)

    def action_scenario(self) -> None:
        """Record the next scenario played."""
        def opened(view: CampaignView, catalog: QuestCatalog) -> None:
            if view.summary["next"]["number"] is None:
                self.notify("The campaign is over: no scenario comes next.",
                            severity="warning")
                return
            self.open_form("scenario", view, catalog)

        self._with_catalog(opened)

    def action_upgrade(self) -> None:
        """Record the upgrade phase after the last scenario."""
        def opened(view: CampaignView, catalog: QuestCatalog) -> None:
            if not view.summary["scenarios"]:
                self.notify("No scenario is played yet: the upgrade phase comes after one.",
                            severity="warning")
                return
            self.open_form("upgrade", view, catalog)

        self._with_catalog(opened)

    def open_form(self, name: str, view: CampaignView | None, catalog: QuestCatalog) -> None:
        """Show the form ``name`` for ``view`` (read just now): the one built ahead from the
        same campaign as it stands (given the campaign and cards just read), else a new one."""
        from chronicle.systems.arcadia_quest.screens.form import CampaignForm

        form = self.ready.take(name, view.summary if view is not None else None)
        if isinstance(form, CampaignForm):
            form.renew(view, catalog)
        else:
            form = FORMS[name](view, catalog)
        self.app.push_screen(form, self.saved)

    def on_unmount(self) -> None:
        self.ready.clear()

    def prepare_forms(self) -> None:
        """Build in idle time the forms the highlighted campaign opens next (and the new
        campaign's), from the campaign and cards as they stand (``readyforms``)."""
        if not getattr(self.app, "prebuilds", False):
            return
        view = self.current()
        name = view.name if view is not None else None

        def work(db: Database) -> Any:
            from chronicle.systems.arcadia_quest.service import group_catalog

            return group_catalog(db), _editing(name)(db) if name is not None else None

        def ready(found: Any) -> None:
            group, editing = found
            wanted: list[Wanted] = [("new", None, partial(FORMS["new"], None, group))]
            if editing is not None:
                view, catalog = editing
                if view.summary["next"]["number"] is not None:
                    wanted.append(("scenario", view.summary,
                                   partial(FORMS["scenario"], view, catalog)))
                if view.summary["scenarios"]:
                    wanted.append(("upgrade", view.summary,
                                   partial(FORMS["upgrade"], view, catalog)))
            if self.is_attached:
                self.ready.prepare(self.app, wanted)

        chronicle_app(self).call_service(work, ready, description="Preparing the forms",
                                         group=PREBUILD, quiet=(Exception,),
                                         failed=lambda _exc: None)

    def saved(self, view: CampaignView | None) -> None:
        if view is not None:
            self.notify(f"Saved in {view.name}.", markup=False)
            self.reload_at(view.name)

    def action_new(self) -> None:
        """Start a campaign: its name and guilds, checked live."""
        from chronicle.systems.arcadia_quest.service import group_catalog

        def opened(catalog: QuestCatalog) -> None:
            self.open_form("new", None, catalog)

        self.read_then_open(group_catalog, opened, "Reading the cards")

    # The game's services ---------------------------------------------------------------------

    def archived(self, db: Database) -> list[tuple[str, str]]:
        from chronicle.systems.arcadia_quest.service import list_campaigns

        return [(f"{v.name} ({len(v.summary['scenarios'])}/6)", v.name)
                for v in list_campaigns(db, archived=True)]

    def holds(self, view: CampaignView) -> int:
        return len(view.history) - 1

    def action_undo(self) -> None:
        """Undo the campaign's last event still counting, after saying which and asking (it
        stays in the history, marked)."""
        from chronicle.tui.screens.confirm import ConfirmScreen

        view = self.current()
        if view is None:
            self.none_yet()
            return
        target = last_undoable(view)
        if target is None:
            self.notify(f"{view.name} has nothing to undo: no scenario, upgrade phase or "
                        "correction is recorded.", severity="warning", markup=False)
            return
        name, number = view.name, target.number

        def answered(yes: bool | None) -> None:
            if yes:
                self._undo(name, number)

        self.app.push_screen(ConfirmScreen(f"Undo event {number}?",
                                           f"{target.text}. It stays in the history, marked "
                                           "undone."), answered)

    def _undo(self, name: str, number: int) -> None:
        from chronicle.systems.arcadia_quest.service import undo

        def done(result: Any) -> None:
            _view, target = result
            self.notify(f"Undid event {target.number}: {target.text}.", markup=False)
            self.action_reload()

        def work(db: Database) -> Any:
            from chronicle.errors import Conflict
            from chronicle.systems.arcadia_quest.service import show_campaign

            target = last_undoable(show_campaign(db, name))
            if target is None or target.number != number:   # said in the app's terms
                raise Conflict(f"{name} changed since it was shown: event {number} is no "
                               "longer the last one to undo. Look again (f5), then u.")
            return undo(db, name, number)

        chronicle_app(self).call_service(work, done, description="Undoing the last event")

    def action_print(self) -> None:
        """Write the highlighted campaign's sheet to exports/ in the data folder (asking
        before overwriting one)."""
        from chronicle.systems.arcadia_quest.service import export_sheet
        from chronicle.tui.screens.exporting import export_file, exports_folder

        view = self.current()
        if view is None:
            return
        name = view.name

        def write(db: Database, force: bool, warn: Any) -> Any:
            folder = exports_folder()
            folder.mkdir(parents=True, exist_ok=True)
            return export_sheet(db, name, folder, force=force, warn=warn)

        export_file(self, "campaign sheet", write)

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        yield SystemCommand("New campaign", "Its guilds and heroes, checked live (n)",
                            self.action_new)
        yield SystemCommand("Rename the campaign", "r", self.action_rename)
        yield SystemCommand("Delete the campaign", "One with events is archived (del)",
                            self.action_delete)
        yield SystemCommand("Bring back an archived campaign", "b", self.action_restore)
        yield SystemCommand("Record a scenario", "The next scenario played, with a live coin "
                                                 "tally (s)", self.action_scenario)
        yield SystemCommand("Record the upgrade phase", "Buy, discard, keep curses (g)",
                            self.action_upgrade)
        yield SystemCommand("Undo the last event", "After asking; it stays in the history (u)",
                            self.action_undo)
        yield SystemCommand("Print the campaign sheet", "A PDF in exports/ (p)",
                            self.action_print)
