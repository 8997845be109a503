"""Shared fixtures of the app's tests: the rulebook's demo built once per session and copied
for each test (building it takes over a second); helpers are in ``tui.helpers``."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.services.demo import run_demo
from tui.helpers import HOSTILE, folders_of_its_own


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database file holding the demo, built once (with data and cache folders of its own:
    a session fixture runs before a test's ``private_data_dir``, and the developer's own cards
    must not leak into it)."""
    path = tmp_path_factory.mktemp("demo-template") / "demo.db"
    with folders_of_its_own(tmp_path_factory):
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


@pytest.fixture
def toy(private_data_dir: Path) -> Iterator[Any]:
    """The toy game installed, with the ``HOSTILE`` pebbles in the user's card folder."""
    from toy_game import KEY, SYSTEM

    from chronicle.systems import registry

    folder = private_data_dir / "cards" / KEY
    folder.mkdir(parents=True)
    tables = "".join(f'[[card]]\nname = {json.dumps(name, ensure_ascii=False)}\n'
                     f'kind = "pebble"\nweight = {n}\n\n' for n, name in enumerate(HOSTILE, 1))
    (folder / "pebbles.toml").write_text("version = 1\n\n" + tables, encoding="utf-8")
    with registry.registered(SYSTEM) as system:
        yield system
