"""Shared fixtures: every test runs with an empty, private user data directory, and the
database tests run on every backend (``backend``: SQLite, and PostgreSQL when
``CHRONICLE_TEST_POSTGRES`` names a server; see ``dbfixtures``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import dbfixtures as fx
import pytest

REPO = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture(scope="session")
def _private_folders(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of every test's private data and cache folders."""
    return tmp_path_factory.mktemp("private")


@pytest.fixture(autouse=True)
def private_data_dir(_private_folders: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point CHRONICLE_DATA_DIR at a fresh folder so the developer's own cards never leak in,
    and CHRONICLE_CACHE_DIR at a fresh one of its own (the caches are never in the data
    folder). Both are made with ``tempfile.mkdtemp`` in one folder of the session:
    ``tmp_path_factory.mktemp`` lists every folder the run has made to number a new one, which
    cost milliseconds a test by the end of a run."""
    data = Path(tempfile.mkdtemp(prefix="chronicle-data-", dir=_private_folders))
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(data))
    monkeypatch.setenv("CHRONICLE_CACHE_DIR",
                       tempfile.mkdtemp(prefix="chronicle-cache-", dir=_private_folders))
    return data


@pytest.fixture
def user_cards(private_data_dir: Path) -> Path:
    """The user's Wyld Hunt card folder, created."""
    folder = private_data_dir / "cards" / "wyld-hunt"
    folder.mkdir(parents=True)
    return folder


@pytest.fixture(params=fx.BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend a test runs on: ``sqlite``, and ``postgresql`` when
    ``CHRONICLE_TEST_POSTGRES`` is set."""
    return str(request.param)


@pytest.fixture
def databases(backend: str, tmp_path: Path) -> Iterator[fx.Databases]:
    """This test's throwaway databases on ``backend``, by name (dropped afterwards)."""
    made = fx.Databases(backend, tmp_path)
    try:
        yield made
    finally:
        made.drop()


@pytest.fixture
def db_url(databases: fx.Databases) -> str:
    """The URL of a fresh database on ``backend`` (migrated, not yet opened)."""
    return databases.url()


@pytest.fixture(scope="session")
def cli_demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file holding what ``chronicle demo`` writes, run once per run in a process of
    its own (with data and cache folders of its own: the developer's cards never leak in);
    the demo writes nothing in the data folder."""
    folder = tmp_path_factory.mktemp("cli-demo")
    path = folder / "demo.db"
    done = subprocess.run([sys.executable, "-m", "chronicle", "--db", f"sqlite:///{path}",
                           "demo"], capture_output=True, text=True, check=False, timeout=120,
                          env={**os.environ, "CHRONICLE_DATA_DIR": str(folder / "data"),
                               "CHRONICLE_CACHE_DIR": str(folder / "cache")})
    assert done.returncode == 0, done.stderr
    written = [path for path in (folder / "data").rglob("*") if path.is_file()]
    assert not written, f"the demo wrote in the data folder: {written}"
    return path


@pytest.fixture
def cli_demo(cli_demo_file: Path) -> Callable[[Path], str]:
    """Put a copy of ``chronicle demo``'s database at a path (readable by its owner only, as
    chronicle creates its databases); returns its URL. Building the demo costs a third of a
    second a test; a copy, a millisecond."""

    def copy(path: Path) -> str:
        fx.copy_file(cli_demo_file, path)
        return f"sqlite:///{path}"

    return copy


@pytest.fixture(scope="session", autouse=True)
def _drop_postgres_template() -> Iterator[None]:
    yield
    fx.drop_template()


LONG_FIRST = (
    "tests/tui/test_hostile_pilot.py", "tests/test_bench_smoke.py", "tests/test_sync.py",
    "tests/tales_of_arcadia/test_table.py", "tests/test_hostile_backups.py",
    "tests/test_readme.py", "tests/tui/test_sister_walk.py", "tests/tui/test_play_pilot.py",
    "tests/hunters_of_arcfall/test_hoa_pilot.py", "tests/test_systems_contract.py",
    "tests/tui/test_game_cards_pilot.py", "tests/tui/test_collection_pilot.py",
)
"""The files of the longest tests (6-28 s each), run first: started last, one of them kept a
worker busy alone at the end of a run while the other had nothing left (up to 30 s of the
ten minutes on two cores)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first (``LONG_FIRST``), the others in their usual order."""
    first = [item for item in items if item.nodeid.startswith(LONG_FIRST)]
    if first:
        chosen = {id(item) for item in first}
        items[:] = first + [item for item in items if id(item) not in chosen]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In a pytest-xdist worker, hand the reliability figures to the controller."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["chronicle_figures"] = json.dumps(fx.FIGURES)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """In the pytest-xdist controller, gather each worker's reliability figures."""
    output = getattr(node, "workeroutput", {}).get("chronicle_figures")
    if output:
        for family, counts in json.loads(output).items():
            fx.FIGURES.setdefault(family, {}).update(counts)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print (and keep in pytest's cache) the figures the reliability tests reached."""
    if not fx.FIGURES:
        return
    terminalreporter.section("reliability figures (docs/reliability.md)")
    for family, counts in sorted(fx.FIGURES.items()):
        terminalreporter.write_line(
            f"{family}: " + ", ".join(f"{key.replace('_', ' ')} {value}"
                                      for key, value in counts.items()))
    cache = getattr(terminalreporter.config, "cache", None)
    if cache is not None:
        cache.set("chronicle/reliability", fx.FIGURES)
