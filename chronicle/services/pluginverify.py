"""``chronicle systems verify KEY``: a game system held to the plug-in contract in one run, so a
misspelt lazy name or a broken schema is found before the front that uses it runs.

It resolves every lazy name the game states (its checkers, odds commands, command groups,
record kinds with their folds, sheets, screens, optional modules and the parts it gives as the
home game, ``HomeParts``) and that each is what its use needs (a callable, a screen class, the
help's text, a fold's functions), checks that every area names one of its screens, loads its card
schema (a model for each card kind, each model's JSON schema built) and reads its bundled cards
through it, checks its sample files (each file kind's ``sample`` and those given), and builds
each sheet against an empty temporary database (a builder may refuse a record it cannot find,
never fail otherwise). Every problem is reported; none stops the others from being looked for.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.errors import ChronicleError

if TYPE_CHECKING:
    from chronicle.systems.protocol import GameSystem

NOT_LAZY = frozenset({"key", "label", "docs"})
"""The text fields of ``GameSystem`` that are no lazy name."""
_LAZY = re.compile(r"[A-Za-z_][\w.]*(:[A-Za-z_][\w.]*)?")
CALLABLE_FIELDS = frozenset({"check", "card_check", "card_rules", "sheet_front", "stats"})
"""The optional fields of ``GameSystem`` whose lazy name is a function."""
HOME_CALLABLE = frozenset({"overview", "card_names", "demo"})
"""The fields of ``HomeParts`` whose lazy name is a function (``help`` names a string,
``exchange`` and ``completion`` modules)."""
FOLD_PARTS = ("begin", "step", "report")
"""What a record kind's ``fold`` must have (``chronicle.systems.protocol.Fold``)."""
MISSING_RECORD = "(chronicle systems verify: no such record)"
"""The name each sheet is built for: the empty database has none, so a builder refuses it."""


