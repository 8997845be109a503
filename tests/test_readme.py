"""The README is executable: every command block runs, in order, on a fresh data folder, with
the documented exit statuses and outputs; every example file passes its check.

The conventions (stated in the README's "Using it"):

- a fenced ``sh`` block is run line by line (a trailing ``\\`` continues a command);
  ``sh skip`` blocks are not run (installing, setting up a server);
- a trailing ``# exit N`` comment is the command's exit status (0 when there is none);
- a ``# → text`` line under a command is text its output (stdout or stderr) contains;
- a ``toml file=NAME`` block is written to NAME in the working folder where it appears and
  checked (``chronicle check``; a card file with ``chronicle cards validate``), exit status
  ``check=N`` (0 when not given); ``toml snippet`` blocks are fragments, not files.

Commands run in this process through the real entry point (the ``chronicle`` console script,
``chronicle.cli:main``), with ``CHRONICLE_DATA_DIR`` pointed at an empty folder and no
``CHRONICLE_DB``, so the default SQLite file in that folder is used.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.M | re.S)
EXIT = re.compile(r"\s#\s*exit\s+(\d+)\b")
ASSIGNMENT = re.compile(r"^[A-Z_][A-Z0-9_]*=")


@dataclass
class Command:
    """One README command with what the README says it does."""

    line: int
    text: str
    status: int = 0
    outputs: list[str] = field(default_factory=list)


@dataclass
class Block:
    """A fenced block: its language, options and body, and where it starts."""

    line: int
    language: str
    options: dict[str, str]
    body: str


def blocks(text: str) -> list[Block]:
    found = []
    for match in FENCE.finditer(text):
        words = match.group(1).split()
        language = words[0] if words else ""
        options = dict(w.split("=", 1) if "=" in w else (w, "") for w in words[1:])
        found.append(Block(text.count("\n", 0, match.start()) + 1, language, options,
                           match.group(2)))
    return found


def commands(block: Block) -> list[Command]:
    """The commands of an ``sh`` block, with their exit statuses and expected outputs."""
    found: list[Command] = []
    pending = ""
    start = 0
    for number, raw in enumerate(block.body.splitlines(), start=block.line + 1):
        line = raw.strip()
        if not pending and line.startswith("#"):
            if line.startswith("# →"):
                assert found, f"README line {number}: an output line before any command"
                found[-1].outputs.append(line.removeprefix("# →").strip())
            continue
        if not line and not pending:
            continue
        if not pending:
            start = number
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        text = pending + line
        pending = ""
        status = EXIT.search(text)
        found.append(Command(start, text, int(status.group(1)) if status else 0))
    assert not pending, f"README line {start}: a command ends with a continuation"
    return found


def entry_point() -> Callable[[Sequence[str]], int]:
    """The function the ``chronicle`` console script runs."""
    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "chronicle"]
    assert script.value == "chronicle.cli:main"
    main: Callable[[Sequence[str]], int] = script.load()
    return main


class Runner:
    """Runs README commands in this process, in a working folder, on a fresh data folder."""

    def __init__(self, work: Path, capsys: pytest.CaptureFixture[str],
                 monkeypatch: pytest.MonkeyPatch) -> None:
        self.work = work
        self.capsys = capsys
        self.monkeypatch = monkeypatch
        self.main = entry_point()

    def run(self, command: Command) -> tuple[int, str]:
        words = shlex.split(command.text, comments=True)
        where = f"README line {command.line}: {command.text}"
        with self.monkeypatch.context() as local:
            if words and words[0] == "export":
                for assignment in words[1:]:
                    name, _eq, value = assignment.partition("=")
                    self.monkeypatch.setenv(name, value)
                return 0, ""
            while words and ASSIGNMENT.match(words[0]):
                name, _eq, value = words.pop(0).partition("=")
                local.setenv(name, value)
            if words[:3] == ["python", "-m", "chronicle"]:
                words = ["chronicle", *words[3:]]
            assert words and words[0] == "chronicle", f"{where}: only chronicle commands run"
            self.capsys.readouterr()
            try:
                status = self.main(words[1:])
            except SystemExit as exc:  # argparse: --help, usage errors
                status = exc.code if isinstance(exc.code, int) else 1
            out, err = self.capsys.readouterr()
        return status, out + err


def _check_command(block: Block) -> str:
    name = block.options["file"]
    if re.search(r"^version\s*=", block.body, re.M) and not re.search(r"^system\s*=",
                                                                      block.body, re.M):
        return f"chronicle cards validate {name}"
    return f"chronicle check {name}"


@pytest.fixture
def runner(tmp_path: Path, capsys: pytest.CaptureFixture[str],
           monkeypatch: pytest.MonkeyPatch) -> Iterator[Runner]:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("CHRONICLE_DB", raising=False)
    monkeypatch.setenv("CHRONICLE_NO_TUI", "1")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.chdir(work)
    yield Runner(work, capsys, monkeypatch)
    from chronicle.systems.wyld_hunt.services.usercards import forget_group

    forget_group()  # the walkthrough's group cards stay in its own database


def test_every_block_of_the_readme_runs_as_documented(runner: Runner) -> None:
    ran = checked = 0
    for block in blocks(README.read_text(encoding="utf-8")):
        if block.language == "toml" and "file" in block.options:
            (runner.work / block.options["file"]).write_text(block.body, encoding="utf-8")
            command = Command(block.line, _check_command(block),
                              int(block.options.get("check", "0")))
            checked += 1
        elif block.language == "toml":
            assert "snippet" in block.options, (
                f"README line {block.line}: a toml block is a file (toml file=NAME) or a "
                "fragment (toml snippet)")
            continue
        elif block.language == "sh" and "skip" not in block.options:
            for command in commands(block):
                status, output = runner.run(command)
                assert status == command.status, (
                    f"README line {command.line}: {command.text}\nexit {status}, the README "
                    f"says {command.status}\n{output}")
                if status:
                    assert output.strip(), f"README line {command.line}: a silent failure"
                for expected in command.outputs:
                    assert expected in output, (
                        f"README line {command.line}: {command.text}\n{expected!r} is not in "
                        f"the output:\n{output}")
                ran += 1
            continue
        else:
            continue
        status, output = runner.run(command)
        assert status == command.status, (
            f"README line {block.line}: the example file {block.options['file']} gives exit "
            f"{status} on '{command.text}', the README says {command.status}\n{output}")
    assert ran > 60 and checked >= 3


def test_the_parser_of_the_conventions() -> None:
    text = ("```sh\nchronicle a \\\n    b   # exit 2: why\n# → shown\n\nchronicle c\n```\n"
            "```sh skip\nsudo x\n```\n```toml file=x.toml check=1\nname = 1\n```\n")
    found = blocks(text)
    assert [(b.language, b.options) for b in found] == [
        ("sh", {}), ("sh", {"skip": ""}), ("toml", {"file": "x.toml", "check": "1"})]
    parsed = commands(found[0])
    assert [(c.text, c.status, c.outputs, c.line) for c in parsed] == [
        ("chronicle a  b   # exit 2: why", 2, ["shown"], 2), ("chronicle c", 0, [], 6)]


def test_the_documented_csv_header_is_the_one_written() -> None:
    from chronicle.systems.wyld_hunt.services.csvio import EXPORT_HEADER

    text = README.read_text(encoding="utf-8")
    assert f"header `{','.join(EXPORT_HEADER)}`" in text
    assert "card,set,count" not in text
