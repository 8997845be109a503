"""The app's forms: what a player types becomes the stored payload, and the live tally is the
rules' own count (the spec's worked coin example, typed as a player would)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chronicle.systems.arcadia_quest.campaignfile import load_campaign
from chronicle.systems.arcadia_quest.catalog import QuestCatalog, read_sources
from chronicle.systems.arcadia_quest.drafts import (
    campaign_guilds,
    new_campaign_tally,
    scenario_payload,
    split_counts,
    split_slots,
    tally,
    upgrade_payload,
)
from chronicle.systems.arcadia_quest.rules import check_campaign

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture(scope="module")
def catalog() -> QuestCatalog:
    return read_sources(GOLDEN / "cards").build()


def test_fields_are_read_as_a_player_writes_them() -> None:
    assert split_counts("Diva=2, Grom, Diva") == {"Diva": 3, "Grom": 1}
    assert split_slots("Diva: Fire Sword, Parrying Blade; Grom:") == {
        "Diva": ["Fire Sword", "Parrying Blade"], "Grom": []}
    with pytest.raises(ValueError, match="HERO=N"):
        scenario_payload("X", "blue", {"blue": {"deaths": "Diva=two"}})
    with pytest.raises(ValueError, match="blue: hero kills"):
        scenario_payload("X", "blue", {"blue": {"hero_kills": "3x"}})


def test_the_live_tally_is_the_worked_coin_example(catalog: QuestCatalog) -> None:
    start = load_campaign(GOLDEN / "campaigns" / "legal-worked-coin-example.toml").events[:1]
    typed = {"blue": {"quests": "pvp:green", "first": "pvp:green", "hero_kills": "3"},
             "green": {"quests": "Break the forge, Free the smiths, Hold the gate",
                       "first": "Break the forge, Free the smiths, Hold the gate",
                       "deaths": "Maya=2, Zazu"},
             "red": {}}
    payload = scenario_payload(" District of Hammers ", "Green", typed)
    found = tally(start, "scenario", payload, catalog)
    assert found.coins == {"blue": 5, "green": 6, "red": 0}
    assert found.added == [] and found.problem is None
    short = scenario_payload("District of Hammers", "blue", typed)
    assert [v.code for v in tally(start, "scenario", short, catalog).errors] == [
        "scenario.winner_short", "scenario.loser_won"]


def test_the_upgrade_tally_shows_the_limits_live(catalog: QuestCatalog) -> None:
    events = load_campaign(GOLDEN / "campaigns" / "legal-first-scenario.toml").events
    before_phase = events[:-1]
    summary = check_campaign(before_phase, catalog).summary
    typed = {"blue": {"bought": "Test Upgrade L1A, Test Upgrade L1B, Test Upgrade L1C, "
                                "Test Upgrade L1D", "slots": "Diva: Test Upgrade L1A"}}
    payload = upgrade_payload(typed, summary)
    assert payload["upgrade"][0]["slots"]["Grom"] == summary["guilds"]["blue"]["slots"]["Grom"]
    found = tally(before_phase, "upgrade", payload, catalog)
    codes = {v.code for v in found.added}
    assert "upgrade.too_many" in codes
    assert found.cards["blue"] == summary["guilds"]["blue"]["upgrades"] + 4
    assert set(found.coins) == {"blue", "green"}
    assert tally(before_phase, "upgrade", {"upgrade": "x"}, catalog).problem


def test_a_new_campaign_is_checked_as_it_is_typed(catalog: QuestCatalog) -> None:
    rows = [("Blue ", " Ana [b] ", "Diva, Greensleeves, Grom"), ("red", "", ""),
            ("green", "Ben", "Maya, Zazu, Kanga"), ("orange", "", "")]
    guilds = campaign_guilds(rows)                         # empty seats are no guild
    assert guilds == [{"color": "blue", "player": "Ana [b]",
                       "heroes": ["Diva", "Greensleeves", "Grom"]},
                      {"color": "green", "player": "Ben", "heroes": ["Maya", "Zazu", "Kanga"]}]
    found = new_campaign_tally("Winter", guilds, True, catalog)
    assert not found.problem and not found.errors and found.cards == {"blue": 5, "green": 5}
    assert new_campaign_tally("  ", guilds, True, catalog).problem == "Type the campaign's name."
    assert "10,000 characters" in (new_campaign_tally("x" * 10_000, guilds, True, catalog)
                                   .problem or "")
    codes = {v.code for v in new_campaign_tally("W", guilds[:1], True, catalog).errors}
    assert codes == {"campaign.guild_count"}
    same = [guilds[0], {**guilds[1], "heroes": ["Diva", "Zazu", "Kanga"]}]
    assert {v.code for v in new_campaign_tally("W", same, True, catalog).errors} == \
        {"guild.hero_taken"}
    odd = [guilds[0], {**guilds[1], "color": "purple"}]
    assert "orange" in (new_campaign_tally("W", odd, True, catalog).problem or "")
