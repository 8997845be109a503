"""``chronicle export`` driven through ``chronicle.cli.main`` as a player would type it: the
files land where promised, are never overwritten without ``--force``, never escape their
folder, and read back as PDFs."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from chronicle.cli import main

REPO = Path(__file__).resolve().parent.parent


class Shell:
    """Runs chronicle commands against one throwaway database, from a throwaway folder."""

    def __init__(self, capsys: pytest.CaptureFixture[str], db: Path) -> None:
        self.capsys = capsys
        self.url = f"sqlite:///{db}"

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        code = main(["--db", self.url, *argv])
        out, err = self.capsys.readouterr()
        return code, out, err


@pytest.fixture
def sh(capsys: pytest.CaptureFixture[str], tmp_path: Path,
       monkeypatch: pytest.MonkeyPatch) -> Shell:
    """The demo's play group; the current folder is an empty one."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    shell = Shell(capsys, tmp_path / "chronicle.db")
    code, _out, err = shell("demo")
    assert code == 0, err
    return shell


def read(path: Path) -> tuple[int, str]:
    """Page count and text of a PDF file."""
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    return len(reader.pages), "\n".join(p.extract_text() for p in reader.pages)


def test_a_sheet_goes_to_exports_and_is_never_overwritten_without_force(sh: Shell) -> None:
    assert not Path("exports").exists()
    code, out, err = sh("export", "sheet", "Winerdria")
    assert (code, err) == (0, "")
    assert out.strip() == f"Wrote {Path('exports') / 'winerdria.pdf'}"
    target = Path("exports/winerdria.pdf")
    pages, text = read(target)
    assert pages == 1 and "Winerdria" in text and "Fae Armor" in text
    before = target.read_bytes()
    target.write_bytes(b"the player's own notes")
    code, out, err = sh("export", "sheet", "Winerdria")
    assert code == 2 and out == ""
    assert "exports/winerdria.pdf exists" in err and "--force" in err
    assert target.read_bytes() == b"the player's own notes"
    assert sh("export", "sheet", "Winerdria", "--force")[0] == 0
    assert target.read_bytes() == before
    assert sorted(p.name for p in Path("exports").iterdir()) == ["winerdria.pdf"]  # no temp


def test_out_names_a_file_or_a_folder(sh: Shell, tmp_path: Path) -> None:
    chosen = tmp_path / "printouts" / "w.pdf"
    code, _out, err = sh("export", "sheet", "Winerdria", "--out", str(chosen))
    assert code == 2 and "the folder" in err and str(chosen.parent) in err
    chosen.parent.mkdir()
    code, out, _err = sh("export", "sheet", "Winerdria", "--pencil", "--out", str(chosen))
    assert code == 0 and str(chosen) in out
    assert "CHARACTER SHEET (PENCIL)" in read(chosen)[1]
    code, out, _err = sh("export", "log", "Winerdria", "--out", str(chosen.parent))
    assert code == 0 and (chosen.parent / "winerdria-chronicle.pdf").is_file()


def test_every_kind_of_export(sh: Shell) -> None:
    assert sh("export", "sheet", "winerdria", "--player", "tim", "--pencil")[0] == 0
    assert sh("export", "log", "Annoyicus")[0] == 0
    assert sh("export", "game", "Example of Play")[0] == 0
    assert sh("export", "game", "rematch")[0] == 0
    assert sh("export", "player", "Josh")[0] == 0
    made = {p.name: read(p) for p in Path("exports").iterdir()}
    assert sorted(made) == ["annoyicus-chronicle.pdf", "example-of-play-game.pdf",
                            "josh-characters.pdf", "rematch-game.pdf", "winerdria-pencil.pdf"]
    assert "Game: quests Seek the Oracle's Advice" in made["annoyicus-chronicle.pdf"][1]
    assert "Who waylays whom" in made["example-of-play-game.pdf"][1]
    assert "No Waylays chosen yet." in made["rematch-game.pdf"][1]
    assert "Annoyicus" in made["josh-characters.pdf"][1]


def test_a_players_file_holds_every_character(sh: Shell) -> None:
    assert sh("character", "new", "Second Wind", "--player", "Tim")[0] == 0
    code, out, _err = sh("export", "player", "Tim")
    assert code == 0 and "tim-characters.pdf" in out
    pages, text = read(Path("exports/tim-characters.pdf"))
    assert pages == 2 and "Winerdria" in text and "Second Wind" in text
    assert text.count("Page 1 of 1") == 2


def test_unknown_names_and_empty_players_are_reported(sh: Shell) -> None:
    code, _out, err = sh("export", "sheet", "Winerdra")
    assert code == 2 and "Winerdria" in err  # did you mean
    code, _out, err = sh("export", "game", "Nothing Like It")
    assert code == 2 and "no game" in err
    assert sh("player", "add", "Ann")[0] == 0
    code, _out, err = sh("export", "player", "Ann")
    assert code == 2 and "Ann has no characters" in err
    assert not Path("exports").exists() or not list(Path("exports").iterdir())


@pytest.mark.parametrize(("name", "expected"), [
    ("../../etc/passwd", "etc-passwd.pdf"),
    ("CON", "con-file.pdf"),
    ("<b>Zoë</b> & co", "b-zoe-b-co.pdf"),
])
def test_names_never_escape_the_exports_folder(sh: Shell, name: str, expected: str) -> None:
    assert sh("character", "new", name, "--player", "Tim")[0] == 0
    code, _out, err = sh("export", "sheet", name)
    assert code == 0, err
    (made,) = Path("exports").iterdir()
    assert made.name == expected
    assert made.resolve().parent == Path("exports").resolve()
    assert name in read(made)[1]


def test_a_name_in_another_script_gets_a_file_of_its_own(sh: Shell) -> None:
    for name in ("名前", "名字"):
        assert sh("character", "new", name, "--player", "Tim")[0] == 0
        assert sh("export", "sheet", name)[0] == 0
    made = sorted(p.name for p in Path("exports").iterdir())
    assert len(made) == 2 and all(n.startswith("character-") for n in made)
    assert "名前" in read(Path("exports") / made[0])[1] + read(Path("exports") / made[1])[1]


def test_the_command_line_starts_without_reportlab() -> None:
    """Registering ``export`` loads nothing heavy: reportlab comes only with an export."""
    probe = ("import contextlib, io, json, sys\nfrom chronicle.cli import build_parser\n"
             "build_parser()\nprint(json.dumps(sorted(sys.modules)))")
    env = {**os.environ, "CHRONICLE_NO_TUI": "1"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=REPO, env=env)
    loaded = json.loads(done.stdout)
    assert [m for m in loaded if m.split(".")[0] in ("reportlab", "pypdf", "PIL")] == []
    assert "chronicle.cli.exports" in loaded
