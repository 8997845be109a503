"""What every game's hostile-file tests share: writing a hostile file, the garbage bytes and
special files every reader must refuse, a user card folder full of bad files, and the checks
that a refusal is located, names the file and never echoes a hostile value whole.

A game's test module keeps its own cases (its file format's keys) and calls these:

    outcome = check_text(tmp_path, "campaign.toml", text, lambda p: check_path(p, CARDS))
    assert_located(outcome, wanted, "campaign.toml")
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

LONG = "x" * 10_000
"""A 10,000-character value."""
ECHO_LIMIT = 5_000
"""Problems about one file are shorter than this: a hostile value is never echoed whole."""
GARBAGE: dict[str, bytes] = {
    "bom-nul": b"\xff\xfe\x00garbage",
    "random-bytes": random.Random(2048).randbytes(2048),
    "nul-bytes": b"\x00" * 100,
    "latin-1": "ñ".encode("latin-1") * 10,
}
"""Bytes that are no TOML file, by name (for ``pytest.mark.parametrize(ids=...)``)."""


class Outcome(Protocol):
    """What a game's ``check_path`` returns (``CheckOutcome`` and its likes)."""

    @property
    def exit_code(self) -> int: ...

    @property
    def report(self) -> Any: ...

    @property
    def problems(self) -> Any: ...


def check_text(tmp_path: Path, name: str, text: str | bytes,
               check: Callable[[Path], Outcome]) -> Outcome:
    """Write ``text`` (or bytes) to ``name`` in ``tmp_path`` and check it with ``check``."""
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return check(path)


def assert_located(outcome: Outcome, wanted: str, name: str) -> None:
    """The file was refused (exit status 2, no report) with a problem containing ``wanted``,
    every problem names the file, and no problem echoes a hostile value whole."""
    assert outcome.exit_code == 2 and outcome.report is None
    shown = "\n".join(str(p) for p in outcome.problems)
    assert wanted in shown, shown
    assert all(p.path.endswith(name) for p in outcome.problems)
    assert len(shown) < ECHO_LIMIT, "a hostile value is never echoed whole"


def assert_refused(outcome: Outcome) -> None:
    """The file was refused with at least one problem."""
    assert outcome.exit_code == 2 and outcome.problems


def special_paths(tmp_path: Path) -> list[Path]:
    """A FIFO, ``/dev/zero``, a folder and a missing file: none of them is a file to read."""
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    return [fifo, Path("/dev/zero"), tmp_path, tmp_path / "missing.toml"]


def hostile_card_folder(tmp_path: Path, kind: str, good_card: str) -> Path:
    """A user card folder with four bad files (undecodable bytes, a 10,000-character name of
    ``kind``, an unknown format version, another game's file) and one good file holding the
    ``good_card`` TOML table(s); the catalog must report four problems and load the rest."""
    user = tmp_path / "cards"
    user.mkdir()
    (user / "a.toml").write_bytes(b"\xff\xfe")
    (user / "b.toml").write_text(f'version = 1\n[[card]]\nname = "{LONG}"\nkind = "{kind}"\n',
                                 encoding="utf-8")
    (user / "c.toml").write_text("version = 2\n", encoding="utf-8")
    (user / "d.toml").write_text('version = 1\ngame = "wyld-hunt"\n', encoding="utf-8")
    (user / "e.toml").write_text(f"version = 1\n{good_card}", encoding="utf-8")
    return user
