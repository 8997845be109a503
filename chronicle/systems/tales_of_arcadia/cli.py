"""``chronicle force`` and ``chronicle battle``: Tales of Arcadia's command groups, thin over
``service.py``.

Exit statuses as everywhere: 0 done, 1 refused by the rules (or someone saved first), 2 bad
input or an unknown name. Every listing takes ``--json``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.cli.common import command, database
from chronicle.cli.output import emit, emit_json, report, table
from chronicle.cli.recordcommands import add_export_file, add_record_commands
from chronicle.rules.report import arg

_SERVICE = "chronicle.systems.tales_of_arcadia.service"

if TYPE_CHECKING:
    from chronicle.systems.tales_of_arcadia.service import BattleEntry, ForceView


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 or more")
    return value


def _player(parser: argparse.ArgumentParser, required: bool = False) -> None:
    parser.add_argument("--player", required=required,
                        help="whose force (needed when two players have one of that name)"
                        if not required else "the player whose force it is")


def _version(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--expect-version", type=int, dest="expected_version",
                        help="refuse if the force changed since this version")


def register_force(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``chronicle force``."""
    sub = parser.add_subparsers(
        dest="force_command", required=True,
        metavar="new|show|list|add|remove|set|copy|rename|export|import|delete|fits")
    new = command(sub, "new", _new, "start a battle force",
                  "Start an empty battle force of a player, drawn from one "
                  "army list, at an agreed point limit.", args=("name",), json=True)
    new.add_argument("--player", required=True, help="the player whose force it is")
    new.add_argument("--army", required=True, help="the army list its units come from")
    new.add_argument("--limit", required=True, type=_positive, help="the agreed point limit")
    new.add_argument("--notes")

    show = command(sub, "show", _show, "a force, its points and every rule problem",
                   "Show a force: its units (numbered), points against its "
                   "limit, and every violation. Exit 1 when it breaks a rule.",
                   args=("name",), json=True)
    _player(show)

    listing = command(sub, "list", _list, "list battle forces",
                      "List the battle forces (of a player).", json=True)
    _player(listing)
    listing.add_argument("--archived", action="store_true", help="the deleted forces that "
                                                                 "were kept")

    add = command(sub, "add", _add, "add a unit",
                  "Add a unit (a roster line) to a "
                  "force; refused if it breaks a rule the force did not break.",
                  args=("name", "unit"), json=True)
    add.add_argument("--variant")
    add.add_argument("--option", action="append", dest="options", default=[],
                     help="an option (repeatable; name it twice to take it twice)")
    add.add_argument("--count", type=_positive, default=1, help="identical units (default 1)")
    _player(add)
    _version(add)

    remove = command(sub, "remove", _remove, "remove a unit line",
                     "Remove a unit line, by the number 'force show' gives.",
                     args=("name",), json=True)
    remove.add_argument("line", type=_positive)
    _player(remove)
    _version(remove)

    setter = command(sub, "set", _set, "change the limit, army, notes or a line",
                     "Change a force's limit, army list or notes, or one "
                     "line's variant, options or count (--line N).", args=("name",), json=True)
    setter.add_argument("--limit", type=_positive)
    setter.add_argument("--army")
    setter.add_argument("--notes")
    setter.add_argument("--line", type=_positive, help="the unit line to change")
    setter.add_argument("--variant", help="the line's variant ('' for none)")
    setter.add_argument("--option", action="append", dest="options",
                        help="the line's options (repeatable; replaces them)")
    setter.add_argument("--no-options", action="store_true", help="take every option off")
    setter.add_argument("--count", type=_positive)
    _player(setter)
    _version(setter)

    copy = command(sub, "copy", _copy, "the same force under a new name (and limit)",
                   "Copy a force, e.g. the same force at 750 points; the "
                   "copy is checked again.", args=("name", "new_name"), json=True)
    copy.add_argument("--limit", type=_positive)
    copy.add_argument("--to-player", help="give the copy to another player")
    _player(copy)

    add_export_file(sub, f"{_SERVICE}:export_force", "force", "a roster file (TOML)",
                    player=True, flags=("--output", "-o"))

    take = command(sub, "import", _import, "store a roster file as a force",
                   "Store a roster file as a battle force; nothing is "
                   "written if the file has a problem or breaks a rule.", json=True)
    take.add_argument("file", type=Path)
    take.add_argument("--player", help="whose force (default: the file's player)")
    take.add_argument("--name", help="the force's name (default: the file's)")

    add_record_commands(sub, f"{_SERVICE}:FORCES", "battle force", player=True,
                        history="battle naming it")

    fits = command(sub, "fits", _fits, "what still fits in the points left",
                   "The units of the force's army list that fit in the "
                   "points left, cheapest first.", args=("name",), json=True)
    _player(fits)


