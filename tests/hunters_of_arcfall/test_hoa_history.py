"""A group's history: wins and average Fortune per player and per hunter, over the golden
finished games, with unfinished games skipped and said so."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from chronicle.systems.hunters_of_arcfall.check import check_path
from chronicle.systems.hunters_of_arcfall.rules.history import group_history

GOLDEN = Path(__file__).resolve().parent / "golden"


def summaries(*names: str) -> list[dict[str, object]]:
    out = []
    for name in names:
        result = check_path(GOLDEN / "games" / f"{name}.toml", GOLDEN / "cards")
        assert result.report is not None
        out.append(result.report.summary)
    return out


def test_wins_ties_and_averages_per_player_and_hunter() -> None:
    history = group_history(summaries("finished-winner", "finished-fame", "finished-tie",
                                      "final-round", "card-incomplete"))
    assert history.games == 3
    assert history.skipped == [("Final round", "still in progress"),
                               ("Unknown worth", "a claimed bounty's worth is unknown")]
    ana = next(s for s in history.players if s.name == "Ana")
    assert (ana.games, ana.wins, ana.shared, ana.fortune, ana.best) == (3, 1, 1, 27, 11)
    assert ana.average == Fraction(27, 3)
    cy = next(s for s in history.players if s.name == "Cy")
    assert (cy.games, cy.wins, cy.fortune) == (2, 1, 18)
    gus = next(s for s in history.hunters if s.name == "Gus")
    assert (gus.games, gus.wins, gus.average) == (3, 1, Fraction(9))
    assert gus.hunters == {"Ana": 3}
    assert [s.name for s in history.players][:2] == ["Ana", "Cy"]
    json.dumps(history.to_dict())


def test_states_and_summaries_give_the_same_history() -> None:
    states = []
    for name in ("finished-winner", "finished-tie"):
        result = check_path(GOLDEN / "games" / f"{name}.toml", GOLDEN / "cards")
        states.append(result.state)
    from_states = group_history([s for s in states if s is not None]).to_dict()
    assert from_states == group_history(summaries("finished-winner", "finished-tie")).to_dict()


def test_no_games_is_an_empty_history() -> None:
    history = group_history([])
    assert history.games == 0 and history.players == [] and history.skipped == []
