"""``chronicle play``: a prepared game played Day by Day, one command a step (move, Waylay, Test,
exhaust, discard, Flaw, Treasure, Rest, end of Day, undo), each checked by the rules and kept in
the game's ledger; ``finish`` records the result in the chronicles as ``game result`` does.

Rolls are the table's own dice (``--roll 3``; twice for two dice), or rolled here when left out.
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any

from chronicle.cli.common import add_json, database, run_service
from chronicle.cli.output import emit, emit_json, fail
from chronicle.rules.report import Front

STEPS = "start|show|move|waylay|test|exhaust|discard|flaw|treasure|rest|end|undo|finish"


def register(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``play`` (the command group's ``register``)."""
    parser.description = ("Play a prepared game Day by Day: each step is checked by the rules "
                          "and kept in the game's ledger (undo adds a compensating step).")
    sub = parser.add_subparsers(dest="play_command", metavar=STEPS, required=True)

    start = sub.add_parser("start", help="lay a prepared game out and open its ledger",
                           description="Lay a prepared game out: who goes first, each "
                                       "character's Base Camp, the Treasures under Leagues.")
    start.add_argument("game")
    start.add_argument("--first", required=True, metavar="PLAYER",
                       help="the player who rolled lowest (moves first)")
    start.add_argument("--camp", action="append", default=[], metavar="PLAYER=LEAGUE",
                       help="a character's Base Camp, chosen by the opponent (repeatable; "
                            "default: the League map's)")
    start.add_argument("--treasure", action="append", default=[],
                       metavar="PLAYER:LEAGUE=TREASURE",
                       help="a player's Quest Treasure under a League (repeatable; default: "
                            "the League map's)")
    _finish(start, _start)

    show = sub.add_parser("show", help="the game in play as it stands",
                          description="Show the Day, each character's League and cards, the "
                                      "Waylays in play and the last steps.")
    show.add_argument("game")
    _finish(show, _show)

    move = _step(sub, "move", "move the character one League",
                 "Move to an adjacent League, with its Exiting and Entering Trials.")
    move.add_argument("league")
    move.add_argument("--trial", action="append", default=[],
                      metavar="SIDE:ATTRIBUTE:DIFFICULTY[:ROLL]",
                      help="a Trial: leave or enter, the Attribute, the difficulty and the "
                           "roll (N, or N+N for two dice; rolled when left out)")
    _finish(move, _move)

    waylay = _step(sub, "waylay", "play a Waylay on the character entering a League",
                   "Play a Waylay you hold on the opponent's character as it enters a League "
                   "(--player: who plays it; default the opponent of the Day's character).")
    waylay.add_argument("waylay")
    _finish(waylay, partial(_simple, "waylay", "waylay"))

    test = _step(sub, "test", "face a Waylay (a Test)",
                 "Face the next Waylay on the League (lowest rating first): your roll and the "
                 "Waylay's (each rolled when left out).")
    test.add_argument("waylay", nargs="?",
                      help="the Waylay faced (default: the next on the League, lowest rating "
                           "first)")
    test.add_argument("--test", choices=("might", "savvy", "resolve", "combat"),
                      help="the Test faced (default: the one the Waylay lists)")
    test.add_argument("--roll", action="append", type=int, metavar="N",
                      help="the character's die (twice for two dice)")
    test.add_argument("--against", action="append", type=int, metavar="N",
                      help="the Waylay's die, rolled by the opponent (twice for two dice)")
    _finish(test, _test)

    for name, summary, what in (
            ("exhaust", "exhaust a Merit (used, or --lost for a lost Test)", "merit"),
            ("discard", "discard an exhausted Merit", "merit"),
            ("flaw", "the opponent exhausts one of the character's Flaws", "flaw"),
            ("rest", "Rest: recover one exhausted Merit", "merit"),
            ("treasure", "pick up your Quest Treasure under the League", "treasure")):
        parser_ = _step(sub, name, summary, summary[0].upper() + summary[1:] + ".")
        parser_.add_argument(what)
        if name == "exhaust":
            reason = parser_.add_mutually_exclusive_group()
            reason.add_argument("--lost", action="store_true",
                                help="exhausted for a lost Test (no effect; the default "
                                     "while the character owes a Merit)")
            reason.add_argument("--use", action="store_true",
                                help="exhausted for its effect (the default otherwise)")
        _finish(parser_, partial(_simple, name, what))

    end = _step(sub, "end", "end the character's Day", "End the Day; the next player's begins.")
    _finish(end, partial(_simple, "end", None))

    undo = sub.add_parser("undo", help="take back the latest step (a compensating step)",
                          description="Take back the latest step in force: nothing is erased.")
    undo.add_argument("game")
    _finish(undo, _undo)

    finish = sub.add_parser("finish", help="record the result in the chronicles",
                            description="Record who completed which quests (as game result "
                                        "does), with the Quest Treasures found, and close the "
                                        "ledger.")
    finish.add_argument("game")
    finish.add_argument("--completed", action="append", default=[], metavar="PLAYER:QUEST")
    finish.add_argument("--date", help="the date played (default today)")
    finish.add_argument("--note")
    _finish(finish, _finish_game)