def _force(view: ForceView, as_json: bool) -> int:
    if as_json:
        emit_json(view.to_dict())
        return 0 if view.report.valid else 1
    s = view.report.summary
    owner = f"{view.player}'s " if view.player else ""
    verdict = "legal" if view.report.valid else f"{len(view.report.errors)} error(s)"
    if s.get("trimming"):               # kept over its limit after a copy, to be trimmed
        verdict = f"being trimmed, {s['points_spent'] - s['limit']} points over its limit"
    emit(f"{view.name} ({owner}battle force, {s['army']}): {verdict}")
    points = f"{s['points_spent']}" if s["points_complete"] else f"{s['points_spent']} known"
    emit(f"  Points: {points} of {s['limit']} ({s['points_unspent']} left)   "
         f"Units: {s['unit_count']}")
    rows = []
    for number, unit in enumerate(s["units"], start=1):
        name = unit["unit"] + (f" ({unit['variant']})" if unit["variant"] else "")
        stats = " ".join(f"{k[0].upper()}{'?' if unit[k] is None else unit[k]}"
                         for k in ("power", "accuracy", "speed", "wounds", "range", "defense"))
        rows.append([str(number), f"{unit['count']}×", name,
                     "?" if unit["cost"] is None else str(unit["cost"]), stats,
                     ", ".join(unit["options"]) or "-"])
    if rows:
        table(["#", "n", "unit", "each", "stats", "options"], rows, [2, 3, 14, 4, 20, 7])
    if view.report.violations:
        emit()
        report(view.report, game=view.name)
    return 0 if view.report.valid else 1


