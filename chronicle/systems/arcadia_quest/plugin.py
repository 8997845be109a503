"""Arcadia Quest as a plug-in: what the registry lists, and the thin adapters the fronts call.

Registered in ``pyproject.toml`` under the entry-point group ``chronicle.systems``. Importing
this module imports only the protocol and the game's package constants; the checker and the odds
are imported when a command runs.
"""

from __future__ import annotations

from typing import Any

import chronicle.systems.protocol as gs
from chronicle.systems.arcadia_quest import KEY, LABEL

_HERE = "chronicle.systems.arcadia_quest"
MAX_DEPTH = 16
"""The deepest chain of crits the command follows (the rest is reported as ``remainder``)."""


def _fraction(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else f"{float(value):.6e} (exact in --json)"


def odds_attack(options: dict[str, Any]) -> gs.OddsAnswer:
    """``chronicle odds aq-attack DICE --defense N``: the wounds an attack deals."""
    from chronicle.systems.arcadia_quest.odds import attack_odds

    depth = options.get("depth")
    depth = 8 if depth is None else depth
    try:
        if not 0 <= depth <= MAX_DEPTH:
            raise ValueError(f"the depth is 0 to {MAX_DEPTH}, not {depth}")
        defense = options.get("defense")
        odds = attack_odds(options["dice"], 0 if defense is None else defense,
                           ranged=bool(options.get("ranged")), depth=depth)
    except ValueError as exc:
        return gs.OddsAnswer({"kind": "aq-attack", "error": str(exc)}, (str(exc),), 2)
    kind = "ranged" if odds.ranged else "melee"
    lines = [f"Arcadia Quest {kind} attack: {odds.dice} attack dice against {odds.defense} "
             f"defense dice (crits explode, followed {odds.depth} deep)",
             f"  {'wounds':>6}  {'chance':>7}  {'at least':>8}  exact chance"]
    lines += [f"  {n:>6}  {float(p) * 100:>6.2f}%  {float(odds.at_least(n)) * 100:>7.2f}%"
              f"  {_fraction(p)}" for n, p in odds.wounds.items()]
    lines.append(f"  beyond the depth: {_fraction(odds.remainder)}")
    lines.append(f"  expected wounds: between {float(odds.expected):.4f} and "
                 f"{float(odds.expected_at_most):.4f}")
    return gs.OddsAnswer(odds.to_dict(), tuple(lines))


_HELD = ("upgrade", "curse")
"""What a hero's slots hold."""
_CARDS = (
    *(place for where in ("data", "start") for place in (
        gs.CardPlace(f"{where}:guild[].heroes[]", ("hero",)),
        gs.CardPlace(f"{where}:guild[].slots{{*}}", ("hero",)),
        gs.CardPlace(f"{where}:guild[].slots{{}}[]", _HELD))),
    gs.CardPlace("scenario:name", ("scenario",)),
    gs.CardPlace("scenario:guild[].deaths{*}", ("hero",)),
    gs.CardPlace("scenario:guild[].neutral_deaths{*}", ("hero",)),
    gs.CardPlace("upgrade:upgrade[].bought[]", ("upgrade",)),
    gs.CardPlace("upgrade:upgrade[].discarded[]", _HELD),
    gs.CardPlace("upgrade:upgrade[].curses{*}", ("hero",)),
    gs.CardPlace("upgrade:upgrade[].curses{}", ("curse",)),
    gs.CardPlace("upgrade:upgrade[].slots{*}", ("hero",)),
    gs.CardPlace("upgrade:upgrade[].slots{}[]", _HELD),
    gs.CardPlace("correction:add_cards[]", _HELD),
    gs.CardPlace("correction:remove_cards[]", _HELD),
    gs.CardPlace("correction:slots{*}", ("hero",)),
    gs.CardPlace("correction:slots{}[]", _HELD),
)
"""Where a campaign names its cards: stored under their own names (a Spanish name given)."""

SYSTEM = gs.GameSystem(
    key=KEY,
    label=LABEL,
    editions=(gs.Edition(KEY, "Arcadia Quest"),),
    card_kinds=("hero", "upgrade", "curse", "scenario", "monster", "title"),
    file_kinds=(gs.FileKind("campaign",
                            "a guild campaign: guilds, scenarios played, upgrade phases",
                            f"{_HERE}.check:check_path"),),
    odds=(
        gs.OddsCommand(
            "aq-attack", "Arcadia Quest: the wounds an attack pool deals against defense dice",
            "The exact distribution of wounds (hits minus saves, never below 0) of an attack "
            "against a defense pool, crits exploding on both sides; the chance beyond the "
            "stated depth is reported, never dropped.",
            (gs.Option(("dice",), "attack dice", metavar="DICE"),
             gs.Option(("--defense",), "defense dice (default 0)", default=0, metavar="N"),
             gs.Option(("--ranged",), "a ranged attack (default melee)", "flag"),
             gs.Option(("--depth",), f"crit chains followed (0-{MAX_DEPTH}, default 8)",
                       default=8, metavar="D")),
            f"{_HERE}.plugin:odds_attack"),
    ),
    card_schema=f"{_HERE}.schema:SCHEMA",
    codes=f"{_HERE}.codes",
    ledger_codec=f"{_HERE}.codec",
    commands=(
        gs.CommandGroup("campaign", "guild campaigns: new, show, list, next, history, export, "
                                 "import, undo", f"{_HERE}.cli:register_campaign"),
        gs.CommandGroup("scenario", "record a scenario played in a campaign",
                        f"{_HERE}.cli:register_scenario"),
        gs.CommandGroup("upgrade", "record a campaign's upgrade phase",
                        f"{_HERE}.cli:register_upgrade"),
    ),
    records=(gs.RecordKind("campaign", "campaign", False, f"{_HERE}.record:check_record",
                           f"{_HERE}.record:describe", steps=f"{_HERE}.record:steps_record",
                           players=("data:guild[].player",), guests=True,
                           readable=f"{_HERE}.record:campaign_problems", cards=_CARDS),),
    sheets={"campaign": f"{_HERE}.service:campaign_sheet"},
    screens={"main": f"{_HERE}.screens.campaigns:CampaignsScreen"},
    docs="docs/games/arcadia-quest.md",
    stats="chronicle.systems.arcadia_quest.stats:stats",
    # BoardGameGeek's page of CMON's Arcadia Quest (2014), the game of the seed rulebook:
    # https://boardgamegeek.com/boardgame/155068/arcadia-quest, as public play logs link it
    # (wesbaker/wesbaker.github.io, _posts/2016-03-01-the-re-review-light-edition.md)
    bgg_id=155068,
)
"""The entry point's value."""
