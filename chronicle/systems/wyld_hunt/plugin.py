"""Arcadia: The Wyld Hunt as a plug-in: what the registry lists about the first game.

Registered in ``pyproject.toml`` under the entry-point group ``chronicle.systems`` twice, as
``wyld-hunt`` and as its expansion's edition key ``ironheart`` (both name this value). Importing
this module imports only the protocol.

Its odds commands (``chronicle odds test|trial``) are declared here like every game's, with
their adapters; the dice themselves are ``chronicle.rules.dice``. Its sheets
(``chronicle.systems.wyld_hunt.printing``: ``sheet``, ``log``, ``game``, ``player``) are
named here and printed by the export service through the registry. Its command groups
(``chronicle character|game|quest|xp|history|undo|pack|cards``,
``chronicle.systems.wyld_hunt.cli``) are declared here too; as the home system's, the command
line finds them without loading the other games. As the home system it gives the app its
first three areas too (``areas``: Cards, Characters and Games, keys 1 to 3), with their
screens (``chronicle.systems.wyld_hunt.screens``) and their part of the help.
"""

from __future__ import annotations

from typing import Any

from chronicle.systems.protocol import (
    Area,
    CardPlace,
    CommandGroup,
    Edition,
    FileKind,
    GameSystem,
    HomeParts,
    OddsAnswer,
    OddsCommand,
    Option,
    RecordKind,
)

_HERE = "chronicle.systems.wyld_hunt.plugin"

_LEAGUE, _MERIT, _WAYLAY = ("league",), ("merit",), ("waylay",)
_MAP_CARDS = (CardPlace("place:league", _LEAGUE), CardPlace("treasure:treasure", _MERIT))
"""Where a League map names cards: the League laid, the Treasure placed (a Merit)."""
_PLAY_CARDS = (
    CardPlace("data:leagues[].name", _LEAGUE), CardPlace("data:players[].base_camp", _LEAGUE),
    CardPlace("data:players[].icon.name", ("icon",)),
    CardPlace("data:players[].merits[].name", _MERIT),
    CardPlace("data:players[].flaws[].name", ("flaw",)),
    CardPlace("data:players[].waylays[].name", _WAYLAY),
    CardPlace("data:players[].treasures{*}", _LEAGUE),
    CardPlace("data:players[].treasures{}", _MERIT),
    CardPlace("data:adjacency{*}", _LEAGUE), CardPlace("data:adjacency{}[]", _LEAGUE),
    CardPlace("move:to", _LEAGUE), CardPlace("waylay:waylay", _WAYLAY),
    CardPlace("test:waylay", _WAYLAY), CardPlace("exhaust:card", _MERIT),
    CardPlace("discard:card", _MERIT), CardPlace("rest:card", _MERIT),
    CardPlace("flaw:card", ("flaw",)), CardPlace("treasure:treasure", _MERIT),
    CardPlace("finish:completed{}[]", ("quest",)))
"""Where a game in play names cards: the table laid out (Leagues, Base Camps, each
character's Icon, Merits, Flaws, Waylays and Treasures, the map's adjacency) and each step's
League, Waylay, Merit, Flaw, Treasure and the quests completed."""
_SCREENS = "chronicle.systems.wyld_hunt.screens"
_CLI = "chronicle.systems.wyld_hunt.cli"


def _percent(value: Any) -> str:
    return f"{float(value) * 100:.1f}%"


def _dice(n: int) -> str:
    return "one die" if n == 1 else f"{n} dice"


def _whole(text: object) -> int | None:
    """``text`` as a whole number, or None when it is a name."""
    word = str(text).strip()
    return int(word) if word.lstrip("+-").isdigit() and len(word) < 10 else None


