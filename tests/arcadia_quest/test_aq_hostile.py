"""Hostile campaign and card files: every one gives located problems (exit status 2) or a
report, never an exception; a hostile value is never echoed whole."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import hostile_files as hostile
import pytest
from hostile_files import Outcome
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.systems.arcadia_quest.campaignfile import read_campaign
from chronicle.systems.arcadia_quest.catalog import load_catalog, read_sources
from chronicle.systems.arcadia_quest.check import check_path
from chronicle.systems.arcadia_quest.rules import check_campaign

GOLDEN = Path(__file__).resolve().parent / "golden"
CARDS = GOLDEN / "cards"
LEGAL = GOLDEN / "campaigns" / "legal-first-scenario.toml"
HEAD = 'system = "arcadia-quest"\nname = "Hostile"\n'
GUILD = ('[[guild]]\ncolor = "blue"\nheroes = ["Diva", "Grom", "Maya"]\n'
         'slots = { Diva = ["Rusty Blade"] }\n')
SCENARIO = '[[scenario]]\nname = "District of Hammers"\nwinner = "blue"\n'
LONG = hostile.LONG
SETTINGS = settings(max_examples=30, deadline=None, derandomize=True, database=None)

CASES: dict[str, tuple[str, str]] = {
    # name: (file text, a substring of some problem)
    "empty": ("", "is required"),
    "not toml": ("system = = =\n", "not valid TOML"),
    "name a number": ('system = "arcadia-quest"\nname = 5\n', "valid string"),
    "guild a string": (HEAD + 'guild = "blue"\n', "valid list"),
    "heroes a string": (HEAD + '[[guild]]\ncolor = "blue"\nheroes = "Diva"\n', "valid list"),
    "slots a list": (HEAD + '[[guild]]\ncolor = "blue"\nslots = ["Diva"]\n', "valid dictionary"),
    "slot cards a number": (HEAD + '[[guild]]\ncolor = "blue"\nslots = { Diva = 3 }\n',
                            "valid list"),
    "two_player_pve text": (HEAD + 'two_player_pve = "yes"\n' + GUILD, "valid boolean"),
    "hero_kills huge": (HEAD + GUILD + SCENARIO + '[[scenario.guild]]\ncolor = "blue"\n'
                        "hero_kills = 9223372036854775807\n", "less than or equal"),
    "monster coins float": (HEAD + GUILD + SCENARIO + '[[scenario.guild]]\ncolor = "blue"\n'
                            "monster_coins = 1.5\n", "valid integer"),
    "chests negative": (HEAD + GUILD + SCENARIO + '[[scenario.guild]]\ncolor = "blue"\n'
                        "chests = -1\n", "greater than or equal to 0"),
    "deaths text": (HEAD + GUILD + SCENARIO + '[[scenario.guild]]\ncolor = "blue"\n'
                    'deaths = { Diva = "one" }\n', "valid integer"),
    "curses a list": (HEAD + GUILD + SCENARIO + '[[scenario.upgrade]]\ncolor = "blue"\n'
                      'curses = ["Weakness"]\n', "valid dictionary"),
    "winner missing": (HEAD + GUILD + '[[scenario]]\nname = "District of Hammers"\n',
                       "is required"),
    "winner purple": (HEAD + GUILD + '[[scenario]]\nname = "X"\nwinner = "purple"\n',
                      "'orange', 'blue', 'red' or 'green'"),
    "unknown top key": (HEAD + "two_player_pvp = true\n" + GUILD, "did you mean 'two_player_pve'?"),
    "unknown scenario key": (HEAD + GUILD + SCENARIO + "winer = 'blue'\n", "did you mean"),
    "unknown result key": (HEAD + GUILD + SCENARIO + '[[scenario.guild]]\ncolor = "blue"\n'
                           "hero_kils = 1\n", "did you mean 'hero_kills'?"),
    "nine guilds": (HEAD + GUILD * 9, "at most 8"),
    "too many scenarios": (HEAD + GUILD + SCENARIO * 21, "at most 20"),
    "long campaign name": ('system = "arcadia-quest"\nname = "' + LONG + '"\n', "at most 200"),
    "long hero name": (HEAD + f'[[guild]]\ncolor = "blue"\nheroes = ["{LONG}"]\n', "at most 200"),
    "long hero key": (HEAD + f'[[guild]]\ncolor = "blue"\nslots = {{ "{LONG}" = [] }}\n',
                      "at most 200"),
    "control character": (HEAD + '[[guild]]\ncolor = "blue"\nplayer = "Ana\\u001b[31m"\n',
                          "control character"),
    "bidi override": (HEAD + '[[guild]]\ncolor = "blue"\nheroes = ["Diva\\u202e"]\n',
                      "control character"),
    "empty hero": (HEAD + '[[guild]]\ncolor = "blue"\nheroes = ["  "]\n', "at least 1"),
    "deep nesting": (HEAD + "notes = " + "[" * 5000 + "]" * 5000 + "\n", ""),
    "bad card": (HEAD + GUILD + '[[card]]\nname = "Fire Sword"\nkind = "upgrade"\n'
                 "level = 9\n", "level"),
    "card kind typo": (HEAD + GUILD + '[[card]]\nname = "Fire Sword"\nkind = "upgrad"\n',
                       "'upgrade'"),
    "wrong system": ('system = "wyld-hunt"\nname = "x"\n', "arcadia-quest"),
}


def check_text(tmp_path: Path, text: str | bytes) -> Outcome:
    return hostile.check_text(tmp_path, "campaign.toml", text, lambda p: check_path(p, CARDS))


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_campaigns_give_located_problems(tmp_path: Path, name: str) -> None:
    text, wanted = CASES[name]
    hostile.assert_located(check_text(tmp_path, text), wanted, "campaign.toml")


@pytest.mark.parametrize("data", list(hostile.GARBAGE.values()), ids=list(hostile.GARBAGE))
def test_garbage_bytes_are_refused(tmp_path: Path, data: bytes) -> None:
    hostile.assert_refused(check_text(tmp_path, data))


def test_special_files_and_missing_files_are_refused(tmp_path: Path) -> None:
    for path in hostile.special_paths(tmp_path):
        hostile.assert_refused(check_path(path, CARDS))


def test_hostile_user_card_files_never_stop_the_catalog(tmp_path: Path) -> None:
    user = hostile.hostile_card_folder(tmp_path, "hero", '[[card]]\nname = "Fire Sword"\n'
                                                         'kind = "upgrade"\ncost = 4\n')
    catalog = load_catalog(user)
    assert len(catalog.problems) == 4
    assert catalog.get("Fire Sword") is not None and catalog.get("Diva") is not None


# -- generated: any value in any key of a valid campaign --------------------------------------

BASE = tomllib.loads(LEGAL.read_text(encoding="utf-8"))
CATALOG = read_sources(CARDS).build()
PATHS = ["name", "two_player_pve", "guild", "guild.0", "guild.0.color", "guild.0.heroes",
         "guild.0.slots", "guild.0.slots.Diva", "guild.1.player", "scenario", "scenario.0.name",
         "scenario.0.winner", "scenario.0.guild", "scenario.0.guild.0.quests",
         "scenario.0.guild.0.first", "scenario.0.guild.0.deaths", "scenario.0.guild.1.hero_kills",
         "scenario.0.guild.0.neutral_deaths", "scenario.0.upgrade.0.bought",
         "scenario.0.upgrade.0.curses", "scenario.0.upgrade.1.slots",
         "scenario.0.upgrade.1.discarded", "card"]
values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**63) | st.floats(allow_nan=False)
    | st.text(max_size=30) | st.sampled_from(["Diva", "pvp:green", "pvp:blue", "Hex", "blue"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.text(max_size=5) | st.sampled_from(["Diva", "Grom", "Maya"]), inner, max_size=3),
    max_leaves=6)


def _set(document: dict[str, Any], dotted: str, value: Any) -> None:
    *parents, last = dotted.split(".")
    here: Any = document
    for part in parents:
        here = here[int(part)] if isinstance(here, list) else here[part]
    if isinstance(here, list):
        here[int(last)] = value
    else:
        here[last] = value


@SETTINGS
@given(st.sampled_from(PATHS), values)
def test_any_value_anywhere_never_raises(path: str, value: Any) -> None:
    document = copy.deepcopy(BASE)
    _set(document, path, value)
    loaded = read_campaign(document, None, "generated.toml")
    if loaded.problems:
        assert all(p.path == "generated.toml" and p.message for p in loaded.problems)
        return
    report = check_campaign(loaded.events, CATALOG)
    assert isinstance(report.summary["guilds"], dict)


names = st.sampled_from(["Diva", "Grom", "Maya", "Zazu", "Kanga", "Nobody", "diva"])
cards = st.sampled_from(["Rusty Blade", "Parrying Blade", "Slingshot", "Life Drain", "Nova Bolt",
                         "Fire Sword", "Mystery Charm", "Weakness", "Doubt", "Hex", "Unknown"])
colors = st.sampled_from(["blue", "green", "red"])
quests = st.sampled_from(["A", "B", "C", "pvp:blue", "pvp:green", "pvp:red", "pvp:x"])
small = st.integers(0, 5)
result = st.fixed_dictionaries({
    "color": colors, "quests": st.lists(quests, max_size=4), "first": st.lists(quests, max_size=2),
    "hero_kills": small, "monster_coins": small, "chests": small,
    "deaths": st.dictionaries(names, small, max_size=2),
    "neutral_deaths": st.dictionaries(names, small, max_size=2)})
upgrade = st.fixed_dictionaries({
    "color": colors, "bought": st.lists(cards, max_size=4),
    "discarded": st.lists(cards, max_size=2),
    "curses": st.dictionaries(names, cards, max_size=2),
    "slots": st.dictionaries(names, st.lists(cards, max_size=6), max_size=3)})
scenario = st.fixed_dictionaries({
    "name": st.sampled_from(["District of Hammers", "The Manor", "Red Dawn Square", "Maya",
                             "The Temple of Dawning Twilight", "Nowhere"]),
    "winner": colors, "guild": st.lists(result, max_size=3),
    "upgrade": st.lists(upgrade, max_size=3)})
guild = st.fixed_dictionaries({
    "color": colors, "heroes": st.lists(names, max_size=4),
    "slots": st.dictionaries(names, st.lists(cards, max_size=6), max_size=3)})


@settings(SETTINGS, max_examples=25)
@given(st.lists(guild, max_size=5), st.lists(scenario, max_size=8), st.booleans())
def test_any_well_typed_campaign_gets_a_report(guilds: list[dict[str, Any]],
                                               played: list[dict[str, Any]], pve: bool) -> None:
    document = {"system": "arcadia-quest", "name": "Generated", "two_player_pve": pve,
                "guild": guilds, "scenario": played}
    loaded = read_campaign(document, None, "generated.toml")
    assert loaded.problems == []
    report = check_campaign(loaded.events, CATALOG)
    for violation in report:
        assert violation.message and violation.section and violation.fix
    summary = report.summary
    for state in summary["guilds"].values():
        assert state["coins_held"] >= 0 and state["coins_carried"] in (0, 1)
        assert len(state["coins_earned"]) == len(summary["scenarios"])
