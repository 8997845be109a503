"""What a game's main screen of kept records shares (a base, not a screen of its own): the
records listed, the highlighted one shown beside or under the list, the focus on the list as
on Wyld Hunt's screens, the rows read again whenever the screen shows (and once in idle time,
``prebuilt``), the highlight kept on the record it was on (or one just started, renamed or
brought back), ``escape`` back to the other games, and the record's mending over the game's
own services: ``r`` renames it (the dialog stays open while the name is refused), ``delete``
deletes it after a confirmation (one with entries is archived), ``b`` brings an archived one
back (``chronicle.tui.recordflows``).

A game's screen says only its own: its layout (``compose``, with one ``CardList``, the
heading ``#{HEADER}`` and the status line ``#{STATUS}``), its columns (``HEADINGS``), the
words for its records (``WHAT``, ``WHATS``, ``ENTRIES``), how they are read
(``action_reload``, ending in ``show_views``) and shown (``show_detail``), and its services
(``SERVICE`` and the names of its functions ``RENAME``, ``DELETE``, ``RESTORE``; ``archived``
and ``holds``). Names are data, never markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, Static

from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.footer import Footer
from chronicle.tui.widgets.narrow import fit_footer

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from rich.text import Text
    from textual.app import ComposeResult

    from chronicle.services.db import Database


class Named(Protocol):
    """A record as a game's service shows it: known by its name."""

    @property
    def name(self) -> str: ...


V = TypeVar("V", bound=Named)
T = TypeVar("T")


def show_item(detail: Static, item: T | None, text_of: Callable[[T], Text]) -> None:
    """Show in ``detail`` the highlighted ``item`` as ``text_of`` says it (plain text, never
    markup), or nothing when no row is highlighted."""
    detail.update("" if item is None else text_of(item))


def listed(prefix: str, listing: CardList, loading: str) -> ComposeResult:
    """The usual layout of a screen of records: the header, the list's column titles
    (``#PREFIX-header``), the list, the highlighted record (``#PREFIX-detail``), the status
    line (``#PREFIX-status``, saying ``loading`` until the records are read), the footer."""
    yield Header()
    yield Vertical(Static("", id=f"{prefix}-header"), listing,
                   Static("", id=f"{prefix}-detail"), Static(loading, id=f"{prefix}-status"))
    yield Footer(compact=True)


