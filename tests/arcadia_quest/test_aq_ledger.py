"""The campaign ledger: undo as a compensating event, corrections, and the file as events."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from chronicle.systems.arcadia_quest.campaignfile import (
    dump_campaign,
    load_campaign,
    read_campaign,
    to_document,
)
from chronicle.systems.arcadia_quest.catalog import QuestCatalog, read_sources
from chronicle.systems.arcadia_quest.ledger import (
    CampaignStarted,
    Correction,
    Event,
    GuildResult,
    GuildSetup,
    GuildUpgrade,
    ScenarioPlayed,
    Undo,
    UpgradePhase,
    effective,
    pvp_target,
)
from chronicle.systems.arcadia_quest.rules import check_campaign, replay

GOLDEN = Path(__file__).resolve().parent / "golden"
STARTERS = ("Rusty Blade", "Parrying Blade", "Slingshot", "Life Drain", "Nova Bolt")


@pytest.fixture(scope="module")
def catalog() -> QuestCatalog:
    return read_sources(GOLDEN / "cards").build()


def start() -> CampaignStarted:
    blue = GuildSetup(color="blue", heroes=("Diva", "Grom", "Maya"),
                      slots={"Diva": STARTERS[:2], "Grom": STARTERS[2:4], "Maya": STARTERS[4:]})
    green = GuildSetup(color="green", heroes=("Zazu", "Kanga", "Seth"),
                       slots={"Zazu": STARTERS[:3], "Kanga": STARTERS[3:]})
    return CampaignStarted(name="Ledger test", guilds=(blue, green))


def played(name: str = "District of Hammers", monster_coins: int = 4) -> ScenarioPlayed:
    return ScenarioPlayed(name=name, winner="blue", results=(
        GuildResult(color="blue", quests=("A", "B"), monster_coins=monster_coins),))


def test_undo_is_a_compensating_event(catalog: QuestCatalog) -> None:
    events: list[Event] = [start(), played(), Undo(target=2, note="wrong scenario"),
                           played("The Moon Gate", 1)]
    done = replay(events, catalog)
    assert done.violations == []
    assert done.undone == {2: 3}
    assert [p.name for p in done.state.played] == ["The Moon Gate"]
    assert done.state.guilds["blue"].earned == [3]


def test_undo_restores_the_coins_a_purchase_spent(catalog: QuestCatalog) -> None:
    buy = UpgradePhase(upgrades=(GuildUpgrade(color="blue", bought=("Fire Sword",)),))
    events: list[Event] = [start(), played(monster_coins=3), buy]
    assert replay(events, catalog).state.guilds["blue"].coins == 1
    undone = replay([*events, Undo(target=3)], catalog)
    assert undone.state.guilds["blue"].coins == 5
    assert "Fire Sword" not in undone.state.guilds["blue"].owned


@pytest.mark.parametrize(("target", "reason"), [(1, "campaign's start"), (3, "itself an undo"),
                                                (9, "not an earlier event"),
                                                (2, "already undone")])
def test_bad_undos_are_reported(catalog: QuestCatalog, target: int, reason: str) -> None:
    events: list[Event] = [start(), played(), Undo(target=2), Undo(target=target)]
    _kept, _undone, problems = effective(events)
    assert [p.index for p in problems] == [4] and reason in problems[0].reason
    assert [v.code for v in replay(events, catalog).violations] == ["ledger.undo"]


def test_a_ledger_begins_with_the_start(catalog: QuestCatalog) -> None:
    with pytest.raises(ValueError):
        replay([played()], catalog)


def test_corrections_set_coins_cards_and_slots_right(catalog: QuestCatalog) -> None:
    fix = Correction(color="blue", note="forgot a chest", coins=2, add_cards=("Iron Shield",),
                     slots={"Diva": ("Rusty Blade", "Parrying Blade", "Iron Shield"),
                            "Grom": STARTERS[2:4], "Maya": STARTERS[4:]},
                     add_titles=("Friend of the Moon",))
    done = replay([start(), played(), fix], catalog)
    blue = done.state.guilds["blue"]
    assert done.violations == [] and blue.coins == 8 and "Iron Shield" in blue.owned
    assert ("Friend of the Moon", "correction") in blue.titles
    bad = Correction(color="red", note="no such guild")
    wrong = Correction(color="blue", note="x", remove_cards=("Fire Sword",))
    codes = [v.code for v in replay([start(), bad, wrong], catalog).violations]
    assert codes == ["scenario.guild_unknown", "inventory.not_owned"]


def test_events_describe_themselves() -> None:
    events: list[Event] = [start(), played(), UpgradePhase(upgrades=()),
                           Correction(color="blue", note="n"), Undo(target=2)]
    assert all(event.describe() for event in events)


def test_pvp_quests_are_read_loosely() -> None:
    assert pvp_target(" PVP:Red ") == "red"
    assert pvp_target("pvp:") == ""
    assert pvp_target("Slay the pvp: beast") is None


@pytest.mark.parametrize("path", sorted((GOLDEN / "campaigns").glob("*.toml")),
                         ids=lambda p: p.name)
def test_campaign_files_round_trip_through_events(path: Path) -> None:
    loaded = load_campaign(path)
    assert loaded.problems == []
    text = dump_campaign(loaded.events)
    again = read_campaign(tomllib.loads(text), None, "again")
    assert again.problems == [] and again.events == loaded.events


def test_corrections_keep_their_place_in_the_file_undos_do_not_go_there() -> None:
    events: list[Event] = [
        start(), Correction(color="blue", note="a starter forgotten", add_cards=("X",)),
        played(), Correction(color="green", note="a chest missed", coins=2),
        UpgradePhase(upgrades=(GuildUpgrade(color="blue"), GuildUpgrade(color="green"))),
        Correction(color="blue", note="a title", add_titles=("Hero of the Manor",),
                   slots={"Diva": ("X",)}),
        played("The Moon Gate"), Correction(color="green", note="n", coins=-1)]
    text = dump_campaign(events)
    assert "[[correction]]" in text and "before_upgrade = true" in text
    again = read_campaign(tomllib.loads(text), None, "again")
    assert again.problems == [] and again.events == events
    with pytest.raises(ValueError):
        to_document([start(), Undo(target=1)])
    with pytest.raises(ValueError):
        to_document([played()])


def test_a_misspelt_correction_key_is_located() -> None:
    text = dump_campaign([start(), played(), Correction(color="blue", note="n", coins=1)])
    broken = read_campaign(tomllib.loads(text.replace("coins = 1", "coin = 1")), None, "f")
    (problem,) = broken.problems
    assert problem.field == "scenario #1: correction #1: coin" and "coins" in str(problem)


def test_check_campaign_equals_replay(catalog: QuestCatalog) -> None:
    events: list[Event] = [start(), played()]
    report = check_campaign(events, catalog)
    assert report.violations == replay(events, catalog).violations
    assert report.summary["guilds"]["blue"]["coins_earned"] == [6]


@pytest.mark.parametrize("path", sorted((GOLDEN / "campaigns").glob("legal-*.toml")),
                         ids=lambda p: p.name)
def test_events_round_trip_through_records(path: Path) -> None:
    import json

    from chronicle.systems.arcadia_quest.codec import event_from_record, event_to_record

    events: list[Event] = [*load_campaign(path).events,
                           Correction(color="blue", note="a chest", coins=-2,
                                      add_cards=("Iron Shield",), slots={"Diva": ("Iron Shield",)},
                                      add_titles=("T",)),
                           Undo(target=2, note="typo")]
    for event in events:
        kind, data = event_to_record(event)
        assert event_from_record(kind, json.loads(json.dumps(data))) == event


@pytest.mark.parametrize(("kind", "data", "wanted"), [
    ("game", {}, "unknown campaign event kind"),
    ("undo", {"target": 0}, "target"),
    ("correction", {"color": "blue"}, "note"),
    ("correction", {"color": "blue", "note": "x", "coins": 10**6}, "coins"),
    ("scenario", {"name": "X", "winner": "purple"}, "winner"),
    ("start", {"name": "x" * 10_000}, "name"),
    ("upgrade", {"upgrade": [{"color": "blue", "bougth": []}]}, "bougth"),
])
def test_bad_records_are_refused_with_the_field(kind: str, data: dict[str, object],
                                                wanted: str) -> None:
    from chronicle.systems.arcadia_quest.codec import event_from_record

    with pytest.raises(ValueError, match=wanted) as caught:
        event_from_record(kind, data)
    assert len(str(caught.value)) < 400


def test_check_event_reports_only_what_the_new_event_adds(catalog: QuestCatalog) -> None:
    from chronicle.systems.arcadia_quest.rules import check_event

    history: list[Event] = [start(), played()]
    assert check_event([], start(), catalog) == []
    slots = {"Diva": (*STARTERS[:2], "Rune Staff"), "Grom": STARTERS[2:4], "Maya": STARTERS[4:]}
    phase = UpgradePhase(upgrades=(GuildUpgrade(color="blue", bought=("Rune Staff",),
                                                slots=slots),))
    assert check_event(history, phase, catalog) == []
    # the next scenario with no upgrade phase recorded: the coins beyond one are lost
    skipped = check_event(history, played("The Moon Gate", 1), catalog)
    assert [v.code for v in skipped] == ["coins.carry"]
    again = check_event([*history, phase], played(), catalog)
    assert [v.code for v in again] == ["campaign.repeat"]
    broken = [*history, phase, played()]
    assert [v.code for v in check_event(broken, played("The Manor"), catalog)] == ["coins.carry"]
    greedy = UpgradePhase(upgrades=(GuildUpgrade(color="blue",
                                                 bought=("Rune Staff", "Fire Sword")),))
    assert [v.code for v in check_event(history, greedy, catalog)] == ["coins.overspent",
                                                                      "inventory.unplaced"]


def test_owned_products_narrow_the_next_choices(catalog: QuestCatalog) -> None:
    report = check_campaign([start()], catalog, owned=["Guildmaster"])
    assert report.summary["next"]["choices"] == []
    report = check_campaign([start()], catalog, owned=["Arcadia Quest"])
    assert len(report.summary["next"]["choices"]) == 6


def test_hero_names_match_whatever_their_case(catalog: QuestCatalog) -> None:
    died = ScenarioPlayed(name="District of Hammers", winner="blue", results=(
        GuildResult(color="blue", quests=("A", "B"), deaths={"diva": 1},
                    neutral_deaths={"DIVA": 1}),))
    slots: dict[str, tuple[str, ...]] = {"DIVA": ("Hex", "Rusty Blade", "Parrying Blade"),
                                         "diva": ("Slingshot", "Life Drain", "Nova Bolt")}
    phase = UpgradePhase(upgrades=(GuildUpgrade(color="blue", curses={"Diva": "Hex"},
                                                slots=slots),))
    done = replay([start(), died, phase], catalog)
    codes = [v.code for v in done.violations]
    # Diva's two slot lists are one hero's: five upgrades in four slots; two coins, one kept
    assert codes == ["inventory.over_slots", "coins.carry"], codes
    blue = done.state.guilds["blue"]
    assert blue.deaths == {"Diva": 1} and blue.curses == {"Diva": "Hex"}
    assert len(blue.slots["Diva"]) == 6
