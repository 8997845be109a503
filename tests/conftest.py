"""Shared fixtures: every test runs with an empty, private user data directory."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point CHRONICLE_DATA_DIR at a fresh folder so the developer's own cards never leak in."""
    data = tmp_path_factory.mktemp("chronicle-data")
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(data))
    return data


@pytest.fixture
def user_cards(private_data_dir: Path) -> Path:
    """The user's Wyld Hunt card folder, created."""
    folder = private_data_dir / "cards" / "wyld-hunt"
    folder.mkdir(parents=True)
    return folder
