"""The stable plug-in surface: everything a game written as its own package may use of Arcadia
Chronicle, in one place (``from chronicle.systems.api import GameSystem, Report, ...``).

A name here keeps its meaning across releases; anything else in ``chronicle`` may change under a
plug-in. The names are grouped by the part of a game that uses them (docs/architecture.md, "A
game's folder"), and each part may use its own group and the groups above it:

- ``PROTOCOL``: what ``plugin.py`` states (``GameSystem`` and its parts, ``load_name``);
- ``CORE``: the game's pure core (reports and their codes, the card loader and schema, located
  file problems, the services' errors, the data folders);
- ``SERVICE``: ``service.py`` (the generic record store, the database, the statistics shape);
- ``CLI``: ``cli.py`` (the command line's handling and output);
- ``SHEETS``: ``sheets.py`` (the printed document model and its branding);
- ``SCREENS``: ``screens/`` (the app, its dialogs, user text never read as markup).

Importing this module imports nothing else: each name is imported when it is first used (a
plug-in's pure core that imports ``Report`` from here loads no database, app or PDF code). A
type checker sees every name (``py.typed`` ships with the package, so a plug-in type-checks
with ``mypy --strict``). ``chronicle systems verify KEY`` checks a plug-in against this
contract.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chronicle import paths
    from chronicle.catalog.layers import read_files
    from chronicle.catalog.loader import CardEntry, card_files, read_toml, validate_card_tables
    from chronicle.catalog.problems import FileProblem
    from chronicle.catalog.recordfile import check_record_file
    from chronicle.catalog.schema import ModelSchema
    from chronicle.cli.common import add_json, add_player, database, run_service
    from chronicle.cli.output import emit, emit_json, fail
    from chronicle.cli.recordcommands import add_record_commands, add_view_command
    from chronicle.domain.values import Origin
    from chronicle.errors import (
        AlreadyExists,
        BadInput,
        ChronicleError,
        Conflict,
        NotFound,
        Refused,
    )
    from chronicle.export.model import (
        Document,
        Field,
        FieldGrid,
        Heading,
        ItemList,
        Note,
        Part,
        Table,
        TextBox,
    )
    from chronicle.export.wording import brand, branded
    from chronicle.rules.report import Fix, Report, Severity, Violation
    from chronicle.services import recordstore as records
    from chronicle.services.db import Database
    from chronicle.services.gamerecords import GameRecords
    from chronicle.services.recordstore import StoredRecord
    from chronicle.services.stats import GameStats, Play, Seat, Series
    from chronicle.services.stats import Table as StatsTable
    from chronicle.systems.protocol import (
        Area,
        CardPlace,
        Checked,
        CommandGroup,
        Edition,
        FileKind,
        GameSystem,
        OddsAnswer,
        OddsCommand,
        Option,
        RecordContext,
        RecordKind,
        RecordLink,
        load_name,
    )
    from chronicle.tui.screens.base import chronicle_app
    from chronicle.tui.screens.dialog import FormDialog, buttons, field
    from chronicle.tui.screens.recordlist import RecordListScreen
    from chronicle.tui.text import markup, plain

PROTOCOL = {name: f"chronicle.systems.protocol:{name}" for name in (
    "Area", "Checked", "CommandGroup", "Edition", "FileKind", "GameSystem", "OddsAnswer",
    "OddsCommand", "Option", "RecordContext", "RecordKind", "RecordLink", "load_name",
    "CardPlace")}
"""What ``plugin.py`` states."""
CORE = {
    **{name: f"chronicle.rules.report:{name}" for name in ("Fix", "Report", "Severity",
                                                          "Violation")},
    **{name: f"chronicle.errors:{name}" for name in ("AlreadyExists", "BadInput",
                                                    "ChronicleError", "Conflict", "NotFound",
                                                    "Refused")},
    **{name: f"chronicle.catalog.loader:{name}" for name in ("CardEntry", "card_files",
                                                            "read_toml",
                                                            "validate_card_tables")},
    "read_files": "chronicle.catalog.layers:read_files",
    "FileProblem": "chronicle.catalog.problems:FileProblem",
    "ModelSchema": "chronicle.catalog.schema:ModelSchema",
    "check_record_file": "chronicle.catalog.recordfile:check_record_file",
    "Origin": "chronicle.domain.values:Origin",
    "paths": "chronicle.paths",
}
"""The game's pure core: reports, the card loader, located problems, errors, data folders."""
SERVICE = {
    "records": "chronicle.services.recordstore",
    "StoredRecord": "chronicle.services.recordstore:StoredRecord",
    "GameRecords": "chronicle.services.gamerecords:GameRecords",
    "Database": "chronicle.services.db:Database",
    **{name: f"chronicle.services.stats:{name}" for name in ("GameStats", "Play", "Seat",
                                                            "Series")},
    "StatsTable": "chronicle.services.stats:Table",
}
"""``service.py``: the record store, the database, the statistics shape."""
CLI = {
    **{name: f"chronicle.cli.common:{name}" for name in ("add_json", "add_player", "database",
                                                        "run_service")},
    **{name: f"chronicle.cli.output:{name}" for name in ("emit", "emit_json", "fail")},
    **{name: f"chronicle.cli.recordcommands:{name}" for name in ("add_record_commands",
                                                                "add_view_command")},
}
"""``cli.py``: the command line's error handling and output."""
SHEETS = {
    **{name: f"chronicle.export.model:{name}" for name in ("Document", "Field", "FieldGrid",
                                                          "Heading", "ItemList", "Note", "Part",
                                                          "Table", "TextBox")},
    **{name: f"chronicle.export.wording:{name}" for name in ("brand", "branded")},
}
"""``sheets.py``: the printed document model."""
SCREENS = {
    "chronicle_app": "chronicle.tui.screens.base:chronicle_app",
    "RecordListScreen": "chronicle.tui.screens.recordlist:RecordListScreen",
    **{name: f"chronicle.tui.screens.dialog:{name}" for name in ("FormDialog", "buttons",
                                                                "field")},
    **{name: f"chronicle.tui.text:{name}" for name in ("markup", "plain")},
}
"""``screens/``: the app, its form dialogs, user text as data."""
SURFACE: dict[str, str] = {**PROTOCOL, **CORE, **SERVICE, **CLI, **SHEETS, **SCREENS}
"""Every name of the surface and where it lives (a lazy name)."""

