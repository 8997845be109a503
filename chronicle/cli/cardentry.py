"""``chronicle cards new NAME --system GAME --kind KIND ...``: a card typed in from the physical
card, for any installed game with a card schema, or a correction of a card of that name and kind
(only the values given change). The game's named options come from its schema
(``chronicle.catalog.front``: ``--cost 3``, ``--faces "{hit = 2, miss = 1}"``, ``--variant
"Lancer:cost=50"``), and ``--value FIELD=VALUE`` (repeatable, VALUE in TOML) sets any field.
The card goes to the group's cards through ``chronicle.services.cardfront.enter_cards``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from chronicle.cli.output import emit, emit_json, fail

if TYPE_CHECKING:
    from chronicle.catalog.front import FrontCard

_GENERIC = ("name", "kind", "value", "system", "force", "json", "help")
"""Fields that cannot have a named option (the generic flags' names): given with --value."""


def _system_named(argv: Sequence[str] | None) -> str | None:
    """The value of ``--system`` in ``argv`` (None when not given)."""
    words = list(argv or ())
    for index, word in enumerate(words):
        if word == "--system" and index + 1 < len(words):
            return words[index + 1]
        if word.startswith("--system="):
            return word.partition("=")[2]
    return None


def add_new(sub: Any, argv: Sequence[str] | None = None) -> None:
    """Add ``new`` to the subcommands ``sub`` of ``cards``: its ``name``, ``--system``,
    ``--kind``, ``--value``, ``--force`` and the named options of the game ``--system`` names
    on the command line being parsed (the home game's for the whole tree). The game systems
    are read only when that command line holds ``cards new`` (start-up)."""
    new = sub.add_parser(
        "new", help="enter a card from the physical card (or correct one)",
        description="Enter a card with the values printed on your physical card: it becomes "
                    "one of the group's cards of its game, in the database. Giving the name and "
                    "kind of a card the game has corrects it: only the values given change. A "
                    "correction that would make a saved record break a rule is refused (exit "
                    "1, each record named) unless --force. Leave out what you cannot read.",
        epilog="Any field: --value FIELD=VALUE, VALUE in TOML (3, true, \"text\", [\"a\", "
               "\"b\"], {hit = 2, miss = 1}).")
    new.add_argument("name")
    from chronicle.systems import registry

    new.add_argument("--system", metavar="GAME", default=registry.home(),
                     help=f"the game of the card (default {registry.home()})")
    new.add_argument("--value", action="append", default=[], metavar="FIELD=VALUE",
                     help="any field of the card (repeatable; VALUE in TOML syntax)")
    new.add_argument("--force", action="store_true",
                     help="save a correction even when a saved record would break a rule")
    new.add_argument("--json", action="store_true", help="print JSON")
    if argv is not None and not ("cards" in argv and "new" in argv):
        new.add_argument("--kind")
        return
    key = _system_named(argv) or registry.home()
    try:
        game = registry.system(key)
    except (registry.UnknownSystem, registry.BadSystem) as exc:
        new.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
        new.set_defaults(handler=_refuse(f"{exc}"))
        return
    if game.card_schema is None:
        new.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
        new.set_defaults(handler=_refuse(f"{game.label} has no cards"))
        return
    from chronicle.catalog.front import game_fields
    from chronicle.systems.protocol import load_name

    schema = load_name(game.card_schema)
    new.add_argument("--kind", required=True, choices=list(schema.kinds),
                     help=f"the kind of {game.label} card")
    specs = [spec for spec in game_fields(schema) if spec.name not in _GENERIC]
    taken = {action.dest for action in new._actions}
    names = {spec.name for spec in specs}
    for spec in specs:
        kinds = ", ".join(spec.kinds)
        flags = [spec.flag]
        if spec.shape in ("texts", "tables") and spec.name.endswith("s") \
                and spec.name[:-1] not in names and spec.name[:-1] not in _GENERIC:
            flags.append("--" + spec.name[:-1].replace("_", "-"))   # --keyword for keywords
        dest = f"field_{spec.name}"
        if dest in taken:
            continue
        if spec.shape == "bool":
            new.add_argument(*flags, dest=dest, action=argparse.BooleanOptionalAction,
                             default=None, help=f"{kinds}: {spec.describe()}")
            continue
        repeat = " (repeatable)" if spec.shape in ("texts", "tables") else ""
        new.add_argument(*flags, dest=dest, action="append", metavar=spec.name.upper(),
                         help=f"{kinds}: {spec.describe()}{repeat}")  # the schema judges
    new.set_defaults(handler=_handler, card_fields=specs)


def show_card(card: FrontCard, label: str) -> None:
    """Every field of a card's kind: its value, or unknown."""
    from chronicle.catalog.front import kind_fields
    from chronicle.services.cardfront import card_games, schema_of

    schema = schema_of(card_games(card.game)[0])
    emit(f"{card.name} — {card.kind} ({label})")
    if card.aliases:
        emit(f"  {'also called:':<17}{', '.join(card.aliases)}")
    for spec in kind_fields(schema, card.kind):
        if spec.name == "aliases":
            continue
        value = card.data.get(spec.name)
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        elif isinstance(value, list):
            value = "; ".join(
                (", ".join(f"{k}={v}" for k, v in v.items()) if isinstance(v, dict) else str(v))
                for v in value) or None
        if value is None and spec.name in ("summary", "notes", "source", "confidence"):
            continue
        emit(f"  {spec.name + ':':<17}{'unknown' if value is None else value}")
    origin = {"bundled": "bundled catalog", "user": "the group's or your own cards",
              "corrected": "bundled catalog, corrected by the group or you",
              "file": "the checked file"}[card.origin.value]
    emit(f"  {'from:':<17}{origin}")


def _refuse(message: str) -> Any:
    def run(_args: argparse.Namespace) -> int:
        fail(message)
        return 2
    return run


def typed_values(args: argparse.Namespace) -> dict[str, Any]:
    """The card table the command line gives: name, kind, each named option and each
    ``--value``.

    Raises:
        BadInput: a value its field cannot take, or a ``--value`` not ``FIELD=VALUE``.
    """
    from chronicle.catalog.front import toml_value, typed
    from chronicle.errors import BadInput

    values: dict[str, Any] = {"name": args.name, "kind": args.kind}
    for spec in getattr(args, "card_fields", ()):
        given = getattr(args, f"field_{spec.name}", None)
        if given is None or given == []:
            continue
        try:
            values[spec.name] = given if isinstance(given, bool) else typed(spec, given)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
    for item in args.value:
        field, equals, text = item.partition("=")
        field = field.strip()
        if not equals or not field:
            raise BadInput(f"--value takes FIELD=VALUE, not {item[:60]!r}")
        try:
            values[field] = toml_value(text.strip())
        except ValueError as exc:
            raise BadInput(f"{field}: {exc}") from None
    return values


def _handler(args: argparse.Namespace) -> int:
    from chronicle.cli.common import run_service

    return run_service(run_new, args)


def _shown_by_its_game(card: FrontCard, args: argparse.Namespace) -> bool:
    """Show a card just saved as its game's own ``cards show`` does, when the game refines the
    front (``GameSystem.card_front``: Wyld Hunt's values in its players' words); False when
    it does not."""
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    game = registry.system(card.game)
    if not game.card_front:
        return False
    handler = getattr(load_name(game.card_front), "run_show", None)
    if handler is None:
        return False
    shown = argparse.Namespace(**{**vars(args), "name": card.name, "kind": card.kind,
                                  "json": False})
    return bool(handler(shown) == 0)


def run_new(args: argparse.Namespace) -> int:
    """Enter or correct one card in the group's cards of its game."""
    from chronicle.cli.common import database
    from chronicle.services.cardfront import enter_cards

    values = typed_values(args)
    entered = enter_cards(database(args), args.system, [values], force=args.force)
    if args.json:
        emit_json(entered.to_dict())
        return 0
    for card in entered.cards:
        changed = entered.corrected.get(card.name)
        if changed is not None:
            emit(f"Corrected {card.name} ({card.kind}) in the group's {entered.label} cards: "
                 + (", ".join(changed) + "; every other value kept." if changed
                    else "nothing changed (every value given was already so)."))
        else:
            emit(f"Saved {card.name} ({card.kind}) to the group's cards of {entered.label} "
                 "in the database.")
        if not _shown_by_its_game(card, args):
            show_card(card, entered.label)
    for breach in entered.breaches:
        emit(f"  now broken (--force): {breach.said()}")
    return 0


__all__ = ["add_new", "run_new", "show_card", "typed_values"]
