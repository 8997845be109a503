"""The printed campaign sheet of Arcadia Quest, as the document model
(``chronicle.export.model``): the scenarios in order with their circle, winner and titles (blank
rows for those still to play), then per guild its three heroes with their four slots, curse and
death tokens (the last scenario's, until its upgrade phase), its titles, coins held and the coin
carried, and what to set up next; ruled rows to write notes in fill the rest of the last page
(never a page of their own).

``campaign_part`` builds it from a campaign's JSON summary (pure, no reportlab);
``service.export_sheet`` writes a stored campaign's sheet with ``chronicle.services.exports``
(safe file names, never over a file without ``force``, the chosen paper). On paper only the
players' words: no codes, commands or TOML.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import chronicle.export.model as m
from chronicle.systems.arcadia_quest import LABEL

SLOTS = 4
"""Slots on a hero's dashboard."""
SCENARIOS = 6
"""Scenarios of a campaign: rows on the sheet."""
CIRCLES = ("outer", "outer", "outer", "inner", "inner", "final")
LEDGER_WEIGHTS = (1.0, 1.0, 1.0)
"""Coin carried, coins held, upgrade cards: short values on one row, each label on one line
(a wrapped label, or a long value beside them, would lift the values above their lines); the
titles follow on ruled lines of their own."""
NOTES = m.Table((m.Column("Scenario", 1.0), m.Column("Notes", 6.0)), (), title="Notes",
                blank_rows=1, fill=True, optional=True)
"""Rows to write in (a reward kept, a rule agreed): they fill the rest of the last page, and
are left out where one does not fit, never starting a page of their own."""
GUILD_NAMES = {"orange": "Orange guild (Lion)", "blue": "Blue guild (Eagle)",
               "red": "Red guild (Fox)", "green": "Green guild (Panda)"}


def _scenarios(summary: dict[str, Any]) -> m.Table:
    played = summary.get("scenarios") or []
    rows: list[m.Row] = []
    for item in played:
        titles = "; ".join(f"{title} ({color})" for color, title in item["titles"].items())
        rows.append(m.Row((str(item["number"]), item.get("circle") or m.Mark.UNKNOWN, item["name"],
                           item["winner"], titles)))
    for number in range(len(played) + 1, SCENARIOS + 1):
        rows.append(m.Row((str(number), CIRCLES[number - 1], "", "", ""), "blank"))
    return m.Table((m.Column("#", 0.4, "right"), m.Column("Circle", 0.9), m.Column("Scenario", 3.0),
                    m.Column("Winner", 1.0), m.Column("Titles earned", 3.0)), tuple(rows),
                   title="Scenarios", context=f"{summary.get('name', '')}: scenarios")


def _guild(color: str, guild: dict[str, Any]) -> list[m.Block]:
    heading = GUILD_NAMES.get(color, color)
    if guild.get("player"):
        heading += f": {guild['player']}"
    grid = m.FieldGrid(((m.Field("Coin carried", str(guild["coins_carried"])),
                         m.Field("Coins held", str(guild["coins_held"])),
                         m.Field("Upgrade cards", f"{guild['upgrades']}/12")),),
                       weights=LEDGER_WEIGHTS)
    earned: list[m.Block] = [m.ItemList("Titles", tuple(f"{t['title']} ({t['scenario']})"
                                                        for t in guild["titles"]))] \
        if guild["titles"] else []  # a title still to win is written in the scenarios table
    rows: list[m.Row] = []
    under = guild.get("under_curse") or {}
    for hero in guild["heroes"]:
        cards = list(guild["slots"].get(hero, []))
        curse = guild["curses"].get(hero)
        shown: list[m.Value] = [c for c in cards if c != curse][:SLOTS + 1]
        if hero in under and under[hero] in shown:
            shown[shown.index(under[hero])] = f"{under[hero]} (under the curse)"
        cells: list[m.Value] = shown[:SLOTS] + [""] * (SLOTS - len(shown[:SLOTS]))
        deaths = guild["death_tokens"].get(hero, 0)
        rows.append(m.Row((hero, *cells, curse or "", str(deaths) if deaths else "")))
    for _missing in range(len(rows), 3):
        rows.append(m.Row(("",) * (SLOTS + 3), "blank"))
    slots = (m.Column(f"Slot {n}", 1.5) for n in range(1, SLOTS + 1))
    table = m.Table((m.Column("Hero", 1.6), *slots,
                     m.Column("Curse", 1.4), m.Column("Tokens", 0.7, "right")), tuple(rows),
                    context=f"{heading} (continued)")
    return [m.Together((m.Heading(heading), grid, *earned, table))]


