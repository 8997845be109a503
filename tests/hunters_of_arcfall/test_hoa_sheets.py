"""The printed score pad and game log, written through the shared writer and read back with
pypdf: the scoreboard, the running totals, every log entry (undone ones kept), the result, in
player language, and hostile names printed as written."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from pypdf import PdfReader

from chronicle.services.exports import write_document
from chronicle.systems.hunters_of_arcfall.check import check_path
from chronicle.systems.hunters_of_arcfall.log import Seat
from chronicle.systems.hunters_of_arcfall.rules.check import check_game
from chronicle.systems.hunters_of_arcfall.sheets import hunt_document
from tests.hunters_of_arcfall.test_hoa_golden import CARDS, GOLDEN


def pages_of(path: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(path).pages]


def printed(name: str, tmp_path: Path) -> list[str]:
    result = check_path(GOLDEN / "games" / name, CARDS)
    assert result.report is not None and result.state is not None
    from chronicle.systems.hunters_of_arcfall.gamelogfile import load_game

    log = load_game(GOLDEN / "games" / name).log
    assert log is not None
    out = write_document(hunt_document(log, result.state, result.report),
                         tmp_path / "hunt.pdf", paper="a4")
    return pages_of(out)


def test_a_finished_game_prints_its_pad_and_log(tmp_path: Path) -> None:
    pages = printed("finished-winner.toml", tmp_path)
    text = "\n".join(pages)
    assert "Hunters of Arcfall" in pages[0] and "Score Pad" in pages[0]
    assert "Game Log" in pages[-1]
    for wanted in ("Scoreboard", "Fortune after each round", "Ana wins with 11 Fortune",
                   "Bounty 8", "fatally wounded"):
        assert wanted in text, wanted
    assert not re.search(r"\b[a-z]+\.[a-z_]+\b.*error|chronicle |\[\[turn", text)  # no codes


def test_undone_turns_stay_on_the_log(tmp_path: Path) -> None:
    text = "\n".join(printed("undo-fixed.toml", tmp_path))
    assert "takes back entry 2" in text and "undone (3)" in text
    assert "that was Bo's turn" in text


def test_hostile_names_print_as_written(tmp_path: Path) -> None:
    from chronicle.systems.hunters_of_arcfall.catalog import load_catalog
    from chronicle.systems.hunters_of_arcfall.gamelogfile import load_game

    log = load_game(GOLDEN / "games" / "finished-tie.toml").log
    assert log is not None
    hostile = "[/x] <b>Ana</b> & {y}"
    seats = (replace(log.seats[0], name=hostile), *log.seats[1:])
    log = replace(log, name="<para>Friday</para>", seats=seats,
                  entries=tuple(replace(e, player=hostile)
                                if getattr(e, "player", None) == log.seats[0].name else e
                                for e in log.entries))
    report, state = check_game(log, load_catalog(CARDS))
    out = write_document(hunt_document(log, state, report), tmp_path / "h.pdf", paper="letter")
    text = "\n".join(pages_of(out))
    assert hostile in text and "<para>Friday</para>" in text
    assert isinstance(seats[0], Seat)
