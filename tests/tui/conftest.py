"""Shared fixtures of the app's tests: the rulebook's demo built once per session and copied
for each test (building it takes over a second); helpers are in ``tui.helpers``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.services.demo import run_demo


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database file holding the demo, built once."""
    path = tmp_path_factory.mktemp("demo-template") / "demo.db"
    db = open_database(f"sqlite:///{path}")
    run_demo(db)
    db.engine.dispose()
    return path


@pytest.fixture
def demo_url(demo_template: Path, tmp_path: Path) -> str:
    """A fresh copy of the demo database for one test."""
    path = tmp_path / "demo.db"
    shutil.copyfile(demo_template, path)
    return f"sqlite:///{path}"