def _next(upcoming: dict[str, Any]) -> list[m.Block]:
    if upcoming.get("campaign_winner"):
        return [m.Heading("Campaign winner"),
                m.Note(GUILD_NAMES.get(upcoming["campaign_winner"], upcoming["campaign_winner"]))]
    if upcoming.get("number") is None:
        return []
    choices = ", ".join(upcoming["choices"]) or "none left among the known scenarios"
    return [m.Heading("Next scenario"),
            m.FieldGrid(((m.Field("Scenario", f"{upcoming['number']} ({upcoming['circle']} "
                                          "circle)"),
                          m.Field("Monster level", str(upcoming["monster_level"])),
                          m.Field("Chosen by", upcoming["chosen_by"] or "all players"),
                          m.Field("First player", _first_player(upcoming))),),
                        weights=(1.0, 1.0, 1.0, 1.0)),
            m.FieldGrid(((m.Field("Scenarios to choose from", choices),),), weights=(1.0,))]


def _first_player(upcoming: dict[str, Any]) -> str:
    """The first player in a few words: known only with fixed seats; else the guild left of
    the last winner once the start areas (and seats) are drawn, or at random in the first
    scenario."""
    if upcoming.get("first_player"):
        return str(upcoming["first_player"])
    if upcoming.get("chosen_by"):
        return f"left of {upcoming['chosen_by']} (seats drawn at set-up)"
    return "at random"


def campaign_part(summary: dict[str, Any], errors: Sequence[str] = ()) -> m.Part:
    """The campaign sheet of a campaign's JSON summary; ``errors`` are the rules it breaks, in
    plain words, printed at the end so the paper never hides them."""
    blocks: list[m.Block] = [_scenarios(summary)]
    for color, guild in summary["guilds"].items():
        blocks.extend(_guild(color, guild))
    blocks.extend(_next(summary.get("next") or {}))
    if errors:
        blocks.append(m.Heading("To set right"))
        blocks.extend(m.Note(text, tone="error") for text in errors)
    blocks.append(NOTES)
    played = len(summary.get("scenarios") or [])
    guilds = len(summary["guilds"])
    name = str(summary.get("name") or "Campaign")
    return m.Part(kind="Campaign Sheet", title=name,
                  caption=f"{LABEL} · {guilds} guild{'s' if guilds != 1 else ''} · "
                        f"{played} of {SCENARIOS} scenarios played",
                  footer=f"{name} · Campaign Sheet", blocks=tuple(blocks),
                  brand=LABEL.upper())


def campaign_document(summary: dict[str, Any], errors: Sequence[str] = ()) -> m.Document:
    """The whole PDF of one campaign's sheet."""
    part = campaign_part(summary, errors)
    return m.Document(title=f"{part.title}: campaign sheet", parts=(part,))


def build(view: Any) -> m.Part:
    """The sheet of a stored campaign (``service.CampaignView``): the plug-in's ``sheets``
    entry."""
    return campaign_part(view.summary, [v.message for v in view.report.errors])



def sheet_document(view: Any) -> m.Document:
    """The PDF of a stored campaign's sheet."""
    part = build(view)
    return m.Document(title=f"{part.title}: campaign sheet", parts=(part,))
