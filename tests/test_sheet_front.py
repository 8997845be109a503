"""``chronicle export`` only dispatches: every sheet is a game's (``GameSystem.sheets``), and a
game whose sheet takes options of its own adds its subcommand through its ``sheet_front``
(here the toy game given one, a ``tag`` sheet with ``--label``), writing through the same
destination and paper as every export. Wyld Hunt's ``sheet``, ``log``, ``game`` and
``player`` are its own front's; the export module names none of them."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from test_systems_toy import run

from chronicle.systems import registry
from chronicle.systems.protocol import GameSystem

REPO = Path(__file__).resolve().parent.parent


def register(sub: Any) -> None:
    """This module as the toy's ``sheet_front``: ``chronicle export tag BAG --label TEXT``."""
    from chronicle.cli.common import add_player, command
    from chronicle.cli.exports import add_destination

    tag = command(sub, "tag", _tag, "a bag's tag", args=("bag",))
    tag.add_argument("--label", required=True)
    add_player(tag)
    add_destination(tag)


def _tag(args: argparse.Namespace) -> int:
    from toy_game.service import BAGS

    from chronicle.cli.common import database
    from chronicle.cli.exports import export_options
    from chronicle.cli.output import emit
    from chronicle.services.exports import destination, write_document

    options = export_options(args)
    document = BAGS.sheet(database(args), args.bag, args.player)
    path = destination(f"{args.label} {args.bag}", options.pop("out"), suffix="-tag")
    emit(f"Wrote {write_document(document, path, **options)}")
    return 0


@pytest.fixture
def toy(private_data_dir: Path) -> Iterator[GameSystem]:
    from toy_game import SYSTEM

    with registry.registered(SYSTEM._replace(sheet_front="test_sheet_front:register")) as one:
        yield one


def test_a_games_sheet_front_adds_its_own_export(toy: GameSystem, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    url = f"sqlite:///{tmp_path}/toy.db"
    assert run("--db", url, "player", "add", "Ada")[0] == 0
    assert run("--db", url, "bag", "new", "Pouch", "--limit", "9", "--player", "Ada")[0] == 0
    code, out, err = run("--db", url, "export", "tag", "Pouch", "--player", "Ada",
                         "--label", "Red")
    assert code == 0, err
    written = tmp_path / "exports" / "red-pouch-tag.pdf"
    assert out.strip() == f"Wrote {Path('exports') / written.name}"
    assert "Pouch" in "".join(page.extract_text() for page in PdfReader(written).pages)
    code, _, err = run("--db", url, "export", "tag", "Pouch", "--player", "Ada",
                       "--label", "Red")
    assert code == 2 and "--force" in err  # written as every export: never over a file
    with pytest.raises(SystemExit) as refused:  # argparse: the front's own option
        run("--db", url, "export", "tag", "Pouch", "--player", "Ada")
    assert refused.value.code == 2
    assert run("--db", url, "export", "bag", "Pouch", "--player", "Ada")[0] == 0  # the plain one


def test_the_export_command_names_no_games_sheet() -> None:
    """The home game's sheets are its own front's (``sheet_front``), not the export module's."""
    for module in ("cli/exports.py", "services/exports.py"):
        text = (REPO / "chronicle" / module).read_text(encoding="utf-8")
        for word in ("pencil", "show_character", "Quest Treasures", "show_game", "chronicles",
                     "find_characters"):
            assert word not in text, (module, word)
