"""The light views of tables (chronicle/persistence/light.py) read what the table classes
describe: each column exists in the class's table with a type of the same kind, so a renamed or
retyped column cannot leave a light read behind; a character's facts are its row's columns.
And reading a character builds no table class at all."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from sqlalchemy import JSON, Integer, String, TypeDecorator

from chronicle.persistence import grouptables as more
from chronicle.persistence import light, models
from chronicle.persistence.models import UTCDateTime


@pytest.mark.parametrize("name", sorted(light.EVERY))
def test_a_light_view_names_the_columns_of_its_table_class(name: str) -> None:
    view = light.EVERY[name]
    full = getattr(more, name, None) or getattr(models, name)
    full = full.__table__
    assert view.name == full.name
    for column in view.c:
        assert column.name in full.c, f"{full.name}.{column.name} is gone"
        kind = next(k for k in (UTCDateTime, JSON, Integer, String)
                    if isinstance(column.type, k))
        found = full.c[column.name].type
        if isinstance(found, TypeDecorator) and kind is not UTCDateTime:  # SQLModel's AutoString
            found = found.impl_instance
        assert isinstance(found, kind), (full.name, column.name, found)


def test_the_facts_of_a_character_are_the_columns_of_its_row() -> None:
    assert light.CharacterFacts._fields == tuple(light.CHARACTER.c.keys())
    assert set(light.CharacterFacts._fields) == set(models.CharacterRow.__table__.c.keys())


def test_reading_a_character_builds_no_table_class_and_imports_no_orm(
        tmp_path: object) -> None:
    """``character show``, ``list`` and ``history`` read through a Core connection: neither the
    ORM nor pydantic is imported, and no table class is built (start-up)."""
    environment = {**os.environ, "CHRONICLE_DATA_DIR": str(tmp_path)}
    environment.pop("CHRONICLE_DB", None)
    subprocess.run([sys.executable, "-m", "chronicle", "demo"], capture_output=True, check=True,
                   env=environment)
    code = """
import io, contextlib, sys
from chronicle.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    assert main(["character", "show", "Winerdria"]) == 0
    assert main(["character", "show", "Winerdria", "--player", "Tim", "--json"]) == 0
    assert main(["character", "list", "--player", "Tim"]) == 0
    assert main(["history", "Winerdria"]) == 0
print(sorted(m for m in ("sqlmodel", "pydantic", "sqlalchemy.orm") if m in sys.modules))
from sqlmodel import SQLModel
print(sorted(SQLModel.metadata.tables))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, env=environment)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[-3:-1] == ["[]", "[]"]