def _step(sub: Any, name: str, summary: str, description: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(name, help=summary,
                                                     description=description)
    parser.add_argument("game")
    parser.add_argument("--player", help="the player (default: the one whose Day it is)")
    return parser


def _finish(parser: argparse.ArgumentParser, handler: Any) -> None:
    add_json(parser)
    parser.set_defaults(handler=partial(run_service, handler))


def _pair(value: str, sep: str, what: str) -> tuple[str, str]:
    head, found, tail = value.partition(sep)
    if not found or not head.strip() or not tail.strip():
        raise _Bad(f"{what} takes {'PLAYER' + sep + 'VALUE'}, not {value!r}")
    return head.strip(), tail.strip()


class _Bad(Exception):
    """A malformed argument (exit 2)."""


def _out(view: Any, json: bool) -> int:
    if json:
        emit_json(view.to_dict())
        return 0
    for line in view.said:
        emit(line)
    for violation in view.fresh:
        fix = violation.fix_for(Front.CLI, game=view.name)
        emit(f"warning {violation.code}: {violation.message}" + (f" (fix: {fix})" if fix else ""))
    state = view.state
    if state.finished is not None:
        emit(f"{view.name}: finished")
        return 0
    emit(f"Day {state.day}: {state.current}'s Day")
    for hero in state.heroes.values():
        waylays = ", ".join(w.name for w in state.active(hero.league))
        emit(f"  {hero.character} ({hero.player}) in {hero.league}"
             + (f" [Waylay: {waylays}]" if waylays else "")
             + f"; exhausted: {', '.join(sorted(hero.exhausted)) or 'none'}"
             + (f"; discarded: {', '.join(sorted(hero.discarded))}" if hero.discarded else "")
             + (f"; owes {hero.owed} Merit" if hero.owed else "")
             + (f"; found: {', '.join(hero.found)}" if hero.found else ""))
    return 0


def _guard(work: Any, args: argparse.Namespace) -> int:
    try:
        result: int = work()
        return result
    except _Bad as exc:
        fail(str(exc))
        return 2


def _start(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services import play

    def work() -> int:
        camps = dict(_pair(v, "=", "--camp") for v in args.camp)
        treasures: dict[str, dict[str, str]] = {}
        for value in args.treasure:
            player, rest = _pair(value, ":", "--treasure")
            league, treasure = _pair(rest, "=", "--treasure")
            treasures.setdefault(player, {})[league] = treasure
        return _out(play.start(database(args), args.game, first=args.first, camps=camps,
                               treasures=treasures), args.json)
    return _guard(work, args)


def _show(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services import play

    view = play.show(database(args), args.game)
    if not args.json:
        for line in view.state.log[-8:]:
            emit(f"  {line}")
    view.said, view.fresh = [], view.report.warnings
    return _out(view, args.json)


def _dice(text: str) -> list[int]:
    try:
        return [int(x) for x in text.split("+")]
    except ValueError:
        raise _Bad(f"a roll is N or N+N, not {text!r}") from None


def _move(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services import play

    def work() -> int:
        trials = []
        for value in args.trial:
            parts = value.split(":")
            if len(parts) not in (3, 4) or parts[0] not in ("leave", "enter"):
                raise _Bad(f"--trial takes leave|enter:ATTRIBUTE:DIFFICULTY[:ROLL], not "
                           f"{value!r}")
            try:
                difficulty = int(parts[2])
            except ValueError:
                raise _Bad(f"a Trial's difficulty is a number, not {parts[2]!r}") from None
            trials.append({"side": parts[0], "attribute": parts[1].lower(),
                           "difficulty": difficulty,
                           "rolls": _dice(parts[3]) if len(parts) == 4 else None})
        return _out(play.step(database(args), args.game, "move",
                              {"player": args.player, "to": args.league, "trials": trials}),
                    args.json)
    return _guard(work, args)


def _test(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services import play

    return _out(play.step(database(args), args.game, "test",
                          {"player": args.player, "waylay": args.waylay, "test": args.test,
                           "rolls": args.roll, "against": args.against}), args.json)


def _simple(kind: str, what: str | None, args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services import play

    payload: dict[str, Any] = {"player": args.player}
    if what is not None:
        payload["waylay" if what == "waylay" else "treasure" if what == "treasure"
                else "card"] = getattr(args, what)
    if kind == "exhaust":
        payload["reason"] = "lost" if args.lost else "use" if args.use else None
    return _out(play.step(database(args), args.game, kind, payload), args.json)


def _undo(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services import play

    return _out(play.undo(database(args), args.game), args.json)


def _finish_game(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services import play

    def work() -> int:
        completed: dict[str, list[str]] = {}
        for value in args.completed:
            player, quest = _pair(value, ":", "--completed")
            completed.setdefault(player, []).append(quest)
        view = play.finish(database(args), args.game, completed, date=args.date,
                           note=args.note)
        if not args.json:
            emit(f"Recorded the result of {view.name} in every seated character's chronicle.")
        return _out(view, args.json)
    return _guard(work, args)