def odds_test(options: dict[str, Any]) -> OddsAnswer:
    """``chronicle odds test MINE THEIRS``: an opposed Test's chances, from two numbers or
    from a character's and a Waylay's names (``chronicle.systems.wyld_hunt.cli.odds``)."""
    from chronicle.rules.dice import test_odds

    mine, theirs = _whole(options["mine"]), _whole(options["theirs"])
    if mine is None and theirs is None:
        from chronicle.systems.wyld_hunt.cli.odds import test_by_names

        return test_by_names(options)
    if mine is None or theirs is None:
        message = ("give two numbers (odds test 3 4) or a character and a Waylay (odds test "
                   "Annoyicus Manticora), not one of each")
        return OddsAnswer({"error": message}, (message,), 2)
    if options.get("test") or options.get("player"):
        message = "--test and --player go with names (odds test CHARACTER WAYLAY)"
        return OddsAnswer({"error": message}, (message,), 2)
    odds = test_odds(mine, theirs, options.get("dice") or 1)
    data = {"kind": "test", "mine": odds.mine, "theirs": odds.theirs, "dice": odds.dice,
            "win": str(odds.win), "tie": str(odds.tie), "lose": str(odds.lose),
            "win_probability": float(odds.win), "tie_probability": float(odds.tie),
            "lose_probability": float(odds.lose)}
    lines = [f"Test: {odds.mine} against {odds.theirs}, {_dice(odds.dice)} each"]
    lines += [f"  {label:<5}{value!s:>8}  {_percent(value):>6}"
              for label, value in (("win", odds.win), ("tie", odds.tie), ("lose", odds.lose))]
    return OddsAnswer(data, tuple(lines))


def odds_trial(options: dict[str, Any]) -> OddsAnswer:
    """``chronicle odds trial ATTRIBUTE DIFFICULTY``: a Trial's chance."""
    from chronicle.rules.dice import trial_odds

    odds = trial_odds(options["attribute"], options["difficulty"], options.get("dice") or 1)
    data = {"kind": "trial", "attribute": odds.attribute, "difficulty": odds.difficulty,
            "dice": odds.dice, "needed": odds.needed, "pass": str(odds.passes),
            "fail": str(odds.fails), "pass_probability": float(odds.passes),
            "fail_probability": float(odds.fails)}
    lines = [f"Trial: attribute {odds.attribute} against difficulty {odds.difficulty}, "
             f"{_dice(odds.dice)}"]
    lowest, highest = odds.dice, 6 * odds.dice
    if odds.needed <= lowest:
        lines.append("  any roll passes")
    elif odds.needed > highest:
        lines.append(f"  no roll passes (a {odds.needed} is needed)")
    else:
        lines.append(f"  a roll of {odds.needed} or better passes")
    lines.append(f"  pass {odds.passes!s:>8}  {_percent(odds.passes):>6}")
    lines.append(f"  fail {odds.fails!s:>8}  {_percent(odds.fails):>6}")
    return OddsAnswer(data, tuple(lines))


_DICE = Option(("--dice",), "dice rolled per side: 1 (The Wyld Hunt) or 2 (King Ironheart's "
                            "Madness); default 1", default=1, choices=(1, 2))

