"""Tales of Arcadia as a plug-in: what the registry lists, and the thin adapters the fronts call.

Registered in ``pyproject.toml`` under the entry-point group ``chronicle.systems``. Importing
this module imports only the protocol and the game's package constants; the checker and the odds
are imported when a command runs.
"""

from __future__ import annotations

from typing import Any

import chronicle.systems.protocol as gs
from chronicle.systems.tales_of_arcadia import KEY, LABEL

_HERE = "chronicle.systems.tales_of_arcadia"


def _percent(value: Any) -> str:
    return f"{float(value) * 100:.1f}%"


def _given(options: dict[str, Any], name: str, default: int) -> int:
    value = options.get(name)
    return default if value is None else int(value)


def odds_attack(options: dict[str, Any]) -> gs.OddsAnswer:
    """``chronicle odds attack``: one attack's hit and wound chances, and the kill chance."""
    from chronicle.systems.tales_of_arcadia.odds import attack_odds, parse_rise_again

    try:
        rise = options.get("rise_again")
        odds = attack_odds(options["accuracy"], options["power"], options["defense"],
                           cover=bool(options.get("cover")), shroud=bool(options.get("shroud")),
                           attacks=_given(options, "attacks", 1),
                           wounds=_given(options, "wounds", 1),
                           rise_again=parse_rise_again(rise) if rise is not None else None)
    except ValueError as exc:
        return gs.OddsAnswer({"kind": "attack", "error": str(exc)}, (str(exc),), 2)
    extras = [name for name, on in (("cover", odds.cover), ("Shroud", odds.shroud)) if on]
    lines = [f"Attack: Accuracy {odds.accuracy}, Power {odds.power} against Defense "
             f"{odds.defense}" + (f" ({', '.join(extras)})" if extras else "")]
    lines += [f"  {label:<14}{value!s:>12}  {_percent(value):>6}"
              for label, value in (("hit", odds.hit), ("hit and wound", odds.wound))]
    rise_text = "" if odds.rise_again is None else f", Rise Again {options['rise_again']}"
    lines.append(f"  kill ({odds.attacks} attack(s), {odds.wounds} wound(s){rise_text}): "
                 f"{odds.kill!s}  {_percent(odds.kill)}")
    return gs.OddsAnswer({"kind": "attack", **odds.to_dict()}, tuple(lines))


def odds_pool(options: dict[str, Any]) -> gs.OddsAnswer:
    """``chronicle odds pool 2d6+1``: the exact distribution of a die pool's total."""
    from chronicle.systems.tales_of_arcadia.odds import pool_odds

    try:
        odds = pool_odds(options["pool"])
    except ValueError as exc:
        return gs.OddsAnswer({"kind": "pool", "error": str(exc)}, (str(exc),), 2)
    lines = [f"Pool {odds.text}: totals {odds.lowest} to {odds.highest}, mean {odds.mean} "
             f"({float(odds.mean):.2f})", f"  {'total':>5}  {'chance':>12}  {'at least':>12}"]
    lines += [f"  {total:>5}  {p!s:>12}  {_percent(odds.at_least(total)):>12}"
              for total, p in odds.distribution.items()]
    return gs.OddsAnswer({"kind": "pool", **odds.to_dict()}, tuple(lines))


def odds_roll_off(options: dict[str, Any]) -> gs.OddsAnswer:
    """``chronicle odds roll-off 3`` (the exact odds for three parties) or ``chronicle odds
    roll-off "Tim,Josh,Ann"`` (the same odds, and a roll-off played out: every roll, ties
    re-rolled among the tied, as the seed leaves ties open)."""
    from chronicle.domain.limits import printable
    from chronicle.systems.tales_of_arcadia.odds import roll_off, roll_off_odds

    text = str(options["parties"]).strip()
    names = [] if text.isdigit() else [n.strip() for n in text.split(",") if n.strip()]
    try:
        if not names and len(text) > 3:
            raise ValueError(f"a roll-off has 2 to 12 parties, not {text[:20]}")
        odds = roll_off_odds(len(names) if names else int(text))
        played = roll_off(names) if names else None
    except ValueError as exc:
        return gs.OddsAnswer({"kind": "roll-off", "error": str(exc)}, (str(exc),), 2)
    lines = [f"Roll-off among {odds.parties}: each wins with {odds.win!s} "
             f"({_percent(odds.win)}); the first roll decides with {odds.decided_first!s} "
             f"({_percent(odds.decided_first)}); {float(odds.expected_rounds):.2f} rounds on "
             "average.", "Ties: the rulebook leaves them open; tied parties roll again among "
                         "themselves."]
    data: dict[str, Any] = {"kind": "roll-off", **odds.to_dict()}
    if played is not None:
        data["order"] = list(played.order)
        data["rolls"] = [dict(r) for r in played.rolls]
        for number, rolls in enumerate(played.rolls, start=1):
            shown = ", ".join(f"{printable(p)} {r}" for p, r in rolls.items())
            lines.append(f"  roll {number}: {shown}")
        lines.append("Order: " + ", ".join(printable(p) for p in played.order))
    return gs.OddsAnswer(data, tuple(lines))


