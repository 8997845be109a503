"""A campaign as a stored record: data and events round-trip to the same ledger, the record
kind's check gives the file's report, and data that does not fit is ``ledger.bad_record``;
the campaign sheet is built from the summary and read back from the PDF."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from chronicle.export.model import Mark, Table, Together
from chronicle.systems.arcadia_quest.campaignfile import load_campaign
from chronicle.systems.arcadia_quest.ledger import CampaignStarted
from chronicle.systems.arcadia_quest.record import (
    check_record,
    data_of,
    describe,
    ledger_of,
    payload_of,
)
from chronicle.systems.arcadia_quest.rules import check_campaign

GOLDEN = Path(__file__).resolve().parent / "golden"
CARDS = GOLDEN / "cards"
FULL = GOLDEN / "campaigns" / "legal-full-campaign.toml"


def stored(path: Path) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    events = load_campaign(path).events
    start = events[0]
    assert isinstance(start, CampaignStarted)
    stored_events = []
    for event in events[1:]:
        kind, payload = payload_of(event)
        stored_events.append({"kind": kind, "payload": payload})
    return start.name, data_of(start), stored_events


def context(cards: list[dict[str, Any]] | None = None) -> SimpleNamespace:
    return SimpleNamespace(user_cards_dir=CARDS, group_cards=tuple(cards or ()))


@pytest.mark.parametrize("case", ["legal-full-campaign", "coins-overspent", "curse-moved",
                                  "legal-worked-coin-example"])
def test_a_stored_campaign_checks_as_its_file(case: str) -> None:
    path = GOLDEN / "campaigns" / f"{case}.toml"
    name, data, events = stored(path)
    ledger, _own = ledger_of(name, data, events)
    assert ledger == load_campaign(path).events
    from chronicle.systems.arcadia_quest.catalog import read_sources

    expected = check_campaign(ledger, read_sources(CARDS).build())
    got = check_record(data, events, context())
    assert got.codes == expected.codes
    assert got.summary["guilds"] == expected.summary["guilds"]
    assert describe(events[0]).startswith("played ")


def test_group_cards_and_the_campaigns_own_cards_are_in_the_catalog() -> None:
    _name, data, events = stored(GOLDEN / "campaigns" / "legal-first-scenario.toml")
    data["guild"][0]["slots"]["Diva"].append("Group Blade")
    report = check_record(data, events, context())
    assert "card.unknown" in report.codes
    group = [{"name": "Group Blade", "kind": "upgrade", "cost": 2, "level": 1}]
    assert "card.unknown" not in check_record(data, events, context(group)).codes
    own = {**data, "card": group}
    assert "card.unknown" not in check_record(own, events, context()).codes


@pytest.mark.parametrize("mangle", [
    lambda d, e: d.update(guild="blue"),
    lambda d, e: d.update(extra=1),
    lambda d, e: d["guild"][0].update(heroes=["x" * 500]),
    lambda d, e: e.append({"kind": "scenario", "payload": {"name": "X"}}),
    lambda d, e: e.append({"kind": "start", "payload": {}}),
    lambda d, e: e.append({"kind": "undo", "payload": {"target": "1"}}),
    lambda d, e: e.append({"kind": "upgrade"}),
    lambda d, e: d.update(card=[{"name": "Blade", "kind": "upgrade", "cost": "two"}]),
], ids=["guild-string", "extra-key", "long-hero", "no-winner", "start-event", "undo-text",
        "no-payload", "bad-card"])
def test_data_that_does_not_fit_is_a_bad_record(mangle: Any) -> None:
    _name, data, events = stored(FULL)
    mangle(data, events)
    report = check_record(data, events, context())
    assert report.codes == ["ledger.bad_record"]
    assert len(report.violations[0].message) <= 500


def test_the_start_is_the_record_not_an_event() -> None:
    start = load_campaign(FULL).events[0]
    with pytest.raises(ValueError, match="record"):
        payload_of(start)
    assert describe({"kind": "nonsense", "payload": {}}).endswith("(unreadable)")


def test_the_campaign_sheet_prints_what_the_players_keep(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from chronicle.services.exports import write_document
    from chronicle.systems.arcadia_quest.sheets import campaign_document

    _name, data, events = stored(FULL)
    summary = check_record(data, events, context()).summary
    summary["name"] = "Winter [/x] campaign"
    document = campaign_document(summary, ["the blue guild spent 9 coins but held 3"])
    part = document.parts[0]
    assert part.brand == "ARCADIA QUEST" and part.kind == "Campaign Sheet"
    path = write_document(document, tmp_path / "sheet.pdf", paper="a4")
    text = "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)
    for word in ["Winter [/x] campaign", "District of Hammers", "The Temple of Dawning Twilight",
                 "Friend of the Moon", "Blue guild (Eagle): Ana", "Slot 4", "Coin", "Hex",
                 "Campaign winner", "the blue guild spent 9 coins"]:
        assert word in text, word
    assert "coins.overspent" not in text and "chronicle " not in text.lower().replace(
        "arcadia chronicle", "")


def test_a_new_campaign_sheet_has_rows_to_fill_in() -> None:
    from chronicle.systems.arcadia_quest.sheets import campaign_part

    _name, data, _events = stored(GOLDEN / "campaigns" / "legal-new-campaign.toml")
    summary = check_record(data, [], context()).summary
    part = campaign_part(summary)
    scenarios, guild = part.blocks[0], part.blocks[1]
    assert isinstance(scenarios, Table) and isinstance(guild, Together)
    board = guild.blocks[-1]
    assert isinstance(board, Table)
    rows = scenarios.rows
    assert len(rows) == 6 and all(r.tone == "blank" for r in rows)
    assert [r.cells[1] for r in rows] == ["outer"] * 3 + ["inner"] * 2 + ["final"]
    assert [r.cells[2:] for r in rows] == [("", "", "")] * 6  # room to write, not boxes
    assert any("" in r.cells for r in board.rows)
    assert not any(Mark.BLANK in r.cells for r in (*rows, *board.rows))


def test_a_stored_event_is_read_once_and_a_bad_one_every_time() -> None:
    from chronicle.systems.arcadia_quest.codec import event_from_record
    from chronicle.systems.arcadia_quest.record import decoded

    payload = {"name": "District of Hammers", "winner": "blue",
               "guild": [{"color": "blue", "deaths": {"Grom": 1, "Diva": 2}}]}
    first = decoded("scenario", payload)
    assert decoded("scenario", dict(payload)) is first == event_from_record("scenario", payload)
    turned = {**payload, "guild": [{"color": "blue", "deaths": {"Diva": 2, "Grom": 1}}]}
    assert decoded("scenario", turned) is not first            # another order, read again
    for _ in range(2):
        with pytest.raises(ValueError, match="winner"):
            decoded("scenario", {**payload, "winner": "purple"})
