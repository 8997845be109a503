"""The guild board and the next scenario's set-up as text for the app: per guild its heroes
with their four slots, curse and death tokens, titles and coins. Pure text building
(``rich.text.Text`` through ``chronicle.tui.text.plain``): names are data, never markup."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from chronicle.tui.text import clip, plain

SLOTS = 4
COLOR_STYLE = {"orange": "bold dark_orange", "blue": "bold dodger_blue2", "red": "bold red",
               "green": "bold green"}


def board_text(summary: dict[str, Any], width: int = 76) -> Text:
    """The guild board of a campaign's summary."""
    text = Text()
    played = summary.get("scenarios") or []
    text.append_text(plain(clip(f"{summary.get('name', '')}", max(10, width - 14)), "bold"))
    text.append(f"  ·  {len(played)} of 6\n")
    for item in played:
        titles = ", ".join(f"{t} ({c})" for c, t in item["titles"].items())
        text.append_text(plain(clip(f"  {item['number']}. {item['name']}: won by "
                                    f"{item['winner']}" + (f"; {titles}" if titles else ""),
                                    width) + "\n"))
    hero_width = 12
    cell = max(6, (width - 2 - hero_width - 1 - 5) // SLOTS)
    for color, guild in summary.get("guilds", {}).items():
        text.append("\n")
        text.append(color.capitalize(), COLOR_STYLE.get(color, "bold"))
        if guild.get("player"):
            text.append_text(plain(f" ({clip(guild['player'], 30)})"))
        text.append(f"  coins {guild['coins_held']} (carried {guild['coins_carried']})  "
                    f"cards {guild['upgrades']}/12\n")
        for hero in guild["heroes"]:
            curse = guild["curses"].get(hero)
            cards = [c for c in guild["slots"].get(hero, []) if c != curse]
            cells = [clip(c, cell - 1).ljust(cell - 1) for c in cards[:SLOTS]]
            cells += ["·".ljust(cell - 1)] * (SLOTS - len(cells))
            line = f"  {clip(hero, hero_width).ljust(hero_width)} " + " ".join(cells)
            text.append_text(plain(line.rstrip()))
            deaths = guild["death_tokens"].get(hero, 0)
            if deaths:
                text.append(f" ✝{deaths}", "dim")
            text.append("\n")
            if curse:
                text.append_text(plain(clip(f"  {'':{hero_width}} curse: {curse}", width) + "\n",
                                       "magenta"))
        if guild["titles"]:
            titles = ", ".join(t["title"] for t in guild["titles"])
            text.append_text(plain(clip(f"  titles: {titles}", width) + "\n", "italic"))
    return text


def next_text(upcoming: dict[str, Any], width: int = 76) -> Text:
    """What to set up for the next scenario."""
    if upcoming.get("campaign_winner"):
        return plain(f"The campaign is over: {upcoming['campaign_winner']} won the final.",
                     "bold")
    if upcoming.get("number") is None:
        return plain("No scenario comes next.")
    lines = [f"Next: scenario {upcoming['number']} ({upcoming['circle']} circle), monster "
             f"level {upcoming['monster_level']}",
             "  choose from: " + (", ".join(upcoming["choices"]) or "none known"),
             f"  chosen by: {upcoming['chosen_by'] or 'all players'} · first player: "
             f"{upcoming['first_player_rule'] or 'at random'}",
             "  PvP quests: " + ", ".join(upcoming["pvp_quests"])
             + (" · unused start areas: " + ", ".join(map(str, upcoming["unused_start_areas"]))
                if upcoming.get("unused_start_areas") else "")]
    return plain("\n".join(clip(line, width) for line in lines))
