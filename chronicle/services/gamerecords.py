"""A game's kept records as use cases: what every game that keeps a record kind in the database
(a battle force, a campaign, a hunt, a toy's bag) gets by saying only how a stored record looks
to its fronts.

A game makes one :class:`GameRecords` per record kind, with its key, the kind's name and its
``view(db, record) -> V`` (the record replayed through the game's own rules), and optionally
its sheet (``build(db, name, player) -> Document``, the ``GameSystem.sheets`` contract, or
just the one ``Part`` a view prints as). It
then has, over the generic record store (``chronicle.services.recordstore``): ``create``,
``get``, ``list``, ``append`` (an event, undo being the game's own compensating one),
``modify``, ``rename``, ``delete`` (archived when it has a history), ``restore`` and
``export_sheet`` (the PDF, never over a file unasked), each raising the services' errors
(``NotFound`` with the nearest name, ``Refused`` with the rules' report, ``AlreadyExists``,
``Conflict``, ``BadInput``). The command-line side is ``chronicle.cli.recordcommands``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from chronicle.errors import BadInput

if TYPE_CHECKING:
    from chronicle.export.model import Document, Part
    from chronicle.services.db import Database
    from chronicle.services.exports import Warn
    from chronicle.services.recordstore import StoredRecord

V = TypeVar("V")
Sheet = Callable[["Database", str, "str | None"], "Document"]


def as_dict(view: Any) -> dict[str, Any]:
    """A view as its JSON shows it: its ``to_dict()``, else its dataclass fields.

    Raises:
        BadInput: the view is neither.
    """
    import dataclasses

    shown = getattr(view, "to_dict", None)
    if shown is not None:
        found: dict[str, Any] = shown()
        return found
    if dataclasses.is_dataclass(view) and not isinstance(view, type):
        return dataclasses.asdict(view)
    raise BadInput(f"a {type(view).__name__} cannot be shown as fields")


class GameRecords(Generic[V]):
    """The use cases of one record kind of one game, each giving the game's view ``V``."""

    def __init__(self, game: str, kind: str, view: Callable[[Database, StoredRecord], V], *,
                 sheet: Sheet | None = None, part: Callable[[V], Part] | None = None,
                 suffix: str = "") -> None:
        self.game, self.kind, self._view, self._sheet, self._part = game, kind, view, sheet, part
        self.suffix = suffix or f"-{kind}"
        """Ends the default file name of a sheet: ``<name>-campaign.pdf``."""

    def view(self, db: Database, record: StoredRecord) -> V:
        """The game's view of a stored record."""
        return self._view(db, record)

    def record(self, db: Database, name: str, player: str | None = None, *,
               archived: bool = False) -> StoredRecord:
        """The stored record called ``name`` (NotFound with the nearest name)."""
        from chronicle.services import recordstore as records

        return records.get(db, self.game, self.kind, name, player=player, archived=archived)

    def create(self, db: Database, name: str, data: dict[str, Any], player: str | None = None,
               *, events: Sequence[tuple[str, dict[str, Any]]] = (),
               final_data: dict[str, Any] | None = None) -> V:
        """Store a new record (``records.create``: checked by the game's rules, all or
        nothing)."""
        from chronicle.services import recordstore as records

        return self.view(db, records.create(db, self.game, self.kind, name, data,
                                            player=player, events=events,
                                            final_data=final_data))

    def get(self, db: Database, name: str, player: str | None = None, *,
            archived: bool = False) -> V:
        """The record called ``name`` (an archived one with ``archived``)."""
        return self.view(db, self.record(db, name, player, archived=archived))

    def list(self, db: Database, player: str | None = None, *, archived: bool = False,
             damaged: list[str] | None = None) -> list[V]:
        """Every record of the kind (of ``player``), by name. With ``damaged``, a record the
        game cannot read (``BadInput`` from its view) is left out and said there, so the
        others still show."""
        from chronicle.services import recordstore as records

        views = []
        for record in records.list_records(db, self.game, self.kind, player=player,
                                           archived=archived):
            try:
                views.append(self.view(db, record))
            except BadInput as exc:
                if damaged is None:
                    raise
                damaged.append(str(exc))
        return views

    def append(self, db: Database, name: str, event_kind: str, payload: dict[str, Any],
               player: str | None = None, *, expected_version: int | None = None) -> V:
        """Append an event (``records.append``: refused when it brings a new error)."""
        from chronicle.services import recordstore as records

        return self.view(db, records.append(db, self.game, self.kind, name, event_kind,
                                            payload, player=player,
                                            expected_version=expected_version))

    def modify(self, db: Database, name: str, change: Callable[[StoredRecord], dict[str, Any]],
               player: str | None = None, *, expected_version: int | None = None) -> V:
        """Change a record's data from what the write reads (``records.modify``)."""
        from chronicle.services import recordstore as records

        return self.view(db, records.modify(db, self.game, self.kind, name, change,
                                            player=player, expected_version=expected_version))

    def rename(self, db: Database, name: str, new_name: str, player: str | None = None) -> V:
        """Give a record another name (its history is kept).

        Raises:
            NotFound, AlreadyExists, BadInput: as the store says.
        """
        from chronicle.services import recordstore as records

        return self.view(db, records.rename(db, self.game, self.kind, name, new_name,
                                            player=player))

    def delete(self, db: Database, name: str, player: str | None = None, *,
               named_by: str | None = None) -> str:
        """Delete a record: one with a history (or one ``named_by`` another) is archived and
        can be restored, one without is erased; returns the store's sentence for what was
        done.

        Raises:
            NotFound: no such record.
        """
        from chronicle.services import recordstore as records

        return records.delete(db, self.game, self.kind, name, player=player, named_by=named_by)

    def restore(self, db: Database, name: str, player: str | None = None) -> V:
        """Bring an archived record back into use.

        Raises:
            NotFound: no archived record of that name (with the nearest name).
        """
        from chronicle.services import recordstore as records

        return self.view(db, records.restore(db, self.game, self.kind, name, player=player))

    def sheet(self, db: Database, name: str, player: str | None = None) -> Document:
        """The record's printed sheet: the game's ``sheet`` builder, or a document of the one
        ``part`` the game makes of a record's view, else of the view's ``to_dict()`` (a
        ``GameSystem.sheets`` builder either way: ``"module:RECORDS.sheet"``).

        Raises:
            BadInput: the game prints no sheet of this kind; NotFound: no such record.
        """
        if self._sheet is not None:
            return self._sheet(db, name, player)
        from chronicle.export.model import Document

        view = self.get(db, name, player)
        part = self._part(view) if self._part is not None else self._plain_part(view)
        return Document(title=f"{part.title} · {part.kind}", parts=(part,))

    def _plain_part(self, view: V) -> Part:
        """The sheet of a view that says nothing of paper: its fields and lists
        (``as_dict``, ``chronicle.export.recordsheet``).

        Raises:
            BadInput: the view is neither a dataclass nor has ``to_dict``.
        """
        from chronicle.export.recordsheet import record_part
        from chronicle.export.wording import brand
        from chronicle.systems import registry

        spec = registry.system(self.game).record_kind(self.kind)
        return record_part(as_dict(view), spec.label if spec else self.kind, brand(self.game))

    def export_sheet(self, db: Database, name: str, out: Path | None = None, *,
                     player: str | None = None, force: bool = False,
                     folder: Path | None = None, paper: str | None = None,
                     warn: Warn | None = None) -> Path:
        """Write the record's sheet as a PDF: to ``out`` (a file, or a folder for the
        default name), else to ``folder`` (default ``exports/``) as
        ``<record's name><suffix>.pdf``; returns the file written.

        Raises:
            NotFound: no such record. AlreadyExists: the file exists and ``force`` is false.
            BadInput: the file cannot be written.
        """
        from chronicle.services.exports import destination, write_document

        document = self.sheet(db, name, player)
        stem = document.parts[0].title if document.parts else name
        path = destination(stem, out, folder, suffix=self.suffix, fallback=self.kind)
        return write_document(document, path, force=force, paper=paper, warn=warn)