SYSTEM = GameSystem(
    key="wyld-hunt",
    label="Arcadia: The Wyld Hunt",
    editions=(Edition("wyld-hunt", "Arcadia: The Wyld Hunt (5 starting points, one die)"),
              Edition("ironheart", "King Ironheart's Madness (10 starting points, two dice)")),
    card_kinds=("icon", "merit", "flaw", "quest", "league", "waylay"),
    file_kinds=(
        FileKind("character", "a character: Icon, Merits, Flaws and the chronicle of events",
                 "chronicle.systems.wyld_hunt.check:check_path"),
        FileKind("setup", "a game setup: players, quests, Waylays, Treasures and Leagues",
                 "chronicle.systems.wyld_hunt.check:check_path"),
    ),
    odds=(
        OddsCommand("test", "an opposed Test: your attribute against theirs, or a character "
                    "against a Waylay",
                    "Chances of winning, tying and losing a Test: your attribute plus a roll "
                    "against theirs plus a roll. Given a character's and a Waylay's names, "
                    "each Test the Waylay lists, with the character's effective score (every "
                    "Merit and Flaw active) and its edition's dice; exit 1 names what is "
                    "unknown.",
                    (Option(("mine",), "your attribute, or a character's name", type="str",
                            metavar="MINE|CHARACTER"),
                     Option(("theirs",), "the opposing attribute, or a Waylay's name",
                            type="str", metavar="THEIRS|WAYLAY"),
                     Option(("--dice",), "dice rolled per side: 1 (The Wyld Hunt) or 2 (King "
                                         "Ironheart's Madness); default 1, or the named "
                                         "character's edition", choices=(1, 2)),
                     Option(("--test",), "with names: only this Test (the card lists it, or a "
                                         "Merit changes the Waylay into it)", type="str",
                            choices=("might", "savvy", "resolve", "combat")),
                     Option(("--player",), "with names: the character's player (when two "
                                           "players' characters share the name)",
                            type="str")),
                    f"{_HERE}:odds_test"),
        OddsCommand("trial", "a Trial: attribute plus roll at least the difficulty",
                    "Chance of passing a Trial: your attribute plus a roll must equal or exceed "
                    "the difficulty.",
                    (Option(("attribute",), "your attribute"),
                     Option(("difficulty",), "the Trial's difficulty"), _DICE),
                    f"{_HERE}:odds_trial"),
    ),
    card_schema="chronicle.systems.wyld_hunt.schema:SCHEMA",
    codes="chronicle.systems.wyld_hunt.codes",
    ledger_codec="chronicle.systems.wyld_hunt.codec",
    sheets={"sheet": "chronicle.systems.wyld_hunt.printing:sheet",
            "log": "chronicle.systems.wyld_hunt.printing:log",
            "game": "chronicle.systems.wyld_hunt.printing:game",
            "player": "chronicle.systems.wyld_hunt.printing:player"},
    sheet_front=f"{_CLI}.sheets:register",
    commands=(
        CommandGroup("character", "create, build and show characters",
                     f"{_CLI}.characters:register"),
        CommandGroup("game", "prepare, check and record games", f"{_CLI}.games:register"),
        CommandGroup("quest", "record games played", f"{_CLI}.ledger:register_quest"),
        CommandGroup("xp", "spend experience, or correct the record",
                     f"{_CLI}.ledger:register_xp"),
        CommandGroup("history", "a character's whole chronicle",
                     f"{_CLI}.ledger:register_history"),
        CommandGroup("undo", "reverse the latest event", f"{_CLI}.ledger:register_undo"),
        CommandGroup("pack", "record a whole pack in one step",
                     f"{_CLI}.collection:register_pack"),
        CommandGroup("map", "lay a prepared game's Leagues, Treasures and Base Camps",
                     f"{_CLI}.maps:register"),
        CommandGroup("play", "play a prepared game Day by Day", f"{_CLI}.play:register"),
    ),
    records=(RecordKind("map", "League map", False,
                        "chronicle.systems.wyld_hunt.rules.map_ledger:check_record",
                        "chronicle.systems.wyld_hunt.rules.map_ledger:describe",
                        cards=_MAP_CARDS),
             RecordKind("play", "game in play", False,
                        "chronicle.systems.wyld_hunt.rules.playevents:check",
                        "chronicle.systems.wyld_hunt.rules.play:describe",
                        "chronicle.systems.wyld_hunt.rules.playfold:steps",
                        fold="chronicle.systems.wyld_hunt.rules.playfold",
                        cards=_PLAY_CARDS)),
    screens={"collection": f"{_SCREENS}.collection:CollectionScreen",
             "characters": f"{_SCREENS}.characters:CharactersScreen",
             "games": f"{_SCREENS}.games:GamesScreen"},
    card_front=f"{_CLI}.cards",
    card_rules="chronicle.systems.wyld_hunt.services.catalog:table_problems",
    chronicles="chronicle.systems.wyld_hunt.services.chronicles",
    collection="chronicle.systems.wyld_hunt.services.owning",
    home=HomeParts(
        areas=(Area("collection", "Cards", "The catalog and your collection", "collection",
                    shows_player=True),
               Area("characters", "Characters", "Characters, builder and chronicles",
                    "characters"),
               Area("games", "Games", "Prepare and record games", "games")),
        help="chronicle.systems.wyld_hunt.help:HELP",
        overview=f"{_CLI}.overview:overview",
        card_names=f"{_CLI}.overview:card_names",
        demo=f"{_CLI}.demo:demo",
        exchange="chronicle.systems.wyld_hunt.services.exchange",
        completion=f"{_CLI}.completions"),
    docs="docs/rules.md",
    stats="chronicle.systems.wyld_hunt.services.stats:stats",
)
"""The entry point's value (for both keys)."""
