"""Start-up against the stack's floor, each figure a median of whole processes and a ratio
against a baseline measured in the same run (absolute times vary with the host; ratios travel).
Times are the CPU time of the child processes (``resource.getrusage``), so a host busy with
other work does not inflate them.

    python bench/startup.py [--quick]

- ``chronicle check`` of a Wyld Hunt character file, against a process that imports pydantic
  and tomllib, builds one pydantic model and validates a parsed file with it (the least any
  checker of a TOML file with pydantic pays). Aim: within 1.3x.
- ``chronicle character show`` of the demo's character on SQLite, against
  ``python -c "import sqlmodel"`` (the least any command on the database pays). Aim: within
  1.2x.

``python -X importtime -m chronicle ...`` shows where the rest goes.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHARACTER = REPO / "tests" / "golden" / "characters" / "winerdria.toml"
FLOOR_CHECK = f"""
import tomllib
import pydantic

class Event(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="allow")

class Character(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="allow")
    name: str
    system: str = "wyld-hunt"
    icon: str | None = None
    merits: list[str] = []
    flaws: list[str] = []
    event: list[Event] = []

with open({str(CHARACTER)!r}, "rb") as handle:
    Character.model_validate(tomllib.load(handle))
"""


def child_cpu(argv: list[str], repeat: int, env: dict[str, str]) -> float:
    """Median CPU seconds (user + system) of running ``argv``; fails loudly if it fails."""
    samples = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              check=False, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()[-400:]}")
        samples.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(samples)


def line(label: str, value: float, floor: float, aim: float) -> str:
    """One figure as a ratio, with the aim."""
    ratio = value / floor
    verdict = "meets" if ratio <= aim else "misses"
    return (f"{label:<44} {value * 1000:7.1f} ms  floor {floor * 1000:7.1f} ms  "
            f"x{ratio:.2f} ({verdict} the aim of x{aim})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args(argv)
    repeat = 5 if args.quick else 15
    python = sys.executable
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "CHRONICLE_DATA_DIR": data}
        env.pop("CHRONICLE_DB", None)
        script = Path(python).with_name("chronicle")
        chronicle = [str(script)] if script.is_file() else [python, "-m", "chronicle"]
        subprocess.run([*chronicle, "demo"], env=env, check=True, stdout=subprocess.DEVNULL)
        # warm every cache the commands keep (the catalog's, Python's bytecode) first
        for command in (["check", str(CHARACTER)], ["character", "show", "Winerdria"]):
            subprocess.run([*chronicle, *command], env=env, check=False,
                           stdout=subprocess.DEVNULL)
        floor_check = child_cpu([python, "-c", FLOOR_CHECK], repeat, env)
        check = child_cpu([*chronicle, "check", str(CHARACTER)], repeat, env)
        floor_db = child_cpu([python, "-c", "import sqlmodel"], repeat, env)
        show = child_cpu([*chronicle, "character", "show", "Winerdria"], repeat, env)
    print(line("chronicle check (a character file)", check, floor_check, 1.3))
    print(line("chronicle character show (SQLite)", show, floor_db, 1.2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
