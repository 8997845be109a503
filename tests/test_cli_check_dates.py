"""Dates inside character files are ISO dates, the one rule of every way in (issue 13): `chronicle
check` names the file, line, event and code; `character import` refuses the same file."""

from __future__ import annotations

import json
from pathlib import Path

import dbfixtures as fx
from conftest import GOLDEN

from chronicle.domain.dates import CODE
from chronicle.services.db import open_database

BAD = GOLDEN / "characters" / "date-day-month-year.toml"


def test_check_names_the_date_its_line_and_code() -> None:
    code, out, err = fx.cli("check", str(BAD), "--json")
    assert code == 2, err
    problem = json.loads(out)["file_problems"][0]
    assert problem["code"] == CODE and problem["line"] == 13
    assert problem["field"] == "event #1: date" and "'20/11/2026'" in problem["message"]


def test_character_import_refuses_what_check_refuses(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'group.db'}"
    db = open_database(url)
    try:
        fx.tim_opens_his_pack(db)
        with fx.unchanged(db):
            code, out, err = fx.cli("--db", url, "character", "import", str(BAD), "--player",
                                    "Tim")
        fx.assert_handled(code, out, err)
        assert code == 2 and f"{CODE}: the date '20/11/2026'" in err, err
        good = GOLDEN / "characters" / "date-iso.toml"
        code, _out, err = fx.cli("--db", url, "character", "import", str(good), "--player",
                                 "Tim")
        assert code == 0, err
    finally:
        db.close()