@dataclass
class Verified:
    """What verifying a game system found.

    Attributes:
        key: the system's key.
        checked: what was looked at, one line each ("lazy name file kind 'bag': ...").
        problems: every problem, "where: what"; none means the plug-in holds to the contract.
    """

    key: str
    checked: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """0: no problem; 1: problems (listed)."""
        return 1 if self.problems else 0

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` shape."""
        return {"key": self.key, "checked": self.checked, "problems": self.problems,
                "exit_code": self.exit_code}


def verify(key: str, samples: Sequence[Path] = ()) -> Verified:
    """Hold the installed game system ``key`` to the plug-in contract; ``samples`` are files
    it should find legal (checked by the checker ``chronicle check`` runs for the game).

    Raises:
        UnknownSystem: no installed game has that key.
    """
    from chronicle.systems import registry

    found = Verified(key)
    try:
        system = registry.system(key)
    except registry.BadSystem as exc:
        found.problems.append(f"registration: {exc}")
        return found
    found.key = system.key
    resolved = _names(system, found)
    _areas(system, found)
    _schema(system, found)
    _samples(system, resolved, samples, found)
    _sheets(system, resolved, found)
    return found


def _lazy_names(system: GameSystem) -> Iterator[tuple[str, str, bool]]:
    """Every lazy name ``system`` states: where it is stated, the name, and whether it must
    be callable."""
    for name, value in zip(system._fields, system, strict=True):
        if name not in NOT_LAZY and isinstance(value, str) and _LAZY.fullmatch(value):
            yield name, value, name in CALLABLE_FIELDS
    for kind in system.file_kinds:
        yield f"file kind {kind.name!r}: check", kind.check, True
        sample = getattr(kind, "sample", None)
        if sample is not None:
            yield f"file kind {kind.name!r}: sample", sample, False
    for command in system.odds:
        yield f"odds command {command.name!r}: run", command.run, True
    for group in system.commands:
        yield f"command group {group.name!r}: register", group.register, True
    for record in system.records:
        for part in ("check", "describe", "steps", "readable", "fold"):
            value = getattr(record, part, None)
            if value is not None:
                yield f"record kind {record.name!r}: {part}", value, part != "fold"
    for part, stated in zip(system.home._fields, system.home, strict=True):
        if isinstance(stated, str):
            yield f"home {part}", stated, part in HOME_CALLABLE
    for name, value in system.sheets.items():
        yield f"sheet {name!r}", value, True
    for name, value in system.screens.items():
        yield f"screen {name!r}", value, True


def _names(system: GameSystem, found: Verified) -> dict[str, Any]:
    """Resolve every lazy name; the values by where they are stated."""
    from chronicle.systems.protocol import load_name

    resolved: dict[str, Any] = {}
    for where, name, call in _lazy_names(system):
        found.checked.append(f"lazy name {where}: {name}")
        try:
            value = load_name(name)
        except Exception as exc:
            found.problems.append(f"{where}: {name!r} does not resolve ({_why(exc)})")
            continue
        if call and not callable(value):
            found.problems.append(f"{where}: {name!r} is a {type(value).__name__}, not "
                                  "something to call")
            continue
        if where.startswith("screen ") and not _is_screen(value):
            found.problems.append(f"{where}: {name!r} is not a Textual Screen class")
            continue
        if where == "home help" and not isinstance(value, str):
            found.problems.append(f"{where}: {name!r} is a {type(value).__name__}, not the "
                                  "help's text")
            continue
        lacking = [part for part in FOLD_PARTS if not callable(getattr(value, part, None))]
        if where.endswith(": fold") and lacking:
            found.problems.append(f"{where}: {name!r} has no {', '.join(lacking)} (a fold "
                                  "begins, steps and reports)")
            continue
        resolved[where] = value
    return resolved


def _is_screen(value: Any) -> bool:
    return isinstance(value, type) and any(
        c.__name__ == "Screen" and c.__module__.startswith("textual")
        for c in value.__mro__)


def _areas(system: GameSystem, found: Verified) -> None:
    for area in system.home.areas:
        found.checked.append(f"area {area.name!r}")
        if area.screen not in system.screens:
            found.problems.append(f"area {area.name!r}: its screen {area.screen!r} is not one "
                                  f"of the game's screens ({', '.join(system.screens) or 'none'})")


def _schema(system: GameSystem, found: Verified) -> None:
    """Load the card schema, each card kind's model and its JSON schema, then read the
    bundled cards through it."""
    if system.card_schema is None:
        if system.card_kinds:
            found.problems.append(f"card schema: none, while the game has card kinds "
                                  f"({', '.join(system.card_kinds)})")
        return
    from chronicle.systems.protocol import load_name

    found.checked.append("card schema")
    try:
        schema = load_name(system.card_schema)
    except Exception:
        return
    for part in ("validate", "to_card"):
        if not callable(getattr(schema, part, None)):
            found.problems.append(f"card schema: {system.card_schema!r} has no {part}() (a "
                                  "card schema validates a card's table and builds the card)")
            return
    try:
        from chronicle.catalog.front import model_schema

        holder = model_schema(schema)  # itself, or the models a quick schema defers to
        models: dict[str, Any] = dict(holder.models) if holder is not None else {}
    except Exception as exc:
        found.problems.append(f"card schema: its models do not load ({_why(exc)})")
        return
    for kind in system.card_kinds:
        model = models.get(kind)
        if model is None:
            if models:
                found.problems.append(f"card schema: no model for the card kind {kind!r}")
            continue
        try:
            model.model_json_schema()
        except Exception as exc:
            found.problems.append(f"card schema: the model of {kind!r} does not build its "
                                  f"schema ({_why(exc)})")
    _bundled_cards(system, schema, found)


def _bundled_cards(system: GameSystem, schema: Any, found: Verified) -> None:
    from chronicle import paths
    from chronicle.catalog.layers import read_files
    from chronicle.catalog.loader import card_files
    from chronicle.domain.values import Origin

    files = card_files(paths.bundled_cards_dir(system.key))
    if not files:
        return
    found.checked.append(f"bundled cards: {len(files)} file(s)")
    try:
        _entries, problems = read_files(files, schema, Origin.BUNDLED)
    except Exception as exc:
        found.problems.append(f"bundled cards: reading them failed ({_why(exc)})")
        return
    found.problems.extend(f"bundled cards: {problem}" for problem in problems)


def _samples(system: GameSystem, resolved: dict[str, Any], given: Sequence[Path],
             found: Verified) -> None:
    runs: list[tuple[str, Path, Callable[..., Any] | None]] = []
    for kind in system.file_kinds:
        where = f"file kind {kind.name!r}: sample"
        if where in resolved:
            runs.append((where, Path(resolved[where]), resolved.get(
                f"file kind {kind.name!r}: check")))
    checker: Callable[..., Any] | None
    try:
        checker = system.checker()
    except Exception as exc:
        checker = None
        if given:
            found.problems.append(f"check: no one checker for the game's files ({_why(exc)})")
    runs += [(f"sample {path}", path, checker) for path in given]
    for where, path, check in runs:
        if check is None:
            continue
        found.checked.append(where)
        try:
            outcome = check(path, None)
            code, report = outcome.exit_code, outcome.report
        except Exception as exc:
            found.problems.append(f"{where}: checking it failed ({_why(exc)})")
            continue
        if code == 2:
            said = "; ".join(str(p) for p in outcome.problems) or "no report"
            found.problems.append(f"{where}: the game cannot use it (exit 2: {said})")
        elif code != 0:
            codes = ", ".join(report.codes) if report is not None else "?"
            found.problems.append(f"{where}: the game finds it illegal (exit {code}: {codes})")


def _sheets(system: GameSystem, resolved: dict[str, Any], found: Verified) -> None:
    builders = {name: resolved[f"sheet {name!r}"] for name in system.sheets
                if f"sheet {name!r}" in resolved}
    if not builders:
        return
    from chronicle.export.model import Document
    from chronicle.services.db import open_database

    with tempfile.TemporaryDirectory(prefix="chronicle-verify-") as folder:
        db = open_database(f"sqlite:///{Path(folder) / 'verify.db'}")
        try:
            for name, build in builders.items():
                found.checked.append(f"sheet {name!r} built")
                try:
                    made = build(db, MISSING_RECORD, None)
                except ChronicleError:
                    continue  # refused: no such record in the empty database, as it should
                except Exception as exc:
                    found.problems.append(f"sheet {name!r}: building it failed ({_why(exc)})")
                    continue
                if not isinstance(made, Document):
                    found.problems.append(f"sheet {name!r}: built a {type(made).__name__}, "
                                          "not a chronicle.export.model.Document")
        finally:
            db.close()


def _why(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"