__all__ = ["AlreadyExists", "Area", "BadInput", "CardEntry", "CardPlace", "Checked",
           "ChronicleError", "CommandGroup", "Conflict", "Database", "Document", "Edition",
           "Field", "FieldGrid", "FileKind", "FileProblem", "Fix", "FormDialog", "GameRecords",
           "GameStats", "GameSystem", "Heading", "ItemList", "ModelSchema", "NotFound", "Note",
           "OddsAnswer", "OddsCommand", "Option", "Origin", "Part", "Play", "RecordContext",
           "RecordKind", "RecordLink", "RecordListScreen", "Refused", "Report", "Seat", "Series",
           "Severity", "StatsTable", "StoredRecord", "Table", "TextBox", "Violation", "add_json",
           "add_player", "add_record_commands", "add_view_command", "brand", "branded", "buttons",
           "card_files", "check_record_file", "chronicle_app", "database", "emit", "emit_json",
           "fail", "field", "load_name", "markup", "paths", "plain", "read_files", "read_toml",
           "records", "run_service", "validate_card_tables"]


def __getattr__(name: str) -> Any:
    """The surface's ``name``, imported on first use (PEP 562)."""
    where = SURFACE.get(name)
    if where is None:
        raise AttributeError(f"chronicle.systems.api has no {name!r}: the plug-in surface is "
                             f"{', '.join(sorted(SURFACE))}")
    from chronicle.systems.protocol import load_name as load

    value = load(where)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *SURFACE})
