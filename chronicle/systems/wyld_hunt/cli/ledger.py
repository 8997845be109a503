"""``chronicle quest record``, ``xp buy|buy-off|correct``, ``history`` and ``undo``: the
chronicle of a character, one appended event at a time (four of Wyld Hunt's command groups)."""

from __future__ import annotations

import argparse
from functools import partial

from chronicle.cli.common import add_json, add_player, command, database, run_service
from chronicle.cli.output import emit, emit_json
from chronicle.systems.wyld_hunt.cli.show import show_character


def _common(parser: argparse.ArgumentParser) -> None:
    add_player(parser)
    parser.add_argument("--date", help="the day it happened: an ISO date, YYYY-MM-DD")
    parser.add_argument("--note", help="a note kept with the event")
    add_json(parser)


def register_quest(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``quest`` (the command group's ``register``)."""
    parser.description = "Record the games a character plays."
    sub = parser.add_subparsers(dest="quest_command", metavar="record", required=True)
    record = command(sub, "record", _record, "record a game: quests undertaken and completed",
                     "Record a game: the quests undertaken and, in the order "
                     "completed, those completed. Experience and the Waylay "
                     "bonus follow from the rules.", args=("character",))
    record.add_argument("--quest", action="append", required=True, dest="quests",
                        help="a quest undertaken (repeatable)")
    record.add_argument("--completed", action="append", default=[],
                        help="a quest completed, in order (repeatable)")
    record.add_argument("--opponent", help="who waylaid the character")
    _common(record)


def register_xp(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``xp`` (the command group's ``register``)."""
    parser.description = "Spend experience one for one, or correct the record."
    sub = parser.add_subparsers(dest="xp_command", metavar="buy|buy-off|correct", required=True)
    buy = command(sub, "buy", _buy, "buy a Merit with experience",
                  "Spend experience on a Merit (its cost).", args=("character", "merit"))
    _common(buy)
    buy_off = command(sub, "buy-off", _buy_off, "buy off a Flaw with experience",
                      "Spend experience to remove a Flaw (its bonus).", args=("character", "flaw"))
    _common(buy_off)
    correct = command(sub, "correct", _correct, "fix the record without spending experience",
                      "Fix the record without spending experience: add or "
                      "remove cards, adjust career experience. Say why in "
                      "--note.", args=("character",))
    correct.add_argument("--add-merit", action="append", default=[])
    correct.add_argument("--remove-merit", action="append", default=[])
    correct.add_argument("--add-flaw", action="append", default=[])
    correct.add_argument("--remove-flaw", action="append", default=[])
    correct.add_argument("--xp", type=int, default=0, help="experience to add (or take back)")
    _common(correct)


def register_history(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``history`` (the command group's ``register``)."""
    parser.description = ("Every event of a character's chronicle with running totals, undone "
                          "events included.")
    parser.add_argument("character")
    add_player(parser)
    add_json(parser)
    parser.set_defaults(handler=partial(run_service, _history))


def register_undo(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``undo`` (the command group's ``register``)."""
    parser.description = ("Reverse the latest event still in force by appending a compensating "
                          "event; the history keeps both.")
    parser.add_argument("character")
    add_player(parser)
    parser.add_argument("--note", help="why")
    add_json(parser)
    parser.set_defaults(handler=partial(run_service, _undo))


def _record(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.ledger import record_game

    view = record_game(database(args), args.character, args.quests, args.completed,
                       player=args.player, date=args.date, opponent=args.opponent,
                       note=args.note)
    if not args.json:
        line = view.history[-1]
        emit(f"Recorded event {line.seq}: {line.text} (+{line.xp_change} experience).")
    return show_character(view, args.json)


def _buy(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.ledger import buy

    view = buy(database(args), args.character, args.merit, player=args.player, date=args.date,
               note=args.note)
    if not args.json:
        emit(f"Recorded: {view.history[-1].text} ({view.history[-1].xp_change} experience).")
    return show_character(view, args.json)


def _buy_off(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.ledger import buy_off

    view = buy_off(database(args), args.character, args.flaw, player=args.player,
                   date=args.date, note=args.note)
    if not args.json:
        emit(f"Recorded: {view.history[-1].text} ({view.history[-1].xp_change} experience).")
    return show_character(view, args.json)


def _correct(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.ledger import correct

    view = correct(database(args), args.character, args.note or "", player=args.player,
                   add_merits=tuple(args.add_merit), remove_merits=tuple(args.remove_merit),
                   add_flaws=tuple(args.add_flaw), remove_flaws=tuple(args.remove_flaw),
                   xp=args.xp, date=args.date)
    if not args.json:
        emit(f"Recorded: {view.history[-1].text}.")
    return show_character(view, args.json)


def _history(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.ledger import history

    view = history(database(args), args.character, args.player)
    if args.json:
        emit_json({"character": view.name, "player": view.player,
                   "summary": view.report.summary,
                   "events": [h.to_dict() for h in view.history]})
        return 0
    s = view.report.summary
    emit(f"{view.name} ({view.player}): {s['xp_earned']} earned, {s['xp_spent']} spent, "
         f"{s['xp_unspent']} unspent, Waylay bonus +{s['waylay_bonus']}")
    if not view.history:
        emit("The chronicle is empty: 'chronicle quest record' adds a game.")
        return 0
    for line in view.history:
        status = f"  [undone by {line.undone_by}]" if line.undone_by else ""
        change = f"{line.xp_change:+d}" if line.applied and line.xp_change else "  "
        day = line.date or (line.recorded_at or "")[:10]  # the game's date, else when recorded
        extra = (f" (game {line.game})" if line.game else "") + (
            f" — {line.note}" if line.note else "")
        emit(f"{line.seq:>4}  {day:<10}  {change:>3}  earned {line.xp_earned:>3}  "
             f"unspent {line.xp_unspent:>3}  {line.text}{extra}{status}")
    return 0


def _undo(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.ledger import undo

    view, what = undo(database(args), args.character, player=args.player, note=args.note)
    if not args.json:
        emit(f"Undid {what}. It stays in the history, marked as undone.")
    return show_character(view, args.json)
