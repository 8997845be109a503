"""``chronicle odds``: exact chances of Tests and Trials."""

from __future__ import annotations

import argparse
from typing import Any

from chronicle.cli.output import emit, emit_json, percent


def register(commands: Any) -> None:
    """Add the ``odds`` command with ``test`` and ``trial``."""
    parser = commands.add_parser("odds", help="exact chances of Tests and Trials",
                                 description="Exact chances, as fractions, of Tests and Trials.")
    kinds = parser.add_subparsers(dest="odds_kind", metavar="test|trial", required=True)
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
