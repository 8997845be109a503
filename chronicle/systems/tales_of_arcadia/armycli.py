"""``chronicle army``: Tales of Arcadia's army lists on the command line (list them, check one,
enter or correct a unit in the group's cards), thin over ``entry.py``, ``rules.py`` and the
card front (``chronicle.services.cardfront``). Exit statuses as everywhere: 0 done, 1 refused
by the rules, 2 bad input. Every listing and entry takes ``--json``.
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any

from chronicle.cli.common import add_json, command, database, run_service
from chronicle.cli.output import emit, emit_json, report, table


def register_army(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``chronicle army``: the army lists, and entering a unit."""
    sub = parser.add_subparsers(dest="army_command", required=True, metavar="list|show|unit")
    listing = command(sub, "list", _armies, "the army lists",
                      "The army lists: the "
                      "bundled example and your own card files'; with --player, the "
                      "lists that player has (those of the forces they entered or "
                      "imported).", json=True)
    listing.add_argument("--player", help="only the army lists this player has")
    command(sub, "show", _army, "an army list's units and what is wrong with them",
            "An army list's units with their costs and statistics, "
            "and every problem of its units (exit 1 on errors).", args=("army",), json=True)
    unit = sub.add_parser("unit", help="enter a unit of your sourcebook list",
                          description="Enter (or correct) a unit of an army list in your card "
                                      "file of that list; refused when it breaks a rule. Leave "
                                      "out what you do not know.")
    unit.add_argument("name")
    unit.add_argument("--force", action="store_true",
                      help="save a correction even when a saved force would break a rule")
    _unit_flags(unit, army_required=True)


def _unit_flags(parser: argparse.ArgumentParser, *, army_required: bool) -> None:
    """The flags of a unit after its name (``army unit``)."""
    parser.add_argument("--army", required=army_required,
                        help="the army list of the unit (units only)")
    for stat in ("cost", "power", "accuracy", "speed", "wounds", "range", "defense"):
        parser.add_argument(f"--{stat}", type=int)
    parser.add_argument("--type", action="append", dest="types", help="a type (repeatable)")
    parser.add_argument("--keyword", action="append", dest="keywords",
                        help='a keyword (repeatable), like "Rise Again 3:6"')
    parser.add_argument("--movement", choices=("walking", "swimming", "flying"))
    parser.add_argument("--special", help="special rules that are not keywords")
    parser.add_argument("--variant", action="append", dest="variant", type=_variant,
                        metavar="NAME[:KEY=VALUE,...]",
                        help='a variant (repeatable): its name, then its own cost and '
                             'statistics, like "Lancer:cost=50,power=4"')
    parser.add_argument("--option", action="append", dest="option", type=_option,
                        metavar="NAME[:KEY=VALUE,...]",
                        help='an option (repeatable): its name, then cost, min, max, group '
                             'and the keywords it grants (keyword=A/B), like '
                             '"Tower Shield:cost=10,group=Shield"')
    parser.add_argument("--summary", help="what the card is, in your own words")
    add_json(parser)
    parser.set_defaults(handler=partial(run_service, _unit))


