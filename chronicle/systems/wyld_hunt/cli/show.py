"""How the Wyld Hunt commands print a character (summary, experience, cards, violations) and a
game (seats, ratings, choices, violations), the same way everywhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chronicle.cli.output import emit, emit_json, report
from chronicle.systems.wyld_hunt.rules.scores import score_lines

if TYPE_CHECKING:
    from chronicle.systems.wyld_hunt.services.characters import CharacterView
    from chronicle.systems.wyld_hunt.services.games import GameView


def character_summary(view: CharacterView) -> None:
    """Print a character: summary, experience, cards and violations."""
    s = view.report.summary
    verdict = "valid" if view.report.valid else f"{len(view.report.errors)} error(s)"
    emit(f"{view.name} ({view.player}'s {s['system']} character): {verdict}")
    emit(f"  Icon: {s['icon'] or '-'}   Court: {s['court'] or 'undecided'} ({s['seelie']} "
         f"Seelie, {s['unseelie']} Unseelie)")
    if s["points_complete"]:
        emit(f"  Creation points: {s['points_spent']} spent of {s['points_start']} + "
             f"{s['points_flaws']} from Flaws"
             + (f" + {s['points_extra']} from card effects" if s["points_extra"] else "")
             + f"; {s['points_unspent']} unspent")
    else:
        emit(f"  Creation points: {s['points_spent']} known spent; some values are unknown")
    emit(f"  Experience: {s['xp_earned']} earned, {s['xp_spent']} spent, {s['xp_unspent']} "
         f"unspent   Waylay bonus: +{s['waylay_bonus']} per quest")
    emit(f"  Merits: {', '.join(s['merits']) or '-'}")
    emit(f"  Flaws: {', '.join(s['flaws']) or '-'}")
    if s["quests_completed"]:
        emit(f"  Quests completed: {', '.join(s['quests_completed'])}")
    emit("  Scores (base -> effective, every Merit and Flaw active):")
    for line in score_lines(view.state.scores):
        emit(f"    {line}")
    if view.report.violations:
        emit()
        report(view.report)


def show_character(view: CharacterView, as_json: bool) -> int:
    """Print a character (or its JSON); exit status 0."""
    if as_json:
        emit_json(view.to_dict())
    else:
        character_summary(view)
    return 0



def show_view(view: GameView, as_json: bool) -> int:
    """Print a game (or its JSON); exit status 0."""
    if as_json:
        emit_json(view.to_dict())
        return 0
    verdict = "valid" if view.report.valid else f"{len(view.report.errors)} error(s)" + (
        " to fix before playing" if view.status == "prepared" else "")
    emit(f"{view.name} ({view.system}{', solo' if view.solo else ''}, {view.status}): {verdict}")
    players = {p["name"]: p for p in view.report.summary.get("players", [])}
    for seat in view.seats:
        p = players.get(seat.player, {})
        opponent = seat.target or p.get("target")  # two players waylay each other
        emit(f"  {seat.player}" + (f" with {seat.character}" if seat.character else "")
             + f": quests {', '.join(seat.quests) or '-'}; waylays {opponent or '-'}")
        target = players.get(opponent or "", {})
        emit(f"    Waylays {p.get('waylays_total', 0)}/{target.get('waylay_rating', '?')} against "
             f"{opponent or '-'} | own quests' Waylay rating {p.get('waylay_rating', 0)} "
             f"(+{p.get('waylay_bonus', 0)}/quest) | Treasures "
             f"{p.get('treasures_total', 0)}/{p.get('treasure_rating', 0)} | Leagues "
             f"{p.get('leagues', 0)}")
        for label, cards in (("Waylays", seat.waylays), ("Treasures", seat.treasures),
                             ("Leagues", seat.leagues)):
            if cards:
                emit(f"    {label}: {', '.join(cards)}")
        if seat.completed is not None:
            emit(f"    Completed: {', '.join(seat.completed) or 'none'}")
    if view.report.violations:
        emit()
        report(view.report, game=view.name)
    return 0