class RecordBrowser(Screen[None], Generic[V]):
    """A game's kept records of one kind (``V``: the game's view of one), listed."""

    WHAT: ClassVar[str] = "record"
    """What one record is called on the screen ("campaign", "game")."""
    WHATS: ClassVar[str] = "records"
    """And more than one: "the campaigns" is where a record brought back goes."""
    ENTRIES: ClassVar[tuple[str, str]] = ("entry", "entries")
    """What a record holds, one and many: one holding any is archived, not erased."""
    HEADINGS: ClassVar[tuple[str, ...]] = ()
    """The list's column titles."""
    HEADER: ClassVar[str] = "records-header"
    STATUS: ClassVar[str] = "records-status"
    DETAIL: ClassVar[str] = "records-detail"
    """The ids of the list's column titles, the status line and the highlighted record."""
    NARROW_HIDDEN: ClassVar[tuple[str, ...]] = ("rename", "delete")
    """Keys the footer leaves out below 80 columns (``?`` lists them)."""

    def __init__(self) -> None:
        super().__init__()
        self.views: list[V] = []
        self.wanted: str | None = None
        """The record to put the cursor on at the next load (one just started or renamed)."""

    def listing(self) -> CardList:
        """The list of the records."""
        return self.query_one(CardList)

    def on_mount(self) -> None:
        self.listing().start(self.query_one(f"#{self.HEADER}", Static), self.HEADINGS)

    def on_resize(self) -> None:
        fit_footer(self, self.NARROW_HIDDEN, self.size.width)

    def on_screen_resume(self) -> None:
        self.action_reload()

    def prebuilt(self) -> None:
        """Built in idle time (``OtherGamesScreen.prebuilt_screens``): load once, so the
        first showing only reads the rows again."""
        self.action_reload()

    def action_reload(self) -> None:
        """Read the records again (in a worker), then ``show_views``."""
        raise NotImplementedError

    def show_views(self, views: list[V], rows: list[Sequence[str]], status: str, *,
                   dim: set[int] | None = None, otherwise: int = 0) -> None:
        """Show the records read, the highlight on the one wanted or shown before (else on the
        row ``otherwise``), and ``status`` under them."""
        current = self.current()
        wanted = self.wanted or (current.name if current is not None else None)
        self.wanted = None
        self.views = views
        names = [v.name for v in views]
        keep = names.index(wanted) if wanted in names else otherwise
        self.listing().set_rows(rows, dim=dim, keep=keep)
        self.query_one(f"#{self.STATUS}", Static).update(status)
        self.show_detail()

    def current(self) -> V | None:
        """The record under the cursor."""
        return self.listing().pick(self.views)

    def show_detail(self) -> None:
        """Show the highlighted record in ``#{DETAIL}`` (``detail_text``)."""
        show_item(self.query_one(f"#{self.DETAIL}", Static), self.current(), self.detail_text)

    def detail_text(self, view: V) -> Text:
        """The highlighted record as shown under (or beside) the list."""
        raise NotImplementedError

    def on_card_list_highlighted(self, _event: CardList.Highlighted) -> None:
        self.show_detail()

    def reload_at(self, name: str) -> None:
        """Read the records again, the highlight on the one called ``name``."""
        self.wanted = name
        self.action_reload()

    def none_yet(self) -> None:
        """Say there is no record to act on."""
        self.notify(f"No {self.WHAT} yet: n starts one.", severity="warning")

    def action_back(self) -> None:
        """Back to the other games."""
        if len(self.app.screen_stack) > 1:
            self.dismiss()

    # The game's services, run in a worker ---------------------------------------------------

    SERVICE: ClassVar[str] = ""
    """The game's service module, imported when first used."""
    RENAME: ClassVar[str] = ""
    """Its function renaming a record: ``(db, old, new)``, the record after."""
    DELETE: ClassVar[str] = ""
    """Its function deleting (or archiving) one: ``(db, name)``, the store's sentence."""
    RESTORE: ClassVar[str] = ""
    """Its function bringing an archived one back: ``(db, name)``, the record after."""

    def call(self, function: str, *arguments: object) -> Any:
        """The game's service ``function`` called with ``arguments``."""
        from importlib import import_module

        return getattr(import_module(self.SERVICE), function)(*arguments)

    def rename(self, db: Database, old: str, new: str) -> V:
        """Rename the record ``old`` to ``new``."""
        return cast("V", self.call(self.RENAME, db, old, new))

    def delete(self, db: Database, name: str) -> str:
        """Delete (or archive) the record ``name``; the store's sentence for what it did."""
        return str(self.call(self.DELETE, db, name))

    def restore(self, db: Database, name: str) -> V:
        """Bring the archived record ``name`` back."""
        return cast("V", self.call(self.RESTORE, db, name))

    def archived(self, db: Database) -> list[tuple[str, str]]:
        """The archived records: each its line in the pick list and its name."""
        raise NotImplementedError

    def holds(self, view: V) -> int:
        """How many entries the record holds (one holding any is archived, not erased)."""
        raise NotImplementedError

    # Mending ------------------------------------------------------------------------------

    def action_rename(self) -> None:
        """Rename the highlighted record (the dialog stays open while the name is refused)."""
        from chronicle.tui.recordflows import rename_record

        view = self.current()
        if view is None:
            self.none_yet()
            return
        old = view.name

        def renamed(new: V) -> None:
            self.notify(f"{old} is now called {new.name}.", markup=False)
            self.reload_at(new.name)

        rename_record(self, self.WHAT, old, lambda db, text: self.rename(db, old, text),
                      renamed)

    def action_delete(self) -> None:
        """Delete the highlighted record after a confirmation: one with entries is archived
        (b brings it back), one without goes for good."""
        from chronicle.tui.recordflows import delete_record

        view = self.current()
        if view is None:
            return
        name = view.name

        def deleted(said: str) -> None:
            self.notify(said[:1].upper() + said[1:] + ".", markup=False)
            self.action_reload()

        delete_record(self, self.WHAT, name, self.holds(view), self.ENTRIES, "b",
                      lambda db: self.delete(db, name), deleted)

    def action_restore(self) -> None:
        """Pick an archived record and bring it back."""
        from chronicle.tui.recordflows import bring_back

        def back(view: V) -> None:
            self.notify(f"{view.name} is back in the {self.WHATS}.", markup=False)
            self.reload_at(view.name)

        bring_back(self, self.WHATS, self.archived, self.restore, back)


__all__ = ["Named", "RecordBrowser", "listed", "show_item"]
