"""Shell completion through argcomplete's protocol, as the shell drives it: commands, options,
and card, player, character and game names from the catalog and the database."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest

from chronicle.cli import _completed_words, build_parser, completion, main


def complete(monkeypatch: pytest.MonkeyPatch, line: str) -> list[str]:
    """What the shell gets for ``line`` (the cursor at its end)."""
    import argcomplete.finders

    # argcomplete writes its debug output to file descriptor 9, which in a test process
    # belongs to someone else (pytest, an open database): keep it on stderr
    monkeypatch.setattr(argcomplete.finders.CompletionFinder, "_init_debug_stream",
                        lambda self: None)
    monkeypatch.setenv("_ARGCOMPLETE", "1")
    monkeypatch.setenv("COMP_LINE", line)
    monkeypatch.setenv("COMP_POINT", str(len(line)))
    monkeypatch.setenv("_ARGCOMPLETE_IFS", "\n")
    out = io.StringIO()
    ended: list[int] = []
    completion.complete(build_parser(_completed_words(), completing=True), output_stream=out,
                        exit_method=ended.append)
    assert ended == [0]
    return [w.strip() for w in out.getvalue().split("\n") if w.strip()]


@pytest.fixture
def demo(tmp_path: Path, cli_demo: Callable[[Path], str]) -> str:
    """A demo database written by another process, as the shell would find it (argcomplete
    takes over this process's file descriptors while it completes): a copy of the one
    ``cli_demo_file`` had ``chronicle demo`` write in a process of its own."""
    return cli_demo(tmp_path / "c.db")


def narrowed(words: list[str], prefix: str) -> list[str]:
    """The words as the shell shows them (argcomplete escapes spaces), unescaped."""
    shown = [w.replace("\\ ", " ").replace("\\,", ",").replace("\\'", "'") for w in words]
    assert all(w.startswith(prefix) for w in shown), (prefix, shown)
    return shown


def test_commands_and_options_complete(monkeypatch: pytest.MonkeyPatch) -> None:
    everything = complete(monkeypatch, "chronicle ")
    some = narrowed(complete(monkeypatch, "chronicle c"), "c")
    assert {"cards", "character", "check", "collection"} <= set(some)
    assert {"player", "game", "history"} <= set(everything) and not {"player", "game"} & set(some)
    from chronicle.systems import registry

    groups = {group.name for system in registry.systems() for group in system.commands}
    assert groups and groups <= set(everything)  # every installed game's command groups
    assert set(some) <= set(everything)  # the prefix only narrows
    assert complete(monkeypatch, "chronicle char") == ["character"]  # the prefix narrows
    assert complete(monkeypatch, "chronicle chx") == []
    assert set(complete(monkeypatch, "chronicle game re")) >= {"rename", "restore-archived",
                                                               "result"}
    assert "--own-missing" in complete(monkeypatch, "chronicle character import x --own")


def test_names_complete_from_the_catalog_and_the_database(monkeypatch: pytest.MonkeyPatch,
                                                          demo: str) -> None:
    wide = narrowed(complete(monkeypatch, "chronicle cards show F"), "F")
    fae = narrowed(complete(monkeypatch, "chronicle cards show Fae"), "Fae")
    assert "Fae Armor" in fae and set(fae) < set(wide)  # each letter narrows the card names
    players = complete(monkeypatch, f"chronicle --db {demo} collection list --player ")
    assert {"Tim", "Josh"} <= set(players)
    assert any(w.startswith("Fae\\ Armor") or w.startswith("Fae Armor")
               for w in complete(monkeypatch, "chronicle cards show Fae"))
    assert complete(monkeypatch, f"chronicle --db {demo} character show Win") == ["Winerdria"]
    games = complete(monkeypatch, f"chronicle --db {demo} game show ")
    assert {"Rematch", "Example\\ of\\ Play"} <= set(games), games
    assert complete(monkeypatch, f"chronicle --db {demo} collection list --player T") == [
        "Tim"]
    assert complete(monkeypatch, f"chronicle --db {demo} history An") == ["Annoyicus"]


def test_a_name_that_cannot_be_read_completes_to_nothing(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    missing = f"sqlite:///{tmp_path}/nowhere/x.db"
    assert complete(monkeypatch, f"chronicle --db {missing} character show W") == []
    assert not (tmp_path / "nowhere").exists()


def test_the_entry_point_answers_the_shell(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(completion, "complete",
                        lambda parser: (_ for _ in ()).throw(SystemExit(0)))
    monkeypatch.setenv("_ARGCOMPLETE", "1")
    with pytest.raises(SystemExit):
        main(["cards"])
