"""Caches are data, never code (issue 25, item 1): a planted cache runs nothing, a cache path
that is a FIFO, a device, a folder or a link neither blocks a command nor is read, and the
caches live in the user's own cache folder, never in the (shareable) data folder.

The commands run as a member would run them: ``chronicle`` in a process of its own, its data
folder (``CHRONICLE_DATA_DIR``) and cache folder (``CHRONICLE_CACHE_DIR``) pointed at fresh
folders, with a time limit (a FIFO that blocked would end the test, not hang it)."""

from __future__ import annotations

import json
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chronicle.catalog import cachefile

REPO = Path(__file__).resolve().parent.parent
CHARACTER = REPO / "tests" / "golden" / "characters" / "winerdria.toml"
COMMANDS = {"cards list": ["cards", "list", "--system", "wyld-hunt"],
            "check": ["check", str(CHARACTER)]}
CACHES = ("wyld-hunt-catalog.json", "wyld-hunt-card-files.json", "entry-points.json")
EVER = ("wyld-hunt-catalog.pickle", "wyld-hunt-card-files.pickle", *CACHES)
"""Every name a cache of the program has had (the pickles of earlier versions included)."""


def run(argv: list[str], data: Path, caches: Path) -> tuple[int, str, str]:
    env = {**os.environ, "CHRONICLE_DATA_DIR": str(data), "CHRONICLE_CACHE_DIR": str(caches)}
    env.pop("CHRONICLE_DB", None)
    done = subprocess.run([sys.executable, "-m", "chronicle", *argv], capture_output=True,
                          text=True, env=env, timeout=60, check=False, cwd=REPO)
    return done.returncode, done.stdout, done.stderr


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, str, str]]:
    """What each command says with no cache at all."""
    folder = tmp_path_factory.mktemp("clean")
    return {name: run(argv, folder / "data", folder / "caches")
            for name, argv in COMMANDS.items()}


class System:
    """Runs a command when unpickled (``pickle.load`` of Wyld Hunt's old catalog cache)."""

    def __init__(self, command: str) -> None:
        self.command = command

    def __reduce__(self) -> tuple[Any, ...]:
        return (os.system, (self.command,))


def _text(value: str) -> bytes:
    raw = value.encode()
    return b"\x8c" + bytes([len(raw)]) + raw  # SHORT_BINUNICODE


def popen_through_chronicle(marker: Path) -> bytes:
    """A pickle calling ``subprocess.Popen`` reached from a chronicle module (what the card
    cache's old "restricted unpickler" let through): ``chronicle.tui.speed`` imports asyncio."""
    return (b"\x80\x04" + _text("chronicle.tui.speed")
            + _text("asyncio.subprocess.subprocess.Popen") + b"\x93"  # STACK_GLOBAL
            + b"](" + _text("touch") + _text(str(marker)) + b"e"  # ["touch", marker]
            + b"\x85R.")  # (list,) REDUCE STOP


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_planted_cache_runs_nothing(tmp_path: Path, clean: dict[str, tuple[int, str, str]],
                                      command: str) -> None:
    """Pickles that would run a command, planted at every cache name the program ever used,
    in the cache folder and in the data folder (where caches were, and a group may share):
    nothing runs, the command says what it says without them, and the caches it leaves are
    plain JSON."""
    data, caches = tmp_path / "data", tmp_path / "caches"
    ran = tmp_path / "ran"
    payloads = {"wyld-hunt-catalog": pickle.dumps(System(f"touch {ran}-system")),
                "wyld-hunt-card-files": popen_through_chronicle(Path(f"{ran}-popen")),
                "entry-points": pickle.dumps(System(f"touch {ran}-entry-points"))}
    for folder in (caches, data / "cache"):
        folder.mkdir(parents=True, mode=0o700)
        for name in EVER:
            (folder / name).write_bytes(payloads[name.rsplit(".", 1)[0]])
    assert run(COMMANDS[command], data, caches) == clean[command]
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("ran")) == []
    for name in CACHES:
        assert isinstance(json.loads((caches / name).read_bytes()), dict), name
    for name in EVER:  # the data folder is left alone
        assert (data / "cache" / name).read_bytes() == payloads[name.rsplit(".", 1)[0]]


SPECIAL = ("a FIFO", "a link to /dev/zero", "a link to a FIFO", "a folder")


def plant(path: Path, kind: str, elsewhere: Path) -> None:
    if kind == "a FIFO":
        os.mkfifo(path)
    elif kind == "a link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "a link to a FIFO":
        target = elsewhere / f"{path.parent.parent.name}-{path.name}.fifo"
        os.mkfifo(target)
        path.symlink_to(target)
    else:
        path.mkdir()


