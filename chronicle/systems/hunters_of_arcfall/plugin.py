"""Hunters of Arcfall as a plug-in: what the registry lists, and the thin adapters the fronts
call.

Registered in ``pyproject.toml`` under the entry-point group ``chronicle.systems``. Importing
this module imports only the protocol and the game's package constants; the checker and the odds
are imported when a command runs.
"""

from __future__ import annotations

from typing import Any

import chronicle.systems.protocol as gs
from chronicle.systems.hunters_of_arcfall import KEY, LABEL

_HERE = "chronicle.systems.hunters_of_arcfall"


def odds_bust(options: dict[str, Any]) -> gs.OddsAnswer:
    """``chronicle odds bust --dice N --wounds W``: the next roll's bust and hit chances."""
    from chronicle.systems.hunters_of_arcfall.check import bust_for

    result = bust_for(options["dice"], options["wounds"], die=options.get("die"),
                      hunter=options.get("hunter"))
    if result.refused is not None:
        return gs.OddsAnswer({"kind": "bust", "error": result.refused}, (result.refused,), 2)
    if result.odds is None:
        data = {"kind": "bust", "violations": [v.to_dict() for v in result.violations],
                "catalog_problems": [p.to_dict() for p in result.catalog_problems]}
        from chronicle.rules.report import Front

        lines = [f"{v.code}: {v.message}" + (f" (fix: {fix})" if fix else "")
                 for v in result.violations for fix in (v.fix_for(Front.CLI),)]
        lines += [f"skipped: {p}" for p in result.catalog_problems]  # a card refused on reading
        return gs.OddsAnswer(data, tuple(lines), result.exit_code)
    odds = result.odds
    lines = [f"Bust: {odds.dice} dice, the hunter holding {odds.wounds} of {odds.capacity} "
             f"wounds ({odds.fatal_at} or more wounds rolled are fatal)",
             f"  fatally wounded {odds.bust!s:>14}  {float(odds.bust) * 100:5.1f}%",
             f"  {'hits':>4}  {'at least':>14}  {'and safe':>14}"]
    lines += [f"  {k:>4}  {p!s:>14}  {q!s:>14}"
              for k, (p, q) in enumerate(zip(odds.hits_at_least, odds.hits_and_safe,
                                             strict=True)) if k]
    return gs.OddsAnswer({"kind": "bust", **odds.to_dict(),
                          "bust_probability": float(odds.bust),
                          "safe_probability": float(odds.safe)}, tuple(lines))


SYSTEM = gs.GameSystem(
    key=KEY,
    label=LABEL,
    editions=(gs.Edition(KEY, "Hunters of Arcfall"),),
    card_kinds=("hunter", "bounty", "die"),
    file_kinds=(gs.FileKind("game", "a game log: seats, point limit and every turn",
                            f"{_HERE}.check:check_path"),),
    odds=(
        gs.OddsCommand(
            "bust", "Hunters of Arcfall: the chance the next roll fatally wounds a hunter",
            "The exact chance that the next roll of N dice fatally wounds a hunter holding W "
            "wounds, and the chance of at least k Hits, from the die faces in the card "
            "catalog (card.incomplete, exit 1, while they are unknown).",
            (gs.Option(("--dice",), "dice rolled", required=True, metavar="N"),
             gs.Option(("--wounds",), "wounds the hunter holds", required=True, metavar="W"),
             gs.Option(("--die",), "the die card (when the catalog has several)", "str"),
             gs.Option(("--hunter",), "the hunter (its wound capacity)", "str")),
            f"{_HERE}.plugin:odds_bust"),
    ),
    commands=(gs.CommandGroup("hunt", "Hunters of Arcfall games: score and log, turn by turn",
                              f"{_HERE}.cli:register"),),
    records=(gs.RecordKind("hunt", "game of Hunters of Arcfall", per_player=False,
                           check=f"{_HERE}.huntrecords:check_record",
                           describe=f"{_HERE}.huntrecords:describe_event",
                           steps=f"{_HERE}.huntrecords:steps_record",
                           players=("data:player[].name", "turn:player"), guests=True,
                           readable=f"{_HERE}.huntrecords:hunt_problems",
                           cards=(gs.CardPlace("data:player[].hunter", ("hunter",)),
                                  gs.CardPlace("turn:drawn[]", ("bounty",)),
                                  gs.CardPlace("turn:captured[]", ("bounty",)))),),
    sheets={"hunt": f"{_HERE}.service:hunt_sheet"},
    screens={"main": f"{_HERE}.screens.hunts:HuntsScreen"},
    card_schema=f"{_HERE}.schema:SCHEMA",
    card_check=f"{_HERE}.check:check_cards",
    codes=f"{_HERE}.codes",
    ledger_codec=f"{_HERE}.rules.ledger",
    docs="docs/games/hunters-of-arcfall.md",
    stats="chronicle.systems.hunters_of_arcfall.stats:stats",
)
"""The entry point's value."""
