"""``chronicle export`` driven through ``chronicle.cli.main`` as a player would type it: the
files land where promised, are never overwritten without ``--force``, never escape their
folder, and read back as PDFs."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
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
       monkeypatch: pytest.MonkeyPatch, cli_demo: Callable[[Path], str]) -> Shell:
    """The demo's play group; the current folder is an empty one."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    cli_demo(tmp_path / "chronicle.db")  # a copy of what ``chronicle demo`` wrote
    return Shell(capsys, tmp_path / "chronicle.db")


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
    assert "No Waylays chosen yet." not in made["rematch-game.pdf"][1]  # rows to fill in
    assert "Base Camp:" in made["rematch-game.pdf"][1]
    assert "Annoyicus" in made["josh-characters.pdf"][1]


def test_a_players_file_holds_every_character(sh: Shell) -> None:
    assert sh("character", "new", "Second Wind", "--player", "Tim")[0] == 0
    code, out, _err = sh("export", "player", "Tim")
    assert code == 0 and "tim-characters.pdf" in out
    pages, text = read(Path("exports/tim-characters.pdf"))
    assert pages == 2 and "Winerdria" in text and "Second Wind" in text
    assert "Page 1 of 2" in text and "Page 2 of 2" in text  # the file's pages
    assert "Page 1 of 1" not in text


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


def test_a_name_in_another_script_gets_a_readable_file_of_its_own(sh: Shell) -> None:
    for name in ("名前", "名字", "Жар-птица", "שלום"):
        assert sh("character", "new", name, "--player", "Tim")[0] == 0
        assert sh("export", "sheet", name)[0] == 0
    made = sorted(p.name for p in Path("exports").iterdir())
    assert made == sorted(["名前.pdf", "名字.pdf", "жар-птица.pdf", "שלום.pdf"])
    assert "Жар-птица" in read(Path("exports") / "жар-птица.pdf")[1]
    assert "שלום" in read(Path("exports") / "שלום.pdf")[1]


def test_two_players_characters_of_one_name_get_two_files(sh: Shell) -> None:
    assert sh("character", "new", "Winerdria", "--player", "Josh")[0] == 0
    code, _out, err = sh("export", "sheet", "Winerdria", "--player", "Tim")
    assert code == 0, err
    code, _out, err = sh("export", "sheet", "Winerdria", "--player", "Josh")
    assert code == 0, err  # no "exists; add --force" for someone else's sheet
    assert sorted(p.name for p in Path("exports").iterdir()) == [
        "winerdria-josh.pdf", "winerdria-tim.pdf"]
    assert "Tim's character" in read(Path("exports/winerdria-tim.pdf"))[1]
    assert "Josh's character" in read(Path("exports/winerdria-josh.pdf"))[1]
    assert sh("export", "log", "Winerdria", "--player", "Josh")[0] == 0
    assert Path("exports/winerdria-josh-chronicle.pdf").is_file()


def test_paper_is_a4_or_letter_by_option_setting_or_locale(
        sh: Shell, monkeypatch: pytest.MonkeyPatch) -> None:
    def size(path: Path) -> tuple[int, int]:
        box = PdfReader(io.BytesIO(path.read_bytes())).pages[0].mediabox
        return round(float(box.width)), round(float(box.height))

    monkeypatch.delenv("CHRONICLE_PAPER", raising=False)
    for variable in ("LC_ALL", "LC_PAPER"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert sh("export", "sheet", "Winerdria", "--out", "a4.pdf")[0] == 0
    assert size(Path("a4.pdf")) == (595, 842)
    assert sh("export", "sheet", "Winerdria", "--paper", "letter", "--out", "l.pdf")[0] == 0
    assert size(Path("l.pdf")) == (612, 792)
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # a country that prints on Letter
    assert sh("export", "game", "Rematch", "--out", "us.pdf")[0] == 0
    assert size(Path("us.pdf")) == (612, 792)
    monkeypatch.setenv("CHRONICLE_PAPER", "a4")  # the setting wins over the locale
    assert sh("export", "log", "Winerdria", "--out", "set.pdf")[0] == 0
    assert size(Path("set.pdf")) == (595, 842)
    monkeypatch.setenv("CHRONICLE_PAPER", "tabloid")
    code, _out, err = sh("export", "log", "Winerdria", "--out", "bad.pdf")
    assert code == 2 and "CHRONICLE_PAPER" in err and not Path("bad.pdf").exists()
    with pytest.raises(SystemExit) as refused:  # argparse: not a paper it knows
        sh("export", "log", "Winerdria", "--paper", "a5")
    assert refused.value.code == 2


def test_characters_no_font_has_are_named_when_exporting(sh: Shell) -> None:
    assert sh("character", "new", "Rune ᚠᛁ", "--player", "Tim")[0] == 0
    code, out, err = sh("export", "sheet", "Rune ᚠᛁ")
    assert code == 0 and "Wrote" in out
    assert "will print as boxes" in err and "ᚠ ᛁ" in err and "U+16A0" in err
    code, _out, err = sh("export", "sheet", "Winerdria")
    assert code == 0 and err == ""


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
