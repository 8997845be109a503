"""Fixtures of the Arcadia Quest tests that reach the database."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture
def aq_cards(private_data_dir: Path) -> Path:
    """The golden test cards (invented upgrade costs and curses: TEST DATA) as the user's
    Arcadia Quest card folder."""
    folder = private_data_dir / "cards" / "arcadia-quest"
    shutil.copytree(GOLDEN / "cards", folder)
    return folder
