"""``chronicle cards new`` for Wyld Hunt: its flags and its handler (``GameSystem.card_entry``).

The card is written to the group's cards of the database in use (every member sees it);
giving the name and kind of a catalog card fills in or corrects its values instead.
"""

from __future__ import annotations

import argparse

from chronicle.systems.wyld_hunt.cards import TYPED_FIELDS, CardSet, Kind


def register(parser: argparse.ArgumentParser) -> None:
    """Add the flags of ``chronicle cards new`` (after its ``name``) for Wyld Hunt cards."""
    parser.add_argument("--kind", required=True, choices=[k.value for k in Kind])
    parser.add_argument("--set", choices=[s.value for s in CardSet])
    parser.add_argument("--summary", help="what the card does, in your own words")
    for flag in ("type", "subtype", "attribute", "court", "race", "gender", "special", "enter",
                 "leave", "rest"):
        parser.add_argument(f"--{flag}")
    for flag in ("cost", "bonus", "might", "savvy", "resolve", "combat", "number", "rating",
                 "waylay-rating", "treasure-rating", "experience"):
        parser.add_argument(f"--{flag}", type=int)
    parser.add_argument("--terrain", help="comma-separated, e.g. forest,road (or any)")
    parser.add_argument("--sides", help="a League's four sides' terrains, top/right/bottom/"
                        "left, e.g. fields,road/forest/border/fields")
    parser.add_argument("--tests", help="comma-separated Test types, e.g. might,combat")
    parser.add_argument("--unique", action=argparse.BooleanOptionalAction, default=None)
    for field, typed in TYPED_FIELDS.items():  # "--score-changes"
        parser.add_argument(f"--{field.replace('_', '-')}", metavar=field.split("_")[-1].upper(),
                            help=typed.help)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(handler=run_new)


_NEW_FIELDS = ("set", "summary", "type", "subtype", "attribute", "court", "race", "gender",
               "special", "enter", "leave", "rest", "cost", "bonus", "might", "savvy", "resolve",
               "combat", "number", "rating", "waylay_rating", "treasure_rating", "experience",
               "unique", *TYPED_FIELDS)
"""The flags passed on as they are typed: the card schema reads and checks each (the text of
``--score-changes`` too, by the schema's one declaration of it)."""


def run_new(args: argparse.Namespace) -> int:
    """Create or correct one of the user's own cards."""
    from chronicle.cli.common import database
    from chronicle.cli.output import emit, emit_json, fail
    from chronicle.errors import ChronicleError
    from chronicle.systems.wyld_hunt.cards import card_to_dict
    from chronicle.systems.wyld_hunt.cli.cards import show_card
    from chronicle.systems.wyld_hunt.services.usercards import create_card

    values: dict[str, object] = {"name": args.name, "kind": args.kind}
    for field in _NEW_FIELDS:
        item = getattr(args, field)
        if item is not None:
            values[field] = item
    for field in ("terrain", "tests"):
        item = getattr(args, field)
        if item:
            values[field] = [part.strip() for part in item.split(",") if part.strip()]
    if args.sides:
        from chronicle.systems.wyld_hunt.cards import parse_sides
        try:
            values["sides"] = [[str(t) for t in side] for side in parse_sides(args.sides)]
        except ValueError as exc:
            fail(f"--sides: {exc}")
            return 2
    try:
        card = create_card(values, database(args))  # the group's cards: every member sees it
    except ChronicleError as exc:
        fail(str(exc))
        return 2
    if args.json:
        emit_json(card_to_dict(card))
        return 0
    emit(f"Saved {card.name} ({card.kind.value}) to the group's cards in the database.")
    show_card(card)
    return 0


__all__ = ["register", "run_new"]
