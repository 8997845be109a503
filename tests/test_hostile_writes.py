"""Files we write: temporaries created exclusively (a planted symbolic link is never
followed), owner-only, in the destination folder and gone afterwards, even on a full disk; an
export never replaces the database, its -wal/-shm files or a backup; an output name ending in
a folder separator is refused; a symbolic link planted at the temporary name of any writer
(generated: writer, name, where the link points) is neither followed nor removed."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import dbfixtures as fx
import pytest
from hostile_profile import examples, hostile
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.errors import BadInput
from chronicle.export.safefiles import write_bytes_atomically
from chronicle.services.db import open_database


@pytest.fixture
def demo(tmp_path: Path, cli_demo: Callable[[Path], str]) -> str:
    """The demo's group (a copy of what ``chronicle demo`` wrote)."""
    return cli_demo(tmp_path / "group.db")


def test_a_planted_symlink_is_never_followed(tmp_path: Path, demo: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("mine", encoding="utf-8")
    target = tmp_path / "group.json"
    # every predictable name a writer of this process could choose
    for name in (f".{target.name}.{os.getpid()}.tmp", f".{target.name}.tmp"):
        (tmp_path / name).symlink_to(victim)
    code, out, err = fx.cli("--db", demo, "db", "export", str(target))
    fx.assert_handled(code, out, err)
    assert code == 0, err
    assert victim.read_text(encoding="utf-8") == "mine"
    assert target.is_file() and not target.is_symlink()
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp") and not p.is_symlink()]


@pytest.mark.parametrize("argv", [
    ["export", "sheet", "Winerdria", "--force", "--out"],
    ["character", "export", "Winerdria", "--force", "--out"],
    ["collection", "export", "--player", "Tim", "--force", "--out"],
])
@pytest.mark.parametrize("victim", ["group.db", "group.db-wal", "group.db-shm", "backup.json"])
def test_exports_never_replace_the_database_or_a_backup(tmp_path: Path, demo: str,
                                                        argv: list[str], victim: str) -> None:
    assert fx.cli("--db", demo, "backup", str(tmp_path / "backup.json"))[0] == 0
    db = open_database(demo)
    try:
        with db.transaction():  # the write-ahead log and its index exist while open
            pass
        path = tmp_path / victim
        if not path.exists():
            path.write_bytes(b"")
        before = path.read_bytes()
        code, out, err = fx.cli("--db", demo, *argv, str(path))
        fx.assert_handled(code, out, err)
        assert code == 2 and ("database" in err or "backup" in err), err
        assert path.read_bytes() == before
    finally:
        db.close()


@pytest.mark.parametrize("argv", [["character", "export", "Winerdria", "--out"],
                                  ["db", "export"], ["backup"],
                                  ["export", "sheet", "Winerdria", "--out"]])
def test_an_output_ending_in_a_separator_is_refused(tmp_path: Path, demo: str,
                                                    argv: list[str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from chronicle.cli import main

    with pytest.raises(SystemExit) as exited:
        main(["--db", demo, *argv, str(tmp_path / "missing") + os.sep])
    assert exited.value.code == 2 and "separator" in capsys.readouterr().err
    assert not (tmp_path / "missing").exists()


def test_a_full_disk_leaves_no_temporary_file(tmp_path: Path, demo: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def full(_descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    target = tmp_path / "cards.toml"
    with pytest.raises(Exception, match="No space left on device"):
        write_bytes_atomically(target, b"x" * 1000)
    assert not target.exists()
    assert list(tmp_path.glob(".*.tmp")) == []
    code, out, err = fx.cli("--db", demo, "character", "export", "Winerdria", "--out",
                            str(tmp_path / "w.toml"))
    fx.assert_handled(code, out, err)
    assert code == 2 and "No space left on device" in err
    assert list(tmp_path.glob(".*.tmp")) == [] and not (tmp_path / "w.toml").exists()


def test_every_file_written_is_owner_only(tmp_path: Path, demo: str) -> None:
    os.umask(0o022)
    outputs = {"sheet.pdf": ["export", "sheet", "Winerdria", "--out"],
               "w.toml": ["character", "export", "Winerdria", "--out"],
               "c.csv": ["collection", "export", "--player", "Tim", "--out"],
               "all.json": ["db", "export"], "b.json": ["backup"]}
    for name, argv in outputs.items():
        code, _out, err = fx.cli("--db", demo, *argv, str(tmp_path / name))
        assert code == 0, err
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name


def test_the_cache_is_owner_only(private_data_dir: Path) -> None:
    import shutil

    from chronicle import paths

    folder = paths.cache_dir()
    shutil.rmtree(folder, ignore_errors=True)
    os.umask(0o022)
    from chronicle.systems.wyld_hunt.services import catalog

    catalog._IN_PROCESS.clear()
    catalog.read_sources()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    files = list(folder.iterdir())
    assert files and all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in files)


# --- a planted symbolic link at the temporary name of every atomic writer ----------------------

WRITERS: dict[str, tuple[list[str], str]] = {
    # writer: (command line before the destination, the destination's suffix)
    "db export": (["db", "export"], ".json"),
    "backup (JSON)": (["backup"], ".json"),
    "backup (SQLite copy)": (["backup"], ".db"),
    "character export": (["character", "export", "Winerdria", "--out"], ".toml"),
    "collection export": (["collection", "export", "--player", "Tim", "--out"], ".csv"),
    "sheet export": (["export", "sheet", "Winerdria", "--out"], ".pdf"),
    "the user's card file": ([], ""),
    "the catalog cache": ([], ""),
}
"""Every writer that writes through a temporary file of a name of its own making; the card
file and the cache are written where the program decides (their destination is fixed)."""


@pytest.mark.parametrize("writer", sorted(WRITERS))
@settings(hostile("planted temporaries"),
          max_examples=max(1, examples("planted temporaries") // len(WRITERS)))
@given(token=st.text("0123456789abcdef", min_size=16, max_size=16),
       name=st.sampled_from(["out", "x" * 60, "名前", "two words", "-dash", ".hidden"]),
       pointing_at=st.sampled_from(["a victim file", "nothing", "a folder"]))
def test_a_planted_link_at_any_writers_temporary_name_is_never_followed(
        tmp_path_factory: pytest.TempPathFactory, demo_db: str, writer: str, token: str,
        name: str, pointing_at: str) -> None:
    """The temporary name made predictable (the random part drawn), a symbolic link planted
    there: the command says so (exit status 2; the cache is simply not written), nothing is
    written through the link, the link is left as it was and no file is left behind."""
    import secrets

    from chronicle.systems.wyld_hunt.services import catalog, usercards

    folder = tmp_path_factory.mktemp("planted")
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    argv, suffix = WRITERS[writer]
    if writer == "the user's card file":
        destination = usercards.managed_file()
    elif writer == "the catalog cache":
        destination = catalog._cache_file()
    else:
        destination = folder / f"{name}{suffix}"
    destination.parent.mkdir(parents=True, exist_ok=True)
    destination.unlink(missing_ok=True)
    temporary = destination.with_name(  # every writer's one naming (chronicle.atomic)
        f".{destination.name[:40]}.{os.getpid()}.{token}.tmp")
    victim = {"a victim file": elsewhere / "victim.txt", "nothing": elsewhere / "absent",
              "a folder": elsewhere}[pointing_at]
    if pointing_at == "a victim file":
        victim.write_text("mine", encoding="utf-8")
    before = sorted(os.listdir(elsewhere))
    temporary.symlink_to(victim)
    siblings = sorted(os.listdir(destination.parent))
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(secrets, "token_hex", lambda _nbytes=None: token)
            if writer == "the catalog cache":
                catalog._IN_PROCESS.clear()
                catalog.read_sources()
            elif writer == "the user's card file":  # the app's card editor, no database
                with pytest.raises(BadInput) as refused:
                    usercards.create_card({"name": "Moonlit Lance", "kind": "merit",
                                           "cost": 1})
                assert "is already taken" in str(refused.value)
            else:
                code, out, err = fx.cli("--db", demo_db, *argv, str(destination))
                fx.assert_handled(code, out, err)
                assert code == 2 and "is already taken" in err and "nothing was written" \
                    in err, (out, err)
        assert temporary.is_symlink() and os.readlink(temporary) == str(victim)
        assert not destination.exists()
        assert sorted(os.listdir(elsewhere)) == before
        if pointing_at == "a victim file":
            assert victim.read_text(encoding="utf-8") == "mine"
        # nothing left behind (the card files' own cache, a regular file written beside it
        # by the same read, is not a leftover)
        left = [n for n in sorted(os.listdir(destination.parent))
                if not (n.endswith("-card-files.json")
                        and (destination.parent / n).is_file()
                        and not (destination.parent / n).is_symlink())]
        assert left == [n for n in siblings if not n.endswith("-card-files.json")]
    finally:
        temporary.unlink()
    fx.record("planted temporaries", "sqlite", links_planted=1, followed=0)


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The demo group in a database of its own (shared by the generated examples)."""
    folder = tmp_path_factory.mktemp("demo")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHRONICLE_DATA_DIR", str(folder / "data"))
        url = f"sqlite:///{folder / 'group.db'}"
        code, _out, err = fx.cli("--db", url, "demo")
        assert code == 0, err
    yield url
