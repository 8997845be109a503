"""``chronicle hunt``: keep a Hunters of Arcfall game in the database, turn by turn.

Thin over ``service``: ``new``, ``turn``, ``undo``, ``show``, ``list``, ``card``, ``history``,
``export`` (the game-log file), ``import``, ``rename``, ``delete`` and ``restore``; the
score pad and the log print with ``chronicle export hunt NAME`` (the game's sheet,
``service.hunt_sheet``). Exit statuses as everywhere: 0 done, 1 refused by the rules
(nothing written), 2 bad input or an unknown name. Every listing takes ``--json``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from chronicle.cli.common import command, database
from chronicle.cli.output import emit, emit_json, fail, report, table
from chronicle.cli.recordcommands import add_export_file, add_record_commands
from chronicle.rules.report import Front

if TYPE_CHECKING:
    from chronicle.systems.hunters_of_arcfall.service import HuntView

ENDS = ("claimed", "wounded", "no_dice")
_SERVICE = "chronicle.systems.hunters_of_arcfall.service"


def register(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``chronicle hunt``."""
    sub = parser.add_subparsers(dest="hunt_command", required=True,
                                metavar="new|turn|undo|show|list|card|history|export|import|"
                                        "rename|delete|restore")

    new = command(sub, "new", _new, "start a game", (
        "Start a Hunters of Arcfall game: the players in seating order, clockwise from the "
        "first player, each with a hunter."), args=("name",), json=True)
    new.add_argument("--seat", action="append", required=True, metavar="PLAYER:HUNTER",
                     help="a player and their hunter (repeatable, in seating order)")
    new.add_argument("--limit", type=int, default=15,
                     help="the point limit (default 15, the rulebook's recommendation)")
    new.add_argument("--hunter", action="append", default=[], metavar="NAME",
                     help="a hunter of the box the catalog lacks, entered for this game with "
                          "its values unknown (repeatable)")
    new.add_argument("--date", help="the day it is played: an ISO date, YYYY-MM-DD")
    new.add_argument("--note")

    turn = command(sub, "turn", _turn, "enter a turn", (
        "Enter a turn: the bounties drawn and captured, heals, the ability, and how it "
        "ended. The rules check it first: a turn that breaks one is refused (exit 1)."),
        args=("name",), json=True)
    turn.add_argument("--player", help="whose turn (default: the next player)")
    turn.add_argument("--draw", action="append", default=[], metavar="BOUNTY",
                      help="a bounty drawn this turn (repeatable, in order)")
    turn.add_argument("--capture", action="append", default=[], metavar="BOUNTY",
                      help="a bounty captured this turn (repeatable, in order)")
    turn.add_argument("--end", choices=ENDS, default="claimed", type=str.lower,
                      help="claimed: stopped and claimed (default); wounded: fatally wounded, "
                           "captured bounties lost; no_dice: no dice left, nothing claimed")
    turn.add_argument("--heals", type=int, default=0, help="heals made (at most 3)")
    turn.add_argument("--ability", action="store_true",
                      help="the hunter's once-per-game ability was used")
    turn.add_argument("--note")

    command(sub, "undo", _undo, "take back the last turn", (
        "Take back the last turn still in effect: a compensating entry is added to the log, "
        "nothing is erased."), args=("name",), json=True).add_argument("--note")
    command(sub, "show", _show, "a game: scoreboard, log, findings",
            "Show a game's scoreboard, active bounty, log and every rule problem.",
            args=("name",), json=True).add_argument("--archived", action="store_true",
                                                    help="an archived game")
    command(sub, "list", _list, "list games", "List the group's games.",
            json=True).add_argument("--archived", action="store_true",
                                    help="the archived games instead")

    card = command(sub, "card", _card, "enter a hunter or bounty for a game", (
        "Enter (or correct) a hunter or bounty card for one game, from the physical card: the "
        "catalog knows few of them. Values left out stay unknown."), json=True)
    card.add_argument("name", help="the game")
    card.add_argument("card", help="the card's name")
    card.add_argument("--kind", choices=("bounty", "hunter"), default="bounty")
    card.add_argument("--fortune", type=int, help="a bounty's Fortune points")
    card.add_argument("--fame", type=int, help="a bounty's Fame points")
    card.add_argument("--slots", help="a bounty's slots, comma-separated die results "
                                      "(hit, wound, miss, heal, stun)")
    card.add_argument("--chevrons", help="slot numbers not fillable on the turn they are "
                                         "reached, comma-separated")
    card.add_argument("--wounds", type=int, help="a hunter's wound capacity")
    card.add_argument("--ability", help="the card's ability, in your words")

    command(sub, "history", _history, "the group's wins and average scores",
            "Wins and average Fortune per player and per hunter over the finished games.",
            json=True)
    add_export_file(sub, f"{_SERVICE}:export_text", "game", "a game-log TOML file")
    imp = command(sub, "import", _import, "store a game-log file", (
        "Store a game-log file as a game; every turn is checked as if entered in order, and "
        "nothing is written unless the whole log passes."), json=True)
    imp.add_argument("file", type=Path)
    imp.add_argument("--name", help="store it under another name")
    add_record_commands(sub, f"{_SERVICE}:HUNTS", "game", history="turn entered")