@pytest.mark.parametrize("kind", SPECIAL)
def test_a_special_file_at_a_cache_path_neither_blocks_nor_is_read(
        tmp_path: Path, clean: dict[str, tuple[int, str, str]], kind: str) -> None:
    """``kind`` at every cache path (and at the old ones in the data folder): ``check`` ends
    (a time limit, not a hang) saying what it says without caches; a FIFO or a link is
    replaced by a regular cache file (written beside it and renamed over it), a folder is
    left alone, the FIFOs' other ends are never opened."""
    data, caches, elsewhere = tmp_path / "data", tmp_path / "caches", tmp_path / "elsewhere"
    for folder in (caches, data / "cache", elsewhere):
        folder.mkdir(parents=True, mode=0o700)
    for name in EVER:
        plant(caches / name, kind, elsewhere)
        plant(data / "cache" / name, kind, elsewhere)
    assert run(COMMANDS["check"], data, caches) == clean["check"]
    for name in CACHES:
        found = os.lstat(caches / name).st_mode
        assert stat.S_ISDIR(found) if kind == "a folder" else stat.S_ISREG(found), name


@pytest.fixture
def private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "caches"
    monkeypatch.setenv("CHRONICLE_CACHE_DIR", str(folder))
    assert cachefile.write("kept.json", {"kept": [1, "two", None]})
    return folder


def test_only_a_regular_file_of_the_users_own_folder_is_read(private: Path,
                                                             tmp_path: Path) -> None:
    """In process, the reader itself: a link to a good cache, a FIFO, a folder, a file over
    the limit, a folder others may write to: all misses, none waited on."""
    assert cachefile.read("kept.json") == {"kept": [1, "two", None]}
    good = (private / "kept.json").read_bytes()
    (private / "link.json").symlink_to(private / "kept.json")
    assert cachefile.read("link.json") is None
    os.mkfifo(private / "fifo.json")
    assert cachefile.read("fifo.json") is None
    (private / "folder.json").mkdir()
    assert cachefile.read("folder.json") is None
    assert cachefile.read("kept.json", limit=len(good) - 1) is None
    assert not cachefile.write("big.json", ["x" * 100], limit=50)
    assert not (private / "big.json").exists()
    private.chmod(0o770)
    assert cachefile.read("kept.json") is None
    assert not cachefile.write("kept.json", {"other": 1})
    private.chmod(0o700)
    assert cachefile.read("kept.json") == {"kept": [1, "two", None]}


@pytest.mark.parametrize("value", [(1, 2), {1: "a"}, float("nan"), object(), 10 ** 30,
                                   json.loads("[" * 40 + "]" * 40)])
def test_what_would_not_read_back_as_written_is_not_written(private: Path, value: Any) -> None:
    assert not cachefile.write("odd.json", value)
    assert not (private / "odd.json").exists()
    assert [p.name for p in private.iterdir()] == ["kept.json"]  # no temporary left


def test_the_caches_are_not_in_the_data_folder(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from chronicle import paths

    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path / "shared"))
    monkeypatch.delenv("CHRONICLE_CACHE_DIR")
    assert not paths.cache_dir().is_relative_to(tmp_path)
    monkeypatch.setenv("CHRONICLE_CACHE_DIR", str(tmp_path / "mine"))
    assert paths.cache_dir() == tmp_path / "mine"


def test_no_module_of_chronicle_reads_data_as_code() -> None:
    """No pickle, marshal or shelve (which run or build code from bytes), and no ``eval`` or
    ``exec``, anywhere in the package."""
    import ast

    found: list[str] = []
    for path in sorted((REPO / "chronicle").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name.split(".")[0] in ("pickle", "marshal", "shelve", "dill", "_pickle")
                   for name in names):
                found.append(f"{path.relative_to(REPO)}:{node.lineno}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("eval", "exec"):
                found.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert found == []


@pytest.mark.parametrize("kind", SPECIAL)
def test_the_apps_settings_file_is_read_the_same_way(tmp_path: Path, kind: str) -> None:
    """The app's settings (``settings.json``, in the data folder a group may share): a FIFO,
    a device or a folder there gives the defaults at once, never a wait."""
    from chronicle.tui.settings import Settings, load_settings

    plant(tmp_path / "settings.json", kind, tmp_path)
    assert load_settings(tmp_path / "settings.json") == Settings()
