"""Start-up against the stack's floor, each figure a median of whole processes and a ratio
against a baseline measured in the same run (absolute times vary with the host; ratios travel).
Times are the CPU time of the child processes (``resource.getrusage``), and the commands are
run in rounds (one of each per round), so a host busy with other work inflates them alike.

    python bench/startup.py [--quick | --smoke] [--repeat N]

- ``chronicle check`` of a file of each installed game (a Wyld Hunt character, and the README's
  Tales of Arcadia roster, Arcadia Quest campaign and Hunters of Arcfall game log), against a
  process that imports pydantic and tomllib, builds one pydantic model and validates the same
  parsed file with it (the least any checker of a TOML file with pydantic pays). Aim: within
  1.3x.
- ``chronicle character show`` of the demo's character on SQLite, against
  ``python -c "import sqlmodel"`` (the least any command on the database pays). Aim: within
  1.2x.

Every child runs with Python's bytecode cache written and read, as an installed program is
(``PYTHONDONTWRITEBYTECODE`` is dropped from its environment): otherwise each run compiles the
program's own modules again while the floor's libraries come compiled. The caches the commands
keep (the catalogs', the registry's) are warmed first. ``python -X importtime -m chronicle
...`` shows where the rest goes.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHARACTER = REPO / "tests" / "golden" / "characters" / "winerdria.toml"
README_FILES = {"tales-of-arcadia": "roster.toml", "arcadia-quest": "campaign.toml",
                "hunters-of-arcfall": "game.toml"}
"""The other games' files, the README's own examples (tests/test_readme.py checks them)."""
FLOOR_CHECK = """
import sys
import tomllib
import pydantic

class Entry(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="allow")

class File(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="allow")
    name: str
    system: str = "wyld-hunt"
    icon: str | None = None
    merits: list[str] = []
    flaws: list[str] = []
    event: list[Entry] = []

with open(sys.argv[1], "rb") as handle:
    File.model_validate(tomllib.load(handle))
"""


def readme_files(folder: Path) -> dict[str, Path]:
    """The README's example files of the other games, written into ``folder``."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = dict(re.findall(r"^```toml file=(\S+)[^\n]*\n(.*?)^```", text, re.M | re.S))
    written = {}
    for game, name in README_FILES.items():
        target = folder / name
        target.write_text(blocks[name], encoding="utf-8")
        written[game] = target
    return written


def run_once(argv: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of running ``argv`` once; fails loudly if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False,
                          env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()[-400:]}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def medians(commands: dict[str, list[str]], repeat: int, env: dict[str, str]
            ) -> dict[str, float]:
    """The median CPU seconds of each command, run in ``repeat`` rounds of one of each."""
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, argv in commands.items():
            samples[name].append(run_once(argv, env))
    return {name: statistics.median(values) for name, values in samples.items()}


def line(label: str, value: float, floor: float, aim: float) -> str:
    """One figure as a ratio, with the aim."""
    ratio = value / floor
    verdict = "meets" if ratio <= aim else "misses"
    return (f"{label:<46} {value * 1000:7.1f} ms  floor {floor * 1000:7.1f} ms  "
            f"x{ratio:.2f} ({verdict} the aim of x{aim})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (5)")
    parser.add_argument("--repeat", type=int, default=15, help="rounds (default 15)")
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny size, one repetition: the test suite's run, whose "
                             "figures mean nothing")
    args = parser.parse_args(argv)
    repeat = 1 if args.smoke else 5 if args.quick else max(1, args.repeat)
    python = sys.executable
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "CHRONICLE_DATA_DIR": data,
               "CHRONICLE_CACHE_DIR": os.path.join(data, "cache")}
        env.pop("CHRONICLE_DB", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        script = Path(python).with_name("chronicle")
        chronicle = [str(script)] if script.is_file() else [python, "-m", "chronicle"]
        subprocess.run([*chronicle, "demo"], env=env, check=True, stdout=subprocess.DEVNULL)
        files = {"wyld-hunt": CHARACTER, **readme_files(Path(data))}
        commands: dict[str, list[str]] = {}
        for game, path in files.items():
            commands[f"floor {game}"] = [python, "-c", FLOOR_CHECK, str(path)]
            commands[f"check {game}"] = [*chronicle, "check", str(path)]
        commands["floor db"] = [python, "-c", "import sqlmodel"]
        commands["show"] = [*chronicle, "character", "show", "Winerdria"]
        for command in commands.values():  # warm every cache (bytecode, catalogs, registry)
            subprocess.run(command, env=env, check=False, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        found = medians(commands, repeat, env)
    print(f"(median of {repeat} rounds; load average {os.getloadavg()[0]:.1f} at the end)")
    print(line("chronicle check (a Wyld Hunt character file)", found["check wyld-hunt"],
               found["floor wyld-hunt"], 1.3))
    for game in README_FILES:
        print(line(f"chronicle check ({game})", found[f"check {game}"],
                   found[f"floor {game}"], 1.3))
    print(line("chronicle character show (SQLite)", found["show"], found["floor db"], 1.2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