def _new(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.service import new_force

    view = new_force(database(args), args.player, args.name, args.army, args.limit, args.notes)
    if not args.json:
        emit(f"Started {view.name} for {view.player}: {view.roster.army} at "
             f"{view.roster.limit} points.")
    return _force(view, args.json)


def _show(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.service import get_force

    return _force(get_force(database(args), args.name, args.player), args.json)


def _list(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.service import list_forces

    views = list_forces(database(args), args.player, args.archived)
    if args.json:
        emit_json([{"name": v.name, "player": v.player, "army": v.roster.army,
                    "limit": v.roster.limit, "points_spent": v.report.summary["points_spent"],
                    "unit_count": v.report.summary["unit_count"], "legal": v.report.valid,
                    "version": v.version} for v in views])
        return 0
    if not views:
        emit("No battle forces yet: start one with 'chronicle force new NAME --player P "
             "--army ARMY --limit 500'.")
        return 0
    table(["player", "force", "army", "points", "units", "state"],
          [[v.player or "-", v.name, v.roster.army,
            f"{v.report.summary['points_spent']}/{v.roster.limit}",
            str(v.report.summary["unit_count"]),
            "legal" if v.report.valid else f"{len(v.report.errors)} error(s)"] for v in views],
          [8, 12, 12, 8, 5, 6])
    return 0


def _add(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.force import RosterLine
    from chronicle.systems.tales_of_arcadia.service import add_unit

    line = RosterLine(unit=args.unit, variant=args.variant, options=tuple(args.options),
                      count=args.count)
    view = add_unit(database(args), args.name, line, args.player, args.expected_version)
    if not args.json:
        added = view.roster.units[-1].unit if view.roster.units else args.unit
        emit(f"Added {args.count}× {added} to {view.name}.")   # the card's own name
    return _force(view, args.json)


def _remove(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.service import remove_unit

    view = remove_unit(database(args), args.name, args.line, args.player, args.expected_version)
    if not args.json:
        emit(f"Removed line #{args.line} from {view.name}.")
    return _force(view, args.json)


def _set(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.service import set_force

    changes: dict[str, Any] = {}
    if args.variant is not None:
        changes["variant"] = args.variant or None
    if args.notes is not None:
        changes["notes"] = args.notes or None
    options = [] if args.no_options else args.options
    view = set_force(database(args), args.name, args.player, limit=args.limit, army=args.army,
                     line=args.line, options=options, count=args.count,
                     expected_version=args.expected_version, **changes)
    if not args.json:
        emit(f"Changed {view.name}.")
    return _force(view, args.json)


def _copy(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.service import copy_force

    view = copy_force(database(args), args.name, args.new_name, args.player, limit=args.limit,
                      to_player=args.to_player)
    if args.json:
        emit_json(view.to_dict())
        return 0                        # the copy is made, whatever it still has to lose
    s = view.report.summary
    emit(f"Copied {args.name} to {view.name} at {view.roster.limit} points.")
    if s["trimming"]:
        emit(f"The copy is made, {s['points_spent'] - s['limit']} points over its limit: it is "
             "kept to be trimmed. What no longer fits is below; remove units or options "
             f"('chronicle force remove {arg(view.name)} N', 'force set --line N --count N').")
    _force(view, False)
    return 0


def _import(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.service import import_force

    view = import_force(database(args), args.file, args.player, args.name)
    if not args.json:
        emit(f"Imported {view.name} for {view.player}.")
    return _force(view, args.json)


def _fits(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.rules import what_fits
    from chronicle.systems.tales_of_arcadia.service import catalog, get_force

    db = database(args)
    view = get_force(db, args.name, args.player)
    found = what_fits(view.roster, catalog(db))
    if args.json:
        emit_json({"points_left": view.report.summary["points_unspent"],
                   "fits": [{"unit": f.name, "variant": f.variant, "cost": f.cost,
                             "most": f.most, "options": list(f.options)} for f in found]})
        return 0
    emit(f"{view.report.summary['points_unspent']} points left in {view.name}.")
    if not found:
        emit("Nothing more fits.")
        return 0
    table(["unit", "cost", "how many fit"],
          [[f.name + (f" ({f.variant})" if f.variant else ""), str(f.cost), str(f.most)]
           for f in found], [16, 4, 3])
    return 0


# --- battles -----------------------------------------------------------------------------------

def _side(text: str) -> Any:
    from chronicle.systems.tales_of_arcadia.battles import Side

    player, _sep, rest = text.partition(":")
    force, _sep, points = rest.rpartition(":") if rest.count(":") else (rest, "", "")
    if not player.strip():
        raise argparse.ArgumentTypeError("a side is PLAYER[:FORCE[:POINTS]]")
    if points and not points.strip().isdigit():
        force, points = rest, ""
    return Side(player=player.strip(), force=force.strip() or None,
                points=int(points) if points else None)


def _date(text: str) -> Any:
    import datetime as dt

    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a date like 2026-11-28") \
            from None


def register_battle(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``chronicle battle``."""
    from chronicle.systems.tales_of_arcadia.battles import Victory

    sub = parser.add_subparsers(dest="battle_command", required=True,
                                metavar="record|list|undo|standings")
    record = command(sub, "record", _record, "enter a battle in the group's history",
                     "Enter a battle: date, the sides (each a player, with "
                     "the force they brought), the agreed limit and victory "
                     "condition, and who won (none for a draw).", json=True)
    record.add_argument("--date", type=_date, required=True, help="the day, like 2026-11-28")
    record.add_argument("--side", type=_side, action="append", required=True,
                        dest="sides", metavar="PLAYER[:FORCE[:POINTS]]",
                        help="a side (repeatable); a stored force's points are filled in")
    record.add_argument("--limit", type=_positive, required=True)
    record.add_argument("--victory", choices=[v.value for v in Victory],
                        default=Victory.LAST_UNIT_STANDING.value)
    record.add_argument("--condition", help="what an 'other' victory meant")
    record.add_argument("--winner", help="the winning player (leave out for a draw)")
    record.add_argument("--note")

    listing = command(sub, "list", _battles, "the group's battles",
                      "The group's battles, oldest first.", json=True)
    listing.add_argument("--player", help="only this player's battles")
    listing.add_argument("--undone", action="store_true", help="show undone battles too")

    undo = command(sub, "undo", _undo, "take back a battle entered by mistake",
                   "Take back a battle (kept in the history as undone).")
    undo.add_argument("number", type=_positive)
    undo.add_argument("--note")

    command(sub, "restore", _restore, "bring back the group's archived battle history",
            "Bring the group's battle history back into use after it was archived (deleted "
            "with its battles, or restored or imported archived).")
    command(sub, "standings", _standings, "battles won, lost and drawn per player",
            "Battles played, won, lost and drawn per player.", json=True)


def _record(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.battles import Victory
    from chronicle.systems.tales_of_arcadia.service import record_battle

    entry = record_battle(database(args), date=args.date, limit=args.limit, sides=args.sides,
                          victory=Victory(args.victory), winner=args.winner,
                          condition=args.condition, note=args.note)
    if args.json:
        emit_json(entry.to_dict())
    else:
        emit(f"Recorded battle #{entry.number}: {_battle_line(entry)}.")
    return 0


def _battle_line(entry: BattleEntry) -> str:
    b = entry.battle
    sides = " v ".join(s.player + (f" ({s.force})" if s.force else "") for s in b.sides)
    won = f"{b.winner} won" if b.winner else "a draw"
    victory = b.condition if b.condition else b.victory.value.replace("-", " ")
    return f"{b.date.isoformat()}, {sides}, {b.limit} points, {victory}: {won}"


def _battles(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.service import list_battles

    found = list_battles(database(args), args.player, args.undone)
    if args.json:
        emit_json([entry.to_dict() for entry in found])
        return 0
    if not found:
        from chronicle.systems.tales_of_arcadia.service import archived_history

        if archived_history(database(args)) is not None:
            emit("The group's battle history is archived: bring it back with 'chronicle "
                 "battle restore'.")
            return 0
        emit("No battles recorded yet: 'chronicle battle record --date 2026-11-28 --side Ann "
             "--side Bob --limit 500 --winner Ann'.")
        return 0
    for entry in found:
        emit(f"#{entry.number}  {_battle_line(entry)}" + ("  (undone)" if entry.undone else ""))
    return 0


def _restore(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.service import restore_history

    count = restore_history(database(args))
    emit(f"The group's battle history is back in use: {count} battle"
         f"{'' if count == 1 else 's'} stand in it.")
    return 0


def _undo(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.service import undo_battle

    entry = undo_battle(database(args), args.number, args.note)
    emit(f"Undid battle #{entry.number} ({_battle_line(entry)}); it stays in the history.")
    return 0


def _standings(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.service import standings

    found = standings(database(args))
    if args.json:
        emit_json([{"player": s.player, "played": s.played, "won": s.won, "lost": s.lost,
                    "drawn": s.drawn} for s in found])
        return 0
    if not found:
        emit("No battles recorded yet.")
        return 0
    table(["player", "played", "won", "lost", "drawn"],
          [[s.player, str(s.played), str(s.won), str(s.lost), str(s.drawn)] for s in found],
          [8, 6, 3, 4, 5])
    return 0


__all__ = ["register_battle", "register_force"]
