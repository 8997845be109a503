"""``chronicle odds``: exact chances of Tests and Trials, and every game system's odds commands.

Wyld Hunt's ``test`` and ``trial`` are wired here; the other games' commands (``attack``,
``pool``, ``aq-attack``, ``bust``, ...) come from the registry: each game system describes its
options, and its ``run`` is imported only when the command runs.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from chronicle.cli.output import emit, emit_json, fail, percent
from chronicle.domain.limits import printable

if TYPE_CHECKING:
    from chronicle.systems.protocol import OddsCommand


def register(commands: Any, *, with_systems: bool = True) -> None:
    """Add the ``odds`` command with ``test`` and ``trial``, and (``with_systems``) the odds
    commands of every installed game system."""
    parser = commands.add_parser("odds", help="exact chances of dice rolls in every game",
                                 description="Exact chances, as fractions, of Tests and Trials "
                                             "and of every installed game's dice rolls.")
    found = _system_commands() if with_systems else []
    names = "|".join(["test", "trial", *(command.name for _label, command in found)])
    kinds = parser.add_subparsers(dest="odds_kind", metavar=names, required=True)
    test = kinds.add_parser("test", help="an opposed Test: your attribute against theirs",
                            description="Chances of winning, tying and losing a Test: your "
                                        "attribute plus a roll against theirs plus a roll.")
    test.add_argument("mine", type=int, help="your attribute")
    test.add_argument("theirs", type=int, help="the opposing attribute")
    trial = kinds.add_parser("trial", help="a Trial: attribute plus roll at least the difficulty",
                             description="Chance of passing a Trial: your attribute plus a "
                                         "roll must equal or exceed the difficulty.")
    trial.add_argument("attribute", type=int, help="your attribute")
    trial.add_argument("difficulty", type=int, help="the Trial's difficulty")
    for sub in (test, trial):
        sub.add_argument("--dice", type=int, choices=(1, 2), default=1,
                         help="dice rolled per side: 1 (The Wyld Hunt) or 2 (King Ironheart's "
                              "Madness); default 1")
        sub.add_argument("--json", action="store_true", help="print JSON")
    test.set_defaults(handler=run_test)
    trial.set_defaults(handler=run_trial)
    for label, command in found:
        _add_system_command(kinds, label, command)


def _system_commands() -> list[tuple[str, OddsCommand]]:
    from chronicle.systems import registry

    taken = {"test", "trial"}
    found: list[tuple[str, OddsCommand]] = []
    for system in registry.systems():
        for command in system.odds:
            if command.name not in taken:
                taken.add(command.name)
                found.append((system.label, command))
    return found


def _add_system_command(kinds: Any, label: str, command: OddsCommand) -> None:
    sub = kinds.add_parser(command.name, help=command.help,
                           description=f"{command.description} ({label})")
    for option in command.options:
        extra: dict[str, Any] = {"help": option.help}
        if option.metavar:
            extra["metavar"] = option.metavar
        if option.type == "flag":
            sub.add_argument(*option.flags, action="store_true", **extra)
            continue
        extra["type"] = int if option.type == "int" else str
        if option.flags[0].startswith("-"):
            extra["dest"] = option.dest
            extra["required"] = option.required
            extra["default"] = option.default
        sub.add_argument(*option.flags, **extra)
    sub.add_argument("--json", action="store_true", help="print JSON (exact fractions as "
                                                         "strings, with floats)")
    sub.set_defaults(handler=_runner(command))


def _runner(command: OddsCommand) -> Any:
    def run(args: argparse.Namespace) -> int:
        options = {option.dest: getattr(args, option.dest) for option in command.options}
        answer = command.runner()(options)
        if args.json and answer.exit_code != 2:
            emit_json(answer.data)
            return answer.exit_code
        if answer.exit_code == 2:
            for line in answer.lines:
                fail(printable(line))
            return 2
        for line in answer.lines:
            emit(printable(line))
        return answer.exit_code

    return run


def _dice(n: int) -> str:
    return "one die" if n == 1 else f"{n} dice"


def run_test(args: argparse.Namespace) -> int:
    """Print a Test's odds."""
    from chronicle.rules.dice import test_odds

    odds = test_odds(args.mine, args.theirs, args.dice)
    if args.json:
        emit_json({"kind": "test", "mine": odds.mine, "theirs": odds.theirs, "dice": odds.dice,
                   "win": str(odds.win), "tie": str(odds.tie), "lose": str(odds.lose),
                   "win_probability": float(odds.win), "tie_probability": float(odds.tie),
                   "lose_probability": float(odds.lose)})
        return 0
    emit(f"Test: {odds.mine} against {odds.theirs}, {_dice(odds.dice)} each")
    for label, value in (("win", odds.win), ("tie", odds.tie), ("lose", odds.lose)):
        emit(f"  {label:<5}{value!s:>8}  {percent(value):>6}")
    return 0


def run_trial(args: argparse.Namespace) -> int:
    """Print a Trial's odds."""
    from chronicle.rules.dice import trial_odds

    odds = trial_odds(args.attribute, args.difficulty, args.dice)
    if args.json:
        emit_json({"kind": "trial", "attribute": odds.attribute, "difficulty": odds.difficulty,
                   "dice": odds.dice, "needed": odds.needed, "pass": str(odds.passes),
                   "fail": str(odds.fails), "pass_probability": float(odds.passes),
                   "fail_probability": float(odds.fails)})
        return 0
    emit(f"Trial: attribute {odds.attribute} against difficulty {odds.difficulty}, "
         f"{_dice(odds.dice)}")
    lowest, highest = odds.dice, 6 * odds.dice
    if odds.needed <= lowest:
        emit("  any roll passes")
    elif odds.needed > highest:
        emit(f"  no roll passes (a {odds.needed} is needed)")
    else:
        emit(f"  a roll of {odds.needed} or better passes")
    emit(f"  pass {odds.passes!s:>8}  {percent(odds.passes):>6}")
    emit(f"  fail {odds.fails!s:>8}  {percent(odds.fails):>6}")
    return 0