def show_view(view: HuntView, as_json: bool) -> int:
    """Print a game (or its JSON); exit status 0."""
    if as_json:
        emit_json(view.to_dict())
        return 0
    state = view.state
    if view.said:
        emit(view.said)
        emit()
    emit(f"{view.name} (Hunters of Arcfall, first to {view.log.limit} Fortune"
         f"{', archived' if view.archived else ''}): {state.verdict}")
    ranks = state.ranks()
    table(["place", "player", "hunter", "Fortune", "Fame", "claimed", "beneath", "ability"],
          [[str(ranks[p.name]), p.name, p.hunter,
            f"{p.fortune}+?" if p.unknown else str(p.fortune), str(p.fame),
            ", ".join(p.claimed) or "-", ", ".join(p.captured) or "-",
            "used" if p.ability_used else "ready"] for p in state.players],
          [5, 10, 10, 7, 4, 20, 8, 7])
    if state.active_bounty:
        card = state.active_card
        slots = "unknown" if card is None or card.slots is None else \
            ", ".join(r.value for r in card.slots)
        emit(f"Active bounty: {state.active_bounty} (slots: {slots})"
             + (f"; {card.ability}" if card is not None and card.ability else ""))
    if state.final_round:
        emit(f"Final round: {', '.join(state.still_to_play)} still to play "
             f"({', '.join(state.limit_reached_by)} reached {view.log.limit}).")
    elif state.next_player and not state.finished:
        emit(f"Round {state.round}: {state.next_player} is next.")
    if state.lines:
        emit()
        emit("Log:")
        for entry in view.to_dict()["entries"]:
            mark = (f" (undone by {entry['undone_by']})" if entry["undone_by"] else
                    "" if entry["counted"] or entry["kind"] == "undo" else " (not scored)")
            where = f"round {entry['round']}" if entry["round"] else "-"
            emit(f"  {entry['entry']:>3}  {where:<8}  {entry['text']}{mark}")
    if view.report.violations:
        emit()
        report(view.report, Front.CLI, game=view.name)
    return 0


def _new(args: argparse.Namespace) -> int:
    from chronicle.systems.hunters_of_arcfall.service import new_hunt, parse_seats

    view = new_hunt(database(args), args.name, parse_seats(args.seat), limit=args.limit,
                    date=args.date, note=args.note, hunters=args.hunter)
    return show_view(view, args.json)


def _turn(args: argparse.Namespace) -> int:
    from chronicle.systems.hunters_of_arcfall.service import play_turn

    view = play_turn(database(args), args.name, player=args.player, drawn=args.draw,
                     captured=args.capture, ability=args.ability, end=args.end,
                     heals=args.heals, note=args.note)
    return show_view(view, args.json)


def _undo(args: argparse.Namespace) -> int:
    from chronicle.systems.hunters_of_arcfall.service import undo_turn

    return show_view(undo_turn(database(args), args.name, args.note), args.json)


def _show(args: argparse.Namespace) -> int:
    from chronicle.systems.hunters_of_arcfall.service import show_hunt

    return show_view(show_hunt(database(args), args.name, archived=args.archived), args.json)


def _list(args: argparse.Namespace) -> int:
    from chronicle.systems.hunters_of_arcfall.service import list_hunts

    damaged: list[str] = []
    found = list_hunts(database(args), archived=args.archived, damaged=damaged)
    for text in damaged:
        fail(text)
    if args.json:
        emit_json([{k: v for k, v in view.to_dict().items() if k != "entries"}
                   for view in found])
        return 2 if damaged else 0
    if not found and not damaged:
        emit("No archived games." if args.archived else
             "No games yet: 'chronicle hunt new NAME --seat Ana:Gus --seat Bo:Kira "
             "--hunter Kira'.")
        return 0
    table(["game", "players", "round", "standing"],
          [[v.name, ", ".join(s.name for s in v.log.seats), str(v.state.round),
            v.state.verdict] for v in found], [16, 20, 5, 20])
    return 2 if damaged else 0


def _card(args: argparse.Namespace) -> int:
    from chronicle.systems.hunters_of_arcfall.service import set_card

    values: dict[str, object] = {"name": args.card, "kind": args.kind, "ability": args.ability}
    if args.kind == "bounty":
        values.update(fortune=args.fortune, fame=args.fame)
        if args.slots:
            values["slots"] = [p.strip() for p in args.slots.split(",") if p.strip()]
        if args.chevrons:
            try:
                values["chevrons"] = [int(p) for p in args.chevrons.split(",") if p.strip()]
            except ValueError:
                fail(f"--chevrons takes slot numbers, e.g. 2,3, not {args.chevrons!r:.60}")
                return 2
    else:
        values["wounds"] = args.wounds
    wrong = [f"--{k}" for k in ("fortune", "fame", "slots", "chevrons")
             if args.kind == "hunter" and getattr(args, k) is not None] + \
            (["--wounds"] if args.kind == "bounty" and args.wounds is not None else [])
    if wrong:
        fail(f"{', '.join(wrong)} do not belong to a {args.kind} card")
        return 2
    return show_view(set_card(database(args), args.name, values), args.json)


def _history(args: argparse.Namespace) -> int:
    from chronicle.systems.hunters_of_arcfall.service import history

    found = history(database(args))
    if args.json:
        emit_json(found.to_dict())
        return 0
    emit(f"{found.games} finished game(s)")
    for title, standings in (("player", found.players), ("hunter", found.hunters)):
        if standings:
            emit()
            table([title, "games", "wins", "shared", "average", "best"],
                  [[s.name, str(s.games), str(s.wins), str(s.shared),
                    f"{float(s.average):.2f}", str(s.best)] for s in standings],
                  [12, 5, 4, 6, 7, 4])
    for game, why in found.skipped:
        emit(f"Not counted: {game} ({why})")
    return 0


def _import(args: argparse.Namespace) -> int:
    from chronicle.systems.hunters_of_arcfall.service import import_file

    return show_view(import_file(database(args), args.file, args.name), args.json)
