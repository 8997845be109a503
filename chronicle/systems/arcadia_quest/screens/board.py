"""The guild board and the next scenario's set-up as text for the app: per guild its heroes
with the cards in their slots, curse and death tokens, titles and coins. Nothing is cut: a
line longer than the pane goes on under itself (a hero's cards under the first one), so
every campaign, hero and card name shows whole at any width. Pure text building
(``rich.text.Text`` through ``chronicle.tui.text.plain``): names are data, never markup."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from chronicle.tui.text import clean, plain

COLOR_STYLE = {"orange": "bold dark_orange", "blue": "bold dodger_blue2", "red": "bold red",
               "green": "bold green"}
EMPTY = "·"
"""A hero without an upgrade card."""


def flow(head: str, items: Sequence[str], width: int, indent: int, sep: str = ", ") -> str:
    """``head`` then ``items`` apart by ``sep``, wrapped at ``width`` cells between items (a
    line broken ends with the separator; an item longer than a line gets a line of its own,
    whole, which the pane wraps); lines after the first start ``indent`` cells in."""
    lines: list[str] = []
    line = clean(head)
    used = cell_len(line)
    fresh = True
    for item in (clean(one) for one in items):
        piece = item if fresh else sep + item
        if used + cell_len(piece) > width and used > indent:
            lines.append(line.rstrip() + ("" if fresh else sep.rstrip()))
            line, used = " " * indent + item, indent + cell_len(item)
        else:
            line += piece
            used += cell_len(piece)
        fresh = False
    lines.append(line.rstrip())
    return "\n".join(lines)


def board_text(summary: dict[str, Any], width: int = 76) -> Text:
    """The guild board of a campaign's summary, ``width`` cells wide."""
    text = Text()
    played = summary.get("scenarios") or []
    text.append_text(plain(f"{summary.get('name', '')}", "bold"))
    text.append(f"  ·  {len(played)} of 6\n")
    for item in played:
        titles = [f"{t} ({c})" for c, t in item["titles"].items()]
        text.append_text(plain(flow(f"  {item['number']}. {item['name']}: ",
                                    [f"won by {item['winner']}", *titles], width, 5, "; ")
                               + "\n"))
    for color, guild in summary.get("guilds", {}).items():
        text.append("\n")
        text.append(color.capitalize(), COLOR_STYLE.get(color, "bold"))
        if guild.get("player"):
            text.append_text(plain(f" ({guild['player']})"))
        text.append(f"  coins {guild['coins_held']} (carried {guild['coins_carried']})  "
                    f"cards {guild['upgrades']}/12\n")
        hero_width = min(16, max([4, *(cell_len(clean(h)) for h in guild["heroes"])]))
        for hero in guild["heroes"]:
            curse = guild["curses"].get(hero)
            cards = [c for c in guild["slots"].get(hero, []) if c != curse] or [EMPTY]
            name = clean(hero)
            head = f"  {name}{' ' * max(1, hero_width - cell_len(name) + 1)}"
            text.append_text(plain(flow(head, cards, width, 3 + hero_width, " · ")))
            deaths = guild["death_tokens"].get(hero, 0)
            if deaths:
                text.append(f" ✝{deaths}", "dim")
            text.append("\n")
            if curse:
                text.append_text(plain(flow(f"  {'':{hero_width}} curse: ", [curse], width,
                                            3 + hero_width) + "\n", "magenta"))
        if guild["titles"]:
            titles = [t["title"] for t in guild["titles"]]
            text.append_text(plain(flow("  titles: ", titles, width, 10) + "\n", "italic"))
    return text


def next_text(upcoming: dict[str, Any], width: int = 76) -> Text:
    """What to set up for the next scenario, ``width`` cells wide."""
    if upcoming.get("campaign_winner"):
        return plain(f"The campaign is over: {upcoming['campaign_winner']} won the final.",
                     "bold")
    if upcoming.get("number") is None:
        return plain("No scenario comes next.")
    lines = [flow(f"Next: scenario {upcoming['number']} ({upcoming['circle']} circle), ",
                  [f"monster level {upcoming['monster_level']}"], width, 2),
             flow("  choose from: ", upcoming["choices"] or ["none known"], width, 4),
             flow("  ", [f"chosen by: {upcoming['chosen_by'] or 'all players'}",
                         f"first player: {upcoming['first_player_rule'] or 'at random'}"],
                  width, 4, " · "),
             flow("  PvP quests: ", upcoming["pvp_quests"] or ["none"], width, 4)]
    if upcoming.get("unused_start_areas"):
        lines.append(flow("  unused start areas: ",
                          [str(n) for n in upcoming["unused_start_areas"]], width, 4))
    return plain("\n".join(lines))