SYSTEM = gs.GameSystem(
    key=KEY,
    label=LABEL,
    editions=(gs.Edition(KEY, "Tales of Arcadia (64th Edition)"),),
    card_kinds=("army", "unit", "keyword", "terrain"),
    file_kinds=(gs.FileKind("roster", "a battle force drawn from one army list, to a point limit",
                            f"{_HERE}.check:check_path"),),
    odds=(
        gs.OddsCommand(
            "attack", "Tales of Arcadia: an attack's chance to hit, wound and kill",
            "Exact chances that one attack hits and wounds (two d6: the Accuracy Die and the "
            "Power Die), and that N attacks kill a defender of W wounds. Cover is 3-in-6.",
            (gs.Option(("--accuracy",), "the attacker's Accuracy", required=True),
             gs.Option(("--power",), "the attacker's Power", required=True),
             gs.Option(("--defense",), "the defender's Defense", required=True),
             gs.Option(("--cover",), "the defender is in cover (a hit misses on 3-in-6)", "flag"),
             gs.Option(("--shroud",), "the defender has Shroud (one re-roll per turn)", "flag"),
             gs.Option(("--attacks",), "attacks made (default 1)", default=1, metavar="N"),
             gs.Option(("--wounds",), "the defender's Wounds (default 1)", default=1, metavar="W"),
             gs.Option(("--rise-again",), "the defender's Rise Again chance, like 3:6", "str",
                       metavar="K:N")),
            f"{_HERE}.plugin:odds_attack"),
        gs.OddsCommand(
            "pool", "Tales of Arcadia: a die pool's totals (2d6+1, 3d3, 1d2-1)",
            "The exact distribution of a die pool in the game's notation: d6, d3 and d2, "
            "a modifier added to the total.",
            (gs.Option(("pool",), "the pool, like 2d6+1", "str", metavar="POOL"),),
            f"{_HERE}.plugin:odds_pool"),
        gs.OddsCommand(
            "roll-off", "Tales of Arcadia: a roll-off's odds, or one played out",
            "A roll-off (each party rolls 1d6, the highest wins): the exact odds for N parties, "
            "or, given names separated by commas, one played out with every roll. The rulebook "
            "leaves ties open: tied parties roll again among themselves.",
            (gs.Option(("parties",), "how many parties (2 to 12), or their names: Tim,Josh,Ann",
                       "str", metavar="N|NAMES"),),
            f"{_HERE}.plugin:odds_roll_off"),
    ),
    card_schema=f"{_HERE}.quickcheck:SCHEMA",
    card_rules=f"{_HERE}.entry:table_problems",
    card_check=f"{_HERE}.check:check_cards",
    codes=f"{_HERE}.codes",
    ledger_codec=None,
    sheets={"force": f"{_HERE}.service:force_document"},
    screens={"main": f"{_HERE}.screens.builder:TalesBuilderScreen",
             "unit": f"{_HERE}.screens.unit_form:UnitFormScreen"},
    commands=(
        gs.CommandGroup("force", "Tales of Arcadia battle forces: build, check, copy, print",
                        f"{_HERE}.cli:register_force"),
        gs.CommandGroup("battle", "Tales of Arcadia battles: record them, list the history",
                        f"{_HERE}.cli:register_battle"),
        gs.CommandGroup("army", "Tales of Arcadia army lists: list, check, enter your units",
                        f"{_HERE}.armycli:register_army"),
    ),
    records=(
        gs.RecordKind("force", "battle force", True, f"{_HERE}.stored:check_force",
                      steps=f"{_HERE}.stored:steps_force",
                      readable=f"{_HERE}.stored:force_problems",
                      cards=(gs.CardPlace("data:army", ("army",)),
                             gs.CardPlace("data:unit[].unit", ("unit",)))),
        gs.RecordKind("battles", "battle history", False, f"{_HERE}.stored:check_battles",
                      f"{_HERE}.stored:describe_battle", steps=f"{_HERE}.stored:steps_battles",
                      players=("battle:side[].player", "battle:winner"),
                      links=(gs.RecordLink("battle:side[]", "force", "force", "player"),),
                      single=True, readable=f"{_HERE}.stored:battles_problems"),
    ),
    docs="docs/games/tales-of-arcadia.md",
    stats=f"{_HERE}.stats:stats",
)
"""The entry point's value."""