def _variant(text: str) -> dict[str, Any]:
    from chronicle.systems.tales_of_arcadia.entry import read_table

    try:
        return read_table(text, "variant")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _option(text: str) -> dict[str, Any]:
    from chronicle.systems.tales_of_arcadia.entry import read_table

    try:
        return read_table(text, "option")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _armies(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.catalog import armies, units_of
    from chronicle.systems.tales_of_arcadia.entry import user_catalog

    _with_group(args)
    cards = user_catalog()
    names = armies(cards)
    if args.player:
        from chronicle.systems.tales_of_arcadia.service import armies_of

        names = armies_of(database(args), args.player)
    found = [(army, len(units_of(cards, army))) for army in names]
    if args.json:
        emit_json([{"army": army, "units": count} for army, count in found])
    else:
        table(["army list", "units"], [[army, str(count)] for army, count in found], [16, 5])
    return 0


def _army(args: argparse.Namespace) -> int:
    from chronicle.systems.tales_of_arcadia.browse import stat_text
    from chronicle.systems.tales_of_arcadia.catalog import units_of
    from chronicle.systems.tales_of_arcadia.entry import user_catalog
    from chronicle.systems.tales_of_arcadia.rules import check_army

    _with_group(args)
    cards = user_catalog()
    checked = check_army(cards, args.army)
    units = units_of(cards, args.army)          # by the list's name or another of its names
    if not units and checked.codes == ["card.unknown"]:    # no such army list: exit 2
        from chronicle.errors import NotFound

        raise NotFound(checked.errors[0].message, checked)
    if args.json:
        emit_json({**checked.to_dict(), "units": [
            {"name": u.name, "cost": u.cost, **u.stats.to_dict(), "keywords": list(u.keywords),
             "variants": [_variant_of(u, v) for v in u.variants],
             "options": [_option_of(o) for o in u.options]} for u in units]})
        return 0 if checked.valid else 1
    table(["unit", "cost", "stats", "keywords"],
          [[u.name, "?" if u.cost is None else str(u.cost), stat_text(u.stats),
            ", ".join(u.keywords) or "-"] for u in units], [14, 4, 20, 8])
    for unit in units:                  # each unit's forms and what it may be bought with
        if unit.variants or unit.options:
            emit()
            emit(f"{unit.name}:")
        for variant in unit.variants:
            cost, stats = unit.resolved(variant)
            changed = {s: v for s, v in variant.stats.to_dict().items() if v is not None}
            emit(f"  variant {variant.name}: {'?' if cost is None else cost} points"
                 + (f" ({stat_text(stats)})" if changed else " (the unit's statistics)"))
        for option in unit.options:
            emit(f"  option {option.name}: +{'?' if option.cost is None else option.cost} "
                 f"points{_option_terms(option)}")
    if checked.violations:
        emit()
        report(checked)
    return 0 if checked.valid else 1


def _variant_of(unit: Any, variant: Any) -> dict[str, Any]:
    """A variant in ``army show --json``: its name, its cost (the unit's when it lists none)
    and the statistics it changes."""
    cost, _stats = unit.resolved(variant)
    return {"name": variant.name, "cost": cost,
            **{s: v for s, v in variant.stats.to_dict().items() if v is not None}}


def _option_of(option: Any) -> dict[str, Any]:
    """An option in ``army show --json``: name, cost per pick, picks, group, keywords."""
    return {"name": option.name, "cost": option.cost, "min": option.min, "max": option.max,
            "group": option.group, "keywords": list(option.keywords)}


def _option_terms(option: Any) -> str:
    """How an option may be taken, in words: ``(one of Off hand; up to 2; must take 1)``."""
    terms = [f"one of {option.group}" if option.group else "",
             f"up to {option.max}" if option.max != 1 else "",
             f"must take {option.min}" if option.min else "",
             f"grants {', '.join(option.keywords)}" if option.keywords else ""]
    shown = "; ".join(t for t in terms if t)
    return f" ({shown})" if shown else ""


def _with_group(args: argparse.Namespace) -> None:
    """Read the group's cards of the database in use into the catalog (``army list|show``)."""
    from chronicle.services.groupcards import use_group_cards
    from chronicle.systems.tales_of_arcadia import KEY
    from chronicle.systems.tales_of_arcadia.stored import clear_cache

    warning = use_group_cards(getattr(args, "db", None), KEY)
    clear_cache()
    if warning:
        from chronicle.cli.output import fail

        fail(warning)


_UNIT_KEYS = ("army", "cost", "power", "accuracy", "speed", "wounds", "range", "defense",
              "types", "keywords", "movement", "special", "variant", "option", "summary")


def _unit(args: argparse.Namespace) -> int:
    """Enter or correct a unit in the group's cards (``chronicle army unit``): only the values
    given change (a correction keeps every other one), through the card front's one way in
    (``chronicle.services.cardfront.enter_cards``): the unit's rules, then the saved forces
    using it, are checked first."""
    from chronicle.services.cardfront import enter_cards
    from chronicle.systems.tales_of_arcadia import KEY
    from chronicle.systems.tales_of_arcadia.catalog import army_named
    from chronicle.systems.tales_of_arcadia.entry import user_catalog
    from chronicle.systems.tales_of_arcadia.stored import clear_cache

    values: dict[str, Any] = {"name": args.name, "kind": "unit"}
    values.update({key: getattr(args, key) for key in _UNIT_KEYS
                   if getattr(args, key, None) not in (None, [])})
    if isinstance(values.get("army"), str):     # the list by another of its names: its own
        _with_group(args)
        values["army"] = army_named(user_catalog(), values["army"])
    entered = enter_cards(database(args), KEY, [values], force=args.force)
    clear_cache()
    if args.json:
        emit_json(entered.to_dict())
        return 0
    for card in entered.cards:
        changed = entered.corrected.get(card.name)
        emit(f"Saved {card.name} to the group's cards of {entered.label}"
             + (f" (corrected: {', '.join(changed)}; every other value kept)." if changed
               else " (nothing changed: every value given was already so)."
               if changed is not None else "."))
    for breach in entered.breaches:
        emit(f"  now broken (--force): {breach.said()}")
    return 0


__all__ = ["register_army"]
