"""``chronicle odds test CHARACTER WAYLAY``: the chances of a stored character's Tests against a
Waylay, by their names, as the odds commands answer (``OddsAnswer``): exit 0 with the odds, 1
when a value they need is unknown (named, with the command that fills it in) or the Waylay can
never be that Test, 2 for a name nobody has (with the nearest one).
"""

from __future__ import annotations

from typing import Any

from chronicle.systems.protocol import OddsAnswer
from chronicle.systems.wyld_hunt.cards import TestType, When
from chronicle.systems.wyld_hunt.rules.scores import Unknown, possessive


def _percent(value: Any) -> str:
    return f"{float(value) * 100:.1f}%"


def _dice(n: int) -> str:
    return "one die" if n == 1 else f"{n} dice"


def test_by_names(options: dict[str, Any]) -> OddsAnswer:
    """The odds of ``options["mine"]`` (a character) against ``options["theirs"]`` (a
    Waylay)."""
    from chronicle.errors import ChronicleError
    from chronicle.services.db import open_database
    from chronicle.systems.wyld_hunt.services.testodds import named_test

    chosen = options.get("test")
    try:
        found = named_test(open_database(options.get("db")), options["mine"], options["theirs"],
                           player=options.get("player"),
                           test=TestType(chosen) if chosen else None, dice=options.get("dice"))
    except ChronicleError as exc:  # an unknown name (with the nearest), a database unusable
        return OddsAnswer({"error": str(exc)}, (str(exc),), 2)
    view, result = found.view, found.result
    waylay = result.waylay
    edition = view.state.edition
    rating = "?" if waylay.rating is None else str(waylay.rating)
    dice_from = f"the dice of {edition.label}" if found.edition_dice else "--dice"
    lines = [f"Test: {view.name} ({view.player}) against {waylay.name} (Waylay rating "
             f"{rating}), {_dice(result.dice)} each ({dice_from}); every Merit and Flaw active"]
    unknown: list[Unknown] = list(result.unknown)
    for line in result.lines:
        test = line.test.value.title()
        if line.refused:
            lines.append(f"  {test}: refused: {line.refused}")
            continue
        base = "?" if line.score.base is None else str(line.score.base)
        mine = "?" if line.score.effective is None else str(line.score.effective)
        cards = "; ".join(_card(c.card, c.change, c.via, line.test, c.when)
                          for c in line.score.contributions)
        origin = (f"Might {base}" if line.test is TestType.COMBAT else f"base {base}") + (
            f"; {cards}" if cards else "")
        theirs = "?" if line.theirs is None else str(line.theirs)
        note = "" if line.listed else " (not a Test the card lists: a Merit must change it)"
        lines.append(f"  {test} Test{note}: {mine} ({origin}) against "
                     f"{possessive(waylay.name)} {test} {theirs}")
        if line.odds is not None:
            lines += [f"    {label:<5}{value!s:>8}  {_percent(value):>6}" for label, value in
                      (("win", line.odds.win), ("tie", line.odds.tie), ("lose", line.odds.lose))]
        else:
            lines.append(f"    cannot compute: {len(line.unknown)} value"
                         f"{'s' if len(line.unknown) != 1 else ''} unknown (below)")
            unknown += [u for u in line.unknown if u not in unknown]
    if unknown:
        lines.append(f"Unknown: {', '.join(u.describe() for u in unknown)}.")
        lines += [f"  fix: {fix}" for u in unknown if (fix := u.fix()) is not None]
    data = {"kind": "test", "character": view.name, "player": view.player,
            "waylay": waylay.name, "rating": waylay.rating, "edition": edition.key,
            "dice": result.dice, "all_active": True,
            "tests": [line.to_dict() for line in result.lines],
            "unknown": [u.describe() for u in unknown],
            "complete": result.complete}
    return OddsAnswer(data, tuple(lines), 0 if result.complete else 1)


def _card(name: str, change: int, via: TestType, test: TestType, when: When) -> str:
    text = f"{name} {change:+d}"
    if via is not test:
        text += f" ({via.value.title()})"
    return text + (" always" if when is When.ALWAYS else "")
