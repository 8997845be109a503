"""The Hunters of Arcfall table as text for the app: the scoreboard (Fortune large and first,
one line per player in columns sized to the screen), the final-round banner, the active bounty
with its slots, the turn being entered and the last lines of the log. Pure text building
(``rich.text.Text`` through ``chronicle.tui.text``): names are data, never markup. Drawn as text:
a table widget costs several times more to lay out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text

from chronicle.tui.text import clean, fit, plain

if TYPE_CHECKING:
    from chronicle.systems.hunters_of_arcfall.rules.draft import TurnDraft
    from chronicle.systems.hunters_of_arcfall.service import HuntView

LOG_LINES = 6
"""The log lines shown under the turn."""
TURN_KEYS = ("d draw · c capture · w/W wound · h heal · a ability · enter claim · x fatal · "
             "o no dice · u undo · backspace clears the turn · esc back to the games")
"""The turn's keys, said under it (the footer shows the first few)."""


def board_text(view: HuntView, draft: TurnDraft | None, width: int) -> Text:
    """The scoreboard of ``view`` in ``width`` cells; the wounds of ``draft`` (the turn being
    entered) on its player's line. Narrow screens drop the Beneath and Ability columns and
    give the claimed bounties what is left (never less than 8 cells)."""
    state = view.state
    ranks = state.ranks()
    players = list(state.players)
    who = min(16, max([6, *(cell_len(clean(p.name)) for p in players)]))
    hunter = min(14, max([6, *(cell_len(clean(p.hunter)) for p in players)]))
    wide = width >= 76
    beneath = 10 if wide else 0
    fixed = 3 + who + 1 + hunter + 1 + 7 + 5 + 7 + (beneath + 1 + 7 if wide else 0)
    rest = max(8, width - fixed - 1)
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{'':3}{fit('Player', who)} {fit('Hunter', hunter)} {'Fortune':>7} "
                f"{'Fame':>4} {'Wounds':>6} {fit('Claimed', rest)}"
                + (f" {fit('Beneath', beneath)} Ability" if wide else ""), "bold dim")
    for p in players:
        mark = "▶" if p.name == state.next_player and not state.finished else " "
        leader = p.name == state.winner or p.name in state.tied
        text.append("\n")
        text.append(f"{mark}{ranks[p.name]:<2}", "bold")
        text.append(fit(p.name, who), "bold" if leader else "")
        text.append(" " + fit(p.hunter, hunter) + " ")
        fortune = f"{p.fortune}{'+?' if p.unknown else ''}"
        text.append(f"{fortune:>7}", "bold reverse" if leader else "bold")
        text.append(f" {p.fame:>4} ")
        if draft is not None and draft.player == p.name:     # wounds last a turn
            text.append(f"{f'{draft.wounds}/{draft.capacity}':>6} ",
                        "bold red" if draft.fatal else "")
        else:
            text.append(f"{'-':>6} ")
        claimed = f"{len(p.claimed)}: " + ", ".join(p.claimed) if p.claimed else "-"
        text.append(fit(claimed, rest))
        if wide:
            text.append(" " + fit(", ".join(p.captured) or "-", beneath) + " ")
            text.append("used" if p.ability_used else "ready",
                        "dim" if p.ability_used else "green")
    return text


def banner_text(view: HuntView) -> Text:
    """The final round as soon as the limit is reached, and the winner at the end."""
    state = view.state
    if state.finished:
        return plain(f"GAME OVER: {state.verdict}", "bold reverse")
    if state.final_round:
        return plain(f"FINAL ROUND: {', '.join(state.limit_reached_by)} reached "
                     f"{view.log.limit}; {', '.join(state.still_to_play)} still to play",
                     "bold yellow")
    return Text("")


def bounty_text(view: HuntView, active: str | None) -> Text:
    """The active bounty: its slots, chevrons, Fortune and Fame, and its rule."""
    if active is None:
        return Text("No active bounty: d draws one.", style="dim")
    card = view.catalog.get(active, "bounty")
    slots = getattr(card, "slots", None)
    chevrons = getattr(card, "chevrons", None)
    text = plain(f"Active bounty: {active}", "bold")
    text.append("  slots: " + (" ".join(f"[{r.value}]" for r in slots) if slots else "unknown"))
    if chevrons:
        text.append(f"  (chevrons on {', '.join(str(n) for n in chevrons)})")
    for label, key in (("Fortune", "fortune"), ("Fame", "fame")):
        value = getattr(card, key, None)
        text.append(f"  {label} {'?' if value is None else value}")
    ability = getattr(card, "ability", None)
    if ability:
        text.append("\n")
        text.append(plain(f"Its rule: {ability}", "italic"))
    return text


def turn_text(view: HuntView, draft: TurnDraft | None) -> Text:
    """The turn being entered, with its keys; the end of the game when none is."""
    if draft is None:
        return Text("The game is over: escape goes back to the games, n there starts a new one."
                    if view.state.finished else "", style="bold")
    line = plain(f"{draft.player}'s turn", "bold")
    if draft.fatal:
        line.append("  FATALLY WOUNDED", style="bold red")
    line.append("\n")
    line.append(plain(draft.summary()))
    line.append("\n" + TURN_KEYS, style="dim")
    return line


def log_text(view: HuntView, said: str) -> Text:
    """The last lines of the log, and what the last write did."""
    text = Text()
    if said:
        text.append(plain(said, "bold"))
        text.append("\n")
    for entry in view.to_dict()["entries"][-LOG_LINES:]:
        undone = f" (undone by {entry['undone_by']})" if entry["undone_by"] else ""
        text.append(plain(f"{entry['entry']:>3}. {entry['text']}{undone}\n"))
    return text


def listing_row(view: HuntView) -> list[str]:
    """A game's row in the list of games: name, players, where it stands."""
    state = view.state
    players = ", ".join(f"{p.name} {p.fortune}" for p in state.players)
    if state.finished:
        where = "over: " + (state.winner or "tie")
    elif state.final_round:
        where = f"final round {state.round}"
    else:
        where = f"round {state.round}"
    return [view.name, f"{where} · to {view.log.limit}", players]
